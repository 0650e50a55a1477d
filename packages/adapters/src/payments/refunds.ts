import { Effect } from "effect";
import type { PaymentGatewayShape } from "@portal/domain";
import type { Payments } from "../db/donations";

export interface RefundDeps {
  readonly records: Pick<Payments, "markRefunded">;
  /** The gateway a payment was made with, by name (`payment_attempt.gateway`). */
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
}

/**
 * Give back a second payment of a paid donation (`isDuplicatePayment`) and record it. The gateway's
 * refund is keyed by the payment, so a retry (the after-payment step, then reconciliation, or two
 * instances) refunds once; recording it is once too. A failure is thrown and the payment stays due.
 */
export const refundSecondPayment = async (
  deps: RefundDeps,
  gatewayRef: string,
  gatewayName: string,
): Promise<void> => {
  const gateway = deps.gateway(gatewayName);
  if (!gateway) throw new Error(`no gateway named ${gatewayName}`);
  const payment = await Effect.runPromise(gateway.refund(gatewayRef, `refund:${gatewayRef}`));
  if (payment.state === "refunded") await deps.records.markRefunded(gatewayRef);
};
