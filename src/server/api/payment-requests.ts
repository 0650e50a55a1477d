// The payment calls' request bodies, checked here before any handler runs: every amount is priced
// again on the server, and the donor's details pass the domain's validators (spec §5).
import { Schema } from "effect";
import {
  NAME_MAX_LENGTH,
  AMOUNT_ITEM_KEYS,
  cleanText,
  FIDYAH_CATEGORIES,
  HOUSEHOLD_MAX_MEMBERS,
  FLOW_TYPES,
  SOURCES_OF_INCOME,
  FREQUENCIES,
  validateCompanyName,
  validateEmail,
  validateFullName,
  validateMobile,
  validateNric,
  validateOnBehalfOf,
  validateUen,
  type GiftItemKey,
} from "@portal/domain";
import { check } from "./donor-input";
import { Text } from "./decode";

const Count = Schema.Int;
const Amount = Schema.Int;

/** The gifts of the fund registry (`ilmu`, `wms`, ...): each an amount the donor chose. */
const giftFields = Object.fromEntries(
  AMOUNT_ITEM_KEYS.map((key) => [key, Schema.optionalKey(Amount)]),
) as { readonly [K in GiftItemKey]: Schema.optionalKey<typeof Amount> };

/** What the browser sends to create a donation. Every amount is priced again here. */
export const CreateDonation = Schema.Struct({
  flow: Schema.Literals(FLOW_TYPES),
  items: Schema.Struct({
    harta: Schema.optionalKey(Amount),
    // Checked by the domain (names, amounts, remarks, their sum); here only their shape and size.
    hartaItems: Schema.optionalKey(
      Schema.Array(
        Schema.Struct({
          name: Text(20),
          amount: Amount,
          remark: Schema.Array(Text(100)).check(Schema.isMaxLength(50)),
        }),
      ).check(Schema.isMaxLength(10)),
    ),
    fitrah: Schema.optionalKey(
      Schema.Struct({
        normal: Count,
        premium: Count,
        variable: Schema.optionalKey(Schema.Struct({ persons: Count, rate: Amount })),
      }),
    ),
    // Named people (a household): fitrah, days of fidyah and zakat harta for each; a signed-in
    // donor's kept person by id (named by the server from their own list, issue 33). The domain
    // checks names, kinds, days, amounts and rates.
    household: Schema.optionalKey(
      Schema.Array(
        Schema.Struct({
          name: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
          memberId: Schema.optionalKey(Text(36)),
          fitrah: Schema.optionalKey(Schema.Literals(["normal", "premium", "own"])),
          ownRateCents: Schema.optionalKey(Amount),
          fidyahDays: Schema.optionalKey(Count),
          hartaCents: Schema.optionalKey(Amount),
        }),
      ).check(Schema.isMaxLength(HOUSEHOLD_MAX_MEMBERS)),
    ),
    fidyah: Schema.optionalKey(
      Schema.Struct({
        days: Count,
        types: Schema.optionalKey(
          Schema.Array(Schema.Literals(FIDYAH_CATEGORIES)).check(Schema.isMaxLength(3)),
        ),
        // §4's direct category amounts; the domain checks each against the fidyah limit.
        amounts: Schema.optionalKey(
          Schema.Struct({
            haid: Schema.optionalKey(Amount),
            pregnancy: Schema.optionalKey(Amount),
            illness: Schema.optionalKey(Amount),
          }),
        ),
      }),
    ),
    sourceOfIncome: Schema.optionalKey(Schema.Literals(SOURCES_OF_INCOME)),
    kaffarah: Schema.optionalKey(
      Schema.Union([
        Schema.Struct({ kind: Schema.Literals(["jimak", "nazar"]), quantity: Count }),
        Schema.Struct({ kind: Schema.Literal("custom"), amount: Amount }),
      ]),
    ),
    ...giftFields,
  }),
  totalCents: Amount,
  /**
   * Issue 33: the card fee the donor chose to cover, as checkout showed it (cents); the server works
   * it out again from the provider's fee and refuses another figure (`donation.feeMismatch`).
   */
  coverFeeCents: Schema.optionalKey(Amount),
  ratesVersion: Schema.Int,
  frequency: Schema.optionalKey(Schema.Literals(FREQUENCIES)),
  // A payment of the donor's own instalment plan (docs/instalments.md); the plan sets its amount.
  instalment: Schema.optionalKey(
    Schema.Struct({ planId: Text(64), part: Schema.Literals(["first", "settle"]) }),
  ),
  /** The page's language: a recurring gift's e-mails and its manage link follow it (English if unsaid). */
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
  donor: Schema.optionalKey(
    Schema.Struct({
      name: Text(NAME_MAX_LENGTH),
      email: Text(254),
      anonymous: Schema.Boolean,
      countryCode: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^\+\d{1,4}$/))),
      mobile: Schema.optionalKey(Text(20)),
      /** Paying for someone else (session state isOthers): their name. */
      onBehalfOf: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
      /** Paying on behalf of someone who has died (isDeceased). */
      isDeceased: Schema.optionalKey(Schema.Boolean),
      /** A business paying (isBusinessPayer): its name and UEN. */
      business: Schema.optionalKey(
        Schema.Struct({
          companyName: Text(NAME_MAX_LENGTH),
          uen: Text(10),
        }),
      ),
      /** IRAS inclusion (hasIRASInclusion): the NRIC/FIN, or the UEN of a business payer. */
      taxId: Schema.optionalKey(Text(12)),
    }),
  ),
});

export type DonorInput = NonNullable<typeof CreateDonation.Type.donor>;

/**
 * A household's order across funds (docs/households.md "One payment across funds"): a part per fund
 * (zakat, fidyah), each with the items and total a donation's create takes, one donor and one
 * rates version for all; each part priced again on the server.
 */
export const CreateDonationOrder = Schema.Struct({
  parts: Schema.Array(
    Schema.Struct({
      // The funds a household pays (the use case checks: `donation.orderFunds` for another).
      flow: Schema.Literals(FLOW_TYPES),
      items: CreateDonation.fields.items,
      totalCents: Amount,
    }),
  ).check(Schema.isMinLength(1), Schema.isMaxLength(2)),
  ratesVersion: Schema.Int,
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
  donor: CreateDonation.fields.donor,
});

/**
 * §5's text helper on the harta remarks the calculator sent (printed on the receipt), as the page
 * applies it while typing; a remark left empty by it is dropped.
 */
export const withCleanRemarks = (
  request: typeof CreateDonation.Type,
): typeof CreateDonation.Type => {
  const items = request.items.hartaItems;
  if (items === undefined) return request;
  return {
    ...request,
    items: {
      ...request.items,
      hartaItems: items.map((item) => ({
        ...item,
        remark: item.remark.map((remark) => cleanText(remark).trim()).filter((r) => r !== ""),
      })),
    },
  };
};

/**
 * The donor's details checked with the domain's validators (§5). The identity number for IRAS
 * inclusion is sealed here and never stored or returned in clear; the rest is kept for the receipt.
 */
export function checkedDonor(donor: DonorInput) {
  // §5's text helper on every free-text field, as the page applies it while typing.
  const name = cleanText(donor.name).trim();
  check(name === "" ? "validation.fullName.enter" : validateFullName(name));
  check(validateEmail(donor.email.trim()));
  // Checkout always sends the mobile field as the donor left it: "" is a mobile cleared (the receipt
  // then shows none, not the account's or the enrolment's); no field at all leaves theirs to stand.
  const mobile = donor.mobile?.replace(/\s/g, "");
  if (mobile) check(validateMobile(mobile));
  const onBehalfOf =
    donor.onBehalfOf === undefined ? undefined : cleanText(donor.onBehalfOf).trim();
  if (onBehalfOf !== undefined) check(validateOnBehalfOf(onBehalfOf));
  if (donor.business) {
    check(validateCompanyName(cleanText(donor.business.companyName).trim(), { allowDot: true }));
    check(validateUen(donor.business.uen.trim().toUpperCase()));
  }
  const taxId = donor.taxId?.trim().toUpperCase();
  if (taxId !== undefined) {
    // A business payer is included under its UEN; anyone else under their NRIC/FIN.
    check(donor.business ? validateUen(taxId) : validateNric(taxId));
  }
  const details = {
    name,
    email: donor.email.trim(),
    anonymous: donor.anonymous,
    ...(mobile === undefined
      ? {}
      : mobile === ""
        ? { mobile: null }
        : { countryCode: donor.countryCode ?? "+65", mobile }),
    ...(onBehalfOf === undefined ? {} : { onBehalfOf }),
    ...(donor.isDeceased ? { isDeceased: true } : {}),
    ...(donor.business
      ? {
          business: {
            companyName: cleanText(donor.business.companyName).trim(),
            uen: donor.business.uen.trim().toUpperCase(),
          },
        }
      : {}),
    irasInclusion: taxId !== undefined,
  };
  return { details, taxId };
}

export const DonationRef = Schema.Struct({
  donationId: Text(64),
  clientSecret: Text(200),
});

export const Confirm = Schema.Struct({
  donationId: Text(64),
  clientSecret: Text(200),
  paymentMethodId: Text(100),
  /** A card from Google Pay or Apple Pay (recorded as payment type 2 or 3). */
  wallet: Schema.optionalKey(Schema.Literals(["google_pay", "apple_pay"])),
  saveCard: Schema.optionalKey(Schema.Boolean),
});
