import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nricCheckLetter } from "@portal/domain";
import { readOutbox } from "@portal/adapters/mail";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";
import { startSmtpServer, testCertificate, type TestSmtpServer } from "../support/smtp";
import { payByCard, postAs } from "../support/guest-portal";

// The portal with PORTAL_SMTP_URL set, against a real SMTP server in this process that refuses the
// first message (451) and accepts the rest: the receipt is paid, queued, retried by the server's own
// loop and arrives once. The portal trusts the run's certificate through NODE_EXTRA_CA_CERTS, as a
// production server trusts its mail relay's. SMTP on ports 5440-5449, the portals on 5450-5459.

const TOKEN = randomBytes(24).toString("hex");
const FROM = "Zakat Singapore <no-reply@zakat.example.sg>";
let nextSmtpPort = 5440;
let nextPortalPort = 5450;

describe.each(testDatabases())("e-mail through SMTP on $name", (database) => {
  let portal: RunningPortal;
  let smtp: TestSmtpServer;
  let guest: string;

  beforeAll(async () => {
    const smtpPort = nextSmtpPort++;
    smtp = await startSmtpServer(smtpPort, {
      auth: { user: "portal", pass: "relay/pass" },
      refuseData: (n) => (n === 1 ? 451 : undefined),
    });
    portal = await startPortal(nextPortalPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_SMTP_URL: `smtp://portal:relay%2Fpass@127.0.0.1:${smtpPort}`,
      PORTAL_MAIL_FROM: FROM,
      NODE_EXTRA_CA_CERTS: testCertificate().certFile,
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
      PORTAL_TEST_CONTROL_TOKEN: TOKEN,
    });
    guest = await guestCookie(portal.base);
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
    await database.cleanup();
  });

  const post = async (where: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${portal.base}${where}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: guest, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
  };

  it("queues the receipt a refusing server turned away, retries it a minute later and delivers it once", async () => {
    const email = `smtp.receipt.${database.name.toLowerCase()}@example.sg`;
    const created = await post(
      "/svc/payment/v1/donations/create",
      {
        flow: "FIDYAH",
        items: { fidyah: { days: 10 } },
        totalCents: 4_000,
        ratesVersion: 1,
        donor: { name: "Siti Nurhaliza", email, anonymous: false },
      },
      { "idempotency-key": `smtp-receipt-${database.name}` },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const paid = await payByCard(post, donation);
    // The payment stands although the mail server refused the receipt.
    expect(paid.status).toBe(200);
    const settled = paid.body["data"] as {
      status: string;
      transactionNo: string;
      receipt: { receiptNo: string; token: string };
    };
    expect(settled.status).toBe("succeeded");
    // Its first try (the call's own, or the loop's when it claimed the mail first) was refused.
    await expect.poll(() => smtp.attempts(), { timeout: 10_000 }).toBe(1);
    expect(smtp.received).toHaveLength(0);

    // Not again within the minute, however often the loop runs.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.attempts()).toBe(1);

    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 61_000 }),
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      secure: true,
      user: "portal",
      from: FROM,
      to: email,
      envelopeTo: [email],
      subject: `Your receipt ${settled.receipt.receiptNo} / Resit anda ${settled.receipt.receiptNo}`,
    });
    expect(mail?.text).toContain("We received $40.00");
    expect(mail?.text).toContain(
      `/receipt/fidyah?transactionNo=${settled.transactionNo}&token=${encodeURIComponent(settled.receipt.token)}`,
    );
    // Its verification code, in both languages, with the verify page's link: /verify calls it genuine.
    const link = new RegExp(
      `Verification code (\\S+); anyone can check the receipt is genuine: (\\S+/verify\\?no=${settled.receipt.receiptNo}&code=(\\S+))`,
    ).exec(mail?.text ?? "");
    expect(link?.[1]).toBe(link?.[3]);
    expect(mail?.text).toContain(`Kod pengesahan ${link?.[1]}; sesiapa boleh menyemak`);
    expect(mail?.text).toContain(`/ms/verify?no=${settled.receipt.receiptNo}&code=${link?.[1]}`);
    const verified = await fetch(`${portal.base}/svc/payment/api/Receipt/verifyReceipt`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ receiptNo: settled.receipt.receiptNo, code: link?.[1] }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({
      data: { receiptNo: settled.receipt.receiptNo, amountCents: 4000, status: "accepted" },
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received).toHaveLength(1);

    // The outbox is not the transport now; the logs say a try failed but never to whom or the link.
    expect(await readOutbox(path.join(portal.dataDir, "outbox"), { to: email })).toEqual([]);
    const output = portal.output();
    expect(output).toMatch(/\[mail\] receipt mail \S+ not delivered \(try 1: smtp \S+ \S+ 451\)/);
    expect(output).not.toContain(email);
    expect(output).not.toContain(settled.receipt.token);
  });

  it("sends an identity code straight through SMTP", async () => {
    const config = (await (await fetch(`${portal.base}/auth/config`)).json()) as {
      userPoolClientId: string;
    };
    const email = `smtp.code.${database.name.toLowerCase()}@example.sg`;
    const digits = database.name === "PGlite" ? "9500011" : "9500012";
    const before = smtp.received.length;
    const response = await fetch(`${portal.base}/cognito-idp`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": "AWSCognitoIdentityProviderService.SignUp",
      },
      body: JSON.stringify({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: "Sabar#2026",
        UserAttributes: [{ Name: "name", Value: "Nur Surat" }],
        ValidationData: [{ Name: "NRIC", Value: `S${digits}${nricCheckLetter("S", digits)}` }],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    // Sent before the call answered: no queue in between.
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ to: email, from: FROM, secure: true });
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });
});

describe("an SMTP URL without PORTAL_MAIL_FROM", () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal(5459, undefined, {
      PORTAL_SMTP_URL: "smtp://127.0.0.1:5449",
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
    });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("says so at start-up, yet takes payments and keeps their receipts queued", async () => {
    const guest = await guestCookie(portal.base);
    const post = postAs(
      () => portal.base,
      () => guest,
    );
    const created = await post(
      "/svc/payment/v1/donations/create",
      {
        flow: "FIDYAH",
        items: { fidyah: { days: 10 } },
        totalCents: 4_000,
        ratesVersion: 1,
        donor: { name: "Siti Nurhaliza", email: "no.from@example.sg", anonymous: false },
      },
      { "idempotency-key": "smtp-no-from" },
    );
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const paid = await payByCard(post, donation);
    expect(paid.status).toBe(200);
    expect(paid.body["data"]).toMatchObject({ status: "succeeded" });
    expect(portal.output()).toContain(
      "[mail] transport not configured: PORTAL_MAIL_FROM must be set when PORTAL_SMTP_URL is",
    );
    await expect
      .poll(() => portal.output(), { timeout: 10_000 })
      .toMatch(/\[mail\] receipt mail \S+ not delivered \(try 1: mail transport: PORTAL_MAIL_FROM/);
    expect(await readOutbox(path.join(portal.dataDir, "outbox"))).toEqual([]);
    expect(portal.output()).not.toContain("no.from@example.sg");
  });
});
