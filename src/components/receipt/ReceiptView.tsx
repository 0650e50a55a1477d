import { useEffect, useRef, useState } from "react";
import { receiptPath, showNextZakatDue } from "@portal/domain";
import { localizedPath, type Language } from "../../i18n/paths";
import { request } from "../../lib/api";
import { hijriDayOf, hijriText, loadHijriCalendar } from "../../lib/hijri";
import { ReceiptBrand, useReceiptHead } from "./brand";
import { CertificateBody } from "./CertificateBody";
import { pageTitleKey } from "./format";
import type { ReceiptLabels } from "./labels";
import { OfficialBody } from "./OfficialBody";
import { labeller, type Receipt } from "./parts";
import { ReceiptBody } from "./ReceiptBody";
import { downloadPdf, OFFICIAL_SCALE, printReceipt, RECEIPT_SCALE } from "./pdf";

export type ReceiptVariant = "receipt" | "official" | "certificate";

interface Props {
  readonly variant: ReceiptVariant;
  /** The page's kind (`harta`, `fidyah`, `official`...): the heading before the data arrives. */
  readonly kind: string;
  readonly labels: ReceiptLabels;
  /** Where Okay on the error popup goes (the flow's home in the page's language). */
  readonly homePath: string;
  readonly lang: Language;
  readonly productRoute: string;
}

/**
 * The pages of spec §2's "donation" and "adoption" receipt types: receipts of gifts to other causes
 * (with charity fields) and of adoptions (with artwork fields), which the point-of-sale and general
 * donation systems issue. No online donation is either, so a receipt opened there (an old link, a
 * changed address) goes on to its own page with the same query, where its heading, title and wording
 * fit it, instead of showing under a heading that is not its own.
 */
const forwardingKinds: ReadonlySet<string> = new Set(["donation", "adoption"]);

export const ownReceiptPage = (receipt: Receipt, productRoute: string): string =>
  receiptPath(receipt.flow, { harta: receipt.hartaAmount }, productRoute);

type State =
  | { readonly phase: "loading" }
  | { readonly phase: "ready"; readonly receipt: Receipt }
  | { readonly phase: "error" };

/**
 * Reads the receipt named by the page's query string (transaction number and receipt token) and
 * shows it, with download and print. Any failure (a wrong or someone else's token, a missing receipt,
 * too many lookups, a network error) is the same 'Error' popup (spec §8).
 */
async function loadReceipt(lang: Language): Promise<Receipt | undefined> {
  const params = new URLSearchParams(window.location.search);
  const transactionNo = params.get("transactionNo") ?? undefined;
  const token = params.get("token") ?? undefined;
  if (!token) return undefined;
  const body = await request(
    "getThirdPartyDonationReceiptData",
    // The language names the verify link and its QR code in the page's own (issue 32).
    { query: transactionNo ? { transactionNo } : {}, body: { token, lang } },
    // Any failure is the receipt's own 'Error' popup (§8), not a reload or the 'Oops!' notice.
    { keepPage: true },
  );
  // Checked by hand rather than with the response schema: effect's Schema would add 2 KB to the page.
  const reply = body as { readonly status?: unknown; readonly data?: Receipt };
  return reply.status === 1 && typeof reply.data?.receiptNo === "string" ? reply.data : undefined;
}

export default function ReceiptView({
  variant,
  kind,
  labels,
  homePath,
  lang,
  productRoute,
}: Props) {
  const t = labeller(labels);
  const [state, setState] = useState<State>({ phase: "loading" });
  const [busy, setBusy] = useState(false);
  const [hijriDue, setHijriDue] = useState<string | undefined>();
  const sheet = useRef<HTMLElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    loadReceipt(lang)
      .then((receipt) => {
        if (receipt && forwardingKinds.has(kind)) {
          return location.replace(
            `${localizedPath(ownReceiptPage(receipt, productRoute), lang)}${location.search}`,
          );
        }
        setState(receipt ? { phase: "ready", receipt } : { phase: "error" });
      })
      .catch(() => setState({ phase: "error" }));
  }, []);

  // The next zakat due date's Hijri day, from the council's calendar (docs/hijri-calendar.md).
  useEffect(() => {
    if (state.phase !== "ready") return;
    const due = state.receipt.nextZakatDueDate;
    if (!due || !showNextZakatDue(state.receipt)) return;
    void loadHijriCalendar().then((calendar) => {
      const day = calendar && hijriDayOf(calendar, due.slice(0, 10));
      if (day) setHijriDue(hijriText(day, (key, values) => t(key as never, values)));
    });
  }, [state]);

  useEffect(() => {
    if (state.phase === "error" && dialog.current && !dialog.current.open) {
      dialog.current.showModal();
    }
  }, [state.phase]);

  // The official receipt and the certificate are one page for every fund: they take the gift's brand.
  useReceiptHead(
    state.phase === "ready" && variant !== "receipt" ? state.receipt : undefined,
    t(pageTitleKey(kind)),
    t,
  );

  const title =
    state.phase === "ready" ? `${state.receipt.receiptNo} ${state.receipt.transactionNo}` : "";
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      // §8: a failed PDF render is logged; the receipt stays on screen.
      console.error("Receipt PDF failed:", error instanceof Error ? error.message : error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="receipt-actions" role="group" aria-label={t("receipt_actions")}>
        <button
          type="button"
          className="button"
          disabled={state.phase !== "ready" || busy}
          onClick={run(async () => {
            if (state.phase !== "ready" || !sheet.current) return;
            await downloadPdf(
              sheet.current,
              variant === "official" ? OFFICIAL_SCALE : RECEIPT_SCALE,
              title,
              `${state.receipt.receiptNo}.pdf`,
            );
          })}
        >
          {t("receipt_download")}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={state.phase !== "ready" || busy}
          onClick={run(() => printReceipt(title))}
        >
          {t("receipt_print")}
        </button>
        {variant !== "receipt" && state.phase === "ready" ? (
          // The official receipt and the certificate lead back to the receipt they come from.
          <a
            className="button secondary"
            href={`${localizedPath(ownReceiptPage(state.receipt, productRoute), lang)}${location.search}`}
            data-testid="receipt-back"
          >
            {t("polish_receipt_back")}
          </a>
        ) : null}
        <p className="receipt-status" role="status">
          {busy ? t("receipt_working") : ""}
        </p>
      </div>
      <article
        ref={sheet}
        className={`receipt-sheet receipt-${variant}`}
        aria-busy={state.phase === "loading"}
        data-receipt-no={state.phase === "ready" ? state.receipt.receiptNo : undefined}
      >
        {state.phase === "ready" && variant !== "receipt" ? (
          <ReceiptBrand receipt={state.receipt} t={t} />
        ) : null}
        {state.phase === "ready" ? (
          variant === "official" ? (
            <OfficialBody receipt={state.receipt} t={t} lang={lang} />
          ) : variant === "certificate" ? (
            <CertificateBody receipt={state.receipt} t={t} lang={lang} />
          ) : (
            <ReceiptBody receipt={state.receipt} t={t} lang={lang} hijriDue={hijriDue} />
          )
        ) : (
          <header className="receipt-head">
            <p className="receipt-council">{t("council_name")}</p>
            <h1>{t(pageTitleKey(kind))}</h1>
            {state.phase === "loading" ? <p>{t("receipt_loading")}</p> : null}
          </header>
        )}
      </article>
      <dialog
        ref={dialog}
        className="popup"
        aria-labelledby="receipt-error-title"
        aria-describedby="receipt-error-text"
      >
        <h2 id="receipt-error-title">{t("receipt_error_title")}</h2>
        <p id="receipt-error-text">{t("receipt_not_found")}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            dialog.current?.close();
            window.location.assign(homePath);
          }}
        >
          {t("receipt_okay")}
        </button>
      </dialog>
    </>
  );
}
