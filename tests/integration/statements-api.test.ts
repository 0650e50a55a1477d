import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatDate, sgtDate, taxYearOf } from "@portal/domain";
import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePoppler } from "../../scripts/lib/ensure-poppler.mjs";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, nricOf, registerSignIn, type Paid } from "../support/donations";
import { startPortal, type RunningPortal } from "../support/portal";

// Ports 4900-4919 are this file's.
let nextPort = 4900;

const statementPath = "/svc/payment/api/Donation/getTaxYearStatement";
const calendarPath = "/svc/payment/api/Donation/getZakatDueCalendar";
const receiptPath = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";

/** RFC 5545 unfolding: CRLF and one space join a folded line. */
const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

/**
 * The year-end statement and the zakat due-date calendar file through the real server: two signed-in
 * donors give in the sandbox gateway; each gets only their own gifts, in a PDF of real text.
 */
describe.each(testDatabases())("year-end statement and calendar on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  const folder = mkdtempSync(path.join(tmpdir(), "statements-"));
  const nricA = nricOf("4820193");
  const nricB = nricOf("5930281");
  let tokenA: string;
  let tokenB: string;
  let aZakat: Paid;
  let aWakaf: Paid;
  let aFidyah: Paid;
  let bKaffarah: Paid;
  let bWms: Paid;
  const year = taxYearOf(Date.now());

  const call = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${portal.base}${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
  };

  /** The statement of `token`'s donor as text (pdftotext -layout) and its PDF facts (pdfinfo). */
  const statementOf = async (token: string, lang: "en" | "ms", forYear = year) => {
    const reply = await call(statementPath, { year: forYear, lang }, token);
    expect(reply.status, reply.text).toBe(200);
    const { data } = decodeResponse("getTaxYearStatement", reply.body);
    const file = path.join(folder, `${crypto.randomUUID()}-${data.fileName}`);
    writeFileSync(file, Buffer.from(data.pdfBase64, "base64"));
    return {
      data,
      reply: reply.text,
      text: execFileSync("pdftotext", ["-layout", file, "-"]).toString(),
      info: execFileSync("pdfinfo", [file]).toString(),
    };
  };

  const row = (
    paid: Paid,
    fund: string,
    amount: string,
    treatment: string,
    lang: "en" | "ms" = "en",
  ) =>
    new RegExp(
      `${formatDate(Date.now(), lang)}\\s+${fund}\\s+${paid.receiptNo}\\s+\\${amount}\\s+${treatment}`,
    );

  beforeAll(async () => {
    const poppler = ensurePoppler();
    if (!poppler.ok) throw new Error(poppler.message);
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah.statement@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.statement@example.sg", name: "Badrul" });
    await registerSignIn(portal.base, tokenA, nricA, "93330001");
    await registerSignIn(portal.base, tokenB, nricB, "93330002");
    const a = new Donor(portal.base, { authorization: `Bearer ${tokenA}` });
    const b = new Donor(portal.base, { authorization: `Bearer ${tokenB}` });
    aZakat = await a.donate({
      flow: "ZAKAT",
      items: { harta: 25_000, fitrah: { normal: 3, premium: 1 } },
      totalCents: 27_300,
    });
    aWakaf = await a.donate({ flow: "ILMU", items: { ilmu: 500_000 }, totalCents: 500_000 });
    aFidyah = await a.donate({ flow: "FIDYAH", items: { fidyah: { days: 1 } }, totalCents: 400 });
    bKaffarah = await b.donate({
      flow: "KAFFARAH",
      items: { kaffarah: { kind: "jimak", quantity: 1 } },
      totalCents: 24_000,
    });
    bWms = await b.donate({ flow: "WMS", items: { wms: 2_000 }, totalCents: 2_000 });
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("gives donor A a PDF of exactly A's gifts of the year, with treatments, totals and notes", async () => {
    const { data, text, info, reply } = await statementOf(tokenA, "en");
    expect(data.fileName).toBe(`tax-statement-${year}.pdf`);
    expect(data.totals).toEqual({ "zakat-1x": 27_300, "wakaf-250": 500_000, none: 400 });
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(new RegExp(`Title:\\s+Tax statement ${year}`));
    expect(text).toContain("Majlis Ugama Islam Singapura");
    expect(text).toContain(`Tax statement ${year}`);
    expect(text).toMatch(/Donor:\s+Aminah/);
    expect(text).toMatch(new RegExp(`NRIC/FIN/UEN:\\s+\\*{5}${nricA.slice(-4)}`));
    expect(text).not.toContain(nricA);
    expect(reply).not.toContain(nricA);
    expect(text).toMatch(row(aZakat, "Zakat Harta and Fitrah", "$273.00", "Zakat, deductible 1x"));
    expect(text).toMatch(row(aWakaf, "Wakaf Ilmu", "$5,000.00", "250% tax deduction"));
    expect(text).toMatch(row(aFidyah, "Fidyah", "$4.00", "Not tax-deductible"));
    expect(text).toMatch(/Zakat \(deductible 1x\)\s+\$273\.00/);
    expect(text).toMatch(/Wakaf \(250% tax deduction\)\s+\$5,000\.00/);
    expect(text).toMatch(/Not tax-deductible \(fidyah, kaffarah\)\s+\$4\.00/);
    expect(text).toContain("Zakat paid to MUIS is deductible at 1x as an expense");
    expect(text).toContain("entitled to a 250% tax deduction");
    for (const other of [bKaffarah, bWms]) expect(text).not.toContain(other.receiptNo);
  });

  it("gives donor B's token only B's gifts, and in Malay when asked", async () => {
    const { data, text } = await statementOf(tokenB, "ms");
    expect(data.fileName).toBe(`penyata-cukai-${year}.pdf`);
    expect(data.totals).toEqual({ "zakat-1x": 0, "wakaf-250": 2_000, none: 24_000 });
    expect(text).toContain(`Penyata cukai ${year}`);
    expect(text).toMatch(/Tarikh\s+Dana\s+No\. resit\s+Jumlah\s+Layanan cukai/);
    expect(text).toMatch(row(bKaffarah, "Kaffarah", "$240.00", "Tidak layak potongan cukai", "ms"));
    expect(text).toMatch(
      row(bWms, "Wakaf Masyarakat Singapura", "$20.00", "Potongan cukai 250%", "ms"),
    );
    for (const other of [aZakat, aWakaf, aFidyah]) expect(text).not.toContain(other.receiptNo);
    expect(text).not.toContain("Aminah");
  });

  it("says so for a year without gifts, and refuses strangers and malformed requests", async () => {
    const empty = await statementOf(tokenA, "en", year - 1);
    expect(empty.data.totals).toEqual({ "zakat-1x": 0, "wakaf-250": 0, none: 0 });
    expect(empty.text).toContain(`You made no donations in ${year - 1}.`);
    expect((await call(statementPath, { year, lang: "en" })).status).toBe(401);
    expect((await call(statementPath, { year: "2026", lang: "en" }, tokenA)).status).toBe(400);
    expect((await call(statementPath, { year, lang: "fr" }, tokenA)).status).toBe(400);
    const stranger = await identity.sign({ email: "nobody.statement@example.sg" });
    expect((await call(statementPath, { year, lang: "en" }, stranger)).status).toBe(404);
  });

  it("gives a calendar file for the harta due date that a calendar reads, and status 0 without harta", async () => {
    const receipt = await call(receiptPath, { token: aZakat.token });
    const dueDate = (receipt.body["data"] as { nextZakatDueDate: string }).nextZakatDueDate;
    expect(dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const reply = await call(calendarPath, { lang: "en" }, tokenA);
    const { data } = decodeResponse("getZakatDueCalendar", reply.body) as {
      data: { fileName: string; ics: string; dueDate: string };
    };
    expect(data.dueDate).toBe(dueDate);
    expect(data.fileName).toBe(`zakat-harta-due-${dueDate}.ics`);
    const { ics } = data;
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(ics);
    const field = (name: string) =>
      lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(field("VERSION")).toBe("VERSION:2.0");
    expect(field("DTSTART")).toBe(`DTSTART;VALUE=DATE:${dueDate.replace(/-/g, "")}`);
    expect(field("UID")).toBe(`UID:${aZakat.transactionNo}-harta-due@localhost`);
    expect(field("DTSTAMP")).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(field("SUMMARY")).toBe("SUMMARY;LANGUAGE=en:Zakat harta due");
    expect(field("DESCRIPTION")).toContain(
      `zakat harta payment of $250.00 on ${formatDate(Date.now(), "en")} (transaction ${aZakat.transactionNo})`,
    );
    expect(lines).toContain("TRIGGER:-P7D");
    expect(lines.indexOf("BEGIN:VALARM")).toBeLessThan(lines.indexOf("END:VALARM"));
    expect(ics).not.toContain(nricA);
    expect(sgtDate(Date.now() + 355 * 86_400_000)).toBe(dueDate);

    const malay = await call(calendarPath, { lang: "ms" }, tokenA);
    expect(unfold((malay.body["data"] as { ics: string }).ics)).toContain(
      "SUMMARY;LANGUAGE=ms:Zakat harta perlu dibayar",
    );
    const none = await call(calendarPath, { lang: "en" }, tokenB);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ status: 0, data: null });
    expect((await call(calendarPath, { lang: "en" })).status).toBe(401);
  });
});
