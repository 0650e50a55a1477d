import {
  formatDatePadded,
  formatMoney,
  readReceiptNo,
  readVerificationCode,
  VERIFY_QUERY,
  type Cents,
  type VerifiedReceipt,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import type { VerifyLabelKey, VerifyLabels } from "./labels";

/**
 * verifyReceipt's address (the call table's, packages/adapters/src/http/paths.ts; a test holds the
 * two together). A plain `fetch` rather than the API client, as the configuration reads do
 * (src/lib/home-config.ts): this page makes no other call, and the client's §8 rules (reload on 403,
 * the 'Oops!' notice) are not this page's: it says what went wrong itself.
 */
export const VERIFY_CALL_PATH = "/svc/payment/api/Receipt/verifyReceipt";

/** What one check came to. */
export type VerifyOutcome =
  | { readonly kind: "genuine"; readonly receipt: VerifiedReceipt }
  | { readonly kind: "notGenuine" | "limited" | "error" };

/** Ask the server whether the receipt is genuine: 200 genuine, 404 not, 429 limited, else an error. */
export const askServer = async (body: {
  receiptNo: string;
  code?: string;
  signed?: string;
}): Promise<VerifyOutcome> => {
  try {
    const response = await fetch(VERIFY_CALL_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status === 404) return { kind: "notGenuine" };
    if (response.status === 429) return { kind: "limited" };
    const reply = (await response.json()) as { status?: unknown; data?: VerifiedReceipt };
    return response.ok && reply.status === 1 && typeof reply.data?.receiptNo === "string"
      ? { kind: "genuine", receipt: reply.data }
      : { kind: "error" };
  } catch {
    return { kind: "error" };
  }
};

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className !== undefined) made.className = className;
  return made;
};

const money = (cents: number) => formatMoney(cents as Cents);

/** A calendar date (`2027-02-20`, Singapore) as `20 Feb 2027` in the page's language. */
const date = (day: string, lang: VerifyLabels["lang"]) => {
  const ms = Date.parse(`${day}T12:00:00+08:00`);
  return Number.isNaN(ms) ? day : formatDatePadded(ms, lang);
};

/** The answer drawn as the page shows it: a heading, a sentence, and for a genuine receipt its fields. */
export const drawOutcome = (outcome: VerifyOutcome, labels: VerifyLabels): HTMLElement[] => {
  const t = (key: VerifyLabelKey, values: Readonly<Record<string, string>> = {}) =>
    fill(labels[key], values);
  if (outcome.kind !== "genuine") {
    if (outcome.kind !== "notGenuine") {
      return [element("p", t(outcome.kind === "limited" ? "verify_limited" : "verify_error"))];
    }
    return [
      element("h2", t("verify_not_genuine_title"), "verify-heading verify-bad"),
      element("p", t("verify_not_genuine_text")),
    ];
  }
  const { receipt } = outcome;
  const fields = element("dl", undefined, "verify-fields");
  const field = (term: string, value: string, testId: string) => {
    const row = element("div");
    const description = element("dd", value);
    description.dataset["testid"] = testId;
    row.append(element("dt", term), description);
    fields.append(row);
  };
  field(t("verify_field_receipt_no"), receipt.receiptNo, "verified-receipt-no");
  field(
    t("verify_field_items"),
    receipt.items
      .map(({ item, amountCents }) => `${labels.items[item] ?? item} ${money(amountCents)}`)
      .join(", "),
    "verified-items",
  );
  field(t("verify_field_amount"), money(receipt.amountCents), "verified-amount");
  if (receipt.status === "accepted" && receipt.refundedCents > 0) {
    field(t("verify_field_refunded"), money(receipt.refundedCents), "verified-refunded");
  }
  field(t("verify_field_date"), date(receipt.issuedOn, labels.lang), "verified-date");
  field(t("verify_field_issued"), t(`verify_source_${receipt.source}`), "verified-source");
  if (receipt.mosqueName) field(t("verify_field_mosque"), receipt.mosqueName, "verified-mosque");
  field(t("verify_field_status"), t(`verify_status_${receipt.status}`), "verified-status");
  const offline = receipt.by === "device" && !receipt.synced;
  return [
    element("h2", t("verify_genuine_title"), "verify-heading verify-good"),
    element(
      "p",
      offline
        ? t("verify_offline_text", { mosque: receipt.mosqueName ?? "" })
        : t("verify_genuine_text"),
    ),
    fields,
    ...(receipt.replacedBy
      ? [element("p", t("verify_replaced", { receiptNo: receipt.replacedBy }))]
      : []),
  ];
};

/**
 * The page's behaviour: fill the form from the QR code's link and check at once; check again on
 * submit, in place, with the address updated so the language switch keeps the number and code.
 */
export const startVerifyPage = (): void => {
  const form = document.querySelector<HTMLFormElement>("[data-verify-form]");
  const result = document.querySelector<HTMLElement>("[data-verify-result]");
  const problem = document.querySelector<HTMLElement>("[data-verify-problem]");
  const labelText = document.getElementById("verify-labels")?.textContent;
  if (!form || !result || !problem || !labelText) return;
  const labels = JSON.parse(labelText) as VerifyLabels;
  const numberField = form.elements.namedItem(VERIFY_QUERY.receiptNo) as HTMLInputElement;
  const codeField = form.elements.namedItem(VERIFY_QUERY.code) as HTMLInputElement;
  const params = new URLSearchParams(location.search);
  const signed = params.get(VERIFY_QUERY.signed) ?? undefined;
  numberField.value = params.get(VERIFY_QUERY.receiptNo) ?? "";
  codeField.value = params.get(VERIFY_QUERY.code) ?? "";

  const keepQuery = () => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-keep-query]")) {
      link.search = location.search;
    }
  };
  const say = (key: VerifyLabelKey | undefined, field?: HTMLInputElement) => {
    problem.hidden = key === undefined;
    problem.textContent = key === undefined ? "" : labels[key];
    for (const input of [numberField, codeField]) {
      if (input === field) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", `${input.id}-hint verify-problem`);
      } else {
        input.removeAttribute("aria-invalid");
        input.setAttribute("aria-describedby", `${input.id}-hint`);
      }
    }
    field?.focus();
  };

  let asked = 0;
  const check = async (receiptNo: string, proof: { code: string } | { signed: string }) => {
    const mine = (asked += 1);
    result.replaceChildren(element("p", labels.verify_checking));
    const outcome = await askServer({ receiptNo, ...proof });
    if (mine !== asked) return;
    result.replaceChildren(...drawOutcome(outcome, labels));
    result.dataset["outcome"] = outcome.kind;
    result.focus();
  };

  keepQuery();
  const linked = readReceiptNo(numberField.value);
  if (linked !== undefined && signed !== undefined) void check(linked, { signed });
  else if (linked !== undefined && readVerificationCode(codeField.value) !== undefined) {
    void check(linked, { code: codeField.value });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (numberField.value.trim() === "") return say("verify_missing", numberField);
    if (codeField.value.trim() === "") return say("verify_missing", codeField);
    if (readVerificationCode(codeField.value) === undefined)
      return say("verify_bad_code", codeField);
    say(undefined);
    const query = new URLSearchParams({
      [VERIFY_QUERY.receiptNo]: numberField.value.trim(),
      [VERIFY_QUERY.code]: codeField.value.trim(),
    });
    history.replaceState(null, "", `${location.pathname}?${query.toString()}`);
    keepQuery();
    // A number that cannot be one gets the same answer as any other that is not genuine.
    void check(numberField.value.trim(), { code: codeField.value });
  });
};
