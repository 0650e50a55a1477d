import {
  allocateSerial,
  buildOfflineEntry,
  deviceSeriesOfFund,
  formatMoney,
  linesTotal,
  offlineReceiptClaims,
  offlineReceiptNo,
  offlineVerifyPath,
  readMoney,
  HOUSEHOLD_ITEMS,
  type Cents,
  type CounterSale,
  type SerialState,
} from "@portal/domain";
import {
  queueEntries,
  readSerials,
  type DeviceRecord,
  type QueuedEntry,
} from "../../lib/counter-store";
import { mountHousehold, type HouseholdForm } from "../ui/household/household-form";
import { receiptJws, sign } from "./counter-device";
import checkUrl from "./entry-check?worker&url";
import type { CounterLabelKey, CounterLabels } from "./labels";
import type * as PayNowModule from "./counter-paynow";
import type { PayNowReceipt } from "./counter-paynow";

// Taking a payment at the counter (issue 32, docs/counter.md), with or without the network: one fund
// and amount, or a household (each person named; one receipt per fund paid, all numbered, signed and
// kept on the device in one transaction before the receipts show).

/** The fund select's choice for a household payment. */
export const HOUSEHOLD_CHOICE = "household";

let checker: Worker | undefined;
/** The fields the counter's rules refuse (src/components/counter/entry-check.ts); none if it cannot run. */
const entryProblems = (input: unknown): Promise<ReadonlyArray<string>> =>
  new Promise((resolve) => {
    checker ??= new Worker(checkUrl);
    checker.onmessage = (event: MessageEvent<string[]>) => resolve(event.data);
    checker.onerror = () => resolve([]);
    checker.postMessage(input);
  });

const FIELD_PROBLEM: ReadonlyArray<readonly [string, CounterLabelKey]> = [
  ["amountCents", "counter_error_amount"],
  ["donorName", "counter_error_name"],
  ["reference", "counter_error_reference"],
  ["email", "counter_error_email"],
  ["idNumber", "counter_error_nric"],
  ["household", "counter_error_household"],
];

const referenceProblem = (method: "cheque" | "nets"): CounterLabelKey =>
  method === "nets" ? "counter_error_reference_nets" : "counter_error_reference";

export const startTaking = (page: {
  readonly labels: CounterLabels;
  readonly t: (key: CounterLabelKey, values?: Record<string, string | number>) => string;
  readonly problem: (form: HTMLElement, text: string) => void;
  readonly record: () => DeviceRecord | undefined;
  /** After receipts were kept: draw the queue, sync if online. */
  readonly issued: () => void;
}): { readonly ratesChanged: () => void } => {
  const { labels, t, problem } = page;
  const $ = <E extends HTMLElement>(selector: string) => document.querySelector<E>(selector)!;
  const takeForm = $<HTMLFormElement>("[data-counter-take-form]");
  const receipt = $("[data-counter-receipt]");
  const reference = $("[data-counter-reference]");
  const amountField = $("[data-counter-amount]");
  const householdBox = $("[data-counter-household]");
  const fundSelect = takeForm.querySelector<HTMLSelectElement>("select[name=fund]")!;
  /** The idempotency key of the payment being entered: made when the form opens. */
  let formKey = crypto.randomUUID();
  let household: HouseholdForm | undefined;

  /** The method chosen (read from the radios: a PayNow choice disabled offline is still the choice). */
  const chosenMethod = () =>
    takeForm.querySelector<HTMLInputElement>("input[name=method]:checked")?.value ?? "cash";
  const showFields = () => {
    const method = chosenMethod();
    reference.hidden = method !== "cheque" && method !== "nets";
    // The cheque's number, or the approval code the NETS terminal printed (it works offline too).
    reference.querySelector("label")!.textContent = t(
      method === "nets" ? "counter_reference_nets" : "counter_reference",
    );
    reference.querySelector<HTMLElement>(".field-hint")!.hidden = method !== "nets";
    const input = reference.querySelector("input")!;
    if (method === "nets") input.setAttribute("aria-describedby", "counter-reference-hint");
    else input.removeAttribute("aria-describedby");
    const many = fundSelect.value === HOUSEHOLD_CHOICE;
    amountField.hidden = many;
    householdBox.hidden = !many;
    const rates = page.record()?.rates;
    if (many && !household && rates) {
      household = mountHousehold(householdBox, { labels, rates, items: HOUSEHOLD_ITEMS });
    }
  };
  // PayNow needs the network: offline, its choice is disabled and says why (docs/counter.md).
  const payNowChoice = $<HTMLInputElement>("[data-counter-paynow-choice]");
  const payNowHint = $("[data-counter-paynow-hint]");
  const network = () => {
    payNowChoice.disabled = !navigator.onLine;
    payNowHint.hidden = navigator.onLine;
  };
  window.addEventListener("online", network);
  window.addEventListener("offline", network);
  network();
  takeForm.addEventListener("change", (event) => {
    if ((event.target as HTMLElement).closest("[data-counter-household]") === null) showFields();
  });
  showFields();

  /** The sales of this payment: one, or a household's one per fund paid. */
  const salesOf = (record: DeviceRecord): ReadonlyArray<CounterSale> | CounterLabelKey => {
    const data = new FormData(takeForm);
    const chosen = chosenMethod();
    // PayNow is checked by the counter's rules as cash is (no reference); the server knows it is PayNow.
    const method = chosen === "cheque" || chosen === "nets" ? chosen : "cash";
    const name = String(data.get("payerName") ?? "").trim();
    const chequeNo = String(data.get("reference") ?? "").trim();
    const base = {
      method,
      reference: method === "cash" ? undefined : chequeNo,
      donor: {
        name,
        email: String(data.get("email") ?? ""),
        idNumber: String(data.get("idNumber") ?? ""),
      },
    } as const;
    if (fundSelect.value !== HOUSEHOLD_CHOICE) {
      const amount = readMoney(String(data.get("amount") ?? ""));
      if (!amount.ok || amount.value <= 0) return "counter_error_amount";
      if (name === "") return "counter_error_name";
      if (method !== "cash" && chequeNo === "") return referenceProblem(method);
      return [{ ...base, fund: String(data.get("fund") ?? ""), amountCents: amount.value }];
    }
    if (!record.rates || !household) return "counter_error_rates";
    if (!household.check()) return "counter_error_household";
    if (name === "") return "counter_error_name";
    if (method !== "cash" && chequeNo === "") return referenceProblem(method);
    const { items } = household.lines();
    return HOUSEHOLD_ITEMS.filter((item) => items[item].length > 0).map((item) => ({
      ...base,
      fund: item,
      amountCents: linesTotal(items[item]),
      household: items[item],
    }));
  };

  const issue = async (): Promise<ReadonlyArray<QueuedEntry> | CounterLabelKey> => {
    const record = page.record();
    if (!record?.amil) return "counter_error_save";
    const sales = salesOf(record);
    if (typeof sales === "string") return sales;
    const { device, keys, amil, ratesVersion } = record;
    // The counter's own rules, as the server checks them: an entry they refuse would only be held.
    for (const sale of sales) {
      const fields = await entryProblems({ ...sale, mosqueName: device.mosqueName });
      const found = FIELD_PROBLEM.find(([field]) => fields.includes(field));
      if (found) return found[1];
      if (fields.length > 0) return "counter_error_save";
    }
    // Number and sign every receipt, then keep them all and move the series on in one transaction;
    // if a series moved meanwhile (another tab), number and sign again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      let state: SerialState = await readSerials();
      const entries: QueuedEntry[] = [];
      for (const sale of sales) {
        const series = deviceSeriesOfFund(sale.fund, device.deviceNo);
        if (series === undefined) return "counter_error_save";
        const next = allocateSerial(state, series, device);
        if (next === undefined) return "counter_error_block";
        state = next.state;
        const takenAt = new Date();
        const key = sales.length === 1 ? formKey : `${formKey}-${sale.fund}`;
        const receiptNo = offlineReceiptNo(sale.fund, device.deviceNo, next.serial)!;
        const text = JSON.stringify(
          buildOfflineEntry({
            device,
            key,
            serial: next.serial,
            takenAt,
            amil,
            ratesVersion,
            sale,
          }),
        );
        const claims = offlineReceiptClaims({
          receiptNo,
          fund: sale.fund,
          amountCents: sale.amountCents,
          takenAt,
          device,
        });
        entries.push({
          key,
          receiptNo,
          series,
          serial: next.serial,
          fund: sale.fund,
          amountCents: sale.amountCents,
          payerName: sale.donor.name,
          people: sale.household?.length,
          takenAt: takenAt.toISOString(),
          text,
          signature: await sign(keys.privateKey, text),
          jws: await receiptJws(keys.privateKey, device.id, claims),
          status: "queued",
        });
      }
      if (await queueEntries(entries)) return entries;
    }
    return "counter_error_save";
  };

  const template = receipt.querySelector<HTMLTemplateElement>("template")!;
  /** The receipt's QR code (its verify link), drawn on the device; the words stay if it cannot be. */
  const drawQr = async (box: HTMLElement, link: string, receiptNo: string) => {
    try {
      const { receiptQrSvg } = await import("./receipt-qr");
      box.innerHTML = await receiptQrSvg(link, t("counter_receipt_qr", { no: receiptNo }));
    } catch {
      box.hidden = true;
    }
  };
  $("[data-counter-print]").addEventListener("click", () => window.print());
  /** The PayNow module, once the amil took a PayNow payment (counter-paynow.ts, loaded then). */
  let payNowModule: typeof PayNowModule | undefined;
  /** The receipts: the device's own (signed here), or PayNow's (numbered and verified by the council). */
  const showReceipts = (entries: ReadonlyArray<QueuedEntry> | ReadonlyArray<PayNowReceipt>) => {
    const list = receipt.querySelector("[data-receipt-list]")!;
    list.replaceChildren(
      ...entries.map((entry: QueuedEntry | PayNowReceipt) => {
        const one = template.content.cloneNode(true) as DocumentFragment;
        const link = one.querySelector<HTMLAnchorElement>("[data-receipt-verify]")!;
        link.textContent = t("counter_receipt_verify", { no: entry.receiptNo });
        if ("verifyUrl" in entry) {
          payNowModule?.fillReceipt(one, entry, labels);
          return one;
        }
        const fields: Record<string, string> = {
          no: entry.receiptNo,
          fund: labels.funds[entry.fund] ?? entry.fund,
          amount: formatMoney(entry.amountCents as Cents),
          mosque: page.record()?.device.mosqueName ?? "",
        };
        for (const [name, value] of Object.entries(fields)) {
          one.querySelector(`[data-receipt-${name}]`)!.textContent = value;
        }
        link.href = offlineVerifyPath(entry.receiptNo, entry.jws, labels.prefix);
        void drawQr(
          one.querySelector<HTMLElement>("[data-receipt-qr]")!,
          link.href,
          entry.receiptNo,
        );
        return one;
      }),
    );
    // A PayNow receipt is the council's already: nothing waits on the device for it.
    receipt.querySelector<HTMLElement>("[data-counter-receipt-saved]")!.hidden = entries.some(
      (entry) => "verifyUrl" in entry,
    );
    const title = receipt.querySelector<HTMLElement>("h3")!;
    title.textContent =
      entries.length === 1
        ? t("counter_receipt_title")
        : t("counter_receipts_title", { count: entries.length });
    receipt.hidden = false;
    takeForm.hidden = true;
    title.focus();
  };

  takeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = takeForm.querySelector<HTMLButtonElement>("button[type=submit]")!;
    if (button.disabled) return;
    if (chosenMethod() === "paynow") {
      if (!navigator.onLine) return problem(takeForm, t("counter_paynow_offline"));
      button.disabled = true;
      void takeByPayNow().finally(() => {
        button.disabled = false;
      });
      return;
    }
    button.disabled = true;
    void issue()
      .then((outcome) => {
        if (typeof outcome === "string") {
          // The household's own messages stand beside its fields, focused; the rest above the button.
          if (outcome === "counter_error_household" && household) return problem(takeForm, "");
          return problem(takeForm, t(outcome));
        }
        problem(takeForm, "");
        showReceipts(outcome);
        page.issued();
      })
      .catch(() => problem(takeForm, t("counter_error_save")))
      .finally(() => {
        button.disabled = false;
      });
  });

  /** PayNow (online): the form's sales paid by the payer's codes, then their receipts (counter-paynow.ts). */
  const takeByPayNow = async () => {
    const record = page.record();
    const sales = record?.amil ? salesOf(record) : "counter_error_save";
    if (typeof sales === "string") {
      return problem(takeForm, sales === "counter_error_household" && household ? "" : t(sales));
    }
    try {
      payNowModule ??= await import("./counter-paynow");
      await payNowModule.takeByPayNow({
        record: record!,
        sales,
        problems: async (sale) => {
          const fields = await entryProblems({ ...sale, mosqueName: record!.device.mosqueName });
          return FIELD_PROBLEM.find(([field]) => fields.includes(field))?.[1];
        },
        key: () => formKey,
        newKey: () => (formKey = crypto.randomUUID()),
        labels,
        t,
        form: takeForm,
        problem,
        paid: showReceipts,
        focus: () => fundSelect.focus(),
      });
    } catch {
      takeForm.hidden = false;
      problem(takeForm, t("counter_paynow_network"));
    }
  };

  $("[data-counter-new]").addEventListener("click", () => {
    takeForm.reset();
    household?.reset();
    showFields();
    formKey = crypto.randomUUID();
    receipt.hidden = true;
    takeForm.hidden = false;
    fundSelect.focus();
  });

  return {
    ratesChanged: () => {
      const rates = page.record()?.rates;
      if (rates) household?.setRates(rates);
    },
  };
};
