import { productRoute } from "../chrome/site";

/** The receipt pages under /receipt/ (spec §2), the wakaf one named by the product route. */
export const receiptPageKinds = () => [
  "harta",
  "fitrah",
  "fidyah",
  "kaffarah",
  productRoute(),
  "donation",
  "adoption",
  "official",
];
