import type { FlowType } from "./flow.ts";
import { brandOf } from "./funds/lookup.ts";

/**
 * §2's enrolment flow values: enrolled by hand (`Manually`), with Singpass, a guest who did not enrol
 * (`Anonymous`, §6's guest flow), or a guest of the wakaf funds (`{product}`, the wakaf brand).
 */
export const ENROLMENT_VALUES = ["Manually", "Singpass", "Anonymous", "wakaf"] as const;
export type EnrolmentValue = (typeof ENROLMENT_VALUES)[number];

/** The value of a guest who gives without enrolling: `wakaf` on a wakaf fund, else `Anonymous`. */
export const guestEnrolmentValue = (flow: FlowType): EnrolmentValue =>
  brandOf(flow) === "wakaf" ? "wakaf" : "Anonymous";
