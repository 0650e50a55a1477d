import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "@portal/adapters/mail";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import {
  deviceKeys,
  kioskRequest,
  publicJwk,
  registeredDevice,
  registeredKiosk,
  type DeviceKeys,
} from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { callPortal, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, kiosks, through the real server: an approver registers a kiosk for a mosque (a device of
// kind `kiosk`: the public half of a key pair made on it), the kiosk signs each payment it starts, and
// the receipt says `kiosk` and the kiosk's mosque because the server knows the kiosk, never because a
// browser said so. It pays by NETS (the sandbox terminal: approved, or declined with nothing paid) or
// by PayNow (the portal's own path). Ports 9120-9139.
let nextPort = 9120;
const START = "/svc/payment/v1/kiosk/startKioskPayment";
const NETS = "/svc/payment/v1/kiosk/payKioskByNets";
const RECEIPT = "/svc/payment/v1/kiosk/kioskReceipt";
const EMAIL = "/svc/payment/v1/kiosk/emailKioskReceipt";
const VERIFY = "/svc/payment/api/Receipt/verifyReceipt";
const MOSQUE = "Masjid Darul Aman";

interface Started {
  id: string;
  clientSecret: string;
  status: string;
  totalCents: number;
  mosqueName: string;
}

describe.each(testDatabases())("kiosks, on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let kiosk: { keys: DeviceKeys; id: string };
  let rates: { version: number };

  const post = (path: string, body: unknown) => callPortal(portal.base, path, body);
  const start = async (order: Record<string, unknown>, key?: string, signer = kiosk) =>
    post(
      START,
      await kioskRequest(signer.keys, signer.id, { ratesVersion: rates.version, ...order }, key),
    );
  const ref = (started: { body: Record<string, unknown> }) => {
    const data = started.body["data"] as Started;
    return { donationId: data.id, clientSecret: data.clientSecret };
  };
  /** What /verify says of a receipt the kiosk showed: where it was issued and at which mosque. */
  const verified = async (donation: { donationId: string; clientSecret: string }) => {
    const receipt = (await post(RECEIPT, donation)).body["data"] as {
      receiptNo: string;
      verificationCode: string;
    };
    const answer = await post(VERIFY, {
      receiptNo: receipt.receiptNo,
      code: receipt.verificationCode,
    });
    return answer.body["data"] as { source: string; mosqueName: string | null };
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    rates = { version: (config.body["data"] as { version: number }).version };
    kiosk = await registeredKiosk(as["approver"]!, MOSQUE);
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("is registered by an approver or an admin only, as the console's role table says", async () => {
    const body = {
      mosqueName: MOSQUE,
      label: "Kiosk 2",
      publicKey: await publicJwk(await deviceKeys()),
      kind: "kiosk",
    };
    for (const role of ["viewer", "officer", "finance"]) {
      const refused = await as[role]!.call("/console/api/counter/devices", { body });
      expect(refused, role).toMatchObject({ status: 403, body: { code: "console.forbidden" } });
    }
    for (const role of ["approver", "admin"]) {
      const made = await as[role]!.call("/console/api/counter/devices", { body });
      expect(made.status, role).toBe(201);
      expect(made.body["data"]).toMatchObject({ kind: "kiosk", mosqueName: MOSQUE });
    }
    // Audited, with its kind.
    const audit = await as["admin"]!.call("/console/api/audit?action=counter.devices.register");
    expect(JSON.stringify(audit.body)).toContain('"kind":"kiosk"');
  });

  it("refuses a forged kiosk: nobody but a registered kiosk makes a receipt say kiosk or name a mosque", async () => {
    const order = { fund: "ilmu", amountCents: 1_000, totalCents: 1_000 };
    // A stranger's own key and a kiosk id of their making.
    const stranger = { keys: await deviceKeys(), id: crypto.randomUUID() };
    expect(await start(order, undefined, stranger)).toMatchObject({
      status: 403,
      body: { code: "kiosk.unknown" },
    });
    // A stranger signing in a real kiosk's name.
    expect(await start(order, undefined, { keys: stranger.keys, id: kiosk.id })).toMatchObject({
      status: 403,
      body: { code: "kiosk.signature" },
    });
    // A counter device is no kiosk, and a kiosk's key signs no counter entry.
    const counter = await registeredDevice(as["approver"]!, "Masjid Sultan");
    expect(await start(order, undefined, counter)).toMatchObject({
      status: 403,
      body: { code: "kiosk.unknown" },
    });
    const sync = await post("/svc/payment/v1/counter/syncEntries", {
      deviceId: kiosk.id,
      entries: [],
    });
    expect(sync).toMatchObject({ status: 404, body: { code: "counter.device_unknown" } });
    // The kiosk's own text changed after it was signed (another mosque's fund, a lower price).
    const genuine = await kioskRequest(kiosk.keys, kiosk.id, {
      ...order,
      ratesVersion: rates.version,
    });
    const changed = genuine.text.replace('"amountCents":1000', '"amountCents":100');
    expect(await post(START, { ...genuine, text: changed })).toMatchObject({
      status: 403,
      body: { code: "kiosk.signature" },
    });
    // An online gift that claims a kiosk and a mosque in its body: the claim is not taken.
    const online = await callPortal(
      portal.base,
      "/svc/payment/v1/donations/create",
      {
        flow: "ILMU",
        items: { ilmu: 1_000 },
        totalCents: 1_000,
        ratesVersion: rates.version,
        source: "kiosk",
        mosqueName: "Masjid Palsu",
      },
      { "idempotency-key": "forged-kiosk-online", cookie: await guestCookie(portal.base) },
    );
    // Taken as an online gift (what it claims is not read): its secret is its creator's, and the
    // kiosk's calls refuse a payment no kiosk started.
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    const forged = ref(online);
    expect(await post(NETS, forged)).toMatchObject({
      status: 403,
      body: { code: "kiosk.not_kiosk" },
    });
    expect(await post(RECEIPT, forged)).toMatchObject({ status: 403 });
    const qr = await post("/svc/payment/v1/donations/payNow", forged);
    const payload = (qr.body["data"] as { payNow: { payload: string } }).payNow.payload;
    expect((await post("/sandbox/v1/paynow", { payload })).status).toBe(200);
    const paid = (await post("/svc/payment/v1/donations/retrieve", forged)).body["data"] as {
      receipt: { receiptNo: string; token: string };
    };
    const receipt = (
      await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
        token: paid.receipt.token,
      })
    ).body["data"] as { verificationCode: string };
    const answer = await post(VERIFY, {
      receiptNo: paid.receipt.receiptNo,
      code: receipt.verificationCode,
    });
    expect(answer.body["data"]).toMatchObject({ source: "online", mosqueName: null });
    // A revoked kiosk starts nothing.
    const lost = await registeredKiosk(as["approver"]!, MOSQUE);
    await as["approver"]!.call(`/console/api/counter/devices/${lost.id}?do=revoke`, { body: {} });
    expect(await start(order, undefined, lost)).toMatchObject({
      status: 403,
      body: { code: "kiosk.unknown" },
    });
  });

  it("pays by NETS when the terminal approves: the approval code is the reference, the receipt the kiosk's", async () => {
    const started = await start({ fund: "harta", amountCents: 12_000, totalCents: 12_000 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body["data"]).toMatchObject({ mosqueName: MOSQUE, totalCents: 12_000 });
    const donation = ref(started);
    const paid = await post(NETS, donation);
    expect(paid.body["data"]).toMatchObject({ declined: null, donation: { status: "succeeded" } });
    const receipt = (await post(RECEIPT, { ...donation, lang: "ms" })).body["data"] as Record<
      string,
      unknown
    >;
    expect(receipt).toMatchObject({
      mosqueName: MOSQUE,
      paymentMethod: "nets",
      totalCents: 12_000,
      amounts: { harta: 12_000 },
    });
    expect(receipt["reference"]).toMatch(/^\d{6}$/);
    // The receipt page (and its PDF) gives the same approval code as its reference number.
    const retrieved = (await post("/svc/payment/v1/donations/retrieve", donation)).body["data"] as {
      receipt: { token: string };
    };
    const page = (
      await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
        token: retrieved.receipt.token,
      })
    ).body["data"] as { referenceNumber: string | null };
    expect(page.referenceNumber).toBe(receipt["reference"]);
    expect(receipt["verifyUrl"]).toContain("/ms/verify?no=");
    expect(receipt["verifyQrSvg"]).toContain("<svg");
    expect(await verified(donation)).toMatchObject({ source: "kiosk", mosqueName: MOSQUE });
    // Asked again (the kiosk retried): the one payment, not a second charge.
    expect((await post(NETS, donation)).body["data"]).toMatchObject({ declined: null });
  });

  it("leaves nothing paid when the terminal declines, and says why", async () => {
    const started = await start({ fund: "ilmu", amountCents: 2_002, totalCents: 2_002 });
    const donation = ref(started);
    const declined = await post(NETS, donation);
    expect(declined.status).toBe(200);
    expect(declined.body["data"]).toMatchObject({
      declined: "declined",
      donation: { status: "requires_payment_method", receipt: null },
    });
    expect(await post(RECEIPT, donation)).toMatchObject({
      status: 409,
      body: { code: "kiosk.not_paid" },
    });
    const short = ref(await start({ fund: "ilmu", amountCents: 2_005, totalCents: 2_005 }));
    expect((await post(NETS, short)).body["data"]).toMatchObject({
      declined: "insufficient_funds",
    });
  });

  it("pays by PayNow, the portal's own QR, and records the kiosk and its mosque", async () => {
    const key = crypto.randomUUID();
    const order = { fund: "fidyah", amountCents: 4_000, totalCents: 4_000 };
    const started = await start(order, key);
    const donation = ref(started);
    // The same request sent again (the network dropped the answer): the same payment.
    expect(ref(await start(order, key)).donationId).toBe(donation.donationId);
    const qr = await post("/svc/payment/v1/donations/payNow", donation);
    const payload = (qr.body["data"] as { payNow: { payload: string } }).payNow.payload;
    expect((await post("/sandbox/v1/paynow", { payload })).status).toBe(200);
    const paid = await post("/svc/payment/v1/donations/retrieve", donation);
    expect(paid.body["data"]).toMatchObject({ status: "succeeded" });
    expect((await post(RECEIPT, donation)).body["data"]).toMatchObject({
      paymentMethod: "paynow",
      mosqueName: MOSQUE,
      reference: null,
    });
    expect(await verified(donation)).toMatchObject({ source: "kiosk", mosqueName: MOSQUE });
    // The receipt e-mailed only when asked, once, to the address given at the kiosk.
    const email = "kiosk.payer@example.sg";
    expect((await post(EMAIL, { ...donation, email })).status).toBe(200);
    expect((await post(EMAIL, { ...donation, email })).status).toBe(200);
    const mails = async () =>
      readOutbox(path.join(portal.dataDir, "outbox"), { to: email, kind: "receipt" });
    await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(1);
    expect(await post(EMAIL, { ...donation, email: "someone.else@example.sg" })).toMatchObject({
      status: 409,
      body: { code: "kiosk.not_paid" },
    });
    expect(await post(EMAIL, { ...donation, email: "not-an-address" })).toMatchObject({
      status: 400,
    });
  });

  it("prices fitrah as persons at the published rates, and refuses a total of the kiosk's own", async () => {
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    const fitrah = (config.body["data"] as { muisZakatFitrah: Record<string, number> })
      .muisZakatFitrah;
    const normal = fitrah["normalRate"] ?? 0;
    const premium = fitrah["premiumRate"] ?? 0;
    expect(normal).toBeGreaterThan(0);
    const persons = { normal: 3, premium: 1 };
    const right = await start({ fund: "fitrah", persons, totalCents: 3 * normal + premium });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(await start({ fund: "fitrah", persons, totalCents: 100 })).toMatchObject({
      status: 400,
      body: { code: "kiosk.order_invalid" },
    });
    expect(
      await start({
        fund: "fitrah",
        persons,
        totalCents: 3 * normal + premium,
        ratesVersion: rates.version + 1,
      }),
    ).toMatchObject({ status: 409, body: { code: "kiosk.rates_changed" } });
  });

  it("takes a household's fitrah with each person named on both receipts, and refuses one priced below the rates", async () => {
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    const fitrah = (config.body["data"] as { muisZakatFitrah: Record<string, number> })
      .muisZakatFitrah;
    const normal = fitrah["normalRate"] ?? 0;
    const premium = fitrah["premiumRate"] ?? 0;
    const household = [
      { name: "Haji Rahman", kind: "normal", cents: normal },
      { name: "Siti Aminah", kind: "premium", cents: premium },
      { name: "Adam Rahman", kind: "normal", cents: normal },
    ];
    const total = 2 * normal + premium;
    // The attack first: a kiosk (or anyone with its key) pricing a person below the rates, the
    // lines adding up to the total it signed.
    const cheap = household.map((line) => ({ ...line, cents: normal - 1 }));
    expect(
      await start({ fund: "fitrah", household: cheap, totalCents: 3 * (normal - 1) }),
    ).toMatchObject({ status: 400, body: { code: "kiosk.household_invalid" } });
    // Named people and a count of persons at once, or a name the receipt cannot print.
    expect(
      await start({
        fund: "fitrah",
        household,
        persons: { normal: 1, premium: 0 },
        totalCents: total,
      }),
    ).toMatchObject({ status: 400, body: { code: "kiosk.household_invalid" } });
    const unnamed = [{ ...household[0]!, name: "<b>" }];
    expect(await start({ fund: "fitrah", household: unnamed, totalCents: normal })).toMatchObject({
      status: 400,
      body: { code: "kiosk.household_invalid" },
    });

    const started = await start({ fund: "fitrah", household, totalCents: total });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const donation = ref(started);
    expect((await post(NETS, donation)).body["data"]).toMatchObject({ declined: null });
    // The kiosk's receipt screen names each person.
    const shown = (await post(RECEIPT, donation)).body["data"] as { household: unknown[] };
    expect(shown.household).toEqual(
      household.map(({ name, kind, cents }) => ({ name, kind, days: null, amount: cents })),
    );
    // So does the receipt page (and its PDF), with the persons counted per rate.
    const paid = (await post("/svc/payment/v1/donations/retrieve", donation)).body["data"] as {
      receipt: { token: string };
    };
    const receipt = (
      await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
        token: paid.receipt.token,
      })
    ).body["data"] as {
      fitrahAmount: number;
      attributes: { household: unknown[]; muisFitrah: unknown[] };
    };
    expect(receipt.fitrahAmount).toBe(total);
    expect(receipt.attributes.household).toEqual(
      household.map(({ name, kind, cents }) => ({
        name,
        item: "fitrah",
        kind,
        days: null,
        amount: cents,
      })),
    );
    expect(receipt.attributes.muisFitrah).toEqual([
      { name: "Normal", noOfPerson: 2, perPerson: normal, amount: 2 * normal },
      { name: "Premium", noOfPerson: 1, perPerson: premium, amount: premium },
    ]);
  });
});
