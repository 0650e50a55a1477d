// The counter app's service worker (issue 32, docs/counter.md), written into the build when the site
// is built (astro.config.mjs's counterWorker integration): it keeps /counter and /ms/counter and every
// file they load, listed from the built pages themselves, so the app opens with no network. Written by
// hand rather than with @vite-pwa/astro and Workbox: the counter is the only page that works offline,
// the worker is about 1 KB, and it only ever answers for the counter's pages (their own scope), so no
// other page meets it.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { measurePage } from "./size-budget.mjs";

/** The most entries one sync call carries (packages/domain's MAX_SYNC_ENTRIES). */
const MAX_SYNC_ENTRIES = 50;

/** The counter's pages, as their addresses and their built files. */
export const COUNTER_PAGES = [
  { url: "/counter", file: "counter/index.html" },
  { url: "/ms/counter", file: "ms/counter/index.html" },
];

const stylesheets = /href="(\/_astro\/[^"]+\.css)"/g;
const cssUrls = /url\(\s*["']?(\/_astro\/[^"')]+)["']?\s*\)/g;
const links = /<link\b[^>]*\bhref="(\/[^"/][^"]*\.(?:svg|webmanifest|png|ico))"/g;

/** Every file the counter's pages need, by URL path, sorted. */
export function counterFiles(clientDir) {
  const files = new Set();
  for (const { file } of COUNTER_PAGES) {
    // What the page imports when a receipt shows (its QR code) is kept too: receipts print offline.
    const measured = measurePage(clientDir, file, { onAction: ["receipt-qr"] });
    for (const part of [measured.files, measured.onAction.files, measured.byScriptTag.files]) {
      for (const { url } of part) files.add(url);
    }
    const html = readFileSync(path.join(clientDir, file), "utf8");
    for (const [, url] of html.matchAll(links)) files.add(url);
    for (const [, css] of html.matchAll(stylesheets)) {
      files.add(css);
      const text = readFileSync(path.join(clientDir, css), "utf8");
      for (const [, url] of text.matchAll(cssUrls)) files.add(url);
    }
  }
  files.add("/favicon.svg");
  for (const url of files) {
    if (!existsSync(path.join(clientDir, url))) throw new Error(`counter: ${url} is not built`);
  }
  return [...files].sort();
}

/** The worker's source for this build: its cache is named by the hash of what it keeps. */
export function counterWorkerSource(clientDir) {
  const files = counterFiles(clientDir);
  const hash = createHash("sha256");
  for (const url of [...files, ...COUNTER_PAGES.map((page) => `/${page.file}`)]) {
    hash.update(url).update(readFileSync(path.join(clientDir, url)));
  }
  const version = hash.digest("hex").slice(0, 16);
  const pages = COUNTER_PAGES.map((page) => page.url);
  return `// The counter app's service worker (scripts/counter-sw.mjs, written at build time).
const CACHE = "counter-${version}";
const PAGES = ${JSON.stringify(pages)};
const FILES = ${JSON.stringify(files)};
const keep = (key, response) => {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
};
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([...PAGES, ...FILES])).then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith("counter-") && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page: the network's when it answers (a new release), else the one kept.
    const page = url.pathname.replace(/\\/$/, "");
    if (!PAGES.includes(page)) return;
    event.respondWith(
      fetch(request)
        .then((response) => keep(page, response))
        .catch(() => caches.match(page).then((kept) => kept || Response.error())),
    );
    return;
  }
  // Its files: named by their content, so the kept copy is the right one.
  if (FILES.includes(url.pathname) || url.pathname.startsWith("/_astro/")) {
    event.respondWith(
      caches.match(url.pathname).then((kept) => kept || fetch(request).then((response) => keep(url.pathname, response))),
    );
  }
});
// Background Sync (where the browser has it): the page asks for "counter-sync" while entries wait
// offline; the browser wakes the worker when the network returns, even with the page closed. It sends
// what waits as the page does (src/components/counter/counter-device.ts sendQueue), keeps what became
// of each, and tidies what the council has (src/lib/counter-store.ts tidy). A failure throws, so the
// browser tries again later; the server answers a replay with what it kept.
const KEPT = ["key", "receiptNo", "series", "serial", "fund", "amountCents", "people", "takenAt", "status", "reason"];
const asked = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
const finished = (tx) =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("aborted"));
  });
const openStore = () =>
  new Promise((resolve, reject) => {
    const req = indexedDB.open("portal-counter");
    // No store yet: the page has never set this device up; nothing to send.
    req.onupgradeneeded = () => req.transaction.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
const sendWaiting = async () => {
  let db;
  try {
    db = await openStore();
  } catch {
    return;
  }
  const record = await asked(db.transaction("device").objectStore("device").get("this"));
  if (!record) return;
  const all = await asked(db.transaction("queue").objectStore("queue").getAll());
  const waiting = all.filter((entry) => entry.status === "queued" && entry.text && entry.signature);
  for (let start = 0; start < waiting.length; start += ${MAX_SYNC_ENTRIES}) {
    const page = waiting.slice(start, start + ${MAX_SYNC_ENTRIES});
    const response = await fetch("/svc/payment/v1/counter/syncEntries", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({
        deviceId: record.device.id,
        entries: page.map((entry) => ({ text: entry.text, signature: entry.signature })),
      }),
    });
    if (response.status === 404) return;
    if (!response.ok) throw new Error("sync " + response.status);
    const answers = ((await response.json()).data || {}).entries || [];
    const tx = db.transaction("queue", "readwrite");
    const store = tx.objectStore("queue");
    page.forEach((entry, i) => {
      const answer = answers[i];
      if (!answer || (answer.key !== null && answer.key !== entry.key)) return;
      const status = answer.outcome === "applied" ? "applied" : answer.outcome === "held" ? "held" : "refused";
      const marked = { ...entry, status, reason: answer.reason || answer.code || answer.shiftFlag };
      store.put(status === "applied" ? Object.fromEntries(KEPT.map((name) => [name, marked[name]])) : marked);
    });
    await finished(tx);
  }
  const pages = await self.clients.matchAll({ type: "window" });
  for (const client of pages) client.postMessage("counter-synced");
};
self.addEventListener("sync", (event) => {
  if (event.tag === "counter-sync") event.waitUntil(sendWaiting());
});
`;
}

/** Write the worker into the build (the client files' folder). */
export function writeCounterWorker(clientDir) {
  writeFileSync(path.join(clientDir, "counter-sw.js"), counterWorkerSource(clientDir));
}
