import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse } from "@portal/adapters/responses";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { Donor, fidyahGift, nricOf, type Paid } from "../support/donations";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, receipts anyone can verify, through the real server: the code and QR link on every
// receipt (online and counter), /verify's answer for a genuine receipt (nothing personal in it), the
// same answer for a wrong code, an unknown number or a forged offline token, the refunded status,
// and the per-address limit. The portal trusts the proxy's X-Forwarded-For so each test speaks from
// its own address. Ports 8440-8449 belong to this file.
let nextPort = 8440;
const PER_ADDRESS = 12;
const verifyCall = "/svc/payment/api/Receipt/verifyReceipt";
const receiptCall = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

describe.each(testDatabases())("receipt verification on $name", (database) => {
  let portal: RunningPortal;
  let officer: ConsoleOfficer;
  let approver: ConsoleOfficer;
  let aminah: Paid;
  const nric = nricOf("3141592");
  let address = 0;
  /** A fresh caller address for each test (its own count under the limit). */
  const from = () => ({ "x-forwarded-for": `198.51.100.${(address += 1)}` });

  const verify = async (body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${portal.base}${verifyCall}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  };
  const receiptOf = async (token: string, lang?: string) => {
    const reply = await callPortal(portal.base, receiptCall, { token, ...(lang ? { lang } : {}) });
    expect(reply.status).toBe(200);
    return decodeResponse("getThirdPartyDonationReceiptData", reply.body).data;
  };
  const codeOf = async (token: string) => (await receiptOf(token)).verificationCode ?? "";

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_RECEIPT_VERIFICATIONS_PER_IP: String(PER_ADDRESS),
      PORTAL_TRUST_PROXY: "true",
    });
    aminah = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "ZAKAT",
      items: { harta: 25_000, fitrah: { normal: 2, premium: 0 } },
      totalCents: 26_000,
      enrol: {
        kind: "individual",
        name: "Aminah Verified",
        email: "aminah.verified@example.sg",
        countryCode: "+65",
        mobile: "91234321",
        nric,
        address: {
          blockNumber: "10",
          streetName: "Jalan Bukit Merah",
          floorNo: "12",
          unitNo: "34",
          country: "Singapore",
          postalCode: "150010",
        },
      },
    });
    officer = await signInOfficer(portal.base, portal.dataDir, "officer");
    approver = await signInOfficer(portal.base, portal.dataDir, "approver");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("prints a code and a QR code of the verify link on the receipt, in the page's language", async () => {
    const receipt = await receiptOf(aminah.token);
    expect(receipt.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(receipt.verifyUrl).toBe(
      `http://localhost:${portal.port}/verify?no=${aminah.receiptNo}&code=${receipt.verificationCode}`,
    );
    expect(receipt.verifyQrSvg).toMatch(/^<svg role="img" aria-label="QR code: [^"]+"/);
    // Stable: asked again, and in Malay, the same code; the link in the page's language.
    const malay = await receiptOf(aminah.token, "ms");
    expect(malay.verificationCode).toBe(receipt.verificationCode);
    expect(malay.verifyUrl).toContain(`/ms/verify?no=${aminah.receiptNo}&`);
    expect(malay.verifyQrSvg).toContain('aria-label="Kod QR');
  });

  it("links a wakaf gift's receipt to the verify page on the wakaf site", async () => {
    const gift = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "ILMU",
      items: { ilmu: 5_000 },
      totalCents: 5_000,
      donor: { name: "Nur Wakaf", email: "nur.wakaf@example.sg", anonymous: false },
    });
    const receipt = await receiptOf(gift.token);
    expect(receipt.verifyUrl).toMatch(
      new RegExp(`^http://wakaf\\.localhost:${portal.port}/verify\\?no=${gift.receiptNo}&code=`),
    );
    const answer = await verify(
      { receiptNo: gift.receiptNo, code: receipt.verificationCode },
      from(),
    );
    expect(answer.body.data).toMatchObject({ flow: "ILMU", amountCents: 5_000 });
  });

  it("says a genuine receipt is genuine, with its fund, amount, date and status, and nothing personal", async () => {
    const code = await codeOf(aminah.token);
    const answer = await verify({ receiptNo: aminah.receiptNo, code }, from());
    expect(answer.status).toBe(200);
    const { data } = decodeResponse("verifyReceipt", answer.body);
    expect(data).toEqual({
      receiptNo: aminah.receiptNo,
      flow: "ZAKAT",
      items: expect.arrayContaining([
        { item: "harta", amountCents: 25_000 },
        { item: "fitrah", amountCents: 1_000 },
      ]),
      amountCents: 26_000,
      refundedCents: 0,
      issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: "online",
      mosqueName: null,
      status: "accepted",
      replacedBy: null,
      by: "server",
      synced: true,
    });
    expect(data.items).toHaveLength(2);
    for (const personal of [
      "Aminah",
      "aminah.verified",
      "91234321",
      nric,
      nric.slice(-4),
      "Bukit Merah",
      "150010",
      aminah.transactionNo,
      aminah.token,
    ]) {
      expect(answer.text).not.toContain(personal);
    }
    // As typed from paper: lower case, spaces, look-alike letters.
    const typed = await verify(
      {
        receiptNo: ` ${aminah.receiptNo.toLowerCase()} `,
        code: code.toLowerCase().replace("-", " ").replace(/0/g, "o"),
      },
      from(),
    );
    expect(typed.body).toEqual(answer.body);
  });

  it("answers a wrong code, an unknown number, a number alone and a forged offline token alike", async () => {
    const code = await codeOf(aminah.token);
    const headers = from();
    const wrong = code.startsWith("0") ? `1${code.slice(1)}` : `0${code.slice(1)}`;
    const serial = Number(aminah.receiptNo.slice(-8)) + 1_000;
    const unknown = `${aminah.receiptNo.slice(0, -8)}${String(serial).padStart(8, "0")}`;
    const answers = await Promise.all([
      verify({ receiptNo: aminah.receiptNo, code: wrong }, headers),
      verify({ receiptNo: unknown, code }, headers),
      verify({ receiptNo: aminah.receiptNo }, headers),
      verify({ receiptNo: "not a receipt", code }, headers),
      verify({ receiptNo: aminah.receiptNo, code: "short" }, headers),
      verify({ receiptNo: aminah.receiptNo, signed: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln" }, headers),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.body).toMatchObject({ status: 0, code: "receipt.notGenuine" });
    // Another receipt's code is a wrong code too.
    const other = await fidyahGift(portal.base, 800);
    const crossed = await verify(
      { receiptNo: aminah.receiptNo, code: await codeOf(other.token) },
      headers,
    );
    expect(crossed.text).toBe(answers[0]!.text);
  });

  it("verifies a counter receipt with its mosque, and says voided once a void is approved", async () => {
    // Recorded within the amil's open shift (issue 32), at the shift's mosque.
    await openCounterShift(officer, "Masjid Al-Istiqamah");
    const issued = await officer.call("/console/api/counter", {
      body: {
        fund: "fidyah",
        amountCents: 4_000,
        method: "cash",
        mosqueName: "Masjid Al-Istiqamah",
        donor: { name: "Haji Counter", idNumber: nricOf("2718281"), mobile: "98887777" },
      },
      headers: { "idempotency-key": "verify-counter-1" },
    });
    expect(issued.status).toBe(201);
    const counter = issued.body["data"] as {
      receiptNo: string;
      token: string;
      transactionNo: string;
    };
    const code = await codeOf(counter.token);
    const headers = from();
    const before = await verify({ receiptNo: counter.receiptNo, code }, headers);
    expect(before.body.data).toMatchObject({
      receiptNo: counter.receiptNo,
      flow: "FIDYAH",
      items: [{ item: "fidyah", amountCents: 4_000 }],
      source: "pos",
      mosqueName: "Masjid Al-Istiqamah",
      status: "accepted",
    });
    for (const personal of ["Haji", "98887777", "2718281", counter.transactionNo]) {
      expect(before.text).not.toContain(personal);
    }
    // Every void of a counter gift waits for a second officer.
    const asked = await officer.call(`/console/api/donations/${counter.transactionNo}?do=void`, {
      body: { reason: "Entered in error" },
      headers: { "idempotency-key": "verify-void-1" },
    });
    const id = (asked.body["data"] as { id: string }).id;
    const approved = await approver.call(`/console/api/reversals/${id}?do=approve`, { body: {} });
    expect(approved.body["data"]).toMatchObject({ status: "done" });
    const after = await verify({ receiptNo: counter.receiptNo, code }, headers);
    expect(after.body.data).toMatchObject({ status: "voided", mosqueName: "Masjid Al-Istiqamah" });
  });

  it("shows a part refund, then the refunded status, of an online gift", async () => {
    const paid = await fidyahGift(portal.base, 4_000);
    const code = await codeOf(paid.token);
    const headers = from();
    const refund = (body: unknown, key: string) =>
      officer.call(`/console/api/donations/${paid.transactionNo}?do=refund`, {
        body,
        headers: { "idempotency-key": key },
      });
    expect(
      (await refund({ amountCents: 1_000, reason: "Asked by phone" }, "verify-r1")).status,
    ).toBe(200);
    const part = await verify({ receiptNo: paid.receiptNo, code }, headers);
    expect(part.body.data).toMatchObject({ status: "accepted", refundedCents: 1_000 });
    expect((await refund({ rest: true, reason: "The rest" }, "verify-r2")).status).toBe(200);
    const after = await verify({ receiptNo: paid.receiptNo, code }, headers);
    expect(after.body.data).toMatchObject({ status: "refunded", amountCents: 4_000 });
  });

  it("verifies both numbers of a re-issued receipt, the first naming the one that replaced it", async () => {
    const paid = await fidyahGift(portal.base, 1_200);
    const firstCode = await codeOf(paid.token);
    const reissued = await officer.call(`/console/api/donations/${paid.transactionNo}?do=reissue`, {
      body: { reason: "Name misspelt", particulars: { name: "Siti Aminah Binte Ali" } },
      headers: { "idempotency-key": "verify-reissue-1" },
    });
    expect(reissued.status).toBe(200);
    const now = await receiptOf(paid.token);
    expect(now.receiptNo).not.toBe(paid.receiptNo);
    expect(now.verificationCode).not.toBe(firstCode);
    const headers = from();
    const first = await verify({ receiptNo: paid.receiptNo, code: firstCode }, headers);
    expect(first.body.data).toMatchObject({ receiptNo: paid.receiptNo, replacedBy: now.receiptNo });
    const second = await verify({ receiptNo: now.receiptNo, code: now.verificationCode }, headers);
    expect(second.body.data).toMatchObject({
      receiptNo: now.receiptNo,
      replacedBy: null,
      amountCents: 1_200,
    });
    expect(second.text).not.toContain("Siti");
    // Each number's code is its own: the first's code does not open the re-issue.
    const crossed = await verify({ receiptNo: now.receiptNo, code: firstCode }, headers);
    expect(crossed.status).toBe(404);
  });

  it("limits each address, saying so, while another address still verifies", async () => {
    const code = await codeOf(aminah.token);
    const busy = from();
    const answers = [];
    for (let i = 0; i < PER_ADDRESS + 1; i += 1) {
      answers.push(await verify({ receiptNo: aminah.receiptNo, code: "0000000000" }, busy));
    }
    expect(answers.slice(0, PER_ADDRESS).map((a) => a.status)).toEqual(
      Array(PER_ADDRESS).fill(404),
    );
    const limited = answers[PER_ADDRESS]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 0, code: "receipt.verifyLimited" });
    expect(limited.body.message).toMatch(/try again/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right code from the limited address is refused too: the count comes before the lookup.
    expect((await verify({ receiptNo: aminah.receiptNo, code }, busy)).status).toBe(429);
    expect((await verify({ receiptNo: aminah.receiptNo, code }, from())).status).toBe(200);
  });
});
