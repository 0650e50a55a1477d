import {
  checkAmount,
  fitrahTotal,
  formatMoney,
  idleState,
  kioskAmountLimit,
  KIOSK_MAX_PERSONS,
  readMoney,
  type Cents,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import {
  call,
  currentRates,
  forgetKiosk,
  readKiosk,
  registerKiosk,
  startPayment,
  type KioskRecord,
  type StartedPayment,
} from "./kiosk-device";
import { kioskHousehold } from "./kiosk-household";
import type { KioskLabelKey, KioskLabels } from "./labels";
import { drawReceipt, type KioskReceiptData } from "./kiosk-receipt";

// The kiosk's page script (issue 32; docs/counter.md "Kiosks"): set up once by an officer, then one
// payment after another: fund, persons or amount, PayNow or NETS, the receipt; back to the start after
// a minute untouched (a countdown in the last ten seconds, which a touch cancels).

type Screen = "setup" | "fund" | "amount" | "method" | "paynow" | "nets" | "receipt";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POLL_MS = 3_000;

export const startKioskPage = (): void => {
  const source = document.getElementById("kiosk-labels")?.textContent;
  if (!source) return;
  const labels = JSON.parse(source) as KioskLabels;
  const t = (key: KioskLabelKey, values: Record<string, string | number> = {}) =>
    fill(
      labels[key],
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
    );
  const $ = <E extends HTMLElement>(selector: string, within: ParentNode = document) =>
    within.querySelector<E>(selector)!;
  const screens = [...document.querySelectorAll<HTMLElement>("[data-screen]")];
  const where = $("[data-kiosk-where]");
  const idleBox = $("[data-kiosk-idle]");

  let kiosk: KioskRecord | undefined;
  let rates: Awaited<ReturnType<typeof currentRates>>;
  let fund = "";
  const persons = { normal: 0, premium: 0 };
  let payment: StartedPayment | undefined;
  /** The payment's idempotency key: made when a fund is chosen, so a retry is the same payment. */
  let paymentKey = "";
  let paidFor = ""; // The order the payment was started for: another order is another payment.
  let screen: Screen = "fund";
  let lastTouch = Date.now();
  let polling: number | undefined;

  const show = (next: Screen) => {
    screen = next;
    for (const section of screens) section.hidden = section.dataset["screen"] !== next;
    const current = screens.find((section) => section.dataset["screen"] === next);
    for (const box of current?.querySelectorAll<HTMLElement>("[data-problem]") ?? []) {
      box.hidden = true;
    }
    current?.querySelector<HTMLElement>("h2")?.focus();
  };
  const problem = (text: string) => {
    const box = $("[data-problem]", $(`[data-screen="${screen}"]`));
    box.textContent = text;
    box.hidden = text === "";
    if (text !== "") box.focus();
  };

  // --- The payment's amount -------------------------------------------------------------------
  const amountInput = $<HTMLInputElement>("#kiosk-amount-input");
  /** The total as chosen, or the words for what is wrong. */
  const total = (): { cents: Cents } | { error: string } => {
    if (household.named()) {
      const cents = household.total();
      return cents === undefined ? { error: t("kiosk_error_household") } : { cents };
    }
    if (fund === "fitrah") {
      const all = persons.normal + persons.premium;
      if (!rates || all < 1 || all > KIOSK_MAX_PERSONS) {
        return { error: t("kiosk_error_persons", { max: KIOSK_MAX_PERSONS }) };
      }
      return {
        cents: fitrahTotal(persons, {
          fitrahNormalRate: rates.normal as Cents,
          fitrahPremiumRate: rates.premium as Cents,
        }),
      };
    }
    const limit = kioskAmountLimit(fund);
    const read = readMoney(amountInput.value);
    const words = t("kiosk_error_amount", {
      min: formatMoney(limit.min),
      max: formatMoney(limit.max),
    });
    if (!read.ok || checkAmount(limit, read.value) !== null) return { error: words };
    return { cents: read.value };
  };
  const drawTotal = () => {
    const now = total();
    if ("cents" in now) $("[data-problem]", $('[data-screen="amount"]')).hidden = true;
    const line = $("[data-kiosk-total]");
    line.textContent = "cents" in now ? t("kiosk_total", { amount: formatMoney(now.cents) }) : "";
    for (const kind of ["normal", "premium"] as const) {
      $(`[data-count="${kind}"]`).textContent = String(persons[kind]);
    }
  };
  const household = kioskHousehold({
    labels: labels.household,
    title: t("kiosk_household_title"),
    onChange: () => drawTotal(),
  });
  const chooseFund = (chosen: string) => {
    fund = chosen;
    paymentKey = crypto.randomUUID();
    payment = undefined;
    const fitrah = chosen === "fitrah";
    $("[data-kiosk-amount-title]").textContent = t(
      fitrah ? "kiosk_persons_title" : "kiosk_amount_title",
    );
    $("[data-kiosk-chosen]").textContent = labels.funds[chosen] ?? chosen;
    $("[data-kiosk-persons]").hidden = !fitrah;
    $("[data-kiosk-amount]").hidden = fitrah;
    if (rates) {
      $('[data-kiosk-rate="normal"]').textContent = t("kiosk_persons_normal", {
        rate: formatMoney(rates.normal as Cents),
      });
      $('[data-kiosk-rate="premium"]').textContent = t("kiosk_persons_premium", {
        rate: formatMoney(rates.premium as Cents),
      });
    }
    household.setFund(chosen, rates?.household);
    drawTotal();
    show("amount");
  };

  // --- Start again ------------------------------------------------------------------------------
  const stopPolling = () => {
    if (polling !== undefined) window.clearInterval(polling);
    polling = undefined;
  };
  const reset = () => {
    stopPolling();
    fund = "";
    persons.normal = 0;
    persons.premium = 0;
    household.reset();
    payment = undefined;
    amountInput.value = "";
    $<HTMLInputElement>("#kiosk-email").value = "";
    $("[data-kiosk-qr]").replaceChildren();
    $("[data-kiosk-receipt-lines]").replaceChildren();
    $("[data-kiosk-verify-qr]").replaceChildren();
    $("[data-kiosk-email-status]").textContent = "";
    idleBox.hidden = true;
    lastTouch = Date.now();
    show(kiosk ? "fund" : "setup");
    void currentRates().then((fresh) => (rates = fresh ?? rates));
  };

  // --- Paying ---------------------------------------------------------------------------------
  const order = (cents: Cents) => ({
    fund,
    ...(household.named()
      ? { household: household.lines() }
      : fund === "fitrah"
        ? { persons: { ...persons } }
        : { amountCents: cents }),
    totalCents: cents,
    ratesVersion: rates?.version ?? 0,
    lang: labels.lang,
  });
  /** The payment started (once per key), or undefined with the problem shown. */
  const started = async (): Promise<StartedPayment | undefined> => {
    const now = total();
    if (!kiosk || !("cents" in now)) return undefined;
    if (payment) return payment;
    const asked = order(now.cents);
    const answer = await startPayment(kiosk, asked, paymentKey);
    paidFor = JSON.stringify(asked);
    if (answer.ok) return (payment = answer.data);
    if (answer.code === "kiosk.unknown") {
      await forgetKiosk();
      kiosk = undefined;
      $("[data-kiosk-unavailable]").hidden = false;
      show("setup");
    } else if (answer.code === "kiosk.rates_changed") {
      rates = (await currentRates()) ?? rates;
      chooseFund(fund);
      problem(t("kiosk_error_rates"));
    } else if (answer.code === "kiosk.household_invalid") {
      show("amount");
      problem(t("kiosk_error_household_priced"));
    } else problem(t("kiosk_error_network"));
    return undefined;
  };
  const ref = () => ({ donationId: payment?.id ?? "", clientSecret: payment?.clientSecret ?? "" });

  const showReceipt = async () => {
    stopPolling();
    const answer = await call<KioskReceiptData>("kioskReceipt", {
      ...ref(),
      lang: labels.lang,
    });
    if (!answer.ok) return problem(t("kiosk_error_network"));
    drawReceipt(answer.data, labels, fund, t);
    const email = $<HTMLInputElement>("#kiosk-email").value.trim();
    const emailIt = $<HTMLButtonElement>("[data-kiosk-email-it]");
    emailIt.hidden = email === "";
    emailIt.disabled = false;
    emailIt.textContent = t("kiosk_email_it", { email });
    show("receipt");
  };

  const payNow = async () => {
    const made = await started();
    if (!made) return;
    show("paynow");
    const status = $("[data-kiosk-paynow-status]");
    status.textContent = "";
    const qr = await call<{ payNow: { payload: string } | null }>("payNow", ref(), "donations");
    const image = await call<{ svg: string; expiresAt: string }>(
      "payNowQrImage",
      ref(),
      "donations",
    );
    if (!qr.ok || !image.ok) return problem(t("kiosk_error_network"));
    const svg = new DOMParser().parseFromString(image.data.svg, "image/svg+xml");
    const box = $("[data-kiosk-qr]");
    box.setAttribute(
      "aria-label",
      t("kiosk_paynow_qr", { amount: formatMoney(made.totalCents as Cents) }),
    );
    box.dataset["payload"] = qr.data.payNow?.payload ?? "";
    box.replaceChildren(document.importNode(svg.documentElement, true));
    status.textContent = t("kiosk_paynow_waiting", {
      amount: formatMoney(made.totalCents as Cents),
    });
    const expiresAt = Date.parse(image.data.expiresAt);
    stopPolling();
    polling = window.setInterval(() => {
      if (Date.now() > expiresAt) {
        stopPolling();
        box.replaceChildren();
        status.textContent = t("kiosk_paynow_expired");
        lastTouch = Date.now();
        return;
      }
      void call<{ status: string }>("retrieve", ref(), "donations").then((answer) => {
        if (answer.ok && answer.data.status === "succeeded" && screen === "paynow") {
          void showReceipt();
        }
      });
    }, POLL_MS);
  };

  const netsButton = $<HTMLButtonElement>("[data-kiosk-nets]");
  const payNets = async () => {
    const made = await started();
    if (!made) return;
    netsButton.disabled = true;
    netsButton.setAttribute("aria-busy", "true");
    $("[data-kiosk-nets-status]").textContent = t("kiosk_nets_paying");
    const answer = await call<{ declined: string | null }>("payKioskByNets", ref());
    netsButton.disabled = false;
    netsButton.removeAttribute("aria-busy");
    $("[data-kiosk-nets-status]").textContent = "";
    if (!answer.ok) return problem(t("kiosk_error_network"));
    if (answer.data.declined === null) return showReceipt();
    problem(
      t(
        answer.data.declined === "insufficient_funds"
          ? "kiosk_nets_insufficient"
          : "kiosk_nets_declined",
      ),
    );
  };

  // --- Wiring ---------------------------------------------------------------------------------
  document.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("button");
    if (!target) return;
    const { fund: chosen, go, step, by, pay } = target.dataset;
    if (chosen) chooseFund(chosen);
    if (go === "reset") reset();
    else if (go === "fund" || go === "amount" || go === "method") {
      stopPolling();
      show(go);
    }
    if (step === "normal" || step === "premium") {
      persons[step] = Math.max(0, Math.min(KIOSK_MAX_PERSONS, persons[step] + Number(by)));
      drawTotal();
    }
    if (target.hasAttribute("data-kiosk-next")) {
      const now = total();
      if ("error" in now) {
        problem(now.error);
        // Each person's problem beside their field, the first focused.
        if (household.named()) household.check();
        return;
      }
      // The order as it now stands is a payment of its own (one started for another order, another
      // amount or a name corrected, is left).
      if (payment && paidFor !== JSON.stringify(order(now.cents))) {
        payment = undefined;
        paymentKey = crypto.randomUUID();
      }
      $("[data-kiosk-summary]").textContent =
        `${labels.funds[fund] ?? fund} · ${t("kiosk_total", { amount: formatMoney(now.cents) })}`;
      netsButton.textContent = t("kiosk_nets_pay", { amount: formatMoney(now.cents) });
      show("method");
    }
    if (pay) {
      const email = $<HTMLInputElement>("#kiosk-email").value.trim();
      if (email !== "" && !EMAIL.test(email)) return problem(t("kiosk_error_email"));
      if (pay === "paynow") void payNow();
      else show("nets");
    }
    if (target === netsButton) void payNets();
    if (target.hasAttribute("data-kiosk-print")) window.print();
    if (target.hasAttribute("data-kiosk-email-it")) void emailReceipt(target as HTMLButtonElement);
  });
  amountInput.addEventListener("input", drawTotal);

  const emailReceipt = async (button: HTMLButtonElement) => {
    const email = $<HTMLInputElement>("#kiosk-email").value.trim();
    const status = $("[data-kiosk-email-status]");
    button.disabled = true;
    status.textContent = t("kiosk_emailing");
    const answer = await call("emailKioskReceipt", { ...ref(), email });
    status.textContent = answer.ok ? t("kiosk_emailed", { email }) : t("kiosk_email_failed");
    button.disabled = answer.ok;
  };

  $<HTMLFormElement>("[data-kiosk-register]").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const mosque = (form.elements.namedItem("mosqueName") as HTMLInputElement).value.trim();
    const label = (form.elements.namedItem("label") as HTMLInputElement).value.trim();
    if (mosque === "" || label === "") return problem(t("kiosk_register_missing"));
    const button = $<HTMLButtonElement>("button[type=submit]", form);
    button.disabled = true;
    button.textContent = t("kiosk_registering");
    void registerKiosk(mosque, label)
      .catch(() => "failed" as const)
      .then((made) => {
        button.disabled = false;
        button.textContent = t("kiosk_register");
        if (typeof made === "string") return problem(t(`kiosk_register_${made}`));
        kiosk = made;
        $("[data-kiosk-unavailable]").hidden = true;
        where.textContent = t("kiosk_at", { mosque: made.mosqueName });
        reset();
      });
  });

  // --- Inactivity -----------------------------------------------------------------------------
  const touched = () => {
    lastTouch = Date.now();
    if (!idleBox.hidden) idleBox.hidden = true;
  };
  for (const kind of ["pointerdown", "keydown", "input"]) {
    document.addEventListener(kind, touched, { capture: true, passive: true });
  }
  window.setInterval(() => {
    // A payment under way (a QR being paid, the terminal asked) is not left alone: it waits.
    const waiting = polling !== undefined || netsButton.disabled;
    if (screen === "fund" || screen === "setup" || waiting) {
      idleBox.hidden = true;
      lastTouch = waiting ? Date.now() : lastTouch;
      return;
    }
    const state = idleState(Date.now() - lastTouch);
    if (state.phase === "reset") return reset();
    if (state.phase === "active") {
      idleBox.hidden = true;
      return;
    }
    if (idleBox.hidden) {
      $("[data-kiosk-idle-text]").textContent = t("kiosk_idle", { seconds: state.secondsLeft });
      idleBox.hidden = false;
    }
    $("[data-kiosk-idle-count]").textContent = String(state.secondsLeft);
  }, 250);

  void Promise.all([readKiosk(), currentRates()]).then(([record, fresh]) => {
    kiosk = record;
    rates = fresh;
    if (kiosk) where.textContent = t("kiosk_at", { mosque: kiosk.mosqueName });
    reset();
  });
};
