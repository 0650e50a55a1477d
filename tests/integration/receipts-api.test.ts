import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse } from "@portal/adapters/responses";
import { testDatabases } from "../support/databases";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { Donor, nricOf, registerSignIn, type Paid } from "../support/donations";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Receipt lookups: who may read a receipt, what it holds, and the per-address and per-session limits
// (small here so the test can reach them). Ports 4640-4659 belong to this file.
let nextPort = 4640;
const PER_IP = 14;
const PER_SESSION = 4;
const receiptPath = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

describe.each(testDatabases())("receipt lookups on $name", (database) => {
  let portal: RunningPortal;
  let aminah: Paid;
  let badrul: Paid;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let ownerToken: string;
  let owned: Paid;
  const nricA = nricOf("2345678");
  const nricB = nricOf("8765432");
  /** Token lookups made from this address so far: each counts against the address's limit. */
  let lookups = 0;

  const lookup = async (
    transactionNo: string | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (typeof body === "object" && body !== null && "token" in body) lookups += 1;
    const query = transactionNo === undefined ? "" : `?transactionNo=${transactionNo}`;
    const response = await fetch(`${portal.base}${receiptPath}${query}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_RECEIPT_LOOKUPS_PER_IP: String(PER_IP),
      PORTAL_RECEIPT_LOOKUPS_PER_SESSION: String(PER_SESSION),
    });
    const address = {
      blockNumber: "10",
      streetName: "Jalan Bukit Merah",
      floorNo: "12",
      unitNo: "34",
      country: "Singapore",
      postalCode: "150010",
    };
    aminah = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "ZAKAT",
      items: { harta: 25_000, fitrah: { normal: 3, premium: 1 } },
      totalCents: 27_300,
      enrol: {
        kind: "individual",
        name: "Aminah Rahman",
        email: "aminah@example.sg",
        countryCode: "+65",
        mobile: "91230000",
        nric: nricA,
        address,
      },
    });
    badrul = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "KAFFARAH",
      items: { kaffarah: { kind: "jimak", quantity: 1 } },
      totalCents: 24_000,
      enrol: {
        kind: "individual",
        name: "Badrul Hisham",
        email: "badrul@example.sg",
        countryCode: "+65",
        mobile: "98760000",
        nric: nricB,
        address,
      },
    });
    ownerToken = await identity.sign({ email: "owner@example.sg", name: "Owner" });
    await registerSignIn(portal.base, ownerToken, nricOf("5556667"), "91235555");
    owned = await new Donor(portal.base, { authorization: `Bearer ${ownerToken}` }).donate({
      flow: "ZAKAT",
      items: { harta: 5_000 },
      totalCents: 5_000,
    });
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("answers every receipt field to the token's holder, the NRIC masked, as the response schema says", async () => {
    const reply = await lookup(aminah.transactionNo, { token: aminah.token });
    expect(reply.status).toBe(200);
    const { data } = decodeResponse("getThirdPartyDonationReceiptData", reply.body);
    expect(reply.text).not.toContain(nricA);
    expect(data).toMatchObject({
      receiptNo: aminah.receiptNo,
      transactionNo: aminah.transactionNo,
      flow: "ZAKAT",
      totalAmount: 27_300,
      hartaAmount: 25_000,
      fitrahAmount: 2_300,
      donorName: "Aminah Rahman",
      donorEmail: "aminah@example.sg",
      donorPhone: "+65 91230000",
      nirc: `*****${nricA.slice(-4)}`,
      blockNo: "10",
      streetName: "Jalan Bukit Merah",
      floorNo: "12",
      unitNo: "34",
      postalCode: "150010",
      paymentStatus: "Accepted",
      cardBrand: "Visa",
      isIRASInclusion: true,
      isDeceased: false,
      amilId: null,
      typeOfZakat: ["harta", "fitrah"],
      attributes: {
        muisHarta: [],
        muisFitrah: [
          { name: "Normal", noOfPerson: 3, perPerson: 500, amount: 1_500 },
          { name: "Premium", noOfPerson: 1, perPerson: 800, amount: 800 },
        ],
        muisFidyah: [],
        muisKaffarah: [],
      },
    });
    expect(data.referenceNumber).toMatch(/^\S{14,}$/);
    // One haul (355 days) after the payment, as a Singapore calendar date.
    const paidOn = Date.parse(data.transactionDateTime);
    expect(data.nextZakatDueDate).toBe(
      new Date(paidOn + 8 * 3_600_000 + 355 * 86_400_000).toISOString().slice(0, 10),
    );
    const kaffarah = await lookup(undefined, { token: badrul.token });
    expect(decodeResponse("getThirdPartyDonationReceiptData", kaffarah.body).data).toMatchObject({
      nextZakatDueDate: null,
      attributes: {
        muisKaffarah: [{ name: "Jimak", quantity: 1, perUnit: 24_000, amount: 24_000 }],
      },
    });
  });

  it("gives another donor's token, a guessed transaction number and a wrong token the same 404", async () => {
    const notFound = {
      status: 0,
      message: "Invalid Trasnsaction Number",
      code: "transaction.notFound",
    };
    const next = `${aminah.transactionNo.slice(0, -1)}${(Number(aminah.transactionNo.slice(-1)) + 1) % 10}`;
    const replies = [
      await lookup(aminah.transactionNo, { token: badrul.token }),
      await lookup(next, { token: aminah.token }),
      await lookup(aminah.transactionNo, { token: "A".repeat(43) }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(notFound);
    }
    // A transaction number alone is for its signed-in owner only; a guest gets nothing.
    const guessed = await lookup(
      aminah.transactionNo,
      {},
      { cookie: await guestCookie(portal.base) },
    );
    expect(guessed.status).toBe(401);
    expect(guessed.text).not.toContain("Aminah");
  });

  it(`limits one session to ${PER_SESSION} lookups a minute, whatever they ask`, async () => {
    const cookie = await guestCookie(portal.base);
    for (let i = 0; i < PER_SESSION; i++) {
      const reply = await lookup(
        undefined,
        { token: i === 0 ? aminah.token : `guess-${i}` },
        { cookie },
      );
      expect(reply.status).toBe(i === 0 ? 200 : 404);
    }
    const refused = await lookup(undefined, { token: aminah.token }, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: 0,
      message: "Too many receipt lookups; please try again shortly.",
      code: "receipt.rateLimited",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another session from the same address is not held back by this one.
    const other = await lookup(
      undefined,
      { token: aminah.token },
      { cookie: await guestCookie(portal.base) },
    );
    expect(other.status).toBe(200);
  });

  it(`limits one address to ${PER_IP} token lookups a minute, right token or not, but never its signed-in owners`, async () => {
    expect(lookups).toBeLessThan(PER_IP);
    while (lookups < PER_IP) {
      expect((await lookup(undefined, { token: `guess-${lookups}` })).status).toBe(404);
    }
    const refused = await lookup(undefined, { token: aminah.token });
    expect(refused.status).toBe(429);
    expect(refused.text).not.toContain("Aminah");
    // A signed-in owner on the same address still reads their own receipt: others' tries there
    // count against the address, the owner's lookups only against the sign-in.
    const own = await lookup(owned.transactionNo, {}, { authorization: `Bearer ${ownerToken}` });
    expect(own.status).toBe(200);
    expect(own.text).toContain(owned.receiptNo);
    // Other calls are not limited by it.
    const config = await fetch(
      `${portal.base}/svc/main/v1/Home/homePageConfiguration?charityId=25`,
    );
    expect(config.status).toBe(200);
  });
});
