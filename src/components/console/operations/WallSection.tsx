import { useState } from "react";
import { Card, Field, operate, Outcome, translate, useOutcome, type Labels, Gated } from "./kit";

/** Hide a wakaf gift from the donor wall, or show it again, with a reason. */
export default function WallSection({ labels }: { labels: Labels }) {
  const t = translate(labels);
  const [transactionNo, setTransactionNo] = useState("");
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useOutcome();
  const act = async (hidden: boolean) => {
    const reply = await operate(`/console/api/wall/${encodeURIComponent(transactionNo.trim())}`, {
      hidden,
      reason,
    });
    setOutcome(
      reply.ok
        ? { text: t("consoleops_done"), error: false }
        : {
            text: t("consoleops_refused", { message: reply.message ?? t("console_error") }),
            error: true,
          },
    );
  };
  return (
    <Gated action="wall.hide" t={t}>
      <Card title={t("consoleops_wall_heading")}>
        <div className="console-fields">
          <Field
            label={t("consoleops_transaction_no")}
            value={transactionNo}
            onChange={setTransactionNo}
            required
          />
          <Field label={t("consoleops_reason")} value={reason} onChange={setReason} required />
        </div>
        <div className="console-actions">
          <button type="button" className="console-button" onClick={() => void act(true)}>
            {t("consoleops_wall_hide")}
          </button>
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={() => void act(false)}
          >
            {t("consoleops_wall_restore")}
          </button>
        </div>
        <Outcome {...outcome} />
      </Card>
    </Gated>
  );
}
