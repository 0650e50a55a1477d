import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrub } from "./log";

/** A logger writing into an array of parsed JSON lines. */
const capture = () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger("info", stream), lines };
};

describe("the server log", () => {
  it("keeps only the last four characters of an NRIC, in messages and fields", async () => {
    const { log, lines } = capture();
    log.info(
      { donor: { note: "donor S1234567D asked" }, nric: "S1234567D" },
      "lookup for t1234567j",
    );
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/1234567/);
    expect(lines[0]?.["msg"]).toBe("lookup for *****567j");
    expect(lines[0]?.["nric"]).toBe("[redacted]");
    expect(text).toContain("*****567D");
  });

  it("keeps only the last four digits of a card number, grouped or not", async () => {
    const { log, lines } = capture();
    log.error(
      { body: { cardNumber: "4242424242424242", note: "paid 4000 0025 0000 3155" } },
      "card 4242-4242-4242-4242 declined",
    );
    log.error(new Error("charge of 5555555555554444 failed"));
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/424242424242|4000 0025|55555555/);
    expect(lines[0]?.["msg"]).toBe("card ************4242 declined");
    expect(text).toContain("************3155");
    expect(text).toContain("************4444");
  });

  it("leaves times, amounts and ids readable", () => {
    expect(scrub("at 1733456789012 paid 12345 cents, donation 7f3c")).toBe(
      "at 1733456789012 paid 12345 cents, donation 7f3c",
    );
  });
});
