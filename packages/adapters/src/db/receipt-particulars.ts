/** Whether a receipt of donation `d` takes its donor's (`o`) record rather than the gift's own details. */
const fromDonor = "o.id is not null and (d.guest_session_id is null or d.particulars is null)";

/**
 * A receipt's donor particulars and sealed identity number as they are when it is issued (issue 22),
 * for donation `d` and its donor `o` (left-joined): a gift made signed in takes its donor's record as
 * it is at that moment, with the name, e-mail and mobile checkout showed prefilled from it as the
 * donor left them (#23: "changes here are for this gift only"; a mobile cleared there is kept as
 * `null` and the receipt shows none, while details with no mobile field take the account's); a guest's
 * gift its own particulars
 * (enrolment and checkout, kept on the donation). Nothing reads the donor's record for a receipt
 * afterwards.
 */
export const issuedParticulars = {
  particulars: `case when ${fromDonor}
    then jsonb_build_object(
      'kind', o.kind, 'name', coalesce(d.donor_details->>'name', o.name),
      'email', coalesce(d.donor_details->>'email', o.email),
      'countryCode', case when d.donor_details ? 'mobile' then d.donor_details->>'countryCode'
        else o.mobile_country_code end,
      'mobile', case when d.donor_details ? 'mobile' then d.donor_details->>'mobile'
        else o.mobile end,
      'companyName', o.company_name, 'uen', o.uen,
      'address', coalesce(o.address, '{}'::jsonb), 'profile', o.profile)
    else coalesce(d.particulars,
      jsonb_build_object('name', d.donor_details->>'name', 'email', d.donor_details->>'email')) end`,
  idEncrypted: `case when ${fromDonor} then coalesce(o.nric_encrypted, d.tax_id_encrypted)
    else coalesce(d.donor_id_encrypted, d.tax_id_encrypted) end`,
};

/** Copies a receipt's particulars (`issuedParticulars`) onto it once issued. $1: the receipt id. */
export const issueParticulars = `
update receipt r set
  particulars = ${issuedParticulars.particulars},
  id_encrypted = ${issuedParticulars.idEncrypted}
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
