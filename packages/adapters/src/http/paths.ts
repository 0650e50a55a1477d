/**
 * The portal's own calls of spec §7, as plain data shared by the browser client and the server that
 * mounts them. Third-party calls (card provider, geocoding, OneMap) live in their own adapters.
 */

export type BaseName = "main" | "payment" | "donor" | "configuration" | "wakaf";

/** Where each base is mounted: a path on the portal's origin or an absolute URL. */
export type Bases = Readonly<Record<BaseName, string>>;

export const defaultBases: Bases = {
  main: "/svc/main",
  payment: "/svc/payment",
  donor: "/svc/donor",
  configuration: "/svc/configuration",
  wakaf: "/svc/wakaf",
};

export interface ApiCall {
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly base: BaseName;
  /** The path under its base, as the spec writes it. */
  readonly path: string;
  /** Query parameter names the call accepts; nothing else may go into its URL. */
  readonly query: ReadonlyArray<string>;
  /** A list call's empty result is `[]`; any other call's is a status object (see `emptyResultFor`). */
  readonly list: boolean;
  /** The `status` a successful body carries, where the spec states one. */
  readonly okStatus?: 0 | 1;
}

type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

interface CallOptions {
  readonly query?: ReadonlyArray<string>;
  readonly list?: boolean;
  readonly okStatus?: 0 | 1;
}

/** A call named after the last segment of its path. */
const define =
  (method: "GET" | "POST") =>
  <const P extends string>(base: BaseName, path: P, options: CallOptions = {}) => ({
    name: path.slice(path.lastIndexOf("/") + 1) as LastSegment<P>,
    method,
    base,
    path,
    query: options.query ?? [],
    list: options.list ?? false,
    ...(options.okStatus === undefined ? {} : { okStatus: options.okStatus }),
  });
const get = define("GET");
const post = define("POST");

export const apiCalls = [
  // main
  post("main", "/User/getSignInUserDetails", { okStatus: 1 }),
  get("main", "/User/getUserStripeToken", { query: ["Guid", "charityId"], list: true }),
  post("main", "/User/removeUserStripeToken"),
  post("main", "/v1/Donation/getUserTransactions", { list: true, okStatus: 1 }),
  post("main", "/v1/Home/homePageConfiguration", { query: ["charityId"] }),
  // the council's published Hijri month starts (ours; docs/hijri-calendar.md)
  post("main", "/v1/Home/hijriCalendar"),
  post("main", "/v1/Donation/donorWall", {
    query: ["charityId", "pageNumber", "pageSize"],
    list: true,
  }),
  post("main", "/v1/Donation/getPayPartners", { query: ["charityId"], list: true }),
  // payment
  post("payment", "/api/Donation/getDonorTransactions", { list: true }),
  post("payment", "/api/Donation/getDonorTransactionsThirdparty", { list: true }),
  post("payment", "/api/Donation/getCognitoUser"),
  post("payment", "/api/Donation/getDonorTxnRecurrentStatus"),
  post("payment", "/api/Donation/cancelRecurringPayment"),
  post("payment", "/api/Donation/updateRecurringPlan"),
  post("payment", "/api/Donation/getRecurringPlans", { list: true }),
  post("payment", "/api/Donation/getThirdPartyDonationReceiptData", { query: ["transactionNo"] }),
  // /verify: whether a receipt is genuine, from its number and verification code (ours; issue 32)
  post("payment", "/api/Receipt/verifyReceipt"),
  post("donor", "/api/User/getTaxDeductionStatus"),
  post("donor", "/api/User/registerTaxDeduction"),
  // the haul tracker (ours; docs/haul-tracker.md)
  post("donor", "/api/User/getHaulTracker"),
  post("donor", "/api/User/saveHaulEntry"),
  post("donor", "/api/User/deleteHaulEntry"),
  // the year-end statement and the harta due date's calendar file (ours; docs/api.md)
  post("payment", "/api/Donation/getTaxYearStatement"),
  post("payment", "/api/Donation/getZakatDueCalendar"),
  // the signed-in donor's reminder choices (ours; docs/reminders.md)
  post("donor", "/api/User/getReminderPreferences"),
  post("donor", "/api/User/setReminderPreferences"),
  // donor
  post("donor", "/api/User/checkCognitoNricExists"),
  post("donor", "/api/User/getEmailListForUser", { list: true }),
  post("donor", "/api/User/getDonorCognitoStatus"),
  post("donor", "/api/User/enrollDonorManuallyPreDonation"),
  post("donor", "/api/User/confirmSingpassPreDonation"),
  post("donor", "/api/User/getLastTxnDonorDetailsByNric"),
  post("donor", "/api/User/checkCognitoMobileExists"),
  post("donor", "/api/User/registerCognitoUser", { okStatus: 0 }),
  post("donor", "/api/User/updateCognitoUser"),
  post("donor", "/api/User/getDonorByTransactionNumber"),
  post("donor", "/api/User/updateDonorCognitoProfile"),
  post("donor", "/api/User/updateDonorEmailCognitoProfile"),
  // the donor's own data (ours; docs/account.md): everything held, as a file; closing the account
  post("donor", "/api/User/getMyData"),
  post("donor", "/api/User/closeAccount"),
  // the NRIC given before a social sign-up (ours; docs/api.md), held by the server for the guest
  post("donor", "/api/User/holdSocialNric"),
  post("donor", "/api/User/socialNricHeld"),
  post("donor", "/api/User/forgetSocialNric"),
  // saved zakat harta assessments (ours; issue 33, docs/assessments.md): the signed-in donor's own
  post("donor", "/api/Assessment/listAssessments", { list: true }),
  post("donor", "/api/Assessment/saveAssessment"),
  post("donor", "/api/Assessment/getAssessment"),
  post("donor", "/api/Assessment/deleteAssessment"),
  // the year's ledger (ours; issue 33, docs/ledger.md): the signed-in donor's own Hijri year
  post("donor", "/api/Ledger/getYearLedger"),
  // instalment plans towards a saved assessment (ours; issue 33, docs/instalments.md): the donor's own
  post("donor", "/api/Instalment/listInstalmentPlans", { list: true }),
  post("donor", "/api/Instalment/startInstalmentPlan"),
  post("donor", "/api/Instalment/stopInstalmentPlan"),
  // the portal's side of a global sign-out (ours; docs/api.md): the caller's ID tokens end here too
  post("donor", "/api/User/signOutEverywhere"),
  // the people a donor keeps for household payments (ours; docs/households.md)
  post("donor", "/api/User/getHouseholdMembers", { list: true }),
  post("donor", "/api/User/saveHouseholdMember"),
  post("donor", "/api/User/removeHouseholdMember"),
  // the donor's log of missed fasts and the fidyah owed (ours; docs/missed-fasts.md)
  post("donor", "/api/User/getMissedFasts"),
  post("donor", "/api/User/saveMissedFast"),
  post("donor", "/api/User/removeMissedFast"),
  post("donor", "/api/User/recordMissedFastsPaid"),
  // postal-code lookup (ours; docs/api.md): OneMap's search, asked by the server
  post("donor", "/api/User/lookupPostalCode"),
  // "use my current location" (ours; docs/api.md): Google's reverse geocoding, asked by the server
  post("donor", "/api/User/lookupLocation"),
  // Singpass enrolment (ours; docs/api.md): the login's steps, kept on the server for the guest
  post("donor", "/api/Singpass/startSingpassLogin"),
  post("donor", "/api/Singpass/completeSingpassLogin"),
  post("donor", "/api/Singpass/getSingpassPerson"),
  // configuration
  post("configuration", "/api/Configuration/configureWebForCharity", {
    query: ["charityId"],
    okStatus: 1,
  }),
  // wakaf
  post("wakaf", "/v1/Donation/donationWidget", { query: ["charityId"] }),
  post("wakaf", "/v1/Home/getHomePageConfiguration", { query: ["charityId"] }),
  // the last ten nights of Ramadan (ours; docs/last-ten-nights.md): the signed-in donor's own
  // schedules, and the one a manage link's token opens (the token in the body)
  post("wakaf", "/v1/Nights/getLastTenNights"),
  post("wakaf", "/v1/Nights/scheduleLastTenNights"),
  post("wakaf", "/v1/Nights/stopLastTenNights"),
  post("wakaf", "/v1/Nights/getNightsByLink"),
  post("wakaf", "/v1/Nights/stopNightsByLink"),
  // the payment API (ours; docs/payment-api.md), in the style of PaymentIntents
  post("payment", "/v1/donations/create"),
  // a household's order across funds (issue 33; docs/households.md): one donation per fund at once
  post("payment", "/v1/donations/createOrder"),
  post("payment", "/v1/donations/confirm"),
  post("payment", "/v1/donations/retrieve"),
  post("payment", "/v1/donations/payNow"),
  post("payment", "/v1/donations/payNowQrImage"),
  get("payment", "/v1/paymentConfiguration"),
  // the guest session (ours; docs/api.md): issued by the server instead of service credentials
  post("main", "/v1/session/guest"),
  // a mosque counter device's sync (ours; docs/counter.md): the payments it took offline, signed
  post("payment", "/v1/counter/syncEntries"),
  // PayNow at the counter (online; docs/counter.md): a payment the device's key signed, its receipt
  post("payment", "/v1/counter/startCounterPayNow"),
  post("payment", "/v1/counter/counterPayNowReceipt"),
  // a kiosk's calls (ours; docs/counter.md "Kiosks"): a payment its key signed, NETS, its receipt
  post("payment", "/v1/kiosk/startKioskPayment"),
  post("payment", "/v1/kiosk/payKioskByNets"),
  post("payment", "/v1/kiosk/kioskReceipt"),
  post("payment", "/v1/kiosk/emailKioskReceipt"),
] as const satisfies ReadonlyArray<ApiCall>;

export type ApiCallName = (typeof apiCalls)[number]["name"];

/** The call of that name; throws for a name the table does not hold (a programming error). */
export const apiCall = (name: ApiCallName): ApiCall => {
  const call: ApiCall | undefined = apiCalls.find((c) => c.name === name);
  if (call === undefined) throw new Error(`Unknown API call: ${name}`);
  return call;
};

export type QueryValue = string | number | boolean;

/**
 * The URL of a call under the given bases. Only the call's declared query names are accepted, so an
 * NRIC or a token can never slip into a URL (and from there into access logs).
 */
export const urlFor = (
  call: ApiCall,
  bases: Bases = defaultBases,
  query: Readonly<Record<string, QueryValue | undefined>> = {},
): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (!call.query.includes(key)) {
      throw new Error(`Query parameter ${key} is not declared for ${call.name}`);
    }
    if (value !== undefined) params.set(key, String(value));
  }
  const base = bases[call.base].replace(/\/+$/, "");
  const search = params.toString();
  return `${base}${call.path}${search === "" ? "" : `?${search}`}`;
};
