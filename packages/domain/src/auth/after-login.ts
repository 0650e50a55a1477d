import { homePath, isEnrolmentPath, isFlowRoot, type FlowType } from "../flow.ts";

/** What the page knows when a sign-in succeeds (§4 "After login succeeds"). */
export interface AfterLoginInput {
  readonly path: string;
  readonly flow: FlowType;
  /** The donor is part-way through enrolment. */
  readonly midEnrolment: boolean;
  /** A donation has just been paid. */
  readonly transactionPassed: boolean;
  /** A flow was chosen (stored) and the giving form already holds a name and e-mail. */
  readonly flowSet: boolean;
  readonly nameAndEmailFilled: boolean;
  readonly productRoute?: string;
}

export type AfterLogin =
  { readonly kind: "reload" } | { readonly kind: "navigate"; readonly to: string };

/**
 * Where the donor goes after signing in (§4), the rules checked in this order: on an enrolment page
 * mid-enrolment, reload; a transaction just passed, reload on a flow root or go to the flow root;
 * a flow set with name and e-mail filled, reload (the donor keeps what they typed); otherwise the
 * flow's home.
 */
export const afterLogin = (input: AfterLoginInput): AfterLogin => {
  const onEnrolment = isEnrolmentPath(input.path, input.productRoute);
  if (onEnrolment && input.midEnrolment) return { kind: "reload" };
  const home = homePath(input.flow, input.productRoute);
  if (input.transactionPassed) {
    return isFlowRoot(input.path, input.productRoute)
      ? { kind: "reload" }
      : { kind: "navigate", to: home };
  }
  if (input.flowSet && input.nameAndEmailFilled) return { kind: "reload" };
  return { kind: "navigate", to: home };
};
