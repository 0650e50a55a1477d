import { formatMoney, type Cents } from "@portal/domain";
import { fill } from "../../i18n/fill";
import {
  readDevice,
  readQueue,
  writeDevice,
  type DeviceRecord,
  type EntryStatus,
  type QueuedEntry,
} from "../../lib/counter-store";
import { currentRates, registerDevice, sendQueue } from "./counter-device";
import { startTaking } from "./counter-take";
import type { CounterLabelKey, CounterLabels } from "./labels";

// The counter app's page script (issue 32, docs/counter.md): set the device up once online, take
// payments with or without the network (each numbered, signed and kept in IndexedDB before its receipt
// shows), and send them to the council on demand, when the network returns and on load.

/** The words for a held entry's reason or a refusal's code (`number.used` → counter_reason_number_used). */
const reasonKey = (labels: CounterLabels, reason: string | undefined): CounterLabelKey => {
  const key = `counter_reason_${(reason ?? "").replace(/\./g, "_")}`;
  return (key in labels ? key : "counter_reason_unknown") as CounterLabelKey;
};

/** The entries the page lists, newest first (a busy night's queue holds hundreds; all are counted). */
const LISTED = 50;

export const startCounterPage = (): void => {
  const source = document.getElementById("counter-labels")?.textContent;
  if (!source) return;
  const labels = JSON.parse(source) as CounterLabels;
  const t = (key: CounterLabelKey, values: Record<string, string | number> = {}) =>
    fill(
      labels[key],
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
    );
  const $ = <E extends HTMLElement>(selector: string) => document.querySelector<E>(selector)!;

  const setup = $("[data-counter-setup]");
  const amilSection = $("[data-counter-amil]");
  const take = $("[data-counter-take]");
  const queueSection = $("[data-counter-queue]");
  const network = $("[data-counter-network]");
  const deviceLine = $("[data-counter-device]");
  const amilForm = $<HTMLFormElement>("[data-counter-amil-form]");
  const amilNow = $("[data-counter-amil-now]");
  const syncButton = $<HTMLButtonElement>("[data-counter-sync]");
  const syncMessage = $("[data-counter-sync-message]");
  const list = $("[data-counter-list]");
  const latest = $("[data-counter-latest]");
  const summary = $("[data-counter-summary]");

  let record: DeviceRecord | undefined;
  let syncing = false;

  const showNetwork = () => {
    network.textContent = navigator.onLine ? t("counter_online") : t("counter_offline");
    network.dataset["state"] = navigator.onLine ? "online" : "offline";
  };

  const problem = (form: HTMLElement, text: string) => {
    const box = form.querySelector<HTMLElement>("[data-problem]")!;
    box.textContent = text;
    box.hidden = text === "";
    if (text !== "") box.focus();
  };

  const statusText = (entry: QueuedEntry) => {
    const reason = labels[reasonKey(labels, entry.reason)];
    const key: Record<EntryStatus, CounterLabelKey> = {
      queued: "counter_status_queued",
      applied: "counter_status_applied",
      held: "counter_status_held",
      refused: "counter_status_refused",
    };
    return t(key[entry.status], { reason });
  };

  const drawQueue = async () => {
    const entries = await readQueue();
    const count = (status: EntryStatus) => entries.filter((e) => e.status === status).length;
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
            entry.payerName,
            ...(entry.people ? [t("counter_household_people", { count: entry.people })] : []),
          ].join(" · ");
          const status = document.createElement("span");
          status.className = "counter-status";
          status.textContent = statusText(entry);
          item.append(head, detail, status);
          return item;
        }),
    );
  };

  const drawDevice = () => {
    setup.hidden = record !== undefined;
    amilSection.hidden = record === undefined;
    const amil = record?.amil;
    take.hidden = record === undefined || amil === undefined;
    queueSection.hidden = record === undefined;
    if (!record) return;
    deviceLine.textContent = t("counter_device", {
      label: record.device.label,
      mosque: record.device.mosqueName,
      no: record.device.deviceNo,
    });
    amilForm.hidden = amil !== undefined;
    amilNow.hidden = amil === undefined;
    if (amil) {
      amilNow.querySelector("span")!.textContent = t("counter_amil_now", amil);
    }
  };

  // --- Device set-up (online, once) -------------------------------------------------------------
  const registerForm = $<HTMLFormElement>("[data-counter-register-form]");
  registerForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      const data = new FormData(registerForm);
      const mosqueName = String(data.get("mosqueName") ?? "").trim();
      const label = String(data.get("label") ?? "").trim();
      if (mosqueName === "" || label === "")
        return problem(registerForm, t("counter_register_missing"));
      if (!navigator.onLine) return problem(registerForm, t("counter_register_offline"));
      const button = registerForm.querySelector("button")!;
      button.disabled = true;
      button.textContent = t("counter_registering");
      try {
        const made = await registerDevice(mosqueName, label);
        if (typeof made === "string") return problem(registerForm, t(made));
        record = made;
        await writeDevice(record);
        problem(registerForm, "");
        drawDevice();
        await drawQueue();
        amilForm.querySelector("input")?.focus();
      } catch {
        problem(registerForm, t("counter_register_failed"));
      } finally {
        button.disabled = false;
        button.textContent = t("counter_register");
      }
    })();
  });

  // --- The amil ---------------------------------------------------------------------------------
  amilForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      const data = new FormData(amilForm);
      const name = String(data.get("amilName") ?? "").trim();
      const id = String(data.get("amilId") ?? "").trim();
      if (name === "" || id === "" || !record) return problem(amilForm, t("counter_amil_missing"));
      record = { ...record, amil: { id, name } };
      await writeDevice(record);
      problem(amilForm, "");
      drawDevice();
      $("[data-counter-take-form] select").focus();
    })();
  });
  $("[data-counter-amil-change]").addEventListener("click", () => {
    amilForm.hidden = false;
    amilNow.hidden = true;
    amilForm.querySelector("input")?.focus();
  });

  // --- Taking a payment: counter-take.ts ----------------------------------------------------------
  const taking = startTaking({
    labels,
    t,
    problem,
    record: () => record,
    issued: () => {
      void drawQueue();
      if (navigator.onLine) void sync();
    },
  });

  // --- Sync -------------------------------------------------------------------------------------
  const sync = async (): Promise<void> => {
    if (syncing || !record) return;
    syncing = true;
    syncButton.disabled = true;
    syncMessage.textContent = t("counter_syncing");
    let message: CounterLabelKey = "counter_sync_done";
    try {
      if ((await sendQueue(record.device.id)) === "unknown") message = "counter_sync_unknown";
    } catch {
      // The queue stays as it was: whatever reached the server is answered again, once, next time.
      message = "counter_sync_failed";
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

  // --- Load -------------------------------------------------------------------------------------
  showNetwork();
  void (async () => {
    record = await readDevice();
    drawDevice();
    // Ready to take a payment (the form shows): what bench/counter-open.mjs measures offline.
    performance.mark("counter-ready");
    await drawQueue();
    document.body.dataset["counterReady"] = "";
    if (record && navigator.onLine) {
      const current = await currentRates();
      if (current !== undefined && JSON.stringify(current.rates) !== JSON.stringify(record.rates)) {
        record = { ...record, ratesVersion: current.version, rates: current.rates };
        await writeDevice(record);
        taking.ratesChanged();
      }
      await sync();
    }
  })();

  // The service worker keeps the page (in every language: one registration per language's address,
  // so it answers for nothing else) and its files, so it opens with no network.
  if ("serviceWorker" in navigator) {
    for (const scope of labels.scopes) {
      void navigator.serviceWorker.register("/counter-sw.js", { scope }).catch(() => undefined);
    }
  }
};
