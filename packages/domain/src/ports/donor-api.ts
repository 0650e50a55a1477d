import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** One row of a donor's history (a subset of §3's transaction record). */
export interface DonorTransaction {
  readonly transactionNo: string;
  readonly donationAmount: number;
  readonly donationTimeStamp: string;
  readonly status: string;
  readonly donationType: string;
  readonly recurringFrequency: string | null;
}

/** A page of history. */
export interface DonorTransactionPage {
  readonly transactions: ReadonlyArray<DonorTransaction>;
  readonly totalRecords: number;
}

/** Donor profile fields found by an NRIC or UEN lookup (§3 user profile, subset). */
export interface DonorProfile {
  readonly primaryName: string;
  readonly mobileNumber: string;
  readonly email: string;
  readonly registeredAddress: string;
}

/** The donor service of §7 (history, recurring payments, profile lookup). */
export interface DonorApiShape {
  readonly getTransactions: (query: {
    readonly donorId: string;
    readonly pageNo: number;
    readonly pageSize: number;
  }) => Effect.Effect<DonorTransactionPage, PortError>;
  readonly cancelRecurring: (transactionNo: string) => Effect.Effect<void, PortError>;
  readonly lookupProfile: (idNumber: string) => Effect.Effect<DonorProfile | null, PortError>;
}

/** The donor API port. */
export class DonorApi extends Context.Service<DonorApi, DonorApiShape>()(
  "@portal/domain/DonorApi",
) {}

/** Test donor API from supplied methods; missing methods die loudly. */
export const DonorApiTest = (supplied: Partial<DonorApiShape>): Layer.Layer<DonorApi> =>
  testLayerFor(
    DonorApi,
    "DonorApi",
    ["getTransactions", "cancelRecurring", "lookupProfile"],
    supplied,
  );
