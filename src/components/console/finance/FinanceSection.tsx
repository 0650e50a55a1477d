import ConsoleGate from "../ConsoleGate";
import FinanceDashboard from "./FinanceDashboard";
import FinanceIras from "./FinanceIras";
import FinanceReconcile from "./FinanceReconcile";
import type { FinanceLabels } from "./keys";

interface Props {
  readonly lang: "en" | "ms";
  readonly labels: FinanceLabels;
}

/** The finance section: each part shows only to roles the server would let do it. */
export default function FinanceSection({ lang, labels }: Props) {
  return (
    <ConsoleGate
      action="finance.view"
      labels={{ loading: labels.console_loading, forbidden: labels.console_forbidden }}
    >
      {(session) => {
        const may = (action: (typeof session.actions)[number]) => session.actions.includes(action);
        return (
          <>
            <FinanceDashboard labels={labels} canExport={may("finance.export")} />
            {may("finance.reconcile") || may("finance.signOff") ? (
              <FinanceReconcile labels={labels} lang={lang} canSignOff={may("finance.signOff")} />
            ) : null}
            {may("iras.records") ? <FinanceIras labels={labels} /> : null}
          </>
        );
      }}
    </ConsoleGate>
  );
}
