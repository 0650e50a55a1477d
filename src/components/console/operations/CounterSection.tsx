import { useCallback, useEffect, useState } from "react";
import { COUNTER_ITEMS } from "@portal/domain";
import { counterItemKey } from "../../../i18n/funds";
import {
  Card,
  centsOf,
  newKey,
  operate,
  Outcome,
  translate,
  useConsoleForm,
  useOutcome,
  type Labels,
  ConsoleForm,
  dollars,
  Gated,
  type T,
} from "./kit";
import {
  BalanceTable,
  CloseShift,
  OpenShift,
  ShiftReceipts,
  TakingsTable,
  type Shift,
  type ShiftReceipt,
} from "./ShiftParts";
import { ShiftReports } from "./ShiftReports";

const METHODS = ["cash", "cheque", "nets", "bank_transfer"];
const EMPTY = {
  fund: COUNTER_ITEMS[0] ?? "",
  amount: "",
  method: "cash",
  reference: "",
  bankName: "",
  name: "",
  email: "",
  mobile: "",
  idNumber: "",
};

interface Issued {
  receiptNo: string;
  transactionNo: string;
  receiptLink: string;
}

/** The receipt page of a counter gift (the same pages and PDF as online gifts). */
const receiptPage = (issued: Issued, lang: "en" | "ms") =>
  lang === "ms" ? `/ms${issued.receiptLink}` : issued.receiptLink;

/**
 * The counter: the amil's shift (opened with a float, its takings and receipts, a void asked within
 * it, closed with the count), the payments recorded within it, and the shifts' reports.
 */
export default function CounterSection({ labels, lang }: { labels: Labels; lang: "en" | "ms" }) {
  const t = translate(labels);
  return (
    <Gated action="counter.shifts.view" t={t}>
      {(session) => (
        <>
          {session.actions.includes("counter.record") ? (
            <CounterDesk t={t} lang={lang} actions={session.actions} />
          ) : null}
          <ShiftReports t={t} actions={session.actions} />
        </>
      )}
    </Gated>
  );
}

function CounterDesk(props: { t: T; lang: "en" | "ms"; actions: ReadonlyArray<string> }) {
  const { t, lang } = props;
  const [desk, setDesk] = useState<{ shift: Shift; receipts: ShiftReceipt[] } | null | undefined>();
  const [closed, setClosed] = useState<Shift | undefined>();
  const load = useCallback(async () => {
    const reply = await operate<{ shift: Shift; receipts: ShiftReceipt[] } | null>(
      "/console/api/counter/shift",
    );
    setDesk(reply.data ?? null);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (desk === undefined) return <p role="status">{t("console_loading")}</p>;
  if (desk === null)
    return (
      <>
        {closed?.balance ? (
          <Card title={t("consoleops_shift_closed")}>
            <BalanceTable t={t} balance={closed.balance} />
          </Card>
        ) : null}
        {props.actions.includes("counter.shift.open") ? (
          <OpenShift
            t={t}
            onOpened={async () => {
              setClosed(undefined);
              await load();
            }}
          />
        ) : null}
      </>
    );
  const { shift, receipts } = desk;
  return (
    <>
      <Card title={t("consoleops_shift_heading", { mosque: shift.mosqueName })}>
        <p>
          {t("consoleops_shift_opened", {
            time: new Date(shift.openedAt).toLocaleString(lang === "ms" ? "ms-SG" : "en-SG", {
              timeZone: "Asia/Singapore",
            }),
            amount: dollars(shift.floatCents),
          })}
        </p>
        <TakingsTable t={t} takings={shift.takings} />
      </Card>
      <CounterEntry t={t} lang={lang} mosqueName={shift.mosqueName} onIssued={load} />
      <ShiftReceipts
        t={t}
        receipts={receipts}
        mayVoid={props.actions.includes("donations.void")}
        onChanged={load}
      />
      {props.actions.includes("counter.shift.close") ? (
        <CloseShift
          t={t}
          shift={shift}
          onClosed={(done) => {
            setClosed(done);
            void load();
          }}
        />
      ) : null}
    </>
  );
}

/** An amil records a cash, cheque, NETS or bank-transfer payment within the shift, once. */
function CounterEntry(props: {
  t: T;
  lang: "en" | "ms";
  mosqueName: string;
  onIssued: () => Promise<void>;
}) {
  const { t, lang } = props;
  const { form, setWrong, reset, field, choice } = useConsoleForm(EMPTY, t);
  const [anonymous, setAnonymous] = useState(false);
  const [key, setKey] = useState(newKey);
  const [issued, setIssued] = useState<Issued | undefined>();
  const [outcome, setOutcome] = useOutcome();

  const issue = async () => {
    const reply = await operate<Issued>(
      "/console/api/counter",
      {
        fund: form.fund,
        amountCents: centsOf(form.amount) ?? -1,
        method: form.method,
        reference: form.reference,
        bankName: form.bankName,
        donor: {
          name: form.name,
          email: form.email,
          mobile: form.mobile,
          idNumber: form.idNumber,
          anonymous,
        },
      },
      key,
    );
    setWrong(reply.fields ?? []);
    if (!reply.ok || !reply.data) {
      setOutcome({
        text: t("consoleops_refused", { message: reply.message ?? t("console_error") }),
        error: true,
      });
      return;
    }
    setIssued(reply.data);
    setOutcome({ text: t("consoleops_issued", { receiptNo: reply.data.receiptNo }), error: false });
    await props.onIssued();
  };

  return (
    <Card title={t("consoleops_counter_heading")}>
      <p className="console-meta">
        {t("consoleops_mosque")}: {props.mosqueName}
      </p>
      <ConsoleForm
        onSubmit={issue}
        after={
          <div className="console-field">
            <label>
              <input
                type="checkbox"
                checked={anonymous}
                onChange={(event) => setAnonymous(event.target.checked)}
              />{" "}
              {t("consoleops_anonymous")}
            </label>
          </div>
        }
        actions={
          <>
            <button type="submit" className="console-button" disabled={issued !== undefined}>
              {t("consoleops_issue")}
            </button>
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={() => {
                reset();
                setAnonymous(false);
                setIssued(undefined);
                setOutcome({ text: "", error: false });
                setKey(newKey());
              }}
            >
              {t("consoleops_new_entry")}
            </button>
          </>
        }
      >
        {choice(
          "fund",
          "consoleops_fund",
          COUNTER_ITEMS.map((f) => [f, t(counterItemKey(f))] as const),
        )}
        {field("amount", "consoleops_amount", {
          inputMode: "decimal",
          required: true,
          wrongAs: "amountCents",
        })}
        {choice(
          "method",
          "consoleops_method",
          METHODS.map((m) => [m, t(`consoleops_method_${m}`)] as const),
        )}
        {field("reference", "consoleops_reference")}
        {field("bankName", "consoleops_bank")}
        {field("name", "consoleops_name", { required: true, wrongAs: "donorName" })}
        {field("email", "consoleops_email", { type: "email" })}
        {field("mobile", "consoleops_mobile", { type: "tel" })}
        {field("idNumber", "consoleops_id_number", { hint: t("consoleops_id_hint") })}
      </ConsoleForm>
      <Outcome {...outcome} />
      {issued ? (
        <p>
          <a href={receiptPage(issued, lang)} target="_blank" rel="noopener">
            {t("consoleops_pdf")} ({issued.receiptNo})
          </a>
        </p>
      ) : null}
    </Card>
  );
}
