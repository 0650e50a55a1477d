import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IdempotencyConflict, DonationNotFound } from "@portal/adapters/db";
import { validationMessages } from "@portal/domain";
import { refusalAnswer, refusalAnswers, UNKNOWN_REFUSAL, wireCode } from "./errors";
import { refusalFailure } from "./envelope";
import { refuse } from "../app/refused";
import { refusal } from "../console/guard";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where refusals are made: the server (the console's routes among it), the adapters. */
const REFUSING = /^(src\/server\/|packages\/adapters\/src\/)/;
/** The sign-up trigger's own `refuse` answers Cognito, not HTTP. */
const NOT_HTTP = /^src\/server\/identity-provider\//;
const SOURCE = /\.(ts|astro)$/;
const TEST = /(\.test\.|\.spec\.|\/test-support\/)/;

/**
 * The codes written where a refusal is made: `refuse("…"`, a console `refusal("…"`, a
 * `new …Refused("…"` (RecordRefused and its subclasses), a console form's own code
 * (`consoleBody(request, Schema, "…")`); a code is dotted words (`InputRefused("…")` takes a
 * sentence, not a code). Codes the domain's rules produce (pricing, reversals,
 * rates, content, validators) are literal unions the table `satisfies` (a type error if one is
 * missing).
 */
const REFUSAL_SITES = [
  /\b(?:refuse|refusal)\(\s*"(\w+(?:\.\w+)+)"/g,
  /\bnew \w*Refused\(\s*"(\w+(?:\.\w+)+)"/g,
  /\bconsoleBody\([^;]*?,\s*"(\w+(?:\.\w+)+)"\s*\)/g,
];

const codesIn = (text: string): ReadonlyArray<string> =>
  REFUSAL_SITES.flatMap((site) => [...text.matchAll(site)].map((found) => found[1]!));

const sources = () =>
  execFileSync("git", ["ls-files", "-z", "src", "packages/adapters/src"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(
      (file) =>
        REFUSING.test(file) && !NOT_HTTP.test(file) && SOURCE.test(file) && !TEST.test(file),
    );

describe("the edge's table of refusals", () => {
  it("finds the codes at the refusal sites it reads (the scan itself is honest)", () => {
    expect(
      codesIn(
        [
          'return yield* refuse("donation.x", "No");',
          'throw new PlanRefused(\n  "plan.y",\n  "No",\n);',
          'return refusal("console.z", "No", { fields: [] });',
          'await consoleBody(context.request, Body, "form.w");',
        ].join("\n"),
      ),
    ).toEqual(["donation.x", "console.z", "plan.y", "form.w"]);
  });

  it("has an answer for every code a refusal is made with", () => {
    const used = new Map<string, string>();
    for (const file of sources()) {
      for (const code of codesIn(readFileSync(path.join(root, file), "utf8"))) {
        used.set(code, file);
      }
    }
    // The adapters' own refusal classes carry a fixed code.
    used.set(new IdempotencyConflict().code, "packages/adapters/src/db/donation-model.ts");
    used.set(new DonationNotFound().code, "packages/adapters/src/db/donation-model.ts");
    // Sanity: the scan sees the sites of this change (a use case, the console, the adapters).
    expect(used.get("terms.required")).toBe("src/server/app/enrolment.ts");
    expect(used.get("console.signed_out")).toBe("src/server/console/guard.ts");
    expect(used.get("recurring.cancelled")).toBe("packages/adapters/src/db/recurring.ts");
    const missing = [...used].filter(([code]) => !Object.hasOwn(refusalAnswers, code));
    expect(missing).toEqual([]);
  });

  it("answers a validator's key with 400 and the key as its code; a number another account holds, 409", () => {
    for (const key of Object.keys(validationMessages)) {
      // Not a check of the form: the database's answer that the number is taken (as it always was).
      if (key === "validation.mobile.exists") continue;
      expect(refusalAnswer(key)).toEqual({ status: 400 });
    }
    expect(refusalAnswer("validation.mobile.exists")).toEqual({ status: 409 });
  });

  it("answers an unknown code with a plain 400 that carries the code", () => {
    expect(UNKNOWN_REFUSAL).toEqual({ status: 400 });
    expect(refusalAnswer("never.written")).toBe(UNKNOWN_REFUSAL);
    // Not a property every object has.
    expect(refusalAnswer("toString")).toBe(UNKNOWN_REFUSAL);
    expect(refusalAnswer("__proto__")).toBe(UNKNOWN_REFUSAL);
    expect(wireCode("never.written")).toBe("never.written");
  });

  it("gives a use case's refusal its status and body at /svc, the code kept off where it always was", () => {
    const answer = (code: string, message: string, status: 0 | 1 = 0) => {
      const response = refusalFailure(code, message, status);
      return { status: response.status, body: JSON.parse(response.body as string) as unknown };
    };
    const refused = refuse("savedCard.signInRequired", "Sign in");
    expect(answer(refused.code, refused.message)).toEqual({
      status: 422,
      body: { status: 0, message: "Sign in", code: "savedCard.signInRequired" },
    });
    expect(answer("gateway.unavailable", "down").status).toBe(503);
    expect(answer("idempotency.conflict", "used").status).toBe(409);
    expect(answer("singpass.none", "gone").status).toBe(404);
    expect(answer("donation.unknown", "No such donation")).toEqual({
      status: 404,
      body: { status: 0, message: "No such donation" },
    });
    expect(answer("payment.unknown", "Unknown payment method", 1)).toEqual({
      status: 400,
      body: { status: 1, message: "Unknown payment method" },
    });
  });

  it("gives the console's refusals their statuses and the body with code and fields", async () => {
    const answer = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
    });
    expect(await answer(refusal("console.signed_out", "Sign in"))).toEqual({
      status: 401,
      body: { status: 0, code: "console.signed_out", message: "Sign in" },
    });
    expect((await answer(refusal("console.forbidden", "No"))).status).toBe(403);
    expect((await answer(refusal("rates.own_draft", "Yours"))).status).toBe(409);
    expect((await answer(refusal("rates.out_of_range", "Out"))).status).toBe(400);
    expect(await answer(refusal("search.invalid", "Bad", { fields: ["from"] }))).toEqual({
      status: 400,
      body: { status: 0, code: "search.invalid", message: "Bad", fields: ["from"] },
    });
    expect((await answer(refusal("reversal.voidTooLate", "Late"))).status).toBe(409);
    expect((await answer(refusal("reversal.amount", "Too much"))).status).toBe(400);
  });
});
