import { sgtLocalToEpoch, sgtParts } from "../format/sgt.ts";

/** The Singapore tax year of an instant: its calendar year in Singapore time (UTC+8). */
export const taxYearOf = (epochMs: number): number => sgtParts(epochMs).year;

/** The instants a tax year spans: from 1 Jan 00:00 SGT (inclusive) to the next 1 Jan (exclusive). */
export const taxYearSpan = (
  year: number,
): { readonly fromMs: number; readonly untilMs: number } => ({
  fromMs: sgtLocalToEpoch(Date.UTC(year, 0, 1)),
  untilMs: sgtLocalToEpoch(Date.UTC(year + 1, 0, 1)),
});
