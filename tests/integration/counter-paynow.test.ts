import { webcrypto } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import {
  amilCredentialMade,
  deviceKeys,
  registeredDevice,
  registeredKiosk,
  type DeviceKeys,
} from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, PayNow at the attended counter, through the real server on both databases. The counter
// device signs the request with its key (as a kiosk does) and carries the council's credential for the
// amil: the receipt says `pos`, the device's mosque and the amil because the server knows the device
// and the credential, never because a browser said so. The attacks first: a stranger, a revoked
// device, a kiosk posing as a counter, a forged or expired amil, a changed amount, a body or a text
// claiming a source or a mosque. Then a payment and a household paid by PayNow, each fund its own
// receipt, in the amil's shift, where PayNow is its own line and never cash. Ports 9170-9189.
let nextPort = 9170;
const START = "/svc/payment/v1/counter/startCounterPayNow";
const RECEIPT = "/svc/payment/v1/counter/counterPayNowReceipt";
const VERIFY = "/svc/payment/api/Receipt/verifyReceipt";
const MOSQUE = "Masjid Kassim";

interface Credential {
  credential: string;
  amil: { id: string; name: string };
}
interface Payment {
  id: string;
  clientSecret: string;
  fund: string;
  totalCents: number;
  status: string;
}
type Signer = { keys: DeviceKeys; id: string };

const sign = async (keys: DeviceKeys, text: string) =>
  Buffer.from(
    await webcrypto.subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      keys.privateKey,
      new TextEncoder().encode(text),
    ),
  ).toString("base64url");

describe.each(testDatabases())("PayNow at the counter, on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let device: Signer;
  let given: Credential;
  let ratesVersion: number;
  let fitrah: { normal: number; premium: number };

  const post = (where: string, body: unknown) => callPortal(portal.base, where, body);
  /** The request as the counter app signs it (docs/counter.md "PayNow at the counter"). */
  const request = (extra: Record<string, unknown> = {}, on: Signer = device) => ({
    v: 1,
    kind: "paynow",
    deviceId: on.id,
    key: crypto.randomUUID(),
    takenAt: new Date().toISOString(),
    amil: given.amil,
    amilCredential: given.credential,
    ratesVersion,
    lang: "en",
    sales: [{ fund: "harta", amountCents: 12_000, donor: { name: "Haji Rahman" } }],
    ...extra,
  });
  const start = async (body: Record<string, unknown>, by: Signer = device, more = {}) => {
    const text = JSON.stringify(body);
    return post(START, { deviceId: by.id, text, signature: await sign(by.keys, text), ...more });
  };
  const payments = (reply: { body: Record<string, unknown> }) =>
    (reply.body["data"] as { payments: Payment[] }).payments;
  const ref = (one: Payment) => ({ donationId: one.id, clientSecret: one.clientSecret });
  /** The payer scans the code and their bank pays it (the sandbox's PayNow). */
  const payByPayNow = async (one: Payment) => {
    const qr = await post("/svc/payment/v1/donations/payNow", ref(one));
    const payload = (qr.body["data"] as { payNow: { payload: string } }).payNow.payload;
    expect((await post("/sandbox/v1/paynow", { payload })).status).toBe(200);
    const paid = await post("/svc/payment/v1/donations/retrieve", ref(one));
    expect(paid.body["data"]).toMatchObject({ status: "succeeded" });
  };
  /** A credential made with the council's own key, `hoursAgo`, with the claims given. */
  const madeAgo = (hoursAgo: number, claims: Record<string, unknown> = {}) =>
    amilCredentialMade(
      portal.dataDir,
      { sub: given.amil.id, name: given.amil.name, dev: device.id, ...claims },
      hoursAgo,
    );
  const shiftOf = async () => {
    const mine = await as["officer"]!.call("/console/api/counter/shift", { method: "GET" });
    return (
      mine.body["data"] as {
        shift: { id: string; takings: Record<string, { count: number; cents: number }> };
      } | null
    )?.shift;
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    const data = config.body["data"] as {
      version: number;
      muisZakatFitrah: Record<string, number>;
    };
    ratesVersion = data.version;
    fitrah = {
      normal: data.muisZakatFitrah["normalRate"] ?? 0,
      premium: data.muisZakatFitrah["premiumRate"] ?? 0,
    };
    device = await registeredDevice(as["approver"]!, MOSQUE);
    const signedIn = await as["officer"]!.call(
      `/console/api/counter/devices/${device.id}?do=amil`,
      {
        body: {},
      },
    );
    given = signedIn.body["data"] as Credential;
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses every request it cannot prove: the device's key, the device itself, the amil, the text", async () => {
    const opened = await as["officer"]!.call("/console/api/counter/shift", {
      body: { mosqueName: MOSQUE, floatCents: 5_000 },
    });
    expect(opened.status).toBe(201);
    // A stranger: their own key and a device id of their making.
    const stranger = { keys: await deviceKeys(), id: crypto.randomUUID() };
    expect(await start(request({}, stranger), stranger)).toMatchObject({
      status: 404,
      body: { code: "counter.device_unknown" },
    });
    // A stranger signing in a real device's name.
    expect(await start(request(), { keys: stranger.keys, id: device.id })).toMatchObject({
      status: 403,
      body: { code: "counter.paynow_signature" },
    });
    // A kiosk's key posing as a counter (a kiosk has no amil and takes no counter payment).
    const kiosk = await registeredKiosk(as["approver"]!, MOSQUE);
    expect(await start(request({}, kiosk), kiosk)).toMatchObject({
      status: 404,
      body: { code: "counter.device_unknown" },
    });
    // A revoked device starts nothing.
    const lost = await registeredDevice(as["approver"]!, MOSQUE);
    await as["approver"]!.call(`/console/api/counter/devices/${lost.id}?do=revoke`, { body: {} });
    expect(await start(request({}, lost), lost)).toMatchObject({
      status: 409,
      body: { code: "counter.device_revoked" },
    });
    // The amil: no credential, claims rewritten under the council's MAC, another device's, expired,
    // or a genuine credential naming another amil than the request.
    const [claims, mac] = given.credential.split(".");
    const rewritten = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claims!, "base64url").toString()), sub: "boss" }),
    ).toString("base64url");
    const other = await registeredDevice(as["approver"]!, MOSQUE);
    for (const amil of [
      { amilCredential: undefined },
      { amilCredential: `${rewritten}.${mac}` },
      { amilCredential: madeAgo(0, { dev: other.id }) },
      { amilCredential: madeAgo(20) },
      { amil: { id: "someone-else", name: "Someone Else" } },
    ]) {
      expect(await start(request(amil)), JSON.stringify(amil)).toMatchObject({
        status: 403,
        body: { code: "counter.paynow_amil" },
      });
    }
    // The amount changed after the device signed it.
    const body = request();
    const text = JSON.stringify(body);
    const signature = await sign(device.keys, text);
    const cheaper = text.replace('"amountCents":12000', '"amountCents":100');
    expect(await post(START, { deviceId: device.id, text: cheaper, signature })).toMatchObject({
      status: 403,
      body: { code: "counter.paynow_signature" },
    });
    // A signed text that claims a source, a mosque or a method: not the device's to say.
    for (const claim of [
      { source: "online" },
      { mosqueName: "Masjid Palsu" },
      {
        sales: [
          {
            fund: "harta",
            amountCents: 12_000,
            donor: { name: "Haji Rahman" },
            mosqueName: "Masjid Palsu",
          },
        ],
      },
      { sales: [{ fund: "harta", amountCents: 12_000, method: "cash", donor: { name: "A B" } }] },
    ]) {
      expect(await start(request(claim)), JSON.stringify(claim)).toMatchObject({
        status: 400,
        body: { code: "counter.paynow_malformed" },
      });
    }
    // Signed long ago (a captured request replayed later), and an amount past the fund's limits.
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(await start(request({ takenAt: old }))).toMatchObject({
      status: 400,
      body: { code: "counter.paynow_stale" },
    });
    expect(
      await start(
        request({ sales: [{ fund: "harta", amountCents: 0, donor: { name: "Haji Rahman" } }] }),
      ),
    ).toMatchObject({ status: 400, body: { code: "counter.paynow_invalid" } });
    // Nothing was written for any of them: the amil's shift holds no payment.
    const shift = await shiftOf();
    expect(shift?.takings["paynow"]).toEqual({ count: 0, cents: 0 });
    // A body that claims a source and a mosque beside the signed text: the claim is not read.
    const claimed = await start(request(), device, {
      source: "online",
      mosqueName: "Masjid Palsu",
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body["data"]).toMatchObject({ mosqueName: MOSQUE });
    const [one] = payments(claimed);
    await payByPayNow(one!);
    const receipt = (await post(RECEIPT, ref(one!))).body["data"] as {
      receiptNo: string;
      verificationCode: string;
      mosqueName: string;
    };
    expect(receipt.mosqueName).toBe(MOSQUE);
    const verified = await post(VERIFY, {
      receiptNo: receipt.receiptNo,
      code: receipt.verificationCode,
    });
    expect(verified.body["data"]).toMatchObject({ source: "pos", mosqueName: MOSQUE });
    // The kiosk's calls refuse a counter's payment, and the counter's an online gift's.
    expect(await post("/svc/payment/v1/kiosk/kioskReceipt", ref(one!))).toMatchObject({
      status: 403,
      body: { code: "kiosk.not_kiosk" },
    });
  });

  it("takes a PayNow payment once, in the amil's shift, with the receipt only when paid", async () => {
    const body = request({
      sales: [
        {
          fund: "ilmu",
          amountCents: 2_500,
          donor: { name: "Siti Aminah", email: "siti@example.sg" },
        },
      ],
    });
    const started = await start(body);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [one] = payments(started);
    expect(one).toMatchObject({ fund: "ilmu", totalCents: 2_500 });
    // Sent again (the network dropped the answer): the same payment, not a second.
    const again = await start(body);
    expect(payments(again)[0]!.id).toBe(one!.id);
    expect(await post(RECEIPT, ref(one!))).toMatchObject({
      status: 409,
      body: { code: "counter.not_paid" },
    });
    // A code the payer may still pay: the shift does not close over it.
    await post("/svc/payment/v1/donations/payNow", ref(one!));
    const shift = await shiftOf();
    const count = { cash: { "1000": 5 }, chequeCount: 0, chequeCents: 0, netsCents: 0 };
    expect(
      await as["officer"]!.call(`/console/api/counter/shifts/${shift!.id}?do=close`, {
        body: count,
      }),
    ).toMatchObject({ status: 409, body: { code: "shift.paynowWaiting" } });
    await payByPayNow(one!);
    const receipt = (await post(RECEIPT, { ...ref(one!), lang: "ms" })).body["data"] as Record<
      string,
      unknown
    >;
    expect(receipt).toMatchObject({ mosqueName: MOSQUE, amounts: { ilmu: 2_500 } });
    // The amil's act, in the console's audit log (started once, though asked twice).
    const audit = await as["approver"]!.call("/console/api/audit?action=counter.paynow", {
      method: "GET",
    });
    const lines = (audit.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
    const mine = lines.filter((line) => line["entityId"] === receipt["transactionNo"]);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      officerId: given.amil.id,
      action: "counter.paynow.start",
      after: { fund: "ilmu", amountCents: 2_500, method: "paynow", mosqueName: MOSQUE },
    });
    expect(receipt["verifyUrl"]).toContain("/ms/verify?no=");
    expect(receipt["verifyQrSvg"]).toContain("<svg");
    // The shift counts both PayNow payments on their own line; the drawer's cash is the float.
    const now = await shiftOf();
    expect(now!.takings["paynow"]).toEqual({ count: 2, cents: 14_500 });
    expect(now!.takings["cash"]).toMatchObject({ count: 0, cents: 0 });
    const closed = await as["officer"]!.call(`/console/api/counter/shifts/${shift!.id}?do=close`, {
      body: count,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body["data"]).toMatchObject({
      takings: { paynow: { count: 2, cents: 14_500 } },
      balance: { cash: { expected: 5_000, counted: 5_000, difference: 0 } },
    });
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const csv = await fetch(
      `${portal.base}/console/api/counter/shifts?from=${day}&to=${day}&format=csv`,
      { headers: { cookie: as["finance"]!.cookie } },
    );
    const [header, ...rows] = (await csv.text()).trimEnd().split("\r\n");
    expect(header).toContain("PayNow (SGD)");
    expect(rows.find((row) => row.includes(MOSQUE))).toContain(",145.00,");
    // Closed: no PayNow is started outside a shift.
    expect(await start(request())).toMatchObject({
      status: 409,
      body: { code: "counter.noShift" },
    });
  });

  it("pays a household by PayNow: one receipt per fund paid, each person named", async () => {
    await as["officer"]!.call("/console/api/counter/shift", {
      body: { mosqueName: MOSQUE, floatCents: 0 },
    });
    const people = [
      { name: "Haji Rahman", kind: "normal", cents: fitrah.normal },
      { name: "Siti Aminah", kind: "premium", cents: fitrah.premium },
    ];
    const harta = [{ name: "Haji Rahman", cents: 30_000 }];
    const donor = { name: "Haji Rahman", idNumber: "S1234567D" };
    // Priced below the rates (the lines adding up): refused whole.
    const cheap = people.map((line) => ({ ...line, cents: fitrah.normal - 1 }));
    expect(
      await start(
        request({
          sales: [
            { fund: "fitrah", amountCents: 2 * (fitrah.normal - 1), donor, household: cheap },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, body: { code: "counter.paynow_invalid" } });
    const started = await start(
      request({
        sales: [
          { fund: "fitrah", amountCents: fitrah.normal + fitrah.premium, donor, household: people },
          { fund: "harta", amountCents: 30_000, donor, household: harta },
        ],
      }),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const both = payments(started);
    expect(both.map((one) => one.fund)).toEqual(["fitrah", "harta"]);
    for (const one of both) await payByPayNow(one);
    const receipts = await Promise.all(
      both.map(
        async (one) => (await post(RECEIPT, ref(one))).body["data"] as Record<string, unknown>,
      ),
    );
    expect(receipts[0]!["household"]).toEqual(
      people.map(({ name, kind, cents }) => ({ name, kind, days: null, amount: cents })),
    );
    expect(receipts[1]!["household"]).toEqual([
      { name: "Haji Rahman", kind: null, days: null, amount: 30_000 },
    ]);
    expect(new Set(receipts.map((one) => one["receiptNo"])).size).toBe(2);
    const shift = await shiftOf();
    expect(shift!.takings["paynow"]).toEqual({
      count: 2,
      cents: fitrah.normal + fitrah.premium + 30_000,
    });
  });
});
