import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { fidyahGift, nricOf } from "../support/donations";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 30, findings 3 to 5, through the real server: a refund's amount is whole cents or an explicit
// "rest"; racing refunds on one gift answer 409, never 5xx; malformed input (wrong types, NUL bytes,
// lone surrogates) is a 400 at the edge of every call, console and /svc. Ports 7620-7639.
let nextPort = 7620;

describe.each(testDatabases())("console and service input on $name", (database) => {
  let portal: RunningPortal;
  let admin: ConsoleOfficer;
  const gift = (cents: number) => fidyahGift(portal.base, cents);
  const refund = (transactionNo: string, body: unknown, key: string) =>
    admin.call(`/console/api/donations/${transactionNo}?do=refund`, {
      body,
      headers: { "idempotency-key": key },
    });
  const shown = async (transactionNo: string) =>
    (await admin.call(`/console/api/donations/${transactionNo}`)).body["data"] as {
      refundedCents: number;
      status: string;
      reversals: unknown[];
    };
  /** A raw request as an attacker sends it: any path, any body text. */
  const raw = async (path: string, init: { method?: string; body?: string } = {}) => {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const response = await fetch(`${portal.base}${path}`, {
      method,
      headers: {
        cookie: admin.cookie,
        ...(method === "GET"
          ? {}
          : {
              "content-type": "application/json",
              origin: portal.base,
              "x-console-csrf": admin.csrf,
              "idempotency-key": `raw-${Math.random()}`,
            }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      // High enough that every refund here is given back at once (no second officer).
      PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS: "1000000",
    });
    admin = await signInOfficer(portal.base, portal.dataDir, "admin");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses a refund amount that is not whole cents from 1 to what is left, and refunds the rest only when asked", async () => {
    const paid = await gift(4_000);
    const wrong: unknown[] = ["100", "1e2", null, [], {}, true, 1.5, -100, 0, 4_001, 1e300];
    for (const [index, amountCents] of wrong.entries()) {
      const reply = await refund(
        paid.transactionNo,
        { amountCents, reason: "Donor asked" },
        `bad-${index}`,
      );
      expect([JSON.stringify(amountCents), reply.status, reply.body["code"]]).toEqual([
        JSON.stringify(amountCents),
        400,
        "reversal.amount",
      ]);
      expect(reply.body["message"]).toEqual(expect.any(String));
    }
    // No amount and no "rest": nothing says how much, so nothing is refunded.
    const unsaid = await refund(paid.transactionNo, { reason: "Donor asked" }, "unsaid");
    expect(unsaid).toMatchObject({ status: 400, body: { code: "reversal.amount" } });
    const both = await refund(
      paid.transactionNo,
      { amountCents: 100, rest: true, reason: "Donor asked" },
      "both",
    );
    expect(both).toMatchObject({ status: 400, body: { code: "reversal.amount" } });
    for (const rest of [false, "true", 1]) {
      const reply = await refund(paid.transactionNo, { rest, reason: "Donor asked" }, `r-${rest}`);
      expect([rest, reply.status]).toEqual([rest, 400]);
    }
    expect(await shown(paid.transactionNo)).toMatchObject({
      refundedCents: 0,
      status: "succeeded",
      reversals: [],
    });
    const part = await refund(paid.transactionNo, { amountCents: 1_000, reason: "Part" }, "part");
    expect(part.body["data"]).toMatchObject({ status: "done", amountCents: 1_000 });
    const rest = await refund(paid.transactionNo, { rest: true, reason: "The rest" }, "rest");
    expect(rest.body["data"]).toMatchObject({ status: "done", amountCents: 3_000 });
    expect(await shown(paid.transactionNo)).toMatchObject({
      refundedCents: 4_000,
      status: "refunded",
    });
  });

  it("answers 20 racing refunds of one gift with one refund and 409s, never a 5xx", async () => {
    const paid = await gift(8_000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        refund(paid.transactionNo, { rest: true, reason: "Asked twice" }, `race-${index}`),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(
      statuses.filter((status) => status === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    for (const reply of replies.filter((one) => one.status !== 200)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      // In progress (the first is being given back), or nothing left to give back (it has been).
      expect(["reversal.open", "reversal.notPaid"]).toContain(reply.body["code"]);
    }
    expect(await shown(paid.transactionNo)).toMatchObject({
      refundedCents: 8_000,
      status: "refunded",
    });
    // Part refunds raced: each is given back or told another is in progress, and the money adds up.
    const other = await gift(8_000);
    const parts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        refund(other.transactionNo, { amountCents: 100, reason: "Part" }, `part-${index}`),
      ),
    );
    const done = parts.filter((reply) => reply.status === 200).length;
    for (const reply of parts.filter((one) => one.status !== 200))
      expect([reply.status, reply.body["code"]]).toEqual([409, "reversal.open"]);
    expect((await shown(other.transactionNo)).refundedCents).toBe(done * 100);
  });

  it("refuses the malformed console requests of the attack with 400, not a 5xx", async () => {
    const paid = await gift(800);
    const counter = (donor: unknown) =>
      JSON.stringify({
        fund: "harta",
        amountCents: 1_000,
        method: "cash",
        mosqueName: "Masjid Sultan",
        ...(donor === undefined ? {} : { donor }),
      });
    const attacks: ReadonlyArray<[string, { method?: string; body?: string }]> = [
      ["/console/api/counter", { body: counter({ name: 1 }) }],
      ["/console/api/counter", { body: counter(undefined) }],
      ["/console/api/counter", { body: counter("Abdul") }],
      ["/console/api/counter", { body: counter({ name: "Abdul\u0000" }) }],
      ["/console/api/counter", { body: counter({ name: "Abdul\ud800" }) }],
      ["/console/api/donations/search", { body: JSON.stringify({ email: 1 }) }],
      ["/console/api/donations/search", { body: JSON.stringify({ minCents: "5" }) }],
      ["/console/api/donations/search", { body: JSON.stringify({ email: "a\ud800@x.sg" }) }],
      ["/console/api/plans", { body: JSON.stringify({ email: "a\u0000@example.sg" }) }],
      ["/console/api/plans", { body: JSON.stringify({ idNumber: ["S1234567D"] }) }],
      ["/console/api/plans", { body: JSON.stringify({ transactionNo: "\udc00" }) }],
      ["/console/api/audit?officer=%00", {}],
      ["/console/api/donations/%00", {}],
      [`/console/api/donations/${"Z".repeat(5_000)}`, {}],
      [`/console/api/wall/${paid.transactionNo}`, { body: JSON.stringify({ hidden: "no" }) }],
      [
        `/console/api/wall/${paid.transactionNo}`,
        { body: JSON.stringify({ hidden: true, reason: "Spam\u0000" }) },
      ],
      [
        `/console/api/donations/${paid.transactionNo}?do=reissue`,
        { body: JSON.stringify({ reason: "Name", particulars: { name: 5 } }) },
      ],
      [
        `/console/api/donations/${paid.transactionNo}?do=void`,
        { body: JSON.stringify({ reason: ["Mistake"] }) },
      ],
      ["/console/api/rates", { body: JSON.stringify({ changes: {}, effectiveAt: 5 }) }],
      ["/console/api/finance/sign-off", { body: JSON.stringify({ day: "2026-01-01\u0000" }) }],
      ["/console/api/content", { body: JSON.stringify({ charityId: 25, "k\u0000": 1 }) }],
      ["/console/api/counter", { body: '{"fund":"harta","\\ud800":1}' }],
      ["/console/api/counter", { body: "not json" }],
    ];
    for (const [path, init] of attacks) {
      const reply = await raw(path, init);
      expect([path, init.body, reply.status], reply.text).toEqual([path, init.body, 400]);
      const body = JSON.parse(reply.text) as { status: number; code: string; message: string };
      expect(body).toMatchObject({ status: 0, code: expect.any(String) });
      expect(body.message.length, reply.text).toBeGreaterThan(0);
    }
    // Bytes that are no UTF-8 (%ED%A0%80 would be a lone surrogate): a 4xx, never a 5xx.
    for (const path of ["/console/api/donations/%ED%A0%80", "/console/api/donations/%E0%A4%A"]) {
      const reply = await raw(path);
      expect([path, reply.status >= 400 && reply.status < 500], reply.text).toEqual([path, true]);
    }
    expect(await shown(paid.transactionNo)).toMatchObject({ refundedCents: 0, reversals: [] });
  });

  it("refuses a lone surrogate or a NUL in a guest's enrolment with 400, not a 5xx", async () => {
    const cookie = await guestCookie(portal.base);
    const enrol = (streetName: string) =>
      fetch(`${portal.base}/svc/donor/api/User/enrollDonorManuallyPreDonation`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          kind: "individual",
          name: "Rosnah Kassim",
          email: "rosnah@example.sg",
          countryCode: "+65",
          mobile: "81234567",
          nric: nricOf("4023119"),
          address: { postalCode: "123456", streetName, blockNumber: "1" },
          termsVersion: TERMS_VERSION,
        }),
      });
    for (const streetName of ["Jalan \ud800", "Jalan \udfff Besar", "\u0000"]) {
      const reply = await enrol(streetName);
      const text = await reply.text();
      expect([JSON.stringify(streetName), reply.status], text).toEqual([
        JSON.stringify(streetName),
        400,
      ]);
    }
    // A lone surrogate as a key, or in a query parameter, is refused the same way.
    const keyed = await fetch(`${portal.base}/svc/donor/api/User/checkCognitoNricExists`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: '{"nric":"S1234567D","\\udbff":1}',
    });
    expect(keyed.status).toBe(400);
    const query = await fetch(
      `${portal.base}/svc/main/v1/Home/homePageConfiguration?charityId=%ED%A0%80`,
      { method: "POST" },
    );
    expect(query.status).toBe(400);
  });

  it("answers a console path it does not serve, a wrong method and an oversized body with the console's JSON refusal, to a stranger too", async () => {
    const stranger = await fetch(`${portal.base}/console/api/nothing-here`);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ status: 0, code: "console.not_found" });
    // A route that exists refuses a stranger before anything else.
    expect((await fetch(`${portal.base}/console/api/audit`)).status).toBe(401);
    const wrongMethod = await raw("/console/api/audit", { body: "{}" });
    expect([wrongMethod.status, JSON.parse(wrongMethod.text).code]).toEqual([
      405,
      "console.method",
    ]);
    const big = await raw("/console/api/donations/search", {
      body: JSON.stringify({ email: "x".repeat(70 * 1024) }),
    });
    expect([big.status, JSON.parse(big.text).code]).toEqual([413, "request.too_large"]);
  });
});
