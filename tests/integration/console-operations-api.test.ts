import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { fidyahGift, nricOf } from "../support/donations";
import { testDatabases } from "../support/databases";
import { callPortal, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 18, operations, through the real server: each role as the role table says, a donor's session
// and token refused everywhere, a second approver above the configured amount, idempotent refunds and
// counter entries, and the donor's own receipt showing what the console did. Ports 7300-7319.
let nextPort = 7300;
const receiptCall = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

describe.each(testDatabases())("console operations over HTTP on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  const receipt = async (token: string) =>
    (await callPortal(portal.base, receiptCall, { token })).body["data"] as Record<string, unknown>;
  const gift = (cents: number) => fidyahGift(portal.base, cents);
  const act = (
    officer: ConsoleOfficer,
    transactionNo: string,
    what: string,
    body: unknown,
    key: string,
  ) =>
    officer.call(`/console/api/donations/${transactionNo}?do=${what}`, {
      body,
      headers: { "idempotency-key": key },
    });

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS: "10000",
    });
    for (const role of ["viewer", "officer", "approver"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    await openCounterShift(as["officer"]!, "Masjid Al-Falah");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses a viewer a refund; an officer's refund, sent twice, gives back once and shows on the receipt", async () => {
    const paid = await gift(4_000);
    const viewer = await act(
      as["viewer"]!,
      paid.transactionNo,
      "refund",
      { reason: "Asked" },
      "r-1",
    );
    expect(viewer).toMatchObject({ status: 403, body: { code: "console.forbidden" } });
    const body = { amountCents: 1_000, reason: "Donor asked by phone" };
    const first = await act(as["officer"]!, paid.transactionNo, "refund", body, "r-2");
    const again = await act(as["officer"]!, paid.transactionNo, "refund", body, "r-2");
    expect(first.status).toBe(200);
    expect(again.body["data"]).toEqual(first.body["data"]);
    expect(await receipt(paid.token)).toMatchObject({
      paymentStatus: "Accepted",
      refundedAmount: 1_000,
    });
    const rest = await act(
      as["officer"]!,
      paid.transactionNo,
      "refund",
      { rest: true, reason: "The rest" },
      "r-3",
    );
    expect(rest.body["data"]).toMatchObject({ status: "done", amountCents: 3_000 });
    expect(await receipt(paid.token)).toMatchObject({ paymentStatus: "Refunded" });
    const seen = await as["viewer"]!.call(`/console/api/donations/${paid.transactionNo}`);
    expect((seen.body["data"] as { refundedCents: number }).refundedCents).toBe(4_000);
  });

  it("above the configured amount waits for an approver other than the officer who asked", async () => {
    const paid = await gift(20_000);
    const asked = await act(
      as["approver"]!,
      paid.transactionNo,
      "refund",
      { rest: true, reason: "Duplicate gift" },
      "big-1",
    );
    const id = (asked.body["data"] as { id: string; status: string }).id;
    expect(asked.body["data"]).toMatchObject({ status: "awaiting_approval" });
    expect(
      (await as["officer"]!.call(`/console/api/reversals/${id}?do=approve`, { body: {} })).status,
    ).toBe(403);
    const own = await as["approver"]!.call(`/console/api/reversals/${id}?do=approve`, { body: {} });
    expect(own).toMatchObject({ status: 409, body: { code: "approval.self" } });
    expect(await receipt(paid.token)).toMatchObject({ paymentStatus: "Accepted" });
    const other = await signInOfficer(portal.base, portal.dataDir, "admin");
    const approved = await other.call(`/console/api/reversals/${id}?do=approve`, { body: {} });
    expect(approved.body["data"]).toMatchObject({ status: "done" });
    expect(await receipt(paid.token)).toMatchObject({ paymentStatus: "Refunded" });
  });

  it("issues one counter receipt for a retried entry, with the amil and mosque on it", async () => {
    const entry = {
      fund: "harta",
      amountCents: 12_345,
      method: "cash",
      mosqueName: "Masjid Al-Falah",
      donor: { name: "Abdul Karim", idNumber: nricOf("1357913") },
    };
    const send = () =>
      as["officer"]!.call("/console/api/counter", {
        body: entry,
        headers: { "idempotency-key": "till-9" },
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 200]);
    const issued = first.body["data"] as { receiptNo: string; receiptLink: string; token: string };
    expect((again.body["data"] as { receiptNo: string }).receiptNo).toBe(issued.receiptNo);
    expect(await receipt(issued.token)).toMatchObject({
      receiptNo: issued.receiptNo,
      source: "pos",
      paymentMethod: "Cash",
      mosqueName: "Masjid Al-Falah",
      amilName: expect.any(String),
      hartaAmount: 12_345,
    });
    const viewer = await as["viewer"]!.call("/console/api/counter", {
      body: entry,
      headers: { "idempotency-key": "till-10" },
    });
    expect(viewer.status).toBe(403);
  });

  it("opens nothing for a donor: a guest session or a donor's bearer token gets 401 on every call", async () => {
    const paid = await gift(800);
    const guest = await guestCookie(portal.base);
    const calls: ReadonlyArray<[string, string]> = [
      ["POST", "/console/api/donations/search"],
      ["GET", `/console/api/donations/${paid.transactionNo}`],
      ["POST", `/console/api/donations/${paid.transactionNo}?do=refund`],
      ["POST", `/console/api/donations/${paid.transactionNo}?do=void`],
      ["POST", `/console/api/donations/${paid.transactionNo}?do=resend`],
      ["POST", `/console/api/donations/${paid.transactionNo}?do=reissue`],
      ["GET", "/console/api/reversals"],
      ["POST", "/console/api/reversals/00000000-0000-0000-0000-000000000000?do=approve"],
      ["POST", "/console/api/counter"],
      ["GET", "/console/api/counter/shift"],
      ["POST", "/console/api/counter/shift"],
      ["GET", "/console/api/counter/shifts?from=2026-01-01&to=2026-01-02&format=csv"],
      ["GET", "/console/api/counter/shifts/00000000-0000-0000-0000-000000000000"],
      ["POST", "/console/api/counter/shifts/00000000-0000-0000-0000-000000000000?do=close"],
      ["POST", "/console/api/counter/shifts/00000000-0000-0000-0000-000000000000?do=approve"],
      ["POST", "/console/api/plans"],
      ["POST", "/console/api/plans/00000000-0000-0000-0000-000000000000"],
      ["POST", `/console/api/wall/${paid.transactionNo}`],
    ];
    for (const [method, path] of calls) {
      const response = await fetch(`${portal.base}${path}`, {
        method,
        headers: {
          cookie: guest,
          authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJkb25vciJ9.c2ln",
          origin: portal.base,
          "idempotency-key": "donor-1",
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        ...(method === "POST"
          ? { body: JSON.stringify({ reason: "mine", amountCents: 800 }) }
          : {}),
      });
      expect([path, response.status]).toEqual([path, 401]);
    }
    expect(await receipt(paid.token)).toMatchObject({ paymentStatus: "Accepted" });
  });

  it("finds a gift by the donor's NRIC only in a POST body, shown masked", async () => {
    const id = nricOf("2468024");
    const issued = await as["officer"]!.call("/console/api/counter", {
      body: {
        fund: "fidyah",
        amountCents: 800,
        method: "nets",
        reference: "NETS-77",
        mosqueName: "Masjid Sultan",
        donor: { name: "Rosnah", idNumber: id },
      },
      headers: { "idempotency-key": "till-11" },
    });
    const found = await as["viewer"]!.call("/console/api/donations/search", {
      body: { idNumber: id },
    });
    expect(found.status).toBe(200);
    const rows = (
      found.body["data"] as { rows: Array<{ transactionNo: string; idMasked: string }> }
    ).rows;
    expect(rows.map((row) => row.transactionNo)).toEqual([
      (issued.body["data"] as { transactionNo: string }).transactionNo,
    ]);
    expect(JSON.stringify(found.body)).not.toContain(id);
    expect(rows[0]?.idMasked.endsWith(id.slice(-4))).toBe(true);
  });

  it("audits every look-up of a donor: who, role, what (masked), when and from where", async () => {
    const id = nricOf("3579135");
    const email = "zainab.ali@example.sg";
    const issued = await as["officer"]!.call("/console/api/counter", {
      body: {
        fund: "fidyah",
        amountCents: 800,
        method: "cash",
        mosqueName: "Masjid Sultan",
        donor: { name: "Zainab", email, idNumber: id },
      },
      headers: { "idempotency-key": "till-12" },
    });
    const { transactionNo } = issued.body["data"] as { transactionNo: string };
    const started = Date.now();
    const viewer = as["viewer"]!;
    await viewer.call("/console/api/donations/search", { body: { idNumber: id } });
    await viewer.call("/console/api/donations/search", { body: { email } });
    expect((await viewer.call(`/console/api/donations/${transactionNo}`)).status).toBe(200);
    await as["officer"]!.call("/console/api/plans", { body: { idNumber: id } });
    await as["officer"]!.call("/console/api/plans", { body: { email } });
    const log = async (action: string) =>
      (
        (await as["approver"]!.call(`/console/api/audit?action=${action}`)).body["data"] as {
          entries: Array<{ at: string; roles: string[]; ip: string; after: unknown }>;
        }
      ).entries;
    const [byEmail, byId] = await log("donations.search");
    const [viewed] = await log("donations.view");
    const [plansByEmail, plansById] = await log("plans.view");
    const lines = [byEmail, byId, viewed, plansByEmail, plansById];
    const masked = `*****${id.slice(-4)}`;
    expect(lines).toMatchObject([
      { roles: ["viewer"], after: { lookup: { email: "z***@example.sg" }, found: 1 } },
      { roles: ["viewer"], after: { lookup: { idNumber: masked }, found: 1 } },
      { roles: ["viewer"], entity: "donation", entityId: transactionNo, after: { found: 1 } },
      { roles: ["officer"], after: { lookup: { email: "z***@example.sg" } } },
      { roles: ["officer"], after: { lookup: { idNumber: masked } } },
    ]);
    for (const line of lines) {
      expect(Date.parse(line!.at)).toBeGreaterThanOrEqual(started - 1_000);
      expect(line!.ip).toMatch(/\d|:/);
    }
    const all = JSON.stringify(lines);
    expect(all).not.toContain(id.slice(0, 5));
    expect(all).not.toContain("zainab.ali");
  });
});
