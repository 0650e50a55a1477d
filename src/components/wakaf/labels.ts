/** Every string the wakaf donation widget needs, translated by the page and passed in as props. */
export const wakafLabelKeys = [
  "wakaf_widget_heading",
  "wakaf_presets",
  "wakaf_amount",
  "wakaf_amount_hint",
  "wakaf_frequency",
  "wakaf_give",
  "wakaf_give_hint",
  "wakaf_error_amount",
  "wakaf_error_min",
  "wakaf_error_max",
] as const;

export type WakafLabels = Readonly<Record<(typeof wakafLabelKeys)[number], string>>;
