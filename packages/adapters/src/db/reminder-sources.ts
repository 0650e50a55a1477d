import { Effect, Layer } from "effect";
import {
  portError,
  ReminderSources,
  type DonorYear,
  type ReminderSourcesShape,
  type WealthRecord,
} from "@portal/domain";
import type { SqlQuery } from "./sql";

/**
 * How a donor's year is read, one reader per store: the haul tracker's lines (migration 045) and the
 * missed-fasts log (046), given by `donorYearReaders` (year-readers.ts). Without a reader the port
 * answers empty years for that store.
 */
export interface DonorYearReaders {
  /** Each donor's wealth records (dated balances, last zakat payment), for the given donors only. */
  readonly wealth?: (
    sql: SqlQuery,
    donorIds: ReadonlyArray<string>,
  ) => Promise<ReadonlyMap<string, ReadonlyArray<WealthRecord>>>;
  /** Each donor's fasts missed and not paid for, for the given donors only. */
  readonly fastsOwed?: (
    sql: SqlQuery,
    donorIds: ReadonlyArray<string>,
  ) => Promise<ReadonlyMap<string, number>>;
}

/** The ReminderSources port over the database and the readers given. */
export const reminderSources = (
  sql: () => Promise<SqlQuery>,
  readers: DonorYearReaders,
): ReminderSourcesShape => ({
  yearsOf: (donorIds) =>
    Effect.tryPromise({
      try: async () => {
        const years = new Map<string, DonorYear>();
        if (donorIds.length === 0 || (!readers.wealth && !readers.fastsOwed)) return years;
        const db = await sql();
        const [wealth, fasts] = await Promise.all([
          readers.wealth?.(db, donorIds),
          readers.fastsOwed?.(db, donorIds),
        ]);
        for (const id of donorIds) {
          const records = wealth?.get(id) ?? [];
          const owed = fasts?.get(id) ?? 0;
          if (records.length > 0 || owed > 0)
            years.set(id, { wealth: records, fidyahDaysOwed: owed });
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
