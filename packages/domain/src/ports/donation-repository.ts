import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { FlowType } from "../flow";
import type { Cents } from "../money";
import type { PaymentState } from "../payment-state";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** A donation as stored. */
export interface Donation {
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly amount: Cents;
  readonly state: PaymentState;
  readonly donorId: string | null;
  readonly paymentId: string | null;
  readonly createdAt: number;
}

/** Persistence of donations. */
export interface DonationRepositoryShape {
  readonly save: (donation: Donation) => Effect.Effect<void, PortError>;
  readonly findByTransactionNo: (
    transactionNo: string,
  ) => Effect.Effect<Donation | null, PortError>;
  readonly updateState: (
    transactionNo: string,
    state: PaymentState,
  ) => Effect.Effect<Donation, PortError>;
}

/** The donation repository port. */
export class DonationRepository extends Context.Service<
  DonationRepository,
  DonationRepositoryShape
>()("@portal/domain/DonationRepository") {}

/** Test repository from supplied methods; missing methods die loudly. */
export const DonationRepositoryTest = (
  supplied: Partial<DonationRepositoryShape>,
): Layer.Layer<DonationRepository> =>
  testLayerFor(
    DonationRepository,
    "DonationRepository",
    ["save", "findByTransactionNo", "updateState"],
    supplied,
  );
