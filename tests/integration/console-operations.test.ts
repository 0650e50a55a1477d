import { randomBytes } from "node:crypto";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nricCheckLetter } from "@portal/domain";
import type {
  CounterEntryInput,
  DonationSearchInput,
  ReversalKind,
  ShiftCountInput,
} from "@portal/domain";
import { history, receipts, type ConsoleActor, type Sql } from "@portal/adapters/db";
import { createSandbox, migrateStandins, sqlSandboxStore, type Sandbox } from "@portal/standins";
import { Refused } from "../../src/server/app/refused";
import {
  approveReversal,
  cancelPlanForDonor,
  findPlans,
  giveBack,
  issueCounterReceipt,
  reissueReceipt,
  resendReceipt,
  reversalsAwaitingApproval,
  searchGifts,
  setWallHidden,
  viewGift,
} from "../../src/server/app/console/gifts";
import { closeShift, openShift, signOffShift } from "../../src/server/app/console/shifts";
import {
  consolePorts,
  consoleUseCasesOver,
  type ConsoleUseCases,
} from "../../src/server/console/use-cases";
import { testDatabases } from "../support/databases";
import { paidBySandbox } from "../support/sandbox-gifts";

/**
 * The console's operations on gifts (issue 18), run as the server runs them over a real database
 * (PGlite, and PostgreSQL when there is one) and the sandbox gateway keeping its own records there:
 * the use cases (src/server/app/console/gifts.ts) over the live ports (src/server/console/use-cases.ts),
 * each run for an officer as the console's router runs them.
 */
const officer: ConsoleActor = {
  id: "officer-1",
  name: "Officer One",
  roles: ["officer"],
  ip: "10.0.0.1",
};
const otherOfficer: ConsoleActor = { id: "officer-2", name: "Officer Two", roles: ["officer"] };
const approver: ConsoleActor = { id: "approver-1", name: "Approver", roles: ["approver"] };
const viewer: ConsoleActor = { id: "viewer-1", name: "Viewer", roles: ["viewer"] };
const amil = { id: "amil-7", roles: ["officer"], name: "Ustaz Hafiz" };
const nric = `S7654321${nricCheckLetter("S", "7654321")}`;

const refused = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refused);
  return (error as Refused).code;
};

/** The use cases as an officer runs them (the router resolves the officer; here, the test names them). */
const operationsOf = (useCases: ConsoleUseCases) => {
  const as = (actor: ConsoleActor) => ({ ...actor, ip: actor.ip ?? "", now: new Date() });
  return {
    search: (actor: ConsoleActor, input: DonationSearchInput) =>
      useCases.run(searchGifts(input), as(actor)),
    donation: (actor: ConsoleActor, transactionNo: string) =>
      useCases.run(viewGift(transactionNo), as(actor)),
    giveBack: (
      actor: ConsoleActor,
      input: {
        transactionNo: string;
        kind: ReversalKind;
        amountCents?: number;
        reason: string;
        idempotencyKey: string;
      },
    ) => useCases.run(giveBack(input), as(actor)),
    approve: (actor: ConsoleActor, id: string) => useCases.run(approveReversal(id), as(actor)),
    awaitingApproval: (actor: ConsoleActor) => useCases.run(reversalsAwaitingApproval(), as(actor)),
    openShift: (actor: ConsoleActor, mosqueName: string, floatCents: number) =>
      useCases.run(openShift({ mosqueName, floatCents }), as(actor)),
    closeShift: (actor: ConsoleActor, id: string, count: ShiftCountInput) =>
      useCases.run(closeShift(id, count), as(actor)),
    signOffShift: (actor: ConsoleActor, id: string) => useCases.run(signOffShift(id), as(actor)),
    counterReceipt: (actor: ConsoleActor, input: CounterEntryInput, key: string) =>
      useCases.run(issueCounterReceipt(input, key), as(actor)),
    resendReceipt: (actor: ConsoleActor, transactionNo: string, key: string) =>
      useCases.run(resendReceipt(transactionNo, key), as(actor)),
    reissue: (
      actor: ConsoleActor,
      input: { transactionNo: string; reason: string; particulars: { name?: string } },
    ) => useCases.run(reissueReceipt(input), as(actor)),
    plans: (actor: ConsoleActor, find: { email?: string }) =>
      useCases.run(findPlans(find), as(actor)),
    cancelPlan: (actor: ConsoleActor, id: string, note: string) =>
      useCases.run(cancelPlanForDonor(id, note), as(actor)),
    setWallHidden: (actor: ConsoleActor, transactionNo: string, hidden: boolean, why: string) =>
      useCases.run(setWallHidden(transactionNo, hidden, why), as(actor)),
  };
};

describe.each(testDatabases())("console operations on $name", (database) => {
  let sql: Sql;
  let ops: ReturnType<typeof operationsOf>;
  let sandbox: Sandbox;
  const key = randomBytes(32);

  beforeAll(async () => {
    sql = await database.open();
    await migrateStandins(sql);
    sandbox = createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store: sqlSandboxStore(sql) });
    const ports = consolePorts({
      sql,
      key,
      gateway: (name) => (name === "sandbox" ? sandbox.gateway : undefined),
      approvalAboveCents: 50_000,
      now: () => Date.now(),
      productRoute: "wakaf",
    });
    ops = operationsOf(consoleUseCasesOver(() => Promise.resolve(ports)));
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  /** A card gift paid through the sandbox, as checkout pays one. */
  const paid = (cents: number, flow: "ZAKAT" | "ILMU" = "ZAKAT") =>
    paidBySandbox(sql, key, sandbox, cents, { flow, giftEmail: "aisyah@example.sg" });
  const receiptOf = (token: string) => receipts(sql, key).find({ by: "token", token });
  const sandboxRefunded = async (paymentId: string) =>
    (await sandbox.gateway.retrieve(paymentId).pipe(Effect.runPromise)).refundedCents ?? 0;

  it("refuses a viewer a refund, and a donor's role every operation, changing nothing", async () => {
    const gift = await paid(2_000);
    const ask = {
      transactionNo: gift.transactionNo,
      kind: "refund" as const,
      reason: "Asked",
      idempotencyKey: "v1",
    };
    expect(await refused(ops.giveBack(viewer, ask))).toBe("console.forbidden");
    const donor: ConsoleActor = { id: "donor-sub", name: "A donor", roles: ["donor"] };
    const attempts: ReadonlyArray<Promise<unknown>> = [
      ops.search(donor, {}),
      ops.donation(donor, gift.transactionNo),
      ops.giveBack(donor, { ...ask, idempotencyKey: "d1" }),
      ops.approve(donor, "00000000-0000-0000-0000-000000000000"),
      ops.counterReceipt({ ...donor, name: "x" }, {} as never, "d2"),
      ops.resendReceipt(donor, gift.transactionNo, "d3"),
      ops.reissue(donor, { transactionNo: gift.transactionNo, reason: "x", particulars: {} }),
      ops.plans(donor, { email: "aisyah@example.sg" }),
      ops.cancelPlan(donor, "00000000-0000-0000-0000-000000000000", "asked"),
      ops.setWallHidden(donor, gift.transactionNo, true, "rude"),
    ];
    for (const attempt of attempts) expect(await refused(attempt)).toBe("console.forbidden");
    expect(await receiptOf(gift.token)).toMatchObject({
      paymentStatus: "Accepted",
      refundedAmount: 0,
    });
    expect(await sandboxRefunded(gift.paymentId)).toBe(0);
  });

  it("gives a part refund once however often the same request is sent, and the receipt shows it", async () => {
    const gift = await paid(10_000);
    const ask = {
      transactionNo: gift.transactionNo,
      kind: "refund" as const,
      amountCents: 2_500,
      reason: "Paid too much",
      idempotencyKey: `part-${gift.id}`,
    };
    const [first, again] = [await ops.giveBack(officer, ask), await ops.giveBack(officer, ask)];
    expect(first).toMatchObject({ status: "done", amountCents: 2_500 });
    expect(again.id).toBe(first.id);
    expect(await sandboxRefunded(gift.paymentId)).toBe(2_500);
    expect(await receiptOf(gift.token)).toMatchObject({
      paymentStatus: "Accepted",
      refundedAmount: 2_500,
    });
    // The same key with another request is a conflict, not a second refund.
    await expect(ops.giveBack(officer, { ...ask, amountCents: 100 })).rejects.toThrow(
      /Idempotency/,
    );
    // The rest, under a new key: the gift is then Refunded, on its receipt and in the donor's history.
    await ops.giveBack(officer, { ...ask, amountCents: 7_500, idempotencyKey: `rest-${gift.id}` });
    expect(await sandboxRefunded(gift.paymentId)).toBe(10_000);
    expect(await receiptOf(gift.token)).toMatchObject({
      paymentStatus: "Refunded",
      refundedAmount: 0,
    });
    expect(
      await refused(
        ops.giveBack(officer, { ...ask, amountCents: 1, idempotencyKey: `more-${gift.id}` }),
      ),
    ).toBe("reversal.notPaid");
    const [entry] = await sql.query<{ officer_id: string; roles: string[]; ip: string }>(
      `select officer_id, roles, ip, before, after from console_audit
       where action = 'donations.refund.given_back' and entity_id = $1 order by id limit 1`,
      [gift.transactionNo],
    );
    expect(entry).toMatchObject({
      officer_id: "officer-1",
      roles: ["officer"],
      ip: "10.0.0.1",
      before: { refundedCents: 0 },
      after: { refundedCents: 2_500, reason: "Paid too much" },
    });
  });

  it("above the configured amount waits for a second officer, never the one who asked", async () => {
    const gift = await paid(60_000);
    const asked = await ops.giveBack(officer, {
      transactionNo: gift.transactionNo,
      kind: "refund",
      reason: "Donor asked by phone",
      idempotencyKey: `big-${gift.id}`,
    });
    expect(asked).toMatchObject({ status: "awaiting_approval", amountCents: 60_000 });
    expect(await sandboxRefunded(gift.paymentId)).toBe(0);
    expect((await ops.awaitingApproval(viewer)).map((r) => r.id)).toContain(asked.id);
    expect(await refused(ops.approve(otherOfficer, asked.id))).toBe("console.forbidden");
    expect(
      await refused(ops.approve({ ...officer, roles: ["officer", "approver"] }, asked.id)),
    ).toBe("approval.self");
    const approved = await ops.approve(approver, asked.id);
    expect(approved).toMatchObject({ status: "done", approvedBy: "approver-1" });
    expect(await sandboxRefunded(gift.paymentId)).toBe(60_000);
    expect(await receiptOf(gift.token)).toMatchObject({ paymentStatus: "Refunded" });
    expect(await refused(ops.approve(approver, asked.id))).toBe("approval.notWaiting");
  });

  it("counts what was refunded before: a gift refunded in parts still waits for a second officer", async () => {
    const gift = await paid(60_000);
    const part = (n: number) =>
      ops.giveBack(officer, {
        transactionNo: gift.transactionNo,
        kind: "refund",
        amountCents: 30_000,
        reason: "Donor asked by phone",
        idempotencyKey: `split-${n}-${gift.id}`,
      });
    expect(await part(1)).toMatchObject({ status: "done" });
    // $300 more after $300 given back: $600 in all is above the $500 limit.
    expect(await part(2)).toMatchObject({ status: "awaiting_approval" });
    expect(await sandboxRefunded(gift.paymentId)).toBe(30_000);
  });

  it("voids a gift on its day: the receipt reads Voided and the timeline tells the story", async () => {
    const gift = await paid(3_000);
    await ops.giveBack(officer, {
      transactionNo: gift.transactionNo,
      kind: "void",
      reason: "Charged the wrong fund",
      idempotencyKey: `void-${gift.id}`,
    });
    expect(await receiptOf(gift.token)).toMatchObject({ paymentStatus: "Voided" });
    const seen = await ops.donation(viewer, gift.transactionNo);
    expect(seen.status).toBe("voided");
    expect(seen.timeline.map((e) => e.code)).toEqual([
      "created",
      "attempt.started",
      "attempt.succeeded",
      "receipt.issued",
      "void.asked",
      "void.done",
    ]);
  });

  it("issues one counter receipt however often the entry is retried, on the fund's series", async () => {
    const entry = {
      fund: "fidyah",
      amountCents: 4_000,
      method: "cash",
      mosqueName: "Masjid Sultan",
      donor: { name: "Haji Rahman", email: "rahman@example.sg", idNumber: nric },
    };
    // Recorded only within the amil's open shift, at the shift's mosque.
    expect(await refused(ops.counterReceipt(amil, entry, "till-1-0000"))).toBe("counter.noShift");
    await ops.openShift(amil, "Masjid Sultan", 10_000);
    const first = await ops.counterReceipt(amil, entry, "till-1-0001");
    // The amil's link to the receipt page of the fund taken, with the receipt's own token.
    expect(first.receiptLink).toBe(
      `/receipt/fidyah?transactionNo=${first.transactionNo}&token=${first.token}`,
    );
    const again = await ops.counterReceipt(amil, entry, "till-1-0001");
    expect(again).toMatchObject({
      receiptNo: first.receiptNo,
      transactionNo: first.transactionNo,
      replayed: true,
    });
    const next = await ops.counterReceipt(
      amil,
      { ...entry, method: "cheque", reference: "000123" },
      "till-1-0002",
    );
    const serial = (no: string) => Number(no.split("-")[1]);
    expect(first.receiptNo.startsWith("ZK-")).toBe(true);
    expect(serial(next.receiptNo)).toBe(serial(first.receiptNo) + 1);
    const [count] = await sql.query<{ n: number }>(
      "select count(*)::int as n from donation where amil_id = 'amil-7'",
    );
    expect(count?.n).toBe(2);
    expect(await receiptOf(first.token)).toMatchObject({
      source: "pos",
      paymentMethod: "Cash",
      mosqueName: "Masjid Sultan",
      amilId: "amil-7",
      amilName: "Ustaz Hafiz",
      fidyahAmount: 4_000,
      nirc: expect.stringMatching(/^\*+321.$/),
      isIRASInclusion: true,
    });
    expect(await receiptOf(next.token)).toMatchObject({
      paymentMethod: "Cheque",
      referenceNumber: "000123",
    });
    // Found by the NRIC through its keyed hash, shown masked.
    const found = await ops.search(viewer, { idNumber: nric.toLowerCase() });
    expect(found.rows.map((r) => r.transactionNo).sort()).toEqual(
      [first.transactionNo, next.transactionNo].sort(),
    );
    expect(JSON.stringify(found)).not.toContain(nric);
    expect(found.rows[0]?.idMasked).toMatch(/321.$/);
    // A counter gift refunded goes back at the counter: no gateway, so however small, a second
    // officer approves it first; then the receipt reads Refunded.
    const cash = await ops.giveBack(officer, {
      transactionNo: first.transactionNo,
      kind: "refund",
      reason: "Returned in cash",
      idempotencyKey: "till-1-0001-refund",
    });
    expect(cash).toMatchObject({ status: "awaiting_approval", amountCents: 4_000 });
    await ops.approve(approver, cash.id);
    expect(await receiptOf(first.token)).toMatchObject({ paymentStatus: "Refunded" });
    expect(
      await refused(ops.counterReceipt(amil, { ...entry, fund: "lottery" }, "till-1-0003")),
    ).toBe("counter.invalid");
  });

  it("locks a signed-off shift in the database too: its row never changes, nothing is recorded into it", async () => {
    const nightAmil = { id: "amil-9", roles: ["officer"], name: "Ustazah Aishah" };
    const shift = await ops.openShift(nightAmil, "Masjid Darul Aman", 5_000);
    const taken = await ops.counterReceipt(
      nightAmil,
      { fund: "fidyah", amountCents: 800, method: "cash", donor: { name: "Haji Rahman" } } as never,
      "night-1",
    );
    await ops.closeShift(nightAmil, shift.id, {
      cash: { "5000": 1, "500": 1, "200": 1, "100": 1 },
      chequeCount: 0,
      chequeCents: 0,
      netsCents: 0,
    });
    expect(await refused(ops.signOffShift(nightAmil, shift.id))).toBe("console.forbidden");
    await ops.signOffShift(approver, shift.id);
    const fails = (work: Promise<unknown>) =>
      work.then(
        () => "changed",
        (error: unknown) => String((error as Error).message),
      );
    expect(
      await fails(sql.query("update counter_shift set reason = 'later' where id = $1", [shift.id])),
    ).toMatch(/signed off/);
    expect(await fails(sql.query("delete from counter_shift where id = $1", [shift.id]))).toMatch(
      /signed off/,
    );
    // Nor is a gift moved into it (an online gift here).
    const online = await paid(1_200);
    expect(
      await fails(
        sql.query("update donation set shift_id = $1 where transaction_no = $2", [
          shift.id,
          online.transactionNo,
        ]),
      ),
    ).toMatch(/not open/);
    expect(taken.receiptNo).toMatch(/^ZK-/);
  });

  it("re-issues a receipt under the next number, naming the one it replaces; both are found", async () => {
    const gift = await paid(1_500);
    const original = gift.receipt.receiptNo;
    const outcome = await ops.reissue(officer, {
      transactionNo: gift.transactionNo,
      reason: "Name misspelt",
      particulars: { name: "Nur Aishah" },
    });
    expect(outcome).toMatchObject({ outcome: "reissued", replaces: original });
    const shown = await receiptOf(gift.token);
    expect(shown).toMatchObject({ donorName: "Nur Aishah", replacesReceiptNo: original });
    expect(shown?.receiptNo).not.toBe(original);
    for (const receiptNo of [original, shown?.receiptNo])
      expect((await ops.search(viewer, { receiptNo })).rows.map((r) => r.transactionNo)).toEqual([
        gift.transactionNo,
      ]);
    expect((await ops.donation(viewer, gift.transactionNo)).earlierReceiptNos).toEqual([original]);
    const [line] = await sql.query<{ officer_id: string; before: unknown; after: unknown }>(
      "select officer_id, before, after from console_audit where action = 'receipts.reissue' and entity_id = $1",
      [original],
    );
    expect(line).toMatchObject({
      officer_id: "officer-1",
      before: { name: "Nur Aisyah", receiptNo: original },
      after: { name: "Nur Aishah", replaces: original, reason: "Name misspelt" },
    });
  });

  it("hides a wakaf gift from the donor wall and restores it, each with a reason", async () => {
    const gift = await paid(5_000, "ILMU");
    const wall = async () =>
      (await history(sql, key).donorWall("ILMU", { pageNo: 1, pageSize: 100 })).records.length;
    const before = await wall();
    expect(await refused(ops.setWallHidden(officer, gift.transactionNo, true, ""))).toBe(
      "reason.required",
    );
    expect(await ops.setWallHidden(officer, gift.transactionNo, true, "Offensive name")).toBe(
      "hidden",
    );
    expect(await wall()).toBe(before - 1);
    expect(
      await ops.setWallHidden(officer, gift.transactionNo, false, "Donor confirmed the name"),
    ).toBe("restored");
    expect(await wall()).toBe(before);
  });
});
