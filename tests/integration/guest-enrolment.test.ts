import { randomUUID } from "node:crypto";
import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";
import { callPortal, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 23: what a guest's enrolment puts on their receipts is shown to them before they pay, and
// the receipt carries what they saw; guests' receipts show the identity number they gave, masked, and
// the mobile; each guest gift records §2's enrolment value. Ports 4545-4549.
let nextPort = 4545;

const donor = (name: string) => `/svc/donor/api/User/${name}`;

describe.each(testDatabases())("guest enrolment at checkout on $name", (database) => {
  let portal: RunningPortal;
  const call = (p: string, body?: unknown, headers?: Record<string, string>) =>
    callPortal(portal.base, p, body, headers);

  /** A gift paid by card in the sandbox from this guest session; its receipt as the receipt page reads it. */
  const give = async (
    cookie: string,
    flow: "ZAKAT" | "WMS",
    who: Record<string, unknown>,
  ): Promise<Record<string, unknown>> => {
    const cents = flow === "ZAKAT" ? 3_000 : 2_000;
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow,
        items: flow === "ZAKAT" ? { harta: cents } : { wms: cents },
        totalCents: cents,
        ratesVersion: 1,
        donor: who,
      },
      { cookie, "idempotency-key": randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const card = await call("/sandbox/v1/payment_methods", {
      number: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    const confirmed = await call(
      "/svc/payment/v1/donations/confirm",
      {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId: card.body["id"],
      },
      { cookie },
    );
    const paid = confirmed.body["data"] as { status: string; receipt: { token: string } };
    expect(paid.status).toBe("succeeded");
    const receipt = await call("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
      token: paid.receipt.token,
    });
    expect(receipt.status).toBe(200);
    return receipt.body["data"] as Record<string, unknown>;
  };

  /** §2's enrolment value recorded with the guest's latest gift. */
  const enrolmentValue = async (transactionNo: unknown) => {
    const sql = await database.peek();
    if (!sql) return undefined;
    try {
      const [row] = await sql.query<{ enrolment: string }>(
        "select particulars->>'enrolment' as enrolment from donation where transaction_no = $1",
        [transactionNo],
      );
      return row?.enrolment;
    } finally {
      await sql.close();
    }
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("a guest who did not enrol: no enrolment to show; the IRAS NRIC and the mobile on the receipt, masked", async () => {
    const guest = await guestCookie(portal.base);
    const session = await call("/svc/main/v1/session/guest", {}, { cookie: guest });
    expect(session.status).toBe(200);
    expect(session.body["data"]).not.toHaveProperty("enrolment");
    const id = nric("4023118");
    const receipt = await give(guest, "ZAKAT", {
      // §5's text helper on the server too: markup and runs of spaces go.
      name: "  Hasnah   <i>Ibrahim</i>",
      email: "hasnah@example.sg",
      anonymous: false,
      countryCode: "+65",
      mobile: "91234567",
      taxId: id,
    });
    expect(receipt).toMatchObject({
      donorName: "Hasnah Ibrahim",
      nirc: `*****${id.slice(-4)}`,
      donorPhone: expect.stringContaining("91234567"),
    });
    expect(JSON.stringify(receipt)).not.toContain(id);
    const recorded = await enrolmentValue(receipt["transactionNo"]);
    if (recorded !== undefined) expect(recorded).toBe("Anonymous");

    const wakaf = await give(guest, "WMS", {
      name: "Hasnah Ibrahim",
      email: "hasnah@example.sg",
      anonymous: false,
    });
    const wakafRecorded = await enrolmentValue(wakaf["transactionNo"]);
    if (wakafRecorded !== undefined) expect(wakafRecorded).toBe("wakaf");
  });

  it("an enrolled guest is shown what the receipt will carry, and the receipt carries it", async () => {
    const guest = await guestCookie(portal.base);
    const id = nric("4023119");
    const enrolled = await call(
      donor("enrollDonorManuallyPreDonation"),
      {
        kind: "individual",
        // §5's text helper on the server too: markup and runs of spaces go.
        name: "  Rosnah   <b>Binte</b> Kassim",
        email: "rosnah@example.sg",
        countryCode: "+65",
        mobile: "81234567",
        nric: id,
        termsVersion: TERMS_VERSION,
      },
      { cookie: guest },
    );
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const session = await call("/svc/main/v1/session/guest", {}, { cookie: guest });
    expect(session.body["data"]).toMatchObject({
      enrolment: {
        enrolment: "Manually",
        kind: "individual",
        name: "Rosnah Binte Kassim",
        email: "rosnah@example.sg",
        countryCode: "+65",
        mobile: "81234567",
        idMasked: `*****${id.slice(-4)}`,
      },
    });
    expect(JSON.stringify(session.body)).not.toContain(id);
    // Checkout shows the enrolled mobile prefilled; the one the donor leaves there is the receipt's.
    const receipt = await give(guest, "ZAKAT", {
      name: "Rosnah Binte Kassim",
      email: "rosnah.k@example.sg",
      anonymous: false,
      countryCode: "+65",
      mobile: "87654321",
    });
    expect(receipt).toMatchObject({
      donorName: "Rosnah Binte Kassim",
      donorEmail: "rosnah.k@example.sg",
      nirc: `*****${id.slice(-4)}`,
      donorPhone: expect.stringContaining("87654321"),
    });
    const recorded = await enrolmentValue(receipt["transactionNo"]);
    if (recorded !== undefined) expect(recorded).toBe("Manually");

    // The donor clears the prefilled mobile (checkout sends it blank): the receipt carries none, not
    // the enrolled one kept silently. A call that sends no mobile field at all leaves the enrolment's.
    const cleared = await give(guest, "ZAKAT", {
      name: "Rosnah Binte Kassim",
      email: "rosnah@example.sg",
      anonymous: false,
      mobile: "",
    });
    expect(cleared["donorPhone"]).toBeNull();
    const unsaid = await give(guest, "ZAKAT", {
      name: "Rosnah Binte Kassim",
      email: "rosnah@example.sg",
      anonymous: false,
    });
    expect(unsaid["donorPhone"]).toEqual(expect.stringContaining("81234567"));
  });

  it("§5's enrolment refusals: a company without its registered address, a person's name that is no name", async () => {
    const guest = await guestCookie(portal.base);
    const company = {
      kind: "corporate",
      name: "Razak bin Ali",
      companyName: "Razak & Sons Pte. Ltd.",
      uen: "201912345K",
      email: "razak.sons@example.sg",
      termsVersion: TERMS_VERSION,
    };
    for (const address of [undefined, { postalCode: "068898", country: "SG" }]) {
      const refused = await call(
        donor("enrollDonorManuallyPreDonation"),
        { ...company, ...(address ? { address } : {}) },
        { cookie: guest },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "validation.registeredAddress.required",
        message: "Please enter registered address",
      });
    }
    const registered = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...company, address: { postalCode: "068898", streetName: "Tanjong Pagar Road" } },
      { cookie: guest },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const person = await call(
      donor("enrollDonorManuallyPreDonation"),
      {
        kind: "individual",
        name: "R2D2",
        email: "r2d2@example.sg",
        nric: nric("4023120"),
        termsVersion: TERMS_VERSION,
      },
      { cookie: guest },
    );
    expect(person.status).toBe(400);
    expect(person.body).toMatchObject({
      code: "validation.firstName.invalid",
      message: "Enter Valid First Name",
    });
  });
});
