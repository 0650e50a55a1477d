import { createHash } from "node:crypto";
import { maskNric, type FlowType } from "@portal/domain";
import { methodOf, phoneOf } from "./history";
import { personalData } from "./personal-data";
import type { Sql } from "./sql";

/**
 * Spec §3's receipt data, as far as the portal records it. Amounts are integer cents; the NRIC is
 * masked; an anonymous donor shows as 'Hamba Allah' with the e-mail hidden (§6).
 */
export interface ReceiptData {
  readonly receiptNo: string;
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
  readonly wakafType: "ilmu" | "wms" | null;
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
  readonly typeOfZakat: ReadonlyArray<"harta" | "fitrah">;
  readonly flow: FlowType;
}

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
  amounts: Record<string, number>;
  frequency: string;
  payment_method: string | null;
  payment_type: number;
  card_brand: string | null;
  card_last4: string | null;
  donor_details: { name?: string; email?: string; anonymous?: boolean } | null;
  kind: "individual" | "corporate" | null;
  name: string | null;
  email: string | null;
  mobile_country_code: string | null;
  mobile: string | null;
  nric_encrypted: Uint8Array | null;
  company_name: string | null;
}

export function receipts(sql: Sql, serverKey: Buffer) {
  const pii = personalData(serverKey);
  return {
    /** The receipt, or undefined: a wrong token, someone else's donation and no receipt look alike. */
    find: async (lookup: ReceiptLookup): Promise<ReceiptData | undefined> => {
      const where =
        lookup.by === "token" ? "r.token_hash = $1" : "d.donor_id = $1 and d.transaction_no = $2";
      const params =
        lookup.by === "token"
          ? [createHash("sha256").update(lookup.token).digest()]
          : [lookup.donorId, lookup.transactionNo];
      const [row] = await sql.query<Row>(
        `select r.receipt_no, d.transaction_no, r.issued_at, d.source, d.flow, d.status, d.total_cents, d.amounts,
                d.frequency, d.payment_method, d.payment_type, d.card_brand, d.card_last4, d.donor_details,
                o.kind, o.name, o.email, o.mobile_country_code, o.mobile, o.nric_encrypted, o.company_name
         from receipt r join donation d on d.id = r.donation_id left join donor o on o.id = d.donor_id
         where ${where}`,
        params,
      );
      if (!row) return undefined;
      const amount = (kind: string) => Number(row.amounts[kind] ?? 0);
      const anonymous = row.donor_details?.anonymous === true;
      return {
        receiptNo: row.receipt_no,
        transactionNo: row.transaction_no,
        transactionDateTime: new Date(row.issued_at).toISOString(),
        source: row.source,
        totalAmount: Number(row.total_cents),
        donationAmount: Number(row.total_cents),
        hartaAmount: amount("harta"),
        fitrahAmount: amount("fitrah"),
        fidyahAmount: amount("fidyah"),
        kaffarahAmount: amount("kaffarah"),
        wakafIlmuAmount: amount("ilmu"),
        wakafWMSAmount: amount("wms"),
        wakafType: row.flow === "ILMU" ? "ilmu" : row.flow === "WMS" ? "wms" : null,
        frequency: row.frequency,
        donorType: row.kind ?? "guest",
        donorName: anonymous
          ? "Hamba Allah"
          : (row.name ?? row.donor_details?.name ?? "Hamba Allah"),
        donorEmail: anonymous ? null : (row.email ?? row.donor_details?.email ?? null),
        donorPhone: anonymous ? null : phoneOf(row.mobile_country_code, row.mobile),
        nirc: row.nric_encrypted ? maskNric(pii.decrypt(row.nric_encrypted)) : null,
        companyName: row.company_name,
        isAnonymous: anonymous,
        paymentMethod: methodOf(row.payment_method),
        paymentType: row.payment_type,
        paymentStatus:
          row.status === "refunded" ? "Refunded" : row.status === "voided" ? "Voided" : "Accepted",
        cardDetails:
          row.card_brand && row.card_last4 ? `${row.card_brand} **** ${row.card_last4}` : null,
        typeOfZakat: [
          ...(amount("harta") > 0 ? (["harta"] as const) : []),
          ...(amount("fitrah") > 0 ? (["fitrah"] as const) : []),
        ],
        flow: row.flow,
      };
    },
  };
}
