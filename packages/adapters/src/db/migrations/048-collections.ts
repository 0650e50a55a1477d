/**
 * Issue 34, the collections page (docs/collections.md). Two things:
 *
 * - Each paid gift of the finance roll-up (`finance_paid_gift`, migration 026) also keeps its channel
 *   (`online`, `counter`, `kiosk`, from the donation's `source`), set as the row is inserted, so the
 *   page sums gifts per fund and channel from the roll-up alone. `finance_refresh` inserts its rows
 *   positionally, so the new column is last and filled by the trigger.
 * - The distribution of zakat to the eight asnaf the council publishes for a year:
 *   `asnaf_distribution` (one row per year, the published cents) and `asnaf_distribution_draft`
 *   (proposals, each approved by an officer other than its drafter, as rates and the Hijri calendar).
 */
export const collections = `
alter table finance_paid_gift add column channel text not null default 'online'
  check (channel in ('online', 'counter', 'kiosk'));

create function finance_paid_gift_channel() returns trigger language plpgsql as $$
begin
  select case when d.source = 'kiosk' then 'kiosk'
              when lower(d.source) = 'online' then 'online'
              else 'counter' end
    into new.channel
    from donation d where d.id = new.donation_id;
  new.channel := coalesce(new.channel, 'online');
  return new;
end;
$$;
create trigger finance_paid_gift_channel before insert on finance_paid_gift
  for each row execute function finance_paid_gift_channel();

update finance_paid_gift f
   set channel = case when d.source = 'kiosk' then 'kiosk'
                      when lower(d.source) = 'online' then 'online'
                      else 'counter' end
  from donation d where d.id = f.donation_id;

create table asnaf_distribution (
  year integer primary key check (year between 2000 and 2100),
  cents jsonb not null,
  published_at timestamptz not null,
  draft_id bigint not null
);

create table asnaf_distribution_draft (
  id bigserial primary key,
  year integer not null check (year between 2000 and 2100),
  cents jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'published', 'withdrawn')),
  drafted_by text not null,
  drafted_by_name text not null,
  drafted_at timestamptz not null,
  approved_by text,
  approved_by_name text,
  approved_at timestamptz,
  withdrawn_by text,
  withdrawn_at timestamptz,
  check (approved_by is null or approved_by <> drafted_by)
);
create index asnaf_distribution_draft_status on asnaf_distribution_draft (status, id desc);
`;
