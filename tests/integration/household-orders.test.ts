import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "@portal/adapters/mail";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { signInOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9680-9689 are this file's.
let nextPort = 9680;

const member = (name: string) => `/svc/donor/api/User/${name}`;
const ORDER = "/svc/payment/v1/donations/createOrder";
const CONFIRM = "/svc/payment/v1/donations/confirm";
const RECEIPT = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

interface Payment {
  id: string;
  clientSecret: string;
  fund: "ZAKAT" | "FIDYAH";
  flow: string;
  transactionNo: string;
  totalCents: number;
  amounts: Record<string, number>;
  status: string;
}

/**
 * A household's zakat (fitrah, harta) and fidyah in one order (issue 33, docs/households.md "One
 * payment across funds"), through the real server on both engines: one request makes one ordinary
 * donation per fund in one transaction, once per idempotency key; each part priced by the server, the
 * people named from the caller's own list; one card confirms both; each receipt names its people;
 * the finance dashboard counts each fund once and the IRAS file files the zakat alone.
 */
describe.each(testDatabases())("household orders across funds on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  const ids: Record<string, string> = {};
  const call = callerOf(() => portal);
  const nric = nricOf("6120361");

  const order = async (
    headers: Record<string, string>,
    body: Record<string, unknown>,
    key: string,
  ) => {
    const reply = await call(
      ORDER,
      { ratesVersion: 1, lang: "en", ...body },
      { ...headers, "idempotency-key": key },
    );
    const data = reply.body["data"] as { payments: Payment[] } | undefined;
    return { ...reply, payments: data?.payments };
  };
  const zakat = (household: unknown[], totalCents: number) => ({
    flow: "ZAKAT",
    items: { household },
    totalCents,
  });
  const fidyah = (household: unknown[], totalCents: number) => ({
    flow: "FIDYAH",
    items: { household },
    totalCents,
  });
  /** The four people's order: fitrah for all, the spouse's harta, three days of one's fidyah. */
  const household = () => ({
    parts: [
      zakat(
        [
          { memberId: ids["Halimah binte Said"], fitrah: "normal" },
          { memberId: ids["Yusof bin Ahmad"], fitrah: "premium", hartaCents: 12_050 },
          { memberId: ids["Nur Hidayah"], fitrah: "normal" },
          { memberId: ids["Adam Haziq"], fitrah: "own", ownRateCents: 700 },
        ],
        500 + 800 + 500 + 700 + 12_050,
      ),
      fidyah([{ memberId: ids["Nur Hidayah"], fidyahDays: 3 }], 1_200),
    ],
    donor: {
      name: "Halimah binte Said",
      email: "halimah.order@example.sg",
      anonymous: false,
      taxId: nric,
    },
  });

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "halimah.order@example.sg", name: "Halimah" });
    tokenB = await identity.sign({ email: "kamal.order@example.sg", name: "Kamal" });
    await registerSignIn(portal.base, tokenA, nric, "91250011");
    await registerSignIn(portal.base, tokenB, nricOf("6120362"), "91250012");
    for (const [name, relation] of [
      ["Halimah binte Said", "self"],
      ["Yusof bin Ahmad", "spouse"],
      ["Nur Hidayah", "child"],
      ["Adam Haziq", "child"],
    ] as const) {
      const kept = await call(member("saveHouseholdMember"), { name, relation }, bearer(tokenA));
      ids[name] = (kept.body["data"] as { id: string }).id;
    }
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("refuses a stranger's person (404 as today) and a guest's claim, and keeps nothing of the order", async () => {
    const theirs = ids["Yusof bin Ahmad"]!;
    const stolen = {
      parts: [
        zakat([{ name: "Kamal bin Osman", fitrah: "normal" }], 500),
        fidyah([{ memberId: theirs, fidyahDays: 1 }], 400),
      ],
    };
    const byStranger = await order(bearer(tokenB), stolen, "order-stolen");
    const byGuest = await order({ cookie: await guestCookie(portal.base) }, stolen, "order-guest");
    for (const reply of [byStranger, byGuest]) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
      expect(reply.body).toMatchObject({ code: "household.member.notFound" });
      expect(JSON.stringify(reply.body)).not.toContain("Yusof");
    }
    // The zakat part was fine and came first: nothing of it was kept under the key either.
    const own = await order(
      bearer(tokenB),
      { parts: [zakat([{ name: "Kamal bin Osman", fitrah: "normal" }], 500)] },
      "order-stolen",
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.payments?.map((p) => [p.fund, p.totalCents])).toEqual([["ZAKAT", 500]]);
  });

  it("prices each fund itself: a total off in either part, a fund twice, fidyah under zakat refused", async () => {
    const self = ids["Halimah binte Said"]!;
    const cases: Array<[number, string, unknown[]]> = [
      [
        422,
        "donation.totalMismatch",
        [
          zakat([{ memberId: self, fitrah: "normal" }], 500),
          fidyah([{ memberId: self, fidyahDays: 2 }], 400),
        ],
      ],
      [
        422,
        "donation.totalMismatch",
        [
          zakat([{ memberId: self, fitrah: "normal" }], 400),
          fidyah([{ memberId: self, fidyahDays: 2 }], 800),
        ],
      ],
      [
        422,
        "donation.orderFunds",
        [
          zakat([{ memberId: self, fitrah: "normal" }], 500),
          zakat([{ memberId: self, hartaCents: 100 }], 100),
        ],
      ],
      [422, "donation.kindNotInFlow", [zakat([{ memberId: self, fidyahDays: 2 }], 800)]],
      [422, "donation.orderFunds", [{ flow: "ILMU", items: { ilmu: 1_000 }, totalCents: 1_000 }]],
    ];
    for (const [status, code, parts] of cases) {
      const reply = await order(
        bearer(tokenA),
        { parts },
        `order-bad-${code}-${status}-${Math.random()}`,
      );
      expect(reply.status, `${code} ${JSON.stringify(reply.body)}`).toBe(status);
      if (status === 422) expect(reply.body["code"]).toBe(code);
      expect(reply.payments).toBeUndefined();
    }
  });

  let paid: Payment[] = [];

  it("makes one donation per fund once per key: a replay and a double click make nothing twice", async () => {
    const [first, again] = await Promise.all([
      order(bearer(tokenA), household(), "order-household"),
      order(bearer(tokenA), household(), "order-household"),
    ]);
    for (const reply of [first, again]) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const payments = first.payments!;
    expect(payments.map((p) => [p.fund, p.totalCents, p.status])).toEqual([
      ["ZAKAT", 14_550, "requires_payment_method"],
      ["FIDYAH", 1_200, "requires_payment_method"],
    ]);
    expect(payments[0]!.amounts).toEqual({ fitrah: 2_500, harta: 12_050 });
    expect(again.payments!.map((p) => p.id)).toEqual(payments.map((p) => p.id));
    // The answer was lost: the same request again is the same order, said so.
    const lost = await fetch(`${portal.base}${ORDER}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": "order-household",
        ...bearer(tokenA),
      },
      body: JSON.stringify({ ratesVersion: 1, lang: "en", ...household() }),
    });
    expect(lost.headers.get("idempotent-replayed")).toBe("true");
    const lostPayments = ((await lost.json()) as { data: { payments: Payment[] } }).data.payments;
    expect(lostPayments.map((p) => [p.id, p.clientSecret])).toEqual(
      payments.map((p) => [p.id, p.clientSecret]),
    );
    // Another body under the key, or another caller, is a conflict.
    const changed = household();
    changed.parts[1] = fidyah([{ memberId: ids["Nur Hidayah"], fidyahDays: 4 }], 1_600);
    const conflict = await order(bearer(tokenA), changed, "order-household");
    expect([conflict.status, conflict.body["code"]]).toEqual([409, "idempotency.conflict"]);
    const someoneElse = await order(bearer(tokenB), household(), "order-household");
    expect(someoneElse.status).not.toBe(200);
    paid = payments;
  });

  it("charges both with one card entered once; a failed second charge is retried alone, never twice", async () => {
    const [zakatPayment, fidyahPayment] = paid;
    const card = await call("/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2040,
      cvc: "123",
    });
    const declined = await call("/sandbox/v1/payment_methods", {
      number: "4000000000000002",
      expMonth: 12,
      expYear: 2040,
      cvc: "123",
    });
    const confirm = (p: Payment, paymentMethodId: unknown) =>
      call(
        CONFIRM,
        { donationId: p.id, clientSecret: p.clientSecret, paymentMethodId },
        bearer(tokenA),
      );
    const one = await confirm(zakatPayment!, card.body["id"]);
    expect(one.body["data"]).toMatchObject({ status: "succeeded" });
    // The second charge fails (a declined card stands in for any failure after the first).
    const two = await confirm(fidyahPayment!, declined.body["id"]);
    expect(two.body["data"]).toMatchObject({ status: "requires_payment_method" });
    // Retried, only the fidyah is charged; the zakat pressed again meets its one payment and receipt.
    const retried = await confirm(fidyahPayment!, card.body["id"]);
    expect(retried.body["data"]).toMatchObject({ status: "succeeded" });
    const zakatAgain = await confirm(zakatPayment!, card.body["id"]);
    const receipts = [one, retried, zakatAgain].map(
      (r) => (r.body["data"] as { receipt: { receiptNo: string } }).receipt.receiptNo,
    );
    expect(receipts[2]).toBe(receipts[0]);
    expect(new Set(receipts).size).toBe(2);

    const read = async (reply: typeof one) =>
      (
        await call(RECEIPT, {
          token: (reply.body["data"] as { receipt: { token: string } }).receipt.token,
        })
      ).body["data"];
    expect(await read(one)).toMatchObject({
      fitrahAmount: 2_500,
      hartaAmount: 12_050,
      attributes: {
        household: [
          { name: "Halimah binte Said", item: "fitrah", kind: "normal", amount: 500 },
          { name: "Yusof bin Ahmad", item: "fitrah", kind: "premium", amount: 800 },
          { name: "Nur Hidayah", item: "fitrah", kind: "normal", amount: 500 },
          { name: "Adam Haziq", item: "fitrah", kind: "own", amount: 700 },
          { name: "Yusof bin Ahmad", item: "harta", amount: 12_050 },
        ],
      },
    });
    expect(await read(retried)).toMatchObject({
      fidyahAmount: 1_200,
      attributes: { household: [{ name: "Nur Hidayah", item: "fidyah", days: 3, amount: 1_200 }] },
    });

    // Each receipt e-mail names its own people under its own fund.
    const mails = async () =>
      (await readOutbox(path.join(portal.dataDir, "outbox"), { to: "halimah.order@example.sg" }))
        .map((mail) => mail.text)
        .join("\n");
    await expect
      .poll(mails, { timeout: 15_000 })
      .toContain("For Nur Hidayah: fidyah, 3 days, $12.00");
    const text = await mails();
    expect(text).toContain("For Yusof bin Ahmad: zakat harta, $120.50");
    expect(text).toContain("For Adam Haziq: zakat fitrah, own rate, $7.00");
  });

  it("is two ordinary donations to finance: each fund counted once, the zakat alone filed for IRAS", async () => {
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const finance = await signInOfficer(portal.base, portal.dataDir, "finance");
    const dashboard = await finance.call(`/console/api/finance/dashboard?from=${day}&to=${day}`);
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const byFund = (
      dashboard.body["data"] as {
        collections: { byFund: Array<{ key: string; count: number; amount: number }> };
      }
    ).collections.byFund;
    // The order's two donations (a stranger's own zakat above was never paid).
    expect(byFund.find((f) => f.key === "FIDYAH")).toMatchObject({ count: 1, amount: 1_200 });
    expect(byFund.find((f) => f.key === "ZAKAT")).toMatchObject({ count: 1, amount: 14_550 });
    const iras = await fetch(`${portal.base}/console/api/finance/iras`, {
      method: "POST",
      headers: {
        cookie: finance.cookie,
        "content-type": "application/json",
        origin: portal.base,
        "x-console-csrf": finance.csrf,
      },
      body: JSON.stringify({ year: Number(day.slice(0, 4)) }),
    });
    expect(iras.status).toBe(200);
    const lines = (await iras.text()).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`NRIC,${nric},`);
    expect(lines[0]).toContain(",145.50");
  });
});
