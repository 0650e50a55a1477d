import { createHmac, randomUUID } from "node:crypto";
import { COUNTER_SOURCE, receiptSeriesOf } from "@portal/domain";
import {
  clientSecretFor,
  IdempotencyConflict,
  readDonationView,
  sha256,
  type DonationView,
  type Payments,
} from "./donation-model";
import { personalData } from "./personal-data";
import { isTakenTransactionNo, withFreshTransactionNo } from "./transaction-no";
import type { Sql, SqlQuery } from "./sql";

export type NewDonationInput = Parameters<Payments["create"]>[0];
type Created = Awaited<ReturnType<Payments["create"]>>;

/** How a statement gets its transaction number: drawn again on a taken one, or drawn once. */
type Draw = <T>(series: string, write: (transactionNo: string) => Promise<T>) => Promise<T>;
const drawOnce: Draw = (series, write) => withFreshTransactionNo(series, write, 1);

/**
 * Keep a donation once per idempotency key, on `sql` (the pool, or a transaction's handle). Outside
 * a transaction a taken transaction number is drawn again; inside one (`fresh` = `drawOnce`) the
 * failed statement aborts the transaction, and `createOrderOn` runs the whole transaction again.
 */
export const createDonationOn = async (
  sql: SqlQuery,
  key: Buffer,
  input: NewDonationInput,
  fresh: Draw = withFreshTransactionNo,
  orderId?: string,
): Promise<Created> => {
  const pii = personalData(key);
  // Keyed, so a request hash cannot be tested against guesses of what it held (an NRIC for IRAS).
  const requestHash = createHmac("sha256", key)
    .update(`idempotency:${JSON.stringify(input.request)}`)
    .digest();
  const id = randomUUID();
  const clientSecret = clientSecretFor(key, id);
  // One statement, so one round trip and atomic: the key is claimed with its answer, and only a
  // claim inserts the donation and its audit entry. A key already taken inserts nothing; a
  // transaction number drawn twice writes nothing and is drawn again.
  let transactionNo = "";
  const [made] = await fresh(receiptSeriesOf(input.flow), (drawn) => {
    transactionNo = drawn;
    return sql.query<{ count: number }>(
      `with claimed as (
       insert into idempotency_key (scope, key, request_hash, status_code, response)
       values ('donation.create', $1, $2, 200, $3) on conflict (scope, key) do nothing returning key
     ), made as (
       insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
         frequency, rates_version, client_secret_hash, donor_id, guest_session_id, tax_id_encrypted, tax_id_hash,
         receipt_items, particulars, donor_id_encrypted, donor_id_hash, gift_email, lang, source, mosque_name,
         amil_id, amil_name, shift_id, fee_cents, order_id)
       select $4, $5, $6, 'initiated', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $20, $21, $22, $23, $24,
         coalesce($25::text, 'Online'), $26, $27, $28, $29::uuid, $32, $33::uuid
       from claimed
       returning id
     ), logged as (
       insert into audit_log (actor, action, entity, entity_id, detail)
       select 'donor', 'donation.create', 'donation', made.id::text, $18 from made
     ), audited as (
       -- Started at a counter: the amil's act, in the console's audit log (as counter.record).
       insert into console_audit (at, officer_id, officer_name, roles, action, entity, entity_id, after, ip)
       select now(), $27, $28, '{}', 'counter.paynow.start', 'donation', $5, $30::jsonb, $31
       from made where $27::text is not null
     )
     select count(*)::int as count from made`,
      [
        input.idempotencyKey,
        requestHash,
        JSON.stringify({ id }),
        id,
        transactionNo,
        input.flow,
        input.total,
        JSON.stringify(input.amounts),
        JSON.stringify(input.inputs),
        input.donorDetails === undefined ? null : JSON.stringify(input.donorDetails),
        input.frequency,
        input.ratesVersion,
        sha256(clientSecret),
        input.donorId ?? null,
        input.guestSessionId ?? null,
        input.taxId === undefined ? null : pii.encrypt(input.taxId),
        input.taxId === undefined ? null : pii.hash(input.taxId),
        JSON.stringify({ total: input.total, amounts: input.amounts, flow: input.flow }),
        input.receiptItems === undefined ? null : JSON.stringify(input.receiptItems),
        input.particulars === undefined ? null : JSON.stringify(input.particulars),
        input.donorIdEncrypted ?? null,
        input.donorIdHash ?? null,
        input.giftEmail?.toLowerCase() ?? null,
        input.lang ?? null,
        input.kiosk ? "kiosk" : input.counter ? COUNTER_SOURCE : null,
        input.kiosk?.mosqueName ?? input.counter?.mosqueName ?? null,
        input.counter?.amil.id ?? null,
        input.counter?.amil.name ?? null,
        input.counter?.shiftId ?? null,
        input.counter ? JSON.stringify(input.counter.audit) : null,
        input.counter?.from ?? null,
        input.fee ?? 0,
        orderId ?? null,
      ],
    );
  });
  if (made?.count !== 1) {
    const [prior] = await sql.query<{
      request_hash: Buffer;
      response: { id: string } | null;
      client_secret_hash: Buffer | null;
    }>(
      `select k.request_hash, k.response, d.client_secret_hash from idempotency_key k
       left join donation d on d.id::text = k.response->>'id'
       where k.scope = 'donation.create' and k.key = $1`,
      [input.idempotencyKey],
    );
    if (!prior?.response || !Buffer.from(prior.request_hash).equals(requestHash))
      throw new IdempotencyConflict();
    const clientSecret = clientSecretFor(key, prior.response.id);
    // A record from before the secret was derived (migration 016) cannot give its secret back.
    if (
      !prior.client_secret_hash ||
      !Buffer.from(prior.client_secret_hash).equals(sha256(clientSecret))
    )
      throw new IdempotencyConflict();
    return {
      donation: await readDonationView(sql, key, prior.response.id),
      clientSecret,
      replayed: true,
    };
  }
  // A donation just made has no attempt, card or receipt: its view needs no read.
  const donation: DonationView = {
    id,
    transactionNo,
    flow: input.flow,
    status: "requires_payment_method",
    totalCents: input.total,
    feeCents: input.fee ?? 0,
    amounts: { ...input.amounts },
    frequency: input.frequency,
    card: null,
    nextAction: null,
    lastPaymentError: null,
    receipt: null,
    paymentMethod: null,
    payNow: null,
  };
  return { donation, clientSecret, replayed: false };
};

/**
 * Several donations (a household's, one per fund) kept in one transaction: all are written or none
 * is. Each is kept once per its own idempotency key, so a replayed order finds every donation it made
 * (and a changed one is `IdempotencyConflict` for the first whose request differs, nothing written).
 * A transaction number drawn twice (it aborts the transaction) runs the whole order again.
 */
export const createOrderOn = async (
  sql: Sql,
  key: Buffer,
  inputs: ReadonlyArray<NewDonationInput>,
  attempts = 5,
): Promise<ReadonlyArray<Created>> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sql.transaction(async (tx) => {
        const made: Created[] = [];
        // The order's own id, on each of its donations (migration 057): drawn here, so only the
        // donations of this one transaction share it. A replay keeps the ids its donations have.
        const orderId = randomUUID();
        for (const input of inputs)
          made.push(await createDonationOn(tx, key, input, drawOnce, orderId));
        return made;
      });
    } catch (error) {
      if (attempt >= attempts || !isTakenTransactionNo(error)) throw error;
    }
  }
};
