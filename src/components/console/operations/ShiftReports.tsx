import { useState } from "react";
import TableRegion from "../TableRegion";
import { Card, ConsoleForm, dollars, Field, operate, Outcome, useOutcome, type T } from "./kit";
import { refusedText, type Shift } from "./ShiftParts";

const sgToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

interface Totals {
  key: string;
  label: string;
  shifts: number;
  cashCents: number;
  cashGivenBackCents: number;
  chequeCount: number;
  chequeCents: number;
  netsCents: number;
  payNowCents: number;
  cashDifferenceCents: number;
}

/** The shifts of a range of nights, totalled per mosque, night or amil; signed off by an approver. */
export function ShiftReports({ t, actions }: { t: T; actions: ReadonlyArray<string> }) {
  const [filter, setFilter] = useState({ from: sgToday(), to: sgToday(), by: "mosque" });
  const [report, setReport] = useState<{ shifts: Shift[]; totals: Totals[] } | undefined>();
  const [outcome, setOutcome] = useOutcome();
  const query = `from=${encodeURIComponent(filter.from)}&to=${encodeURIComponent(filter.to)}`;
  const load = async () => {
    const reply = await operate<{ shifts: Shift[]; totals: Totals[] }>(
      `/console/api/counter/shifts?${query}&by=${filter.by}`,
    );
    if (!reply.ok) return setOutcome({ text: refusedText(t, reply.message), error: true });
    setReport(reply.data);
  };
  const signOff = async (id: string) => {
    const reply = await operate(`/console/api/counter/shifts/${id}?do=approve`, {});
    setOutcome(
      reply.ok
        ? { text: t("consoleops_shift_signed_off"), error: false }
        : { text: refusedText(t, reply.message), error: true },
    );
    await load();
  };
  const money = (cents: number) => (cents < 0 ? `-${dollars(-cents)}` : dollars(cents));
  return (
    <Card title={t("consoleops_shift_reports_heading")}>
      <ConsoleForm onSubmit={load} submit={t("consoleops_shift_show")}>
        <Field
          label={t("consoleops_from")}
          type="date"
          value={filter.from}
          onChange={(from) => setFilter({ ...filter, from })}
        />
        <Field
          label={t("consoleops_to")}
          type="date"
          value={filter.to}
          onChange={(to) => setFilter({ ...filter, to })}
        />
        <div className="console-field">
          <label htmlFor="shift-group">{t("consoleops_shift_group")}</label>
          <select
            id="shift-group"
            value={filter.by}
            onChange={(event) => setFilter({ ...filter, by: event.target.value })}
          >
            {["mosque", "night", "amil"].map((by) => (
              <option key={by} value={by}>
                {t(`consoleops_shift_by_${by}`)}
              </option>
            ))}
          </select>
        </div>
      </ConsoleForm>
      <p>
        <a href={`/console/api/counter/shifts?${query}&format=csv`} download>
          {t("consoleops_shift_csv")}
        </a>
      </p>
      <Outcome {...outcome} />
      {report && report.shifts.length === 0 ? <p>{t("consoleops_shift_none")}</p> : null}
      {report && report.shifts.length > 0 ? (
        <>
          <TableRegion label={t(`consoleops_shift_by_${filter.by}`)}>
            <table className="console-table console-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t(`consoleops_shift_by_${filter.by}`)}</th>
                  <th scope="col">{t("consoleops_shift_shifts")}</th>
                  <th scope="col">{t("consoleops_shift_cash_taken")}</th>
                  <th scope="col">{t("consoleops_shift_cash_back")}</th>
                  <th scope="col">{t("consoleops_shift_cheques")}</th>
                  <th scope="col">{t("consoleops_shift_nets")}</th>
                  <th scope="col">{t("consoleops_shift_paynow_short")}</th>
                  <th scope="col">{t("consoleops_shift_difference")}</th>
                </tr>
              </thead>
              <tbody>
                {report.totals.map((one) => (
                  <tr key={one.key}>
                    <td data-label={t(`consoleops_shift_by_${filter.by}`)}>{one.label}</td>
                    <td data-label={t("consoleops_shift_shifts")}>{one.shifts}</td>
                    <td data-label={t("consoleops_shift_cash_taken")}>{dollars(one.cashCents)}</td>
                    <td data-label={t("consoleops_shift_cash_back")}>
                      {dollars(one.cashGivenBackCents)}
                    </td>
                    <td data-label={t("consoleops_shift_cheques")}>
                      {one.chequeCount} · {dollars(one.chequeCents)}
                    </td>
                    <td data-label={t("consoleops_shift_nets")}>{dollars(one.netsCents)}</td>
                    <td data-label={t("consoleops_shift_paynow_short")}>
                      {dollars(one.payNowCents)}
                    </td>
                    <td data-label={t("consoleops_shift_difference")}>
                      {money(one.cashDifferenceCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <h3>{t("consoleops_shift_shifts")}</h3>
          <TableRegion label={t("consoleops_shift_shifts")}>
            <table className="console-table console-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t("consoleops_shift_night")}</th>
                  <th scope="col">{t("consoleops_mosque")}</th>
                  <th scope="col">{t("consoleops_shift_amil")}</th>
                  <th scope="col">{t("consoleops_shift_state")}</th>
                  <th scope="col">{t("consoleops_shift_difference")}</th>
                  <th scope="col">{t("consoleops_reason")}</th>
                </tr>
              </thead>
              <tbody>
                {report.shifts.map((shift) => (
                  <tr key={shift.id}>
                    <td data-label={t("consoleops_shift_night")}>{shift.night}</td>
                    <td data-label={t("consoleops_mosque")}>{shift.mosqueName}</td>
                    <td data-label={t("consoleops_shift_amil")}>{shift.amilName}</td>
                    <td data-label={t("consoleops_shift_state")}>
                      {t(`consoleops_shift_status_${shift.status}`)}
                      {shift.status === "closed" && actions.includes("counter.shift.approve") ? (
                        <>
                          {" "}
                          <button
                            type="button"
                            className="console-button"
                            aria-label={`${t("consoleops_shift_sign_off")}: ${shift.mosqueName}, ${shift.amilName}, ${shift.night}`}
                            onClick={() => void signOff(shift.id)}
                          >
                            {t("consoleops_shift_sign_off")}
                          </button>
                        </>
                      ) : null}
                    </td>
                    <td data-label={t("consoleops_shift_difference")}>
                      {shift.balance ? money(shift.balance.cash.difference) : "-"}
                    </td>
                    <td data-label={t("consoleops_reason")}>{shift.balance?.reason ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      ) : null}
    </Card>
  );
}
