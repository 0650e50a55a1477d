import type { AmountLimit } from "../limits.ts";

/**
 * How a gift counts for income tax (design/facts.md): zakat paid to the council is deductible at 1x as
 * an expense and included in the donor's assessment automatically when an NRIC/FIN/UEN was given (never
 * the 250% line); gifts to the qualifying wakaf funds (Institutions of a Public Character) at 250%;
 * fidyah and kaffarah carry no stated deduction.
 */
export const TAX_TREATMENTS = ["zakat-1x", "wakaf-250", "none"] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The two sites: the zakat site (zakat, fidyah, kaffarah) and the wakaf site on its own host. */
export type Brand = "zakat" | "wakaf";

/**
 * How an item is priced on the server: `amount` is what the donor chose (a wakaf gift); `harta` is an
 * amount too, with the calculator's assets for the receipt; `fitrah`, `fidyah` and `kaffarah` are
 * priced from quantities at the configured rates.
 */
export type Pricing = "amount" | "harta" | "fitrah" | "fidyah" | "kaffarah";

/**
 * The type of donation a fund's gifts are filed under in the IRAS donation records (design/facts.md),
 * upper case: zakat's (1x) or a wakaf fund's own `WAKAF_<NAME>` (2.5x). Every fund IRAS hears of has
 * its own (the registry test holds them apart).
 */
export type IrasType = Uppercase<string>;

/** One thing a fund prices: the key of its amount (`items.<key>` in a request, `amounts.<key>` stored). */
export interface FundItem {
  readonly key: string;
  readonly pricing: Pricing;
}

/**
 * A fund: everything fund-shaped in the portal reads it from here. The translations a fund needs are
 * named after its `flow` (`fund_<FLOW>_name`, `finance_fund_<FLOW>`, ...; docs/add-a-fund.md lists
 * them). The registry's order is every list's order: checkout, the console's fund filters, the finance
 * dashboard and exports. Its brand (and whether it is its brand's first fund, the home its host lands
 * on) is all the web server's host choice needs.
 */
export interface FundEntry {
  /** Upper-case id stored on every donation and plan and sent by checkout (`ILMU`). */
  readonly flow: string;
  /** The fund's name of record: history, the charity row, the console. */
  readonly name: string;
  /** The site it belongs to. The first fund of a brand is that brand's home (its host lands there). */
  readonly brand: Brand;
  /** Its pages' path prefix: `""` for zakat; `{product}` is the configured wakaf route name. */
  readonly route: string;
  /** Its receipt page under `/receipt/`; when absent, named after the first item paid (`harta`). */
  readonly receiptPage?: string;
  /**
   * Whether it has a landing page of its own at its route (a wakaf fund's `WakafPage`, with its
   * `fund_<FLOW>_intro`): the page is built for it and the web server opens it on its brand's host only.
   */
  readonly landing: boolean;
  /** Receipt number series (`WK-00000001`); one gapless counter per series. */
  readonly receiptSeries: string;
  /** The council's charity and donation-type ids of spec §3. */
  readonly charityId: number;
  readonly donationTypeId: number | null;
  /** What one gift may come to online, in cents (§9; wakaf gifts of $20,000 or more need approval). */
  readonly limits: AmountLimit;
  readonly tax: TaxTreatment;
  /** Whether a donor may make it a recurring gift. */
  readonly recurring: boolean;
  /** The items it prices, in the order a checkout lists them. */
  readonly items: ReadonlyArray<FundItem>;
  /**
   * The items an amil may take for it at a mosque counter (`POST /console/api/counter`), each a choice
   * of the counter form (label `consoleops_fund_<item>`); empty when the counter does not take it.
   */
  readonly counterItems: ReadonlyArray<string>;
  /**
   * Its IRAS record type (`IrasType`); absent for a fund IRAS does not hear of (fidyah, kaffarah). A
   * fund with a deduction (`tax` other than `"none"`) must have one: the IRAS file lists it under this
   * type and never under another fund's.
   */
  readonly irasType?: IrasType;
}
