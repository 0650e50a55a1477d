import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";
import { guestCookie, root } from "../support/portal";

// Ports 4690-4699 are this file's.
let nextPort = 4690;

const KILLS = 10; // per engine: 20 on the two engines
const NEW_DONORS_PER_ROUND = 8;

/** The web server itself (not the launcher), so that SIGKILL kills the process holding the data. */
async function startServer(port: number, env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, "dist", "server", "serve.mjs")],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`the server did not start:\n${output}`);
    // Ready once the start-up reconciliation has run (it logs even when it found nothing).
    if (output.includes("start-up reconciliation")) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    output: () => output,
    kill: async (signal: NodeJS.Signals) => {
      child.kill(signal);
      await exited;
    },
  };
}

type Step = "create" | "tokenize" | "confirm";

/** One donor paying once; state kept across kills, as a browser tab would keep it. */
interface Donor {
  readonly key: string;
  donation?: { id: string; clientSecret: string };
  paymentMethodId?: string;
  done: boolean;
  /** Cut off during confirm and never came back: only reconciliation can record their payment. */
  abandoned: boolean;
}

describe.each(testDatabases())("crash reconciliation on $name", (database) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-crash-"));
  const port = nextPort++;
  let env: Record<string, string>;

  afterAll(async () => {
    await database.cleanup();
  });

  const base = `http://127.0.0.1:${port}`;
  /** The running server's output, to show beside an unexpected answer. */
  let serverOutput = () => "";
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** Run a donor as far as the server lets it; false when a request was cut off by the kill. */
  const run = async (donor: Donor, cookie: string): Promise<boolean> => {
    let step: Step = "create";
    try {
      if (!donor.donation) {
        const created = await post(
          "/svc/payment/v1/donations/create",
          { flow: "ZAKAT", items: { harta: 12_345 }, totalCents: 12_345, ratesVersion: 1 },
          { cookie, "idempotency-key": donor.key },
        );
        if (created.status !== 200)
          throw new Error(`${JSON.stringify(created.body)}\n${serverOutput().slice(-4000)}`);
        donor.donation = created.body["data"] as { id: string; clientSecret: string };
      }
      step = "tokenize";
      if (!donor.paymentMethodId) {
        const card = await post("/sandbox/v1/payment_methods", {
          number: "4242424242424242",
          expMonth: 12,
          expYear: 2099,
          cvc: "123",
        });
        donor.paymentMethodId = card.body["id"] as string;
      }
      step = "confirm";
      const confirmed = await post("/svc/payment/v1/donations/confirm", {
        donationId: donor.donation.id,
        clientSecret: donor.donation.clientSecret,
        paymentMethodId: donor.paymentMethodId,
      });
      if ((confirmed.body["data"] as { status: string }).status !== "succeeded")
        throw new Error(JSON.stringify(confirmed.body));
      donor.done = true;
      return true;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // fetch failed: the server is gone
      // Half of those cut off while paying close the tab; the rest retry after the restart.
      if (step === "confirm" && Math.random() < 0.5) donor.abandoned = true;
      return false;
    }
  };

  it(`loses and doubles nothing over ${KILLS} SIGKILLs at random points`, async () => {
    env = {
      PORTAL_DATA_DIR: dataDir,
      PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      ...(await database.portalEnv()),
    };
    const donors: Donor[] = [];
    let reconciledAtStart = 0;
    const started = Date.now();
    // One guest session for the whole run: a browser keeps its cookie across the server's restarts
    // (a retried create under another owner would rightly be an idempotency conflict).
    let cookie = "";
    for (let round = 0; round <= KILLS; round++) {
      const server = await startServer(port, env);
      serverOutput = server.output;
      if (!cookie) cookie = await guestCookie(base);
      const last = round === KILLS;
      for (let i = 0; i < (last ? 0 : NEW_DONORS_PER_ROUND); i++)
        donors.push({ key: randomUUID(), done: false, abandoned: false });
      const active = donors.filter((donor) => !donor.done && !donor.abandoned);
      // Each donor keeps paying (a new donation once done) until the kill, so kills land mid-flight.
      const work = active.map(async (donor) => {
        if (!(await run(donor, cookie))) return;
        while (!last) {
          const next: Donor = { key: randomUUID(), done: false, abandoned: false };
          donors.push(next);
          if (!(await run(next, cookie))) return;
        }
      });
      if (last) {
        await Promise.all(work);
        await server.kill("SIGTERM");
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
        await server.kill("SIGKILL");
        await Promise.all(work);
      }
      const match = /start-up reconciliation: (\d+)/.exec(server.output());
      reconciledAtStart += Number(match?.[1] ?? 0);
    }
    const elapsed = Date.now() - started;

    // The records, read with the server stopped: the portal's and the sandbox gateway's.
    const sql: Sql = await openDatabase(
      env["DATABASE_URL"] ? { databaseUrl: env["DATABASE_URL"] } : { dataDir },
    );
    try {
      const donations = await sql.query<{
        id: string;
        status: string;
        receipts: number;
        charged: number;
        open_charged: number;
      }>(
        `select d.id, d.status,
                  (select count(*)::int from receipt r where r.donation_id = d.id) as receipts,
                  (select count(*)::int from sandbox_payment s
                    where s.idempotency_key like d.id::text || ':%' and s.state = 'succeeded') as charged,
                  (select count(*)::int from payment_attempt a join sandbox_payment s on s.id = a.gateway_ref
                    where a.donation_id = d.id and a.status <> 'succeeded' and s.state = 'succeeded') as open_charged
           from donation d`,
      );
      const byId = new Map(donations.map((row) => [row.id, row]));
      const created = donors.filter((donor) => donor.donation);
      // One donation per donor (idempotency key), however often its create was cut off and retried.
      const [keys] = await sql.query<{ count: number }>(
        "select count(*)::int as count from idempotency_key where scope = 'donation.create'",
      );
      expect(donations.length).toBe(keys?.count);
      expect(new Set(created.map((donor) => donor.donation!.id)).size).toBe(created.length);
      // Every donor who came back is paid.
      for (const donor of donors.filter((d) => d.done)) {
        expect(byId.get(donor.donation!.id)?.status).toBe("succeeded");
      }
      // Nothing doubled: at most one charge per donation; paid exactly when charged; one receipt.
      for (const row of donations) {
        expect(row.charged, row.id).toBeLessThanOrEqual(1);
        expect(row.status === "succeeded", row.id).toBe(row.charged === 1);
        expect(row.receipts, row.id).toBe(row.status === "succeeded" ? 1 : 0);
        expect(row.open_charged, row.id).toBe(0);
      }
      // Nothing lost: every charge the gateway made is a paid donation of the portal.
      const [charges] = await sql.query<{ count: number }>(
        "select count(*)::int as count from sandbox_payment where state = 'succeeded'",
      );
      const paid = donations.filter((row) => row.status === "succeeded").length;
      expect(charges?.count).toBe(paid);
      // Receipt numbers without gaps.
      const serials = await sql.query<{ serial: number }>(
        "select serial from receipt where series = 'ZK' order by serial",
      );
      expect(serials.map((row) => Number(row.serial))).toEqual(serials.map((_, i) => i + 1));
      const [series] = await sql.query<{ next: number }>(
        "select next_serial as next from receipt_series where series = 'ZK'",
      );
      expect(Number(series?.next)).toBe(serials.length + 1);
      console.log(
        `[crash ${database.name}] ${KILLS} kills in ${Math.round(elapsed / 1000)} s: ${donations.length} donations, ` +
          `${paid} paid = ${charges?.count} gateway charges, ${donors.filter((d) => d.abandoned).length} abandoned mid-payment, ` +
          `${reconciledAtStart} completed by start-up reconciliation`,
      );
    } finally {
      await sql.close();
    }
  }, 300_000); // about a minute per engine on a quiet machine; room for a busy one
});
