import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse } from "@portal/adapters/responses";
import { testDatabases } from "../support/databases";
import { Donor } from "../support/donations";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

// What a receipt lists (spec §3 attribute lists) as the donation was priced: harta items with their
// remarks, checked on create, and fitrah kinds at the rate paid even after an officer changes the
// rates. Ports 4800-4819 belong to this file.
let nextPort = 4800;
const controlToken = `receipt-items-${randomUUID()}`;

describe.each(testDatabases())("receipt items on $name", (database) => {
  let portal: RunningPortal;

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${portal.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const receipt = async (token: string) => {
    const reply = await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
      token,
    });
    expect(reply.status).toBe(200);
    return decodeResponse("getThirdPartyDonationReceiptData", reply.body).data;
  };
  const changeRates = (patch: Record<string, number>) =>
    post("/__test/rates", patch, { authorization: `Bearer ${controlToken}` });
  const ratesVersion = async () =>
    (
      (await post("/svc/main/v1/Home/homePageConfiguration?charityId=25", {})).body["data"] as {
        version: number;
      }
    ).version;
  const create = async (items: unknown, totalCents: number) =>
    post(
      "/svc/payment/v1/donations/create",
      { flow: "ZAKAT", items, totalCents, ratesVersion: await ratesVersion() },
      { "idempotency-key": randomUUID(), cookie: await guestCookie(portal.base) },
    );

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_TEST_CONTROL_TOKEN: controlToken,
    });
  });

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("shows the calculator's harta items with their remarks on the receipt", async () => {
    const hartaItems = [
      { name: "savings", amount: 27_500, remark: ["DBS", "OCBC joint"] },
      { name: "shares", amount: 5_000, remark: ["STI ETF"] },
      { name: "cpf", amount: 30_000, remark: [] },
      { name: "gold", amount: 2_500, remark: [] },
    ];
    const paid = await (
      await new Donor(portal.base).start()
    ).donate({ flow: "ZAKAT", items: { harta: 65_000, hartaItems }, totalCents: 65_000 });
    const data = await receipt(paid.token);
    expect(data.hartaAmount).toBe(65_000);
    expect(data.attributes.muisHarta).toEqual(hartaItems);
  });

  it("applies §5's text helper to the remarks again: no markup or runs of spaces reach the receipt", async () => {
    const paid = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "ZAKAT",
      items: {
        harta: 35_000,
        hartaItems: [
          { name: "savings", amount: 35_000, remark: ["  <b>DBS</b>   joint", "<img src=x>"] },
        ],
      },
      totalCents: 35_000,
    });
    const data = await receipt(paid.token);
    expect(data.attributes.muisHarta).toEqual([
      { name: "savings", amount: 35_000, remark: ["DBS joint"] },
    ]);
  });

  it("refuses harta items that do not add up, name no known asset or carry over-long remarks", async () => {
    const refusals = [
      [{ name: "savings", amount: 20_000, remark: [] }], // $200 of $350
      [
        { name: "savings", amount: 30_000, remark: [] },
        { name: "bitcoin", amount: 5_000, remark: [] },
      ],
      [{ name: "savings", amount: 35_000, remark: ["x".repeat(26)] }],
      [
        { name: "savings", amount: 30_000, remark: [] },
        { name: "savings", amount: 5_000, remark: [] },
      ],
    ];
    for (const hartaItems of refusals) {
      const reply = await create({ harta: 35_000, hartaItems }, 35_000);
      expect(reply.status, JSON.stringify(hartaItems)).toBe(422);
      expect(reply.body["code"]).toBe("donation.hartaItems");
    }
    // Malformed beyond the domain's rules (a remark that is not text): refused before pricing.
    const malformed = await create(
      { harta: 35_000, hartaItems: [{ name: "savings", amount: 35_000, remark: [7] }] },
      35_000,
    );
    expect(malformed.status).toBe(400);
  });

  it("keeps the fitrah rate paid on the receipt after the rates change", async () => {
    const donor = await new Donor(portal.base).start();
    const before = await donor.donate({
      flow: "ZAKAT",
      items: { fitrah: { normal: 2, premium: 1, variable: { persons: 1, rate: 700 } } },
      totalCents: 2 * 500 + 800 + 700,
    });
    const paidFitrah = [
      { name: "Normal", noOfPerson: 2, perPerson: 500, amount: 1_000 },
      { name: "Premium", noOfPerson: 1, perPerson: 800, amount: 800 },
      { name: "Variable", noOfPerson: 1, perPerson: 700, amount: 700 },
    ];
    expect((await receipt(before.token)).attributes.muisFitrah).toEqual(paidFitrah);

    const changed = await changeRates({ fitrahNormalRate: 600, fitrahPremiumRate: 900 });
    expect(changed.status).toBe(200);
    // The old receipt still shows what was paid, not today's rates and not "rate unknown".
    expect((await receipt(before.token)).attributes.muisFitrah).toEqual(paidFitrah);
    const after = await donor.donate({
      flow: "ZAKAT",
      items: { fitrah: { normal: 2, premium: 0 } },
      totalCents: 1_200,
    });
    expect((await receipt(after.token)).attributes.muisFitrah).toEqual([
      { name: "Normal", noOfPerson: 2, perPerson: 600, amount: 1_200 },
    ]);
  });
});
