/**
 * The durable mail queue (receipt and refund e-mails). A mail is recorded before it is sent, sealed
 * (its body holds an address and a receipt link with its token), then delivered; a failed delivery
 * waits for its next try. Drainers claim rows with a lease (`lease_until`, `lease_token`), so two
 * instances never send one mail together and a crashed sender's claim runs out.
 *
 * `key` makes recording idempotent (`receipt:<receipt no>`); `kind` and `ref` (a transaction number)
 * are kept in clear so an officer can see that a donation's mail went; they name no one. `sealed` is
 * emptied some days after the mail was sent or given up on; the row stays.
 */
export const mailQueue = `
create table mail_queue (
  id uuid primary key,
  key text not null unique,
  kind text not null,
  ref text,
  sealed bytea,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  lease_token uuid,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz,
  failed_at timestamptz,
  check (status <> 'queued' or sealed is not null)
);
create index mail_queue_due on mail_queue (next_attempt_at) where status = 'queued';
create index mail_queue_ref on mail_queue (ref);
create index mail_queue_sealed_done on mail_queue (coalesce(sent_at, failed_at))
  where sealed is not null and status <> 'queued';
`;
