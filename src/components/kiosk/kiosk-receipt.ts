import { formatMoney, type Cents } from "@portal/domain";
import type { KioskLabelKey, KioskLabels } from "./labels";

/** The kiosk's receipt as `kioskReceipt` answers it (docs/counter.md "Kiosks"). */
export type KioskReceiptData = Readonly<Record<string, string | number | null>> & {
  /** The people a household payment named, each with what was paid for them. */
  readonly household?: ReadonlyArray<{
    readonly name: string;
    readonly kind: string | null;
    readonly days: number | null;
    readonly amount: number;
  }>;
};

/**
 * Draw a paid payment's receipt on the kiosk's screen: its lines (number, fund, amount, mosque,
 * method, the NETS approval code, Singapore time), its verification code and link, and the QR code
 * of the link (the server's own SVG, as every receipt carries it).
 */
export const drawReceipt = (
  r: KioskReceiptData,
  labels: KioskLabels,
  fund: string,
  t: (key: KioskLabelKey, values?: Record<string, string | number>) => string,
): void => {
  const lines: Array<[KioskLabelKey, string]> = [
    ["kiosk_receipt_no", String(r["receiptNo"])],
    ["kiosk_receipt_fund", labels.funds[fund] ?? fund],
    // Each person named (a household): "Siti Aminah · Premium · $19.00", as the receipt page has it.
    ...(r.household ?? []).map((p): [KioskLabelKey, string] => [
      "kiosk_receipt_person",
      [
        p.name,
        p.days !== null
          ? t("kiosk_receipt_days", { days: p.days })
          : p.kind === "normal" || p.kind === "premium" || p.kind === "own"
            ? t(`kiosk_kind_${p.kind}`)
            : "",
        formatMoney(p.amount as Cents),
      ]
        .filter((part) => part !== "")
        .join(" · "),
    ]),
    ["kiosk_receipt_amount", formatMoney(Number(r["totalCents"]) as Cents)],
    ["kiosk_receipt_mosque", String(r["mosqueName"])],
    ["kiosk_receipt_method", r["paymentMethod"] === "nets" ? "NETS" : "PayNow"],
    ...(r["reference"]
      ? [["kiosk_receipt_reference", String(r["reference"])] as [KioskLabelKey, string]]
      : []),
    [
      "kiosk_receipt_date",
      new Date(String(r["issuedAt"])).toLocaleString(labels.lang === "ms" ? "ms-SG" : "en-SG", {
        timeZone: "Asia/Singapore",
        dateStyle: "medium",
        timeStyle: "short",
      }),
    ],
  ];
  document.querySelector("[data-kiosk-receipt-lines]")?.replaceChildren(
    ...lines.flatMap(([key, value]) => {
      const term = document.createElement("dt");
      term.textContent = t(key);
      const detail = document.createElement("dd");
      detail.textContent = value;
      if (key === "kiosk_receipt_no") detail.dataset["testid"] = "kiosk-receipt-no";
      if (key === "kiosk_receipt_person") detail.dataset["testid"] = "kiosk-receipt-person";
      return [term, detail];
    }),
  );
  const set = (selector: string, text: string) => {
    const element = document.querySelector(selector);
    if (element) element.textContent = text;
  };
  set("[data-kiosk-verify-code]", String(r["verificationCode"]));
  set("[data-kiosk-verify-url]", String(r["verifyUrl"]));
  const svg = new DOMParser().parseFromString(String(r["verifyQrSvg"]), "image/svg+xml");
  document
    .querySelector("[data-kiosk-verify-qr]")
    ?.replaceChildren(document.importNode(svg.documentElement, true));
};
