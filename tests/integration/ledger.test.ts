import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse } from "@portal/adapters/responses";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { Donor, nricOf, registerSignIn } from "../support/donations";
import {
  bearer,
  callerOf,
  callPortal,
  guestCookie,
  startPortal,
  type RunningPortal,
} from "../support/portal";

// Ports 9800-9819 are this file's.
let nextPort = 9800;

const ledgerPath = "/svc/donor/api/Ledger/getYearLedger";
const signInPath = "/svc/main/User/getSignInUserDetails";
const receiptCall = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

type Ledger = ReturnType<typeof decodeResponse<"getYearLedger">>["data"];

/**
 * The year's ledger through the real server (docs/ledger.md). The attacks first: another donor's
 * ledger is never visible; a counter receipt is counted only once linked to the account on proof
 * (gift-links.ts: Singpass's NRIC or the account's verified e-mail); a stranger who knows a receipt
 * number, and even its verification code, gets nothing. Then the figures: assessed, paid, refunded.
 */
describe.each(testDatabases())("the year's ledger on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let officer: ConsoleOfficer;
  let tokenA: string;
  let tokenB: string;
  const call = callerOf(() => portal);
  const nricA = nricOf("7241051");
  const emailA = "aminah.ledger@example.sg";

  const ledgerOf = async (token: string): Promise<Ledger> => {
    const reply = await call(ledgerPath, {}, bearer(token));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return decodeResponse("getYearLedger", reply.body).data;
  };
  const row = (ledger: Ledger, kind: string) => ledger.rows.find((r) => r.kind === kind)!;
  const numbers = (ledger: Ledger) =>
    ledger.rows.flatMap((r) => r.gifts.flatMap((g) => [g.transactionNo, g.receiptNo]));
  const counter = async (body: Record<string, unknown>, key: string) => {
    const reply = await officer.call("/console/api/counter", {
      body: { method: "cash", mosqueName: "Masjid Al-Falah", ...body },
      headers: { "idempotency-key": key },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const data = reply.body["data"] as { receiptNo: string; token: string };
    const receipt = (await callPortal(portal.base, receiptCall, { token: data.token })).body[
      "data"
    ] as { transactionNo: string; verificationCode: string };
    return { ...data, transactionNo: receipt.transactionNo, code: receipt.verificationCode };
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    officer = await signInOfficer(portal.base, portal.dataDir, "officer");
    await openCounterShift(officer, "Masjid Al-Falah");
    tokenA = await identity.sign({ email: emailA, name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.ledger@example.sg", name: "Badrul" });
    await registerSignIn(portal.base, tokenA, nricA, "93450001");
    await registerSignIn(portal.base, tokenB, nricOf("7241052"), "93450002");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("answers a guest, a forged token and a sign-in that is no donor with nothing", async () => {
    const guest = { cookie: await guestCookie(portal.base) };
    const forged = bearer(await identity.sign({ email: emailA, audience: "another" }));
    const notDonor = bearer(await identity.sign({ email: "nobody.ledger@example.sg" }));
    for (const headers of [{}, guest, forged, notDonor]) {
      const reply = await call(ledgerPath, {}, headers);
      expect([401, 404], JSON.stringify(reply.body)).toContain(reply.status);
      expect(JSON.stringify(reply.body)).not.toContain("rows");
    }
  });

  it("counts a counter receipt only once linked on proof; a stranger with its number and code gets nothing", async () => {
    // Given at the counter with A's e-mail: linked when A signs in with that verified e-mail.
    const byEmail = await counter(
      { fund: "harta", amountCents: 5_000, donor: { name: "Aminah", email: emailA } },
      "ledger-1",
    );
    // Given with A's NRIC typed at the counter, no e-mail: A's account never proved that NRIC with
    // Singpass, so nothing links it (an NRIC typed anywhere proves nothing).
    const byNric = await counter(
      { fund: "harta", amountCents: 7_000, donor: { name: "Aminah", idNumber: nricA } },
      "ledger-2",
    );
    // A's e-mail with another person's NRIC: the e-mail rule refuses (the number is not A's).
    const otherNric = await counter(
      {
        fund: "fidyah",
        amountCents: 800,
        donor: { name: "Someone", email: emailA, idNumber: nricOf("7241053") },
      },
      "ledger-3",
    );
    // Before A signs in again, none is A's.
    expect(numbers(await ledgerOf(tokenA))).not.toContain(byEmail.receiptNo);
    expect((await call(signInPath, {}, bearer(tokenA))).status).toBe(200);
    const a = await ledgerOf(tokenA);
    expect(numbers(a)).toContain(byEmail.receiptNo);
    expect(numbers(a)).not.toContain(byNric.receiptNo);
    expect(numbers(a)).not.toContain(otherNric.receiptNo);
    expect(row(a, "harta").gifts).toContainEqual(
      expect.objectContaining({ receiptNo: byEmail.receiptNo, source: "counter", cents: 5_000 }),
    );
    expect(row(a, "fidyah").paid).toBe(0);

    // B knows every number and code: asking with them is refused, never looked up.
    for (const receipt of [byEmail, byNric, otherNric]) {
      for (const body of [
        { receiptNo: receipt.receiptNo },
        { receiptNo: receipt.receiptNo, code: receipt.code },
        { transactionNo: receipt.transactionNo },
        { donorId: "00000000-0000-4000-8000-000000000000" },
      ]) {
        const reply = await call(ledgerPath, body, bearer(tokenB));
        expect(reply.status, JSON.stringify(reply.body)).toBe(400);
        expect(JSON.stringify(reply.body)).not.toContain(receipt.receiptNo);
      }
    }
    expect((await call(signInPath, {}, bearer(tokenB))).status).toBe(200);
    const b = await ledgerOf(tokenB);
    for (const receipt of [byEmail, byNric, otherNric]) {
      expect(numbers(b)).not.toContain(receipt.receiptNo);
      expect(numbers(b)).not.toContain(receipt.transactionNo);
    }
    expect(b.rows.every((r) => r.paid === 0 && r.gifts.length === 0)).toBe(true);
  });

  it("never shows one donor's gifts, assessments or fasts in another's ledger", async () => {
    const paid = await new Donor(portal.base, bearer(tokenA)).donate({
      flow: "ZAKAT",
      items: { harta: 10_000 },
      totalCents: 10_000,
    });
    const saved = await call(
      "/svc/donor/api/Assessment/saveAssessment",
      {
        inputs: {
          savings: [{ amount: 2_000_000, interest: 0 }],
          goldKeptGrams: 0,
          goldWornGrams: 0,
          insurance: [],
          shares: [],
          cpfOrdinary: 0,
          business: {
            currentAssets: 0,
            assetsToAdd: 0,
            assetsToRemove: 0,
            currentLiabilities: 0,
            liabilitiesToAdd: 0,
            ownershipSharePercent: 100,
          },
        },
      },
      bearer(tokenA),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const fasts = await call(
      "/svc/donor/api/User/saveMissedFast",
      { hijriYear: 1446, reason: "travel", days: 3 },
      bearer(tokenA),
    );
    expect(fasts.status).toBe(200);
    const a = await ledgerOf(tokenA);
    expect(numbers(a)).toContain(paid.transactionNo);
    expect(row(a, "harta").assessed).toBe(50_000);
    expect(row(a, "fidyah").assessed).toBe(1_200);
    const b = await ledgerOf(tokenB);
    expect(numbers(b)).not.toContain(paid.transactionNo);
    expect(row(b, "harta").assessed).toBeNull();
    expect(row(b, "fidyah").assessed).toBeNull();
    expect(b.rows.every((r) => r.paid === 0)).toBe(true);
  });

  it("is assessed less paid, refunds subtracting, with the pay base for what is left", async () => {
    const before = row(await ledgerOf(tokenA), "harta");
    // Online 100 + counter 50 (linked) of the 500 assessed.
    expect(before).toMatchObject({
      assessed: 50_000,
      paid: 15_000,
      remaining: 35_000,
      refunded: 0,
    });
    const online = before.gifts.find((g) => g.source === "online")!;
    const refund = await officer.call(`/console/api/donations/${online.transactionNo}?do=refund`, {
      body: { amountCents: 4_000, reason: "Donor asked" },
      headers: { "idempotency-key": "ledger-refund" },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const after = await ledgerOf(tokenA);
    expect(row(after, "harta")).toMatchObject({ paid: 11_000, refunded: 4_000, remaining: 39_000 });
    // Savings whose zakat at 2.5% is what is left (the smallest such; checkout prices it again).
    expect(Math.round(after.hartaPayBase * 0.025)).toBe(39_000);
    expect(Math.round((after.hartaPayBase - 1) * 0.025)).toBeLessThan(39_000);
    expect(row(after, "wakaf")).toMatchObject({ assessed: null, remaining: null });
    expect(after.span.hijriYear).toBeGreaterThan(1440);
    expect(after.span.start <= after.asOf && after.asOf <= after.span.end).toBe(true);
  });
});
