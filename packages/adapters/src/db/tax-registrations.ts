import { randomUUID } from "node:crypto";
import { isTaxRegistrable, maskNric, NRIC_PATTERN, type FlowType } from "@portal/domain";
import { personalData } from "./personal-data";
import { reissueReceipt } from "./receipt-reissue";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

/** The kind of identity number a registration names (IRAS: individuals by NRIC/FIN, companies by UEN). */
export type TaxIdKind = "NRIC" | "FIN" | "UEN";

/** One donation's standing for IRAS inclusion, as its owner sees it. */
export interface TaxDeductionView {
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly amountCents: number;
  readonly donatedAt: string;
  readonly receiptNo: string | null;
  /** Paid, and to a fund whose gifts are included (zakat, the wakaf funds). */
  readonly eligible: boolean;
  /** The number it is included under (NRIC/FIN masked as PDPC allows; a UEN is a public number). */
  readonly registered: { readonly idKind: TaxIdKind; readonly idShown: string } | null;
}

export class TaxRegistrationRefused extends RecordRefused {}

/** NRIC (S, T) or FIN (F, G, M) by its first letter; a UEN is neither. */
export const taxIdKindOf = (id: string, isUen: boolean): TaxIdKind =>
  isUen ? "UEN" : /^[ST]/.test(id) ? "NRIC" : "FIN";

interface Row {
  id: string;
  transaction_no: string;
  flow: FlowType;
  status: string;
  total_cents: number;
  created_at: Date;
  receipt_no: string | null;
  reg_kind: TaxIdKind | null;
  reg_encrypted: Uint8Array | null;
  reg_hash: Uint8Array | null;
  checkout_encrypted: Uint8Array | null;
  checkout_hash: Uint8Array | null;
  receipt_encrypted: Uint8Array | null;
  receipt_uen: string | null;
}

/**
 * Registering a paid donation for IRAS inclusion after the fact (`/register/tax-deduction`). The
 * number is sealed like every identity number (personal-data.ts); registering again with the same
 * number is a no-op, with another number refused (the council files one number per receipt).
 */
export function taxRegistrations(sql: Sql, serverKey: Buffer) {
  const pii = personalData(serverKey);

  const find = async (tx: SqlQuery, donorId: string, transactionNo: string, lock: boolean) => {
    const [row] = await tx.query<Row>(
      `select d.id, d.transaction_no, d.flow, d.status, d.total_cents, d.created_at, r.receipt_no,
              t.id_kind as reg_kind, t.id_encrypted as reg_encrypted, t.id_hash as reg_hash,
              d.tax_id_encrypted as checkout_encrypted, d.tax_id_hash as checkout_hash,
              case when x.id is null then r.id_encrypted else x.id_encrypted end as receipt_encrypted,
              coalesce(x.particulars, r.particulars)->>'uen' as receipt_uen
       from donation d
       left join receipt r on r.donation_id = d.id
       left join lateral (select x.id, x.id_encrypted, x.particulars from receipt_reissue x
                          where x.receipt_id = r.id order by x.id desc limit 1) x on true
       left join tax_registration t on t.donation_id = d.id
       where d.donor_id = $1 and d.transaction_no = $2 ${lock ? "for update of d" : ""}`,
      [donorId, transactionNo],
    );
    return row;
  };

  /** How a number is shown: an NRIC/FIN masked as PDPC allows; a UEN is a public number. */
  const registration = (idKind: TaxIdKind, id: string) => ({
    idKind,
    idShown: idKind === "UEN" ? id : maskNric(id),
  });

  const toView = (row: Row): TaxDeductionView => {
    let registered: TaxDeductionView["registered"] = null;
    const eligible = row.status === "succeeded" && isTaxRegistrable(row.flow);
    if (!isTaxRegistrable(row.flow)) {
      // Fidyah and kaffarah are never included, whatever number the donor has.
    } else if (row.reg_kind && row.reg_encrypted) {
      registered = registration(row.reg_kind, pii.decrypt(row.reg_encrypted));
    } else if (row.checkout_encrypted) {
      // The number given at checkout: NRIC/FIN by its form, otherwise a UEN.
      const id = pii.decrypt(row.checkout_encrypted);
      registered = registration(taxIdKindOf(id, !NRIC_PATTERN.test(id)), id);
    } else if (row.receipt_encrypted) {
      // The NRIC/FIN its receipt names, as issued: the receipt and the year statement include it.
      const id = pii.decrypt(row.receipt_encrypted);
      registered = registration(taxIdKindOf(id, false), id);
    } else if (row.receipt_uen) {
      registered = registration("UEN", row.receipt_uen);
    }
    return {
      transactionNo: row.transaction_no,
      flow: row.flow,
      amountCents: Number(row.total_cents),
      donatedAt: new Date(row.created_at).toISOString(),
      receiptNo: row.receipt_no,
      eligible,
      registered,
    };
  };

  const notFound = () =>
    new TaxRegistrationRefused("transaction.notFound", "Invalid Trasnsaction Number");

  return {
    /** The donation's standing; undefined when it is not the donor's (like a missing one). */
    status: async (donorId: string, transactionNo: string) => {
      const row = await find(sql, donorId, transactionNo, false);
      return row ? toView(row) : undefined;
    },

    /** Register `id` (trimmed, upper case); `already` when this number was registered before. Audit-logged. */
    register: (donorId: string, transactionNo: string, idKind: TaxIdKind, id: string) =>
      sql.transaction(async (tx) => {
        const row = await find(tx, donorId, transactionNo, true);
        if (!row) throw notFound();
        const view = toView(row);
        if (!view.eligible) {
          throw new TaxRegistrationRefused(
            "taxDeduction.notEligible",
            "This donation cannot be registered for tax deduction.",
          );
        }
        const hash = pii.hash(id);
        const earlier =
          row.reg_hash ??
          row.checkout_hash ??
          (row.receipt_encrypted && pii.hash(pii.decrypt(row.receipt_encrypted))) ??
          (row.receipt_uen && pii.hash(row.receipt_uen));
        if (earlier) {
          if (Buffer.from(earlier).equals(hash)) return { outcome: "already" as const, view };
          throw new TaxRegistrationRefused(
            "taxDeduction.otherId",
            "This donation is already registered under another number.",
          );
        }
        await tx.query(
          `insert into tax_registration (id, donation_id, id_kind, id_encrypted, id_hash)
           values ($1, $2, $3, $4, $5)`,
          [randomUUID(), row.id, idKind, pii.encrypt(id), hash],
        );
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('donor', 'tax.register', 'donation', $1, $2)`,
          [row.id, JSON.stringify({ transactionNo, idKind })],
        );
        // The receipt names the number from now on: a re-issue, the receipt as issued kept.
        if (row.receipt_no) {
          await reissueReceipt(tx, pii, {
            receiptNo: row.receipt_no,
            actor: "donor",
            reason: "tax.register",
            ...(idKind === "UEN"
              ? { particulars: { uen: id } }
              : { particulars: {}, idNumber: id }),
          });
        }
        return {
          outcome: "registered" as const,
          view: { ...view, registered: registration(idKind, id) },
        };
      }),
  };
}

export type TaxRegistrations = ReturnType<typeof taxRegistrations>;
