import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  fundOf,
  nightVerdict,
  nightWindow,
  receiptSeriesOf,
  RAMADAN,
  sgtDate,
  type FlowType,
  type HijriCalendar,
  type HijriEstimator,
} from "@portal/domain";
import type { NightClaim } from "./last-ten-nights";

/** A claim whose charger died: resumed under its gateway key (`staleNightClaims`). */
export interface StaleNightClaim extends NightClaim {
  readonly chargeOn: string;
  /** The night's donation as recorded: `succeeded` or `failed` once reconciliation recorded it. */
  readonly donationStatus: string;
}
import type { Sql } from "./sql";
import { insertWithFreshTransactionNo, transactionNumber } from "./transaction-no";

interface NightRow {
  night: number;
  on_date: string;
  charge_on: string;
  estimated: boolean;
  status: string;
}

const nightColumns = `n.night, to_char(n.on_date, 'YYYY-MM-DD') as on_date,
  to_char(n.charge_on, 'YYYY-MM-DD') as charge_on, n.estimated, n.status`;

/**
 * The scheduler's side of the last ten nights (docs/last-ten-nights.md): which nights are due, a
 * night's claim (once, under its schedule's and its own lock, only on `nightVerdict`'s `charge`),
 * and its outcome.
 */
export function nightClaims(
  sql: Sql,
  options: { readonly now: () => number; readonly estimate: HijriEstimator },
) {
  return {
    /** Nights of active schedules whose evening is today or was yesterday (a window ends at 05:00). */
    dueNights: async (limit = 200) =>
      (
        await sql.query<{ schedule_id: string; night: number }>(
          `select n.schedule_id, n.night from night_schedule_night n
           join night_schedule s on s.id = n.schedule_id
           where s.status = 'active' and n.status = 'scheduled' and n.charge_on <= $1::date
           order by n.charge_on, n.schedule_id, n.night limit $2`,
          [sgtDate(options.now()), limit],
        )
      ).map((row) => ({ scheduleId: row.schedule_id, night: row.night })),

    /**
     * A night's evening has come: by the calendar as it is now, claim its charge once (the night
     * goes from `scheduled` to `claimed` with its donation, under its row's lock), or move it to the
     * evening the council now sets, drop it (no such night), let it wait (the 30th before Syawal is
     * published), or mark it missed (its window passed). Undefined unless this call claimed it.
     */
    claimNight: (scheduleId: string, night: number, calendar: HijriCalendar) =>
      sql.transaction(async (tx): Promise<NightClaim | undefined> => {
        // The schedule first, then its night: the order stopping takes them in (no deadlock).
        await tx.query("select id from night_schedule where id = $1 for update", [scheduleId]);
        const [row] = await tx.query<
          NightRow & {
            hijri_year: number;
            schedule_status: string;
            amount_cents: string | number;
            rates_version: number;
            donor_id: string;
            gateway: string;
            card_token: string;
            card_brand: string;
            card_last4: string;
            lang: string;
            flow: FlowType;
          }
        >(
          `select ${nightColumns}, s.hijri_year, s.status as schedule_status, s.amount_cents,
             s.rates_version, s.donor_id, s.gateway, s.card_token, s.card_brand, s.card_last4, s.lang, s.flow
           from night_schedule_night n join night_schedule s on s.id = n.schedule_id
           where n.schedule_id = $1 and n.night = $2 for update of n`,
          [scheduleId, night],
        );
        if (!row || row.schedule_status !== "active" || row.status !== "scheduled")
          return undefined;
        const now = options.now();
        const window = nightWindow(row.charge_on);
        if (now < window.from) return undefined;
        const setStatus = (status: string) =>
          tx.query(
            "update night_schedule_night set status = $3 where schedule_id = $1 and night = $2",
            [scheduleId, night, status],
          );
        if (now >= window.until) {
          await setStatus("missed");
          return undefined;
        }
        const verdict = nightVerdict(
          {
            hijri: { year: row.hijri_year, month: RAMADAN, day: night },
            on: row.on_date,
            estimated: row.estimated,
          },
          calendar,
          options.estimate,
        );
        if (verdict.kind === "wait") return undefined;
        if (verdict.kind === "drop") {
          await setStatus("dropped");
          return undefined;
        }
        if (verdict.kind === "move") {
          await tx.query(
            `update night_schedule_night set on_date = $3, charge_on = $4, estimated = $5
             where schedule_id = $1 and night = $2`,
            [scheduleId, night, verdict.on, verdict.chargeOn, verdict.estimated],
          );
          return undefined;
        }
        // The donor's particulars on the night's donation, as a signed-in checkout's carry them (and a
        // renewal copies them): its receipt e-mail goes to the account's address at this evening.
        const [who] = await tx.query<{ name: string; email: string | null }>(
          "select name, email from donor where id = $1",
          [row.donor_id],
        );
        const donorDetails = who?.email
          ? { name: who.name, email: who.email, anonymous: false }
          : null;
        const donationId = randomUUID();
        const amounts = { [fundOf(row.flow).items[0]?.key ?? "amount"]: Number(row.amount_cents) };
        const transactionNo = await insertWithFreshTransactionNo(
          () => transactionNumber(receiptSeriesOf(row.flow), now),
          async (drawn) =>
            (
              await tx.query(
                `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs,
                   frequency, rates_version, client_secret_hash, donor_id, payment_method, card_brand,
                   card_last4, lang, donor_details, gift_email)
                 values ($1, $2, $3, 'initiated', $4, $5, $6, 'one time', $7, $8, $9, 'card', $10, $11, $12,
                   $13, $14)
                 on conflict (transaction_no) do nothing returning id`,
                [
                  donationId,
                  drawn,
                  row.flow,
                  row.amount_cents,
                  JSON.stringify(amounts),
                  JSON.stringify({ night: { scheduleId, night } }),
                  row.rates_version,
                  createHash("sha256").update(randomBytes(32)).digest(),
                  row.donor_id,
                  row.card_brand,
                  row.card_last4,
                  row.lang,
                  donorDetails === null ? null : JSON.stringify(donorDetails),
                  donorDetails?.email.toLowerCase() ?? null,
                ],
              )
            ).length === 1,
        );
        const [claimed] = await tx.query(
          `update night_schedule_night set status = 'claimed', donation_id = $3, claimed_at = now()
           where schedule_id = $1 and night = $2 and status = 'scheduled' returning night`,
          [scheduleId, night, donationId],
        );
        if (!claimed) throw new Error("night claimed twice under its lock");
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('scheduler', 'nights.claim', 'night_schedule', $1, $2)`,
          [scheduleId, JSON.stringify({ night, donationId })],
        );
        return {
          scheduleId,
          night,
          donationId,
          transactionNo,
          amountCents: Number(row.amount_cents),
          cardToken: row.card_token,
          gateway: row.gateway,
        };
      }),

    /**
     * A claimed night's end, once: its charge `succeeded` or `failed`, or it was never confirmed at
     * the gateway (`stopped` since the claim, or `missed`: resumed after its window closed).
     */
    settleNight: (donationId: string, outcome: "succeeded" | "failed" | "stopped" | "missed") =>
      sql.query(
        "update night_schedule_night set status = $2 where donation_id = $1 and status = 'claimed'",
        [donationId, outcome],
      ),

    /** Whether a night's schedule is still active (a stop after the claim charges nothing). */
    scheduleActive: async (scheduleId: string) =>
      (
        await sql.query<{ active: boolean }>(
          "select status = 'active' as active from night_schedule where id = $1",
          [scheduleId],
        )
      )[0]?.active === true,

    /**
     * Claims left `claimed` for `olderThanSeconds` (their charger died between the claim and the
     * settling), each leased to this caller for five minutes (its `claimed_at` set that far ahead, so
     * no other pass takes it meanwhile, not even a start-up's): to resume under the same gateway key,
     * never to charge again.
     */
    staleNightClaims: async (olderThanSeconds: number): Promise<ReadonlyArray<StaleNightClaim>> =>
      (
        await sql.query<{
          schedule_id: string;
          night: number;
          donation_id: string;
          transaction_no: string;
          total_cents: string | number;
          donation_status: string;
          card_token: string;
          gateway: string;
          charge_on: string;
        }>(
          `with stale as (
             select n.schedule_id, n.night from night_schedule_night n
             where n.status = 'claimed' and n.claimed_at <= now() - make_interval(secs => $1)
             order by n.claimed_at limit 100 for update skip locked
           ), leased as (
             update night_schedule_night n set claimed_at = now() + interval '5 minutes' from stale
             where n.schedule_id = stale.schedule_id and n.night = stale.night
             returning n.schedule_id, n.night, n.donation_id, to_char(n.charge_on, 'YYYY-MM-DD') as charge_on
           )
           select l.schedule_id, l.night, l.donation_id, l.charge_on, d.transaction_no, d.total_cents,
             d.status as donation_status, s.card_token, s.gateway
           from leased l join donation d on d.id = l.donation_id join night_schedule s on s.id = l.schedule_id`,
          [olderThanSeconds],
        )
      ).map((row) => ({
        scheduleId: row.schedule_id,
        night: row.night,
        donationId: row.donation_id,
        transactionNo: row.transaction_no,
        amountCents: Number(row.total_cents),
        cardToken: row.card_token,
        gateway: row.gateway,
        chargeOn: row.charge_on,
        donationStatus: row.donation_status,
      })),
  };
}
