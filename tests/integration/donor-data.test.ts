import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { readPortalDatabase, testDatabases } from "../support/databases";
import { registerSignIn, nricOf as nric } from "../support/donations";
import { startPortal, type RunningPortal, bearer, callerOf, guestCookie } from "../support/portal";
import { payByCard } from "../support/guest-portal";

// Ports 9560-9579 are this file's.
let nextPort = 9560;

const donor = (name: string) => `/svc/donor/api/User/${name}`;

interface HeldField {
  readonly field: string;
  readonly value: string;
  readonly source: "singpass" | "typed";
}
interface MyData {
  readonly profile: { readonly fields: ReadonlyArray<HeldField> };
  readonly gifts: ReadonlyArray<{ transactionNo: string; receiptNo: string | null }>;
  readonly receipts: ReadonlyArray<{ receiptNo: string; transactionNo: string }>;
  readonly plans: ReadonlyArray<unknown>;
  readonly taxInclusion: ReadonlyArray<{ transactionNo: string; included: boolean }>;
}

/**
 * The donor's own data (PDPA access, correction, closing the account; docs/account.md): only the
 * signed-in owner reads or closes it; nobody gets it by an e-mail address or NRIC.
 */
describe.each(testDatabases())("the donor's own data on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let subjectA: string;
  let dataDir: string;
  let env: Record<string, string>;
  const nricA = nric("3581321");
  const call = callerOf(() => portal);
  const now = () => Math.floor(Date.now() / 1000);

  const pay = async (token: string, flow: string, items: unknown, totalCents: number) => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      { flow, items, totalCents, ratesVersion: 1, frequency: "one time" },
      { ...bearer(token), "idempotency-key": crypto.randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as {
      id: string;
      clientSecret: string;
      transactionNo: string;
    };
    const confirmed = await payByCard(call, donation, {
      card: { expMonth: 10, expYear: 2097 },
      headers: bearer(token),
    });
    expect((confirmed.body["data"] as { status: string }).status).toBe("succeeded");
    return donation.transactionNo;
  };

  const myData = async (token: string) => {
    const answer = await call(donor("getMyData"), {}, bearer(token));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body["data"] as MyData;
  };

  let zakatA: string;
  let wmsB: string;

  beforeAll(async () => {
    identity = await startTestIdentity();
    env = { ...(await database.portalEnv()), ...identity.env };
    portal = await startPortal(nextPort++, undefined, env);
    dataDir = portal.dataDir;
    subjectA = crypto.randomUUID();
    tokenA = await identity.sign({
      subject: subjectA,
      email: "rohana@example.com",
      name: "Rohana",
      auth_time: now(),
    });
    tokenB = await identity.sign({ email: "yusof@example.com", name: "Yusof", auth_time: now() });
    await registerSignIn(portal.base, tokenA, nricA, "91580001");
    await registerSignIn(portal.base, tokenB, nric("1123581"), "91580002");
    zakatA = await pay(tokenA, "ZAKAT", { harta: 12_345 }, 12_345);
    wmsB = await pay(tokenB, "WMS", { wms: 2_000 }, 2_000);
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("gives the signed-in owner everything held about them, and only theirs", async () => {
    const corrected = await call(
      donor("updateDonorCognitoProfile"),
      { profile: { dateOfBirth: "29/02/1980", dialect: "Boyanese", representativeName: "Aman" } },
      bearer(tokenA),
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // A date of birth not in the past is refused with the enrolment form's message.
    const future = await call(
      donor("updateDonorCognitoProfile"),
      { profile: { dateOfBirth: "01/01/2999" } },
      bearer(tokenA),
    );
    expect(future.status).toBe(400);
    const a = await myData(tokenA);
    const field = (name: string) => a.profile.fields.find((f) => f.field === name);
    expect(field("dateOfBirth")).toEqual({
      field: "dateOfBirth",
      value: "29/02/1980",
      source: "typed",
    });
    expect(field("dialect")?.value).toBe("Boyanese");
    expect(field("representative")?.value).toBe("Aman");
    expect(field("mobile")?.value).toBe("91580001");
    expect(field("countryCode")?.value).toBe("+65");
    expect(field("email")?.value).toBe("rohana@example.com");
    for (const name of ["sex", "race", "nationality", "countryOfBirth", "address", "name"])
      expect(field(name), name).toBeDefined();
    // The NRIC only masked, in the file as on screen.
    expect(field("nric")?.value).toMatch(/^\*+\d{3}[A-Z]$/);
    expect(JSON.stringify(a)).not.toContain(nricA);
    expect(JSON.stringify(a)).not.toContain(nricA.slice(1, 5));
    expect(a.gifts.map((g) => g.transactionNo)).toEqual([zakatA]);
    expect(a.receipts.map((r) => r.transactionNo)).toEqual([zakatA]);
    expect(a.taxInclusion).toEqual([{ transactionNo: zakatA, included: expect.any(Boolean) }]);
    expect(a.plans).toEqual([]);
    // Another donor's own file names none of it.
    const b = await myData(tokenB);
    expect(b.gifts.map((g) => g.transactionNo)).toEqual([wmsB]);
    expect(JSON.stringify(b)).not.toContain(zakatA);
    expect(JSON.stringify(b)).not.toContain("rohana@example.com");
  });

  it("gives a guest, a stranger or another donor nothing by e-mail or NRIC", async () => {
    // No sign-in at all, or only a guest session.
    expect((await call(donor("getMyData"), {})).status).toBe(401);
    const cookie = await guestCookie(portal.base);
    const guest = await call(donor("getMyData"), {}, { cookie });
    expect(guest.status).toBe(401);
    expect(JSON.stringify(guest.body)).not.toContain(zakatA);
    // Naming the owner (e-mail, NRIC) in the body is refused, never followed.
    for (const body of [
      { email: "rohana@example.com" },
      { nric: nricA },
      { uniqueUserId: Buffer.from(nricA).toString("base64") },
      { donorId: subjectA },
    ]) {
      for (const headers of [{}, { cookie }, bearer(tokenB)]) {
        const answer = await call(donor("getMyData"), body, headers);
        expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(JSON.stringify(answer.body)).not.toContain(zakatA);
      }
    }
    // Nor in the address: the call takes no query.
    const url = await fetch(
      `${portal.base}${donor("getMyData")}?email=${encodeURIComponent("rohana@example.com")}`,
      { method: "POST", headers: { "content-type": "application/json", ...bearer(tokenB) } },
    );
    expect(url.status).toBe(400);
    // A signed-in account with no donor record gets nothing either.
    const stranger = await identity.sign({ email: "rohana@example.com", emailVerified: false });
    const none = await call(donor("getMyData"), {}, bearer(stranger));
    expect(none.status).toBe(404);
    expect(JSON.stringify(none.body)).not.toContain(zakatA);
    // A forged token is refused.
    expect((await call(donor("getMyData"), {}, bearer(`${tokenA.slice(0, -4)}AAAA`))).status).toBe(
      401,
    );
  });

  it("does not close an account while a PayNow code of its own may still be paid, and changes nothing", async () => {
    // Paid after the close, the gift's receipt would be issued with the particulars already erased.
    const tokenC = await identity.sign({
      email: "aminah@example.com",
      name: "Aminah",
      auth_time: now(),
    });
    await registerSignIn(portal.base, tokenC, nric("2134558"), "91580003");
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: "ZAKAT",
        items: { harta: 5_000 },
        totalCents: 5_000,
        ratesVersion: 1,
        frequency: "one time",
      },
      { ...bearer(tokenC), "idempotency-key": crypto.randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const qr = await call(
      "/svc/payment/v1/donations/payNow",
      { donationId: donation.id, clientSecret: donation.clientSecret },
      bearer(tokenC),
    );
    expect(qr.status, JSON.stringify(qr.body)).toBe(200);
    const refused = await call(donor("closeAccount"), { confirm: true }, bearer(tokenC));
    expect(refused.status).toBe(409);
    expect(refused.body["code"]).toBe("account.paymentOpen");
    // Nothing was erased or unlinked: the account still answers with its own particulars.
    const still = await myData(tokenC);
    expect(JSON.stringify(still)).toContain("Aminah");
  });

  it("closes only the caller's own account, only with a fresh sign-in, and keeps the receipts", async () => {
    // A sign-in of an hour ago is not proof enough to close the account.
    const stale = await identity.sign({
      subject: subjectA,
      email: "rohana@example.com",
      auth_time: now() - 3600,
    });
    const refused = await call(donor("closeAccount"), { confirm: true }, bearer(stale));
    expect(refused.status).toBe(401);
    expect(refused.body["code"]).toBe("account.reauth");
    // Without the confirmation, nothing happens.
    expect((await call(donor("closeAccount"), {}, bearer(tokenA))).status).toBe(400);
    // A guest or a body naming another donor closes nothing.
    expect((await call(donor("closeAccount"), { confirm: true })).status).toBe(401);
    expect(
      (
        await call(
          donor("closeAccount"),
          { confirm: true, email: "yusof@example.com" },
          bearer(tokenA),
        )
      ).status,
    ).toBe(400);
    expect((await myData(tokenA)).gifts).toHaveLength(1);
    expect((await myData(tokenB)).gifts).toHaveLength(1);

    // A plan of instalments started (pending its first month): it must stop with the account.
    const business = {
      currentAssets: 0,
      assetsToAdd: 0,
      assetsToRemove: 0,
      currentLiabilities: 0,
      liabilitiesToAdd: 0,
      ownershipSharePercent: 100,
    };
    const saved = await call(
      "/svc/donor/api/Assessment/saveAssessment",
      {
        inputs: {
          savings: [{ amount: 2_000_000, interest: 0 }],
          goldKeptGrams: 0,
          goldWornGrams: 0,
          insurance: [],
          shares: [],
          cpfOrdinary: 0,
          business,
        },
      },
      bearer(tokenA),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const haulOn = new Date(Date.now() + 8 * 3_600_000 + 90 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const started = await call(
      "/svc/donor/api/Instalment/startInstalmentPlan",
      { assessmentId: (saved.body["data"] as { id: string }).id, haulOn, lang: "en" },
      bearer(tokenA),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const closed = await call(donor("closeAccount"), { confirm: true }, bearer(tokenA));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // The account's token names no donor any more: it gets nothing.
    const after = await call(donor("getMyData"), {}, bearer(tokenA));
    expect(after.status).toBe(404);
    expect(JSON.stringify(after.body)).not.toContain(zakatA);
    const details = await call("/svc/main/User/getSignInUserDetails", {}, bearer(tokenA));
    expect(details.body).toMatchObject({ status: 0, data: null });
    // The other donor is untouched.
    expect((await myData(tokenB)).gifts.map((g) => g.transactionNo)).toEqual([wmsB]);
    // The NRIC and mobile number are no longer held: a new account may register them, and it
    // inherits none of the closed account's gifts.
    const again = await identity.sign({ email: "rohana.new@example.com", auth_time: now() });
    await registerSignIn(portal.base, again, nricA, "91580001");
    const fresh = await myData(again);
    expect(fresh.gifts).toEqual([]);
    // The receipt stays, with its particulars as issued, as the tax rules require; the closed
    // record holds no e-mail, mobile, address, profile or NRIC any more.
    const kept = await readPortalDatabase(
      database,
      portal,
      async () => (portal = await startPortal(nextPort++, dataDir, env)),
      async (sql) => ({
        receipts: await sql.query<{ name: string | null }>(
          `select r.particulars->>'name' as name from receipt r join donation d on d.id = r.donation_id
           where d.transaction_no = $1`,
          [zakatA],
        ),
        plans: await sql.query<{ status: string }>(
          `select p.status from instalment_plan p join donation d on d.donor_id = p.donor_id
           where d.transaction_no = $1`,
          [zakatA],
        ),
        donors: await sql.query<Record<string, unknown>>(
          `select o.email, o.mobile, o.nric_hash, o.address::text as address, o.profile::text as profile,
             (select count(*)::int from identity_link l where l.donor_id = o.id) as links
           from donor o join donation d on d.donor_id = o.id where d.transaction_no = $1`,
          [zakatA],
        ),
      }),
    );
    expect(kept.receipts).toEqual([{ name: "Rohana" }]);
    expect(kept.plans).toEqual([{ status: "stopped" }]);
    expect(kept.donors).toEqual([
      { email: null, mobile: null, nric_hash: null, address: "{}", profile: "{}", links: 0 },
    ]);
  }, 180_000);
});
