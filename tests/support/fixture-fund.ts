import type { Cents } from "../../packages/domain/src/money";
import type { FundEntry } from "../../packages/domain/src/funds/fund";
import { FUNDS as REGISTERED } from "../../packages/domain/src/funds/registry";

/**
 * A fund that exists only in tests, added as docs/add-a-fund.md says: a registry entry and its
 * translations, nothing else. tests/integration/fund-registry.test.ts bundles the services with this
 * module in place of the registry and prices, pays and receipts a gift to it through the HTTP calls.
 * Its own receipt series (FX) and charity id, a limit of its own, no recurring gifts.
 */
export const FIXTURE_FUND = {
  flow: "FIXTURE",
  name: "Wakaf Fixture",
  brand: "wakaf",
  route: "/fixture",
  receiptPage: "{product}",
  receiptSeries: "FX",
  charityId: 199,
  donationTypeId: 99,
  limits: { min: 1_000 as Cents, max: 300_000 as Cents },
  tax: "wakaf-250",
  recurring: false,
  items: [{ key: "fixture", pricing: "amount" }],
} as const satisfies FundEntry;

export const FUNDS = [...REGISTERED, FIXTURE_FUND] as const;

/** The fixture's translations: the `fund_` keys of docs/add-a-fund.md, in both languages. */
export const fixtureTranslations = {
  en: {
    fund_FIXTURE_name: "Wakaf Fixture",
    fund_FIXTURE_home: "Back to the Wakaf Fixture page",
  },
  ms: {
    fund_FIXTURE_name: "Wakaf Fixture",
    fund_FIXTURE_home: "Kembali ke halaman Wakaf Fixture",
  },
} as const;
