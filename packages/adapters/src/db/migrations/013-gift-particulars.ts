/**
 * Issue 22: a gift carries its own donor details and a receipt keeps the particulars it was issued
 * with. A guest's enrolment is held on the guest session (never written to a stored donor), copied to
 * each donation it makes (`particulars`, the identity number sealed beside its keyed hash), and the
 * e-mail given for the gift (`gift_email`) is where its mail goes. A receipt copies its particulars at
 * issue; a correction is a row of `receipt_reissue`, the original kept. Existing guest gifts are
 * detached from donor records (they were linked by NRIC alone) and link again only on proof; donor
 * records nobody signed in as, left without gifts, are removed. Existing receipts are backfilled with
 * the details they show today.
 */
export const giftParticulars = `
alter table guest_session
  add column enrolment jsonb,
  add column enrolment_id_encrypted bytea,
  add column enrolment_id_hash bytea;

alter table donation
  add column particulars jsonb,
  add column gift_email text,
  add column donor_id_encrypted bytea,
  add column donor_id_hash bytea;

alter table receipt
  add column particulars jsonb,
  add column id_encrypted bytea;

create table receipt_reissue (
  id bigserial primary key,
  receipt_id uuid not null references receipt (id),
  particulars jsonb not null,
  id_encrypted bytea,
  reason text not null,
  actor text not null,
  at timestamptz not null default now()
);
create index receipt_reissue_receipt on receipt_reissue (receipt_id, id desc);

-- Receipts as they read today (the donor's record, else the details given at checkout).
update receipt r set
  particulars = case when o.id is not null then jsonb_build_object(
      'kind', o.kind, 'name', o.name, 'email', o.email, 'countryCode', o.mobile_country_code,
      'mobile', o.mobile, 'companyName', o.company_name, 'uen', o.uen,
      'address', coalesce(o.address, '{}'::jsonb), 'profile', o.profile)
    else jsonb_build_object('name', d.donor_details->>'name', 'email', d.donor_details->>'email') end,
  id_encrypted = o.nric_encrypted
from donation d left join donor o on o.id = d.donor_id
where d.id = r.donation_id;

-- Every gift's own e-mail: the one given at checkout, else the record's at this time.
update donation d set gift_email = lower(coalesce(d.donor_details->>'email',
  (select o.email from donor o where o.id = d.donor_id)));

-- Guest gifts keep the record's details of today as their own, then stand alone.
update donation d set
  particulars = jsonb_build_object(
    'kind', o.kind, 'name', coalesce(d.donor_details->>'name', o.name), 'email', d.gift_email,
    'countryCode', o.mobile_country_code, 'mobile', o.mobile, 'companyName', o.company_name,
    'uen', o.uen, 'address', coalesce(o.address, '{}'::jsonb), 'profile', o.profile),
  donor_id_encrypted = o.nric_encrypted,
  donor_id_hash = o.nric_hash
from donor o
where o.id = d.donor_id and d.guest_session_id is not null;
update recurring_plan set donor_id = null where guest_session_id is not null;
update donation set donor_id = null where guest_session_id is not null;
update guest_session set donor_id = null;
delete from donor o where not exists (select 1 from identity_link l where l.donor_id = o.id)
  and not exists (select 1 from donation d where d.donor_id = o.id)
  and not exists (select 1 from recurring_plan p where p.donor_id = o.id)
  and not exists (select 1 from saved_card c where c.donor_id = o.id);

create index donation_unlinked_email on donation (gift_email) where donor_id is null;
create index donation_unlinked_id on donation (donor_id_hash) where donor_id is null;
`;
