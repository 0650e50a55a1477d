import type { Sql } from "./sql";

/**
 * How long a card payment without an expiry counts as open (a 3-D Secure check left unanswered
 * times out at the card's issuer well before this).
 */
export const OPEN_PAYMENT_MINUTES = 30;

/**
 * `Donors.close` (PDPA; docs/account.md): refused while a payment of the donor's is open; else, in one
 * transaction, plans, instalment plans and night schedules stop, saved cards and sign-in links go,
 * and the record's personal fields are erased. Gifts and their receipts stay.
 */
export const closeDonor = (sql: Sql, donorId: string): Promise<"closed" | "paymentOpen"> =>
  sql.transaction(async (tx) => {
    const [open] = await tx.query<{ count: number }>(
      `select count(*)::int as count from payment_attempt a join donation d on d.id = a.donation_id
           where d.donor_id = $1 and d.status in ('initiated', 'pending')
             and a.status in ('initiated', 'pending')
             and (a.expires_at > now()
               or (a.expires_at is null and a.created_at > now() - make_interval(mins => $2)))`,
      [donorId, OPEN_PAYMENT_MINUTES],
    );
    if ((open?.count ?? 0) > 0) return "paymentOpen" as const;
    await tx.query(
      `update recurring_plan set status = 'cancelled', cancelled_at = now(), next_charge_on = null,
             updated_at = now() where donor_id = $1 and status <> 'cancelled'`,
      [donorId],
    );
    await tx.query(
      "delete from recurring_manage_token where plan_id in (select id from recurring_plan where donor_id = $1)",
      [donorId],
    );
    // Instalment plans stop with their monthly plans (docs/instalments.md): no settling offer
    // is mailed to a closed account.
    await tx.query(
      `update instalment_plan set status = 'stopped', stopped_at = now()
           where donor_id = $1 and status <> 'stopped'`,
      [donorId],
    );
    // The last ten nights' schedules stop too (docs/last-ten-nights.md): no card is charged again.
    await tx.query(
      `with mine as (select id from night_schedule where donor_id = $1),
             nights as (update night_schedule_night set status = 'stopped'
               where status = 'scheduled' and schedule_id in (select id from mine)),
             links as (delete from night_manage_token where schedule_id in (select id from mine))
           update night_schedule set status = 'stopped', stopped_at = now()
           where donor_id = $1 and status = 'active'`,
      [donorId],
    );
    await tx.query("delete from saved_card where donor_id = $1", [donorId]);
    await tx.query("delete from identity_link where donor_id = $1", [donorId]);
    await tx.query(
      `update donor set name = '', email = null, mobile_country_code = null, mobile = null,
             nric_encrypted = null, nric_hash = null, address = '{}'::jsonb, profile = '{}'::jsonb,
             updated_at = now() where id = $1`,
      [donorId],
    );
    await tx.query(
      "insert into audit_log (actor, action, entity, entity_id) values ('donor', 'donor.close', 'donor', $1)",
      [donorId],
    );
    return "closed" as const;
  });
