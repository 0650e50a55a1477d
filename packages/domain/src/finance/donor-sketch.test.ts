import { describe, expect, it } from "vitest";
import { SKETCH_REGISTERS, donorEstimate, mergeSketches, sketchEstimate } from "./donor-sketch.ts";

// The registers a value sets, as migration 026 computes them in SQL: a 64-bit hash, the first 12
// bits the register, the position of the first 1 in the other 52 bits the rank (53 when none).
const hash64 = (value: number): bigint => {
  let x = BigInt(value) + 0x9e3779b97f4a7c15n;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return x ^ (x >> 31n);
};
const add = (sketch: Uint8Array, value: number) => {
  const h = hash64(value);
  const reg = Number(h >> 52n);
  const rest = h & ((1n << 52n) - 1n);
  let rank = 1;
  for (let bit = 51n; bit >= 0n && ((rest >> bit) & 1n) === 0n; bit--) rank++;
  if (rank > sketch[reg]!) sketch[reg] = rank;
};
const sketchOf = (from: number, to: number) => {
  const s = new Uint8Array(SKETCH_REGISTERS);
  for (let v = from; v < to; v++) add(s, v);
  return s;
};

describe("donor sketches", () => {
  it("counts nothing as nothing and a few donors exactly enough", () => {
    expect(donorEstimate([])).toBe(0);
    expect(sketchEstimate(new Uint8Array(SKETCH_REGISTERS))).toBe(0);
    expect(Math.abs(donorEstimate([sketchOf(0, 100)]) - 100)).toBeLessThanOrEqual(5);
  });

  it("estimates many donors within 5 % and does not count a donor twice across days", () => {
    const days = [sketchOf(0, 60_000), sketchOf(30_000, 90_000), sketchOf(0, 90_000)];
    const estimate = donorEstimate(days);
    expect(Math.abs(estimate - 90_000) / 90_000).toBeLessThan(0.05);
    expect(mergeSketches(days)).toEqual(mergeSketches([days[2]!]));
  });
});
