import { SGT_OFFSET_MS } from "@portal/domain";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Singapore calendar day (YYYY-MM-DD) as the instants it spans; undefined when it is no real date. */
export const sgtDaySpan = (
  day: string,
): { readonly from: Date; readonly until: Date } | undefined => {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(start).toISOString().slice(0, 10) !== day) return undefined;
  return {
    from: new Date(start - SGT_OFFSET_MS),
    until: new Date(start - SGT_OFFSET_MS + 86_400_000),
  };
};
