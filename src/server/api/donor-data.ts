import { Schema } from "effect";
import type { DonorView, TransactionRecord } from "@portal/adapters/db";
import { decode } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/** A personal field the portal holds, and where it came from (PDPA access; docs/account.md). */
export interface HeldField {
  readonly field: string;
  readonly value: string;
  readonly source: "singpass" | "typed";
}

/**
 * Every personal field of the donor's record, in the order the profile shows them. The NRIC only
 * masked, in the file as on screen: the donor knows their own number, and a file that leaves the
 * portal (a shared computer's downloads, a forwarded e-mail) must not carry it (facts.md, PDPC).
 */
export const heldFields = (donor: DonorView, email: string | undefined): HeldField[] => {
  const fromSingpass = new Set(donor.singpassFields);
  const { profile, address } = donor;
  const addressText = [
    address.blockNumber,
    address.streetName,
    address.floorNo || address.unitNo
      ? `#${[address.floorNo, address.unitNo?.replace(/^#/, "")].filter(Boolean).join("-")}`
      : undefined,
    address.buildingName,
    address.country,
    address.postalCode,
  ]
    .filter(Boolean)
    .join(" ");
  const fields: ReadonlyArray<readonly [string, string | null | undefined]> = [
    ["name", donor.name],
    ...(donor.kind === "corporate"
      ? ([
          ["companyName", donor.companyName],
          ["uen", donor.uen],
        ] as const)
      : ([["nric", donor.nricMasked]] as const)),
    ["dateOfBirth", profile.dateOfBirth],
    ["sex", profile.sex],
    ["race", profile.race],
    ["nationality", profile.nationality],
    ["countryOfBirth", profile.countryOfBirth],
    ["dialect", profile.dialect],
    ["representative", profile.representativeName],
    ["address", addressText || profile.registeredAddress],
    ["countryCode", donor.countryCode],
    ["mobile", donor.mobile],
    ["email", donor.email ?? email],
  ];
  return fields.map(([field, value]) => ({
    field,
    value: value ?? "",
    source: fromSingpass.has(field) ? "singpass" : "typed",
  }));
};

/** The calls take no body: whose data it is comes from the sign-in alone, never from a name in it. */
const nothingAsked = (body: unknown) => {
  if (body !== undefined && body !== null && Object.keys(body as object).length > 0) {
    throw new RequestError(400, "This call takes no details: it answers for the signed-in donor.");
  }
};

const everyGift = async (
  { history }: HandlerServices["records"],
  donor: DonorView,
): Promise<TransactionRecord[]> => {
  const gifts: TransactionRecord[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await history.transactions(donor, { pageNo, pageSize: 100 });
    gifts.push(...page.records);
    if (page.records.length < 100 || gifts.length >= page.totalRecords) return gifts;
  }
};

/**
 * getMyData (ours; docs/account.md): everything the portal holds about the signed-in donor, as the
 * file the profile downloads: the profile with each field's source, the gifts, the receipts, the plans
 * and saved cards, and which gifts are included for IRAS. POST with an empty body: nothing of it is in
 * a URL, and the server logs no body.
 */
const getMyData =
  ({ callers, records }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    nothingAsked(body);
    const { identity, donor } = await callers.donorOf(headers);
    if (!donor) {
      throw new RequestError(
        404,
        "No donor is registered for this sign-in.",
        "donor.notRegistered",
      );
    }
    const gifts = await everyGift(records, donor);
    const plans = await records.plans.plans(donor.id);
    const savedCards = await records.history.savedCards(donor.id);
    return success({
      data: {
        exportedAt: new Date().toISOString(),
        profile: {
          donorType: donor.kind,
          enrolment: donor.enrolment,
          accountCreated: donor.createdAt.toISOString(),
          fields: heldFields(donor, identity.email),
        },
        gifts: gifts.map((gift) => ({
          transactionNo: gift.transactionNo,
          date: gift.donationTimeStamp,
          fund: gift.donationType,
          to: gift.donationTo,
          amount: gift.donationAmount,
          method: gift.method,
          card: gift.cardLastDigit,
          status: gift.status,
          frequency: gift.recurringFrequency,
          receiptNo: gift.receiptNo,
        })),
        receipts: gifts.flatMap((gift) =>
          gift.receiptNo
            ? [
                {
                  receiptNo: gift.receiptNo,
                  transactionNo: gift.transactionNo,
                  date: gift.donationTimeStamp,
                  amount: gift.donationAmount,
                },
              ]
            : [],
        ),
        plans: plans.map((plan) => ({
          transactionNo: plan.transactionNo,
          fund: plan.flow,
          status: plan.recurringStatus,
          frequency: plan.frequency,
          amountCents: plan.amountCents,
          nextDonationDate: plan.nextDonationDate,
          card: plan.card,
        })),
        savedCards,
        taxInclusion: gifts.map((gift) => ({
          transactionNo: gift.transactionNo,
          included: gift.isIRASInclusion,
        })),
      },
    });
  };

/** How recent a sign-in must be to close the account: the donor proves who they are again. */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

const CloseBody = Schema.Struct({ confirm: Schema.Literal(true) });

/**
 * closeAccount (ours; docs/account.md): the signed-in donor closes their own account, confirmed, with
 * a sign-in of the last ten minutes (`auth_time`; an older one: 401 `account.reauth`). The record's
 * personal data is erased and its sign-ins unlinked (`Donors.close`); the receipts stay five years,
 * as the tax rules require.
 */
const closeAccount =
  ({ callers, records }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const raw = (body ?? {}) as Record<string, unknown>;
    if (Object.keys(raw).some((key) => key !== "confirm")) nothingAsked(body);
    decode(CloseBody, raw);
    const { identity, donor } = await callers.donorOf(headers);
    if (!donor) {
      throw new RequestError(
        404,
        "No donor is registered for this sign-in.",
        "donor.notRegistered",
      );
    }
    const nowMs = Date.now();
    if (
      identity.authTime === undefined ||
      nowMs / 1000 - identity.authTime > FRESH_SIGN_IN_SECONDS
    ) {
      throw new RequestError(401, "Please sign in again to close your account.", "account.reauth");
    }
    const outcome = await records.donors.close(donor.id);
    if (outcome === "paymentOpen") {
      throw new RequestError(
        409,
        "A payment you started is still open. Close your account once it is paid or has expired.",
        "account.paymentOpen",
      );
    }
    // The account's tokens now name no donor: every donor call answers "not registered". The browser
    // then deletes the sign-in at the identity provider (DeleteUser, with the access token a portal
    // sign-out would have refused), which ends its sessions; failing that, it signs out everywhere.
    return success({ message: "Account closed" });
  };

export const donorDataHandlers = (given: HandlerServices) =>
  ({
    getMyData: getMyData(given),
    closeAccount: closeAccount(given),
  }) satisfies Record<string, Handler>;
