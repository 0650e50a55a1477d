import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "@portal/adapters/mail";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { payByCard } from "../support/guest-portal";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9640-9649 are this file's.
let nextPort = 9640;

const member = (name: string) => `/svc/donor/api/User/${name}`;
const CREATE = "/svc/payment/v1/donations/create";
const RECEIPT = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

interface Donation {
  id: string;
  clientSecret: string;
  totalCents: number;
  amounts: Record<string, number>;
}

/**
 * A signed-in donor pays fitrah, fidyah and zakat harta for people kept in their account, each named
 * on the receipt (issue 33, docs/households.md), through the real server on both engines. The people
 * are sent by their kept ids: the server names them from the caller's own list, so another donor's
 * person, a guest's claim and a missing id are the same "not found"; every amount is priced again
 * (seed: fitrah $5 normal, $8 higher, own $5-$100; fidyah $4 a day), and a refusal keeps nothing.
 */
describe.each(testDatabases())("household payments on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  const ids: Record<string, string> = {};
  let bOwn = "";
  const call = callerOf(() => portal);
  let serial = 0;

  const create = async (
    headers: Record<string, string>,
    body: Record<string, unknown>,
    key = `household-${(serial += 1)}`,
  ) => {
    const reply = await call(
      CREATE,
      { ratesVersion: 1, lang: "en", ...body },
      {
        ...headers,
        "idempotency-key": key,
      },
    );
    return { ...reply, donation: reply.body["data"] as Donation | undefined };
  };
  const zakat = (
    household: unknown[],
    totalCents: number,
    items: Record<string, unknown> = {},
  ) => ({
    flow: "ZAKAT",
    items: { ...items, household },
    totalCents,
  });

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "halimah.pays@example.sg", name: "Halimah" });
    tokenB = await identity.sign({ email: "kamal.pays@example.sg", name: "Kamal" });
    await registerSignIn(portal.base, tokenA, nricOf("6120351"), "91250001");
    await registerSignIn(portal.base, tokenB, nricOf("6120352"), "91250002");
    for (const [name, relation] of [
      ["Halimah binte Said", "self"],
      ["Yusof bin Ahmad", "spouse"],
      ["Nur Hidayah", "child"],
      ["Adam Haziq", "child"],
    ] as const) {
      const kept = await call(member("saveHouseholdMember"), { name, relation }, bearer(tokenA));
      ids[name] = (kept.body["data"] as { id: string }).id;
    }
    const own = await call(
      member("saveHouseholdMember"),
      { name: "Kamal bin Osman", relation: "self" },
      bearer(tokenB),
    );
    bOwn = (own.body["data"] as { id: string }).id;
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("refuses another donor's person, a guest's claim and a missing id alike, keeping nothing", async () => {
    const theirs = ids["Yusof bin Ahmad"]!;
    const guest = { cookie: await guestCookie(portal.base) };
    const replies = [
      // Another donor's person among the caller's own.
      await create(
        bearer(tokenB),
        zakat(
          [
            { memberId: bOwn, fitrah: "normal" },
            { memberId: theirs, fitrah: "normal" },
          ],
          1_000,
        ),
        "stolen-1",
      ),
      await create(guest, zakat([{ memberId: theirs, fitrah: "normal" }], 500)),
      await create(
        bearer(tokenB),
        zakat([{ memberId: "00000000-0000-4000-8000-000000000000", fitrah: "normal" }], 500),
      ),
      await create(bearer(tokenB), zakat([{ memberId: "not-an-id", fitrah: "normal" }], 500)),
    ];
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
      expect(reply.body).toMatchObject({ code: "household.member.notFound" });
      expect(JSON.stringify(reply.body)).not.toContain("Yusof");
      expect(reply.donation).toBeUndefined();
    }
    expect(replies[0]!.body).toEqual(replies[2]!.body);
    // Nothing was kept under the refused key: the same key with the donor's own person is a new
    // donation, not a replay or a conflict.
    const own = await create(
      bearer(tokenB),
      zakat([{ memberId: bOwn, fitrah: "normal" }], 500),
      "stolen-1",
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.donation?.totalCents).toBe(500);
  });

  it("prices every person again and refuses tampered amounts, with a code and a message", async () => {
    const [self, spouse] = [ids["Halimah binte Said"]!, ids["Yusof bin Ahmad"]!];
    const cases: Array<[string, Record<string, unknown>]> = [
      // A total that is not the people's prices.
      ["donation.totalMismatch", zakat([{ memberId: self, fitrah: "normal" }], 400)],
      ["donation.totalMismatch", zakat([{ memberId: self, fitrah: "premium" }], 500)],
      // Negative, fractional or absurd zakat, an own rate out of range, days out of range.
      ["donation.household", zakat([{ memberId: self, hartaCents: -500 }], -500)],
      ["donation.household", zakat([{ memberId: self, hartaCents: 10.5 }], 10)],
      ["donation.household", zakat([{ memberId: self, fitrah: "own", ownRateCents: 1 }], 1)],
      [
        "donation.household",
        {
          flow: "FIDYAH",
          items: { household: [{ memberId: self, fidyahDays: 61 }] },
          totalCents: 24_400,
        },
      ],
      // A person paying nothing, a person named twice, a kept person renamed by the page.
      ["donation.household", zakat([{ memberId: self }], 0)],
      [
        "donation.household",
        zakat(
          [
            { memberId: self, fitrah: "normal" },
            { memberId: self, fitrah: "normal" },
          ],
          1_000,
        ),
      ],
      [
        "donation.household",
        zakat([{ memberId: self, name: "Someone Else", fitrah: "normal" }], 500),
      ],
      // Fidyah is its own fund: not in a zakat payment (nor fitrah in a fidyah one).
      ["donation.kindNotInFlow", zakat([{ memberId: spouse, fidyahDays: 2 }], 800)],
      [
        "donation.kindNotInFlow",
        {
          flow: "FIDYAH",
          items: { household: [{ memberId: self, fitrah: "normal" }] },
          totalCents: 500,
        },
      ],
      // Named people's fidyah and counted days at once.
      [
        "donation.household",
        {
          flow: "FIDYAH",
          items: { fidyah: { days: 1 }, household: [{ memberId: self, fidyahDays: 1 }] },
          totalCents: 800,
        },
      ],
    ];
    for (const [code, body] of cases) {
      const reply = await create(bearer(tokenA), body);
      expect(reply.status, `${code} ${JSON.stringify(body)}`).toBeOneOf([400, 422]);
      if (reply.status === 422) expect(reply.body["code"], JSON.stringify(body)).toBe(code);
      expect(String(reply.body["message"] ?? "")).not.toBe("");
      expect(reply.donation).toBeUndefined();
    }
  });

  it("pays fitrah and zakat harta for kept people in one zakat payment, and fidyah in its own fund, each named", async () => {
    const household = [
      { memberId: ids["Halimah binte Said"], fitrah: "normal" },
      { memberId: ids["Yusof bin Ahmad"], fitrah: "premium", hartaCents: 12_050 },
      { memberId: ids["Nur Hidayah"], fitrah: "normal" },
      { memberId: ids["Adam Haziq"], fitrah: "own", ownRateCents: 700 },
    ];
    // The donor's own harta from the calculator stands beside the people's.
    const created = await create(
      bearer(tokenA),
      zakat(household, 500 + 800 + 500 + 700 + 12_050 + 30_000, { harta: 30_000 }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.donation!.amounts).toEqual({ fitrah: 2_500, harta: 42_050 });
    const paid = await payByCard(
      (where, body, headers = {}) => call(where, body, { ...bearer(tokenA), ...headers }),
      created.donation!,
    );
    const token = (paid.body["data"] as { receipt: { token: string } }).receipt.token;
    const receipt = await call(RECEIPT, { token });
    expect(receipt.status).toBe(200);
    const data = receipt.body["data"] as Record<string, unknown>;
    expect(data).toMatchObject({
      fitrahAmount: 2_500,
      hartaAmount: 42_050,
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
    // Zakat carries no fidyah: that is its own fund, with no tax deduction.
    expect(data["fidyahAmount"] ?? 0).toBe(0);

    const fidyah = await create(bearer(tokenA), {
      flow: "FIDYAH",
      items: { household: [{ memberId: ids["Nur Hidayah"], fidyahDays: 3 }] },
      totalCents: 1_200,
    });
    expect(fidyah.status, JSON.stringify(fidyah.body)).toBe(200);
    const fidyahPaid = await payByCard(
      (where, body, headers = {}) => call(where, body, { ...bearer(tokenA), ...headers }),
      fidyah.donation!,
    );
    const fidyahToken = (fidyahPaid.body["data"] as { receipt: { token: string } }).receipt.token;
    const fidyahReceipt = await call(RECEIPT, { token: fidyahToken });
    expect(fidyahReceipt.body["data"]).toMatchObject({
      fidyahAmount: 1_200,
      attributes: {
        muisFidyah: [{ noOfDays: 3, perDay: 400, amount: 1_200 }],
        household: [{ name: "Nur Hidayah", item: "fidyah", days: 3, amount: 1_200 }],
      },
    });

    // The receipt e-mails name each person with their lines, in English and Malay.
    const mails = async () =>
      (await readOutbox(path.join(portal.dataDir, "outbox"), { to: "halimah.pays@example.sg" }))
        .map((mail) => mail.text)
        .join("\n");
    await expect.poll(mails, { timeout: 15_000 }).toContain("Untuk Nur Hidayah: fidyah, 3 hari");
    const text = await mails();
    for (const line of [
      "For Halimah binte Said: zakat fitrah, normal rate, $5.00",
      "For Yusof bin Ahmad: zakat fitrah, higher rate, $8.00",
      "For Adam Haziq: zakat fitrah, own rate, $7.00",
      "For Yusof bin Ahmad: zakat harta, $120.50",
      "Untuk Yusof bin Ahmad: zakat harta, $120.50",
      "For Nur Hidayah: fidyah, 3 days, $12.00",
    ]) {
      expect(text).toContain(line);
    }
  });
});
