import { Schema } from "effect";
import { backToSiteLink } from "../../components/chrome/site";
import { FLOW_TYPES } from "@portal/domain";
import type { DonorView } from "@portal/adapters/db";
import type { PortalServices } from "../app/services";
import { registeredDonor, donorOf } from "./auth";
import { decode, Text, TransactionBody } from "./decode";
import { failure, RequestError, success, transactionNotFound } from "./envelope";
import { receiptLookupWait } from "./rate-limit";
import { PAGE_SIZE } from "./public";
import type { CallContext, Handler } from "./types";
import { userData } from "./donors";

const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 }));

/** §7's list body. The phone number and e-mail are accepted but never choose whose list it is. */
const TransactionsBody = Schema.Struct({
  pageNo: Schema.optionalKey(Page),
  pageSize: Schema.optionalKey(Page),
  phoneNumber: Schema.optionalKey(Schema.NullOr(Text(20))),
  email: Schema.optionalKey(Schema.NullOr(Text(254))),
  source: Schema.optionalKey(Schema.NullOr(Text(20))),
  /** A Singapore calendar (tax) year. */
  year: Schema.optionalKey(
    Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 2000, maximum: 2200 }))),
  ),
  /** One fund (a flow type). */
  fund: Schema.optionalKey(Schema.NullOr(Schema.Literals(FLOW_TYPES))),
});

/** The caller's own paid donations, a page at a time (at most 100). Not registered: an empty list. */
const transactionsOf = async (
  { history }: PortalServices,
  { headers, body }: CallContext,
  thirdParty: boolean,
) => {
  const request = decode(TransactionsBody, body ?? {});
  const { donor } = await donorOf(headers);
  const pageNo = request.pageNo ?? 1;
  const pageSize = Math.min(request.pageSize ?? PAGE_SIZE, PAGE_SIZE);
  const page = donor
    ? await history.transactions(donor, {
        pageNo,
        pageSize,
        source: request.source ?? undefined,
        year: request.year ?? undefined,
        flow: request.fund ?? undefined,
      })
    : { records: [], totalRecords: 0, years: [] };
  const records = thirdParty
    ? page.records
    : page.records.map(({ isRefunded: _refunded, ...record }) => record);
  return { records, totalRecords: page.totalRecords, years: page.years };
};

/** getDonorTransactions, and the third-party form that also says which gifts were refunded. */
const donorTransactions =
  (thirdParty: boolean) =>
  (services: PortalServices): Handler =>
  async (context) => {
    const page = await transactionsOf(services, context, thirdParty);
    return success({
      resultDonationListResponse: page.records,
      totalRecords: page.totalRecords,
      years: page.years,
    });
  };

const getUserTransactions =
  (services: PortalServices): Handler =>
  async (context) => {
    const page = await transactionsOf(services, context, false);
    return success({ data: page.records, totalRecords: page.totalRecords });
  };

const ownTransaction = async (
  { history }: PortalServices,
  donor: DonorView,
  transactionNo: string,
) => {
  const record = await history.transaction(donor, transactionNo);
  if (!record) throw transactionNotFound();
  return record;
};

/** getDonorByTransactionNumber: the donor of one of the caller's own donations. */
const getDonorByTransactionNumber =
  (services: PortalServices): Handler =>
  async ({ headers, body }) => {
    const { identity, donor } = await donorOf(headers);
    if (!donor) throw transactionNotFound();
    const { transactionNo } = decode(TransactionBody, body);
    await ownTransaction(services, donor, transactionNo);
    return success({ data: await userData(services, donor, identity.email) });
  };

/**
 * getLastTxnDonorDetailsByNric: the details the caller gave on their latest donation, to prefill the
 * next one. Never a lookup of someone else by NRIC: the donor comes from the sign-in.
 */
const getLastTxnDonorDetailsByNric =
  (services: PortalServices): Handler =>
  async ({ headers }) => {
    const { identity, donor } = await donorOf(headers);
    if (!donor) return success({ message: "No earlier donation", data: null }, {}, 0);
    const latest = await services.history.transactions(donor, { pageNo: 1, pageSize: 1 });
    return success({
      data: {
        ...(await userData(services, donor, identity.email)),
        lastTransactionNo: latest.records[0]?.transactionNo ?? null,
      },
    });
  };

/** getUserStripeToken: the caller's saved cards (brand, last four, expiry; the token stays on the server). */
const getUserStripeToken =
  ({ history }: PortalServices): Handler =>
  async ({ headers }) => {
    const donor = await registeredDonor(headers);
    const cards = await history.savedCards(donor.id);
    return success({ data: { userStripeTokens: { result: cards } } });
  };

const ReceiptBody = Schema.Struct({ token: Schema.optionalKey(Text(100)) });

/**
 * getThirdPartyDonationReceiptData?transactionNo: a receipt, for its signed-in owner by transaction
 * number, or for anyone holding its receipt token (sent in the body, never in the URL).
 */
const getThirdPartyDonationReceiptData =
  ({ receipts: records }: PortalServices): Handler =>
  async ({ headers, query, body, clientAddress }) => {
    const { token } = decode(ReceiptBody, body ?? {});
    // Counted before anything is read, so trying tokens or transaction numbers soon stops answering.
    const wait = await receiptLookupWait(
      headers,
      clientAddress,
      token === undefined ? "owner" : "token",
    );
    if (wait > 0) {
      return failure(
        429,
        "Too many receipt lookups; please try again shortly.",
        { "retry-after": String(wait) },
        "receipt.rateLimited",
      );
    }
    const transactionNo = query.get("transactionNo") ?? undefined;
    let receipt;
    if (token !== undefined) {
      receipt = await records.find({ by: "token", token });
      if (receipt && transactionNo !== undefined && receipt.transactionNo !== transactionNo)
        receipt = undefined;
    } else {
      if (transactionNo === undefined)
        throw new RequestError(400, "transactionNo or a receipt token is required");
      const donor = await registeredDonor(headers);
      receipt = await records.find({ by: "owner", donorId: donor.id, transactionNo });
    }
    if (!receipt) throw transactionNotFound();
    // §3's websiteUrl: the site of the receipt's fund (the header's back-to-site link).
    return success({ data: { ...receipt, websiteUrl: backToSiteLink(receipt.flow) } });
  };

export const historyHandlers = (services: PortalServices) =>
  ({
    getDonorTransactions: donorTransactions(false)(services),
    getDonorTransactionsThirdparty: donorTransactions(true)(services),
    getUserTransactions: getUserTransactions(services),
    getDonorByTransactionNumber: getDonorByTransactionNumber(services),
    getLastTxnDonorDetailsByNric: getLastTxnDonorDetailsByNric(services),
    getUserStripeToken: getUserStripeToken(services),
    getThirdPartyDonationReceiptData: getThirdPartyDonationReceiptData(services),
  }) satisfies Record<string, Handler>;
