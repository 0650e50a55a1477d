import {
  ASSESSMENTS_PER_DONOR_MAX,
  assessmentFigures,
  cents,
  sgtDate,
  type AssessmentInputs,
} from "@portal/domain";
import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9200-9209 are this file's.
let nextPort = 9200;

const path = (call: string) => `/svc/donor/api/Assessment/${call}`;

/** What the calculator sends: every asset class, the CPF Ordinary Account among them. */
const inputs: AssessmentInputs = {
  savings: [{ amount: cents(2_000_000), interest: cents(10_000) }],
  goldKeptGrams: 100,
  goldWornGrams: 0,
  insurance: [{ type: 2, amount: cents(1_000_000) }],
  shares: [cents(1_500_000)],
  cpfOrdinary: cents(4_000_000),
  business: {
    currentAssets: cents(0),
    assetsToAdd: cents(0),
    assetsToRemove: cents(0),
    currentLiabilities: cents(0),
    liabilitiesToAdd: cents(0),
    ownershipSharePercent: 100,
  },
};

/**
 * Saved assessments through the real server (issue 33): a donor's own, and nobody else's. The attacks
 * come first: no sign-in, a guest session, another donor's id, an oversized body, one over the cap.
 */
describe.each(testDatabases())("saved assessments on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;
  let guest: string;
  const call = callerOf(() => portal);

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah.assess@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.assess@example.sg", name: "Badrul" });
    tokenC = await identity.sign({ email: "chandra.assess@example.sg", name: "Chandra" });
    await registerSignIn(portal.base, tokenA, nricOf("4820201"), "93340001");
    await registerSignIn(portal.base, tokenB, nricOf("5930202"), "93340002");
    await registerSignIn(portal.base, tokenC, nricOf("6930203"), "93340003");
    guest = await guestCookie(portal.base);
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  const save = (token: string, body: unknown = { inputs }) =>
    call(path("saveAssessment"), body, bearer(token));

  it("answers nobody without a sign-in: no token, a guest session, a forged token", async () => {
    const saved = await save(tokenA);
    expect(saved.status).toBe(200);
    const id = (saved.body["data"] as { id: string }).id;
    for (const headers of [{}, { cookie: guest }, bearer(`${tokenA.slice(0, -4)}AAAA`)]) {
      for (const [name, body] of [
        ["listAssessments", {}],
        ["getAssessment", { id }],
        ["deleteAssessment", { id }],
        ["saveAssessment", { inputs }],
      ] as const) {
        const reply = await call(path(name), body, headers);
        expect(reply.status, `${name} ${JSON.stringify(headers)}`).toBe(401);
        expect(JSON.stringify(reply.body)).not.toContain("4000000");
      }
    }
    // Nothing was deleted or added by any of them.
    const list = await call(path("listAssessments"), {}, bearer(tokenA));
    expect((list.body["data"] as Array<{ id: string }>).map((a) => a.id)).toEqual([id]);
  });

  it("answers another donor's assessment exactly as a missing one, and deletes nothing of it", async () => {
    const mine = await save(tokenA);
    const id = (mine.body["data"] as { id: string }).id;
    const missing = await call(path("getAssessment"), { id: crypto.randomUUID() }, bearer(tokenB));
    const theirs = await call(path("getAssessment"), { id }, bearer(tokenB));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body["code"]).toBe("assessment.notFound");
    const deleted = await call(path("deleteAssessment"), { id }, bearer(tokenB));
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(missing.body);
    const listB = await call(path("listAssessments"), {}, bearer(tokenB));
    expect(listB.body["data"]).toEqual([]);
    // Still there for its owner; an id that is no id at all is missing too, never a 5xx.
    expect((await call(path("getAssessment"), { id }, bearer(tokenA))).status).toBe(200);
    expect((await call(path("getAssessment"), { id: "1 or 1=1" }, bearer(tokenA))).status).toBe(
      404,
    );
  });

  it("refuses an oversized or malformed body with a clear code and stores nothing", async () => {
    const before = (await call(path("listAssessments"), {}, bearer(tokenB))).body["data"];
    const rows = Array.from({ length: 21 }, () => cents(1));
    const tooManyRows = await save(tokenB, { inputs: { ...inputs, shares: rows } });
    expect(tooManyRows.status).toBe(413);
    expect(tooManyRows.body["code"]).toBe("assessment.tooLarge");
    const padded = await save(tokenB, { inputs, padding: "x".repeat(20_000) });
    expect(padded.status).toBe(413);
    expect(padded.body["code"]).toBe("assessment.tooLarge");
    const negative = await save(tokenB, { inputs: { ...inputs, cpfOrdinary: -1 } });
    expect(negative.status).toBe(400);
    expect(String(negative.body["message"])).toContain("cpfOrdinary");
    const noInputs = await save(tokenB, {});
    expect(noInputs.status).toBe(400);
    const empty = await save(tokenB, {
      inputs: {
        ...inputs,
        savings: [],
        insurance: [],
        shares: [],
        cpfOrdinary: 0,
        goldKeptGrams: 0,
      },
    });
    expect(empty.status).toBe(422);
    expect(empty.body["code"]).toBe("assessment.empty");
    expect((await call(path("listAssessments"), {}, bearer(tokenB))).body["data"]).toEqual(before);
  });

  it(`keeps at most ${ASSESSMENTS_PER_DONOR_MAX} per donor, even when saves race`, async () => {
    for (let i = 0; i < ASSESSMENTS_PER_DONOR_MAX - 5; i++) {
      expect((await save(tokenC)).status).toBe(200);
    }
    const burst = await Promise.all(Array.from({ length: 10 }, () => save(tokenC)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = burst.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    expect(refused[0]?.body["code"]).toBe("assessment.limit");
    const list = await call(path("listAssessments"), {}, bearer(tokenC));
    expect(list.body["data"]).toHaveLength(ASSESSMENTS_PER_DONOR_MAX);
    // Another donor is not held by C's cap; deleting one makes room again.
    expect((await save(tokenB)).status).toBe(200);
    const first = (list.body["data"] as Array<{ id: string }>)[0]!.id;
    expect((await call(path("deleteAssessment"), { id: first }, bearer(tokenC))).status).toBe(200);
    expect((await save(tokenC)).status).toBe(200);
  });

  it("prices the assessment itself at the rates of the day, whatever total the page sends", async () => {
    const config = await call("/svc/main/v1/Home/homePageConfiguration?charityId=25");
    const harta = (config.body["data"] as { muisZakatHarta: { nisabValue: number } })
      .muisZakatHarta;
    const reply = await save(tokenA, { inputs, total: 1, lines: { cpf: 1 } });
    expect(reply.status).toBe(200);
    const { data } = decodeResponse("saveAssessment", reply.body);
    expect(data.rates.nisabValue).toBe(harta.nisabValue);
    const figures = assessmentFigures(inputs, {
      ...data.rates,
      nisabValue: cents(data.rates.nisabValue),
    });
    expect(data.total).toBe(figures.total);
    expect(data.lines.cpf).toBe(100_000); // $40,000 x 2.5%
    expect(data.inputs).toEqual(inputs);
    expect(data.assessedOn).toBe(sgtDate(Date.now()));
    expect(data.hijriYear).toBeGreaterThanOrEqual(1447);
    // Listed newest first with its date, Hijri year and total; read back whole; deleted for good.
    const list = decodeResponse(
      "listAssessments",
      (await call(path("listAssessments"), {}, bearer(tokenA))).body,
    );
    expect(list.data[0]).toMatchObject({
      id: data.id,
      assessedOn: data.assessedOn,
      hijriYear: data.hijriYear,
      total: data.total,
    });
    const got = await call(path("getAssessment"), { id: data.id }, bearer(tokenA));
    expect(decodeResponse("getAssessment", got.body).data).toEqual(data);
    expect((await call(path("deleteAssessment"), { id: data.id }, bearer(tokenA))).status).toBe(
      200,
    );
    expect((await call(path("getAssessment"), { id: data.id }, bearer(tokenA))).status).toBe(404);
    expect((await call(path("deleteAssessment"), { id: data.id }, bearer(tokenA))).status).toBe(
      404,
    );
  });
});
