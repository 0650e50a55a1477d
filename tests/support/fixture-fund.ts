import type { Cents } from "../../packages/domain/src/money.ts";
import type { FundEntry } from "../../packages/domain/src/funds/fund.ts";
import { FUNDS as REGISTERED } from "../../packages/domain/src/funds/registry.ts";

// The registry's other exports as they are (a local FUNDS below takes precedence over this one).
export * from "../../packages/domain/src/funds/registry.ts";

/**
 * A third wakaf fund that exists only in tests, added as docs/add-a-fund.md says: a registry entry and
 * its translations, nothing else. tests/integration/fund-registry.test.ts bundles the services with
 * this module in place of the registry and, through the HTTP calls, prices, pays and receipts a gift to
 * it, takes it at the counter and finds it in the finance dashboard, the exports and the IRAS file
 * (under its own record type). Its own receipt series (FX), charity id and IRAS type, a limit of its
 * own, no recurring gifts, no landing page.
 */
export const FIXTURE_FUND = {
  flow: "FIXTURE",
  name: "Wakaf Fixture",
  brand: "wakaf",
  route: "/fixture",
  landing: false,
  receiptPage: "{product}",
  receiptSeries: "FX",
  charityId: 199,
  donationTypeId: 99,
  limits: { min: 1_000 as Cents, max: 300_000 as Cents },
  tax: "wakaf-250",
  recurring: false,
  items: [{ key: "fixture", pricing: "amount" }],
  counterItems: ["fixture"],
  irasType: "WAKAF_FIXTURE",
} as const satisfies FundEntry;

export const FUNDS = [...REGISTERED, FIXTURE_FUND] as const;

/** The fixture's translations: the `fund_` keys of docs/add-a-fund.md, in both languages. */
export const fixtureTranslations = {
  en: {
    fund_FIXTURE_name: "Wakaf Fixture",
    fund_FIXTURE_home: "Back to the Wakaf Fixture page",
    finance_fund_FIXTURE: "Wakaf Fixture",
    consoleops_fund_fixture: "Wakaf Fixture",
  },
  ms: {
    fund_FIXTURE_name: "Wakaf Fixture",
    fund_FIXTURE_home: "Kembali ke halaman Wakaf Fixture",
    finance_fund_FIXTURE: "Wakaf Fixture",
    consoleops_fund_fixture: "Wakaf Fixture",
  },
} as const;
