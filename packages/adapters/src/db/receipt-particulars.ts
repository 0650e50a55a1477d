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
