import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ErrorReport } from "@portal/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, callApi, makeApiClient, requestJson } from "./client";
import type { ApiClientOptions } from "./client";
import { apiCall } from "./paths";
import type { BaseName, Bases } from "./paths";

/** A real server: the first path segment picks the answer; `echo` returns what it received. */
interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

const answers: Record<string, (res: ServerResponse) => void> = {
  ok: (res) => json(res, 200, { status: 1, message: "fine", items: [1, 2] }),
  notok: (res) => json(res, 200, { status: 0, message: "Charity not configured" }),
  empty: (res) => res.writeHead(200).end(),
  malformed: (res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{not json"),
  s401: (res) => json(res, 401, { message: "no session" }),
  s302: (res) => res.writeHead(302, { Location: "/ok/elsewhere" }).end(),
  s504: (res) => res.writeHead(504).end(),
  s403: (res) => json(res, 403, { message: "forbidden" }),
  s500: (res) => json(res, 500, { message: "boom" }),
  s502: (res) =>
    res.writeHead(502, { "Content-Type": "text/html" }).end("<html>Bad gateway</html>"),
  s400: (res) => json(res, 400, { message: "Pledge amount is too small" }),
  s400bare: (res) => json(res, 400, { message: "" }),
  s404: (res) => res.writeHead(404).end(),
  s418: (res) => res.writeHead(418, "").end(),
  echo: () => undefined,
};

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

let server: Server;
let origin = "";
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(entry);
      const scenario = (req.url ?? "").split("/")[1] ?? "";
      if (scenario === "echo") return json(res, 200, { status: 1, ...entry });
      const answer = answers[scenario];
      if (answer) answer(res);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

/** Every base points at one scenario of the test server. */
const basesFor = (scenario: string): Bases => {
  const base = `${origin}/${scenario}`;
  const names: ReadonlyArray<BaseName> = ["main", "payment", "donor", "configuration", "wakaf"];
  return Object.fromEntries(names.map((n) => [n, base])) as Record<BaseName, string>;
};

let reloads = 0;
let reports: ErrorReport[] = [];

beforeEach(() => {
  reloads = 0;
  reports = [];
  seen.length = 0;
});

const optionsFor = (scenario: string, extra: ApiClientOptions = {}): ApiClientOptions => ({
  bases: basesFor(scenario),
  reload: () => {
    reloads += 1;
  },
  host: () => "zakat.test",
  report: (r) => {
    reports.push(r);
  },
  ...extra,
});

const listCall = apiCall("getDonorTransactions");
const objectCall = apiCall("getDonorCognitoStatus");

describe("requestJson (§8 response rules)", () => {
  it("resolves a 200 to its parsed body", async () => {
    await expect(requestJson(listCall, {}, optionsFor("ok"))).resolves.toEqual({
      status: 1,
      message: "fine",
      items: [1, 2],
    });
  });

  it("resolves a 200 with no body to null", async () => {
    await expect(requestJson(listCall, {}, optionsFor("empty"))).resolves.toBeNull();
  });

  it.each(["s401", "s302", "s504"])("gives the empty result on %s without reloading", async (s) => {
    await expect(requestJson(listCall, {}, optionsFor(s))).resolves.toEqual([]);
    await expect(requestJson(objectCall, {}, optionsFor(s))).resolves.toEqual({ status: 0 });
    expect(reloads).toBe(0);
  });

  it("does not follow a 302", async () => {
    await requestJson(listCall, {}, optionsFor("s302"));
    expect(seen.map((r) => r.url)).toEqual(["/s302/api/Donation/getDonorTransactions"]);
  });

  it.each(["s403", "s500", "s502"])("reloads the page once on %s", async (s) => {
    await expect(requestJson(listCall, {}, optionsFor(s))).resolves.toEqual([]);
    expect(reloads).toBe(1);
    await expect(requestJson(objectCall, {}, optionsFor(s))).resolves.toEqual({ status: 0 });
    expect(reloads).toBe(2);
  });

  it("rejects other failures with the body's message", async () => {
    const error = await requestJson(listCall, {}, optionsFor("s400")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Pledge amount is too small",
      status: 400,
      code: "http.status",
    });
  });

  it("rejects with the status text when the body has no message", async () => {
    await expect(requestJson(listCall, {}, optionsFor("s404"))).rejects.toMatchObject({
      message: "Not Found",
      status: 404,
    });
    await expect(requestJson(listCall, {}, optionsFor("s400bare"))).rejects.toMatchObject({
      message: "Bad Request",
    });
  });

  it("rejects a malformed 2xx body", async () => {
    await expect(requestJson(listCall, {}, optionsFor("malformed"))).rejects.toMatchObject({
      code: "http.malformed",
      message: "Malformed JSON response",
    });
  });

  it("rejects when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const bases = { ...basesFor("ok"), payment: `http://127.0.0.1:${port}` };
    await expect(requestJson(listCall, {}, { ...optionsFor("ok"), bases })).rejects.toMatchObject({
      code: "http.network",
      status: 0,
    });
  });

  it("sends JSON with the bearer token in a header, never in the URL", async () => {
    const token = "eyJ.id-token.sig";
    const body = (await requestJson(
      apiCall("checkCognitoNricExists"),
      { body: { nric: "S1234567D" } },
      optionsFor("echo", { getIdToken: async () => token }),
    )) as Seen;
    expect(body.method).toBe("POST");
    expect(body.url).toBe("/echo/api/User/checkCognitoNricExists");
    expect(body.headers["authorization"]).toBe(`Bearer ${token}`);
    expect(body.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(body.body)).toEqual({ nric: "S1234567D" });
  });

  it("sends a guest's call without an Authorization header, even if the token getter fails", async () => {
    for (const getIdToken of [() => null, () => Promise.reject(new Error("No current user"))]) {
      const body = (await requestJson(
        apiCall("donorWall"),
        { query: { charityId: 25, pageNumber: 1, pageSize: 100 } },
        optionsFor("echo", { getIdToken }),
      )) as Seen;
      expect(body.headers["authorization"]).toBeUndefined();
      expect(body.url).toBe("/echo/v1/Donation/donorWall?charityId=25&pageNumber=1&pageSize=100");
    }
  });

  it("sends a GET without a body", async () => {
    const body = (await requestJson(
      apiCall("getUserStripeToken"),
      { query: { Guid: "g-1", charityId: 25 }, body: { ignored: true } },
      optionsFor("echo"),
    )) as Seen;
    expect(body.method).toBe("GET");
    expect(body.body).toBe("");
  });
});

describe("callApi (catch, report, empty result)", () => {
  it("returns the body on success and reports nothing", async () => {
    await expect(callApi(listCall, {}, optionsFor("ok"))).resolves.toMatchObject({ status: 1 });
    expect(reports).toEqual([]);
  });

  it("reports a failure as '[host] API Error: <message>' and returns the empty result", async () => {
    await expect(callApi(listCall, {}, optionsFor("s400"))).resolves.toEqual([]);
    await expect(callApi(objectCall, {}, optionsFor("s404"))).resolves.toEqual({ status: 0 });
    await expect(callApi(listCall, {}, optionsFor("malformed"))).resolves.toEqual([]);
    expect(reports).toEqual([
      {
        message: "[zakat.test] API Error: Pledge amount is too small",
        name: "ApiError",
        context: { call: "getDonorTransactions", status: "400" },
      },
      {
        message: "[zakat.test] API Error: Not Found",
        name: "ApiError",
        context: { call: "getDonorCognitoStatus", status: "404" },
      },
      {
        message: "[zakat.test] API Error: Malformed JSON response",
        name: "ApiError",
        context: { call: "getDonorTransactions", status: "200" },
      },
    ]);
  });

  it("reports 'Unknown error' when neither body nor status line says anything", async () => {
    await expect(callApi(listCall, {}, optionsFor("s418"))).resolves.toEqual([]);
    expect(reports.map((r) => r.message)).toEqual(["[zakat.test] API Error: Unknown error"]);
  });

  it("reports nothing for the empty-result and reload statuses", async () => {
    for (const s of ["s401", "s302", "s504", "s403", "s500", "s502"]) {
      await expect(callApi(listCall, {}, optionsFor(s))).resolves.toEqual([]);
    }
    expect(reports).toEqual([]);
    expect(reloads).toBe(3);
  });

  it("gives the empty result for an empty 200", async () => {
    await expect(callApi(listCall, {}, optionsFor("empty"))).resolves.toEqual([]);
    await expect(callApi(objectCall, {}, optionsFor("empty"))).resolves.toEqual({ status: 0 });
  });

  it("checks the success status where the call states one, keeping the message", async () => {
    const configure = apiCall("configureWebForCharity");
    await expect(callApi(configure, {}, optionsFor("ok"))).resolves.toMatchObject({ status: 1 });
    await expect(callApi(configure, {}, optionsFor("notok"))).resolves.toEqual({
      status: 0,
      message: "Charity not configured",
    });
    // Without a stated success status the body passes through as it is.
    await expect(callApi(objectCall, {}, optionsFor("notok"))).resolves.toMatchObject({
      status: 0,
    });
    expect(reports).toEqual([]);
  });

  it("never lets an empty result read as success for a call that succeeds with status 0", async () => {
    const register = apiCall("registerCognitoUser");
    await expect(callApi(register, {}, optionsFor("notok"))).resolves.toMatchObject({ status: 0 });
    await expect(callApi(register, {}, optionsFor("s401"))).resolves.toEqual({ status: -1 });
    await expect(callApi(register, {}, optionsFor("s400"))).resolves.toEqual({ status: -1 });
  });

  it("survives a reporter that throws", async () => {
    const report = () => {
      throw new Error("reporter down");
    };
    await expect(callApi(listCall, {}, optionsFor("s400", { report }))).resolves.toEqual([]);
  });

  it("binds options in makeApiClient", async () => {
    const client = makeApiClient(optionsFor("s400"));
    await expect(client.call("getEmailListForUser")).resolves.toEqual([]);
    await expect(client.request("getEmailListForUser")).rejects.toBeInstanceOf(ApiError);
    expect(reports).toHaveLength(1);
  });
});
