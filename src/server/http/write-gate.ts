// Back-pressure for streamed answers. Astro's Node adapter writes each chunk of a Response's body to
// the Node response and reads the next at once, whatever `write` returned: a download read slowly (or
// not at all) would be made to its end and held in the response's buffers. The gate notes when a write
// was refused (the socket's buffer, or the compressor's, is full) and lets the route wait for 'drain'
// (or for the connection to close) before it makes the next chunk: src/server/finance.ts `download`.

import type { ServerResponse } from "node:http";

/**
 * Watch `res` (after the compression middleware has wrapped it, so its refusals count too). `ready()`
 * is undefined while writes are accepted, else a promise settled when the buffers have drained or the
 * connection has closed.
 */
export function writeGate(res: ServerResponse): { ready: () => Promise<void> | undefined } {
  let full = false;
  let closed = false;
  const waiting: Array<() => void> = [];
  const open = () => {
    full = false;
    for (const resolve of waiting.splice(0)) resolve();
  };
  const write = res.write as (...args: unknown[]) => boolean;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    const accepted = write.apply(this, args);
    if (!accepted) full = true;
    return accepted;
  } as ServerResponse["write"];
  res.on("drain", open);
  res.once("close", () => {
    closed = true;
    open();
  });
  return {
    ready: () =>
      full && !closed ? new Promise<void>((resolve) => waiting.push(resolve)) : undefined,
  };
}
