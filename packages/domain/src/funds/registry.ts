import type { Cents } from "../money.ts";
import type { FundEntry } from "./fund.ts";

/** Cents, written out: the registry is on every page and needs none of money.ts's formatting. */
const cents = (value: number): Cents => value as Cents;

/**
 * The funds of the portal. Adding a fund: an entry here and its translations (docs/add-a-fund.md);
 * pricing, checkout, receipts, history, statements, the server's request schemas, the database's
 * fund table, the mosque counter, the finance screens, the IRAS file and the web server's host choice
 * all follow from this list.
 */
export const FUNDS = [
  {
    flow: "ZAKAT",
    name: "Zakat",
    brand: "zakat",
    route: "",
    landing: false,
    receiptSeries: "ZK",
    charityId: 25,
    donationTypeId: null,
    limits: { min: cents(1), max: cents(999_999_00) }, // $0.01 to $999,999 (§9)
    tax: "zakat-1x",
    recurring: false,
    items: [
      { key: "harta", pricing: "harta" },
      { key: "fitrah", pricing: "fitrah" },
    ],
    counterItems: ["harta", "fitrah"],
    irasType: "ZAKAT",
  },
  {
    flow: "FIDYAH",
    name: "Fidyah",
    brand: "zakat",
    route: "/fidyah",
    landing: false,
    receiptSeries: "ZK",
    charityId: 25,
    donationTypeId: null,
    limits: { min: cents(1), max: cents(999_999_00) }, // $0.01 to $999,999 (§9)
    tax: "none",
    recurring: false,
    items: [{ key: "fidyah", pricing: "fidyah" }],
    counterItems: ["fidyah"],
  },
  {
    flow: "KAFFARAH",
    name: "Kaffarah",
    brand: "zakat",
    route: "/kaffarah",
    landing: false,
    receiptSeries: "ZK",
    charityId: 25,
    donationTypeId: null,
    limits: { min: cents(1), max: cents(999_999_00) }, // $0.01 to $999,999 (§9)
    tax: "none",
    recurring: false,
    items: [{ key: "kaffarah", pricing: "kaffarah" }],
    counterItems: ["kaffarah"],
  },
  {
    flow: "ILMU",
    name: "Wakaf Ilmu",
    brand: "wakaf",
    route: "/{product}-ilmu",
    receiptPage: "{product}",
    landing: true,
    receiptSeries: "WK",
    charityId: 135,
    donationTypeId: 33,
    limits: { min: cents(5_00), max: cents(20_000_00) }, // gifts of $20,000 or more need approval
    tax: "wakaf-250",
    recurring: true,
    items: [{ key: "ilmu", pricing: "amount" }],
    counterItems: ["ilmu"],
    irasType: "WAKAF_ILMU",
  },
  {
    flow: "WMS",
    name: "Wakaf Masyarakat Singapura",
    brand: "wakaf",
    route: "/wms",
    receiptPage: "{product}",
    landing: true,
    receiptSeries: "WK",
    charityId: 136,
    donationTypeId: 34,
    limits: { min: cents(10_00), max: cents(20_000_00) }, // WMS from $10
    tax: "wakaf-250",
    recurring: true,
    items: [{ key: "wms", pricing: "amount" }],
    counterItems: ["wms"],
    irasType: "WAKAF_WMS",
  },
] as const satisfies ReadonlyArray<FundEntry>;

/** The fund the last ten nights of Ramadan give to, a gift each night (issue 33, docs/last-ten-nights.md). */
export const LAST_TEN_NIGHTS_FLOW = "WMS" as const;
