import {
  ASNAF,
  asnafTotal,
  collectedPeriod,
  FLOW_TYPES,
  hijriCalendar,
  ramadanWindows,
  yearWindows,
  type Asnaf,
  type Channel,
  type CollectedPeriod,
  type CollectedRow,
  type DayWindow,
} from "@portal/domain";
import { umAlQuraDateOf } from "../calendar/umalqura";
import { readAsnafDistributions } from "../console/asnaf-distribution";
import { readHijriMonths } from "../console/hijri-calendar";
import type { SqlQuery } from "../db/sql";

/** What the collections page shows (issue 34): sums and counts only, nothing of any donor. */
export interface CollectionsFigures {
  /** When these figures were read (an ISO instant); the page says "as of". */
  readonly asOf: string;
  readonly ramadan: CollectedPeriod & {
    readonly hijriYear: number;
    readonly underWay: boolean;
    readonly estimated: boolean;
  };
  readonly year: CollectedPeriod & { readonly year: number };
  readonly asnaf: {
    readonly year: number;
    readonly publishedAt: string;
    readonly total: number;
    readonly lines: ReadonlyArray<{ readonly asnaf: Asnaf; readonly cents: number }>;
  } | null;
}

/**
 * The paid gifts of a span of Singapore days per fund and channel, from the finance roll-up's one row
 * per paid gift (`finance_paid_gift`, kept by the payment's own transaction; migration 048 added its
 * channel). A gift given back (refunded or voided) is left out.
 */
export const collectedIn = async (sql: SqlQuery, window: DayWindow): Promise<CollectedRow[]> =>
  (
    await sql.query<{
      fund: string;
      channel: Channel;
      count: number | string;
      cents: number | string;
    }>(
      `select f.fund, f.channel, count(*) as count, coalesce(sum(f.amount), 0) as cents
         from finance_paid_gift f
        where f.day between $1 and $2
          and not exists (select 1 from finance_returned_gift r where r.donation_id = f.donation_id)
        group by f.fund, f.channel`,
      [window.from, window.to],
    )
  ).map((row) => ({
    fund: row.fund,
    channel: row.channel,
    count: Number(row.count),
    cents: Number(row.cents),
  }));

/** Every figure of the collections page on `today` (a Singapore day), read at `now`. */
export const collectionsFigures = async (
  sql: SqlQuery,
  today: string,
  now: Date,
): Promise<CollectionsFigures> => {
  const calendar = hijriCalendar(await readHijriMonths(sql));
  const ramadan = ramadanWindows(calendar, today, umAlQuraDateOf);
  const year = yearWindows(today);
  const [ramadanNow, ramadanBefore, yearNow, yearBefore, [asnaf]] = await Promise.all([
    collectedIn(sql, ramadan.now),
    collectedIn(sql, ramadan.before),
    collectedIn(sql, year.now),
    collectedIn(sql, year.before),
    readAsnafDistributions(sql, 1),
  ]);
  return {
    asOf: now.toISOString(),
    ramadan: {
      ...collectedPeriod(ramadan, FLOW_TYPES, ramadanNow, ramadanBefore),
      hijriYear: ramadan.hijriYear,
      underWay: ramadan.underWay,
      estimated: ramadan.estimated,
    },
    year: {
      ...collectedPeriod(year, FLOW_TYPES, yearNow, yearBefore),
      year: Number(today.slice(0, 4)),
    },
    asnaf: asnaf
      ? {
          year: asnaf.year,
          publishedAt: asnaf.publishedAt.toISOString(),
          total: asnafTotal(asnaf.cents),
          lines: ASNAF.map((name) => ({ asnaf: name, cents: asnaf.cents[name] })),
        }
      : null,
  };
};
