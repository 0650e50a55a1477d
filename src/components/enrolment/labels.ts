import { addressLabelKeys } from "../address/labels";

/** Strings the enrolment islands need, translated by the page and passed in as props. */
const validationKeys = [
  "validation_nric_required",
  "validation_nric_invalid",
  "validation_email_required",
  "validation_email_invalid",
  "validation_mobile_invalid",
  "validation_mobile_min",
  "validation_mobile_max",
  "validation_mobile_exists",
  "validation_fullName_enter",
  "validation_fullName_invalid",
  "validation_firstName_invalid",
  "validation_registeredAddress_required",
  "validation_uen_required",
  "validation_uen_pattern",
  "validation_uen_invalid",
  "validation_companyName_required",
  "validation_companyName_invalid",
  "validation_contactPerson_required",
  "validation_contactPerson_invalid",
  "validation_length_max",
  "validation_name_tooLong",
  "validation_contactPerson_tooLong",
  "validation_dateOfBirth_required",
  "validation_date_invalid",
  "validation_date_future",
  "enrol_dial_invalid",
  "enrol_error_generic",
  "enrol_errors_heading",
] as const;

const contactKeys = [
  "enrol_email",
  "enrol_country_dial",
  "enrol_mobile",
  ...addressLabelKeys,
  "consent_zakatUpdates",
  "trust_fe_terms_agree",
  "trust_fe_terms_required",
  "enrol_done_heading",
  "enrol_done_text",
  "enrol_continue",
] as const;

export const manualLabelKeys = [
  ...validationKeys,
  ...contactKeys,
  "enrol_kind",
  "enrol_kind_individual",
  "enrol_kind_corporate",
  "enrol_name",
  "enrol_nric",
  "enrol_company",
  "enrol_uen",
  "enrol_contact_person",
  "enrol_submit",
  "enrol_dob_required",
  "enrol_dob_hint",
  "donorlast_registered_address",
  "donorlast_registered_address_hint",
] as const;

export const singpassUpdateLabelKeys = [
  ...validationKeys,
  ...contactKeys,
  "enrol_from_myinfo",
  "enrol_contact",
  "enrol_loading",
  "enrol_none",
  "enrol_sp_try_again",
  "enrol_name",
  "enrol_nric",
  "enrol_dob",
  "enrol_sex",
  "enrol_race",
  "enrol_nationality",
  "enrol_confirm",
] as const;

export type ManualLabels = Readonly<Record<(typeof manualLabelKeys)[number], string>>;
export type SingpassUpdateLabels = Readonly<
  Record<(typeof singpassUpdateLabelKeys)[number], string>
>;
export type ValidationLabels = Readonly<Record<(typeof validationKeys)[number], string>>;
