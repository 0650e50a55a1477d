import { randomBytes } from "node:crypto";
import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "@portal/adapters/db";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, nricOf as nric } from "../support/donations";
import { bearer, callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 21: an instance keeps each donor's encoded list and answers it again while the version of
// that donor's list (migration 034, read with the sign-out check on every call) is unchanged. These
// are the ways a kept list could go wrong, through the real server: a payment made since, another
// donor's list, another page or call, a sign-out, and (on PostgreSQL, where two instances share the
// database) a change made on the other instance or straight in the database. Ports 7960-7969.
let nextPort = 7960;

const payment = (name: string) => `/svc/payment/api/Donation/${name}`;

interface Listed {
  readonly transactionNo: string;
  readonly donorName: string;
  readonly isRefunded?: boolean;
}

describe.each(testDatabases())("kept history lists on $name", (database) => {
  let first: RunningPortal;
  /** A second instance on the same database (PostgreSQL); on PGlite the first again. */
  let second: RunningPortal;
  let peek: Sql | undefined;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  /** Tokens carry an id and username, so a sign-out can name them (as Cognito's do). */
  const token = (email: string, subject: string) =>
    identity.sign({
      subject,
      email,
      name: email.split("@")[0] ?? email,
      "cognito:username": subject,
      jti: crypto.randomUUID(),
    });
  let aminah: string;
  let badrul: string;

  const list = async (
    portal: RunningPortal,
    idToken: string,
    body: Record<string, unknown> = { pageNo: 1, pageSize: 100 },
    call = "getDonorTransactions",
  ) => {
    const reply = await callPortal(portal.base, payment(call), body, bearer(idToken));
    expect([200, 401], JSON.stringify(reply.body)).toContain(reply.status);
    return {
      status: reply.status,
      records: (reply.body["resultDonationListResponse"] ?? []) as ReadonlyArray<Listed>,
      total: reply.body["totalRecords"],
    };
  };
  const numbers = (records: ReadonlyArray<Listed>) => records.map((r) => r.transactionNo);
  const give = (portal: RunningPortal, idToken: string, cents: number) =>
    new Donor(portal.base, bearer(idToken)).donate({
      flow: "ZAKAT",
      items: { harta: cents },
      totalCents: cents,
    });

  beforeAll(async () => {
    identity = await startTestIdentity();
    // One server key for both instances, as a deployment shares it.
    const env = {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    first = await startPortal(nextPort++, undefined, env);
    peek = await database.peek();
    second = peek ? await startPortal(nextPort++, undefined, env) : first;
    aminah = await token("aminah@example.com", "aminah-sub");
    badrul = await token("badrul@example.com", "badrul-sub");
    for (const [idToken, id, mobile] of [
      [aminah, nric("3456781"), "91240001"],
      [badrul, nric("3456782"), "91240002"],
    ] as const) {
      const registered = await callPortal(
        first.base,
        "/svc/donor/api/User/registerCognitoUser",
        {
          uniqueUserId: Buffer.from(id).toString("base64"),
          phoneCountryCode: "+65",
          phoneNumber: mobile,
          termsVersion: TERMS_VERSION,
        },
        bearer(idToken),
      );
      expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ status: 0 });
    }
  }, 240_000);
  afterAll(async () => {
    await peek?.close();
    if (second !== first) await second?.stop();
    await first?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("shows a payment made after the list was kept at once, on the next read", async () => {
    const gift = await give(first, aminah, 1_100);
    const before = await list(second, aminah);
    expect(numbers(before.records)).toEqual([gift.transactionNo]);
    // Read again: now answered from what the instance kept.
    expect(await list(second, aminah)).toEqual(before);

    const next = await give(first, aminah, 1_200);
    const after = await list(second, aminah);
    expect(numbers(after.records)).toEqual([next.transactionNo, gift.transactionNo]);
    expect(after.total).toBe(2);
  });

  it("never answers one donor with another's list, nor one page or call with another's", async () => {
    const own = await give(first, badrul, 2_100);
    for (let round = 0; round < 2; round++) {
      const aminahs = await list(second, aminah);
      const badruls = await list(second, badrul);
      expect(numbers(badruls.records)).toEqual([own.transactionNo]);
      expect(badruls.records.every((r) => r.donorName === "badrul")).toBe(true);
      expect(aminahs.records.length).toBe(2);
      expect(numbers(aminahs.records)).not.toContain(own.transactionNo);
      expect(aminahs.records.every((r) => r.donorName === "aminah")).toBe(true);
      // Another page size, and the third-party call (which says which gifts were refunded).
      const one = await list(second, aminah, { pageNo: 1, pageSize: 1 });
      expect(one.records.length).toBe(1);
      expect(one.total).toBe(2);
      const thirdParty = await list(
        second,
        aminah,
        { pageNo: 1, pageSize: 100 },
        "getDonorTransactionsThirdparty",
      );
      expect(thirdParty.records.map((r) => r.isRefunded)).toEqual([false, false]);
      expect(aminahs.records.every((r) => !("isRefunded" in r))).toBe(true);
    }
  });

  it("refuses a signed-out token at once, though its list is kept", async () => {
    const leaving = await token("aminah@example.com", "aminah-sub");
    expect((await list(second, leaving)).status).toBe(200);
    expect((await list(second, leaving)).status).toBe(200);
    const ended = await callPortal(
      first.base,
      "/svc/donor/api/User/signOutEverywhere",
      {},
      bearer(leaving),
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const refused = await list(second, leaving);
    expect(refused.status).toBe(401);
    expect(refused.records).toEqual([]);
    // A sign-in after the sign-out (the next second) reads the list again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    aminah = await token("aminah@example.com", "aminah-sub");
    expect((await list(second, aminah)).records.length).toBe(2);
  });

  it("shows a change of the donor's particulars at once", async () => {
    expect((await list(second, aminah)).records.every((r) => r.donorName === "aminah")).toBe(true);
    const renamed = await callPortal(
      first.base,
      "/svc/donor/api/User/updateDonorCognitoProfile",
      { name: "Aminah binte Ali" },
      bearer(aminah),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await list(second, aminah);
    expect(after.records.map((r) => r.donorName)).toEqual(["Aminah binte Ali", "Aminah binte Ali"]);
  });

  // Two instances need a database both can open: PostgreSQL (PGlite has one opener).
  if (database.name === "PostgreSQL") {
    it("shows a change written on another instance, or straight in the database, at once", async () => {
      const thirdParty = () =>
        list(second, aminah, { pageNo: 1, pageSize: 100 }, "getDonorTransactionsThirdparty");
      const before = await thirdParty();
      const [latest] = before.records;
      expect(latest?.isRefunded).toBe(false);
      // A refund as the console records it, on a connection of its own (another instance's).
      await peek?.query("update donation set status = 'refunded' where transaction_no = $1", [
        latest?.transactionNo,
      ]);
      expect((await thirdParty()).records.map((r) => r.isRefunded)).toEqual([true, false]);
      // A payment through the first instance, read on the second.
      const gift = await give(first, aminah, 1_300);
      expect(numbers((await list(second, aminah)).records)[0]).toBe(gift.transactionNo);
    });
  }
});
