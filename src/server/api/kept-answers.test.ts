import { describe, expect, it } from "vitest";
import { keptAnswers } from "./kept-answers";

const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

describe("kept answers", () => {
  it("answers only at the version an answer was kept at, and a newer one replaces it", () => {
    const kept = keptAnswers(1_000);
    const body = bytes(10);
    kept.keep("donor-1", "7", body);
    expect(kept.get("donor-1", "7")).toBe(body);
    expect(kept.get("donor-1", "8")).toBeUndefined();
    expect(kept.get("donor-2", "7")).toBeUndefined();
    const newer = bytes(10, 2);
    kept.keep("donor-1", "9", newer);
    expect(kept.get("donor-1", "7")).toBeUndefined();
    expect(kept.get("donor-1", "9")).toBe(newer);
  });

  it("lets the least recently used go once the kept bytes pass the limit, and keeps none too big", () => {
    const kept = keptAnswers(30);
    kept.keep("a", "1", bytes(10));
    kept.keep("b", "1", bytes(10));
    kept.keep("c", "1", bytes(10));
    expect(kept.get("a", "1")).toBeDefined(); // now the most recently used
    kept.keep("d", "1", bytes(10));
    expect(kept.get("b", "1")).toBeUndefined();
    for (const key of ["a", "c", "d"]) expect(kept.get(key, "1")).toBeDefined();
    kept.keep("e", "1", bytes(31));
    expect(kept.get("e", "1")).toBeUndefined();
    expect(kept.get("a", "1")).toBeDefined();
  });
});
