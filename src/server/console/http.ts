import type { IncomingMessage, ServerResponse } from "node:http";
import { readLimited } from "../api/body";
import { BodyTooLarge } from "../api/types";
import { refusal } from "./guard";

/** The console's router (`consoleRouter`) as the web server calls it. */
export type ConsoleHandler = (
  request: Request,
  clientAddress: string | undefined,
  writable?: () => Promise<void> | undefined,
) => Promise<Response>;

/** Node's request as the Fetch API's, its body read under the services' limit (64 KB). */
async function webRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readLimited(req);
  const own = new URL(url.pathname + url.search, `http://${req.headers.host ?? "localhost"}`);
  return new Request(own, { method, headers, ...(body ? { body: body as BodyInit } : {}) });
}

/**
 * A console call on Node's own request and response (the web server sends /console/api/ and the
 * console's sign-in, callback and sign-out here): the answer's body is written a chunk at a time,
 * the next chunk read only once the client took the last, so a slow client of a download holds one
 * chunk and the database's batch, never the file.
 */
export async function serveConsole(
  handle: ConsoleHandler,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  let response: Response;
  try {
    response = await handle(await webRequest(req, url), req.socket.remoteAddress);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    response = refusal("request.too_large", error.message);
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let closed = false;
  res.once("close", () => {
    closed = true;
    void reader.cancel().catch(() => undefined);
  });
  for (;;) {
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (next.done || closed) break;
    if (!res.write(next.value)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.once("drain", done);
        res.once("close", done);
      });
    }
  }
  res.end();
}
