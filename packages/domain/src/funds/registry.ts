import type { Cents } from "../money.ts";
import type { FundEntry } from "./fund.ts";

/** Cents, written out: the registry is on every page and needs none of money.ts's formatting. */
const cents = (value: number): Cents => value as Cents;

/**
 * The funds of the portal. Adding a fund: an entry here and its translations (docs/add-a-fund.md);
 * pricing, checkout, receipts, history, statements, the server's request schemas and the database's
 * fund table all follow from this list.
 */
export const FUNDS = [
  {
    flow: "ZAKAT",
    name: "Zakat",
    brand: "zakat",
    route: "",
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
  },
  {
    flow: "FIDYAH",
    name: "Fidyah",
    brand: "zakat",
    route: "/fidyah",
    receiptSeries: "ZK",
    charityId: 25,
    donationTypeId: null,
    limits: { min: cents(1), max: cents(999_999_00) }, // $0.01 to $999,999 (§9)
    tax: "none",
    recurring: false,
    items: [{ key: "fidyah", pricing: "fidyah" }],
  },
  {
    flow: "KAFFARAH",
    name: "Kaffarah",
    brand: "zakat",
    route: "/kaffarah",
    receiptSeries: "ZK",
    charityId: 25,
    donationTypeId: null,
    limits: { min: cents(1), max: cents(999_999_00) }, // $0.01 to $999,999 (§9)
    tax: "none",
    recurring: false,
    items: [{ key: "kaffarah", pricing: "kaffarah" }],
  },
  {
    flow: "ILMU",
    name: "Wakaf Ilmu",
    brand: "wakaf",
    route: "/{product}-ilmu",
    receiptPage: "{product}",
    receiptSeries: "WK",
    charityId: 135,
    donationTypeId: 33,
    limits: { min: cents(5_00), max: cents(20_000_00) }, // gifts of $20,000 or more need approval
    tax: "wakaf-250",
    recurring: true,
    items: [{ key: "ilmu", pricing: "amount" }],
  },
  {
    flow: "WMS",
    name: "Wakaf Masyarakat Singapura",
    brand: "wakaf",
    route: "/wms",
    receiptPage: "{product}",
    receiptSeries: "WK",
    charityId: 136,
    donationTypeId: 34,
    limits: { min: cents(10_00), max: cents(20_000_00) }, // WMS from $10
    tax: "wakaf-250",
    recurring: true,
    items: [{ key: "wms", pricing: "amount" }],
  },
] as const satisfies ReadonlyArray<FundEntry>;
