/**
 * Copies a receipt's donor particulars when it is issued (issue 22): a gift made signed in takes its
 * donor's record as it is at that moment; a guest's gift its own particulars (enrolment and checkout,
 * kept on the donation). Nothing reads the donor's record for a receipt afterwards. $1: the receipt id.
 */
export const issueParticulars = `
update receipt r set
  particulars = case when o.id is not null and (d.guest_session_id is null or d.particulars is null)
    then jsonb_build_object(
      'kind', o.kind, 'name', o.name, 'email', o.email, 'countryCode', o.mobile_country_code,
      'mobile', o.mobile, 'companyName', o.company_name, 'uen', o.uen,
      'address', coalesce(o.address, '{}'::jsonb), 'profile', o.profile)
    else coalesce(d.particulars,
      jsonb_build_object('name', d.donor_details->>'name', 'email', d.donor_details->>'email')) end,
  id_encrypted = case when o.id is not null and (d.guest_session_id is null or d.particulars is null)
    then o.nric_encrypted else d.donor_id_encrypted end
from donation d left join donor o on o.id = d.donor_id
where r.id = $1 and d.id = r.donation_id`;

/**
 * Whether the receipt of donation `d` names an identity number (an NRIC/FIN sealed, or a UEN), as
 * issued or as last re-issued: a gift is included for IRAS as its receipt says, never because the
 * account has a number now that the receipt does not.
 */
export const receiptNamesId = `exists (
  select 1 from receipt ri
  left join lateral (select xi.id, xi.id_encrypted, xi.particulars from receipt_reissue xi
                     where xi.receipt_id = ri.id order by xi.id desc limit 1) xi on true
  where ri.donation_id = d.id
    and ((case when xi.id is null then ri.id_encrypted else xi.id_encrypted end) is not null
      or coalesce(xi.particulars, ri.particulars)->>'uen' is not null))`;
