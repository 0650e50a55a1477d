/**
 * An NRIC typed into an account is unproven: when its owner proves it with Singpass, the account that
 * only typed it loses it (issue 22), so an individual donor may now be without one. The NRIC given
 * before a social sign-up is held with the terms the donor ticked beside it (spec §5 iAgree), for the
 * registration after the provider's round trip. A registration for IRAS inclusion now re-issues the
 * receipt with its number instead of the receipt reading the registration; the NRIC/FIN registrations
 * made before are re-issues from here on (a UEN never showed on a receipt).
 */
export const provenNric = `
alter table donor drop constraint if exists donor_check;
alter table donor add constraint donor_company_uen check (kind = 'individual' or uen is not null);
alter table social_nric add column terms_version text, add column terms_agreed_at timestamptz;
insert into receipt_reissue (receipt_id, particulars, id_encrypted, reason, actor, at)
select r.id, coalesce(x.particulars, r.particulars, '{}'::jsonb), t.id_encrypted, 'tax.register',
       'donor', t.created_at
from tax_registration t join receipt r on r.donation_id = t.donation_id
left join lateral (select x.particulars from receipt_reissue x where x.receipt_id = r.id
                   order by x.id desc limit 1) x on true
where t.id_kind <> 'UEN';
alter table guest_session drop column donor_id;
`;
