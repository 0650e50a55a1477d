import { useState, type FormEvent } from "react";
import type { UnfiledGift } from "@portal/domain";
import { consoleCall, fill, loadSession } from "../api";
import { money, saveBlob, sgToday, type FinanceLabels } from "./keys";
import { DataTable, Field, Outcome, Submit } from "./parts";

interface Props {
  readonly labels: FinanceLabels;
}

/**
 * The year's IRAS file: fetched by POST with the session's CSRF token (no address to guess or
 * share), saved by the browser; and the gifts that cannot be filed, listed on request.
 */
export default function FinanceIras({ labels }: Props) {
  const [year, setYear] = useState(() => Number(sgToday().slice(0, 4)) - 1);
  const [status, setStatus] = useState("");
  const [failed, setFailed] = useState(false);
  const [unfiled, setUnfiled] = useState<ReadonlyArray<UnfiledGift> | null>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    setStatus(labels.finance_downloading);
    const csrf = (await loadSession())?.csrfToken ?? "";
    const response = await fetch("/console/api/finance/iras", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-console-csrf": csrf },
      body: JSON.stringify({ year }),
    });
    if (!response.ok) {
      if (response.status === 401) window.dispatchEvent(new Event("console:signed-out"));
      setFailed(true);
      setStatus(labels.finance_download_failed);
      return;
    }
    const name = `iras-donations-${year}.csv`;
    saveBlob(await response.blob(), name);
    setStatus(fill(labels.finance_downloaded, { name }));
  };

  const listUnfiled = async () => {
    const reply = await consoleCall<{ unfiled: UnfiledGift[] }>(
      `/console/api/finance/iras?year=${year}`,
    );
    if (reply.ok && reply.data) setUnfiled(reply.data.unfiled);
    else {
      setFailed(true);
      setStatus(labels.finance_error);
    }
  };

  return (
    <section className="console-card" aria-labelledby="finance-iras">
      <h2 id="finance-iras">{labels.finance_iras_heading}</h2>
      <p>{labels.finance_iras_intro}</p>
      <form className="console-fields" onSubmit={(e) => void download(e)}>
        <Field
          id="finance-year"
          label={labels.finance_iras_year}
          type="number"
          min={2000}
          max={2100}
          value={year}
          onChange={(value) => setYear(Number(value))}
        />
        <Submit label={labels.finance_iras_download} />
      </form>
      <Outcome text={status} failed={failed} />
      <div className="console-actions">
        <button
          className="console-button console-button--quiet"
          type="button"
          onClick={() => void listUnfiled()}
        >
          {labels.finance_iras_unfiled_show}
        </button>
      </div>
      {unfiled ? (
        unfiled.length === 0 ? (
          <p>{labels.finance_iras_unfiled_none}</p>
        ) : (
          <DataTable
            caption={labels.finance_iras_unfiled_heading}
            columns={[
              { label: labels.finance_col_receipt },
              { label: labels.finance_col_date },
              { label: labels.finance_col_type },
              { label: labels.finance_col_amount, num: true },
              { label: labels.finance_col_reason },
            ]}
            rows={unfiled.map((u) => ({
              key: u.receiptNo,
              cells: [
                u.receiptNo,
                u.dateReceived,
                u.donationType,
                money(u.amount),
                labels[`finance_iras_reason_${u.reason}`],
              ],
            }))}
          />
        )
      ) : null}
    </section>
  );
}
