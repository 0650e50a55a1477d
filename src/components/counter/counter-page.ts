import { readDevice, writeDevice, type DeviceRecord } from "../../lib/counter-store";
import { startAmil } from "./counter-amil";
import { counterContext } from "./counter-context";
import { currentRates } from "../../lib/device-rates";
import { registerDevice } from "./counter-device";
import { startSync } from "./counter-sync";
import { startTaking } from "./counter-take";
import type { CounterLabels } from "./labels";

// The counter app's page script (issue 32, docs/counter.md): set the device up once online, take
// payments with or without the network (each numbered, signed and kept in IndexedDB before its receipt
// shows), and send them to the council on demand, when the network returns and on load. The amil's
// section is counter-amil.ts, taking a payment counter-take.ts, the queue and sync counter-sync.ts.

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
  const amil = startAmil(ctx, () => $("[data-counter-take-form] select").focus());
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

  // --- Load -------------------------------------------------------------------------------------
  void (async () => {
    // An amil's session never outlives the page: their PIN opens it again.
    const stored = await readDevice();
    record = stored && { ...stored, amil: undefined };
    drawDevice();
    // Ready to take a payment (the form shows): what bench/counter-open.mjs measures offline.
    performance.mark("counter-ready");
    await drawQueue();
    document.body.dataset["counterReady"] = "";
    if (record && navigator.onLine) {
      const current = await currentRates();
      if (current !== undefined && JSON.stringify(current.rates) !== JSON.stringify(record.rates)) {
        record = { ...record, ratesVersion: current.version, rates: current.rates };
        await writeDevice({ ...record, amil: undefined });
        taking.ratesChanged();
      }
      await sync();
    }
  })();
};
