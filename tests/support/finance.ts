import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { FlowType } from "@portal/domain";
import { personalData, type Sql } from "@portal/adapters/db";
import { migrateStandins } from "@portal/standins";
import type { TestDatabase } from "./databases";

/** A key for the sealed identity numbers of finance tests. */
export const FINANCE_KEY = Buffer.alloc(32, 7);

export interface GiftSeed {
  readonly flow: FlowType;
  readonly cents: number;
  /** When it was paid (its receipt issued). */
  readonly paidAt: string;
  readonly status?: "succeeded" | "refunded" | "voided";
  /** When it was given back (the donation's last change), for refunded and voided gifts. */
  readonly returnedAt?: string;
  readonly name?: string;
  readonly anonymous?: boolean;
  /** An NRIC/FIN on the receipt (a signed-in donor's or an enrolled guest's). */
  readonly receiptId?: string;
  /** A UEN on the receipt's particulars (a corporate donor). */
  readonly uen?: string;
  readonly companyName?: string;
  /** A number registered for IRAS inclusion afterwards, with its kind. */
  readonly registered?: { readonly kind: "NRIC" | "FIN" | "UEN"; readonly id: string };
  readonly method?: "card" | "paynow";
  readonly source?: string;
  /** The gateway's payment id; the ledger's payment attempt is recorded with it unless `noAttempt`. */
  readonly gatewayRef?: string;
  readonly noAttempt?: boolean;
}

let serial = 0;

/**
 * The database of a file's finance tests: opened (with the stand-ins' tables, whose gateway records
 * reconciliation reads) before its tests, handed to `opened`, and closed after them. Call in a
 * `describe`.
 */
export function financeDatabase(database: TestDatabase, opened: (sql: Sql) => void): void {
  let sql: Sql | undefined;
  beforeAll(async () => {
    sql = await database.open();
    await migrateStandins(sql);
    opened(sql);
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });
}

/**
 * Write a paid gift straight into the tables as main keeps them: the donation, its receipt (serial
 * numbered in its series), and its succeeded payment attempt on the sandbox gateway.
 */
export async function seedGift(sql: Sql, gift: GiftSeed) {
  const pii = personalData(FINANCE_KEY);
  const id = randomUUID();
  const transactionNo = `TX${String(++serial).padStart(8, "0")}${randomBytes(2).toString("hex")}`;
  const status = gift.status ?? "succeeded";
  const series = gift.flow === "ILMU" || gift.flow === "WMS" ? "WK" : "ZK";
  const method = gift.method ?? "card";
  await sql.query(
    `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
                           payment_method, rates_version, client_secret_hash, source, created_at, updated_at)
     values ($1, $2, $3, $4, $5, '{}', '{}', $6, $7, 1, $8, $9, $10, $11)`,
    [
      id,
      transactionNo,
      gift.flow,
      status,
      gift.cents,
      JSON.stringify({ name: gift.name ?? "Donor", anonymous: gift.anonymous ?? false }),
      method,
      randomBytes(16),
      gift.source ?? "Online",
      gift.paidAt,
      gift.returnedAt ?? gift.paidAt,
    ],
  );
  const [{ serial: next } = { serial: 0 }] = await sql.query<{ serial: number }>(
    `update receipt_series set next_serial = next_serial + 1 where series = $1
     returning next_serial - 1 as serial`,
    [series],
  );
  const receiptNo = `${series}-${String(next).padStart(7, "0")}`;
  await sql.query(
    `insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, issued_at, particulars, id_encrypted)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      id,
      series,
      next,
      receiptNo,
      randomBytes(32),
      gift.paidAt,
      JSON.stringify({
        kind: gift.uen ? "corporate" : "individual",
        name: gift.name ?? "Donor",
        ...(gift.uen ? { uen: gift.uen, companyName: gift.companyName ?? "Company Pte Ltd" } : {}),
      }),
      gift.receiptId ? pii.encrypt(gift.receiptId) : null,
    ],
  );
  if (gift.registered) {
    await sql.query(
      `insert into tax_registration (id, donation_id, id_kind, id_encrypted, id_hash)
       values ($1, $2, $3, $4, $5)`,
      [randomUUID(), id, gift.registered.kind, pii.encrypt(gift.registered.id), randomBytes(32)],
    );
  }
  const gatewayRef = gift.gatewayRef ?? `pi_${randomBytes(8).toString("hex")}`;
  if (!gift.noAttempt && (gift.source ?? "Online") === "Online") {
    await sql.query(
      `insert into payment_attempt (id, donation_id, gateway, gateway_ref, status, amount_cents, method,
                                    created_at, updated_at)
       values ($1, $2, 'sandbox', $3, 'succeeded', $4, $5, $6, $6)`,
      [randomUUID(), id, gatewayRef, gift.cents, method, gift.paidAt],
    );
  }
  return { id, transactionNo, receiptNo, gatewayRef };
}

/** A charge in the sandbox gateway's own records. */
export async function seedCharge(
  sql: Sql,
  charge: {
    ref: string;
    cents: number;
    at: string;
    state?: "succeeded" | "refunded";
    paynowReference?: string;
  },
) {
  await sql.query(
    `insert into sandbox_payment (id, idempotency_key, amount_cents, state, paynow_reference, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6)`,
    [
      charge.ref,
      `key-${charge.ref}`,
      charge.cents,
      charge.state ?? "succeeded",
      charge.paynowReference ?? null,
      charge.at,
    ],
  );
}
