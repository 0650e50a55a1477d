import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startWeb as start, type RunningWeb } from "../support/web";

// The web server alone, as production runs it (`node dist/server/serve.mjs` behind a load balancer), on
// PGlite in a throwaway folder. Ports 5500-5509.
let server: RunningWeb | undefined;

afterEach(() => {
  if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
});

const startWeb = async (port: number, env: Record<string, string> = {}) =>
  (server = await start(port, env));

/** A POST whose body is sent in two parts, so the request is still in progress between them. */
function slowPost(port: number, pathname: string, first: string, rest: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: pathname,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(first + rest),
    },
  });
  const answer = new Promise<{ status: number; connection: string; body: string }>(
    (resolve, reject) => {
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: String(response.headers.connection ?? ""),
            body,
          }),
        );
      });
      request.on("error", reject);
    },
  );
  request.write(first);
  return { finish: () => request.end(rest), answer };
}

const configuration = "/svc/main/v1/Home/homePageConfiguration?charityId=25";

describe("stopping the web server (SIGTERM, as a rolling deploy does)", () => {
  it("finishes a request in progress, takes no new connections, then exits cleanly", async () => {
    const port = 5500;
    const web = await startWeb(port);
    const inFlight = slowPost(port, configuration, "{", "}");
    // The request has reached the server before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    web.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(web.child.exitCode).toBeNull();
    // A new connection is refused: the load balancer sends the donor to another instance.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 1 });
    expect(answer.connection).toBe("close");

    expect(await web.exited).toBe(0);
    expect(web.output()).toContain("[web] SIGTERM: finishing the requests in progress");
    expect(web.output()).toContain("[web] stopped");
  });

  it("closes idle keep-alive connections at once, so no new request starts on them", async () => {
    const port = 5501;
    const web = await startWeb(port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (pathname: string) =>
      new Promise<{ status: number; connection: string; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString()));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: String(response.headers.connection ?? ""),
                body,
              }),
            );
          })
          .on("error", reject);
      });
    // A request in progress on another connection keeps the server draining rather than gone.
    const inFlight = slowPost(port, configuration, "{", "}");
    expect((await get("/api/health")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));

    web.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The idle keep-alive connection was closed by the server: a new request needs a new
    // connection, which is refused.
    await expect(get("/api/health")).rejects.toThrow();

    inFlight.finish();
    expect((await inFlight.answer).status).toBe(200);
    expect(await web.exited).toBe(0);
    agent.destroy();
  });

  it("gives up on a request that never finishes after the grace period", async () => {
    const port = 5502;
    const web = await startWeb(port, { PORTAL_SHUTDOWN_GRACE_SECONDS: "1" });
    const stuck = slowPost(port, configuration, "{", "}");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    web.child.kill("SIGTERM");
    await expect(stuck.answer).rejects.toThrow();
    expect(await web.exited).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(web.output()).toContain("requests still open after the grace period");
  });
});
