import { request } from "node:http";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox, type OutboxMail } from "@portal/adapters/mail";
import { testDatabases } from "../support/databases";
import { callPortal, guestCookie, startPortal, type RunningPortal } from "../support/portal";
import { payByCard } from "../support/guest-portal";

// Ports 6100-6109 are this file's.
let nextPort = 6100;
const CONTROL = randomBytes(24).toString("hex");
const DAY = 24 * 60 * 60 * 1000;

interface Donation {
  id: string;
  clientSecret: string;
  transactionNo: string;
  status: string;
  receipt: { receiptNo: string; token: string } | null;
}

/** What the e-mailed "manage this gift" link names: the plan's transaction number and its own token. */
interface ManageLink {
  readonly url: URL;
  readonly transactionNo: string;
  readonly token: string;
}

/**
 * A recurring gift is stopped only by its signed-in owner or through the "manage this gift" link in
 * the donor's e-mail (its own token, for one plan, expiring); a receipt token controls nothing.
 */
describe.each(testDatabases())("the manage-this-gift link on $name", (database) => {
  let portal: RunningPortal;

  const call = (where: string, body: unknown, headers: Record<string, string> = {}) =>
    callPortal(portal.base, where, body, headers);
  const payment = (name: string) => `/svc/payment/api/Donation/${name}`;
  const status = (transactionNo: string, token: string) =>
    call(payment("getDonorTxnRecurrentStatus"), { transactionNo, token });
  const cancel = (transactionNo: string, token: string) =>
    call(payment("cancelRecurringPayment"), { transactionNo, token });

  const moveClock = async (advanceMs: number) => {
    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs }),
    });
    expect(moved.status).toBe(200);
  };

  const mails = (to: string): Promise<OutboxMail[]> =>
    readOutbox(path.join(portal.dataDir, "outbox"), { to, kind: "receipt" });

  /** The manage link in a mail's text: `<origin>[/ms]/manage-gift#no=<transaction>&key=<token>`. */
  const manageLinkIn = (mail: OutboxMail | undefined): ManageLink => {
    const found = /https?:\/\/\S+\/manage-gift#\S+/.exec(mail?.text ?? "");
    expect(found, mail?.text).not.toBeNull();
    const url = new URL(found![0]);
    const fragment = new URLSearchParams(url.hash.slice(1));
    return { url, transactionNo: fragment.get("no") ?? "", token: fragment.get("key") ?? "" };
  };

  /** A guest's paid monthly gift to Wakaf Ilmu, made in `lang`. */
  const giveMonthly = async (email: string, lang: "en" | "ms" = "en", frequency = "monthly") => {
    const cookie = await guestCookie(portal.base);
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: "ILMU",
        items: { ilmu: 5_000 },
        totalCents: 5_000,
        ratesVersion: 1,
        frequency,
        lang,
        donor: { name: "Aminah", email, anonymous: false },
      },
      { cookie, "idempotency-key": crypto.randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as Donation;
    const confirmed = await payByCard(call, donation, {
      card: { expYear: 2098 },
      headers: { cookie },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const paid = confirmed.body["data"] as Donation;
    expect(paid.status).toBe("succeeded");
    await expect.poll(async () => (await mails(email)).length, { timeout: 10_000 }).toBe(1);
    return { paid, link: manageLinkIn((await mails(email))[0]) };
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
    });
  });

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses the receipt token for reading plan control and for cancelling", async () => {
    const { paid, link } = await giveMonthly("receipt.holder@example.sg");
    const receiptToken = paid.receipt!.token;
    for (const reply of [
      await status(paid.transactionNo, receiptToken),
      await cancel(paid.transactionNo, receiptToken),
    ]) {
      expect(reply).toMatchObject({ status: 404, body: { code: "transaction.notFound" } });
    }
    // Still running: its own link says so.
    expect((await status(link.transactionNo, link.token)).body["data"]).toMatchObject({
      recurringStatus: "active",
    });
    // The receipt token still opens the receipt: that is all it does.
    const receipt = await call(
      `${payment("getThirdPartyDonationReceiptData")}?transactionNo=${paid.transactionNo}`,
      { token: receiptToken },
    );
    expect(receipt.status).toBe(200);
  });

  it("e-mails a link in the gift's language that manages its own plan and no other", async () => {
    const first = await giveMonthly("plan.one@example.sg", "en");
    const second = await giveMonthly("plan.two@example.sg", "ms");
    const [englishMail] = await mails("plan.one@example.sg");
    const [malayMail] = await mails("plan.two@example.sg");
    expect(first.link.url.pathname).toBe("/manage-gift");
    // Issue 34: a wakaf plan is managed on the wakaf host, in the wakaf brand and footer.
    expect(first.link.url.hostname).toMatch(/^wakaf\./);
    const page = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: portal.port,
          path: "/manage-gift",
          headers: { host: first.link.url.host },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve(body));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(page).toContain("Majlis Ugama Islam Singapura");
    expect(page).toContain('href="/favicon-wakaf.svg"');
    expect(englishMail?.text).toContain("Manage or stop this monthly gift");
    expect(second.link.url.pathname).toBe("/ms/manage-gift");
    expect(malayMail?.text).toContain("Urus atau hentikan sumbangan bulanan ini");
    // The token is long and random, and is not the receipt's.
    expect(first.link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.link.token).not.toBe(first.paid.receipt!.token);
    expect(first.link.transactionNo).toBe(first.paid.transactionNo);

    // What the page shows: the plan's status, amount, fund, frequency and next date.
    expect((await status(first.link.transactionNo, first.link.token)).body["data"]).toMatchObject({
      transactionNo: first.paid.transactionNo,
      isRecurring: true,
      recurringStatus: "active",
      frequency: "monthly",
      amountCents: 5_000,
      flow: "ILMU",
      nextDonationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // The first plan's token, for the second plan: like a missing one; the second plan runs on.
    for (const reply of [
      await status(second.paid.transactionNo, first.link.token),
      await cancel(second.paid.transactionNo, first.link.token),
      await cancel(first.paid.transactionNo, "x".repeat(43)),
    ]) {
      expect(reply).toMatchObject({ status: 404, body: { code: "transaction.notFound" } });
    }
    expect(await cancel(first.link.transactionNo, first.link.token)).toMatchObject({
      status: 200,
      body: { data: { recurringStatus: "cancelled" } },
    });
    expect((await status(second.link.transactionNo, second.link.token)).body["data"]).toMatchObject(
      { recurringStatus: "active" },
    );
    expect((await status(first.link.transactionNo, first.link.token)).body["data"]).toMatchObject({
      recurringStatus: "cancelled",
      nextDonationDate: null,
    });
    // Repeating is harmless.
    expect((await cancel(first.link.transactionNo, first.link.token)).status).toBe(200);
    // The manage token opens no receipt.
    const receipt = await call(
      `${payment("getThirdPartyDonationReceiptData")}?transactionNo=${first.paid.transactionNo}`,
      { token: first.link.token },
    );
    expect(receipt.status).toBe(404);
    const sql = await database.peek();
    if (sql) {
      try {
        const rows = await sql.query<{ actor: string; detail: { transactionNo: string } }>(
          "select actor, detail from audit_log where action = 'recurring.cancel'",
        );
        expect(rows).toEqual([
          { actor: "manage-link", detail: { transactionNo: first.paid.transactionNo } },
        ]);
      } finally {
        await sql.close();
      }
    }
  });

  it("lets a guest stop a monthly gift from the e-mailed link weeks later; each renewal mails one too", async () => {
    const email = "five.weeks@example.sg";
    const { paid, link } = await giveMonthly(email, "ms");
    // Five weeks on, the plan renewed once (the server's own scheduler, on the moved clock) and the
    // renewal's receipt mail carries a link of its own.
    await moveClock(35 * DAY);
    await expect.poll(async () => (await mails(email)).length, { timeout: 20_000 }).toBe(2);
    const renewalLink = manageLinkIn((await mails(email))[1]);
    expect(renewalLink.transactionNo).toBe(paid.transactionNo);
    expect(renewalLink.url.pathname).toBe("/ms/manage-gift");
    expect(renewalLink.token).not.toBe(link.token);
    // The first e-mail's link still works, weeks later.
    expect((await status(link.transactionNo, link.token)).body["data"]).toMatchObject({
      recurringStatus: "active",
    });
    expect(await cancel(renewalLink.transactionNo, renewalLink.token)).toMatchObject({
      status: 200,
    });
    expect((await status(link.transactionNo, link.token)).body["data"]).toMatchObject({
      recurringStatus: "cancelled",
    });
  });

  it("refuses a link once it expired", async () => {
    const { link } = await giveMonthly("expires@example.sg");
    expect((await status(link.transactionNo, link.token)).status).toBe(200);
    // A monthly gift's link lasts 100 days (three periods and a week); past that it is refused like
    // a wrong one, though the plan runs on (its later e-mails carry links of their own).
    await moveClock(101 * DAY);
    for (const reply of [
      await status(link.transactionNo, link.token),
      await cancel(link.transactionNo, link.token),
    ]) {
      expect(reply).toMatchObject({ status: 404, body: { code: "transaction.notFound" } });
    }
  });
});
