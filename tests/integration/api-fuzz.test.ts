import fc from "fast-check";
import { nricCheckLetter, TERMS_VERSION } from "@portal/domain";
import { apiCalls, defaultBases } from "@portal/adapters";
import type { Sql } from "@portal/adapters/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { readPortalDatabase, testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { Donor, nricOf, type Paid } from "../support/donations";

let nextPort = 4480;

/**
 * Every table's row count but the guest sessions' (asking for a session is meant to write one) and the
 * rate-limit windows' (every call to a limited endpoint is counted before it is read, refused or not:
 * that is how guessing stops answering), and the global sign-outs' (signOutEverywhere needs nothing
 * but a valid token, which the fuzz sends: ending that sign-in is what the call is for), and the
 * donors' history versions (migration 034: a stamp the triggers draw whenever a donor's rows are
 * touched, background jobs included; derived state, not a record: the record tables stay counted).
 */
async function rowCounts(
  sql: Sql,
  without: ReadonlyArray<string> = [],
): Promise<Record<string, number>> {
  const tables = (
    await sql.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('guest_session', 'rate_window', 'identity_sign_out', 'donor_history_version') order by 1",
    )
  ).filter(({ name }) => !without.includes(name));
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql.query<{ count: number }>(`select count(*)::int as count from ${name}`);
    counts[name] = row?.count ?? 0;
  }
  // What the gifts have had back: a refund writes a row, but its amount is checked too.
  const [refunded] = await sql.query<{ cents: number }>(
    "select coalesce(sum(refunded_cents), 0)::int as cents from donation",
  );
  counts["donation.refunded_cents"] = refunded?.cents ?? 0;
  return counts;
}

/** A call's path by its name in the table of calls. */
const call = (name: string) => {
  const found = apiCalls.find((entry) => entry.name === name);
  if (!found) throw new Error(`no call ${name}`);
  return `${defaultBases[found.base]}${found.path}`;
};

/** Random JSON shaped like the calls' bodies: their field names with values of any type. */
const fieldNames = [
  "nric",
  "uniqueUserId",
  "email",
  "mobile",
  "phoneNumber",
  "phoneCountryCode",
  "countryCode",
  "name",
  "transactionNo",
  "pageNo",
  "pageSize",
  "source",
  "token",
  "flow",
  "items",
  "totalCents",
  "ratesVersion",
  "donationId",
  "clientSecret",
  "paymentMethodId",
  "address",
  "profile",
  "kind",
  "uen",
  "companyName",
  "postalCode",
];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.json({ maxDepth: 2 }).map((text) => JSON.parse(text) as unknown),
);
const body = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 })
    .map((o) => JSON.stringify(o)),
);

describe.each(testDatabases())("every endpoint under random input on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let dataDir: string;
  let env: Record<string, string>;
  let auth: ReadonlyArray<Record<string, string>>;

  /** The database behind the portal; for PGlite the portal must be stopped first (one opener). */
  const counts = (without: ReadonlyArray<string> = []) =>
    readPortalDatabase(
      database,
      portal,
      async () => (portal = await startPortal(nextPort++, dataDir, env)),
      (sql) => rowCounts(sql, without),
    );

  beforeAll(async () => {
    identity = await startTestIdentity();
    env = { ...(await database.portalEnv()), ...identity.env };
    portal = await startPortal(nextPort++, undefined, env);
    dataDir = portal.dataDir;
    const registered = await identity.sign({ email: "fuzz@example.com" });
    const digits = "3456789";
    const reply = await fetch(`${portal.base}/svc/donor/api/User/registerCognitoUser`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${registered}` },
      body: JSON.stringify({
        uniqueUserId: Buffer.from(`S${digits}${nricCheckLetter("S", digits)}`).toString("base64"),
        termsVersion: TERMS_VERSION,
      }),
    });
    expect(reply.status).toBe(200);
    auth = [
      {},
      { cookie: await guestCookie(portal.base) },
      { authorization: `Bearer ${registered}` },
      { authorization: `Bearer ${await identity.sign({ email: "new@example.com" })}` },
      { authorization: "Bearer forged.token.value", uuid: "UzEyMzQ1NjdE" },
    ];
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("refuses a NUL byte in any decoded field with 400, never a 5xx or a misleading 503", async () => {
    const signedIn = auth[2] ?? {};
    const send = async (route: string, payload: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${portal.base}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(payload),
      });
      return { status: response.status, text: await response.text() };
    };
    for (const name of [
      "getDonorTxnRecurrentStatus",
      "cancelRecurringPayment",
      "updateRecurringPlan",
      "getTaxDeductionStatus",
    ]) {
      const reply = await send(
        call(name),
        { transactionNo: "ZK1\u0000", amountCents: 1000 },
        signedIn,
      );
      expect(reply.status, `${name} -> ${reply.text}`).toBe(400);
    }
    // A NUL in the card's id: a malformed request (400), not "the payment service did not answer".
    const guest = { cookie: await guestCookie(portal.base) };
    const config = await send(call("homePageConfiguration") + "?charityId=25", {});
    const ratesVersion = (JSON.parse(config.text) as { data: { version: number } }).data.version;
    const created = await send(
      "/svc/payment/v1/donations/create",
      { flow: "FIDYAH", items: { fidyah: { days: 1 } }, totalCents: 400, ratesVersion },
      { ...guest, "idempotency-key": `nul-${database.name}` },
    );
    expect(created.status, created.text).toBe(200);
    const donation = (JSON.parse(created.text) as { data: { id: string; clientSecret: string } })
      .data;
    const confirm = await send(
      "/svc/payment/v1/donations/confirm",
      {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId: "pm_\u0000",
      },
      guest,
    );
    expect(confirm.status, confirm.text).toBe(400);
    // The sandbox's card endpoint: an expiry year no card has is refused, not a 500.
    for (const expYear of [1e308, 1e10, 99_999]) {
      const card = await send("/sandbox/v1/payment_methods", {
        number: "4242424242424242",
        expMonth: 12,
        expYear,
        cvc: "123",
      });
      expect(card.status, `${expYear} -> ${card.text}`).toBe(402);
      expect(card.text).toContain("invalid_expiry");
    }
  });

  it("answers thousands of random and malformed requests without a 5xx, and writes no row for them", async () => {
    const before = await counts();
    const paths = apiCalls
      .filter((call) => call.name !== "guest")
      .map((call) => `${defaultBases[call.base]}${call.path}`);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom(
            "charityId",
            "email",
            "transactionNo",
            "pageNumber",
            "pageSize",
            "Guid",
            "x",
          ),
          fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
          { maxKeys: 3 },
        ),
        body,
        fc.constantFrom(...auth),
        fc.constantFrom("GET", "POST", "POST", "POST", "PUT"),
        async (route, query, text, headers, method) => {
          const search = new URLSearchParams(query).toString();
          const response = await fetch(`${portal.base}${route}${search ? `?${search}` : ""}`, {
            method,
            headers: { "content-type": "application/json", "idempotency-key": "fuzz", ...headers },
            ...(method === "GET" ? {} : { body: text }),
          });
          const answer = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${method} ${route} ${text} -> ${answer}`).toBeLessThan(500);
          expect(() => JSON.parse(answer) as unknown).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
    // The property ran against real refusals, not only against one kind of answer: bad input (400), no
    // or a forged sign-in (401) and a wrong method (405) each come up hundreds of times in 2,000 runs
    // (an unknown record's 404 only a few times, so it is not required).
    expect(
      [400, 401, 405].filter((status) => (statuses.get(status) ?? 0) > 0),
      JSON.stringify(Object.fromEntries(statuses)),
    ).toEqual([400, 401, 405]);
    expect(await counts()).toEqual(before);
  }, 180_000);

  it("answers 5,000 malformed console and newer service requests without a 5xx, and writes no row for them", async () => {
    const admin = await signInOfficer(portal.base, dataDir, "admin");
    const gift = await paidGift(portal.base);
    const wakaf = await paidGift(portal.base, "WMS");
    // The console's look-ups (search, plans, a donation's page) are audited when they answer, and a
    // signed-in officer's refused call may be too: the audit log is left out of the count. So are
    // the finance figures' running totals, which fold the two gifts above in when the dashboard is
    // read or their job runs (derived state; the gifts' own rows, `finance_paid_gift`, stay
    // counted). Every other table, and what the gifts have had back, must stay as it was.
    const unchecked = [
      "console_audit",
      "finance_delta",
      "finance_day_total",
      "finance_minute_total",
      "finance_donor_sketch",
    ];
    const before = await counts(unchecked);
    const requests = [
      ...attackRequests(gift),
      ...consoleRequests(gift, wakaf),
      ...serviceRequests(gift),
      ...randomConsoleRequests(gift, 2_500),
    ];
    expect(requests.length).toBeGreaterThanOrEqual(5_000);
    const statuses = new Map<number, number>();
    const faults: string[] = [];
    const changed: string[] = [];
    await inPool(requests, 6, async (request) => {
      const reply = await send(portal.base, admin, request);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const what = `${request.method} ${request.path} ${request.body ?? ""}`.slice(0, 300);
      if (reply.status >= 500)
        faults.push(`${what} -> ${reply.status} ${reply.text.slice(0, 200)}`);
      // A refusal says why in JSON (an address no call has is the site's 404 page; a download is CSV).
      else if (reply.status >= 400 && reply.status !== 404 && !isJson(reply.text))
        faults.push(`${what} -> not JSON: ${reply.text.slice(0, 100)}`);
      if (request.expect400 && reply.status !== 400)
        faults.push(`${what} -> ${reply.status}, not 400: ${reply.text.slice(0, 200)}`);
      // Every changing request here is malformed: none may be carried out.
      if (reply.status < 300 && request.method === "POST" && !reads(request.path))
        changed.push(`${what} -> ${reply.status}`);
    });
    expect(faults, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
    expect(changed).toEqual([]);
    // Refused for what they were (400 above all), not only turned away at the door.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(requests.length / 2);
    expect(await counts(unchecked)).toEqual(before);
  }, 300_000);
});

/**
 * POSTs that only read (a search, a look-up, a download; the service calls' reads and refusals are
 * held by the row count): a 200 there changes nothing.
 */
const reads = (path: string) =>
  path === "/console/api/plans" ||
  ["/console/api/donations/search", "/console/api/finance/iras", "/svc/"].some((read) =>
    path.startsWith(read),
  );

interface FuzzRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly path: string;
  /** The body's text, sent as is (so it may be no JSON at all). */
  readonly body?: string;
  readonly contentType?: string;
  /** Without the console session or its CSRF token. */
  readonly anonymous?: boolean;
  /** The attack's answer must be exactly 400 (the issue's cases). */
  readonly expect400?: boolean;
}

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A paid gift to act on (a wakaf one for the donor wall). */
async function paidGift(base: string, flow: "FIDYAH" | "WMS" = "FIDYAH"): Promise<Paid> {
  return (await new Donor(base).start()).donate(
    flow === "FIDYAH"
      ? { flow, items: { fidyah: { days: 2 } }, totalCents: 800 }
      : { flow, items: { wms: 1_000 }, totalCents: 1_000 },
  );
}

async function send(base: string, admin: ConsoleOfficer, request: FuzzRequest) {
  const officer = request.path.startsWith("/console/") && !request.anonymous;
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: {
      ...(officer ? { cookie: admin.cookie, origin: base, "x-console-csrf": admin.csrf } : {}),
      ...(request.body === undefined
        ? {}
        : { "content-type": request.contentType ?? "application/json" }),
      "idempotency-key": `fuzz-${Math.random()}`,
    },
    ...(request.body === undefined || request.method === "GET" ? {} : { body: request.body }),
  });
  return { status: response.status, text: await response.text() };
}

async function inPool<T>(items: ReadonlyArray<T>, width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * Values wrong for any field they replace: the wrong type, text with a NUL or a lone surrogate,
 * text longer than any field takes, a number no amount is. None is valid anywhere, so a request
 * carrying one must be refused.
 */
const BROKEN: ReadonlyArray<unknown> = [
  null,
  [],
  [1, "two"],
  1.5,
  1e300,
  "\u0000",
  "Jalan \ud800",
  "\udc00 Besar",
  "x\udbff\u0000",
  "a".repeat(3_000),
  { "\u0000": 1 },
  { nested: "\ud800" },
];

/** Bodies that are no object of fields, or no JSON: refused whatever the call. */
const BROKEN_BODIES: ReadonlyArray<Pick<FuzzRequest, "body" | "contentType">> = [
  { body: "" },
  { body: "{" },
  { body: "not json" },
  { body: "[]" },
  { body: "null" },
  { body: "42" },
  { body: '"text"' },
  { body: '{"a":"\\ud800"}' },
  { body: '{"\\udc00":1}' },
  { body: '{"a":"\\u0000"}' },
  { body: "{}", contentType: "text/plain" },
  { body: "{}", contentType: "application/x-www-form-urlencoded" },
];

/** Every path of `template`'s fields (nested objects too), each with one value broken. */
function* broken(template: Record<string, unknown>): Generator<unknown> {
  for (const [key, value] of Object.entries(template)) {
    for (const bad of BROKEN) yield { ...template, [key]: bad };
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      for (const inner of broken(value as Record<string, unknown>))
        yield { ...template, [key]: inner };
  }
}

/** The issue's cases, each an explicit request that must answer 400. */
function attackRequests(gift: Paid): FuzzRequest[] {
  const post = (path: string, body: unknown): FuzzRequest => ({
    method: "POST",
    path,
    body: JSON.stringify(body),
    expect400: true,
  });
  const refund = `/console/api/donations/${gift.transactionNo}?do=refund`;
  const counter = {
    fund: "harta",
    amountCents: 1_000,
    method: "cash",
    mosqueName: "Masjid Sultan",
  };
  return [
    ...["100", "1e2", null, [], {}, true, 1.5, -1, 0, 801].map((amountCents) =>
      post(refund, { amountCents, reason: "Donor asked" }),
    ),
    post(refund, { reason: "Donor asked" }),
    post("/console/api/counter", { ...counter, donor: { name: 1 } }),
    post("/console/api/counter", counter),
    post("/console/api/donations/search", { email: 1 }),
    post("/console/api/plans", { email: "a\u0000@example.sg" }),
    { method: "GET", path: "/console/api/audit?officer=%00", expect400: true },
    { method: "GET", path: "/console/api/donations/%00", expect400: true },
    post("/svc/donor/api/User/enrollDonorManuallyPreDonation", {
      kind: "individual",
      name: "Rosnah Kassim",
      nric: nricOf("4023119"),
      address: { postalCode: "123456", streetName: "\ud800" },
    }),
  ];
}

/** Every console call: its body with each field broken, broken bodies, and broken addresses. */
function consoleRequests(gift: Paid, wakaf: Paid): FuzzRequest[] {
  const tx = gift.transactionNo;
  const uuid = "00000000-0000-4000-8000-000000000000";
  const posts: ReadonlyArray<[string, Record<string, unknown>]> = [
    [`/console/api/donations/${tx}?do=refund`, { amountCents: 100, reason: "Donor asked" }],
    [`/console/api/donations/${tx}?do=refund`, { rest: true, reason: "Donor asked" }],
    [`/console/api/donations/${tx}?do=void`, { reason: "Entered twice" }],
    [`/console/api/donations/${tx}?do=resend`, { reason: "Lost it" }],
    [
      `/console/api/donations/${tx}?do=reissue`,
      { reason: "Name misspelt", particulars: { name: "Siti Aminah", email: "s@example.sg" } },
    ],
    [
      "/console/api/counter",
      {
        fund: "harta",
        amountCents: 1_000,
        method: "cheque",
        reference: "CHQ-1001",
        bankName: "DBS",
        mosqueName: "Masjid Sultan",
        donor: {
          name: "Abdul Karim",
          email: "karim@example.sg",
          countryCode: "+65",
          mobile: "91234567",
          idNumber: nricOf("1357913"),
          anonymous: false,
        },
      },
    ],
    [
      "/console/api/donations/search",
      {
        receiptNo: "ZK-00000001",
        transactionNo: tx,
        from: "2026-01-01",
        to: "2026-12-31",
        flow: "FIDYAH",
        method: "card",
        status: "succeeded",
        minCents: 1,
        maxCents: 100_000,
        email: "s@example.sg",
        idNumber: nricOf("1357913"),
        page: 1,
      },
    ],
    [
      "/console/api/plans",
      { email: "s@example.sg", idNumber: nricOf("1357913"), transactionNo: tx },
    ],
    [`/console/api/plans/${uuid}`, { note: "Donor asked to stop" }],
    [`/console/api/wall/${wakaf.transactionNo}`, { hidden: true, reason: "Rude name" }],
    [`/console/api/reversals/${uuid}?do=approve`, {}],
    [`/console/api/reversals/${uuid}?do=retry`, {}],
    [
      "/console/api/rates",
      { changes: { nisabValue: 1_100_000 }, effectiveAt: "2099-01-01T00:00:00Z" },
    ],
    ["/console/api/rates/999999?do=withdraw", {}],
    // Issue 32: a counter's shift, its close and sign-off, and the counter devices.
    ["/console/api/counter/shift", { mosqueName: "Masjid Sultan", floatCents: 10_000 }],
    [
      `/console/api/counter/shifts/${uuid}?do=close`,
      {
        cash: { "10000": 1, "500": 2 },
        chequeCount: 1,
        chequeCents: 5_000,
        netsCents: 0,
        reason: "Counted twice",
      },
    ],
    [`/console/api/counter/shifts/${uuid}?do=approve`, {}],
    [
      "/console/api/counter/devices",
      {
        mosqueName: "Masjid Sultan",
        label: "Counter 9",
        publicKey: { kty: "EC", crv: "P-256", x: "AAAA", y: "AAAA" },
        blockSize: 100,
      },
    ],
    [`/console/api/counter/devices/${uuid}?do=revoke`, {}],
    [`/console/api/counter/devices/${uuid}?do=block`, { blockSize: 500 }],
    [`/console/api/counter/devices/${uuid}?do=amil`, {}],
    // An officer's decision on a counter device's held or flagged entry.
    [
      "/console/api/counter/entries?do=take",
      { deviceId: uuid, key: "till-1-0001", reason: "Checked with the amil" },
    ],
    [
      "/console/api/counter/entries?do=move",
      { deviceId: uuid, key: "till-1-0001", reason: "Checked with the amil", shiftId: uuid },
    ],
    ["/console/api/finance/sign-off", { day: "2020-01-01" }],
    ["/console/api/finance/iras", { year: 2020 }],
    [
      "/console/api/content",
      {
        charityId: 25,
        contact: { email: "info@example.sg", phone: "+65 6123 4567" },
        donorWall: { shown: true, pageSize: 10 },
      },
    ],
  ];
  const requests: FuzzRequest[] = [];
  for (const [path, template] of posts) {
    for (const body of broken(template))
      requests.push({ method: "POST", path, body: JSON.stringify(body) });
    for (const body of BROKEN_BODIES) requests.push({ method: "POST", path, ...body });
  }
  const gets = [
    "/console/api/session",
    "/console/api/reversals",
    `/console/api/donations/${tx}`,
    "/console/api/rates",
    "/console/api/audit?officer=x&action=rates&entity=1&from=2026-01-01&to=2026-12-31&before=5",
    "/console/api/content?charityId=25",
    "/console/api/finance/dashboard?from=2026-01-01&to=2026-01-31&fund=harta",
    "/console/api/finance/day?day=2026-01-01",
    "/console/api/finance/iras?year=2026",
    "/console/api/finance/export?from=2026-01-01&to=2026-01-02&format=csv",
    "/console/api/counter/shift",
    "/console/api/counter/shifts?from=2026-01-01&to=2026-01-31&mosque=x&amil=x&by=night",
    `/console/api/counter/shifts/${uuid}`,
    "/console/api/counter/devices",
  ];
  const urlBits = [
    "%00",
    "%ED%A0%80",
    "%E0%A4%A",
    "%FF",
    "%",
    "\u0000",
    "x".repeat(3_000),
    "-1",
    "1e300",
  ];
  for (const path of gets) {
    const [route = "", query = ""] = path.split("?");
    for (const bit of urlBits) {
      requests.push({ method: "GET", path: `${route}/${bit}` });
      requests.push({ method: "GET", path: `${route}${bit}` });
      if (query)
        for (const name of new URLSearchParams(query).keys())
          requests.push({
            method: "GET",
            path: `${route}?${query.replace(`${name}=`, `${name}=${bit}&_=`)}`,
          });
      else requests.push({ method: "GET", path: `${route}?q=${bit}` });
    }
    // Without the session: 401 whatever is asked.
    requests.push({ method: "GET", path, anonymous: true });
  }
  for (const [path] of posts) {
    requests.push({ method: "POST", path, body: "{}", anonymous: true });
    requests.push({ method: "PUT", path, body: "{}" });
    requests.push({ method: "DELETE", path });
  }
  for (const bit of ["%00", "%ED%A0%80", "x".repeat(3_000), "..%2F..%2Fetc", "%2500"])
    for (const what of ["refund", "void", "resend", "reissue", "__proto__", "constructor"])
      requests.push({
        method: "POST",
        path: `/console/api/donations/${bit}?do=${what}`,
        body: JSON.stringify({ rest: true, reason: "Donor asked" }),
      });
  return requests;
}

/** The newer service calls: each one's body with each field broken, and broken bodies. */
function serviceRequests(gift: Paid): FuzzRequest[] {
  const nric = nricOf("4023119");
  const donor = {
    kind: "individual",
    name: "Rosnah Kassim",
    email: "rosnah@example.sg",
    countryCode: "+65",
    mobile: "81234567",
    nric,
    address: {
      postalCode: "123456",
      blockNumber: "1",
      streetName: "Jalan Besar",
      unitNo: "#01-01",
    },
    profile: { nationality: "Singaporean", marketingConsent: true },
  };
  const templates: ReadonlyArray<[string, Record<string, unknown>]> = [
    ["enrollDonorManuallyPreDonation", { ...donor, termsVersion: TERMS_VERSION }],
    ["confirmSingpassPreDonation", { ...donor, termsVersion: TERMS_VERSION }],
    ["updateDonorCognitoProfile", donor],
    ["updateDonorEmailCognitoProfile", { uniqueUserId: "UzEyMzQ1NjdE", email: "a@example.sg" }],
    ["checkCognitoMobileExists", { countryCode: "+65", mobile: "81234567" }],
    ["updateCognitoUser", { phoneCountryCode: "+65", phoneNumber: "81234567" }],
    ["checkCognitoNricExists", { nric }],
    ["getLastTxnDonorDetailsByNric", { nric }],
    ["getEmailListForUser", { email: "a@example.sg" }],
    ["registerCognitoUser", { uniqueUserId: "UzEyMzQ1NjdE", termsVersion: TERMS_VERSION }],
    ["getTaxYearStatement", { year: 2026, lang: "en" }],
    ["getZakatDueCalendar", { lang: "ms" }],
    ["holdSocialNric", { nric, termsVersion: TERMS_VERSION }],
    ["lookupPostalCode", { postalCode: "123456" }],
    ["lookupLocation", { latitude: 1.3, longitude: 103.8 }],
    ["startSingpassLogin", { lang: "en" }],
    ["completeSingpassLogin", { state: "s".repeat(20), code: "c", iss: "https://id.example" }],
    ["registerTaxDeduction", { transactionNo: gift.transactionNo, idType: "NRIC", idNumber: nric }],
    ["getTaxDeductionStatus", { transactionNo: gift.transactionNo }],
    ["saveHaulEntry", { wealth: "cpf", kind: "balance", date: "2026-01-31", balanceCents: 100 }],
    ["deleteHaulEntry", { id: "00000000-0000-4000-8000-000000000000" }],
    ["getAssessment", { id: "00000000-0000-4000-8000-000000000000" }],
    ["deleteAssessment", { id: "00000000-0000-4000-8000-000000000000" }],
    [
      "saveAssessment",
      { inputs: { savings: [{ amount: 2_000_000, interest: 0 }], cpfOrdinary: 100, shares: [] } },
    ],
    ["setReminderPreferences", { haul: true, ramadan: false, lang: "ms" }],
    // The ledger takes no fields: a receipt number, a transaction or a donor in it is a 400.
    ["getYearLedger", { receiptNo: "ZK-00000001" }],
    [
      "startInstalmentPlan",
      { assessmentId: "00000000-0000-4000-8000-000000000000", haulOn: "2026-12-31", lang: "en" },
    ],
    // From the haul tracker's running haul (the server prices it; the figure is only compared).
    ["startInstalmentPlan", { wealth: "savings", amountCents: 50_000, lang: "ms" }],
    ["stopInstalmentPlan", { id: "00000000-0000-4000-8000-000000000000" }],
    [
      "updateRecurringPlan",
      { transactionNo: gift.transactionNo, amountCents: 1_000, savedCardId: "c" },
    ],
    ["getDonorTxnRecurrentStatus", { transactionNo: gift.transactionNo, token: "t".repeat(20) }],
    ["cancelRecurringPayment", { transactionNo: gift.transactionNo, token: "t".repeat(20) }],
    ["removeUserStripeToken", { id: "card_1" }],
    ["saveHouseholdMember", { name: "Siti Aminah", relation: "spouse" }],
    ["removeHouseholdMember", { id: "00000000-0000-4000-8000-000000000000" }],
    ["saveMissedFast", { hijriYear: 1446, reason: "travel", days: 3 }],
    ["removeMissedFast", { id: "00000000-0000-4000-8000-000000000000" }],
    ["recordMissedFastsPaid", { ids: ["00000000-0000-4000-8000-000000000000"] }],
    [
      "scheduleLastTenNights",
      {
        year: 1448,
        amountCents: 2_000,
        savedCardId: "00000000-0000-4000-8000-000000000000",
        lang: "en",
      },
    ],
    ["stopLastTenNights", { id: "00000000-0000-4000-8000-000000000000" }],
    ["getNightsByLink", { token: "t".repeat(43) }],
    ["stopNightsByLink", { token: "t".repeat(43) }],
    ["getDonorByTransactionNumber", { transactionNo: gift.transactionNo }],
    [
      "create",
      {
        flow: "FIDYAH",
        items: { fidyah: { days: 1 } },
        totalCents: 400,
        ratesVersion: 1,
        frequency: "once",
        lang: "en",
        donor: { name: "Siti", email: "s@example.sg", anonymous: false, mobile: "81234567" },
      },
    ],
    // Fitrah and zakat harta for named people (a household) in place of the counted persons; a
    // kept person by id (issue 33).
    [
      "create",
      {
        flow: "ZAKAT",
        items: {
          household: [
            { name: "Siti Aminah", fitrah: "normal", hartaCents: 1_000 },
            { name: "Nur Aisyah", fitrah: "own", ownRateCents: 600 },
            { memberId: "00000000-0000-4000-8000-000000000000", fitrah: "normal" },
          ],
        },
        totalCents: 2_600,
        ratesVersion: 1,
      },
    ],
    // Fidyah days for named people.
    [
      "create",
      {
        flow: "FIDYAH",
        items: { household: [{ name: "Siti Aminah", fidyahDays: 2 }] },
        totalCents: 800,
        ratesVersion: 1,
      },
    ],
    // A household's order across funds (issue 33): zakat and fidyah parts in one request.
    [
      "createOrder",
      {
        parts: [
          {
            flow: "ZAKAT",
            items: {
              household: [
                { name: "Siti Aminah", fitrah: "normal", hartaCents: 1_000 },
                { memberId: "00000000-0000-4000-8000-000000000000", fitrah: "normal" },
              ],
            },
            totalCents: 2_000,
          },
          {
            flow: "FIDYAH",
            items: { household: [{ name: "Siti Aminah", fidyahDays: 2 }] },
            totalCents: 800,
          },
        ],
        ratesVersion: 1,
        lang: "en",
        donor: { name: "Siti", email: "s@example.sg", anonymous: false },
      },
    ],
    ["confirm", { donationId: "d", clientSecret: "s", paymentMethodId: "pm_card_visa" }],
    ["retrieve", { donationId: "d", clientSecret: "s" }],
    ["payNow", { donationId: "d", clientSecret: "s" }],
    ["payNowQrImage", { donationId: "d", clientSecret: "s" }],
  ];
  const requests: FuzzRequest[] = [];
  for (const [name, template] of templates) {
    const path = call(name);
    for (const body of broken(template))
      requests.push({ method: "POST", path, body: JSON.stringify(body) });
    for (const body of BROKEN_BODIES.slice(1)) requests.push({ method: "POST", path, ...body });
  }
  for (const name of ["homePageConfiguration", "donorWall", "getThirdPartyDonationReceiptData"])
    for (const bit of ["%00", "%ED%A0%80", "x".repeat(3_000)])
      requests.push({ method: "POST", path: `${call(name)}?charityId=${bit}`, body: "{}" });
  return requests;
}

/** Random JSON of the console bodies' field names on every console call (a gift no one has). */
function randomConsoleRequests(gift: Paid, count: number): FuzzRequest[] {
  const nobody = `${gift.transactionNo.slice(0, 2)}0000000000000`;
  const paths = [
    `/console/api/donations/${nobody}?do=refund`,
    `/console/api/donations/${nobody}?do=void`,
    `/console/api/donations/${nobody}?do=reissue`,
    `/console/api/donations/${nobody}?do=resend`,
    "/console/api/counter",
    "/console/api/donations/search",
    "/console/api/plans",
    "/console/api/plans/00000000-0000-4000-8000-000000000000",
    `/console/api/wall/${nobody}`,
    "/console/api/reversals/00000000-0000-4000-8000-000000000000?do=approve",
    "/console/api/rates",
    "/console/api/finance/sign-off",
    "/console/api/finance/iras",
    "/console/api/content",
    "/console/api/calendar",
    "/console/api/calendar/1?do=approve",
  ];
  const names = [
    "amountCents",
    "rest",
    "reason",
    "particulars",
    "fund",
    "method",
    "reference",
    "mosqueName",
    "donor",
    "name",
    "email",
    "idNumber",
    "transactionNo",
    "receiptNo",
    "from",
    "to",
    "minCents",
    "page",
    "note",
    "hidden",
    "changes",
    "effectiveAt",
    "day",
    "year",
    "charityId",
    "contact",
    "blocks",
    "donorWall",
    "month",
    "start",
  ];
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "binary", maxLength: 10 }),
    fc.constantFrom("\u0000", "\ud800", "a\udc00", "1e2", "-1", "ZK-00000001"),
  );
  const consoleValue = fc.oneof(text, value);
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fc.constantFrom(...names), consoleValue, { maxKeys: 6 })
        .map((o) => JSON.stringify(o)),
    },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
  );
  return fc
    .sample(fc.tuple(fc.constantFrom(...paths), body), { numRuns: count, seed: 30 })
    .map(([path, text]) => ({ method: "POST", path, body: text }));
}
