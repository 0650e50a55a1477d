import {
  ALL_ITEMS,
  sgtDate,
  verifiedSourceOf,
  verifiedStatusOf,
  type VerifiedReceipt,
} from "@portal/domain";
import { verificationCodes } from "../receipts/verification-code";
import type { Sql } from "./sql";

/** Items in the registry's order (harta before fitrah), whatever order the database kept. */
const itemOrder = (item: string) => {
  const index = ALL_ITEMS.findIndex(({ key }) => key === item);
  return index === -1 ? ALL_ITEMS.length : index;
};

interface Row {
  asked_no: string;
  newest_no: string;
  issued_at: Date;
  flow: string;
  status: string;
  total_cents: number;
  amounts: Record<string, number>;
  refunded_cents: number | string;
  source: string;
  mosque_name: string | null;
}

/**
 * `/verify`'s lookup (issue 32): the receipt with this number (as first issued or as a re-issue
 * numbered it), when `code` is its verification code. The code is checked before the database is
 * asked, so a wrong code answers alike, and as fast, for a number that exists and one that does not.
 * The answer holds what the receipt says about the money alone, never who gave it.
 */
export function receiptVerification(sql: Sql, serverKey: Buffer) {
  const codes = verificationCodes(serverKey);
  return {
    /** The code printed on the receipt numbered `receiptNo`. */
    codeOf: codes.of,
    verify: async (receiptNo: string, code: string): Promise<VerifiedReceipt | undefined> => {
      if (!codes.matches(receiptNo, code)) return undefined;
      const [row] = await sql.query<Row>(
        `select $1::text as asked_no,
                coalesce((select x.receipt_no from receipt_reissue x where x.receipt_id = r.id
                          and x.receipt_no is not null order by x.id desc limit 1), r.receipt_no) as newest_no,
                r.issued_at, d.flow, d.status, d.total_cents, d.amounts, d.refunded_cents, d.source,
                d.mosque_name
         from receipt r join donation d on d.id = r.donation_id
         where r.receipt_no = $1
            or r.id = (select x.receipt_id from receipt_reissue x where x.receipt_no = $1)`,
        [receiptNo],
      );
      if (!row) return undefined;
      const source = verifiedSourceOf(row.source);
      return {
        receiptNo,
        flow: row.flow,
        items: Object.entries(row.amounts)
          .map(([item, cents]) => ({ item, amountCents: Number(cents) }))
          .filter(({ amountCents }) => amountCents > 0)
          .sort((a, b) => itemOrder(a.item) - itemOrder(b.item)),
        amountCents: Number(row.total_cents),
        refundedCents: Number(row.refunded_cents),
        issuedOn: sgtDate(new Date(row.issued_at).getTime()),
        source,
        mosqueName: source === "online" ? null : row.mosque_name,
        status: verifiedStatusOf(row.status),
        replacedBy: row.newest_no === receiptNo ? null : row.newest_no,
        by: "server",
        synced: true,
      };
    },
  };
}

export type ReceiptVerification = ReturnType<typeof receiptVerification>;
