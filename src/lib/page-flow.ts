import { DEFAULT_FLOW, isFlowType, type FlowType } from "@portal/domain";
import { lifecycleKeys, tabStorage } from "../stores/session-storage";

/**
 * Where a page's flow comes from (`<body data-flow-source>`, set by BaseLayout):
 * - `page`: the flow the page was built for (its path, spec §1), `<body data-flow>`;
 * - `query`: checkout serves every flow: the one `?flow=` names, else the tab's stored flow (back from
 *   the bank's page, or from a social sign-in, the address names none);
 * - `stored`: the shared enrolment forms (`/enrollment/enroll-individual`, `/enrollment/singpass`, ...)
 *   belong to the flow the donor reached them from: the tab's stored flow.
 */
export type FlowSource = "page" | "query" | "stored";

const isFlowSource = (value: unknown): value is FlowSource =>
  value === "page" || value === "query" || value === "stored";

/**
 * The flow of the page being shown: the one rule every script of the page (the lifecycle, checkout,
 * the sign-in popups) asks, so they never disagree. ZAKAT when nothing names one.
 */
export const pageFlowOf = (input: {
  readonly source: unknown;
  readonly pageFlow: unknown;
  readonly search: string;
  readonly storedFlow: unknown;
}): FlowType => {
  const built = isFlowType(input.pageFlow) ? input.pageFlow : DEFAULT_FLOW;
  const stored = isFlowType(input.storedFlow) ? input.storedFlow : undefined;
  switch (isFlowSource(input.source) ? input.source : "page") {
    case "page":
      return built;
    case "query": {
      const named = new URLSearchParams(input.search).get("flow")?.toUpperCase();
      return isFlowType(named) ? named : (stored ?? DEFAULT_FLOW);
    }
    case "stored":
      return stored ?? built;
  }
};

/** The flow of this page, in the browser (see `pageFlowOf`). */
export const currentPageFlow = (): FlowType => {
  let storedFlow: string | null | undefined;
  try {
    storedFlow = tabStorage()?.getItem(lifecycleKeys.flow);
  } catch {
    storedFlow = undefined;
  }
  return pageFlowOf({
    source: document.body.dataset["flowSource"],
    pageFlow: document.body.dataset["flow"],
    search: location.search,
    storedFlow,
  });
};
