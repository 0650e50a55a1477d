import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal, bearer, callerOf } from "../support/portal";
import { nricOf as nric } from "../support/donations";
import { payByCard } from "../support/guest-portal";

let nextPort = 4460;

const uniqueUserId = (value: string) => Buffer.from(value).toString("base64");

describe.each(testDatabases())("donor API on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  const nricA = nric("1234567");
  const nricB = nric("7654321");
  let tokenA: string;
  let tokenB: string;
  let paidByA: string;

  const call = callerOf(() => portal);
  const donor = (path: string) => `/svc/donor/api/User/${path}`;
  const payment = (path: string) => `/svc/payment/api/Donation/${path}`;

  /** A zakat donation paid by card in the sandbox, made with these headers; its transaction number. */
  const donate = async (headers: Record<string, string>, flow = "ZAKAT") => {
    const request =
      flow === "ZAKAT"
        ? { flow, items: { harta: 12_345 }, totalCents: 12_345, ratesVersion: 1 }
        : {
            flow,
            items: { ilmu: 5_000 },
            totalCents: 5_000,
            ratesVersion: 1,
            donor: { name: "Aminah", email: "a@example.com", anonymous: true },
          };
    const created = await call("/svc/payment/v1/donations/create", request, {
      ...headers,
      "idempotency-key": crypto.randomUUID(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as {
      id: string;
      clientSecret: string;
      transactionNo: string;
    };
    const confirmed = await payByCard(call, donation);
    expect((confirmed.body["data"] as { status: string }).status).toBe("succeeded");
    return donation.transactionNo;
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah@example.com", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul@example.com", name: "Badrul" });
    for (const [token, id, mobile] of [
      [tokenA, nricA, "91234567"],
      [tokenB, nricB, "98765432"],
    ] as const) {
      const registered = await call(
        donor("registerCognitoUser"),
        {
          uniqueUserId: uniqueUserId(id),
          phoneCountryCode: "+65",
          phoneNumber: mobile,
          termsVersion: TERMS_VERSION,
        },
        bearer(token),
      );
      expect(registered, JSON.stringify(registered.body)).toMatchObject({
        status: 200,
        body: { status: 0 },
      });
    }
    paidByA = await donate(bearer(tokenA));
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("shows a donor their own details with the NRIC masked, and nothing to a sign-in without a donor", async () => {
    const own = await call("/svc/main/User/getSignInUserDetails", {}, bearer(tokenA));
    expect(own.body).toMatchObject({
      status: 1,
      data: {
        name: "Aminah",
        email: "aminah@example.com",
        nric: `*****${nricA.slice(-4)}`,
        mobile: "91234567",
      },
    });
    expect(JSON.stringify(own.body)).not.toContain(nricA);
    const stranger = await call(
      "/svc/main/User/getSignInUserDetails",
      {},
      bearer(await identity.sign({ email: "c@example.com" })),
    );
    expect(stranger.body).toMatchObject({ status: 0, data: null });
    const status = await call(donor("getDonorCognitoStatus"), {}, bearer(tokenA));
    expect(status.body["data"]).toEqual({
      isRegistered: true,
      donorType: "individual",
      enrolment: "Manually",
    });
  });

  it("refuses a missing, forged, expired or foreign-audience token with 401, whatever the uuid header says", async () => {
    const forged = await identity.sign({
      email: "aminah@example.com",
      key: await identity.otherKey(),
    });
    const expired = await identity.sign({ email: "aminah@example.com", expiresIn: "-1m" });
    const foreign = await identity.sign({ email: "aminah@example.com", audience: "another-app" });
    const accessToken = await identity.sign({ token_use: "access" });
    for (const headers of [
      {},
      bearer(forged),
      bearer(expired),
      bearer(foreign),
      bearer(accessToken),
      bearer("not-a-jwt"),
    ]) {
      const reply = await call(
        payment("getDonorTransactions"),
        { pageNo: 1, pageSize: 10 },
        {
          ...headers,
          uuid: uniqueUserId(nricA),
        },
      );
      expect(reply.status).toBe(401);
      expect(reply.body["status"]).toBe(0);
    }
  });

  it("lists a donor's own transactions in the spec's record shape, and donor B gets nothing of A's", async () => {
    const listA = await call(
      payment("getDonorTransactions"),
      { pageNo: 1, pageSize: 100, phoneNumber: "98765432" },
      bearer(tokenA),
    );
    expect(listA.body).toMatchObject({ status: 1, totalRecords: 1 });
    const [record] = listA.body["resultDonationListResponse"] as Array<Record<string, unknown>>;
    expect(record).toMatchObject({
      transactionNo: paidByA,
      donorName: "Aminah",
      donorPhone: "+65 91234567",
      nricNumber: `*****${nricA.slice(-4)}`,
      donationAmount: 12_345,
      method: "DebitCard",
      status: "Completed",
      paymentMethod: "Visa",
      cardLastDigit: "4242",
      donationTo: "Zakat",
      donationType: "ZAKAT",
      recurringFrequency: "One Time",
      paymentType: 1,
      source: "Online",
    });
    expect(record?.["receiptLink"]).toMatch(
      /^\/receipt\/harta\?transactionNo=ZK\d+&token=[A-Za-z0-9_-]{43}$/,
    );
    expect(record?.["receiptNo"]).toMatch(/^ZK-\d{8}$/);
    // B asks with A's phone number and A's uuid: the list is still B's own, and empty.
    for (const path of ["getDonorTransactions", "getDonorTransactionsThirdparty"]) {
      const listB = await call(
        payment(path),
        { pageNo: 1, pageSize: 100, phoneNumber: "91234567", email: "aminah@example.com" },
        { ...bearer(tokenB), uuid: uniqueUserId(nricA) },
      );
      expect(listB.body).toMatchObject({
        status: 1,
        totalRecords: 0,
        resultDonationListResponse: [],
      });
    }
    const third = await call(payment("getDonorTransactionsThirdparty"), {}, bearer(tokenA));
    expect(
      (third.body["resultDonationListResponse"] as Array<Record<string, unknown>>)[0],
    ).toMatchObject({ transactionNo: paidByA, isRefunded: false });
    expect("isRefunded" in (record ?? {})).toBe(false);
    const main = await call("/svc/main/v1/Donation/getUserTransactions", {}, bearer(tokenA));
    expect(main.body).toMatchObject({ status: 1, totalRecords: 1 });
  });

  it("pages transaction lists at no more than 100 and refuses a bad page with 400", async () => {
    const second = await call(
      payment("getDonorTransactions"),
      { pageNo: 2, pageSize: 100 },
      bearer(tokenA),
    );
    expect(second.body).toMatchObject({
      status: 1,
      totalRecords: 1,
      resultDonationListResponse: [],
    });
    const big = await call(
      payment("getDonorTransactions"),
      { pageNo: 1, pageSize: 1000 },
      bearer(tokenA),
    );
    expect(big.body).toMatchObject({ status: 1, totalRecords: 1 });
    for (const body of [{ pageNo: 0 }, { pageNo: 1.5 }, { pageSize: "ten" }]) {
      const bad = await call(payment("getDonorTransactions"), body, bearer(tokenA));
      expect(bad.status).toBe(400);
    }
  });

  it("shows a receipt to its owner or to whoever holds its token; B and a wrong token get the same 404", async () => {
    const path = `${payment("getThirdPartyDonationReceiptData")}?transactionNo=${paidByA}`;
    const own = await call(path, {}, bearer(tokenA));
    expect(own.body).toMatchObject({
      status: 1,
      data: {
        transactionNo: paidByA,
        hartaAmount: 12_345,
        totalAmount: 12_345,
        nirc: `*****${nricA.slice(-4)}`,
        paymentStatus: "Accepted",
        cardDetails: "Visa **** 4242",
      },
    });
    const list = await call(payment("getDonorTransactions"), {}, bearer(tokenA));
    const link =
      (list.body["resultDonationListResponse"] as Array<{ receiptLink: string }>)[0]?.receiptLink ??
      "";
    const token = new URL(link, portal.base).searchParams.get("token");
    const byToken = await call(payment("getThirdPartyDonationReceiptData"), { token });
    expect(byToken.body).toMatchObject({ status: 1, data: { transactionNo: paidByA } });
    const notB = await call(path, {}, bearer(tokenB));
    const wrongToken = await call(payment("getThirdPartyDonationReceiptData"), {
      token: "x".repeat(43),
    });
    const missing = await call(
      `${payment("getThirdPartyDonationReceiptData")}?transactionNo=ZK0`,
      {},
      bearer(tokenA),
    );
    for (const reply of [notB, wrongToken, missing]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        status: 0,
        message: "Invalid Trasnsaction Number",
        code: "transaction.notFound",
      });
    }
  });

  it("answers transaction-number calls only for the donor's own donations", async () => {
    for (const path of ["getDonorByTransactionNumber"]) {
      expect((await call(donor(path), { transactionNo: paidByA }, bearer(tokenA))).status).toBe(
        200,
      );
      expect((await call(donor(path), { transactionNo: paidByA }, bearer(tokenB))).status).toBe(
        404,
      );
    }
    const status = await call(
      payment("getDonorTxnRecurrentStatus"),
      { transactionNo: paidByA },
      bearer(tokenA),
    );
    expect(status.body["data"]).toMatchObject({
      transactionNo: paidByA,
      isRecurring: false,
      recurringStatus: null,
    });
    expect(
      (
        await call(
          payment("getDonorTxnRecurrentStatus"),
          { transactionNo: paidByA },
          bearer(tokenB),
        )
      ).status,
    ).toBe(404);
    const notRecurring = await call(
      payment("cancelRecurringPayment"),
      { transactionNo: paidByA },
      bearer(tokenA),
    );
    expect(notRecurring).toMatchObject({ status: 409, body: { code: "recurring.none" } });
    expect(
      (await call(payment("cancelRecurringPayment"), { transactionNo: paidByA }, bearer(tokenB)))
        .status,
    ).toBe(404);
  });

  it("cancels only the donor's own recurring plan, once, and never for donor B", async () => {
    const sql = await database.peek();
    if (!sql) {
      // PGlite admits one process per data folder, so only the PostgreSQL run can plant a plan beside the
      // running portal; the ownership answers above run on both engines.
      expect(database.name).toBe("PGlite");
      return;
    }
    try {
      await sql.query(
        `insert into recurring_plan (id, donor_id, first_donation_id, amount_cents, frequency, status, card_token, next_charge_on)
         select gen_random_uuid(), donor_id, id, total_cents, 'monthly', 'active', 'tok_test', current_date + 30
         from donation where transaction_no = $1`,
        [paidByA],
      );
      expect(
        (await call(payment("cancelRecurringPayment"), { transactionNo: paidByA }, bearer(tokenB)))
          .status,
      ).toBe(404);
      const active = await call(
        payment("getDonorTxnRecurrentStatus"),
        { transactionNo: paidByA },
        bearer(tokenA),
      );
      expect(active.body["data"]).toMatchObject({
        isRecurring: true,
        recurringStatus: "active",
        frequency: "monthly",
      });
      const cancelled = await call(
        payment("cancelRecurringPayment"),
        { transactionNo: paidByA },
        bearer(tokenA),
      );
      expect(cancelled.body).toMatchObject({ status: 1, data: { recurringStatus: "cancelled" } });
      const again = await call(
        payment("cancelRecurringPayment"),
        { transactionNo: paidByA },
        bearer(tokenA),
      );
      expect(again.body).toMatchObject({ status: 1 });
      const after = await call(
        payment("getDonorTxnRecurrentStatus"),
        { transactionNo: paidByA },
        bearer(tokenA),
      );
      expect(after.body["data"]).toMatchObject({
        recurringStatus: "cancelled",
        nextDonationDate: null,
      });
      const [row] = await sql.query<{ count: number }>(
        "select count(*)::int as count from audit_log where action = 'recurring.cancel'",
      );
      expect(row?.count).toBe(1);
    } finally {
      await sql.close();
    }
  });

  it("checks NRIC and mobile uniqueness for signed-in callers only", async () => {
    const taken = await call(donor("checkCognitoNricExists"), { nric: nricA }, bearer(tokenB));
    expect(taken.body).toMatchObject({ status: 0, code: "nirc_exists" });
    const free = await call(
      donor("checkCognitoNricExists"),
      { nric: nric("1111111") },
      bearer(tokenB),
    );
    expect(free.body).toMatchObject({ status: 1 });
    expect((await call(donor("checkCognitoNricExists"), { nric: nricA })).status).toBe(401);
    const invalid = await call(
      donor("checkCognitoNricExists"),
      { nric: "S1234567A" },
      bearer(tokenB),
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: "validation.nric.invalid", message: "Enter Valid NRIC/FIN" },
    });
    const mobile = await call(
      donor("checkCognitoMobileExists"),
      { countryCode: "+65", mobile: "9123 4567" },
      bearer(tokenB),
    );
    expect(mobile.body["data"]).toEqual({ isExists: true });
    const ownMobile = await call(
      donor("checkCognitoMobileExists"),
      { countryCode: "+65", mobile: "91234567" },
      bearer(tokenA),
    );
    expect(ownMobile.body["data"]).toEqual({ isExists: false });
  });

  it("looks up e-mail accounts only for the caller's own address", async () => {
    const own = await call(
      payment("getCognitoUser"),
      { email: "aminah@example.com" },
      bearer(tokenA),
    );
    expect(own.body["data"]).toEqual({ isEmailExists: true, accCount: 1 });
    const other = await call(
      payment("getCognitoUser"),
      { email: "badrul@example.com" },
      bearer(tokenA),
    );
    expect(other.status).toBe(403);
    // The e-mail never travels in an address: the old query form is refused, by GET or POST.
    for (const method of ["GET", "POST"] as const) {
      const old = await call(
        `${payment("getCognitoUser")}?email=aminah@example.com`,
        {},
        bearer(tokenA),
        method,
      );
      expect(old.status, method).toBeGreaterThanOrEqual(400);
      expect(old.body["data"], method).toBeUndefined();
    }
    const emails = await call(donor("getEmailListForUser"), {}, bearer(tokenA));
    expect(emails.body["data"]).toEqual([{ email: "aminah@example.com" }]);
  });

  it("counts a social sign-in back from its provider beside the registered account with its e-mail (§4 'two accounts')", async () => {
    const social = await identity.sign({ email: "aminah@example.com", name: "Aminah" });
    const both = await call(
      payment("getCognitoUser"),
      { email: "aminah@example.com" },
      bearer(social),
    );
    expect(both.body["data"]).toEqual({ isEmailExists: true, accCount: 2 });
    const alone = await identity.sign({ email: "first.time@example.com" });
    const one = await call(
      payment("getCognitoUser"),
      { email: "first.time@example.com" },
      bearer(alone),
    );
    expect(one.body["data"]).toEqual({ isEmailExists: true, accCount: 1 });
  });

  it("never lets a sign-in claim someone else's NRIC; the answer is the spec's 'NRIC already exists'", async () => {
    const mallory = await identity.sign({ email: "mallory@example.com" });
    const claim = await call(
      donor("registerCognitoUser"),
      { uniqueUserId: uniqueUserId(nricA), termsVersion: TERMS_VERSION },
      bearer(mallory),
    );
    expect(claim).toMatchObject({
      status: 409,
      body: { status: 1, code: "signup_failed_nric_exists" },
    });
    const history = await call(payment("getDonorTransactions"), {}, bearer(mallory));
    expect(history.body).toMatchObject({ totalRecords: 0 });
    const bad = await call(
      donor("registerCognitoUser"),
      { uniqueUserId: uniqueUserId("S0000000Z") },
      bearer(mallory),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { status: 1, code: "validation.nric.invalid" },
    });
  });

  it("lets a donor change their own mobile, profile and e-mail, and refuses another donor's mobile", async () => {
    const clash = await call(
      donor("updateCognitoUser"),
      { phoneCountryCode: "+65", phoneNumber: "91234567" },
      bearer(tokenB),
    );
    expect(clash).toMatchObject({ status: 409, body: { code: "validation.mobile.exists" } });
    expect(
      (
        await call(
          donor("updateCognitoUser"),
          { phoneCountryCode: "+65", phoneNumber: "98765000" },
          bearer(tokenB),
        )
      ).status,
    ).toBe(200);
    const profile = await call(
      donor("updateDonorCognitoProfile"),
      {
        uniqueUserId: uniqueUserId(nricB),
        // §5's text helper on the server: the markup and the run of spaces go ("Badrul Hisham" below).
        name: "  Badrul   <b>Hisham</b>",
        address: { postalCode: "123456", streetName: "Jalan Bahagia" },
        profile: { race: "Malay" },
      },
      bearer(tokenB),
    );
    expect(profile.status).toBe(200);
    const someoneElses = await call(
      donor("updateDonorCognitoProfile"),
      { uniqueUserId: uniqueUserId(nricA), name: "Hijacked" },
      bearer(tokenB),
    );
    expect(someoneElses.status).toBe(404);
    expect(
      (
        await call(
          donor("updateDonorEmailCognitoProfile"),
          { email: "not-an-email" },
          bearer(tokenB),
        )
      ).body,
    ).toMatchObject({ code: "validation.email.invalid" });
    // The record follows the sign-in's e-mail only once the provider verified the new address.
    const subjectB = JSON.parse(
      Buffer.from(tokenB.split(".")[1] ?? "", "base64url").toString(),
    ) as { sub: string };
    const unverified = await call(
      donor("updateDonorEmailCognitoProfile"),
      { email: "badrul.h@example.com" },
      bearer(tokenB),
    );
    expect(unverified.status).toBe(409);
    expect(unverified.body).toMatchObject({ code: "email.unverified" });
    const pending = await identity.sign({
      subject: subjectB.sub,
      email: "badrul.h@example.com",
      emailVerified: false,
    });
    expect(
      (
        await call(
          donor("updateDonorEmailCognitoProfile"),
          { email: "badrul.h@example.com" },
          bearer(pending),
        )
      ).status,
    ).toBe(409);
    const verified = await identity.sign({ subject: subjectB.sub, email: "badrul.h@example.com" });
    expect(
      (
        await call(
          donor("updateDonorEmailCognitoProfile"),
          { email: "Badrul.H@example.com" },
          bearer(verified),
        )
      ).status,
    ).toBe(200);
    const details = await call("/svc/main/User/getSignInUserDetails", {}, bearer(verified));
    expect(details.body["data"]).toMatchObject({
      name: "Badrul Hisham",
      mobile: "98765000",
      email: "badrul.h@example.com",
      race: "Malay",
      pincode: "123456",
    });
    const a = await call("/svc/main/User/getSignInUserDetails", {}, bearer(tokenA));
    expect(a.body["data"]).toMatchObject({ name: "Aminah" });
    const last = await call(donor("getLastTxnDonorDetailsByNric"), {}, bearer(tokenA));
    expect(last.body["data"]).toMatchObject({ name: "Aminah", lastTransactionNo: paidByA });
    const cards = await call(
      "/svc/main/User/getUserStripeToken?Guid=x&charityId=25",
      undefined,
      bearer(tokenA),
      "GET",
    );
    expect(cards.body).toMatchObject({ status: 1, data: { userStripeTokens: { result: [] } } });
  });

  it("enrols a guest before donating: the guest's donation is theirs once they register with the verified e-mail it was given with", async () => {
    const guest = await guestCookie(portal.base);
    const nricG = nric("2345678");
    const details = {
      name: "Guest Donor",
      email: "guest@example.com",
      countryCode: "+65",
      mobile: "81234567",
      nric: nricG,
      address: { postalCode: "654321" },
    };
    expect((await call(donor("enrollDonorManuallyPreDonation"), details)).status).toBe(401);
    // A registered NRIC answers like any other (issue 22: no oracle); it opens nothing of A's.
    const registeredNric = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...details, nric: nricA },
      { cookie: guest },
    );
    expect(registeredNric).toMatchObject({ status: 200, body: { data: { enrolmentId: 1 } } });
    const invalid = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...details, email: "x@" },
      { cookie: guest },
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: "validation.email.invalid", message: "Please enter valid email address" },
    });
    // §5's text helper on the server, as checkout applies it: markup is never kept. A name that is
    // only markup is no name; the address parts a donor types are cleaned; the country is no free text.
    const markedName = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...details, name: "<img src=x onerror=alert(1)>" },
      { cookie: guest },
    );
    expect(markedName).toMatchObject({
      status: 400,
      body: { code: "validation.fullName.enter" },
    });
    for (const field of ["blockNumber", "streetName", "buildingName", "floorNo", "country"]) {
      const markedAddress = await call(
        donor("enrollDonorManuallyPreDonation"),
        // Within the floor's five characters before cleaning too.
        {
          ...details,
          address: { postalCode: "654321", [field]: field === "floorNo" ? "<i>1" : "<b>1</b>" },
        },
        { cookie: guest },
      );
      expect(markedAddress.status, field).toBe(field === "country" ? 400 : 200);
    }
    for (const [dateOfBirth, code] of [
      [`01/01/${new Date().getFullYear() + 1}`, "validation.date.future"],
      ["1990-08-15", "validation.date.invalid"],
    ]) {
      const refusedDate = await call(
        donor("enrollDonorManuallyPreDonation"),
        { ...details, profile: { dateOfBirth } },
        { cookie: guest },
      );
      expect(refusedDate).toMatchObject({ status: 400, body: { code } });
    }
    // Issue 34: a name of 67 characters is refused before anything is kept; 66 is taken. A company's
    // contact person stays under §5's 50.
    const longName = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...details, name: "A".repeat(67) },
      { cookie: guest },
    );
    expect(longName.status).toBe(400);
    expect(
      (
        await call(
          donor("enrollDonorManuallyPreDonation"),
          { ...details, name: "A".repeat(66) },
          { cookie: guest },
        )
      ).status,
    ).toBe(200);
    const company = {
      ...details,
      kind: "corporate",
      nric: undefined,
      uen: "53312345K",
      companyName: "Kedai Runcit Pte Ltd",
      address: { postalCode: "654321", streetName: "Simei Street 1" },
    };
    expect(
      await call(
        donor("enrollDonorManuallyPreDonation"),
        { ...company, name: "A".repeat(50) },
        { cookie: guest },
      ),
    ).toMatchObject({ status: 400, body: { code: "validation.contactPerson.invalid" } });
    expect(
      (
        await call(
          donor("enrollDonorManuallyPreDonation"),
          { ...company, name: "A".repeat(49) },
          { cookie: guest },
        )
      ).status,
    ).toBe(200);
    const enrolled = await call(
      donor("enrollDonorManuallyPreDonation"),
      { ...details, profile: { dateOfBirth: "15/08/1990" } },
      { cookie: guest },
    );
    expect(enrolled.body).toMatchObject({ status: 1, data: { enrolmentId: 1 } });
    const paid = await donate({ cookie: guest });
    const owner = await identity.sign({ email: "guest@example.com" });
    expect(
      (
        await call(
          donor("registerCognitoUser"),
          { uniqueUserId: uniqueUserId(nricG), termsVersion: TERMS_VERSION },
          bearer(owner),
        )
      ).body,
    ).toMatchObject({ status: 0 });
    const history = await call(payment("getDonorTransactions"), {}, bearer(owner));
    expect(history.body).toMatchObject({
      totalRecords: 1,
      resultDonationListResponse: [{ transactionNo: paid }],
    });
    // The NRIC is now registered: another sign-in, or one whose e-mail is unverified, is refused.
    const other = await identity.sign({ email: "someone@example.com" });
    const wrongEmail = await call(
      donor("registerCognitoUser"),
      { uniqueUserId: uniqueUserId(nricG), termsVersion: TERMS_VERSION },
      bearer(other),
    );
    expect(wrongEmail.body["code"]).toBe("signup_failed_nric_exists");
    const unverified = await identity.sign({ email: "guest@example.com", emailVerified: false });
    expect(
      (
        await call(
          donor("registerCognitoUser"),
          { uniqueUserId: uniqueUserId(nricG), termsVersion: TERMS_VERSION },
          bearer(unverified),
        )
      ).status,
    ).toBe(409);
    expect(portal.output()).not.toContain(nricG);
    expect(portal.output()).not.toContain(nricA);
  });

  it("keeps identity numbers encrypted at rest, with only a keyed hash beside them", async () => {
    const sql = await database.peek();
    if (!sql) {
      expect(database.name).toBe("PGlite");
      return;
    }
    try {
      const rows = await sql.query<{
        nric_encrypted: Buffer;
        nric_hash: Buffer;
        profile: unknown;
        address: unknown;
      }>("select nric_encrypted, nric_hash, profile, address from donor");
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        const everything = Buffer.concat([
          row.nric_encrypted,
          row.nric_hash,
          Buffer.from(JSON.stringify([row.profile, row.address])),
        ]).toString("latin1");
        for (const id of [nricA, nricB]) expect(everything).not.toContain(id);
      }
    } finally {
      await sql.close();
    }
  });

  it("serves the wakaf widget, pay partners and a donor wall where anonymous givers are 'Hamba Allah'", async () => {
    await donate({ cookie: await guestCookie(portal.base) }, "ILMU");
    const wall = await call(
      "/svc/main/v1/Donation/donorWall?charityId=135&pageNumber=1&pageSize=10",
    );
    expect(wall.body).toMatchObject({
      status: 1,
      totalRecords: 1,
      data: [{ donorName: "Hamba Allah", donationAmount: 5_000 }],
    });
    expect(JSON.stringify(wall.body)).not.toContain("Aminah");
    const wms = await call("/svc/main/v1/Donation/donorWall?charityId=136");
    expect(wms.body).toMatchObject({ totalRecords: 0, data: [] });
    expect((await call("/svc/main/v1/Donation/donorWall?charityId=25")).status).toBe(404);
    const widget = await call("/svc/wakaf/v1/Donation/donationWidget?charityId=136");
    expect(widget.body["data"]).toMatchObject({
      charityId: 136,
      donationTypeId: 34,
      minAmount: 1_000,
      maxAmount: 2_000_000,
    });
    const partners = await call("/svc/main/v1/Donation/getPayPartners?charityId=25");
    expect((partners.body["data"] as Array<{ icon: string }>).map((p) => p.icon)).toEqual([
      "default",
      "googlepay",
      "applepay",
      "paynow",
    ]);
  });
});
