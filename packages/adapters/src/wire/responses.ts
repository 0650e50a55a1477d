import { AMOUNT_ITEM_KEYS, FIDYAH_CATEGORIES, FLOW_TYPES, SOURCES_OF_INCOME } from "@portal/domain";
import { Schema } from "effect";
import type { ApiCallName } from "../http/paths";
import { ReceiptAttributes } from "./receipt-attributes";
import { VerifiedReceipt } from "./verified-receipt";
import { haulResponses } from "./haul-tracker";
import { myDataResponses } from "./my-data";
import { counterResponses, PAYMENT_METHODS } from "./counter-responses";
import { reminderResponses } from "./reminder-responses";
import { nightResponses } from "./night-responses";
import { assessmentResponses } from "./assessment-responses";
import { ledgerResponses } from "./ledger-responses";
import { instalmentResponses } from "./instalment-responses";
import { Address, FoundAddress, Masked, SingpassPerson } from "./person";
import { yearResponses } from "./year-responses";

export { ReceiptAttributes, Address, FoundAddress, SingpassPerson };
export { InstalmentPlanWire } from "./instalment-responses";
// Served beside the call table (src/server/api/collections.ts), read by the collections page alone.
export { CollectionsData } from "./collections-response";

/**
 * The answers of the portal's calls as the browser reads them: one schema per call, shared by the
 * browser code that decodes them and by the contract test that holds the server to them. Amounts are
 * integer cents; an NRIC only ever appears masked.
 */
const Str = Schema.String;
const NullStr = Schema.NullOr(Schema.String);
const Int = Schema.Int;
const CardFee = Schema.Struct({ basisPoints: Int, fixedCents: Int }); // the card fee (issue 33)
const Gateway = Schema.Literals(["sandbox", "stripe"]);
/** A fund's flow, from the fund registry. */
const Flow = Schema.Literals(FLOW_TYPES);

const envelope = <F extends Schema.Struct.Fields>(status: 0 | 1, fields: F) =>
  Schema.Struct({ status: Schema.Literal(status), message: Str, ...fields });
const ok = <F extends Schema.Struct.Fields>(fields: F) => envelope(1, fields);
const okOrNot = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Union([envelope(1, fields), envelope(0, {})]);
const Plain = Schema.Struct({ status: Schema.Literals([0, 1]), message: Str });

/** Spec §3, transaction record. */
export const TransactionRecord = Schema.Struct({
  transactionNo: Str,
  donorName: Str,
  donorPhone: NullStr,
  donorEmail: NullStr,
  nricNumber: Schema.NullOr(Masked),
  donationAmount: Int,
  donationFrom: Schema.Literals(["individual", "corporate"]),
  donationTimeStamp: Str,
  method: Schema.Literals(["DebitCard", "PayNow"]),
  status: Schema.Literals(["Completed", "Refunded", "Voided"]),
  paymentMethod: NullStr,
  cardLastDigit: NullStr,
  nextDonationDate: NullStr,
  receiptLink: NullStr,
  isSingPass: Schema.Boolean,
  receiptNo: NullStr,
  donationTo: Str,
  recurringFrequency: Str,
  donationType: Flow,
  paymentType: Int,
  source: Str,
  isIRASInclusion: Schema.Boolean,
});
export const ThirdPartyTransactionRecord = Schema.Struct({
  ...TransactionRecord.fields,
  isRefunded: Schema.Boolean,
});

/** Spec §3, signed-in user data (the NRIC masked). */
export const UserData = Schema.Struct({
  name: Str,
  userId: Str,
  aliasname: Str,
  countryCode: Str,
  mobile: Str,
  email: Str,
  registeredAddress: Str,
  pincode: Str,
  nric: Schema.Union([Masked, Schema.Literal("")]),
  countryofbirth: Str,
  dialect: Str,
  nationality: Str,
  dateofbirth: Str,
  sex: Str,
  iAgree: Schema.Boolean,
  race: Str,
  onbehalfof: Str,
  accountCreated: Str,
  streetandpostal: Str,
  address: Address,
  singpassFields: Schema.Array(Str), // the fields Singpass gave (corrected at Singpass)
});

/** A recurring plan as its owner sees it (account area). */
export const RecurringPlan = Schema.Struct({
  transactionNo: Str,
  isRecurring: Schema.Literal(true),
  recurringStatus: Schema.Literals(["active", "suspended", "cancelled"]),
  frequency: Str,
  nextDonationDate: NullStr,
  amountCents: Int,
  card: Schema.NullOr(Schema.Struct({ brand: Str, last4: Str })),
  flow: Flow,
  amountEditable: Schema.Boolean,
});

/** A donation's standing for IRAS inclusion (`/register/tax-deduction`). */
export const TaxDeduction = Schema.Struct({
  transactionNo: Str,
  flow: Flow,
  amountCents: Int,
  donatedAt: Str,
  receiptNo: NullStr,
  eligible: Schema.Boolean,
  registered: Schema.NullOr(
    Schema.Struct({
      idKind: Schema.Literals(["NRIC", "FIN", "UEN"]),
      idShown: Schema.Union([Masked, Schema.String.check(Schema.isPattern(/^[0-9A-Z]{9,10}$/))]),
    }),
  ),
});

/** Spec §3, receipt data, as far as the portal records it. */
export const ReceiptData = Schema.Struct({
  receiptNo: Str,
  transactionNo: Str,
  transactionDateTime: Str,
  source: Str,
  totalAmount: Int,
  donationAmount: Int,
  hartaAmount: Int,
  fitrahAmount: Int,
  fidyahAmount: Int,
  kaffarahAmount: Int,
  wakafIlmuAmount: Int,
  wakafWMSAmount: Int,
  wakafType: Schema.NullOr(Schema.Literals(AMOUNT_ITEM_KEYS)),
  wakafFrequency: NullStr,
  frequency: Str,
  donorType: Schema.Literals(["individual", "corporate", "guest"]),
  donorName: Str,
  donorEmail: NullStr,
  donorPhone: NullStr,
  nirc: Schema.NullOr(Masked),
  companyName: NullStr,
  isAnonymous: Schema.Boolean,
  paymentMethod: Str,
  paymentType: Int,
  paymentStatus: Schema.Literals(["Accepted", "Refunded", "Voided"]),
  cardDetails: NullStr,
  cardBrand: NullStr,
  referenceNumber: NullStr,
  bankName: NullStr,
  typeOfZakat: Schema.Array(Schema.Literals(["harta", "fitrah"])),
  flow: Flow,
  floorNo: NullStr,
  unitNo: NullStr,
  blockNo: NullStr,
  streetName: NullStr,
  buildingName: NullStr,
  countryCode: NullStr,
  postalCode: NullStr,
  donorRegisteredAddress: NullStr,
  isDeceased: Schema.Boolean,
  onBehalfOf: NullStr,
  isIRASInclusion: Schema.Boolean,
  nextZakatDueDate: NullStr,
  mosqueName: NullStr,
  amilId: NullStr,
  amilName: NullStr,
  attributes: ReceiptAttributes,
  /** §3's `typeOfFidyah`, `sourceOfIncome` and `websiteUrl` (issue 23). */
  typeOfFidyah: Schema.optionalKey(Schema.Array(Schema.Literals(FIDYAH_CATEGORIES))),
  sourceOfIncome: Schema.optionalKey(Schema.NullOr(Schema.Literals(SOURCES_OF_INCOME))),
  websiteUrl: Schema.optionalKey(Str),
  /** When a re-issue corrected the particulars shown (issue 22); null as first issued. */
  reissuedAt: Schema.optionalKey(NullStr),
  /** The receipt number a re-issue replaces (issue 18); null for an original. */
  replacesReceiptNo: Schema.optionalKey(NullStr),
  /** Cents given back by part refunds (issue 18); a full refund reads Refunded instead. */
  refundedAmount: Schema.optionalKey(Int),
  feeCents: Schema.optionalKey(Int),
  /**
   * Issue 32: the receipt's verification code, the verify page's link (its number and code, at the
   * fund's site) and that link drawn as an SVG QR code.
   */
  verificationCode: Schema.optionalKey(Str),
  verifyUrl: Schema.optionalKey(Str),
  verifyQrSvg: Schema.optionalKey(Str),
});
export type ReceiptDataWire = typeof ReceiptData.Type;

/** The payment API's donation (docs/payment-api.md). */
export const Donation = Schema.Struct({
  id: Str,
  transactionNo: Str,
  status: Schema.Literals(["requires_payment_method", "requires_action", "succeeded"]),
  totalCents: Int,
  feeCents: Int,
  amounts: Schema.Record(Str, Int),
  card: Schema.NullOr(Schema.Struct({ brand: Str, last4: Str })),
  lastPaymentError: NullStr,
  receipt: Schema.NullOr(Schema.Struct({ receiptNo: Str, token: Str })),
  flow: Flow,
  frequency: Str,
  nextAction: Schema.NullOr(
    Schema.Struct({ kind: Schema.Literals(["redirect", "qr"]), payload: Str }),
  ),
  paymentMethod: Schema.NullOr(Schema.Literals(PAYMENT_METHODS)),
  payNow: Schema.NullOr(Schema.Struct({ payload: Str, expiresAt: Str })),
});

/** The years filter of the account area: the Singapore calendar years the donor gave in. */
const Years = Schema.Array(Int);
const list = ok({
  resultDonationListResponse: Schema.Array(TransactionRecord),
  totalRecords: Int,
  years: Years,
});

export const responseSchemas = {
  getSignInUserDetails: okOrNot({ data: UserData }),
  getUserStripeToken: ok({
    data: Schema.Struct({
      userStripeTokens: Schema.Struct({
        result: Schema.Array(
          Schema.Struct({ id: Str, brand: Str, last4: Str, expMonth: Int, expYear: Int }),
        ),
      }),
    }),
  }),
  getUserTransactions: ok({ data: Schema.Array(TransactionRecord), totalRecords: Int }),
  homePageConfiguration: ok({ data: Schema.Struct({ version: Int }) }),
  getHomePageConfiguration: ok({ data: Schema.Struct({ version: Int }) }),
  hijriCalendar: ok({
    data: Schema.Struct({
      months: Schema.Array(
        Schema.Struct({
          year: Int,
          month: Int,
          start: Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/)),
        }),
      ),
    }),
  }),
  donorWall: ok({
    data: Schema.Array(
      Schema.Struct({ donorName: Str, donationAmount: Int, donationTimeStamp: Str }),
    ),
    totalRecords: Int,
  }),
  getPayPartners: ok({
    data: Schema.Array(Schema.Struct({ id: Int, name: Str, icon: Str, paymentType: Int })),
  }),
  getDonorTransactions: list,
  getDonorTransactionsThirdparty: ok({
    resultDonationListResponse: Schema.Array(ThirdPartyTransactionRecord),
    totalRecords: Int,
    years: Years,
  }),
  getCognitoUser: ok({ data: Schema.Struct({ isEmailExists: Schema.Boolean, accCount: Int }) }),
  getDonorTxnRecurrentStatus: ok({
    data: Schema.Struct({
      transactionNo: Str,
      isRecurring: Schema.Boolean,
      recurringStatus: Schema.NullOr(Schema.Literals(["active", "suspended", "cancelled"])),
      frequency: Str,
      nextDonationDate: NullStr,
      /** With a manage link's token: the plan's amount (cents) and fund. */
      amountCents: Schema.optionalKey(Int),
      flow: Schema.optionalKey(Str),
    }),
  }),
  cancelRecurringPayment: Plain,
  updateRecurringPlan: ok({ data: RecurringPlan }),
  getRecurringPlans: ok({ data: Schema.Array(RecurringPlan) }),
  getTaxDeductionStatus: ok({ data: TaxDeduction }),
  registerTaxDeduction: ok({ data: TaxDeduction }),
  ...haulResponses,
  removeUserStripeToken: ok({ data: Schema.Struct({ id: Str }) }),
  getThirdPartyDonationReceiptData: ok({ data: ReceiptData }),
  verifyReceipt: ok({ data: VerifiedReceipt }),
  getTaxYearStatement: ok({
    data: Schema.Struct({
      fileName: Str,
      pdfBase64: Str,
      totals: Schema.Struct({ "zakat-1x": Int, "wakaf-250": Int, none: Int }),
    }),
  }),
  getZakatDueCalendar: okOrNot({
    data: Schema.Struct({
      fileName: Str,
      ics: Str,
      dueDate: Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  }),
  ...assessmentResponses,
  ...ledgerResponses,
  ...instalmentResponses,
  checkCognitoNricExists: Schema.Union([
    ok({ data: Schema.Struct({ isExists: Schema.Literal(false) }) }),
    envelope(0, { code: Schema.Literal("nirc_exists") }),
  ]),
  getEmailListForUser: ok({ data: Schema.Array(Schema.Struct({ email: Str })) }),
  getDonorCognitoStatus: ok({
    data: Schema.Struct({ isRegistered: Schema.Boolean, donorType: NullStr, enrolment: NullStr }),
  }),
  enrollDonorManuallyPreDonation: ok({
    data: Schema.Struct({ enrolmentId: Schema.Literals([1, 2]) }),
  }),
  confirmSingpassPreDonation: ok({
    data: Schema.Struct({ enrolmentId: Schema.Literal(1), enrolment: Schema.Literal("Singpass") }),
  }),
  startSingpassLogin: ok({ data: Schema.Struct({ url: Str }) }),
  completeSingpassLogin: ok({
    data: Schema.Struct({ next: Schema.Literal("ready"), url: Str }),
  }),
  getSingpassPerson: ok({ data: SingpassPerson }),
  getLastTxnDonorDetailsByNric: okOrNot({
    data: Schema.Struct({ ...UserData.fields, lastTransactionNo: NullStr }),
  }),
  checkCognitoMobileExists: ok({ data: Schema.Struct({ isExists: Schema.Boolean }) }),
  registerCognitoUser: envelope(0, {}),
  updateCognitoUser: Plain,
  getDonorByTransactionNumber: ok({ data: UserData }),
  updateDonorCognitoProfile: Plain,
  updateDonorEmailCognitoProfile: Plain,
  ...myDataResponses,
  holdSocialNric: ok({ data: Schema.Struct({ held: Schema.Literal(true), expiresAt: Str }) }),
  socialNricHeld: ok({ data: Schema.Struct({ held: Schema.Boolean }) }),
  forgetSocialNric: Plain,
  signOutEverywhere: Plain,
  lookupPostalCode: ok({ data: Schema.Struct({ addresses: Schema.Array(FoundAddress) }) }),
  lookupLocation: ok({ data: Schema.Struct({ address: Schema.NullOr(FoundAddress) }) }),
  configureWebForCharity: ok({
    data: Schema.Struct({
      mainCharityId: Int,
      signInRequired: Schema.Boolean,
      locationLookup: Schema.Boolean,
    }),
  }),
  donationWidget: ok({
    data: Schema.Struct({ charityId: Int, donationTypeId: Int, minAmount: Int, maxAmount: Int }),
  }),
  create: ok({ data: Schema.Struct({ ...Donation.fields, clientSecret: Str }) }),
  // A household's order across funds: one donation per fund, each paid as any donation.
  createOrder: ok({
    data: Schema.Struct({
      payments: Schema.Array(
        Schema.Struct({
          ...Donation.fields,
          clientSecret: Str,
          fund: Flow,
        }),
      ),
    }),
  }),
  confirm: ok({ data: Donation }),
  retrieve: ok({ data: Donation }),
  payNow: ok({ data: Donation }),
  payNowQrImage: ok({ data: Schema.Struct({ svg: Str, expiresAt: Str }) }),
  paymentConfiguration: ok({
    data: Schema.Struct({ gateway: Gateway, publishableKey: Str, cardFee: CardFee }),
  }),
  guest: ok({
    data: Schema.Struct({
      expiresAt: Str,
      // The guest's enrolment, what their receipts will carry (its holder only; the id masked).
      enrolment: Schema.optionalKey(
        Schema.Struct({
          enrolment: Schema.Literals(["Manually", "Singpass"]),
          kind: Schema.Literals(["individual", "corporate"]),
          name: Str,
          email: Schema.optionalKey(Str),
          countryCode: Schema.optionalKey(Str),
          mobile: Schema.optionalKey(Str),
          companyName: Schema.optionalKey(Str),
          idMasked: Schema.optionalKey(Masked),
        }),
      ),
    }),
  }),
  ...counterResponses,
  ...reminderResponses,
  ...nightResponses,
  ...yearResponses,
} satisfies Record<ApiCallName, Schema.Top>;

/** A call's answer decoded by its schema; throws with the mismatch when the server broke the contract. */
export const decodeResponse = <N extends ApiCallName>(
  name: N,
  body: unknown,
): (typeof responseSchemas)[N]["Type"] =>
  Schema.decodeUnknownSync(responseSchemas[name] as never)(body) as never;
