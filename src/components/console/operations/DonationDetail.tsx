import { useEffect, useRef, useState } from "react";
import {
  centsOf,
  dollars,
  Field,
  newKey,
  operate,
  Outcome,
  translate,
  useOutcome,
  type Labels,
} from "./kit";

interface Reversal {
  id: string;
  kind: "refund" | "void";
  amountCents: number;
  reason: string;
  requestedBy: string;
  status: string;
  failureCode: string | null;
}

interface Detail {
  transactionNo: string;
  receiptNo: string | null;
  flow: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  donorName: string | null;
  donorEmail: string | null;
  idMasked: string | null;
  mosqueName: string | null;
  amilName: string | null;
  receiptLink: string | null;
  earlierReceiptNos: string[];
  wallHidden: { at: string; reason: string | null } | null;
  timeline: {
    at: string;
    kind: string;
    code: string;
    actor: string | null;
    detail: Record<string, string | number | null>;
  }[];
  reversals: Reversal[];
}

/**
 * Refusals the page says in the officer's language (the server's message is English); any other
 * shows the server's message.
 */
const REFUSALS: Readonly<Record<string, string>> = {
  "reversal.amount": "consoleops_refused_amount",
  "reversal.open": "consoleops_refused_in_progress",
  "request.invalid": "consoleops_refused_invalid",
  "console.forbidden": "console_forbidden",
};

const detailText = (detail: Record<string, string | number | null>) =>
  Object.entries(detail)
    .filter(([, value]) => value !== null && value !== "")
    .map(([name, value]) =>
      name.endsWith("Cents") && typeof value === "number" ? dollars(value) : String(value),
    )
    .join(" · ");

/** One donation: its particulars, timeline, refunds, and the actions an officer may take. */
export default function DonationDetail(props: {
  transactionNo: string;
  labels: Labels;
  lang: "en" | "ms";
}) {
  const t = translate(props.labels);
  const [detail, setDetail] = useState<Detail | undefined>();
  const [outcome, setOutcome] = useOutcome();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const keys = useRef({ resend: newKey(), reissue: newKey(), refund: newKey(), void: newKey() });
  const heading = useRef<HTMLHeadingElement>(null);
  const base = `/console/api/donations/${encodeURIComponent(props.transactionNo)}`;

  const load = async () => {
    const reply = await operate<Detail>(base);
    if (reply.data) setDetail(reply.data);
  };
  useEffect(() => {
    void load();
  }, []);
  // Once the donation is shown, focus moves to its heading (keyboard and screen-reader users land there).
  const shown = detail !== undefined;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const refusedText = (reply: { code?: string; message?: string }) => {
    const key = REFUSALS[reply.code ?? ""];
    return key ? t(key) : t("consoleops_refused", { message: reply.message ?? t("console_error") });
  };
  const act = async (what: "resend" | "reissue" | "refund" | "void") => {
    const cents = amount ? centsOf(amount) : undefined;
    const body =
      what === "reissue"
        ? { reason, particulars: { name, email } }
        : what === "refund"
          ? // An empty amount is "all that is left", said so (the server never assumes it).
            amount
            ? { reason, amountCents: cents ?? -1 }
            : { reason, rest: true }
          : { reason };
    const reply = await operate(`${base}?do=${what}`, body, keys.current[what]);
    setOutcome(
      reply.ok
        ? { text: t("consoleops_done"), error: false }
        : { text: refusedText(reply), error: true },
    );
    // A done action gets a fresh key; a refused one keeps it, so retrying it is the same request.
    if (reply.ok) keys.current[what] = newKey();
    await load();
  };
  const decide = async (id: string, what: "approve" | "retry") => {
    const reply = await operate(`/console/api/reversals/${id}?do=${what}`, {});
    setOutcome(
      reply.ok
        ? { text: t("consoleops_done"), error: false }
        : { text: refusedText(reply), error: true },
    );
    await load();
  };

  if (!detail) return <p>{t("console_loading")}</p>;
  return (
    <section className="console-card" aria-labelledby="donation-heading">
      <h2 id="donation-heading" tabIndex={-1} ref={heading}>
        {detail.transactionNo}
      </h2>
      <dl className="console-meta">
        <dt>{t("consoleops_receipt_no")}</dt>
        <dd>{detail.receiptNo ?? "-"}</dd>
        <dt>{t("consoleops_status")}</dt>
        <dd>{t(`consoleops_status_${detail.status}`)}</dd>
        <dt>{t("consoleops_amount")}</dt>
        <dd>{dollars(detail.totalCents)}</dd>
        {detail.refundedCents > 0 ? (
          <>
            <dt>{t("consoleops_refunded_so_far")}</dt>
            <dd>{dollars(detail.refundedCents)}</dd>
          </>
        ) : null}
        <dt>{t("consoleops_donor")}</dt>
        <dd>
          {[detail.donorName, detail.donorEmail, detail.idMasked].filter(Boolean).join(" · ") ||
            "-"}
        </dd>
        {detail.mosqueName ? (
          <>
            <dt>{t("consoleops_mosque")}</dt>
            <dd>{[detail.mosqueName, detail.amilName].filter(Boolean).join(" · ")}</dd>
          </>
        ) : null}
        {detail.earlierReceiptNos.length ? (
          <>
            <dt>{t("consoleops_earlier_receipts")}</dt>
            <dd>{detail.earlierReceiptNos.join(", ")}</dd>
          </>
        ) : null}
        {detail.wallHidden ? (
          <>
            <dt>{t("consoleops_wall_hidden")}</dt>
            <dd>{detail.wallHidden.reason}</dd>
          </>
        ) : null}
      </dl>
      {detail.receiptLink ? (
        <p>
          <a
            href={props.lang === "ms" ? `/ms${detail.receiptLink}` : detail.receiptLink}
            target="_blank"
            rel="noopener"
          >
            {t("consoleops_open_receipt")}
          </a>
        </p>
      ) : null}
      <h3>{t("consoleops_timeline")}</h3>
      <ol className="console-timeline">
        {detail.timeline.map((event, index) => (
          <li key={index}>
            <time dateTime={event.at}>
              {new Date(event.at).toLocaleString(props.lang === "ms" ? "ms-SG" : "en-SG", {
                timeZone: "Asia/Singapore",
              })}
            </time>{" "}
            <strong>{t(`consoleops_event_${event.code.replace(/\./g, "_")}`)}</strong>{" "}
            {event.actor ? `(${event.actor}) ` : ""}
            {detailText(event.detail)}
          </li>
        ))}
      </ol>
      {detail.reversals.length ? (
        <ul>
          {detail.reversals.map((reversal) => (
            <li key={reversal.id}>
              {t(`consoleops_${reversal.kind}`)} {dollars(reversal.amountCents)}:{" "}
              {t(`consoleops_reversal_${reversal.status}`)}
              {reversal.failureCode ? ` (${reversal.failureCode})` : ""}{" "}
              {reversal.status === "awaiting_approval" ? (
                <button
                  type="button"
                  className="console-button"
                  onClick={() => void decide(reversal.id, "approve")}
                >
                  {t("consoleops_approve")}
                </button>
              ) : reversal.status === "failed" ? (
                <button
                  type="button"
                  className="console-button"
                  onClick={() => void decide(reversal.id, "retry")}
                >
                  {t("consoleops_retry")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <h3>{t("consoleops_actions")}</h3>
      <div className="console-fields">
        <Field label={t("consoleops_reason")} value={reason} onChange={setReason} />
        <Field
          label={t("consoleops_refund_amount")}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
        />
        <Field label={t("consoleops_name")} value={name} onChange={setName} />
        <Field label={t("consoleops_email")} type="email" value={email} onChange={setEmail} />
      </div>
      <div className="console-actions">
        <button type="button" className="console-button" onClick={() => void act("resend")}>
          {t("consoleops_resend")}
        </button>
        <button type="button" className="console-button" onClick={() => void act("reissue")}>
          {t("consoleops_reissue")}
        </button>
        <button type="button" className="console-button" onClick={() => void act("refund")}>
          {t("consoleops_refund")}
        </button>
        <button
          type="button"
          className="console-button console-button--quiet"
          onClick={() => void act("void")}
        >
          {t("consoleops_void")}
        </button>
      </div>
      <Outcome {...outcome} />
    </section>
  );
}
