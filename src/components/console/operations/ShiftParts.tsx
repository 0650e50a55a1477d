import { useState } from "react";
import { CASH_DENOMINATIONS } from "@portal/domain";
import { counterItemKey } from "../../../i18n/funds";
import TableRegion from "../TableRegion";
import {
  Card,
  centsOf,
  ConsoleForm,
  dollars,
  Field,
  newKey,
  operate,
  Outcome,
  useOutcome,
  type T,
} from "./kit";

/** What a shift took, per method (the records' `ShiftTakings`). */
export interface Takings {
  floatCents: number;
  cash: { count: number; cents: number; givenBackCents: number };
  cheque: { count: number; cents: number };
  nets: { count: number; cents: number };
  bankTransfer: { count: number; cents: number };
  /** PayNow at the counter: paid to the account, not in the drawer (absent in older closes). */
  paynow?: { count: number; cents: number };
}

interface Line {
  expected: number;
  counted: number;
  difference: number;
}

export interface Balance {
  cash: Line;
  chequeCount: Line;
  chequeCents: Line;
  netsCents: Line;
  differs: boolean;
  reason: string | null;
}

export interface Shift {
  id: string;
  mosqueName: string;
  amilId: string;
  amilName: string;
  floatCents: number;
  status: "open" | "closed" | "signed_off";
  openedAt: string;
  night: string;
  takings: Takings;
  balance: Balance | null;
  signedOffByName: string | null;
}

export interface ShiftReceipt {
  transactionNo: string;
  receiptNo: string;
  fund: string;
  method: string;
  amountCents: number;
  status: string;
  awaitingApproval: string | null;
}

export const refusedText = (t: T, message: string | undefined) =>
  t("consoleops_refused", { message: message ?? t("console_error") });

/** A denomination's label: "$100 notes", "50¢ coins". */
const denominationLabel = (t: T, cents: number) =>
  cents >= 200
    ? t("consoleops_shift_note", { value: `$${cents / 100}` })
    : t("consoleops_shift_coin", { value: cents >= 100 ? `$${cents / 100}` : `${cents}¢` });

/** An amil opens a shift at a mosque with the float counted into the drawer. */
export function OpenShift({ t, onOpened }: { t: T; onOpened: () => Promise<void> }) {
  const [mosqueName, setMosque] = useState("");
  const [float, setFloat] = useState("");
  const [wrong, setWrong] = useState<ReadonlyArray<string>>([]);
  const [outcome, setOutcome] = useOutcome();
  const open = async () => {
    const reply = await operate("/console/api/counter/shift", {
      mosqueName,
      floatCents: centsOf(float === "" ? "0" : float) ?? -1,
    });
    setWrong(reply.fields ?? []);
    if (!reply.ok) return setOutcome({ text: refusedText(t, reply.message), error: true });
    await onOpened();
  };
  const error = (name: string) => (wrong.includes(name) ? t("consoleops_field_wrong") : undefined);
  return (
    <Card title={t("consoleops_shift_open_heading")}>
      <p>{t("consoleops_shift_open_hint")}</p>
      <ConsoleForm onSubmit={open} submit={t("consoleops_shift_open")}>
        <Field
          label={t("consoleops_mosque")}
          value={mosqueName}
          onChange={setMosque}
          required
          error={error("mosqueName")}
        />
        <Field
          label={t("consoleops_shift_float")}
          value={float}
          onChange={setFloat}
          inputMode="decimal"
          required
          error={error("floatCents")}
        />
      </ConsoleForm>
      <Outcome {...outcome} />
    </Card>
  );
}

/** What the shift has taken so far (or took, once closed). */
export function TakingsTable({ t, takings }: { t: T; takings: Takings }) {
  const rows: ReadonlyArray<[string, string, number]> = [
    ["consoleops_shift_cash_taken", String(takings.cash.count), takings.cash.cents],
    ["consoleops_shift_cash_back", "", takings.cash.givenBackCents],
    ["consoleops_shift_cheques", String(takings.cheque.count), takings.cheque.cents],
    ["consoleops_shift_nets", String(takings.nets.count), takings.nets.cents],
    ["consoleops_shift_transfers", String(takings.bankTransfer.count), takings.bankTransfer.cents],
    ["consoleops_shift_paynow", String(takings.paynow?.count ?? 0), takings.paynow?.cents ?? 0],
  ];
  return (
    <TableRegion label={t("consoleops_shift_takings")}>
      <table className="console-table console-table--stack">
        <caption className="console-meta">{t("consoleops_shift_takings")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("consoleops_shift_what")}</th>
            <th scope="col">{t("consoleops_shift_count")}</th>
            <th scope="col">{t("consoleops_amount")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, count, cents]) => (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td data-label={t("consoleops_shift_count")}>{count}</td>
              <td data-label={t("consoleops_amount")}>{dollars(cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The receipts of the open shift, and a void of one asked with a reason (a second officer approves). */
export function ShiftReceipts(props: {
  t: T;
  receipts: ReadonlyArray<ShiftReceipt>;
  mayVoid: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t, receipts } = props;
  const voidable = receipts.filter((one) => one.status === "succeeded" && !one.awaitingApproval);
  const [chosen, setChosen] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [outcome, setOutcome] = useOutcome();
  const target = voidable.find((one) => one.transactionNo === chosen) ?? voidable[0];
  const ask = async () => {
    if (!target) return;
    const reply = await operate(
      `/console/api/donations/${target.transactionNo}?do=void`,
      { reason },
      key,
    );
    if (!reply.ok) return setOutcome({ text: refusedText(t, reply.message), error: true });
    setOutcome({
      text: t("consoleops_shift_void_asked", { receiptNo: target.receiptNo }),
      error: false,
    });
    setReason("");
    setKey(newKey());
    await props.onChanged();
  };
  return (
    <Card title={t("consoleops_shift_receipts")}>
      {receipts.length === 0 ? (
        <p>{t("consoleops_shift_no_receipts")}</p>
      ) : (
        <TableRegion label={t("consoleops_shift_receipts")}>
          <table className="console-table console-table--stack">
            <thead>
              <tr>
                <th scope="col">{t("consoleops_receipt_no")}</th>
                <th scope="col">{t("consoleops_fund")}</th>
                <th scope="col">{t("consoleops_method")}</th>
                <th scope="col">{t("consoleops_amount")}</th>
                <th scope="col">{t("consoleops_status")}</th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((one) => (
                <tr key={one.transactionNo}>
                  <td data-label={t("consoleops_receipt_no")}>{one.receiptNo}</td>
                  <td data-label={t("consoleops_fund")}>{t(counterItemKey(one.fund))}</td>
                  <td data-label={t("consoleops_method")}>
                    {t(`consoleops_method_${one.method}`)}
                  </td>
                  <td data-label={t("consoleops_amount")}>{dollars(one.amountCents)}</td>
                  <td data-label={t("consoleops_status")}>
                    {t(`consoleops_status_${one.status}`)}
                    {one.awaitingApproval ? ` (${t("consoleops_shift_void_waiting")})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {props.mayVoid && voidable.length > 0 ? (
        <>
          <h3>{t("consoleops_shift_void_heading")}</h3>
          <p>{t("consoleops_shift_void_hint")}</p>
          <ConsoleForm onSubmit={ask} submit={t("consoleops_shift_void_ask")}>
            <div className="console-field">
              <label htmlFor="shift-void-receipt">{t("consoleops_shift_void_receipt")}</label>
              <select
                id="shift-void-receipt"
                value={target?.transactionNo ?? ""}
                onChange={(event) => setChosen(event.target.value)}
              >
                {voidable.map((one) => (
                  <option key={one.transactionNo} value={one.transactionNo}>
                    {one.receiptNo} · {dollars(one.amountCents)}
                  </option>
                ))}
              </select>
            </div>
            <Field label={t("consoleops_reason")} value={reason} onChange={setReason} required />
          </ConsoleForm>
        </>
      ) : null}
      <Outcome {...outcome} />
    </Card>
  );
}

/** Expected against counted for each line of a closed shift. */
export function BalanceTable({ t, balance }: { t: T; balance: Balance }) {
  const rows: ReadonlyArray<[string, Line, boolean]> = [
    ["consoleops_shift_cash", balance.cash, true],
    ["consoleops_shift_cheque_number", balance.chequeCount, false],
    ["consoleops_shift_cheque_cents", balance.chequeCents, true],
    ["consoleops_shift_nets_cents", balance.netsCents, true],
  ];
  const shown = (value: number, money: boolean) =>
    money ? (value < 0 ? `-${dollars(-value)}` : dollars(value)) : String(value);
  return (
    <TableRegion label={t("consoleops_shift_balance")}>
      <table className="console-table console-table--stack">
        <caption className="console-meta">{t("consoleops_shift_balance")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("consoleops_shift_what")}</th>
            <th scope="col">{t("consoleops_shift_expected")}</th>
            <th scope="col">{t("consoleops_shift_counted")}</th>
            <th scope="col">{t("consoleops_shift_difference")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, line, money]) => (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td data-label={t("consoleops_shift_expected")}>{shown(line.expected, money)}</td>
              <td data-label={t("consoleops_shift_counted")}>{shown(line.counted, money)}</td>
              <td data-label={t("consoleops_shift_difference")}>{shown(line.difference, money)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The amil closes their shift: the drawer by denomination, the cheques, NETS, a reason if short. */
export function CloseShift(props: { t: T; shift: Shift; onClosed: (shift: Shift) => void }) {
  const { t } = props;
  const [pieces, setPieces] = useState<Record<string, string>>({});
  const [counts, setCounts] = useState({ chequeCount: "", chequeTotal: "", netsTotal: "" });
  const [reason, setReason] = useState("");
  const [wrong, setWrong] = useState<ReadonlyArray<string>>([]);
  const [outcome, setOutcome] = useOutcome();
  const whole = (text: string) =>
    text.trim() === "" ? 0 : /^\d{1,6}$/.test(text.trim()) ? Number(text) : -1;
  const close = async () => {
    const reply = await operate<Shift>(`/console/api/counter/shifts/${props.shift.id}?do=close`, {
      cash: Object.fromEntries(
        CASH_DENOMINATIONS.map((cents) => [String(cents), whole(pieces[String(cents)] ?? "")]),
      ),
      chequeCount: whole(counts.chequeCount),
      chequeCents: centsOf(counts.chequeTotal === "" ? "0" : counts.chequeTotal) ?? -1,
      netsCents: centsOf(counts.netsTotal === "" ? "0" : counts.netsTotal) ?? -1,
      ...(reason.trim() ? { reason } : {}),
    });
    setWrong(reply.fields ?? []);
    if (!reply.ok || !reply.data)
      return setOutcome({ text: refusedText(t, reply.message), error: true });
    props.onClosed(reply.data);
  };
  const error = (name: string) => (wrong.includes(name) ? t("consoleops_field_wrong") : undefined);
  return (
    <Card title={t("consoleops_shift_close_heading")}>
      <p>{t("consoleops_shift_close_hint")}</p>
      <ConsoleForm onSubmit={close} submit={t("consoleops_shift_close")}>
        {CASH_DENOMINATIONS.map((cents) => (
          <Field
            key={cents}
            name={`cash-${cents}`}
            label={denominationLabel(t, cents)}
            value={pieces[String(cents)] ?? ""}
            onChange={(value) => setPieces({ ...pieces, [String(cents)]: value })}
            inputMode="decimal"
            error={error("cash")}
          />
        ))}
        <Field
          label={t("consoleops_shift_cheque_count")}
          value={counts.chequeCount}
          onChange={(chequeCount) => setCounts({ ...counts, chequeCount })}
          inputMode="decimal"
          error={error("chequeCount")}
        />
        <Field
          label={t("consoleops_shift_cheque_total")}
          value={counts.chequeTotal}
          onChange={(chequeTotal) => setCounts({ ...counts, chequeTotal })}
          inputMode="decimal"
          error={error("chequeCents")}
        />
        <Field
          label={t("consoleops_shift_nets_total")}
          value={counts.netsTotal}
          onChange={(netsTotal) => setCounts({ ...counts, netsTotal })}
          inputMode="decimal"
          error={error("netsCents")}
        />
        <Field
          label={t("consoleops_shift_reason")}
          value={reason}
          onChange={setReason}
          rows={2}
          wide
          error={error("reason")}
        />
      </ConsoleForm>
      <Outcome {...outcome} />
    </Card>
  );
}
