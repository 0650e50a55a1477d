import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";

export const REASON_MAX_LENGTH = 500;

export type ReasonError = DomainError<
  "ReasonRefused",
  "reason.required" | "reason.tooLong" | "reason.markup"
>;

/**
 * The reason an officer gives for a console action (refund, void, re-issue, cancelled plan, hidden
 * wall entry): required, at most 500 characters, no markup (it is shown back in the console and the
 * audit viewer). Spaces are collapsed.
 */
export const checkReason = (text: string): Result.Result<string, ReasonError> => {
  const reason = text.replace(/\s+/g, " ").trim();
  if (reason.length < 3)
    return Result.fail(domainError("ReasonRefused", "reason.required", "Give a reason."));
  if (reason.length > REASON_MAX_LENGTH)
    return Result.fail(
      domainError("ReasonRefused", "reason.tooLong", `At most ${REASON_MAX_LENGTH} characters.`),
    );
  if (/[<>]/.test(reason))
    return Result.fail(domainError("ReasonRefused", "reason.markup", "No < or > in a reason."));
  return Result.succeed(reason);
};
