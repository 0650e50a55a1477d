import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, registerSignIn } from "../support/donations";
import { guestCookie, startPortal, type RunningPortal, callerOf } from "../support/portal";
import { throughStandin } from "../support/singpass";

// Issue 22's remaining gaps 2 and 3, through the HTTP calls, the stand-in identity provider and the
// embedded Singpass stand-in's personas. A typed NRIC is unproven: the real owner proves it with
// Singpass, takes it over and gets the gifts given with it; the stranger who typed it sees none. IRAS
// inclusion follows the receipt as issued, and a later registration re-issues the receipt (audited).
// Ports 6710-6719.
let nextPort = 6710;

/** Personas of the Singpass stand-in (scripts/services/singpass-personas.mjs). */
const AISYAH = "T0312456D";
const LIM = "S9812379B";

const donor = (name: string) => `/svc/donor/api/User/${name}`;
const payment = (name: string) => `/svc/payment/api/Donation/${name}`;

describe.each(testDatabases())("proof of an NRIC by Singpass on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  const call = callerOf(() => portal);
  /** A sign-in of the stand-in identity provider, the same account for the same subject. */
  const account = async (subject: string, email: string) => ({
    authorization: `Bearer ${await identity.sign({ subject, email, name: email.split("@")[0] ?? email })}`,
  });
  const transactionsOf = async (auth: Record<string, string>) => {
    const reply = await call(payment("getDonorTransactions"), {}, auth);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (
      reply.body["resultDonationListResponse"] as Array<{
        transactionNo: string;
        isIRASInclusion: boolean;
      }>
    ).map((record) => ({ no: record.transactionNo, iras: record.isIRASInclusion }));
  };
  const detailsOf = async (auth: Record<string, string>) =>
    (await call("/svc/main/User/getSignInUserDetails", {}, auth)).body["data"] as Record<
      string,
      unknown
    > | null;

  /** The signed-in donor logs in to Singpass as `persona` and confirms, agreeing to the terms. */
  const proveWithSingpass = async (persona: string, auth: Record<string, string>) => {
    const cookie = await guestCookie(portal.base);
    const headers = { cookie, ...auth };
    const start = await call("/svc/donor/api/Singpass/startSingpassLogin", { lang: "en" }, headers);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const back = await throughStandin((start.body["data"] as { url: string }).url, { persona });
    const { code, state, iss } = back;
    const done = await call(
      "/svc/donor/api/Singpass/completeSingpassLogin",
      { code, state, iss },
      headers,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return call(donor("confirmSingpassPreDonation"), { termsVersion: TERMS_VERSION }, headers);
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  const stranger = () => account("stranger-1", "stranger@example.sg");

  it("gives the owner the NRIC a stranger typed, and the owner's gifts, once Singpass proves it", async () => {
    // The owner gave as a guest with her NRIC and an older e-mail address.
    const gift = await new Donor(portal.base).start().then((guest) =>
      guest.donate({
        flow: "ZAKAT",
        items: { harta: 12_000 },
        totalCents: 12_000,
        enrol: {
          kind: "individual",
          name: "Nur Aisyah binte Ismail",
          nric: AISYAH,
          email: "aisyah.lama@example.sg",
          termsVersion: TERMS_VERSION,
        },
      }),
    );
    // A stranger registers her NRIC by typing it into his own account.
    await registerSignIn(
      portal.base,
      (await stranger()).authorization.slice(7),
      AISYAH,
      "91110001",
    );
    expect(await transactionsOf(await stranger())).toEqual([]);

    // The owner, signed in with her own account, cannot register it by typing it...
    const owner = await account("owner-1", "aisyah@example.sg");
    const typed = await call(
      donor("registerCognitoUser"),
      { uniqueUserId: btoa(AISYAH), termsVersion: TERMS_VERSION },
      owner,
    );
    expect(typed.body["code"]).toBe("signup_failed_nric_exists");

    // ...but proves it with Singpass: the NRIC becomes hers, with the gifts given with it.
    const proved = await proveWithSingpass(AISYAH, owner);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    expect(await detailsOf(owner)).toMatchObject({
      nric: "*****456D",
      enrolment: "Singpass",
      iAgree: true,
    });
    expect((await transactionsOf(owner)).map((record) => record.no)).toEqual([gift.transactionNo]);

    // The stranger lost the NRIC he typed, and sees none of her gifts or receipts.
    expect(await detailsOf(await stranger())).toMatchObject({ nric: "" });
    expect(await transactionsOf(await stranger())).toEqual([]);
    const receipt = await call(
      `${payment("getThirdPartyDonationReceiptData")}?transactionNo=${gift.transactionNo}`,
      {},
      await stranger(),
    );
    expect(receipt.status).toBe(404);
  });

  it("keeps a receipt issued without an identity number out of IRAS until registration re-issues it", async () => {
    // The stranger (no NRIC any more, see above) gives signed in: the receipt names no number.
    const auth = await stranger();
    const gift = await new Donor(portal.base, auth).donate({
      flow: "ZAKAT",
      items: { harta: 5_000 },
      totalCents: 5_000,
    });
    const notIncluded = [{ no: gift.transactionNo, iras: false }];
    expect(await transactionsOf(auth)).toEqual(notIncluded);

    // He proves his own NRIC with Singpass: the account has it now, the receipt as issued does not.
    expect((await proveWithSingpass(LIM, auth)).status).toBe(200);
    expect(await detailsOf(auth)).toMatchObject({ nric: "*****379B" });
    expect(await transactionsOf(auth)).toEqual(notIncluded);
    const status = await call(
      donor("getTaxDeductionStatus"),
      { transactionNo: gift.transactionNo },
      auth,
    );
    expect(status.body["data"]).toMatchObject({ eligible: true, registered: null });
    const before = await call(payment("getThirdPartyDonationReceiptData"), { token: gift.token });
    expect(before.body["data"]).toMatchObject({
      nirc: null,
      isIRASInclusion: false,
      reissuedAt: null,
    });

    // Registering it re-issues the receipt with the number: the original kept, the change audited.
    const registered = await call(
      donor("registerTaxDeduction"),
      { transactionNo: gift.transactionNo, idType: "NRIC", idNumber: LIM },
      auth,
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(await transactionsOf(auth)).toEqual([{ no: gift.transactionNo, iras: true }]);
    const after = await call(payment("getThirdPartyDonationReceiptData"), { token: gift.token });
    expect(after.body["data"]).toMatchObject({ nirc: "*****379B", isIRASInclusion: true });
    expect((after.body["data"] as { reissuedAt: string | null }).reissuedAt).not.toBeNull();

    const peek = await database.peek();
    if (peek) {
      const rows = await peek.query<{ action: string; actor: string }>(
        "select action, actor from audit_log where entity = 'receipt' and entity_id = $1",
        [gift.receiptNo],
      );
      expect(rows).toEqual([{ action: "receipt.reissue", actor: "donor" }]);
      const kept = await peek.query<{ original: Uint8Array | null }>(
        "select r.id_encrypted as original from receipt r where r.receipt_no = $1",
        [gift.receiptNo],
      );
      expect(kept).toEqual([{ original: null }]);
      await peek.close();
    }
  });
});
