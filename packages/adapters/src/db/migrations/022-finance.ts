/**
 * Finance (issue 19). A reconciled day signed off by an approver: once, with what was matched and the
 * reconciliation's fingerprint, never changed afterwards (like the audit log). Indexes for the
 * finance team's reads: donations by when they were paid (the receipt's issue time), payments by when
 * they were made and last changed (a day's reconciliation), and donations by when they were given
 * back. (The sandbox gateway's two such indexes, once made here, are the stand-ins' own now.)
 */
export const finance = `
create table finance_day_signoff (
  day date primary key,
  signed_by text not null,
  signed_at timestamptz not null default now(),
  matched integer not null check (matched >= 0),
  detail jsonb not null default '{}'::jsonb
);
create function finance_day_signoff_is_final() returns trigger language plpgsql as $$
begin
  raise exception 'a signed-off day is final';
end;
$$;
create trigger finance_day_signoff_final before update or delete on finance_day_signoff
  for each row execute function finance_day_signoff_is_final();

create index receipt_issued_at on receipt (issued_at) include (donation_id);
create index payment_attempt_created_at on payment_attempt (created_at);
create index payment_attempt_updated_at on payment_attempt (updated_at);
create index donation_returned_at on donation (updated_at) where status in ('refunded', 'voided');
`;
