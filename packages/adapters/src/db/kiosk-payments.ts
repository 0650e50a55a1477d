import { readDonationView, type DonationView } from "./donation-model";
import type { Sql, SqlQuery } from "./sql";

// What a kiosk's payment needs of the donation records beyond an online gift's (issue 32;
// docs/counter.md "Kiosks"): where it was started, what its receipt screen shows, and its receipt
// e-mailed when the payer asks.

/** A donation as the kiosk's calls see it: where it was started, and its receipt once paid. */
export interface KioskDonation {
  /** `kiosk` for a payment a registered kiosk started; anything else is not the kiosk's to pay. */
  readonly source: string;
  readonly mosqueName: string | null;
  readonly flow: string;
  readonly status: string;
  readonly totalCents: number;
  readonly amounts: Readonly<Record<string, number>>;
  readonly transactionNo: string;
  readonly paymentMethod: string | null;
  /** The NETS approval code, for a payment at the kiosk's terminal. */
  readonly reference: string | null;
  readonly receiptNo: string | null;
  readonly issuedAt: string | null;
  /** The people a household payment named, as its receipt lists them (empty: none named). */
  readonly household: ReadonlyArray<KioskPerson>;
}

/** One person a kiosk's household payment named (the receipt's `household` attribute). */
export interface KioskPerson {
  readonly name: string;
  readonly kind: string | null;
  readonly days: number | null;
  readonly amount: number;
}

interface Row {
  source: string;
  mosque_name: string | null;
  flow: string;
  status: string;
  total_cents: number | string;
  amounts: Record<string, number>;
  transaction_no: string;
  payment_method: string | null;
  counter_reference: string | null;
  receipt_no: string | null;
  issued_at: Date | string | null;
  household: unknown;
}

const people = (value: unknown): KioskPerson[] =>
  Array.isArray(value)
    ? value.map((p: Record<string, unknown>) => ({
        name: String(p["name"]),
        kind: typeof p["kind"] === "string" ? p["kind"] : null,
        days: typeof p["days"] === "number" ? p["days"] : null,
        amount: Number(p["amount"]),
      }))
    : [];

export function kioskPayments(sql: Sql, key: Buffer) {
  return {
    /** The donation (whose client secret the caller checked); undefined: none. */
    of: async (donationId: string): Promise<KioskDonation | undefined> => {
      const [row] = await sql.query<Row>(
        `select d.source, d.mosque_name, d.flow, d.status, d.total_cents, d.amounts, d.transaction_no,
           d.payment_method, d.counter_reference, r.receipt_no, r.issued_at,
           d.receipt_items -> 'household' as household
         from donation d left join receipt r on r.donation_id = d.id
         where d.id = $1 order by r.issued_at desc nulls last limit 1`,
        [donationId],
      );
      if (!row) return undefined;
      return {
        source: row.source,
        mosqueName: row.mosque_name,
        flow: row.flow,
        status: row.status,
        totalCents: Number(row.total_cents),
        amounts: row.amounts,
        transactionNo: row.transaction_no,
        paymentMethod: row.payment_method,
        reference: row.counter_reference,
        receiptNo: row.receipt_no,
        issuedAt: row.issued_at ? new Date(row.issued_at).toISOString() : null,
        household: people(row.household),
      };
    },

    /**
     * The receipt of a paid kiosk payment e-mailed to `email`: the address kept as the gift's (the
     * kiosk keeps none until the payer asks) and the mail queued in the same transaction by `queue`
     * (the receipt mail, once per receipt however often it is asked for). False: not a paid kiosk
     * payment, or already e-mailed to another address.
     */
    emailReceipt: (
      donationId: string,
      email: string,
      queue: (tx: SqlQuery, donation: DonationView, email: string) => Promise<void>,
    ): Promise<DonationView | undefined> =>
      sql.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `update donation set gift_email = $2, updated_at = now()
           where id = $1 and source = 'kiosk' and status = 'succeeded'
             and (gift_email is null or gift_email = $2)
           returning id`,
          [donationId, email.toLowerCase()],
        );
        if (!row) return undefined;
        const view = await readDonationView(tx, key, donationId, null);
        await queue(tx, view, email.toLowerCase());
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('kiosk', 'kiosk.receipt_email', 'donation', $1, '{}'::jsonb)`,
          [donationId],
        );
        return view;
      }),
  };
}

export type KioskPayments = ReturnType<typeof kioskPayments>;
