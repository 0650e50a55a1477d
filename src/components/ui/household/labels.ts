/** Every string the household form shows (src/i18n/locales), translated when the page is built. */
export const householdLabelKeys = [
  "household_person",
  "household_name",
  "household_fitrah",
  "household_fitrah_none",
  "household_fitrah_normal",
  "household_fitrah_premium",
  "household_fitrah_own",
  "household_own_rate",
  "household_days",
  "household_harta",
  "household_add",
  "household_remove",
  "household_total",
  "household_problem_empty",
  "household_problem_tooMany",
  "household_problem_name",
  "household_problem_nothing",
  "household_problem_ownRate",
  "household_problem_days",
  "household_problem_harta",
] as const;

export type HouseholdLabels = Readonly<Record<(typeof householdLabelKeys)[number], string>>;
