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
import {
  queueEntry,
  readDevice,
  readSerials,
  writeDevice,
  type DeviceRecord,
  type QueuedEntry,
} from "../../lib/counter-store";
import { startAmil } from "./counter-amil";
import { counterContext } from "./counter-context";
import { currentRatesVersion, receiptJws, registerDevice, sign } from "./counter-device";
import { startSync } from "./counter-sync";
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
// shows), and send them to the council on demand, when the network returns and on load. The amil's
// section is counter-amil.ts, the queue and sync counter-sync.ts.

export const startCounterPage = (): void => {
  const source = document.getElementById("counter-labels")?.textContent;
  if (!source) return;
  const labels = JSON.parse(source) as CounterLabels;
  let record: DeviceRecord | undefined;
  const ctx = counterContext(labels, {
    record: () => record,
    setRecord: (next) => {
      record = next;
    },
    drawDevice: () => drawDevice(),
  });
  const { t, $, problem } = ctx;

  const setup = $("[data-counter-setup]");
  const amilSection = $("[data-counter-amil]");
  const take = $("[data-counter-take]");
  const queueSection = $("[data-counter-queue]");
  const deviceLine = $("[data-counter-device]");
  const receipt = $("[data-counter-receipt]");
  const takeForm = $<HTMLFormElement>("[data-counter-take-form]");

  /** The idempotency key of the payment being entered: made when the form opens. */
  let formKey = crypto.randomUUID();

  const drawDevice = () => {
    setup.hidden = record !== undefined;
    amilSection.hidden = record === undefined;
    take.hidden = record === undefined || record.amil === undefined;
    queueSection.hidden = record === undefined;
    if (!record) return;
    deviceLine.textContent = t("counter_device", {
      label: record.device.label,
      mosque: record.device.mosqueName,
      no: record.device.deviceNo,
    });
    amil.draw();
  };
  const amil = startAmil(ctx, () => takeForm.querySelector("select")?.focus());
  const { drawQueue, sync } = startSync(ctx);

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
        document.querySelector<HTMLElement>("[data-counter-amil-form] button")?.focus();
      } catch {
        problem(registerForm, t("counter_register_failed"));
      } finally {
        button.disabled = false;
        button.textContent = t("counter_register");
      }
    })();
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

  // --- Load -------------------------------------------------------------------------------------
  void (async () => {
    // An amil's session never outlives the page: their PIN opens it again.
    const stored = await readDevice();
    record = stored && { ...stored, amil: undefined };
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
};
