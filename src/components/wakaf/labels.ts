import { signInToGiveKeys } from "../giving/SignInToGive";
/** Every string the wakaf donation widget needs, translated by the page and passed in as props. */
export const wakafLabelKeys = [
  "wakaf_widget_heading",
  "wakaf_presets",
  "wakaf_amount",
  "wakaf_amount_hint",
  "polish_wakaf_frequency",
  "wakaf_give",
  "wakaf_give_hint",
  "wakaf_error_amount",
  "wakaf_error_min",
  "wakaf_error_max",
  "trust_fe_wakaf_approval",
  ...signInToGiveKeys,
] as const;

export type WakafLabels = Readonly<Record<(typeof wakafLabelKeys)[number], string>>;

/** Every string the donor wall needs. */
export const donorWallLabelKeys = [
  "wakaf_wall_heading",
  "wakaf_wall_intro",
  "wakaf_wall_loading",
  "wakaf_wall_empty",
  "wakaf_wall_failed",
  "wakaf_wall_donor",
  "wakaf_wall_amount",
  "wakaf_wall_date",
  "wakaf_wall_page",
  "wakaf_wall_pages",
  "wakaf_wall_previous",
  "wakaf_wall_next",
] as const;

export type DonorWallLabels = Readonly<Record<(typeof donorWallLabelKeys)[number], string>>;
