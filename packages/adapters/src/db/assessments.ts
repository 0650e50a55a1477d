import { randomUUID } from "node:crypto";
import {
  MAIN_CHARITY_ID,
  type Assessment,
  type HijriMonthStart,
  type RateConfig,
  type SavedAssessment,
} from "@portal/domain";
import { readRates } from "./configuration";
import type { Sql } from "./sql";

/** A saved assessment in a list: what the list shows, without the inputs. */
export type AssessmentSummaryRow = Pick<
  SavedAssessment,
  "id" | "assessedOn" | "hijriYear" | "total" | "lines"
>;

/** What saving found: saved, or the donor already keeps `max`. */
export type AssessmentSaved =
  { readonly kind: "saved"; readonly assessment: SavedAssessment } | { readonly kind: "full" };

/** A donor's saved zakat harta assessments (migration 044); every method reads the donor's own only. */
export interface ZakatAssessments {
  readonly list: (donorId: string) => Promise<ReadonlyArray<AssessmentSummaryRow>>;
  readonly get: (donorId: string, id: string) => Promise<SavedAssessment | undefined>;
  /**
   * Saves one unless the donor already keeps `max`: counted and written in one transaction holding the
   * donor's row, so saves racing on several instances never pass the cap together.
   */
  readonly save: (
    donorId: string,
    assessment: Assessment,
    day: { readonly assessedOn: string; readonly hijriYear: number; readonly at: Date },
    max: number,
  ) => Promise<AssessmentSaved>;
  /** Deletes one; false when the donor has none of that id. */
  readonly remove: (donorId: string, id: string) => Promise<boolean>;
  /**
   * What an assessment is priced and dated with: the council's current rates (none before the seed)
   * and its published Hijri month starts.
   */
  readonly pricing: () => Promise<{
    readonly rates: RateConfig | undefined;
    readonly months: ReadonlyArray<HijriMonthStart>;
  }>;
}

interface Row {
  id: string;
  assessed_on: string | Date;
  hijri_year: number;
  body: Assessment | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `date` column as `YYYY-MM-DD`, whichever way the driver hands it over. */
const dayText = (value: string | Date): string =>
  typeof value === "string"
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, "0")}-${String(value.getDate()).padStart(2, "0")}`;

const saved = (row: Row): SavedAssessment => {
  const body = (typeof row.body === "string" ? JSON.parse(row.body) : row.body) as Assessment;
  return {
    id: row.id,
    assessedOn: dayText(row.assessed_on),
    hijriYear: row.hijri_year,
    inputs: body.inputs,
    rates: body.rates,
    lines: body.lines,
    total: body.total,
  };
};

export function zakatAssessments(sql: Sql): ZakatAssessments {
  return {
    list: async (donorId) => {
      const rows = await sql.query<Row>(
        `select id, assessed_on::text as assessed_on, hijri_year, body from zakat_assessment
         where donor_id = $1 order by created_at desc, id`,
        [donorId],
      );
      return rows.map((row) => {
        const { id, assessedOn, hijriYear, total, lines } = saved(row);
        return { id, assessedOn, hijriYear, total, lines };
      });
    },
    get: async (donorId, id) => {
      // An id that is no uuid names nothing (and never reaches the database as a cast error).
      if (!UUID.test(id)) return undefined;
      const [row] = await sql.query<Row>(
        `select id, assessed_on::text as assessed_on, hijri_year, body from zakat_assessment
         where donor_id = $1 and id = $2`,
        [donorId, id],
      );
      return row ? saved(row) : undefined;
    },
    save: (donorId, assessment, day, max) =>
      sql.transaction(async (tx) => {
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const [count] = await tx.query<{ n: number | string }>(
          "select count(*) as n from zakat_assessment where donor_id = $1",
          [donorId],
        );
        if (Number(count?.n ?? 0) >= max) return { kind: "full" } as const;
        const id = randomUUID();
        const body: Assessment = {
          inputs: assessment.inputs,
          rates: assessment.rates,
          lines: assessment.lines,
          total: assessment.total,
        };
        await tx.query(
          `insert into zakat_assessment
             (id, donor_id, assessed_on, hijri_year, total_cents, body, created_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            id,
            donorId,
            day.assessedOn,
            day.hijriYear,
            assessment.total,
            JSON.stringify(body),
            day.at,
          ],
        );
        return {
          kind: "saved",
          assessment: { id, assessedOn: day.assessedOn, hijriYear: day.hijriYear, ...body },
        } as const;
      }),
    pricing: async () => ({
      rates: (await readRates(sql, MAIN_CHARITY_ID))?.rates,
      months: await sql.query<HijriMonthStart>(
        `select year, month, to_char(starts_on, 'YYYY-MM-DD') as start from hijri_month
         order by year, month`,
      ),
    }),
    remove: async (donorId, id) => {
      if (!UUID.test(id)) return false;
      const rows = await sql.query(
        "delete from zakat_assessment where donor_id = $1 and id = $2 returning id",
        [donorId, id],
      );
      return rows.length > 0;
    },
  };
}
