import { Effect } from "effect";
import { nightWindow, type HijriCalendar, type PaymentGatewayShape } from "@portal/domain";
import type { Payments } from "../db/donations";
import { createOffSession } from "./scheduler";
import { nightIdempotencyKey, type NightClaim, type NightSchedules } from "../db/last-ten-nights";

type Outcome = "succeeded" | "failed" | "pending" | "stopped" | "missed";

/**
 * The scheduler's nightly pass over the last ten nights (issue 33): each due night is claimed once
 * (`claimNight`) and its claim charged off session with the saved card, keyed by (schedule, night)
 * at the gateway, so a pass run twice, or on two instances at once, charges a night once. A claim
 * whose charger died (between the claim and the settling) is resumed under the same key: the
 * gateway answers the payment it already has, never a second one.
 */
export function nightJobs(deps: {
  readonly records: Payments;
  readonly nights: NightSchedules;
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
  readonly now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  /**
   * Charge a claim, or resume one: the gateway's payment under the night's key (the one it has, if
   * any), recorded as an attempt before it is confirmed; not confirmed when the schedule was stopped
   * since the claim or (resuming) the night's window has closed.
   */
  const charge = async (claim: NightClaim, chargeOn?: string): Promise<Outcome> => {
    const gateway = deps.gateway(claim.gateway);
    if (!gateway) throw new Error(`no gateway named ${claim.gateway}`);
    let payment = await createOffSession(
      gateway,
      claim,
      nightIdempotencyKey(claim.scheduleId, claim.night),
    );
    await deps.records.startAttempt(claim.donationId, claim.gateway, payment);
    if (payment.state === "initiated") {
      const skip = !(await deps.nights.scheduleActive(claim.scheduleId))
        ? "stopped"
        : chargeOn !== undefined && now() >= nightWindow(chargeOn).until
          ? "missed"
          : undefined;
      if (skip) {
        await deps.nights.settleNight(claim.donationId, skip);
        return skip;
      }
      payment = await Effect.runPromise(
        gateway.confirm(payment.paymentId, claim.cardToken, { offSession: true }),
      );
    }
    await deps.records.apply(claim.donationId, payment);
    if (payment.state === "succeeded" || payment.state === "failed") {
      await deps.nights.settleNight(claim.donationId, payment.state);
      return payment.state;
    }
    return "pending";
  };

  return {
    chargeNights: async (calendar: HijriCalendar) => {
      const outcomes: Outcome[] = [];
      for (const due of await deps.nights.dueNights()) {
        const claim = await deps.nights.claimNight(due.scheduleId, due.night, calendar);
        if (claim) outcomes.push(await charge(claim));
      }
      return outcomes;
    },

    /**
     * Claims left `claimed` for `olderThanSeconds` (0 at start-up): a donation already recorded paid
     * or failed (reconciliation asked the gateway) only settles its night; any other is charged
     * under its key, which the gateway answers with the payment it may already have.
     */
    resumeNights: async (olderThanSeconds: number) => {
      const outcomes: Outcome[] = [];
      for (const stale of await deps.nights.staleNightClaims(olderThanSeconds)) {
        if (stale.donationStatus === "succeeded" || stale.donationStatus === "failed") {
          await deps.nights.settleNight(stale.donationId, stale.donationStatus);
          outcomes.push(stale.donationStatus);
        } else outcomes.push(await charge(stale, stale.chargeOn));
      }
      return outcomes;
    },
  };
}
