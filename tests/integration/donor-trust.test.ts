import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import { openDatabase, receipts } from "@portal/adapters/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";
import { identityOf, type TestIdentity } from "../support/identity";
import { guestCookie, startPortal, type RunningPortal, bearer, callerOf } from "../support/portal";
import { payByCard } from "../support/guest-portal";

// Issue 22, items 1, 2, 3 and 9, as an attacker tries them through the HTTP calls and the embedded
// identity provider: knowing someone's NRIC (or mobile) gives a stranger nothing. Ports 6010-6029 (6000 is on fetch's list of refused ports).
let nextPort = 6010;

const donor = (name: string) => `/svc/donor/api/User/${name}`;
const payment = (name: string) => `/svc/payment/api/Donation/${name}`;

interface Gift {
  transactionNo: string;
  token: string;
}

describe.each(testDatabases())("donor trust on $name", (database) => {
  let portal: RunningPortal;
  const secretKey = randomBytes(32).toString("base64");
  const call = callerOf(() => portal);

  let identity: TestIdentity;
  const mails = (to: string, kind: string) =>
    readOutbox(path.join(portal.dataDir, "outbox"), { to, kind });
  /** A sign-up through the embedded identity provider (code from the outbox), then its ID token. */
  const signUp = async (email: string, id: string) => {
    const token = (await identity.signUp(email, id, { name: "Someone" })).IdToken;
    // The first signed-in call completes the sign-up (the donor link).
    expect((await call(donor("getDonorCognitoStatus"), {}, bearer(token))).status).toBe(200);
    return token;
  };

  const enrol = (cookie: string, details: Record<string, unknown>) =>
    call(donor("enrollDonorManuallyPreDonation"), details, { cookie });

  /** A gift paid by card in the sandbox from this guest session (or sign-in); its receipt token. */
  const give = async (
    headers: Record<string, string>,
    order: {
      flow: "ZAKAT" | "ILMU";
      cents: number;
      who?: Record<string, unknown>;
      frequency?: "monthly";
    },
  ): Promise<Gift> => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: order.flow,
        items: order.flow === "ZAKAT" ? { harta: order.cents } : { ilmu: order.cents },
        totalCents: order.cents,
        ratesVersion: 1,
        ...(order.who ? { donor: order.who } : {}),
        ...(order.frequency ? { frequency: order.frequency } : {}),
      },
      { ...headers, "idempotency-key": randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as {
      id: string;
      clientSecret: string;
      transactionNo: string;
    };
    const confirmed = await payByCard(call, donation, { headers });
    const paid = confirmed.body["data"] as { status: string; receipt: { token: string } };
    expect(paid.status).toBe("succeeded");
    return { transactionNo: donation.transactionNo, token: paid.receipt.token };
  };
  const receiptByToken = async (token: string) => {
    const reply = await call(payment("getThirdPartyDonationReceiptData"), { token });
    expect(reply.status).toBe(200);
    return reply.body["data"] as Record<string, unknown>;
  };
  const history = async (token: string) => {
    const reply = await call(payment("getDonorTransactions"), {}, bearer(token));
    expect(reply.status).toBe(200);
    return reply.body as { totalRecords: number; resultDonationListResponse: unknown[] };
  };

  const startIt = async (dataDir?: string) => {
    portal = await startPortal(nextPort++, dataDir, {
      ...(await database.portalEnv()),
      PORTAL_SECRET_KEY: secretKey,
    });
    identity = await identityOf(portal);
  };

  beforeAll(() => startIt(), 120_000);
  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("a stranger who enrols with a guest donor's NRIC and signs up with his own e-mail sees none of the donor's gifts", async () => {
    const victimId = nric("1010101");
    const victim = await guestCookie(portal.base);
    const victimDetails = {
      name: "Siti Victim",
      email: "siti.victim@example.com",
      countryCode: "+65",
      mobile: "81110001",
      nric: victimId,
      address: { postalCode: "111111", streetName: "Victim Road" },
    };
    expect((await enrol(victim, victimDetails)).status).toBe(200);
    const gift = await give({ cookie: victim }, { flow: "ZAKAT", cents: 10_000 });

    // The stranger knows the NRIC and gives his own e-mail and a mobile of his own.
    const stranger = await guestCookie(portal.base);
    const enrolled = await enrol(stranger, {
      ...victimDetails,
      name: "Mallory",
      email: "mallory@example.com",
      mobile: "81110002",
      address: { postalCode: "999999" },
    });
    expect(enrolled.status).toBe(200);
    const token = await signUp("mallory@example.com", victimId);

    const seen = await history(token);
    expect(seen.totalRecords).toBe(0);
    expect(JSON.stringify(seen)).not.toContain(gift.transactionNo);
    const receipt = await call(
      `${payment("getThirdPartyDonationReceiptData")}?transactionNo=${gift.transactionNo}`,
      {},
      bearer(token),
    );
    expect(receipt.status).toBe(404);
    // The victim's receipt still names the victim and her address.
    expect(await receiptByToken(gift.token)).toMatchObject({
      donorName: "Siti Victim",
      donorEmail: "siti.victim@example.com",
      postalCode: "111111",
    });
  });

  it("an account made first with someone's NRIC never receives that person's later guest gifts", async () => {
    const victimId = nric("2020202");
    const token = await signUp("first.creator@example.com", victimId);
    const victim = await guestCookie(portal.base);
    const enrolled = await enrol(victim, {
      name: "Rahmah Later",
      email: "rahmah@example.com",
      nric: victimId,
    });
    expect(enrolled.status).toBe(200);
    const gift = await give({ cookie: victim }, { flow: "ZAKAT", cents: 7_000 });
    expect(JSON.stringify(await history(token))).not.toContain(gift.transactionNo);
    expect(await mails("rahmah@example.com", "receipt")).toHaveLength(1);
    expect(await mails("first.creator@example.com", "receipt")).toHaveLength(0);
  });

  it("links a guest's gifts to an account only when its verified e-mail is the one the gift was given with", async () => {
    const ownId = nric("3030303");
    const guest = await guestCookie(portal.base);
    await enrol(guest, { name: "Yusof Owner", email: "yusof@example.com", nric: ownId });
    const gift = await give(
      { cookie: guest },
      {
        flow: "ZAKAT",
        cents: 5_000,
        who: { name: "Yusof Owner", email: "yusof@example.com", anonymous: false },
      },
    );
    const token = await signUp("yusof@example.com", ownId);
    const seen = await history(token);
    expect(seen.totalRecords).toBe(1);
    expect(JSON.stringify(seen)).toContain(gift.transactionNo);
  });

  it("sends a gift's receipt to the e-mail given for it and shows its own name, whatever a stranger enrolled meanwhile", async () => {
    const victimId = nric("4040404");
    const victim = await guestCookie(portal.base);
    const details = { name: "Hajar Giver", email: "hajar@example.com", nric: victimId };
    expect((await enrol(victim, details)).status).toBe(200);
    // Before she pays, a stranger enrols with her NRIC and his own name and e-mail.
    const stranger = await guestCookie(portal.base);
    await enrol(stranger, { ...details, name: "Mallory Wall", email: "mallory.wall@example.com" });
    const gift = await give(
      { cookie: victim },
      {
        flow: "ILMU",
        cents: 2_500,
        who: { name: "Hajar Giver", email: "hajar@example.com", anonymous: false },
      },
    );
    expect(await mails("mallory.wall@example.com", "receipt")).toHaveLength(0);
    const hers = await mails("hajar@example.com", "receipt");
    expect(hers.map((mail) => mail.meta?.["transactionNo"])).toContain(gift.transactionNo);
    expect(await receiptByToken(gift.token)).toMatchObject({
      donorName: "Hajar Giver",
      donorEmail: "hajar@example.com",
    });
    const wall = await call(
      "/svc/main/v1/Donation/donorWall?charityId=135&pageNumber=1&pageSize=50",
    );
    expect(JSON.stringify(wall.body)).toContain("Hajar Giver");
    expect(JSON.stringify(wall.body)).not.toContain("Mallory");
  });

  it("keeps a receipt as issued after the donor edits the profile", async () => {
    const token = await signUp("edit.me@example.com", nric("5050505"));
    await call(
      donor("updateDonorCognitoProfile"),
      { name: "Before Edit", address: { postalCode: "222222", streetName: "Old Street" } },
      bearer(token),
    );
    const gift = await give(bearer(token), { flow: "ZAKAT", cents: 3_000 });
    const before = await receiptByToken(gift.token);
    expect(before).toMatchObject({ donorName: "Before Edit", postalCode: "222222" });
    const edited = await call(
      donor("updateDonorCognitoProfile"),
      { name: "After Edit", address: { postalCode: "333333", streetName: "New Street" } },
      bearer(token),
    );
    expect(edited.status).toBe(200);
    expect(await receiptByToken(gift.token)).toEqual(before);
  });

  it("tells a guest nothing about whether an NRIC or a mobile is registered, however often asked", async () => {
    const registeredId = nric("6060606");
    await signUp("registered@example.com", registeredId);
    const registeredMobile = "81116060";
    await call(
      donor("updateCognitoUser"),
      { countryCode: "+65", mobile: registeredMobile },
      bearer(await signUp("mobile.owner@example.com", nric("6161616"))),
    );
    const guest = await guestCookie(portal.base);
    const answers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      for (const [id, mobile] of [
        [registeredId, "81119999"],
        [nric(`62626${10 + i}`), registeredMobile],
        [nric(`63636${10 + i}`), "81119998"],
      ] as const) {
        const reply = await enrol(guest, {
          name: "Prober",
          email: "p@example.com",
          nric: id,
          mobile,
        });
        answers.add(JSON.stringify([reply.status, reply.body]));
      }
    }
    expect([...answers]).toHaveLength(1);
  });

  it("re-issues a receipt with corrected particulars, keeping the original and an audit entry", async () => {
    const guest = await guestCookie(portal.base);
    await enrol(guest, {
      name: "Misspelt Nmae",
      email: "reissue@example.com",
      nric: nric("7070707"),
    });
    const gift = await give({ cookie: guest }, { flow: "ZAKAT", cents: 4_000 });
    const original = await receiptByToken(gift.token);
    const dataDir = portal.dataDir;
    await portal.stop();
    const sql = await openDatabase({
      dataDir,
      databaseUrl: (await database.portalEnv())["DATABASE_URL"],
    });
    try {
      const key = Buffer.from(secretKey, "base64");
      const outcome = await receipts(sql, key).reissue({
        receiptNo: String(original["receiptNo"]),
        actor: "council:officer-7",
        reason: "Name misspelt",
        particulars: { name: "Correct Name" },
      });
      expect(outcome).toMatchObject({ outcome: "reissued", replaces: original["receiptNo"] });
      const [entry] = await sql.query<{ actor: string; detail: Record<string, any> }>( // eslint-disable-line @typescript-eslint/no-explicit-any -- audit detail of many shapes
        "select actor, detail from audit_log where action = 'receipt.reissue' and entity_id = $1",
        [original["receiptNo"]],
      );
      expect(entry?.actor).toBe("council:officer-7");
      expect(entry?.detail["before"]).toMatchObject({ name: "Misspelt Nmae" });
      expect(entry?.detail["after"]).toMatchObject({ name: "Correct Name" });
      expect(entry?.detail["reason"]).toBe("Name misspelt");
      const kept = await sql.query<{ name: string }>(
        "select particulars->>'name' as name from receipt where receipt_no = $1",
        [original["receiptNo"]],
      );
      expect(kept[0]?.name).toBe("Misspelt Nmae");
    } finally {
      await sql.close();
    }
    await startIt(dataDir);
    const reissued = await receiptByToken(gift.token);
    // The corrected receipt takes the next number of its series and names the one it replaces.
    expect(reissued).toMatchObject({
      donorName: "Correct Name",
      replacesReceiptNo: original["receiptNo"],
    });
    expect(reissued["receiptNo"]).not.toBe(original["receiptNo"]);
    expect(reissued["reissuedAt"]).toEqual(expect.any(String));
  });

  it("links a guest's gift by e-mail but leaves its monthly plan to the manage link, so an account cannot raise it", async () => {
    const guest = await guestCookie(portal.base);
    const gift = await give(
      { cookie: guest },
      {
        flow: "ILMU",
        cents: 5_000,
        frequency: "monthly",
        who: { name: "Plan Giver", email: "plan.giver@example.com", anonymous: false },
      },
    );
    const token = await signUp("plan.giver@example.com", nric("8080808"));
    expect(JSON.stringify(await history(token))).toContain(gift.transactionNo);
    const raised = await call(
      payment("updateRecurringPlan"),
      { transactionNo: gift.transactionNo, amountCents: 900_000 },
      bearer(token),
    );
    expect(raised.status).not.toBe(200);
    const mail = (await mails("plan.giver@example.com", "receipt")).at(-1);
    expect(mail?.text).toContain("/manage-gift#");
  });

  it("links a gift given with an NRIC for IRAS at checkout only to the account with that NRIC", async () => {
    const guest = await guestCookie(portal.base);
    const gift = await give(
      { cookie: guest },
      {
        flow: "ZAKAT",
        cents: 6_000,
        who: {
          name: "Typo Giver",
          email: "typo.mailbox@example.com",
          taxId: nric("8181818"),
          anonymous: false,
        },
      },
    );
    const other = await signUp("typo.mailbox@example.com", nric("8282828"));
    expect(JSON.stringify(await history(other))).not.toContain(gift.transactionNo);
  });

  it("answers whether a mobile is taken on a mobile change only within the per-account limit", async () => {
    const token = await signUp("mobile.prober@example.com", nric("8383838"));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const reply = await call(
        donor("updateCognitoUser"),
        { countryCode: "+65", mobile: `8384${String(1000 + i)}` },
        bearer(token),
      );
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
