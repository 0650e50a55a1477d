import { randomBytes, randomUUID } from "node:crypto";
import {
  checkAmount,
  fundOf,
  lastTenNights,
  nightWindow,
  FLOW_TYPES,
  type Cents,
  type FlowType,
  type HijriCalendar,
  type HijriEstimator,
} from "@portal/domain";
import { nightClaims } from "./last-ten-nights-claims";
import { manageTokenHash } from "./recurring-model";
import type { Sql, SqlQuery } from "./sql";

/**
 * Issue 33, the last ten nights of Ramadan (docs/last-ten-nights.md): a signed-in donor schedules a
 * wakaf gift a night on one of their saved cards; the scheduler claims each night once, inside its
 * window and only on `nightVerdict`'s `charge`; the donor stops it from the account or a manage link.
 */

/** A donor may make this many schedules a Hijri year (stopped ones count): the table cannot grow without bound. */
export const SCHEDULES_A_YEAR_AT_MOST = 5;

export class NightsRefused extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

export interface NightView {
  readonly night: number;
  readonly on: string;
  readonly chargeOn: string;
  readonly estimated: boolean;
  readonly status: string;
}

export interface NightScheduleView {
  readonly id: string;
  readonly year: number;
  readonly amountCents: number;
  readonly cardBrand: string;
  readonly cardLast4: string;
  readonly status: "active" | "stopped";
  readonly nights: ReadonlyArray<NightView>;
}

export interface NightClaim {
  readonly scheduleId: string;
  readonly night: number;
  readonly donationId: string;
  readonly transactionNo: string;
  readonly amountCents: number;
  readonly cardToken: string;
  readonly gateway: string;
}

/** The gateway key of a night's charge: the same however often it is tried. */
export const nightIdempotencyKey = (scheduleId: string, night: number) =>
  `nights:${scheduleId}:${night}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface ScheduleRow {
  id: string;
  hijri_year: number;
  amount_cents: string | number;
  card_brand: string;
  card_last4: string;
  status: "active" | "stopped";
}

interface NightRow {
  night: number;
  on_date: string;
  charge_on: string;
  estimated: boolean;
  status: string;
}

const scheduleColumns = "s.id, s.hijri_year, s.amount_cents, s.card_brand, s.card_last4, s.status";
const nightColumns = `n.night, to_char(n.on_date, 'YYYY-MM-DD') as on_date,
  to_char(n.charge_on, 'YYYY-MM-DD') as charge_on, n.estimated, n.status`;

export function nightSchedules(
  sql: Sql,
  options: { readonly now: () => number; readonly estimate: HijriEstimator },
) {
  const view = async (tx: SqlQuery, row: ScheduleRow): Promise<NightScheduleView> => ({
    id: row.id,
    year: row.hijri_year,
    amountCents: Number(row.amount_cents),
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    status: row.status,
    nights: (
      await tx.query<NightRow>(
        `select ${nightColumns} from night_schedule_night n where n.schedule_id = $1 order by n.night`,
        [row.id],
      )
    ).map((n) => ({
      night: n.night,
      on: n.on_date,
      chargeOn: n.charge_on,
      estimated: n.estimated,
      status: n.status,
    })),
  });

  const byToken = async (tx: SqlQuery, token: string) => {
    const [row] = await tx.query<ScheduleRow>(
      `select ${scheduleColumns} from night_manage_token t join night_schedule s on s.id = t.schedule_id
       where t.token_hash = $1 and t.expires_at > $2 for update of s`,
      [manageTokenHash(token), new Date(options.now()).toISOString()],
    );
    return row;
  };

  const stop = async (tx: SqlQuery, row: ScheduleRow, actor: string) => {
    if (row.status === "stopped") return "alreadyStopped" as const;
    await tx.query(
      "update night_schedule set status = 'stopped', stopped_at = now() where id = $1",
      [row.id],
    );
    await tx.query(
      "update night_schedule_night set status = 'stopped' where schedule_id = $1 and status = 'scheduled'",
      [row.id],
    );
    await tx.query(
      `insert into audit_log (actor, action, entity, entity_id, detail)
       values ($1, 'nights.stop', 'night_schedule', $2, '{}')`,
      [actor, row.id],
    );
    return "stopped" as const;
  };

  return {
    /**
     * Schedule Hijri `year`'s last ten nights for a donor on one of their own saved cards: the nights
     * as the council's calendar sets them now, and a manage link (its token, shown once). Refused:
     * a card not the donor's, an amount outside the fund's limits, a year whose nights have all
     * begun, a second active schedule for the year, or more than SCHEDULES_A_YEAR_AT_MOST.
     */
    schedule: (
      donorId: string,
      input: {
        readonly year: number;
        /** A wakaf fund that takes recurring gifts (the page sends WMS). */
        readonly flow: FlowType;
        readonly amountCents: number;
        readonly savedCardId: string;
        readonly ratesVersion: number;
        readonly lang: "en" | "ms";
      },
      calendar: HijriCalendar,
      /** Inside the transaction that made it (the e-mail with the manage link is queued here). */
      onScheduled?: (tx: SqlQuery, made: NightScheduleView, token: string) => Promise<void>,
    ) =>
      sql.transaction(async (tx) => {
        const fund = FLOW_TYPES.includes(input.flow) ? fundOf(input.flow) : undefined;
        if (!fund || fund.brand !== "wakaf" || !fund.recurring)
          throw new NightsRefused("nights.flow", "Only a wakaf gift can be given each night.");
        if (
          !Number.isSafeInteger(input.amountCents) ||
          checkAmount(fund.limits, input.amountCents as Cents)
        )
          throw new NightsRefused("donation.amount", "The amount is outside this fund's limits.");
        const [card] = UUID.test(input.savedCardId)
          ? await tx.query<{
              gateway: string;
              gateway_token: string;
              brand: string;
              last4: string;
            }>(
              "select gateway, gateway_token, brand, last4 from saved_card where id = $1 and donor_id = $2",
              [input.savedCardId, donorId],
            )
          : [];
        if (!card) throw new NightsRefused("savedCard.notFound", "No such saved card.");
        const now = options.now();
        const nights = lastTenNights(calendar, input.year, options.estimate).filter(
          (n) => nightWindow(n.chargeOn).from > now,
        );
        if (nights.length === 0)
          throw new NightsRefused("nights.over", "This Ramadan's last ten nights have begun.");
        // Lock the donor's row so two requests at once cannot both pass the counts below.
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const [counts] = await tx.query<{ made: number; active: number }>(
          `select count(*)::int as made, (count(*) filter (where status = 'active'))::int as active
           from night_schedule where donor_id = $1 and hijri_year = $2`,
          [donorId, input.year],
        );
        if ((counts?.active ?? 0) > 0)
          throw new NightsRefused("nights.already", "These nights are already scheduled.");
        if ((counts?.made ?? 0) >= SCHEDULES_A_YEAR_AT_MOST)
          throw new NightsRefused("nights.tooMany", "Too many schedules this year.");
        const id = randomUUID();
        await tx.query(
          `insert into night_schedule (id, donor_id, hijri_year, amount_cents, rates_version, gateway,
             card_token, card_brand, card_last4, lang, flow)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            id,
            donorId,
            input.year,
            input.amountCents,
            input.ratesVersion,
            card.gateway,
            card.gateway_token,
            card.brand,
            card.last4,
            input.lang,
            input.flow,
          ],
        );
        for (const n of nights)
          await tx.query(
            `insert into night_schedule_night (schedule_id, night, on_date, estimated, charge_on)
             values ($1, $2, $3, $4, $5)`,
            [id, n.night, n.on, n.estimated, n.chargeOn],
          );
        const token = randomBytes(32).toString("base64url");
        const last = nights[nights.length - 1]!;
        await tx.query(
          "insert into night_manage_token (token_hash, schedule_id, expires_at) values ($1, $2, $3)",
          [
            manageTokenHash(token),
            id,
            new Date(nightWindow(last.chargeOn).until + 30 * 86_400_000).toISOString(),
          ],
        );
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('donor', 'nights.schedule', 'night_schedule', $1, $2)`,
          [id, JSON.stringify({ year: input.year, amountCents: input.amountCents })],
        );
        const [row] = await tx.query<ScheduleRow>(
          `select ${scheduleColumns} from night_schedule s where s.id = $1`,
          [id],
        );
        const schedule = await view(tx, row as ScheduleRow);
        await onScheduled?.(tx, schedule, token);
        return { schedule, token };
      }),

    /** The donor's own schedules, newest first. */
    mine: (donorId: string) =>
      sql.transaction(async (tx) => {
        const rows = await tx.query<ScheduleRow>(
          `select ${scheduleColumns} from night_schedule s where s.donor_id = $1
           order by s.status = 'stopped', s.created_at desc, s.id`,
          [donorId],
        );
        const views: NightScheduleView[] = [];
        for (const row of rows) views.push(await view(tx, row));
        return views;
      }),

    /** The schedule a manage link opens; undefined for any other token or an expired one. */
    byManageToken: (token: string) =>
      sql.transaction(async (tx) => {
        const row = await byToken(tx, token);
        return row ? view(tx, row) : undefined;
      }),

    /** Stop the donor's own schedule; undefined when it is not theirs. */
    stopOwn: (donorId: string, scheduleId: string) =>
      sql.transaction(async (tx) => {
        if (!UUID.test(scheduleId)) return undefined;
        const [row] = await tx.query<ScheduleRow>(
          `select ${scheduleColumns} from night_schedule s where s.id = $1 and s.donor_id = $2 for update`,
          [scheduleId, donorId],
        );
        return row ? stop(tx, row, "donor") : undefined;
      }),

    /** Stop through a manage link; undefined when the token opens nothing. */
    stopByManageToken: (token: string) =>
      sql.transaction(async (tx) => {
        const row = await byToken(tx, token);
        return row ? stop(tx, row, "manage-link") : undefined;
      }),

    /**
     * A night's receipt e-mail carries a new manage link of its schedule (as a plan's receipts do),
     * lasting as long as the schedule's first: inside the transaction that paid the night's donation.
     * Undefined for any donation that is not a night's.
     */
    issueManageLink: async (tx: SqlQuery, donationId: string) => {
      const [row] = await tx.query<{ schedule_id: string; night: number; lang: "en" | "ms" }>(
        `select n.schedule_id, n.night, s.lang from night_schedule_night n
         join night_schedule s on s.id = n.schedule_id where n.donation_id = $1`,
        [donationId],
      );
      if (!row) return undefined;
      const token = randomBytes(32).toString("base64url");
      await tx.query(
        `insert into night_manage_token (token_hash, schedule_id, expires_at)
         select $1, $2, coalesce(max(expires_at), $3) from night_manage_token where schedule_id = $2`,
        [
          manageTokenHash(token),
          row.schedule_id,
          new Date(options.now() + 30 * 86_400_000).toISOString(),
        ],
      );
      return { token, night: row.night, lang: row.lang };
    },

    ...nightClaims(sql, options),
  };
}

export type NightSchedules = ReturnType<typeof nightSchedules>;
