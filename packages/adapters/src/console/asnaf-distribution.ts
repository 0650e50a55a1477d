import {
  ASNAF,
  AsnafRefused,
  checkAsnafDistribution,
  type Asnaf,
  type AsnafDistribution,
} from "@portal/domain";
import type { Sql, SqlQuery } from "../db/sql";
import { officerDrafts, type OfficerDraft } from "./officer-drafts";
import type { Officer } from "./sessions";

/** A published distribution: the year, the cents to each asnaf, and when it was published. */
export interface PublishedAsnaf extends AsnafDistribution {
  readonly publishedAt: Date;
}

const centsOf = (value: unknown): Record<Asnaf, number> => {
  const given = (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
  return Object.fromEntries(ASNAF.map((asnaf) => [asnaf, Number(given[asnaf] ?? 0)])) as Record<
    Asnaf,
    number
  >;
};

/** The distributions published, newest year first (at most `limit`). */
export const readAsnafDistributions = async (
  sql: SqlQuery,
  limit = 10,
): Promise<PublishedAsnaf[]> =>
  (
    await sql.query<{ year: number; cents: unknown; published_at: Date }>(
      `select year, cents, published_at from asnaf_distribution order by year desc limit $1`,
      [limit],
    )
  ).map((row) => ({
    year: Number(row.year),
    cents: centsOf(row.cents),
    publishedAt: new Date(row.published_at),
  }));

interface Act {
  readonly officer: Officer;
  readonly ip: string;
  readonly now: Date;
}

export type AsnafDraft = OfficerDraft<AsnafDistribution>;

export interface AsnafDistributionDrafts {
  readonly list: () => Promise<{ published: PublishedAsnaf[]; drafts: AsnafDraft[] }>;
  readonly draft: (input: { readonly proposed: unknown } & Act) => Promise<AsnafDraft>;
  readonly approve: (input: { readonly id: number } & Act) => Promise<AsnafDraft>;
  readonly withdraw: (input: { readonly id: number } & Act) => Promise<AsnafDraft>;
}

/**
 * The distribution of zakat to the eight asnaf, as the council publishes it for a year: drafted by
 * one officer, published when another approves (docs/collections.md). A new year's publication, or an
 * amendment of a year's, replaces that year's figures.
 */
export function asnafDistributionDrafts(sql: Sql): AsnafDistributionDrafts {
  const drafts = officerDrafts<AsnafDistribution>(sql, {
    table: "asnaf_distribution_draft",
    proposedColumns: "year, cents",
    proposedOf: (row) => ({ year: Number(row.year), cents: centsOf(row.cents) }),
    insert: (proposed) => ({
      columns: "year, cents",
      values: [proposed.year, JSON.stringify(proposed.cents)],
    }),
    entity: "asnaf_distribution_draft",
    area: "asnaf",
    refuse: (problem, message) => new AsnafRefused(`asnaf.${problem}`, message),
    lock: 7_305_048,
    check: async () => {},
    inForce: async (tx, proposed) => {
      const [row] = await tx.query<{ cents: unknown }>(
        "select cents from asnaf_distribution where year = $1",
        [proposed.year],
      );
      return { year: proposed.year, cents: row ? centsOf(row.cents) : null };
    },
    audited: (proposed) => ({ year: proposed.year, cents: proposed.cents }),
    publish: async (tx, proposed, draftId, now) => {
      await tx.query(
        `insert into asnaf_distribution (year, cents, published_at, draft_id) values ($1, $2, $3, $4)
         on conflict (year) do update set cents = excluded.cents,
           published_at = excluded.published_at, draft_id = excluded.draft_id`,
        [proposed.year, JSON.stringify(proposed.cents), now, draftId],
      );
    },
  });
  return {
    list: async () => ({
      published: await readAsnafDistributions(sql),
      drafts: await drafts.list(),
    }),
    // Checked by the domain before anything is read or written.
    draft: ({ proposed, ...act }) =>
      drafts.draft({
        proposed: checkAsnafDistribution(proposed as { year: unknown; cents: unknown }),
        ...act,
      }),
    approve: (input) => drafts.approve(input),
    withdraw: (input) => drafts.withdraw(input),
  };
}
