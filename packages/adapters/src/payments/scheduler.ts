import { Effect, Option } from "effect";
import type { Cents, PaymentGatewayShape } from "@portal/domain";
import type { Payments } from "../db/donations";
import { renewalIdempotencyKey, type Recurring, type RenewalClaim } from "../db/recurring";
import { refundSecondPayment } from "./refunds";

export interface SchedulerDeps {
  readonly records: Payments;
  readonly recurring: Recurring;
  /** The gateway a payment or plan was made with, by name (`payment_attempt.gateway`). */
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
  readonly log?: (message: string) => void;
}

/**
 * A saved card's off-session payment of a claim (a renewal's period, a night), created under its key:
 * the gateway answers the payment it already has for that key, never a second one.
 */
export const createOffSession = (
  gateway: PaymentGatewayShape,
  claim: { readonly amountCents: number; readonly transactionNo: string },
  idempotencyKey: string,
) =>
  Effect.runPromise(
    gateway.create({
      amount: claim.amountCents as Cents,
      currency: "SGD",
      idempotencyKey,
      description: claim.transactionNo,
      method: "card",
      offSession: true,
    }),
  );

export type RenewalOutcome = "succeeded" | "failed" | "pending" | "skipped";

/**
 * The background work of the payment side: charging due recurring plans, and reconciling what the
 * portal recorded with what the gateway did (a server killed between the gateway's charge and the
 * portal's record completes the donation on the next pass). Every step may run twice, on two
 * instances, or be cut short by a crash: claims are unique per (plan, period), gateway payments are
 * keyed by (plan, period) or (donation, round), and recording a result is idempotent.
 */
export function paymentJobs(deps: SchedulerDeps) {
  const { records, recurring } = deps;
  const log = deps.log ?? (() => undefined);

  const gatewayOf = (name: string) => {
    const gateway = deps.gateway(name);
    if (!gateway) throw new Error(`no gateway named ${name}`);
    return gateway;
  };

  /** Charge a claimed renewal, or resume one whose charger died: never a second gateway payment. */
  const chargeClaim = async (claim: RenewalClaim): Promise<RenewalOutcome> => {
    const gateway = gatewayOf(claim.gateway);
    let payment = await createOffSession(
      gateway,
      claim,
      renewalIdempotencyKey(claim.planId, claim.period),
    );
    await records.startAttempt(claim.donationId, claim.gateway, payment);
    if (payment.state === "initiated") {
      // Not charged yet: a plan cancelled (or suspended) since the claim is not charged at all.
      if (!(await recurring.isActive(claim.planId))) {
        await recurring.settleFailed(claim, "cancelled");
        return "skipped";
      }
      payment = await Effect.runPromise(
        gateway.confirm(payment.paymentId, claim.cardToken, { offSession: true }),
      );
    }
    await records.apply(claim.donationId, payment);
    if (payment.state === "succeeded") return "succeeded";
    if (payment.state === "failed") {
      await recurring.settleFailed(claim, payment.failureCode ?? "payment_failed");
      return "failed";
    }
    return "pending";
  };

  /** Charge every plan due today once: claim its period, then charge it. */
  const chargeDuePlans = async () => {
    const outcomes: RenewalOutcome[] = [];
    for (;;) {
      const due = await recurring.duePlans(50);
      let claimedAny = false;
      for (const planId of due) {
        const claim = await recurring.claim(planId);
        if (!claim) continue;
        claimedAny = true;
        outcomes.push(await chargeClaim(claim));
      }
      // Plans another scheduler holds or already charged come back from duePlans until it commits.
      if (!claimedAny || due.length < 50) break;
    }
    return outcomes;
  };

  /**
   * What the gateway says of an attempt; none when it has nothing for it. A gateway that cannot
   * answer now (down, or its own store cut off) ends the pass instead: putting the attempt off would
   * leave a charge unrecorded for up to ten minutes on no word from the gateway.
   */
  const ask = async (gateway: PaymentGatewayShape, gatewayRef: string) => {
    const answer = await Effect.runPromise(
      Effect.match(gateway.retrieve(gatewayRef), {
        onFailure: (error) => ({ error }) as const,
        onSuccess: (payment) => ({ payment }) as const,
      }),
    );
    if ("payment" in answer) return Option.some(answer.payment);
    if (answer.error.code === "port.unavailable")
      throw new GatewayUnavailable(gatewayRef, answer.error.message);
    return Option.none();
  };

  /**
   * Ask the gateway about every attempt left open and record what it says; resume renewals whose
   * charger died after claiming. `olderThanSeconds` leaves requests in flight alone (0 at start-up).
   */
  const reconcile = async (olderThanSeconds: number) => {
    const batchSize = 500;
    const maxBatches = 40;
    let applied = 0;
    // Every open attempt that is due, a batch at a time: one the gateway has nothing for is asked
    // again later (deferAttempt), so the batches move on and none waits behind abandoned ones.
    // At start-up (`olderThanSeconds` 0) every open attempt is asked once, put off or not: the
    // instance that died may have charged one after a pass had put it off.
    let after: string | undefined = olderThanSeconds === 0 ? "" : undefined;
    for (let batch = 0; batch < maxBatches; batch++) {
      const open = await recurring.openAttempts(olderThanSeconds, batchSize, after);
      if (after !== undefined) after = open.at(-1)?.gatewayRef ?? after;
      for (const attempt of open) {
        const gateway = deps.gateway(attempt.gateway);
        const payment = gateway ? await ask(gateway, attempt.gatewayRef) : Option.none();
        if (
          Option.isNone(payment) ||
          payment.value.state === "initiated" ||
          payment.value.state === attempt.status
        ) {
          await recurring.deferAttempt(attempt.gatewayRef);
          continue;
        }
        await records.apply(attempt.donationId, payment.value);
        applied += 1;
      }
      if (open.length < batchSize) break;
    }
    for (const claim of await recurring.staleClaims(olderThanSeconds)) {
      await chargeClaim(claim);
      applied += 1;
    }
    // Second payments whose refund failed or was cut short by a crash: give them back now.
    for (const due of await records.refundsDue(olderThanSeconds)) {
      try {
        await refundSecondPayment(deps, due.gatewayRef, due.gateway);
        applied += 1;
      } catch (error) {
        // One refund the gateway refuses must not hold up the rest; it stays due for the next pass.
        log(
          `refund of ${due.gatewayRef} failed: ${error instanceof Error ? error.message : "unknown"}`,
        );
      }
    }
    return applied;
  };

  /**
   * Run reconciliation now, then reconciliation and the due plans every `intervalMs`. One pass at a
   * time per process; several processes may run it together. Returns a stop function.
   */
  const start = ({ intervalMs = 60_000, staleAfterSeconds = 60 } = {}) => {
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;
    // The start-up pass asks about every open attempt (see reconcile); one cut short (the database's
    // connection cut, the gateway unreachable) is run again as the start-up pass at the next turn,
    // until one completes and says so.
    let startedUp = false;
    const pass = () => {
      running = running
        .then(async () => {
          if (stopped) return;
          const first = !startedUp;
          const fixed = await reconcile(first ? 0 : staleAfterSeconds);
          startedUp = true;
          if (first) log(`start-up reconciliation: ${fixed} payment(s) brought up to date`);
          else if (fixed > 0) log(`reconciled ${fixed} payment(s) with the gateway`);
          const outcomes = await chargeDuePlans();
          if (outcomes.length > 0) log(`recurring: ${outcomes.join(", ")}`);
        })
        .catch((error: unknown) =>
          log(`payment jobs failed: ${error instanceof Error ? error.message : "unknown"}`),
        );
      return running;
    };
    void pass();
    const timer = setInterval(() => void pass(), intervalMs);
    timer.unref();
    return {
      firstPass: running,
      stop: () => {
        stopped = true;
        clearInterval(timer);
      },
    };
  };

  return { chargeClaim, chargeDuePlans, reconcile, start };
}

/** The gateway could not answer about an attempt: the reconciliation pass ends, to be run again. */
class GatewayUnavailable extends Error {
  constructor(gatewayRef: string, message: string) {
    super(`the gateway could not answer about ${gatewayRef}: ${message}`);
  }
}
