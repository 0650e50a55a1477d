import { createHash } from "node:crypto";
import {
  COUNTER_METHODS,
  counterMethodLabel,
  FIDYAH_CATEGORIES,
  giftItemOf,
  isSourceOfIncome,
  isWakafFlow,
  MAIN_CHARITY_ID,
  maskNric,
  nextZakatDue,
  receiptAttributes,
  withInstalment,
  sgtDate,
  type FidyahCategory,
  type FlowType,
  type ReceiptAttributes,
  type SourceOfIncome,
} from "@portal/domain";
import { readRates } from "./configuration";
import { receiptToken } from "./donations";
import type { Address, GiftParticulars, ProfileDetails } from "./donors";
import { methodOf, phoneOf } from "./history";
import { personalData } from "./personal-data";
import { receiptVerification } from "./receipt-verification";
import { reissueReceipt, type ReceiptReissue, type ReissueOutcome } from "./receipt-reissue";
import type { Sql } from "./sql";

/**
 * Spec §3's receipt data, as far as the portal records it. Amounts are integer cents; the NRIC is
 * masked; an anonymous donor shows as 'Hamba Allah' with the e-mail hidden (§6).
 */
export interface ReceiptData {
  readonly receiptNo: string;
  /**
   * Issue 33: the card fee the donor covered, charged with the gift but no part of it: not in
   * `totalAmount` (the fund's line, the IRAS record, the tax deduction), shown apart.
   */
  readonly feeCents: number;
  readonly transactionNo: string;
  readonly transactionDateTime: string;
  readonly source: string;
  readonly totalAmount: number;
  readonly donationAmount: number;
  readonly hartaAmount: number;
  readonly fitrahAmount: number;
  readonly fidyahAmount: number;
  readonly kaffarahAmount: number;
  readonly wakafIlmuAmount: number;
  readonly wakafWMSAmount: number;
  /** The wakaf fund's item (`ilmu`, `wms`): its registry entry's gift; null for the other funds. */
  readonly wakafType: string | null;
  readonly frequency: string;
  readonly donorType: "individual" | "corporate" | "guest";
  readonly donorName: string;
  readonly donorEmail: string | null;
  readonly donorPhone: string | null;
  readonly nirc: string | null;
  readonly companyName: string | null;
  readonly isAnonymous: boolean;
  readonly paymentMethod: string;
  readonly paymentType: number;
  readonly paymentStatus: "Accepted" | "Refunded" | "Voided";
  readonly cardDetails: string | null;
  /** The card's brand as the gateway names it (`visa`), for the card image; null for other methods. */
  readonly cardBrand: string | null;
  /** The gateway's payment reference (wrapped at 13 characters on the receipt). */
  readonly referenceNumber: string | null;
  readonly bankName: string | null;
  readonly typeOfZakat: ReadonlyArray<"harta" | "fitrah">;
  readonly flow: FlowType;
  readonly wakafFrequency: string | null;
  /** §3's address parts and the registered address; empty for guests and anonymous donors. */
  readonly floorNo: string | null;
  readonly unitNo: string | null;
  readonly blockNo: string | null;
  readonly streetName: string | null;
  readonly buildingName: string | null;
  readonly countryCode: string | null;
  readonly postalCode: string | null;
  readonly donorRegisteredAddress: string | null;
  readonly isDeceased: boolean;
  readonly onBehalfOf: string | null;
  /** Whether the donor gave an NRIC/FIN/UEN (zakat is then included in the tax assessment). */
  readonly isIRASInclusion: boolean;
  /** Date (YYYY-MM-DD, Singapore) one haul (355 days) after a zakat harta payment; else null. */
  readonly nextZakatDueDate: string | null;
  /** Point-of-sale fields; the online portal records none of them. */
  readonly mosqueName: string | null;
  readonly amilId: string | null;
  readonly amilName: string | null;
  /** §3's attribute lists: harta items, fitrah kinds, fidyah, kaffarah. */
  readonly attributes: ReceiptAttributes;
  /** The fidyah categories paid for (`haid`, `pregnancy`, `illness`); empty for other gifts. */
  readonly typeOfFidyah: ReadonlyArray<FidyahCategory>;
  /** Where the harta's wealth comes from, as the calculator's donor chose it; null if not said. */
  readonly sourceOfIncome: SourceOfIncome | null;
  /** When the particulars shown were corrected by a re-issue; null for the receipt as first issued. */
  readonly reissuedAt: string | null;
  /** The receipt number this one replaces (a re-issue takes the next number); null for an original. */
  readonly replacesReceiptNo: string | null;
  /** Cents given back by part refunds (a full refund reads Refunded instead). */
  readonly refundedAmount: number;
  /** The code `/verify` checks with the receipt number (issue 32; receipt-verification.ts). */
  readonly verificationCode: string;
}

/** A receipt's donor particulars as issued (or as last re-issued). */
export type Particulars = GiftParticulars & {
  readonly profile?: ProfileDetails & { isDeceased?: boolean; onBehalfOf?: string };
};

export type ReceiptLookup =
  | { readonly by: "token"; readonly token: string }
  | { readonly by: "owner"; readonly donorId: string; readonly transactionNo: string };

interface Row {
  receipt_no: string;
  transaction_no: string;
  issued_at: Date;
  source: string;
  flow: FlowType;
  status: "succeeded" | "refunded" | "voided";
  total_cents: number;
  fee_cents: number | string;
  amounts: Record<string, number>;
  frequency: string;
  payment_method: string | null;
  payment_type: number;
  card_brand: string | null;
  card_last4: string | null;
  donor_details: {
    name?: string;
    email?: string;
    anonymous?: boolean;
    onBehalfOf?: string;
    isDeceased?: boolean;
    irasInclusion?: boolean;
    business?: { companyName?: string };
  } | null;
  particulars: Particulars | null;
  id_encrypted: Uint8Array | null;
  reissued_at: Date | null;
  reissue_no: string | null;
  replaces_no: string | null;
  refunded_cents: number | string;
  mosque_name: string | null;
  amil_id: string | null;
  amil_name: string | null;
  counter_reference: string | null;
  bank_name: string | null;
  inputs: unknown;
  receipt_items: ReceiptAttributes | null;
  rates_version: number;
  gateway_ref: string | null;
  tax_registered: boolean;
}

const inputsOf = (inputs: unknown): Record<string, unknown> =>
  typeof inputs === "object" && inputs !== null ? (inputs as Record<string, unknown>) : {};

/** The fidyah categories the donation's inputs name (checked when it was created). */
const fidyahTypesOf = (inputs: unknown): ReadonlyArray<FidyahCategory> => {
  const fidyah = inputsOf(inputsOf(inputs)["fidyah"])["types"];
  return Array.isArray(fidyah)
    ? FIDYAH_CATEGORIES.filter((category) => fidyah.includes(category))
    : [];
};

const sourceOfIncomeOf = (inputs: unknown): SourceOfIncome | null => {
  const source = inputsOf(inputs)["sourceOfIncome"];
  return isSourceOfIncome(source) ? source : null;
};

const text = (value: string | undefined | null) =>
  value === undefined || value === null || value.trim() === "" ? null : value.trim();

/** A counter payment's method as its receipt names it (Cash, Cheque, NETS, BankTransfer). */
const counterMethod = (method: string | null) =>
  (COUNTER_METHODS as ReadonlyArray<string>).includes(method ?? "")
    ? counterMethodLabel(method as (typeof COUNTER_METHODS)[number])
    : undefined;

const ratesWhileCurrent = async (sql: Sql, version: number) => {
  const config = await readRates(sql, MAIN_CHARITY_ID);
  return config && config.version === version ? config.rates : null;
};

export function receipts(sql: Sql, serverKey: Buffer) {
  const pii = personalData(serverKey);
  const verification = receiptVerification(sql, serverKey);
  return {
    /** A receipt number's verification code, and `/verify`'s lookup (receipt-verification.ts). */
    verificationCode: verification.codeOf,
    verify: verification.verify,
    /**
     * Re-issue a receipt with corrected particulars: the original issue and every earlier correction
     * are kept (the receipt shows the newest), and the audit log records who, before, after and when
     * (the NRIC masked). "notFound" for no such receipt.
     */
    reissue: (input: ReceiptReissue): Promise<ReissueOutcome> =>
      sql.transaction((tx) => reissueReceipt(tx, pii, input)),
    /** A donation's receipt as it now reads: its newest number and its token (for its e-mail). */
    current: async (
      transactionNo: string,
    ): Promise<{ receiptNo: string; token: string } | undefined> => {
      const [row] = await sql.query<{ id: string; receipt_no: string }>(
        `select r.id, coalesce((select x.receipt_no from receipt_reissue x where x.receipt_id = r.id
                  and x.receipt_no is not null order by x.id desc limit 1), r.receipt_no) as receipt_no
         from receipt r join donation d on d.id = r.donation_id where d.transaction_no = $1`,
        [transactionNo],
      );
      return row
        ? { receiptNo: row.receipt_no, token: receiptToken(serverKey, row.id) }
        : undefined;
    },
    /** The receipt, or undefined: a wrong token, someone else's donation and no receipt look alike. */
    find: async (lookup: ReceiptLookup): Promise<ReceiptData | undefined> => {
      const where =
        lookup.by === "token" ? "r.token_hash = $1" : "d.donor_id = $1 and d.transaction_no = $2";
      const params =
        lookup.by === "token"
          ? [createHash("sha256").update(lookup.token).digest()]
          : [lookup.donorId, lookup.transactionNo];
      const [row] = await sql.query<Row>(
        `select coalesce(x.receipt_no, r.receipt_no) as receipt_no, d.transaction_no, r.issued_at, d.source, d.flow, d.status, d.total_cents, d.fee_cents, d.amounts,
                d.frequency, d.payment_method, d.payment_type, d.card_brand, d.card_last4, d.donor_details,
                coalesce(x.particulars, r.particulars) as particulars,
                case when x.id is null then r.id_encrypted else x.id_encrypted end as id_encrypted,
                x.at as reissued_at, x.receipt_no as reissue_no,
                case when x.id is null then null else coalesce(
                  (select p.receipt_no from receipt_reissue p where p.receipt_id = r.id and p.id < x.id
                   and p.receipt_no is not null order by p.id desc limit 1), r.receipt_no) end as replaces_no,
                d.refunded_cents, d.mosque_name, d.amil_id, d.amil_name, d.counter_reference, d.bank_name,
                d.inputs, d.receipt_items, d.rates_version,
                (select a.gateway_ref from payment_attempt a
                  where a.donation_id = d.id and a.status = 'succeeded'
                  order by a.updated_at desc limit 1) as gateway_ref,
                t.id is not null as tax_registered
         from receipt r join donation d on d.id = r.donation_id
         left join lateral (select * from receipt_reissue x where x.receipt_id = r.id
                            order by x.id desc limit 1) x on true
         left join tax_registration t on t.donation_id = d.id
         where ${where}`,
        params,
      );
      if (!row) return undefined;
      const amount = (kind: string) => Number(row.amounts[kind] ?? 0);
      const anonymous = row.donor_details?.anonymous === true;
      // The attribute lists as the donation was priced (kept since migration 007). Older donations:
      // the rates they were priced on are known only while still current (old rates are not kept).
      // Which payment of an instalment plan it is comes from the inputs (a monthly charge keeps no
      // attribute lists of its own; issue 33).
      const attributes = {
        ...(row.receipt_items ??
          receiptAttributes(
            row.inputs,
            row.amounts,
            await ratesWhileCurrent(sql, row.rates_version),
          )),
        ...withInstalment(row.inputs),
      };
      // An anonymous donor's receipt names nobody and shows no address (§6).
      const who: Particulars = row.particulars ?? {};
      const address: Address = anonymous ? {} : (who.address ?? {});
      const profile = anonymous ? {} : (who.profile ?? {});
      const issued = new Date(row.issued_at);
      // The NRIC/FIN as issued, or as a re-issue corrected it (a registration for IRAS re-issues).
      const nricSealed = row.id_encrypted;
      return {
        receiptNo: row.receipt_no,
        transactionNo: row.transaction_no,
        transactionDateTime: issued.toISOString(),
        source: row.source,
        totalAmount: Number(row.total_cents),
        donationAmount: Number(row.total_cents),
        hartaAmount: amount("harta"),
        fitrahAmount: amount("fitrah"),
        fidyahAmount: amount("fidyah"),
        kaffarahAmount: amount("kaffarah"),
        wakafIlmuAmount: amount("ilmu"),
        wakafWMSAmount: amount("wms"),
        wakafType: isWakafFlow(row.flow) ? (giftItemOf(row.flow) ?? null) : null,
        frequency: row.frequency,
        donorType: who.kind ?? "guest",
        donorName: anonymous
          ? "Hamba Allah"
          : (who.name ?? row.donor_details?.name ?? "Hamba Allah"),
        donorEmail: anonymous ? null : (who.email ?? row.donor_details?.email ?? null),
        donorPhone: anonymous ? null : phoneOf(who.countryCode ?? null, who.mobile ?? null),
        // The NRIC/FIN (or a business payer's UEN for IRAS) as given, else a company's UEN on record.
        nirc: anonymous
          ? null
          : nricSealed
            ? maskNric(pii.decrypt(nricSealed))
            : who.uen
              ? maskNric(who.uen)
              : null,
        companyName: anonymous
          ? null
          : (who.companyName ?? row.donor_details?.business?.companyName ?? null),
        isAnonymous: anonymous,
        paymentMethod: counterMethod(row.payment_method) ?? methodOf(row.payment_method),
        paymentType: row.payment_type,
        paymentStatus:
          row.status === "refunded" ? "Refunded" : row.status === "voided" ? "Voided" : "Accepted",
        cardDetails:
          row.card_brand && row.card_last4 ? `${row.card_brand} **** ${row.card_last4}` : null,
        cardBrand: row.card_brand,
        // A counter's or a NETS terminal's own reference (cheque number, approval code) is what the
        // payer holds; a gateway's payment id only where there is none.
        referenceNumber: row.counter_reference ?? row.gateway_ref,
        bankName: row.bank_name,
        typeOfZakat: [
          ...(amount("harta") > 0 ? (["harta"] as const) : []),
          ...(amount("fitrah") > 0 ? (["fitrah"] as const) : []),
        ],
        flow: row.flow,
        wakafFrequency: isWakafFlow(row.flow) ? row.frequency : null,
        floorNo: text(address.floorNo),
        unitNo: text(address.unitNo),
        blockNo: text(address.blockNumber),
        streetName: text(address.streetName),
        buildingName: text(address.buildingName),
        countryCode: text(address.country),
        postalCode: text(address.postalCode),
        donorRegisteredAddress: text(profile.registeredAddress),
        // Checkout's details (paying for someone, who may have died) come before the profile's.
        isDeceased: row.donor_details?.isDeceased === true || profile.isDeceased === true,
        onBehalfOf: text(row.donor_details?.onBehalfOf ?? profile.onBehalfOf),
        isIRASInclusion:
          row.tax_registered ||
          row.donor_details?.irasInclusion === true ||
          row.id_encrypted !== null ||
          (who.uen ?? null) !== null,
        nextZakatDueDate: amount("harta") > 0 ? sgtDate(nextZakatDue(issued.getTime())) : null,
        mosqueName: row.mosque_name,
        amilId: row.amil_id,
        amilName: row.amil_name,
        attributes,
        typeOfFidyah: fidyahTypesOf(row.inputs),
        sourceOfIncome: sourceOfIncomeOf(row.inputs),
        reissuedAt: row.reissued_at ? new Date(row.reissued_at).toISOString() : null,
        // A correction from before re-issues took numbers (migration 021) replaces nothing by number.
        replacesReceiptNo: row.reissue_no ? row.replaces_no : null,
        refundedAmount: row.status === "succeeded" ? Number(row.refunded_cents) : 0,
        verificationCode: verification.codeOf(row.receipt_no),
        feeCents: Number(row.fee_cents),
      };
    },
  };
}
