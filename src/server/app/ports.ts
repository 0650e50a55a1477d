// The application's ports: what the use cases (src/server/app) need besides the domain's own ports
// (Clock, Ids, PaymentGateway). Each is an interface in the use cases' words listing the few methods
// they call (not a `Pick` of an adapter's repository), so a unit test supplies exactly those
// (`testLayerFor`) and the composition root (live.ts) hands in the real repositories, which implement
// them. The records' shapes (a donation's view, a donor's details) stay the adapters' data types; the
// methods answer Promises, which a use case calls through `Effect.promise`, and their refusals
// (DonationNotFound, IdempotencyConflict, RecordRefused: a code and a message) become the use case's
// `Refused` or reach the edge's table (src/server/api/errors.ts) as they are.
import { Context } from "effect";
import type { GatewayPayment, RateConfig } from "@portal/domain";
import type {
  Address,
  DonationView,
  DonorDetailsInput,
  GiftParticulars,
  GuestSession,
  Identity,
  Payments,
  PaymentMethodKind,
  ProfileDetails,
  ProvenNric,
  SingpassLoginSecrets,
  SingpassStep,
} from "@portal/adapters/db";
import type { MyInfoPerson, SingpassReturn } from "@portal/adapters/singpass";

/** A donation to keep: what `createDonation` priced and the donor gave (the records' input). */
export type NewDonation = Parameters<Payments["create"]>[0];

/** The gateway payment a donation is confirmed or polled by (its latest attempt). */
export interface LatestAttempt {
  readonly gatewayRef: string;
  readonly status: string;
  readonly method: PaymentMethodKind;
  readonly expiresAt: Date | null;
}

/** The donations and their payment attempts (the adapters' `payments` repository implements it). */
export interface DonationRecordsPort {
  /** Keep a donation once per idempotency key; `replayed` when the key had kept it before. */
  readonly create: (donation: NewDonation) => Promise<{
    readonly donation: DonationView;
    readonly clientSecret: string;
    readonly replayed: boolean;
  }>;
  /** Several donations (one per fund of an order) kept in one transaction, all or none. */
  readonly createOrder: (donations: ReadonlyArray<NewDonation>) => Promise<
    ReadonlyArray<{
      readonly donation: DonationView;
      readonly clientSecret: string;
      readonly replayed: boolean;
    }>
  >;
  /** The donation, if `clientSecret` is its own; otherwise DonationNotFound. */
  readonly get: (id: string, clientSecret: string) => Promise<DonationView>;
  /** `get` for a confirmation, with how many attempts have failed (the round a new one is in). */
  readonly getToPay: (
    id: string,
    clientSecret: string,
  ) => Promise<{
    readonly donation: DonationView;
    readonly failedAttempts: number;
    /** The order it was made in (createOrder): server-side only, never in an answer or a log. */
    readonly orderId?: string;
  }>;
  /** What the gateway said, recorded; on success the donation is paid and its receipt issued. */
  readonly apply: (id: string, payment: GatewayPayment) => Promise<DonationView>;
  readonly latestAttempt: (id: string) => Promise<LatestAttempt | undefined>;
  /** A gateway payment becomes the donation's newest attempt (with a PayNow QR and its expiry). */
  readonly startAttempt: (
    id: string,
    gateway: string,
    payment: GatewayPayment,
    method?: PaymentMethodKind,
    qr?: { readonly payload: string; readonly expiresAt: Date },
  ) => Promise<void>;
  readonly failedAttempts: (id: string) => Promise<number>;
}

/** The donations and their payment attempts. */
export class DonationRecords extends Context.Service<DonationRecords, DonationRecordsPort>()(
  "@portal/app/DonationRecords",
) {}
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
export interface SavedCardsPort {
  /** The donation's card is to be kept, if the donation is this donor's (false otherwise). */
  readonly markSaveCard: (donationId: string, donorId: string) => Promise<boolean>;
  /** The donor's own saved card's gateway token; another donor's, like a missing one, undefined. */
  readonly savedCardToken: (
    donorId: string,
    savedCardId: string,
  ) => Promise<{ readonly gateway: string; readonly token: string } | undefined>;
}

export class SavedCards extends Context.Service<SavedCards, SavedCardsPort>()(
  "@portal/app/SavedCards",
) {}

/** Donors and the enrolments guest sessions hold. */
export interface DonorRecordsPort {
  /** A guest's details, held on the guest session only (no stored donor is read or written). */
  readonly enrolGuest: (
    guestSessionId: string,
    input: DonorDetailsInput,
    enrolment?: "Manually" | "Singpass",
    terms?: GiftParticulars["terms"],
  ) => Promise<void>;
  readonly updateProfile: (
    donorId: string,
    change: {
      readonly name?: string | undefined;
      readonly address?: Address | undefined;
      readonly profile?: ProfileDetails | undefined;
    },
  ) => Promise<void>;
}

export class DonorRecords extends Context.Service<DonorRecords, DonorRecordsPort>()(
  "@portal/app/DonorRecords",
) {}

/** Guest sessions (the server issues them; the token travels only in an HttpOnly cookie). */
export interface SessionRecordsPort {
  readonly start: () => Promise<{ readonly token: string; readonly session: GuestSession }>;
}

export class SessionRecords extends Context.Service<SessionRecords, SessionRecordsPort>()(
  "@portal/app/SessionRecords",
) {}

/** The Singpass logins in progress, sealed per guest session. */
export interface SingpassLoginRecordsPort {
  /** Begin (or restart) this guest's login at `step`, named by `state`. */
  readonly save: (
    guestSessionId: string,
    state: string,
    step: SingpassStep,
    secrets: SingpassLoginSecrets,
  ) => Promise<void>;
  /** This guest's login begun with `state`, taken so a state is used once. */
  readonly take: (
    guestSessionId: string,
    state: string,
  ) => Promise<{ readonly step: SingpassStep; readonly secrets: SingpassLoginSecrets } | undefined>;
  /** The guest's finished login (Myinfo person read), not consumed. */
  readonly ready: (guestSessionId: string) => Promise<SingpassLoginSecrets | undefined>;
  readonly finish: (guestSessionId: string) => Promise<void>;
}

export class SingpassLoginRecords extends Context.Service<
  SingpassLoginRecords,
  SingpassLoginRecordsPort
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
export interface NricProofRecordsPort {
  readonly prove: (
    identity: Identity,
    details: DonorDetailsInput & { readonly nric: string },
  ) => Promise<ProvenNric>;
}

export class NricProofRecords extends Context.Service<NricProofRecords, NricProofRecordsPort>()(
  "@portal/app/NricProofRecords",
) {}

/** The donors' agreements to the terms. */
export interface TermsRecordsPort {
  /** The donor agreed to `version` at `at`; a later agreement replaces an earlier one. */
  readonly agree: (donorId: string, version: string, at: Date) => Promise<void>;
  /** The terms a sign-up agreed to (kept by its PreSignUp check) become the donor's. */
  readonly carryOver: (provider: string, subject: string, donorId: string) => Promise<void>;
}

export class TermsRecords extends Context.Service<TermsRecords, TermsRecordsPort>()(
  "@portal/app/TermsRecords",
) {}

/** Instalment plans (docs/instalments.md): what a checkout payment of a donor's plan must be. */
export class InstalmentRecords extends Context.Service<
  InstalmentRecords,
  {
    readonly paymentFor: (
      donorId: string,
      planId: string,
      part: "first" | "settle",
    ) => Promise<{
      readonly amountCents: number;
      readonly input: Readonly<Record<string, unknown>>;
      readonly monthly: boolean;
    }>;
  }
>()("@portal/app/InstalmentRecords") {}
/** The people signed-in donors keep for household payments (household-members.ts; issue 33). */
export interface HouseholdMemberRecordsPort {
  /** The donor's own people, and no one else's. */
  readonly list: (
    donorId: string,
  ) => Promise<ReadonlyArray<{ readonly id: string; readonly name: string }>>;
}

export class HouseholdMemberRecords extends Context.Service<
  HouseholdMemberRecords,
  HouseholdMemberRecordsPort
>()("@portal/app/HouseholdMemberRecords") {}
