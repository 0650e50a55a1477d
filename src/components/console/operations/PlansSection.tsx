import { useState } from "react";
import {
  Card,
  dollars,
  Field,
  operate,
  Outcome,
  translate,
  useOutcome,
  type Labels,
  ConsoleForm,
  Gated,
} from "./kit";

interface Plan {
  id: string;
  transactionNo: string;
  flow: string;
  status: "active" | "suspended" | "cancelled";
  amountCents: number;
  frequency: string;
  nextChargeOn: string | null;
  card: string | null;
  failedRenewals: { period: number; at: string; failureCode: string | null }[];
}

/** A donor's plans (found by e-mail, identity number or a gift), cancelled on request with a note. */
export default function PlansSection({ labels }: { labels: Labels }) {
  const t = translate(labels);
  const [find, setFind] = useState({ email: "", idNumber: "", transactionNo: "" });
  const [plans, setPlans] = useState<Plan[] | undefined>();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useOutcome();
  const load = async () => {
    const reply = await operate<Plan[]>("/console/api/plans", find);
    setPlans(reply.data ?? []);
  };
  const cancel = async (id: string) => {
    const reply = await operate(`/console/api/plans/${id}`, { note: notes[id] ?? "" });
    setOutcome(
      reply.ok
        ? { text: t("consoleops_done"), error: false }
        : {
            text: t("consoleops_refused", { message: reply.message ?? t("console_error") }),
            error: true,
          },
    );
    await load();
  };
  return (
    <Gated action="plans.view" t={t}>
      {(session) => (
        <>
          <Card title={t("consoleops_plans_heading")}>
            <ConsoleForm onSubmit={load} submit={t("consoleops_find")}>
              <Field
                label={t("consoleops_email")}
                type="email"
                value={find.email}
                onChange={(email) => setFind({ ...find, email })}
              />
              <Field
                label={t("consoleops_id_number")}
                value={find.idNumber}
                onChange={(idNumber) => setFind({ ...find, idNumber })}
                hint={t("consoleops_id_hint")}
              />
              <Field
                label={t("consoleops_transaction_no")}
                value={find.transactionNo}
                onChange={(transactionNo) => setFind({ ...find, transactionNo })}
              />
            </ConsoleForm>
            <Outcome {...outcome} />
          </Card>
          {plans?.length === 0 ? <p>{t("consoleops_plans_none")}</p> : null}
          {plans?.map((plan) => (
            <Card
              key={plan.id}
              title={`${plan.transactionNo}: ${dollars(plan.amountCents)} ${plan.frequency}`}
            >
              <p>
                {t(`consoleops_plan_${plan.status}`)} · {plan.flow}{" "}
                {plan.card ? `· ${plan.card}` : ""}{" "}
                {plan.nextChargeOn
                  ? `· ${t("consoleops_plan_next", { date: plan.nextChargeOn })}`
                  : ""}
              </p>
              {plan.failedRenewals.length ? (
                <>
                  <h3>{t("consoleops_plan_failed")}</h3>
                  <ul>
                    {plan.failedRenewals.map((failure) => (
                      <li key={failure.period}>
                        {failure.at.slice(0, 10)}: {failure.failureCode ?? "-"}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {plan.status !== "cancelled" && session.actions.includes("plans.cancel") ? (
                <div className="console-fields">
                  <Field
                    label={t("consoleops_note")}
                    value={notes[plan.id] ?? ""}
                    onChange={(note) => setNotes({ ...notes, [plan.id]: note })}
                  />
                  <div className="console-actions">
                    <button
                      type="button"
                      className="console-button"
                      onClick={() => void cancel(plan.id)}
                    >
                      {t("consoleops_plan_cancel")}
                    </button>
                  </div>
                </div>
              ) : null}
            </Card>
          ))}
        </>
      )}
    </Gated>
  );
}
