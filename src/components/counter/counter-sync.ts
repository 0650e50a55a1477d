import { formatMoney, type Cents } from "@portal/domain";
import { readQueue, type EntryStatus, type StoredEntry } from "../../lib/counter-store";
import { startBlock } from "./counter-block";
import type { CounterContext } from "./counter-context";
import { sendQueue } from "./counter-device";
import type { CounterLabelKey, CounterLabels } from "./labels";

// The counter page's queue and sync (issue 32, docs/counter.md): the entries kept on the device and
// what the council made of each; sent on load (online), when the network returns, after a payment
// taken online and with "Sync now".

/** The words for a held entry's reason or a refusal's code (`number.used` → counter_reason_number_used). */
const reasonKey = (labels: CounterLabels, reason: string | undefined): CounterLabelKey => {
  const key = `counter_reason_${(reason ?? "").replace(/\./g, "_")}`;
  return (key in labels ? key : "counter_reason_unknown") as CounterLabelKey;
};

/** The entries the page lists, newest first (a busy night's queue holds hundreds; all are counted). */
const LISTED = 50;

/** The tag the page asks the service worker to sync under (scripts/counter-sw.mjs). */
const SYNC_TAG = "counter-sync";

/**
 * Ask the browser to sync from the service worker when the network returns, even if the page has
 * been closed by then (Background Sync, where the browser has it: Chromium's).
 */
const askBackgroundSync = () => {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as { sync?: { register: (tag: string) => Promise<void> } }).sync?.register(
        SYNC_TAG,
      ),
    )
    .catch(() => undefined);
};

export interface SyncSection {
  readonly drawQueue: () => Promise<void>;
  readonly sync: () => Promise<void>;
}

export const startSync = (ctx: CounterContext): SyncSection => {
  const { $, t, labels } = ctx;
  const network = $("[data-counter-network]");
  const syncButton = $<HTMLButtonElement>("[data-counter-sync]");
  const syncMessage = $("[data-counter-sync-message]");
  const list = $("[data-counter-list]");
  const latest = $("[data-counter-latest]");
  const summary = $("[data-counter-summary]");
  let syncing = false;
  const block = startBlock(ctx);

  const showNetwork = () => {
    network.textContent = navigator.onLine ? t("counter_online") : t("counter_offline");
    network.dataset["state"] = navigator.onLine ? "online" : "offline";
  };

  const statusText = (entry: StoredEntry) => {
    const reason = labels[reasonKey(labels, entry.reason)];
    const key: Record<EntryStatus, CounterLabelKey> = {
      queued: "counter_status_queued",
      applied: "counter_status_applied",
      held: "counter_status_held",
      refused: "counter_status_refused",
    };
    if (entry.status === "applied" && entry.reason) {
      return t("counter_status_applied_flagged", { reason });
    }
    return t(key[entry.status], { reason });
  };

  const drawQueue = async () => {
    const entries = await readQueue();
    const count = (status: EntryStatus) => entries.filter((e) => e.status === status).length;
    if (count("queued") > 0 && !navigator.onLine) askBackgroundSync();
    summary.textContent =
      entries.length === 0
        ? t("counter_queue_empty")
        : t("counter_queue_summary", {
            queued: count("queued"),
            applied: count("applied"),
            held: count("held") + count("refused"),
          });
    latest.hidden = entries.length <= LISTED;
    latest.textContent = t("counter_queue_latest", { shown: LISTED, count: entries.length });
    list.replaceChildren(
      ...entries
        .slice(-LISTED)
        .reverse()
        .map((entry) => {
          const item = document.createElement("li");
          item.dataset["status"] = entry.status;
          item.dataset["testid"] = "counter-entry";
          const head = document.createElement("strong");
          head.textContent = entry.receiptNo;
          const detail = document.createElement("span");
          detail.textContent = [
            labels.funds[entry.fund] ?? entry.fund,
            formatMoney(entry.amountCents as Cents),
            // Gone once the council has the entry (counter-store.ts `tidy`).
            ...(entry.payerName === undefined ? [] : [entry.payerName]),
            ...(entry.people ? [t("counter_household_people", { count: entry.people })] : []),
          ].join(" · ");
          const status = document.createElement("span");
          status.className = "counter-status";
          status.textContent = statusText(entry);
          item.append(head, detail, status);
          return item;
        }),
    );
    await block.draw();
  };

  const sync = async (): Promise<void> => {
    const record = ctx.record();
    if (syncing || !record) return;
    syncing = true;
    syncButton.disabled = true;
    syncMessage.textContent = t("counter_syncing");
    let message: CounterLabelKey = "counter_sync_done";
    try {
      if ((await sendQueue(record.device.id)) === "unknown") message = "counter_sync_unknown";
    } catch {
      // The queue stays as it was: whatever reached the server is answered again, once, next time;
      // the service worker tries again when the network returns.
      message = "counter_sync_failed";
      askBackgroundSync();
    } finally {
      syncing = false;
      syncButton.disabled = false;
      syncMessage.textContent = t(message);
      await drawQueue();
    }
  };
  syncButton.addEventListener("click", () => void sync());
  window.addEventListener("online", () => {
    showNetwork();
    void sync();
  });
  window.addEventListener("offline", showNetwork);
  showNetwork();

  // The service worker keeps the page (in every language: one registration per language's address,
  // so it answers for nothing else) and its files, so it opens with no network.
  if ("serviceWorker" in navigator) {
    for (const scope of labels.scopes) {
      void navigator.serviceWorker.register("/counter-sw.js", { scope }).catch(() => undefined);
    }
    // The worker synced in the background: show what became of the entries.
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data === "counter-synced") void drawQueue();
    });
  }

  return { drawQueue, sync };
};
