import { Effect, Layer } from "effect";
import {
  portError,
  ReminderSources,
  type DonorYear,
  type LedgerAssessment,
  type LedgerGift,
  type PortalHartaPayments,
  type ReminderSourcesShape,
  type WealthRecord,
  type YearSpan,
} from "@portal/domain";
import type { SqlQuery } from "./sql";

type Ids = ReadonlyArray<string>;
type ByDonor<A> = Promise<ReadonlyMap<string, A>>;

/**
 * How a donor's year is read, one reader per store, each for the given donors only: the haul
 * tracker's lines (migration 045), the zakat harta payments through the portal, the missed-fasts log
 * (046), and for the year's ledger its gifts and latest assessment; given by `donorYearReaders`
 * (year-readers.ts). Without a reader the port answers empty years for that store.
 */
export interface DonorYearReaders {
  /** Each donor's wealth records (dated balances, the payment recorded on each). */
  readonly wealth?: (sql: SqlQuery, donorIds: Ids) => ByDonor<ReadonlyArray<WealthRecord>>;
  /** Each donor's zakat harta payments through the portal: the latest, the latest before `span`. */
  readonly portal?: (
    sql: SqlQuery,
    donorIds: Ids,
    span?: Pick<YearSpan, "start">,
  ) => ByDonor<PortalHartaPayments>;
  /** Each donor's fasts missed and not paid for, and the transactions that paid entries. */
  readonly fastsOwed?: (
    sql: SqlQuery,
    donorIds: Ids,
  ) => ByDonor<{ readonly days: number; readonly paidBy: ReadonlyArray<string> }>;
  /** The gifts the donor's account holds paid within `span`. */
  readonly gifts?: (
    sql: SqlQuery,
    donorIds: Ids,
    span: Pick<YearSpan, "start" | "end">,
  ) => ByDonor<ReadonlyArray<LedgerGift>>;
  /** The donor's latest saved assessment of the Hijri year. */
  readonly assessments?: (
    sql: SqlQuery,
    donorIds: Ids,
    hijriYear: number,
  ) => ByDonor<ReadonlyArray<LedgerAssessment>>;
}

const none = Promise.resolve(undefined);

/** The ReminderSources port over the database and the readers given. */
export const reminderSources = (
  sql: () => Promise<SqlQuery>,
  readers: DonorYearReaders,
): ReminderSourcesShape => ({
  yearsOf: (donorIds, _today, span) =>
    Effect.tryPromise({
      try: async () => {
        const years = new Map<string, DonorYear>();
        if (donorIds.length === 0) return years;
        const db = await sql();
        const [wealth, portal, fasts, gifts, assessments] = await Promise.all([
          readers.wealth?.(db, donorIds) ?? none,
          readers.portal?.(db, donorIds, span) ?? none,
          readers.fastsOwed?.(db, donorIds) ?? none,
          span ? (readers.gifts?.(db, donorIds, span) ?? none) : none,
          span ? (readers.assessments?.(db, donorIds, span.hijriYear) ?? none) : none,
        ]);
        for (const id of donorIds) {
          const records = wealth?.get(id) ?? [];
          const owed = fasts?.get(id);
          const given = gifts?.get(id) ?? [];
          const assessed = assessments?.get(id) ?? [];
          const paidFasts = owed !== undefined && owed.paidBy.length > 0;
          if (records.length === 0 && !owed?.days && given.length === 0 && assessed.length === 0)
            continue;
          years.set(id, {
            wealth: records,
            fidyahDaysOwed: owed?.days ?? 0,
            portal: portal?.get(id),
            ledger:
              given.length > 0 || assessed.length > 0 || paidFasts
                ? { gifts: given, assessments: assessed, fidyahPaidBy: owed?.paidBy ?? [] }
                : undefined,
          });
        }
        return years;
      },
      catch: (cause) =>
        portError("ReminderSources", "port.unavailable", `donor years: ${String(cause)}`),
    }),
});

/** The port as a layer, for programs that ask for it from their context. */
export const ReminderSourcesLive = (
  sql: () => Promise<SqlQuery>,
  readers: DonorYearReaders,
): Layer.Layer<ReminderSources> => Layer.succeed(ReminderSources, reminderSources(sql, readers));
