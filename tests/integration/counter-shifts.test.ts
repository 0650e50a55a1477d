import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, counter shifts and voids at the counter, through the real server on both databases: an
// amil opens a shift with a float, records within it (never without one), a void needs a second
// officer (never the amil who recorded it) and only while the shift is open; the close counts the
// drawer by denomination against what was expected, a difference needs a reason; another officer signs
// the shift off and it is locked; reports per mosque, night and amil, as CSV; each role allowed and
// refused as the role table says; every step audited. Ports 8140-8149.
let nextPort = 8140;
const receiptCall = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

interface Shift {
  id: string;
  status: string;
  mosqueName: string;
  floatCents: number;
  takings: { cash: { cents: number; givenBackCents: number }; cheque: { count: number } };
  balance: {
    cash: { expected: number; counted: number; difference: number };
    reason: string | null;
  } | null;
  signedOffBy: string | null;
}

describe.each(testDatabases())("counter shifts on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let till = 0;
  const record = (officer: ConsoleOfficer, body: Record<string, unknown>) =>
    officer.call("/console/api/counter", {
      body: { fund: "harta", donor: { name: "Abdul Karim" }, ...body },
      headers: { "idempotency-key": `shift-till-${++till}` },
    });
  const open = (officer: ConsoleOfficer, body: unknown) =>
    officer.call("/console/api/counter/shift", { body });
  const shiftCall = (officer: ConsoleOfficer, id: string, what: string, body: unknown = {}) =>
    officer.call(`/console/api/counter/shifts/${id}?do=${what}`, { body });
  const voidOf = (officer: ConsoleOfficer, transactionNo: string, key: string) =>
    officer.call(`/console/api/donations/${transactionNo}?do=void`, {
      body: { reason: "Entered twice" },
      headers: { "idempotency-key": key },
    });
  const approve = (officer: ConsoleOfficer, id: string) =>
    officer.call(`/console/api/reversals/${id}?do=approve`, { body: {} });
  const receipt = async (token: string) =>
    (await callPortal(portal.base, receiptCall, { token })).body["data"] as Record<string, unknown>;
  const audited = async (action: string) =>
    (
      (await as["approver"]!.call(`/console/api/audit?action=${action}`)).body["data"] as {
        entries: Array<{ officerId: string; entityId: string; roles: string[]; after: unknown }>;
      }
    ).entries;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("opens a shift, records within it, voids with a second officer, closes short with a reason, is signed off and locked", async () => {
    const amil = as["officer"]!;
    // No shift, no receipt.
    const without = await record(amil, { amountCents: 1_000, method: "cash" });
    expect(without).toMatchObject({ status: 409, body: { code: "counter.noShift" } });
    // A float is whole cents; a viewer opens nothing.
    for (const floatCents of [1.5, "100", -1, null]) {
      const wrong = await open(amil, { mosqueName: "Masjid Sultan", floatCents });
      expect(wrong.status).toBe(400);
      expect(wrong.body["fields"]).toEqual(["floatCents"]);
    }
    expect(
      (await open(as["viewer"]!, { mosqueName: "Masjid Sultan", floatCents: 100 })).status,
    ).toBe(403);
    const opened = await open(amil, { mosqueName: "Masjid Sultan", floatCents: 20_000 });
    expect(opened.status).toBe(201);
    const shift = opened.body["data"] as Shift;
    expect(shift).toMatchObject({
      status: "open",
      mosqueName: "Masjid Sultan",
      floatCents: 20_000,
    });
    expect(await open(amil, { mosqueName: "Masjid Darul Aman", floatCents: 0 })).toMatchObject({
      status: 409,
      body: { code: "shift.alreadyOpen" },
    });

    // Recorded within it, at its mosque (whatever the form said).
    const cash = await record(amil, {
      amountCents: 5_000,
      method: "cash",
      mosqueName: "Elsewhere",
    });
    const mistake = await record(amil, { amountCents: 2_550, method: "cash" });
    const cheque = await record(amil, {
      amountCents: 30_000,
      method: "cheque",
      reference: "CHQ-1001",
      bankName: "DBS",
    });
    const nets = await record(amil, { amountCents: 1_500, method: "nets", reference: "NETS-77" });
    for (const one of [cash, mistake, cheque, nets]) expect(one.status).toBe(201);
    const gift = (one: typeof cash) =>
      one.body["data"] as { transactionNo: string; receiptNo: string; token: string };
    expect(await receipt(gift(cash).token)).toMatchObject({ mosqueName: "Masjid Sultan" });
    // The receipt page's address for the amil to open and print (a path, not an object).
    expect(cash.body["data"]).toMatchObject({ receiptLink: expect.stringMatching(/^\/.*receipt/) });

    // A void waits for a second officer: never the one who asked, never the amil who recorded it.
    const asked = await voidOf(amil, gift(mistake).transactionNo, "void-1");
    const reversal = asked.body["data"] as { id: string; status: string };
    expect(reversal.status).toBe("awaiting_approval");
    expect((await approve(amil, reversal.id)).status).toBe(403);
    // While it waits, the shift does not close.
    const count = {
      cash: { "10000": 2, "5000": 1 },
      chequeCount: 1,
      chequeCents: 30_000,
      netsCents: 1_500,
    };
    expect(await shiftCall(amil, shift.id, "close", count)).toMatchObject({
      status: 409,
      body: { code: "shift.voidWaiting" },
    });
    const approved = await approve(as["approver"]!, reversal.id);
    expect(approved.body["data"]).toMatchObject({ status: "done" });
    // The voided number stays in its series, marked void.
    expect(await receipt(gift(mistake).token)).toMatchObject({
      receiptNo: gift(mistake).receiptNo,
      paymentStatus: "Voided",
    });
    const seen = await as["viewer"]!.call(`/console/api/counter/shifts/${shift.id}`);
    const listed = (seen.body["data"] as { receipts: Array<{ receiptNo: string; status: string }> })
      .receipts;
    expect(listed.map((one) => [one.receiptNo, one.status])).toEqual([
      [gift(cash).receiptNo, "succeeded"],
      [gift(mistake).receiptNo, "voided"],
      [gift(cheque).receiptNo, "succeeded"],
      [gift(nets).receiptNo, "succeeded"],
    ]);
    // Nothing of the donors in a shift's list (a viewer reads it unaudited).
    expect(JSON.stringify(seen.body)).not.toContain("Abdul Karim");

    // The close: $200 float + $75.50 cash taken - $25.50 given back = $250.00 expected; $249.50
    // counted is 50 cents short, which needs a reason. Only the amil closes; a viewer never.
    const short = {
      ...count,
      cash: { "10000": 2, "5000": 0, "1000": 4, "500": 1, "200": 2, "50": 1 },
    };
    expect((await shiftCall(as["viewer"]!, shift.id, "close", short)).status).toBe(403);
    expect(await shiftCall(as["approver"]!, shift.id, "close", short)).toMatchObject({
      status: 409,
      body: { code: "shift.notYours" },
    });
    expect(
      await shiftCall(amil, shift.id, "close", { ...short, cash: { "2000": 1 } }),
    ).toMatchObject({ status: 400, body: { code: "shift.invalid", fields: ["cash"] } });
    const noReason = await shiftCall(amil, shift.id, "close", short);
    expect(noReason).toMatchObject({
      status: 400,
      body: { code: "shift.reasonRequired", fields: ["reason"] },
    });
    const closed = await shiftCall(amil, shift.id, "close", {
      ...short,
      reason: "A 50 cent coin given as change twice",
    });
    expect(closed.status).toBe(200);
    expect(closed.body["data"]).toMatchObject({
      status: "closed",
      takings: { cash: { cents: 7_550, givenBackCents: 2_550 }, cheque: { count: 1 } },
      balance: {
        cash: { expected: 25_000, counted: 24_950, difference: -50 },
        chequeCount: { expected: 1, counted: 1, difference: 0 },
        netsCents: { expected: 1_500, counted: 1_500, difference: 0 },
        reason: "A 50 cent coin given as change twice",
      },
    });

    // Closed: nothing more recorded, nothing voided.
    expect((await record(amil, { amountCents: 1_000, method: "cash" })).body["code"]).toBe(
      "counter.noShift",
    );
    expect(await voidOf(amil, gift(cash).transactionNo, "void-2")).toMatchObject({
      status: 409,
      body: { code: "reversal.shiftClosed" },
    });

    // Signed off by an approver (an officer may not); then locked.
    expect((await shiftCall(amil, shift.id, "approve")).status).toBe(403);
    const signed = await shiftCall(as["approver"]!, shift.id, "approve");
    expect(signed.body["data"]).toMatchObject({
      status: "signed_off",
      signedOffBy: expect.any(String),
    });
    expect(await shiftCall(as["admin"]!, shift.id, "approve")).toMatchObject({
      status: 409,
      body: { code: "shift.locked" },
    });
    expect(await shiftCall(amil, shift.id, "close", short)).toMatchObject({
      status: 409,
      body: { code: "shift.locked" },
    });
    expect(await voidOf(as["approver"]!, gift(cheque).transactionNo, "void-3")).toMatchObject({
      status: 409,
      body: { code: "reversal.shiftClosed" },
    });

    // Every step audited, by whom.
    const [openLine] = await audited("counter.shift.open");
    const [closeLine] = await audited("counter.shift.close");
    const [approveLine] = await audited("counter.shift.approve");
    expect(openLine).toMatchObject({ entityId: shift.id, roles: ["officer"] });
    expect(closeLine).toMatchObject({
      entityId: shift.id,
      after: {
        status: "closed",
        cash: { difference: -50 },
        reason: expect.stringContaining("50 cent"),
      },
    });
    expect(approveLine).toMatchObject({ entityId: shift.id, roles: ["approver"] });
    expect(approveLine?.officerId).not.toBe(openLine?.officerId);
    const recorded = await audited("counter.record");
    expect(
      recorded.filter((line) => (line.after as { shift?: string }).shift === shift.id),
    ).toHaveLength(4);
  });

  it("never lets the amil approve a void of their own receipt, or sign off their own shift", async () => {
    const approver = as["approver"]!;
    const opened = await open(approver, { mosqueName: "Masjid Darul Aman", floatCents: 0 });
    const shift = opened.body["data"] as Shift;
    const entry = await record(approver, { amountCents: 800, method: "cash", fund: "fidyah" });
    const { transactionNo } = entry.body["data"] as { transactionNo: string };
    const asked = await voidOf(as["officer"]!, transactionNo, "void-own");
    const id = (asked.body["data"] as { id: string }).id;
    expect(await approve(approver, id)).toMatchObject({
      status: 409,
      body: { code: "approval.amil" },
    });
    expect((await approve(as["finance"]!, id)).status).toBe(403);
    expect((await approve(as["admin"]!, id)).body["data"]).toMatchObject({ status: "done" });
    // $0 float + $8 taken - $8 given back: an empty drawer balances, no reason needed.
    const closed = await shiftCall(approver, shift.id, "close", {
      cash: {},
      chequeCount: 0,
      chequeCents: 0,
      netsCents: 0,
    });
    expect(closed.body["data"]).toMatchObject({
      status: "closed",
      balance: { differs: false, reason: null, cash: { expected: 0, counted: 0 } },
    });
    expect(await shiftCall(approver, shift.id, "approve")).toMatchObject({
      status: 409,
      body: { code: "approval.self" },
    });
    expect((await shiftCall(as["admin"]!, shift.id, "approve")).body["data"]).toMatchObject({
      status: "signed_off",
    });
  });

  it("reports per mosque, night and amil, in the console and as CSV, to those who may read them", async () => {
    const day = today();
    const report = async (officer: ConsoleOfficer, by: string) =>
      officer.call(`/console/api/counter/shifts?from=${day}&to=${day}&by=${by}`);
    const byMosque = await report(as["viewer"]!, "mosque");
    expect(byMosque.status).toBe(200);
    const data = byMosque.body["data"] as {
      shifts: Shift[];
      totals: Array<{ key: string; shifts: number; cashDifferenceCents: number }>;
    };
    expect(data.totals.find((one) => one.key === "Masjid Sultan")).toMatchObject({
      shifts: 1,
      cashDifferenceCents: -50,
    });
    const byNight = (await report(as["finance"]!, "night")).body["data"] as typeof data;
    expect(byNight.totals.map((one) => one.key)).toEqual([day]);
    const byAmil = (await report(as["officer"]!, "amil")).body["data"] as typeof data;
    expect(byAmil.totals).toHaveLength(2);
    const csv = await fetch(
      `${portal.base}/console/api/counter/shifts?from=${day}&to=${day}&format=csv`,
      { headers: { cookie: as["finance"]!.cookie } },
    );
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    const [header, ...rows] = text.trimEnd().split("\r\n");
    expect(header).toContain("Cash difference (SGD)");
    const sultan = rows.find((row) => row.includes("Masjid Sultan"));
    expect(sultan).toContain(`${day},Masjid Sultan,`);
    expect(sultan).toContain(",signed_off,200.00,75.50,25.50,250.00,249.50,-0.50,");
    expect(sultan).toContain("A 50 cent coin given as change twice");
    const [exported] = await audited("counter.shifts.export");
    expect(exported).toMatchObject({ roles: ["finance"], after: { rows: 2 } });
    // A range that is not one: refused, not a 5xx.
    expect(
      (await as["viewer"]!.call(`/console/api/counter/shifts?from=${day}&to=2000-01-01`)).body,
    ).toMatchObject({ code: "shift.bad_range" });
    // A stranger learns nothing.
    const stranger = await fetch(`${portal.base}/console/api/counter/shifts?from=${day}&to=${day}`);
    expect(stranger.status).toBe(401);
  });
});
