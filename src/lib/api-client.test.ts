import { createServer } from "node:http";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseName, Bases } from "@portal/adapters";
import type { ErrorReport } from "@portal/domain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, makeBrowserApi, reloadOnce, RELOAD_GUARD_MS } from "./api-client";

// A real HTTP server answers every scenario (the first path segment picks it); the browser's globals
// the client touches (location, sessionStorage) are small stand-ins in this Node test.
const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

const answers: Record<string, (res: ServerResponse, body: string, key?: string) => void> = {
  ok: (res) => json(res, 200, { status: 1, data: { id: "d1" } }),
  empty: (res) => res.writeHead(200).end(),
  s401: (res) => json(res, 401, { message: "session.required", code: "session.required" }),
  s302: (res) => res.writeHead(302, { Location: "/ok/x" }).end(),
  s504: (res) => res.writeHead(504).end(),
  s403: (res) => json(res, 403, { message: "forbidden" }),
  s500: (res) => json(res, 500, { message: "Internal error" }),
  s502: (res) => res.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>"),
  s409: (res) => json(res, 409, { message: "NRIC already registered", code: "nirc_exists" }),
  s402: (res) => json(res, 402, { error: "invalid_number" }),
  s418: (res) => res.writeHead(418, "").end(),
  echo: (res, body, key) => json(res, 200, { status: 1, data: { body, key } }),
};

let server: Server;
let origin = "";
let closedOrigin = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const scenario = (req.url ?? "").split("/")[1] ?? "";
      const key = req.headers["idempotency-key"];
      const answer = answers[scenario];
      if (!answer) return res.writeHead(404).end();
      answer(
        res,
        Buffer.concat(chunks).toString("utf8"),
        typeof key === "string" ? key : undefined,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was just free: nothing listens, so the connection is refused (a network failure).
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const basesAt = (base: string): Bases => {
  const names: ReadonlyArray<BaseName> = ["main", "payment", "donor", "configuration", "wakaf"];
  return Object.fromEntries(names.map((n) => [n, base])) as Record<BaseName, string>;
};

let reloads = 0;
let notices = 0;
let reports: ErrorReport[] = [];

beforeEach(() => {
  reloads = 0;
  notices = 0;
  reports = [];
});

const client = (scenario: string, at = origin) =>
  makeBrowserApi({
    bases: basesAt(`${at}/${scenario}`),
    reload: () => void (reloads += 1),
    notice: () => void (notices += 1),
    report: (report) => void reports.push(report),
    host: () => "zakat.test",
  });

const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e);

describe("the browser API client (spec §8)", () => {
  it("gives a success's parsed body, and null for an empty one", async () => {
    await expect(client("ok").request("create", { body: {} })).resolves.toEqual({
      status: 1,
      data: { id: "d1" },
    });
    await expect(client("empty").request("create")).resolves.toBeNull();
    expect(reports).toEqual([]);
  });

  it.each(["s401", "s302", "s504"])(
    "gives the empty result on %s: no error, no report",
    async (s) => {
      await expect(client(s).request("create", { body: {} })).resolves.toEqual({ status: 0 });
      await expect(client(s).request("getDonorTransactions")).resolves.toEqual([]);
      expect({ reloads, notices, reports }).toEqual({ reloads: 0, notices: 0, reports: [] });
    },
  );

  it.each(["s403", "s500", "s502"])("reloads the page on %s", async (s) => {
    await expect(client(s).request("getSingpassPerson")).resolves.toEqual({ status: 0 });
    expect({ reloads, notices, reports }).toEqual({ reloads: 1, notices: 0, reports: [] });
  });

  it.each(["s403", "s500", "s502"])(
    "keeps the page on %s when the caller explains failures, and reports it",
    async (s) => {
      const error = await failure(client(s).request("confirm", { body: {} }, { keepPage: true }));
      expect(error).toBeInstanceOf(ApiError);
      expect(reloads).toBe(0);
      expect(notices).toBe(0);
      expect(reports).toHaveLength(1);
    },
  );

  it("rejects other failures with the body's message, keeps the server's code, and reports", async () => {
    const error = await failure(client("s409").request("enrollDonorManuallyPreDonation"));
    expect(error).toMatchObject({ status: 409, message: "NRIC already registered" });
    expect((error as ApiError).serverCode).toBe("nirc_exists");
    expect(reports).toEqual([
      { message: "[zakat.test] API Error: NRIC already registered", name: "ApiError" },
    ]);
    expect(notices).toBe(0);
  });

  it("names a refusal by the status text when the body has no message, else 'Unknown error'", async () => {
    const error = await failure(client("s418").request("create"));
    expect(error).toMatchObject({ status: 418 });
    expect(reports[0]?.message).toBe("[zakat.test] API Error: Unknown error");
  });

  it("shows the 'Oops!' notice when the server cannot be reached, unless the caller keeps the page", async () => {
    const lost = await failure(client("ok", closedOrigin).request("getSingpassPerson"));
    expect(lost).toMatchObject({ code: "http.network", status: 0 });
    expect(notices).toBe(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.message).toMatch(/^\[zakat\.test\] API Error: /);
    await failure(client("ok", closedOrigin).request("confirm", {}, { keepPage: true }));
    expect(notices).toBe(1);
    expect(reports).toHaveLength(2);
  });

  it("sends a call's headers and JSON body to an address outside the call table", async () => {
    const api = makeBrowserApi({ report: (r) => void reports.push(r), host: () => "h" });
    const answer = await api.requestAt(
      `${origin}/echo`,
      { body: { number: "4242" }, headers: { "idempotency-key": "k-1" } },
      { keepPage: true },
    );
    expect(answer).toEqual({ status: 1, data: { body: '{"number":"4242"}', key: "k-1" } });
    const refused = await failure(api.requestAt(`${origin}/s402`, {}, { keepPage: true }));
    expect((refused as ApiError).serverCode).toBe("invalid_number");
    expect(reports[0]?.message).toBe("[h] API Error: invalid_number");
  });
});

describe("the reload of 403, 500 and 502 never loops", () => {
  const stored = new Map<string, string>();
  let pageReloads = 0;
  const globals = globalThis as Record<string, unknown>;

  beforeEach(() => {
    stored.clear();
    pageReloads = 0;
    globals["sessionStorage"] = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    };
    globals["location"] = { pathname: "/checkout", reload: () => void (pageReloads += 1) };
    globals["document"] = { querySelector: () => null, getElementById: () => null };
  });
  afterEach(() => {
    delete globals["sessionStorage"];
    delete globals["location"];
    delete globals["document"];
  });

  it("reloads once, then shows the 'Oops!' flag instead within the guard time", () => {
    reloadOnce(1_000);
    expect(pageReloads).toBe(1);
    reloadOnce(1_000 + RELOAD_GUARD_MS - 1);
    expect(pageReloads).toBe(1);
    expect(stored.get("portal.apiError")).toBe("true");
  });

  it("reloads again after the guard time, or on another page", () => {
    reloadOnce(1_000);
    reloadOnce(1_000 + RELOAD_GUARD_MS);
    expect(pageReloads).toBe(2);
    (globals["location"] as { pathname: string }).pathname = "/calculator";
    reloadOnce(1_000 + RELOAD_GUARD_MS + 1);
    expect(pageReloads).toBe(3);
  });

  it("does not reload when storage cannot remember the reload", () => {
    globals["sessionStorage"] = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    reloadOnce(1_000);
    expect(pageReloads).toBe(0);
  });
});
