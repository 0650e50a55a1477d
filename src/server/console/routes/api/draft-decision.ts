import type { ConsoleAction } from "@portal/domain";
import { refusal } from "../../guard";
import type { ConsoleContext } from "../../route";

/** A draft's id and the verb asked (`?do=approve|withdraw`), or undefined for a call that does not exist. */
export const draftDecision = (context: ConsoleContext) => {
  const id = Number(context.params["id"]);
  const verb = context.url.searchParams.get("do");
  if (!Number.isSafeInteger(id) || id <= 0 || (verb !== "approve" && verb !== "withdraw")) {
    return undefined;
  }
  return { id, verb } as const;
};

/**
 * The action a draft's decision asks of the officer's role (the approver's for an approval, the
 * drafter's for a withdrawal), or the refusal of a call that does not exist.
 */
export const decisionAction =
  (approve: ConsoleAction, withdraw: ConsoleAction) =>
  (context: ConsoleContext): ConsoleAction | Response => {
    const asked = draftDecision(context);
    if (!asked) return refusal("console.not_found", "No such call");
    return asked.verb === "approve" ? approve : withdraw;
  };
