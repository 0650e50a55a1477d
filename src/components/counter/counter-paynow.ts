import { buildCounterPayNow, formatMoney, type Cents, type CounterSale } from "@portal/domain";
import type { DeviceRecord } from "../../lib/counter-store";
import { paymentCall } from "../../lib/payment-call";
import { sign } from "./counter-device";
import type { CounterLabelKey, CounterLabels } from "./labels";

// PayNow at the counter (issue 32; docs/counter.md "PayNow at the counter"), online only, loaded when
// the amil first takes a PayNow payment. The device signs the request with its key (the amil's
// credential inside); the council makes one payment per fund paid (a household's fitrah, fidyah and
// harta each their own receipt); the payer scans each code in turn; the page asks every 3 s whether
// it is paid (as the kiosk does), and shows the receipts once all are paid. Cancel goes back to the
// form with what the amil entered; the same values sent again are the same payments (its key), so a
// code paid just as the amil cancelled is found paid, never charged twice.

const POLL_MS = 3_000;

interface Started {
  readonly id: string;
  readonly clientSecret: string;
  readonly fund: string;
  readonly totalCents: number;
  readonly transactionNo: string;
  readonly status: string;
}

/** A receipt as `counterPayNowReceipt` answers it: the server's number and verification. */
export interface PayNowReceipt {
  readonly receiptNo: string;
  readonly fund: string;
  readonly totalCents: number;
  readonly mosqueName: string;
  readonly verificationCode: string;
  readonly verifyUrl: string;
  readonly verifyQrSvg: string;
}

/** What the amil is told for a refusal of the start (the rest: the network's words). */
const REFUSED: Readonly<Record<string, CounterLabelKey>> = {
  "counter.noShift": "counter_paynow_no_shift",
  "counter.paynow_amil": "counter_paynow_amil",
  "counter.device_unknown": "counter_paynow_device",
  "counter.device_revoked": "counter_paynow_device",
  "counter.paynow_signature": "counter_paynow_device",
  "counter.rates_changed": "counter_paynow_rates",
  "counter.paynow_invalid": "counter_error_save",
  "counter.paynow_malformed": "counter_error_save",
  "counter.paynow_stale": "counter_error_save",
};

/** A PayNow receipt drawn in the counter's receipt template (the council's number, code and QR). */
export const fillReceipt = (one: DocumentFragment, entry: PayNowReceipt, labels: CounterLabels) => {
  const fields: Record<string, string> = {
    no: entry.receiptNo,
    fund: labels.funds[entry.fund] ?? entry.fund,
    amount: formatMoney(entry.totalCents as Cents),
    mosque: entry.mosqueName,
    code: entry.verificationCode,
  };
  for (const [name, value] of Object.entries(fields)) {
    one.querySelector(`[data-receipt-${name}]`)!.textContent = value;
  }
  for (const part of one.querySelectorAll<HTMLElement>(
    "[data-receipt-code-term], [data-receipt-code], [data-receipt-note]",
  )) {
    part.hidden = false;
  }
  one.querySelector<HTMLAnchorElement>("[data-receipt-verify]")!.href = entry.verifyUrl;
  // The council's own QR code of the link, as every online receipt carries it.
  const svg = new DOMParser().parseFromString(entry.verifyQrSvg, "image/svg+xml");
  one
    .querySelector("[data-receipt-qr]")!
    .replaceChildren(document.importNode(svg.documentElement, true));
};

/**
 * The form's PayNow: the counter's rules on each sale first (`problems`), then `payByPayNow` with the
 * form hidden; the receipts (`paid`), the form back as the amil left it (cancelled), or the words.
 */
export const takeByPayNow = async (page: {
  readonly record: DeviceRecord;
  readonly sales: ReadonlyArray<CounterSale>;
  readonly problems: (sale: CounterSale) => Promise<CounterLabelKey | undefined>;
  readonly key: () => string;
  readonly newKey: () => string;
  readonly labels: CounterLabels;
  readonly t: (key: CounterLabelKey, values?: Record<string, string | number>) => string;
  readonly form: HTMLElement;
  readonly problem: (form: HTMLElement, text: string) => void;
  readonly paid: (receipts: ReadonlyArray<PayNowReceipt>) => void;
  readonly focus: () => void;
}) => {
  const { form, problem, t } = page;
  for (const sale of page.sales) {
    const found = await page.problems(sale);
    if (found) return problem(form, t(found));
  }
  problem(form, "");
  form.hidden = true;
  const outcome = await payByPayNow({
    ...page,
    panel: document.querySelector<HTMLElement>("[data-counter-paynow]")!,
    lang: page.labels.prefix === "/ms" ? "ms" : "en",
  });
  form.hidden = false;
  if ("paid" in outcome) return page.paid(outcome.paid);
  // Cancelled: the form as the amil left it.
  if ("cancelled" in outcome) return page.focus();
  problem(form, t(outcome.problem));
};

export type PayNowOutcome =
  | { readonly paid: ReadonlyArray<PayNowReceipt> }
  | { readonly problem: CounterLabelKey }
  | { readonly cancelled: true };

/**
 * Take `sales` by PayNow: start them, show each code until it is paid, and answer the receipts; or
 * the words for why it could not start; or that the amil cancelled (the form is theirs again).
 */
export const payByPayNow = async (page: {
  readonly record: DeviceRecord;
  readonly sales: ReadonlyArray<CounterSale>;
  /** The payment's key (made when the form opened); a new one after `idempotency.conflict`. */
  readonly key: () => string;
  readonly newKey: () => string;
  readonly labels: CounterLabels;
  readonly t: (key: CounterLabelKey, values?: Record<string, string | number>) => string;
  readonly panel: HTMLElement;
  readonly lang: "en" | "ms";
}): Promise<PayNowOutcome> => {
  const { record, labels, t, panel } = page;
  const amil = record.amil;
  if (!amil) return { problem: "counter_error_save" };
  const $ = <E extends HTMLElement>(selector: string) => panel.querySelector<E>(selector)!;
  const status = $("[data-paynow-status]");
  const qrBox = $("[data-paynow-qr]");
  const newCode = $<HTMLButtonElement>("[data-paynow-new-code]");
  const problemBox = $("[data-problem]");
  const say = (text: string) => {
    problemBox.textContent = text;
    problemBox.hidden = text === "";
    if (text !== "") problemBox.focus();
  };

  const start = async (key: string) => {
    const text = JSON.stringify(
      buildCounterPayNow({
        deviceId: record.device.id,
        key,
        takenAt: new Date(),
        amil,
        ratesVersion: record.ratesVersion,
        lang: page.lang,
        sales: page.sales.map(({ fund, amountCents, donor, household }) => ({
          fund,
          amountCents,
          donor,
          ...(household === undefined ? {} : { household }),
        })),
      }),
    );
    const signature = await sign(record.keys.privateKey, text);
    return paymentCall<{ payments: Started[] }>("counter/startCounterPayNow", {
      deviceId: record.device.id,
      text,
      signature,
    });
  };
  let started = await start(page.key());
  // The amil changed the payment after cancelling one: it is another payment, under a new key.
  if (!started.ok && started.code === "idempotency.conflict") started = await start(page.newKey());
  if (!started.ok) return { problem: REFUSED[started.code] ?? "counter_paynow_network" };
  const payments = started.data.payments;

  return new Promise<PayNowOutcome>((resolve) => {
    let at = 0;
    let timer: number | undefined;
    let done = false;
    const stop = () => {
      if (timer !== undefined) window.clearInterval(timer);
      timer = undefined;
    };
    const finish = (outcome: PayNowOutcome) => {
      if (done) return;
      done = true;
      stop();
      cancel.removeEventListener("click", onCancel);
      newCode.removeEventListener("click", onNewCode);
      qrBox.replaceChildren();
      panel.hidden = true;
      resolve(outcome);
    };
    const ref = (one: Started) => ({ donationId: one.id, clientSecret: one.clientSecret });

    const receipts = async () => {
      const got: PayNowReceipt[] = [];
      for (const one of payments) {
        const answer = await paymentCall<Omit<PayNowReceipt, "fund">>(
          "counter/counterPayNowReceipt",
          {
            ...ref(one),
            lang: page.lang,
          },
        );
        if (!answer.ok) return say(t("counter_paynow_network"));
        got.push({ ...answer.data, fund: one.fund });
      }
      finish({ paid: got });
    };

    /** Show the code of the payment `at`, and wait for it to be paid. */
    const showCode = async () => {
      const one = payments[at];
      if (!one) return void receipts();
      stop();
      say("");
      newCode.hidden = true;
      const amount = formatMoney(one.totalCents as Cents);
      $("[data-paynow-part]").textContent = t("counter_paynow_part", {
        n: at + 1,
        count: payments.length,
        fund: labels.funds[one.fund] ?? one.fund,
      });
      $("[data-paynow-amount]").textContent = amount;
      $("[data-paynow-reference]").textContent = one.transactionNo;
      status.textContent = t("counter_paynow_starting");
      qrBox.replaceChildren();
      const qr = await paymentCall<{ status: string; payNow: { payload: string } | null }>(
        "donations/payNow",
        ref(one),
      );
      if (qr.ok && qr.data.status === "succeeded") return next();
      const image = await paymentCall<{ svg: string; expiresAt: string }>(
        "donations/payNowQrImage",
        ref(one),
      );
      if (done) return;
      if (!qr.ok || !image.ok) {
        status.textContent = "";
        newCode.hidden = false;
        return say(t("counter_paynow_network"));
      }
      const svg = new DOMParser().parseFromString(image.data.svg, "image/svg+xml");
      qrBox.setAttribute(
        "aria-label",
        t("counter_paynow_qr", { amount, reference: one.transactionNo }),
      );
      qrBox.replaceChildren(document.importNode(svg.documentElement, true));
      // The code's text, as the kiosk keeps it (the sandbox bank and the tests read it).
      qrBox.dataset["payload"] = qr.data.payNow?.payload ?? "";
      status.textContent = t("counter_paynow_waiting", { amount });
      const expiresAt = Date.parse(image.data.expiresAt);
      timer = window.setInterval(() => {
        void paymentCall<{ status: string }>("donations/retrieve", ref(one)).then((answer) => {
          if (done || payments[at] !== one) return;
          if (answer.ok && answer.data.status === "succeeded") return next();
          // No answer (the network went): it may have been paid; keep asking rather than say it was not.
          if (answer.ok && Date.now() > expiresAt) {
            stop();
            qrBox.replaceChildren();
            status.textContent = t("counter_paynow_expired");
            newCode.hidden = false;
            newCode.focus();
          }
        });
      }, POLL_MS);
    };
    const next = () => {
      stop();
      at += 1;
      if (at < payments.length) {
        status.textContent = t("counter_paynow_paid_some", { paid: at, count: payments.length });
      }
      void showCode();
    };
    const onCancel = () => finish({ cancelled: true });
    const onNewCode = () => void showCode();
    const cancel = $<HTMLButtonElement>("[data-paynow-cancel]");
    cancel.addEventListener("click", onCancel);
    newCode.addEventListener("click", onNewCode);
    panel.hidden = false;
    $("h3").focus();
    // Paid already (the same payment sent again): skip to the first code not paid.
    while (at < payments.length && payments[at]!.status === "succeeded") at += 1;
    void showCode();
  });
};
