import type { ShiftFlag, ShiftStatus } from "@portal/domain";
import type { SqlQuery } from "./sql";

/**
 * Within a device's sync's transaction (issue 32, docs/counter.md): the shifts of the entries' amil
 * at the device's mosque open at any of the entries' times, read (and locked for share, as a counter
 * receipt taken online locks its shift, so a close waits for the sync) once for the call; then, for
 * each entry, its amil's shift open at its time. Still open: the entry is recorded within it (its
 * close counts it). None, or closed since (its count was made without it): the entry is applied with
 * a flag an officer sees.
 */
export const shiftsAt = async (
  q: SqlQuery,
  mosqueName: string,
  entries: ReadonlyArray<{ readonly amil: { readonly id: string }; readonly takenAt: Date }>,
): Promise<
  (amilId: string, at: Date) => { readonly id: string } | { readonly flag: ShiftFlag }
> => {
  const times = entries.map((entry) => entry.takenAt.getTime());
  const rows =
    entries.length === 0
      ? []
      : await q.query<{
          id: string;
          amil_id: string;
          status: ShiftStatus;
          opened_at: Date | string;
          closed_at: Date | string | null;
        }>(
          `select id, amil_id, status, opened_at, closed_at from counter_shift
           where amil_id = any($1::text[]) and lower(trim(mosque_name)) = lower(trim($2))
             and opened_at <= $4 and (closed_at is null or closed_at > $3)
           order by opened_at desc for share`,
          [
            [...new Set(entries.map((entry) => entry.amil.id))],
            mosqueName,
            new Date(Math.min(...times)),
            new Date(Math.max(...times)),
          ],
        );
  return (amilId, at) => {
    const row = rows.find(
      (one) =>
        one.amil_id === amilId &&
        new Date(one.opened_at).getTime() <= at.getTime() &&
        (one.closed_at === null || new Date(one.closed_at).getTime() > at.getTime()),
    );
    if (!row) return { flag: "shift.none" };
    return row.status === "open" ? { id: row.id } : { flag: "shift.closed" };
  };
};
