import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import compression from "compression";
import { afterEach, describe, expect, it } from "vitest";
import { writeGate } from "./write-gate";

const CHUNK = randomBytes(64 * 1024);
const TOTAL_CHUNKS = 800; // 50 MB

/**
 * A server that answers one download the way Astro's adapter writes a Response (write, then read the
 * next chunk at once), its producer waiting on the gate before making each chunk, as `download` does.
 */
async function downloadServer({ compress = false } = {}) {
  const state = { made: 0, finished: false };
  const zip = compression({ threshold: 0, filter: () => true });
  const server = http.createServer((req, res) => {
    const answer = async () => {
      const gate = writeGate(res);
      res.writeHead(200, { "content-type": "application/octet-stream" });
      while (state.made < TOTAL_CHUNKS && !res.destroyed) {
        await gate.ready();
        if (res.destroyed) break;
        state.made++;
        res.write(CHUNK);
      }
      state.finished = true;
      res.end();
    };
    if (compress) zip(req, res, answer);
    else void answer();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, state, port: (server.address() as AddressInfo).port };
}

/** A raw client that sends the request and reads nothing until told to. */
async function stalledClient(port: number, headers = "") {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  socket.write(`GET / HTTP/1.1\r\nhost: x\r\n${headers}connection: close\r\n\r\n`);
  return socket;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let open: http.Server[] = [];
afterEach(async () => {
  for (const s of open) s.close();
  open = [];
});

describe("writeGate", () => {
  it("stops making a download while the client reads nothing, and makes the rest as it reads", async () => {
    const { server, state, port } = await downloadServer();
    open.push(server);
    const socket = await stalledClient(port);
    await settle(500);
    // 50 MB offered; the kernel's and Node's buffers hold a few MB at most.
    expect(state.made).toBeGreaterThan(0);
    expect(state.made * CHUNK.length).toBeLessThan(16 * 2 ** 20);
    expect(state.finished).toBe(false);
    let received = 0;
    socket.on("data", (data) => (received += data.length));
    socket.resume();
    await once(socket, "end");
    expect(state.made).toBe(TOTAL_CHUNKS);
    expect(received).toBeGreaterThan(TOTAL_CHUNKS * CHUNK.length);
  });

  it("holds back behind the compressor as well", async () => {
    const { server, state, port } = await downloadServer({ compress: true });
    open.push(server);
    const socket = await stalledClient(port, "accept-encoding: gzip\r\n");
    await settle(500);
    expect(state.made).toBeGreaterThan(0);
    expect(state.made * CHUNK.length).toBeLessThan(16 * 2 ** 20);
    socket.destroy();
  });

  it("lets the producer stop when the client goes away while it waits", async () => {
    const { server, state, port } = await downloadServer();
    open.push(server);
    const socket = await stalledClient(port);
    await settle(300);
    socket.destroy();
    for (let i = 0; i < 50 && !state.finished; i++) await settle(20);
    expect(state.finished).toBe(true);
    expect(state.made).toBeLessThan(TOTAL_CHUNKS);
  });
});
