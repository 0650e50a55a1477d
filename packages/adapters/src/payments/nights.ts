import { Effect } from "effect";
import type { Cents, HijriCalendar, PaymentGatewayShape } from "@portal/domain";
import type { Payments } from "../db/donations";
import { nightIdempotencyKey, type NightSchedules } from "../db/last-ten-nights";

/**
 * The scheduler's nightly pass over the last ten nights (issue 33): each due night is claimed once
 * (`claimNight`) and its claim charged off session with the saved card, keyed by (schedule, night)
 * at the gateway, so a pass run twice, or on two instances at once, charges a night once.
 */
export function nightJobs(deps: {
  readonly records: Payments;
  readonly nights: NightSchedules;
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
}) {
  return {
    chargeNights: async (calendar: HijriCalendar) => {
      const outcomes: Array<"succeeded" | "failed" | "pending"> = [];
      for (const due of await deps.nights.dueNights()) {
        const claim = await deps.nights.claimNight(due.scheduleId, due.night, calendar);
        if (!claim) continue;
        const gateway = deps.gateway(claim.gateway);
        if (!gateway) throw new Error(`no gateway named ${claim.gateway}`);
        let payment = await Effect.runPromise(
          gateway.create({
            amount: claim.amountCents as Cents,
            currency: "SGD",
            idempotencyKey: nightIdempotencyKey(claim.scheduleId, claim.night),
            description: claim.transactionNo,
            method: "card",
            offSession: true,
          }),
        );
        await deps.records.startAttempt(claim.donationId, claim.gateway, payment);
        if (payment.state === "initiated")
          payment = await Effect.runPromise(
            gateway.confirm(payment.paymentId, claim.cardToken, { offSession: true }),
          );
        await deps.records.apply(claim.donationId, payment);
        if (payment.state === "succeeded" || payment.state === "failed") {
          await deps.nights.settleNight(claim.donationId, payment.state);
          outcomes.push(payment.state);
        } else outcomes.push("pending");
      }
      return outcomes;
    },
  };
}
