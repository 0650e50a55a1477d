import { Schema } from "effect";
import { brandOf, FLOW_TYPES, siteLinkOfFlow } from "@portal/domain";
import type { DonorView, TransactionPage } from "@portal/adapters/db";
import { storedSiteLinks } from "./configuration";
import type { PortalServices } from "../app/services";
import { decode, Text, TransactionBody } from "./decode";
import {
  encodedSuccess,
  failure,
  RequestError,
  success,
  successBytes,
  transactionNotFound,
} from "./envelope";
import { receiptLookupWait } from "../rate-limits/shared";
import { PAGE_SIZE } from "./public";
import { keptAnswers, type KeptAnswers } from "./kept-answers";
import type { Handler, HandlerServices } from "./types";
import { userData } from "./donors";
import { verificationOf } from "./verify";
import { languages } from "../../i18n/languages";

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

/** Which page of the caller's list a request asks for (the phone number and e-mail play no part). */
const listQuery = (body: unknown) => {
  const request = decode(TransactionsBody, body ?? {});
  return {
    pageNo: request.pageNo ?? 1,
    pageSize: Math.min(request.pageSize ?? PAGE_SIZE, PAGE_SIZE),
    source: request.source ?? undefined,
    year: request.year ?? undefined,
    flow: request.fund ?? undefined,
  };
};

/** What a list call answers with a page of the caller's list (its envelope's fields). */
type ListAnswer = (page: TransactionPage) => Record<string, unknown>;

const withoutRefunds = (page: TransactionPage) =>
  page.records.map(({ isRefunded: _refunded, ...record }) => record);

/**
 * The caller's own paid donations, a page at a time (at most 100); not registered: an empty list.
 * The encoded answer is kept per call, donor and page with the version of the donor's list read in
 * the same statement as the sign-out check (migration 034): while that version is still the
 * database's, the kept bytes are the answer, so a request costs that one statement. Any write that
 * changes the list (on any instance) draws a new version in its own transaction, so the next request
 * makes the list afresh; a sign-out refuses the token at that same statement.
 */
const listCall =
  (answer: ListAnswer) =>
  ({ callers, records: { history } }: HandlerServices, kept: KeptAnswers): Handler =>
  async ({ call, headers, body }) => {
    const query = listQuery(body);
    const caller = await callers.historyCaller(headers);
    const key =
      caller.donorId === undefined ? undefined : JSON.stringify([call.name, caller.donorId, query]);
    const found = key === undefined ? undefined : kept.get(key, caller.historyVersion);
    if (found) return encodedSuccess(found);
    const donor = await caller.donor();
    const page = donor
      ? await history.transactions(donor, query)
      : { records: [], totalRecords: 0, years: [] };
    const bytes = successBytes(answer(page));
    if (key !== undefined && donor?.id === caller.donorId)
      kept.keep(key, caller.historyVersion, bytes);
    return encodedSuccess(bytes);
  };

/** getDonorTransactions, and the third-party form that also says which gifts were refunded. */
const getDonorTransactions = listCall((page) => ({
  resultDonationListResponse: withoutRefunds(page),
  totalRecords: page.totalRecords,
  years: page.years,
}));
const getDonorTransactionsThirdparty = listCall((page) => ({
  resultDonationListResponse: page.records,
  totalRecords: page.totalRecords,
  years: page.years,
}));
const getUserTransactions = listCall((page) => ({
  data: withoutRefunds(page),
  totalRecords: page.totalRecords,
}));

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
  ({ callers, records: services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { identity, donor } = await callers.donorOf(headers);
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
  ({ callers, records: services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const { identity, donor } = await callers.donorOf(headers);
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
  ({ callers, records: { history } }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    const cards = await history.savedCards(donor.id);
    return success({ data: { userStripeTokens: { result: cards } } });
  };

const ReceiptBody = Schema.Struct({
  token: Schema.optionalKey(Text(100)),
  /** The page's language: the verify link and its QR code's name are in it (issue 32). */
  lang: Schema.optionalKey(Schema.Literals(languages)),
});

/**
 * getThirdPartyDonationReceiptData?transactionNo: a receipt, for its signed-in owner by transaction
 * number, or for anyone holding its receipt token (sent in the body, never in the URL).
 */
const getThirdPartyDonationReceiptData =
  ({ callers, services, records: { receipts: records } }: HandlerServices): Handler =>
  async ({ headers, query, body, clientAddress }) => {
    const { token, lang = languages[0] } = decode(ReceiptBody, body ?? {});
    // Counted before anything is read, so trying tokens or transaction numbers soon stops answering.
    const wait = await receiptLookupWait(
      services,
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
      const donor = await callers.registeredDonor(headers);
      receipt = await records.find({ by: "owner", donorId: donor.id, transactionNo });
    }
    if (!receipt) throw transactionNotFound();
    // §3's websiteUrl: the site of the receipt's fund (the header's back-to-site link, as officers set
    // it: issue 34); issue 32's verification code, link and QR code.
    const links = await storedSiteLinks(services);
    const websiteUrl = links?.[siteLinkOfFlow(receipt.flow, brandOf(receipt.flow))] ?? "";
    return success({
      data: {
        ...receipt,
        websiteUrl,
        ...(await verificationOf(services.config, receipt, lang)),
      },
    });
  };

export const historyHandlers = (given: HandlerServices, kept = keptAnswers()) =>
  ({
    getDonorTransactions: getDonorTransactions(given, kept),
    getDonorTransactionsThirdparty: getDonorTransactionsThirdparty(given, kept),
    getUserTransactions: getUserTransactions(given, kept),
    getDonorByTransactionNumber: getDonorByTransactionNumber(given),
    getLastTxnDonorDetailsByNric: getLastTxnDonorDetailsByNric(given),
    getUserStripeToken: getUserStripeToken(given),
    getThirdPartyDonationReceiptData: getThirdPartyDonationReceiptData(given),
  }) satisfies Record<string, Handler>;
