import { signInToGiveKeys } from "../giving/SignInToGive";
/** Every string the kaffarah island needs, translated by the page and passed in as props. */
export const kaffarahLabelKeys = [
  "kaffarah_rates_heading",
  "kaffarah_per_person",
  "kaffarah_choose",
  "kaffarah_jimak",
  "kaffarah_jimak_hint",
  "kaffarah_nazar",
  "kaffarah_nazar_hint",
  "kaffarah_custom",
  "kaffarah_custom_hint",
  "kaffarah_quantity",
  "kaffarah_quantity_hint",
  "kaffarah_amount",
  "kaffarah_line",
  "kaffarah_totals",
  "kaffarah_total",
  "kaffarah_pay",
  "kaffarah_pay_hint",
  "kaffarah_reset",
  "kaffarah_error_quantity",
  "kaffarah_error_amount",
  "kaffarah_error_min",
  ...signInToGiveKeys,
] as const;

export type KaffarahLabels = Readonly<Record<(typeof kaffarahLabelKeys)[number], string>>;
