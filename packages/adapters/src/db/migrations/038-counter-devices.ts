/**
 * Issue 32: mosque counters that work offline. An officer registers each device for a mosque with
 * the public half of a key pair the device made (its private half never leaves the device) and a
 * block of serials; the device numbers its receipts in its own series (`ZK-D007`, `WK-D007`: rows of
 * `receipt_series` made at registration, whose `next_serial` the device, not the server, advances).
 * Each signed entry the device sends is kept once per device and key: applied (its donation) or held
 * for an officer with its reason. Only an entry with a valid signature of a registered device is
 * written, so nobody without a device can grow the table. The signed text names the payer (an
 * identity number for IRAS): it is kept sealed, as every identity number is.
 */
export const counterDevices = `
create table counter_device (
  id uuid primary key,
  device_no integer generated always as identity unique,
  mosque_name text not null,
  label text not null,
  public_key jsonb not null,
  block_from bigint not null check (block_from >= 1),
  block_to bigint not null check (block_to >= block_from),
  registered_by text not null,
  registered_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by text
);
create table counter_offline_entry (
  device_id uuid not null references counter_device (id),
  key text not null,
  signed_text bytea not null,
  signature text not null,
  outcome text not null check (outcome in ('applied', 'held')),
  reason text,
  receipt_no text,
  donation_id uuid references donation (id),
  rates_superseded boolean not null default false,
  received_at timestamptz not null default now(),
  -- The order they came in (one call's entries share their transaction's time).
  seq bigint generated always as identity,
  primary key (device_id, key),
  check ((outcome = 'applied') = (donation_id is not null)),
  check ((outcome = 'held') = (reason is not null))
);
create index counter_offline_entry_held on counter_offline_entry (seq) where outcome = 'held';
`;
