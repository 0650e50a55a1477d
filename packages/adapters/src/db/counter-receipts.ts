import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import {
  COUNTER_SOURCE,
  MAIN_CHARITY_ID,
  receiptNumberOf,
  type CounterEntry,
} from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { openShiftOf } from "./counter-shifts";
import { IdempotencyConflict, receiptToken } from "./donations";
import { personalData } from "./personal-data";
import { issueParticulars } from "./receipt-particulars";
import type { Sql, SqlQuery } from "./sql";
import { insertWithFreshTransactionNo, transactionNumber } from "./transaction-no";

export interface CounterReceipt {
  readonly transactionNo: string;
  readonly receiptNo: string;
  /** The receipt's token (its page and PDF); never stored. */
  readonly token: string;
  readonly flow: CounterEntry["flow"];
  readonly amounts: Readonly<Record<string, number>>;
  readonly replayed: boolean;
}

/** The amil taking the payment: their officer id and name, as the staff directory gives them. */
export interface Amil extends ConsoleActor {
  readonly name: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/**
 * Payments taken at a mosque counter, receipted like online gifts: a paid donation with point-of-sale
 * source, the mosque, the amil and the method's reference, and the next serial number of its fund's
 * series, in one transaction, within the amil's open shift (its mosque is the receipt's). The entry's
 * idempotency key makes a retried entry answer the receipt already issued, never a second one.
 */
/** A counter payment's receipt as the amil is answered: its numbers, its token, its fund. */
export const counterReceiptOf = async (
  q: SqlQuery,
  key: Buffer,
  donationId: string,
  replayed: boolean,
): Promise<CounterReceipt> => {
  const [row] = await q.query<{
    transaction_no: string;
    receipt_no: string;
    receipt_id: string;
    flow: CounterEntry["flow"];
    amounts: Record<string, number>;
  }>(
    `select d.transaction_no, r.receipt_no, r.id as receipt_id, d.flow, d.amounts
       from donation d join receipt r on r.donation_id = d.id where d.id = $1`,
    [donationId],
  );
  if (!row) throw new Error("counter receipt vanished");
  return {
    transactionNo: row.transaction_no,
    receiptNo: row.receipt_no,
    token: receiptToken(key, row.receipt_id),
    flow: row.flow,
    amounts: row.amounts,
    replayed,
  } satisfies CounterReceipt;
};

export function counterReceipts(sql: Sql, key: Buffer, audit: ConsoleAudit = consoleAuditWriter()) {
  const answer = (q: SqlQuery, donationId: string, replayed: boolean) =>
    counterReceiptOf(q, key, donationId, replayed);
  return {
    issue: (entry: CounterEntry, amil: Amil, idempotencyKey: string): Promise<CounterReceipt> =>
      sql.transaction(async (tx) => {
        // Keyed: the request holds an identity number, which a plain hash would let anyone test.
        const requestHash = createHmac("sha256", key)
          .update(`counter:${JSON.stringify(entry)}:${amil.id}`)
          .digest();
        const id = randomUUID();
        const [claimed] = await tx.query<{ key: string }>(
          `insert into idempotency_key (scope, key, request_hash, status_code, response)
           values ('counter.receipt', $1, $2, 200, $3) on conflict (scope, key) do nothing returning key`,
          [idempotencyKey, requestHash, JSON.stringify({ id })],
        );
        if (!claimed) {
          const [prior] = await tx.query<{ request_hash: Uint8Array; response: { id: string } }>(
            "select request_hash, response from idempotency_key where scope = 'counter.receipt' and key = $1",
            [idempotencyKey],
          );
          if (!prior || !Buffer.from(prior.request_hash).equals(requestHash))
            throw new IdempotencyConflict();
          return answer(tx, prior.response.id, true);
        }
        // Within the amil's open shift (read, and locked for share, after the key is claimed), at
        // its mosque; none: refused with `counter.noShift`.
        const shift = await openShiftOf(tx, amil.id);
        await recordCounterPayment(tx, key, { ...entry, mosqueName: shift.mosqueName }, amil, {
          id,
          audit,
          shift: shift.id,
        });
        return answer(tx, id, false);
      }),
  };
}

/** Where an offline device's entry puts its receipt: the device's series and serial, and its time. */
export interface CounterNumber {
  readonly series: string;
  readonly serial: number;
  readonly takenAt: Date;
  /** The rates the device priced the entry at. */
  readonly ratesVersion: number;
}

/**
 * Write a payment taken at a counter inside the caller's transaction: the paid donation (point-of-sale
 * source, the mosque, the amil, the method's reference), its receipt (the next serial of the fund's
 * series, or, for an offline device's entry, the device's own number and time) and the audit line.
 */
export async function recordCounterPayment(
  tx: SqlQuery,
  key: Buffer,
  entry: CounterEntry,
  amil: Amil,
  options: {
    readonly id: string;
    readonly number?: CounterNumber;
    readonly audit?: ConsoleAudit;
    /** The amil's open shift it is recorded within (issue 32); an offline device's entry has none. */
    readonly shift?: string;
  },
): Promise<{
  readonly receiptNo: string;
  readonly transactionNo: string;
  readonly receiptId: string;
}> {
  const pii = personalData(key);
  const { id } = options;
  const audit = options.audit ?? consoleAuditWriter();
  const { donor } = entry;
  const sealed = donor.idNumber ? pii.encrypt(donor.idNumber) : null;
  const hashed = donor.idNumber ? pii.hash(donor.idNumber) : null;
  const particulars = {
    kind: donor.idKind === "UEN" ? "corporate" : "individual",
    name: donor.name,
    ...(donor.email ? { email: donor.email } : {}),
    ...(donor.mobile ? { countryCode: donor.countryCode ?? "+65", mobile: donor.mobile } : {}),
    ...(donor.idKind === "UEN" ? { uen: donor.idNumber, companyName: donor.name } : {}),
  };
  const amounts = { [entry.fund]: entry.amountCents };
  const write = async (transactionNo: string) => {
    const written = await tx.query(
      `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
         frequency, payment_method, rates_version, client_secret_hash, source, payment_type,
         tax_id_encrypted, tax_id_hash, particulars, gift_email, donor_id_encrypted, donor_id_hash,
         mosque_name, amil_id, amil_name, counter_reference, bank_name, created_at, shift_id)
       values ($1, $2, $3, 'succeeded', $4, $5, $25, $6, 'one time', $7,
         coalesce($23::int, (select version from home_page_configuration where charity_id = $8), 1),
         $9, $10, 1, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
         coalesce($22::timestamptz, now()), $24)
       on conflict (transaction_no) do nothing returning id`,
      [
        id,
        transactionNo,
        entry.flow,
        entry.amountCents,
        JSON.stringify(amounts),
        JSON.stringify({
          name: donor.name,
          ...(donor.email ? { email: donor.email } : {}),
          anonymous: donor.anonymous,
          irasInclusion: donor.idNumber !== null,
        }),
        entry.method,
        MAIN_CHARITY_ID,
        // No browser ever holds this donation's client secret.
        sha256(randomBytes(32).toString("hex")),
        COUNTER_SOURCE,
        sealed,
        hashed,
        JSON.stringify(particulars),
        donor.email,
        donor.idKind === "NRIC" ? sealed : null,
        donor.idKind === "NRIC" ? hashed : null,
        entry.mosqueName,
        amil.id,
        amil.name,
        entry.reference,
        entry.bankName,
        options.number?.takenAt ?? null,
        options.number?.ratesVersion ?? null,
        options.shift ?? null,
        // The people paid for, each named on the receipt (receiptAttributes reads them).
        JSON.stringify(
          entry.household
            ? { household: entry.household.map((line) => ({ item: entry.fund, ...line })) }
            : {},
        ),
      ],
    );
    return written.length === 1;
  };
  // Six random digits: two counters may record in the same millisecond.
  const transactionNo = await insertWithFreshTransactionNo(
    () => transactionNumber(entry.series),
    write,
  );
  const receiptId = randomUUID();
  const tokenHash = sha256(receiptToken(key, receiptId));
  const { number } = options;
  const [issued] = number
    ? // An offline device's number: its series and serial, at the time it was taken.
      await tx.query<{ receipt_no: string }>(
        `insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, issued_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning receipt_no`,
        [
          receiptId,
          id,
          number.series,
          number.serial,
          receiptNumberOf(number.series, number.serial),
          tokenHash,
          number.takenAt,
        ],
      )
    : // The series row's update hands out the next serial, as online payments take theirs.
      await tx.query<{ receipt_no: string }>(
        `with next as (
             update receipt_series set next_serial = next_serial + 1 where series = $2
             returning series, next_serial - 1 as serial
           )
           insert into receipt (id, donation_id, series, serial, receipt_no, token_hash)
           select $1, $3, next.series, next.serial, next.series || '-' || case when length(next.serial::text) >= 8
             then next.serial::text else lpad(next.serial::text, 8, '0') end, $4
           from next returning receipt_no`,
        [receiptId, entry.series, id, tokenHash],
      );
  if (!issued) throw new Error(`no receipt series ${entry.series}`);
  await tx.query(issueParticulars, [receiptId]);
  await audit(tx, {
    actor: amil,
    action: "counter.record",
    entity: "donation",
    entityId: transactionNo,
    before: null,
    after: {
      receiptNo: issued.receipt_no,
      fund: entry.fund,
      amountCents: entry.amountCents,
      method: entry.method,
      reference: entry.reference,
      mosqueName: entry.mosqueName,
      ...(options.shift ? { shift: options.shift } : {}),
      idNumber: donor.idNumber ? `*****${donor.idNumber.slice(-4)}` : null,
    },
  });
  return { receiptNo: issued.receipt_no, transactionNo, receiptId };
}
