import { Effect } from "effect";
import {
  coverFeeCents,
  guestEnrolmentValue,
  isPricingError,
  isTaxRegistrable,
  donationInputs,
  priceDonation,
  receiptAttributes,
  recurringAllowed,
  type CardFee,
  type Cents,
  type DonationItems,
  type FlowType,
  type Frequency,
  type RateConfig,
} from "@portal/domain";
import {
  IdempotencyConflict,
  type DonationView,
  type GiftParticulars,
  type GuestSessionEnrolment,
} from "@portal/adapters/db";
import { Caller } from "./caller";
import { instalmentPayment, type InstalmentRef } from "./instalment-payment";
import { withKeptNames } from "./household-payment";
import {
  DonationRecords,
  RateRecords,
  type HouseholdMemberRecords,
  type InstalmentRecords,
} from "./ports";
import { calling, refuse, type Refused } from "./refused";

/**
 * Who gives: the signed-in donor, or the guest session that makes the gift, with what its guest
 * enrolled (read with the session).
 */
export type Giver =
  | { readonly kind: "donor"; readonly donorId: string; readonly email: string | null }
  | {
      readonly kind: "guest";
      readonly guestSessionId: string;
      readonly enrolment: GuestSessionEnrolment | null;
    };

/** The donor's details as checkout gave them, checked by the HTTP layer (`checkedDonor`). */
export interface GivenDonor {
  readonly details: {
    readonly name: string;
    readonly email: string;
    readonly countryCode?: string;
    /** null: the donor cleared the mobile checkout showed (no mobile on the receipt). */
    readonly mobile?: string | null;
  } & Readonly<Record<string, unknown>>;
  readonly taxId: string | undefined;
}

/** The decoded request, kept whole with the donation: a replayed key must carry the same one. */
export interface DonationRequest {
  readonly flow: FlowType;
  readonly items: unknown;
  readonly totalCents: number;
  /** The card fee the donor covers, as checkout showed it (issue 33). */
  readonly coverFeeCents?: number;
  readonly ratesVersion: number;
  readonly frequency?: Frequency;
  readonly lang?: "en" | "ms";
  /** A payment of the donor's instalment plan (docs/instalments.md): its amount is the plan's. */
  readonly instalment?: InstalmentRef;
}

export interface CreateDonationInput {
  readonly idempotencyKey: string;
  readonly request: DonationRequest;
  readonly donor: GivenDonor | undefined;
  /** The provider's card fee (configuration), from which a covered fee is worked out again. */
  readonly cardFee?: CardFee;
}

export interface CreatedDonation {
  readonly donation: DonationView & { readonly clientSecret: string };
  /** The idempotency key was seen before with this request: the same donation, answered again. */
  readonly replayed: boolean;
}

/**
 * Who a donation belongs to and what it carries. There are no anonymous writes. A guest's gift belongs
 * to no stored donor: it carries its own particulars (the session's enrolment, then what checkout gave)
 * and links to an account only on proof (gift-links.ts). `giftEmail` is where its mail goes:
 * checkout's, else the enrolment's (guests) or the account's (signed in).
 */
export const ownerOf = (giver: Giver, given: GivenDonor["details"] | undefined, flow: FlowType) => {
  if (giver.kind === "donor") {
    return {
      owner: { donorId: giver.donorId, guestSessionId: null },
      gift: { giftEmail: given?.email ?? giver.email },
    };
  }
  const enrolment = giver.enrolment;
  const enrolled: GiftParticulars = enrolment?.particulars ?? {};
  // Checkout shows the enrolled name as fixed and the enrolled e-mail and mobile prefilled (#23): what
  // the donor leaves in those fields is what the receipt carries, a cleared mobile included.
  const { countryCode: _code, mobile: _mobile, ...withoutMobile } = enrolled;
  const particulars = {
    ...(given?.mobile === undefined ? enrolled : withoutMobile),
    name: enrolled.name ?? given?.name,
    email: given?.email ?? enrolled.email,
    ...(typeof given?.mobile === "string"
      ? { countryCode: given.countryCode, mobile: given.mobile }
      : {}),
    // §2's enrolment value, recorded with the gift: how this guest came to give.
    enrolment: enrolled.enrolment ?? guestEnrolmentValue(flow),
  };
  return {
    owner: { donorId: null, guestSessionId: giver.guestSessionId },
    gift: {
      giftEmail: particulars.email ?? null,
      particulars,
      donorIdEncrypted: enrolment?.idEncrypted ?? null,
      donorIdHash: enrolment?.idHash ?? null,
    },
  };
};

/**
 * One fund's gift as the server prices it: its owner and particulars (`ownerOf`), its kept people
 * named from the caller's own list (`withKeptNames`), every amount priced again on the current rates
 * with the claimed total checked (`priceDonation`; a pricing error is the caller's to refuse). Shared
 * by create and the household order (donation-order.ts).
 */
export const pricedGift = (
  giver: Giver,
  details: GivenDonor["details"] | undefined,
  part: { readonly flow: FlowType; readonly items: unknown; readonly totalCents: number },
  ratesVersion: number,
  config: { readonly version: number; readonly rates: RateConfig },
) =>
  Effect.gen(function* () {
    const { owner, gift } = ownerOf(giver, details, part.flow);
    const items = yield* withKeptNames(part.items as DonationItems, giver);
    const priced = priceDonation({
      flow: part.flow,
      items,
      claimedTotal: part.totalCents as Cents,
      ratesVersion,
      currentRatesVersion: config.version,
      rates: config.rates,
    });
    return { owner, gift, items, priced };
  });

/**
 * Create a donation (spec §7 createPaymentIntent): the fund's rules first (no identity number for a
 * fund that is not deductible, recurring only where the registry allows it), then every amount priced
 * again on the current rates, then the donation kept once per idempotency key and owner.
 */
export const createDonation = ({
  idempotencyKey,
  request,
  donor,
  cardFee = { basisPoints: 0, fixedCents: 0 },
}: CreateDonationInput): Effect.Effect<
  CreatedDonation,
  Refused,
  DonationRecords | RateRecords | InstalmentRecords | HouseholdMemberRecords | Caller
> =>
  Effect.gen(function* () {
    // Fidyah and kaffarah are not deductible (design/facts.md): no identity number is asked or kept.
    if (donor?.taxId !== undefined && !isTaxRegistrable(request.flow)) {
      return yield* refuse(
        "donation.taxIdNotApplicable",
        "Gifts to this fund are not included for tax deduction; give no identity number.",
      );
    }
    // Only a fund whose registry entry allows it takes a recurring gift (the wakaf funds).
    if (
      (request.frequency ?? "one time") !== "one time" &&
      (!recurringAllowed(request.flow) || request.instalment !== undefined)
    ) {
      return yield* refuse(
        "donation.recurringNotAllowed",
        "Gifts to this fund are given once; it takes no recurring gifts.",
      );
    }
    // Who gives, asked of the caller only once the request itself passed (a refusal comes first).
    const caller = yield* Caller;
    const giver = yield* Effect.promise(() => caller.giver(request.lang));
    const rates = yield* RateRecords;
    const config = yield* Effect.promise(() => rates.current());
    if (!config) return yield* Effect.die(new Error("no configuration for the main charity"));
    const { owner, gift, items, priced } = yield* pricedGift(
      giver,
      donor?.details,
      request,
      request.ratesVersion,
      config,
    );
    if (isPricingError(priced)) return yield* refuse(priced.code, priced.message);
    // An instalment plan's payment: the plan says the amount and the frequency (monthly for a first
    // month of several: the card is kept for the months after); the page's figure must agree.
    const plan =
      request.instalment === undefined
        ? undefined
        : yield* instalmentPayment(request.instalment, giver, priced);
    const frequency = plan?.frequency ?? request.frequency ?? "one time";
    // Issue 33: a fee the donor covers is worked out again here and kept apart from the gift; a
    // figure other than the provider's (a page out of date, or a body changed) charges nothing.
    let fee: Cents | undefined;
    if (request.coverFeeCents !== undefined) {
      if (frequency !== "one time") {
        return yield* refuse(
          "donation.feeOneTimeOnly",
          "The card fee can be covered on a one-time gift only.",
        );
      }
      fee = coverFeeCents(priced.total, cardFee);
      if (request.coverFeeCents !== fee) {
        return yield* refuse(
          "donation.feeMismatch",
          "The card fee differs from the payment provider's. Please reload checkout before paying.",
        );
      }
    }
    // What the donation keeps of its inputs (named people's fitrah as the lines it was priced at).
    const inputs = {
      ...(donationInputs(items, config.rates) as object),
      ...(plan ? { instalment: plan.input } : {}),
    };
    const records = yield* DonationRecords;
    const result = yield* calling(
      () =>
        records.create({
          idempotencyKey,
          // The owner is part of the request: a key replayed by someone else is a conflict.
          request: { request, owner },
          flow: request.flow,
          amounts: priced.amounts as Record<string, Cents>,
          total: priced.total,
          ...(fee === undefined ? {} : { fee }),
          inputs,
          // What the receipt lists, at the rates this donation is priced on (they may change later).
          receiptItems: receiptAttributes(inputs, priced.amounts, config.rates),
          donorDetails: donor?.details,
          ...(donor?.taxId === undefined ? {} : { taxId: donor.taxId }),
          frequency,
          ratesVersion: config.version,
          ...(request.lang === undefined ? {} : { lang: request.lang }),
          ...owner,
          ...gift,
        }),
      (error) =>
        error instanceof IdempotencyConflict ? refuse(error.code, error.message) : undefined,
    );
    return {
      donation: { ...result.donation, clientSecret: result.clientSecret },
      replayed: result.replayed,
    };
  });
