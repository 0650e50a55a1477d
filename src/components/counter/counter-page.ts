import {
  allocateSerial,
  buildOfflineEntry,
  deviceSeriesOfFund,
  formatMoney,
  offlineReceiptClaims,
  offlineReceiptNo,
  offlineVerifyPath,
  readMoney,
  type Cents,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import {
  queueEntry,
  readDevice,
  readQueue,
  readSerials,
  writeDevice,
  type DeviceRecord,
  type EntryStatus,
  type QueuedEntry,
} from "../../lib/counter-store";
import { currentRatesVersion, receiptJws, registerDevice, sendQueue, sign } from "./counter-device";
import checkUrl from "./entry-check?worker&url";
import type { CounterLabelKey, CounterLabels } from "./labels";

let checker: Worker | undefined;
/** The fields the counter's rules refuse (src/components/counter/entry-check.ts); none if it cannot run. */
const entryProblems = (input: unknown): Promise<ReadonlyArray<string>> =>
  new Promise((resolve) => {
    checker ??= new Worker(checkUrl);
    checker.onmessage = (event: MessageEvent<string[]>) => resolve(event.data);
    checker.onerror = () => resolve([]);
    checker.postMessage(input);
  });

// The counter app's page script (issue 32, docs/counter.md): set the device up once online, take
// payments with or without the network (each numbered, signed and kept in IndexedDB before its receipt
// shows), and send them to the council on demand, when the network returns and on load.

/** The words for a held entry's reason or a refusal's code (`number.used` → counter_reason_number_used). */
const reasonKey = (labels: CounterLabels, reason: string | undefined): CounterLabelKey => {
  const key = `counter_reason_${(reason ?? "").replace(/\./g, "_")}`;
  return (key in labels ? key : "counter_reason_unknown") as CounterLabelKey;
};

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
  const receipt = $("[data-counter-receipt]");
  const takeForm = $<HTMLFormElement>("[data-counter-take-form]");
  const amilForm = $<HTMLFormElement>("[data-counter-amil-form]");
  const amilNow = $("[data-counter-amil-now]");
  const syncButton = $<HTMLButtonElement>("[data-counter-sync]");
  const syncMessage = $("[data-counter-sync-message]");
  const list = $("[data-counter-list]");
  const summary = $("[data-counter-summary]");

  let record: DeviceRecord | undefined;
  /** The idempotency key of the payment being entered: made when the form opens. */
  let formKey = crypto.randomUUID();
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
    list.replaceChildren(
      ...entries
        .slice()
        .reverse()
        .map((entry) => {
          const item = document.createElement("li");
          item.dataset["status"] = entry.status;
          item.dataset["testid"] = "counter-entry";
          const head = document.createElement("strong");
          head.textContent = entry.receiptNo;
          const detail = document.createElement("span");
          detail.textContent = `${labels.funds[entry.fund] ?? entry.fund} · ${formatMoney(entry.amountCents as Cents)} · ${entry.payerName}`;
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
      takeForm.querySelector("select")?.focus();
    })();
  });
  $("[data-counter-amil-change]").addEventListener("click", () => {
    amilForm.hidden = false;
    amilNow.hidden = true;
    amilForm.querySelector("input")?.focus();
  });

  // --- Taking a payment -------------------------------------------------------------------------
  const reference = $("[data-counter-reference]");
  const showReference = () => {
    reference.hidden = new FormData(takeForm).get("method") !== "cheque";
  };
  takeForm.addEventListener("change", showReference);
  showReference();

  const issue = async (): Promise<QueuedEntry | CounterLabelKey> => {
    if (!record?.amil) return "counter_error_save";
    const data = new FormData(takeForm);
    const fund = String(data.get("fund") ?? "");
    const method = data.get("method") === "cheque" ? "cheque" : "cash";
    const amount = readMoney(String(data.get("amount") ?? ""));
    if (!amount.ok || amount.value <= 0) return "counter_error_amount";
    const name = String(data.get("payerName") ?? "").trim();
    if (name === "") return "counter_error_name";
    const chequeNo = String(data.get("reference") ?? "").trim();
    if (method === "cheque" && chequeNo === "") return "counter_error_reference";
    const series = deviceSeriesOfFund(fund, record.device.deviceNo);
    if (series === undefined) return "counter_error_save";
    const { device, keys, amil, ratesVersion } = record;
    const sale = {
      fund,
      amountCents: amount.value,
      method,
      reference: method === "cheque" ? chequeNo : undefined,
      donor: {
        name,
        email: String(data.get("email") ?? ""),
        idNumber: String(data.get("idNumber") ?? ""),
      },
    } as const;
    // The counter's own rules, as the server checks them: an entry they refuse would only be held.
    const fields = await entryProblems({ ...sale, mosqueName: device.mosqueName });
    if (fields.length > 0) {
      return fields.includes("amountCents")
        ? "counter_error_amount"
        : fields.includes("donorName")
          ? "counter_error_name"
          : fields.includes("reference")
            ? "counter_error_reference"
            : fields.includes("email")
              ? "counter_error_email"
              : fields.includes("idNumber")
                ? "counter_error_nric"
                : "counter_error_save";
    }
    // Number, sign, then keep the entry and move the series on in one transaction; if the series
    // moved meanwhile (another tab), number and sign again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const next = allocateSerial(await readSerials(), series, device);
      if (next === undefined) return "counter_error_block";
      const takenAt = new Date();
      const receiptNo = offlineReceiptNo(fund, device.deviceNo, next.serial)!;
      const text = JSON.stringify(
        buildOfflineEntry({
          device,
          key: formKey,
          serial: next.serial,
          takenAt,
          amil,
          ratesVersion,
          sale,
        }),
      );
      const claims = offlineReceiptClaims({
        receiptNo,
        fund,
        amountCents: amount.value,
        takenAt,
        device,
      });
      const entry: QueuedEntry = {
        key: formKey,
        receiptNo,
        series,
        serial: next.serial,
        fund,
        amountCents: amount.value,
        payerName: name,
        takenAt: takenAt.toISOString(),
        text,
        signature: await sign(keys.privateKey, text),
        jws: await receiptJws(keys.privateKey, device.id, claims),
        status: "queued",
      };
      if (await queueEntry(entry)) return entry;
    }
    return "counter_error_save";
  };

  const showReceipt = (entry: QueuedEntry) => {
    const fields: Record<string, string> = {
      no: entry.receiptNo,
      fund: labels.funds[entry.fund] ?? entry.fund,
      amount: formatMoney(entry.amountCents as Cents),
      mosque: record?.device.mosqueName ?? "",
    };
    for (const [name, value] of Object.entries(fields)) {
      receipt.querySelector(`[data-receipt-${name}]`)!.textContent = value;
    }
    const link = receipt.querySelector<HTMLAnchorElement>("[data-receipt-verify]")!;
    link.href = offlineVerifyPath(entry.receiptNo, entry.jws, labels.prefix);
    link.textContent = t("counter_receipt_verify", { no: entry.receiptNo });
    receipt.hidden = false;
    takeForm.hidden = true;
    receipt.querySelector<HTMLElement>("h3")!.focus();
  };

  takeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = takeForm.querySelector<HTMLButtonElement>("button[type=submit]")!;
    if (button.disabled) return;
    button.disabled = true;
    void issue()
      .then((outcome) => {
        if (typeof outcome === "string") return problem(takeForm, t(outcome));
        problem(takeForm, "");
        showReceipt(outcome);
        void drawQueue();
        if (navigator.onLine) void sync();
      })
      .catch(() => problem(takeForm, t("counter_error_save")))
      .finally(() => {
        button.disabled = false;
      });
  });

  $("[data-counter-new]").addEventListener("click", () => {
    takeForm.reset();
    showReference();
    formKey = crypto.randomUUID();
    receipt.hidden = true;
    takeForm.hidden = false;
    takeForm.querySelector("select")?.focus();
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
    await drawQueue();
    document.body.dataset["counterReady"] = "";
    if (record && navigator.onLine) {
      const version = await currentRatesVersion();
      if (version !== undefined && version !== record.ratesVersion) {
        record = { ...record, ratesVersion: version };
        await writeDevice(record);
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
