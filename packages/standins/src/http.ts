import type { IncomingMessage, ServerResponse } from "node:http";

/** Answer with `body` (a string as is, anything else as JSON), never to be cached. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = "application/json",
  extra: Readonly<Record<string, string>> = {},
): void {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/**
 * The request's body as text; past `limit` bytes the rest is read and dropped (so the answer still
 * reaches the caller) and this fails.
 */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () =>
      size > limit
        ? reject(new Error("too large"))
        : resolve(Buffer.concat(chunks).toString("utf8")),
    );
    req.on("error", reject);
  });
}

/** The request's JSON body (`{}` when empty); throws on a bad or too large one. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = (await readText(req, limit)).trim();
  return raw === "" ? {} : (JSON.parse(raw) as unknown);
}
