import { describe, expect, it } from "vitest";
import { durationsFromReports, planShards } from "./lib/e2e-shards.mjs";

describe("planShards", () => {
  it("deals every spec once, the longest first to the lightest shard", () => {
    const durations = { "a.spec.ts": 300, "b.spec.ts": 200, "c.spec.ts": 150, "d.spec.ts": 100 };
    const shards = planShards(Object.keys(durations), durations, 2);
    expect(shards).toEqual([
      { seconds: 400, specs: ["a.spec.ts", "d.spec.ts"] },
      { seconds: 350, specs: ["b.spec.ts", "c.spec.ts"] },
    ]);
  });

  it("runs a spec it has no seconds for, counted as the median", () => {
    const durations = { "a.spec.ts": 100, "b.spec.ts": 10, "c.spec.ts": 20 };
    const shards = planShards(["a.spec.ts", "b.spec.ts", "c.spec.ts", "new.spec.ts"], durations, 2);
    expect(shards.flatMap((s) => s.specs).sort()).toEqual([
      "a.spec.ts",
      "b.spec.ts",
      "c.spec.ts",
      "new.spec.ts",
    ]);
    expect(shards.map((s) => s.seconds).sort((x, y) => x - y)).toEqual([50, 100]);
  });

  it("drops empty shards and ignores seconds of files that no longer exist", () => {
    const shards = planShards(["only.spec.ts"], { "gone.spec.ts": 500 }, 3);
    expect(shards).toEqual([{ seconds: 1, specs: ["only.spec.ts"] }]);
  });
});

describe("durationsFromReports", () => {
  it("sums each file's test results across reports", () => {
    const report = (file, ms) => ({
      suites: [{ file, specs: [{ tests: [{ results: [{ duration: ms }] }] }], suites: [] }],
    });
    expect(
      durationsFromReports([
        report("x.spec.ts", 1500),
        report("x.spec.ts", 2500),
        report("y.spec.ts", 400),
      ]),
    ).toEqual({ "x.spec.ts": 4, "y.spec.ts": 0 });
  });
});
