// The application's ports: what the use cases (src/server/app) need besides the domain's own ports
// (Clock, Ids, PaymentGateway). Each names the few methods of an adapter's repository a use case calls,
// so a unit test supplies exactly those (`testLayerFor`) and the composition root (layer.ts) hands in
// the real repositories. The repositories stay the adapters' Promise interfaces: a use case calls them
// through `Effect.promise`, and their refusals (DonationNotFound, IdempotencyConflict, RecordRefused)
// reach the HTTP layer as they are.
import { Context } from "effect";
import type { RateConfig } from "@portal/domain";
import type {
  Donors,
  GuestSessions,
  nricProofs,
  Payments,
  Recurring,
  SingpassLoginSecrets,
  SingpassLogins,
  TermsAgreements,
} from "@portal/adapters/db";
import type { MyInfoPerson, SingpassReturn } from "@portal/adapters/singpass";

/** The donations and their payment attempts (the adapters' `payments` repository). */
export class DonationRecords extends Context.Service<
  DonationRecords,
  Pick<
    Payments,
    "create" | "get" | "getToPay" | "apply" | "latestAttempt" | "startAttempt" | "failedAttempts"
  >
>()("@portal/app/DonationRecords") {}

/** The rates donations are priced on: the main charity's current version. */
export class RateRecords extends Context.Service<
  RateRecords,
  {
    readonly current: () => Promise<
      { readonly version: number; readonly rates: RateConfig } | undefined
    >;
  }
>()("@portal/app/RateRecords") {}

/** Which gateway takes payments, and where a card's 3-D Secure page sends the donor back. */
export class PaymentRoutes extends Context.Service<
  PaymentRoutes,
  {
    /** The gateway's name, recorded with each attempt (reconciliation asks that gateway again). */
    readonly gatewayName: () => string;
    /** The 3-D Secure return address for a fund's checkout; undefined is the gateway's default. */
    readonly threeDsReturnUrl: (flow: string) => string | undefined;
  }
>()("@portal/app/PaymentRoutes") {}

/** A signed-in donor's saved cards (recurring plans keep theirs). */
export class SavedCards extends Context.Service<
  SavedCards,
  Pick<Recurring, "markSaveCard" | "savedCardToken">
>()("@portal/app/SavedCards") {}

/** Donors and the enrolments guest sessions hold. */
export class DonorRecords extends Context.Service<
  DonorRecords,
  Pick<Donors, "enrolGuest" | "updateProfile">
>()("@portal/app/DonorRecords") {}

/** Guest sessions (the server issues them; the token travels only in an HttpOnly cookie). */
export class SessionRecords extends Context.Service<SessionRecords, Pick<GuestSessions, "start">>()(
  "@portal/app/SessionRecords",
) {}

/** The Singpass logins in progress, sealed per guest session. */
export class SingpassLoginRecords extends Context.Service<
  SingpassLoginRecords,
  Pick<SingpassLogins, "save" | "take" | "ready" | "finish">
>()("@portal/app/SingpassLoginRecords") {}

/** Singpass itself: redeem the code it sent back and read the Myinfo person. */
export class SingpassProvider extends Context.Service<
  SingpassProvider,
  {
    readonly finishLogin: (
      login: Required<Pick<SingpassLoginSecrets, "nonce" | "codeVerifier" | "redirectUri">> & {
        readonly state: string;
        readonly dpopKey: Record<string, unknown>;
      },
      back: SingpassReturn,
    ) => Promise<{ readonly person: MyInfoPerson }>;
  }
>()("@portal/app/SingpassProvider") {}

/** A signed-in donor's NRIC proved by Singpass becomes their account's (nric-proofs.ts). */
export class NricProofRecords extends Context.Service<
  NricProofRecords,
  Pick<ReturnType<typeof nricProofs>, "prove">
>()("@portal/app/NricProofRecords") {}

/** The donors' agreements to the terms. */
export class TermsRecords extends Context.Service<TermsRecords, Pick<TermsAgreements, "agree">>()(
  "@portal/app/TermsRecords",
) {}
