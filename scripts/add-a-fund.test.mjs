import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const guide = readFileSync(path.join(root, "docs", "add-a-fund.md"), "utf8");

describe("docs/add-a-fund.md", () => {
  it("names at most six files to touch, each of them there", () => {
    const section = guide.split("## The files to touch")[1]?.split("\n## ")[0] ?? "";
    // The numbered steps, each naming its file (or folder) in bold code: **`path`**.
    const steps = [...section.matchAll(/^\d+\. \*\*`([^`]+)`\*\*/gm)].map((m) => m[1]);
    const named = [...section.matchAll(/^\d+\. /gm)];
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(6);
    for (const file of steps) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("is followed on the fixture fund by the registry test", () => {
    const test = readFileSync(path.join(root, "tests/integration/fund-registry.test.ts"), "utf8");
    const fixture = readFileSync(path.join(root, "tests/support/fixture-fund.ts"), "utf8");
    expect(test).toContain("fixture-fund.ts");
    // The fixture is a registry entry and the guide's translation keys, nothing else.
    for (const key of ["fund_FIXTURE_name", "fund_FIXTURE_home"]) expect(fixture).toContain(key);
    expect(guide).toContain("tests/integration/fund-registry.test.ts");
  });
});
