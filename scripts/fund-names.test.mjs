import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ALL_FUNDS } from "../packages/domain/src/funds/lookup.ts";

// The fund registry (packages/domain/src/funds/registry.ts) is the one place a fund is named: every
// fund list, default and mapping reads it (docs/add-a-fund.md). This fails when a fund's code name (its
// `flow`, or its IRAS record type) is written as a string in the product's code outside the registry
// and the tests, so a new fund needs no edit in a list somewhere else.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The product's code: not tests, not data, not docs. */
const CODE = /\.(ts|tsx|mts|mjs|js|cjs|astro)$/;
const TEST = /(\.test\.|\.spec\.|^tests\/|\/test-support\/|^e2e\/)/;
const REGISTRY = "packages/domain/src/funds/registry.ts";

/**
 * What must keep naming a fund, each with why. Everything else derives from the registry.
 */
const ALLOWED = new Map([
  // The database's history: a migration runs once, as written; the fund table is written from the
  // registry at every start (no migration for a new fund).
  ["packages/adapters/src/db/migrations/", "migrations are history, run as written"],
  // The benchmarks load a workload of named funds, as the tests do.
  ["bench/", "benchmark workloads name the funds they load, like tests"],
  // The rate-priced funds' own calculators, pages and orders (docs/add-a-fund.md, "What the registry
  // cannot do alone"): a fund of chosen amounts touches none of them.
  ["packages/domain/src/checkout-order.ts", "the zakat, fidyah and kaffarah calculators' orders"],
  ["packages/domain/src/chrome.ts", "back to the zakat calculator after a zakat payment"],
  [
    "packages/domain/src/limits.ts",
    "spec §9's named limit groups (zakat, WMS, the wakaf enrolment), read from their funds",
  ],
  ["src/components/checkout/order-source.ts", "each calculator's stored entries, by its fund"],
  ["packages/adapters/src/db/instalments.ts", "instalment plans pay zakat harta (issue 33)"],
  ["src/components/giving/CalculatorPage.astro", "the fidyah and kaffarah calculators' page"],
  ["src/pages/[...lang]/fidyah.astro", "the fidyah calculator's page"],
  ["src/pages/[...lang]/kaffarah.astro", "the kaffarah calculator's page"],
  [
    "src/components/fidyah/FidyahCalculator.tsx",
    "the fidyah calculator sends its fund to checkout",
  ],
  [
    "src/components/kaffarah/KaffarahCalculator.tsx",
    "the kaffarah calculator sends its fund to checkout",
  ],
  ["src/components/receipt/format.ts", "the rate-priced funds' own receipt headings"],
  ["src/components/receipt/ReceiptPage.astro", "the rate-priced funds' own receipt pages"],
  ["src/components/status/NotFoundPage.astro", "the fidyah calculator's way back"],
  // Spec §9 gives fidyah its own back-to-site address (site content: packages/domain site-links.ts).
  ["packages/domain/src/site-links.ts", "spec §9: fidyah's own back-to-site address"],
  ["src/components/chrome/BrandLink.astro", "spec §9: fidyah's own back-to-site link"],
]);

const allowed = (file) => [...ALLOWED.keys()].some((entry) => file.startsWith(entry));

const files = () =>
  execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => CODE.test(file) && !TEST.test(file) && file !== REGISTRY);

/** The funds' code names: each flow and each IRAS record type. */
const NAMES = [
  ...new Set(ALL_FUNDS.flatMap((fund) => [fund.flow, ...(fund.irasType ? [fund.irasType] : [])])),
];

/** A name written as a string (`"WMS"`, `'WMS'`) or as a query value (`?flow=WMS`). */
const written = new RegExp(`(["'])(${NAMES.join("|")})\\1|=(${NAMES.join("|")})\\b`, "g");

/** Where the code names a fund: `file:line: text`. */
const namings = (file, text) =>
  text.split("\n").flatMap((line, i) => {
    written.lastIndex = 0;
    return written.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
  });

describe("the fund registry is the one place a fund is named", () => {
  it("knows the funds' code names (the registry's flows and IRAS record types)", () => {
    expect(NAMES).toEqual(expect.arrayContaining(["ZAKAT", "WMS", "WAKAF_ILMU"]));
  });

  it("finds a fund's code name written in code (the pattern this check greps with)", () => {
    expect(namings("x.ts", 'const FUNDS = ["ZAKAT", "ILMU"];')).toHaveLength(1);
    expect(namings("x.ts", "where d.flow in ('ZAKAT', 'ILMU', 'WMS')")).toHaveLength(1);
    expect(namings("x.ts", 'fund === "ILMU" ? "WAKAF_ILMU" : "WAKAF_WMS"')).toHaveLength(1);
    expect(namings("x.ts", "const checkout = `/checkout?flow=KAFFARAH`;")).toHaveLength(1);
    expect(namings("x.ts", 'const x = "ZAKATS"; // the ZAKAT flow')).toHaveLength(0);
  });

  it("finds none outside the registry, the tests and the allowed files", () => {
    const found = files()
      .filter((file) => !allowed(file))
      .flatMap((file) => namings(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("allows only files that still name a fund (a stale entry goes)", () => {
    const all = files();
    for (const entry of ALLOWED.keys()) {
      const named = all
        .filter((file) => file.startsWith(entry))
        .some((file) => namings(file, readFileSync(path.join(root, file), "utf8")).length > 0);
      expect(named, entry).toBe(true);
    }
  });
});
