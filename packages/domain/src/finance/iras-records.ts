import type { FlowType } from "../flow.ts";
import type { IrasType } from "../funds/fund.ts";
import { irasTypeOf } from "../funds/lookup.ts";
import { cents, type Cents } from "../money.ts";
import { sgtParts } from "../format/sgt.ts";
import { taxYearOf } from "../tax/tax-year.ts";
import { taxTreatmentOf } from "../tax/treatment.ts";

/**
 * The year's IRAS donation records (design/facts.md): every gift to a 250% wakaf fund and every zakat
 * payment (included in the donor's assessment automatically), one record per receipt, with the
 * particulars IRAS requires of an institution's records. A gift given back (refunded or voided) gets an
 * amendment in the year it was given back, taking its amount off again. Fidyah and kaffarah have no
 * deduction and give nothing. A gift that cannot be filed (anonymous, no identification) is listed
 * apart for the finance team instead. The file's layout is one column list, `IRAS_COLUMNS` below.
 */
export type IrasIdType = "NRIC" | "FIN" | "UEN";

/** One paid gift as the records hold it (identity number already unsealed by the caller). */
export interface IrasGift {
  readonly receiptNo: string;
  readonly transactionNo: string;
  readonly fund: FlowType;
  readonly amount: Cents;
  /** When it was received (its receipt's issue time, epoch milliseconds). */
  readonly receivedAt: number;
  /** When it was given back, if it was (refund or void). */
  readonly returnedAt: number | null;
  readonly anonymous: boolean;
  /** The name on the receipt (a company's name when filed under its UEN). */
  readonly donorName: string | null;
  readonly idNumber: string | null;
  /** The kind the records say, when they say (a registration names it); otherwise read off the number. */
  readonly idKind: IrasIdType | null;
}

/** The fund's own record type (`ZAKAT`, `WAKAF_ILMU`, ...): its registry entry's `irasType`. */
export type IrasDonationType = IrasType;

export interface IrasRecord {
  readonly recordType: "original" | "amendment";
  readonly receiptNo: string;
  readonly donorName: string;
  readonly idType: IrasIdType;
  readonly idNumber: string;
  /** Date received, Singapore calendar date (YYYY-MM-DD). */
  readonly dateReceived: string;
  readonly donationType: IrasDonationType;
  /** The deduction it carries: 1x (zakat as an expense) or 2.5x (the wakaf funds). */
  readonly deduction: "1x" | "2.5x";
  /** Cents; an amendment's is negative (the amount taken off again). */
  readonly amount: Cents;
}

export type UnfiledReason = "anonymous" | "noIdentification" | "noName";

/** A qualifying gift that cannot be filed: shown to the finance team, never in the file. */
export interface UnfiledGift {
  readonly receiptNo: string;
  readonly transactionNo: string;
  readonly donationType: IrasDonationType;
  readonly amount: Cents;
  readonly dateReceived: string;
  readonly reason: UnfiledReason;
}

export type IrasEntry =
  | { readonly kind: "record"; readonly record: IrasRecord }
  | { readonly kind: "unfiled"; readonly gift: UnfiledGift };

const NRIC_FIN = /^[STFGM]\d{7}[A-Z]$/;
/** Singapore UENs: 8 or 9 digits and a letter (businesses, local companies), or the T/S/R form. */
const UEN = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/;

/** What kind of number it is: S/T NRIC, F/G/M FIN, else a UEN; undefined when it is none of them. */
export const irasIdTypeOf = (id: string): IrasIdType | undefined => {
  if (NRIC_FIN.test(id)) return id[0] === "S" || id[0] === "T" ? "NRIC" : "FIN";
  return UEN.test(id) ? "UEN" : undefined;
};

export const sgtIsoDate = (epochMs: number): string => {
  const p = sgtParts(epochMs);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
};

/**
 * The record type a fund's gifts are filed under: its registry entry's own, and only for a fund with a
 * deduction. A fund with none (fidyah, kaffarah) gives nothing; no fund is ever filed under another's
 * type (the registry test holds every fund with a deduction to a type of its own).
 */
export const irasDonationTypeOf = (fund: FlowType): IrasDonationType | undefined =>
  taxTreatmentOf(fund) === "none" ? undefined : irasTypeOf(fund);

/** The deduction a fund's records carry, from its tax treatment: 1x for zakat, 2.5x for the wakaf funds. */
const deductionOf = (fund: FlowType): IrasRecord["deduction"] =>
  taxTreatmentOf(fund) === "zakat-1x" ? "1x" : "2.5x";

/** The entries one gift gives in `year`: none, its record, its amendment, both, or its listing apart. */
export const irasEntries = (gift: IrasGift, year: number): ReadonlyArray<IrasEntry> => {
  const donationType = irasDonationTypeOf(gift.fund);
  if (!donationType) return [];
  const receivedThisYear = taxYearOf(gift.receivedAt) === year;
  const returnedThisYear = gift.returnedAt !== null && taxYearOf(gift.returnedAt) === year;
  if (!receivedThisYear && !returnedThisYear) return [];
  const dateReceived = sgtIsoDate(gift.receivedAt);
  const id = gift.idNumber?.trim().toUpperCase() ?? "";
  const idType = id === "" ? undefined : (gift.idKind ?? irasIdTypeOf(id));
  const name = gift.donorName?.trim() ?? "";
  const reason: UnfiledReason | null = gift.anonymous
    ? "anonymous"
    : !idType
      ? "noIdentification"
      : name === ""
        ? "noName"
        : null;
  if (reason) {
    // Listed apart once, in the year it was received.
    if (!receivedThisYear) return [];
    const { receiptNo, transactionNo, amount } = gift;
    return [
      {
        kind: "unfiled",
        gift: { receiptNo, transactionNo, donationType, amount, dateReceived, reason },
      },
    ];
  }
  const record = (recordType: IrasRecord["recordType"], amount: Cents): IrasEntry => ({
    kind: "record",
    record: {
      recordType,
      receiptNo: gift.receiptNo,
      donorName: name,
      idType: idType!,
      idNumber: id,
      dateReceived,
      donationType,
      deduction: deductionOf(gift.fund),
      amount,
    },
  });
  return [
    ...(receivedThisYear ? [record("original", gift.amount)] : []),
    ...(returnedThisYear ? [record("amendment", cents(-gift.amount))] : []),
  ];
};

const dollars = (amount: Cents): string => {
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/**
 * The one mapping from a record to the file's columns, in order (docs/finance.md). When IRAS changes
 * its template, this list is what changes.
 */
export const IRAS_COLUMNS: ReadonlyArray<{
  readonly header: string;
  readonly value: (r: IrasRecord) => string;
}> = [
  { header: "Record Type", value: (r) => (r.recordType === "original" ? "O" : "A") },
  { header: "ID Type", value: (r) => r.idType },
  { header: "ID Number", value: (r) => r.idNumber },
  { header: "Donor Name", value: (r) => r.donorName },
  { header: "Date Received", value: (r) => r.dateReceived },
  { header: "Receipt Number", value: (r) => r.receiptNo },
  { header: "Type of Donation", value: (r) => r.donationType },
  { header: "Deduction", value: (r) => r.deduction },
  { header: "Amount", value: (r) => dollars(r.amount) },
];

export const irasRow = (record: IrasRecord): ReadonlyArray<string> =>
  IRAS_COLUMNS.map((c) => c.value(record));
export const IRAS_HEADER: ReadonlyArray<string> = IRAS_COLUMNS.map((c) => c.header);
