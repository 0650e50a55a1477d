// The account area's calls, through the accounts bundle's bridge (it holds the donor's ID token).
import { apiCall, urlFor, type ApiCallName, type QueryValue } from "@portal/adapters";
import { labelKeyOf } from "../../i18n/fill";
import type { AccountBridge } from "../auth/bridge";

/** A refused or failed call: `code` names the message to show (a translation key where one exists). */
export class CallFailed extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export type Call = <T = Record<string, unknown>>(
  name: ApiCallName,
  body?: unknown,
  query?: Readonly<Record<string, QueryValue>>,
) => Promise<T>;

/** Calls that answer the body, or throw CallFailed with the server's code. */
export const callsOver =
  (bridge: AccountBridge): Call =>
  async <T>(
    name: ApiCallName,
    body: unknown = {},
    query: Readonly<Record<string, QueryValue>> = {},
  ) => {
    const call = apiCall(name);
    const answer = await bridge.call(urlFor(call, undefined, query), body, call.method);
    const ok = answer.httpStatus >= 200 && answer.httpStatus < 300;
    if (!ok || answer.body.status === 0) {
      throw new CallFailed(answer.body.message ?? "", answer.body.code, answer.httpStatus);
    }
    return answer.body as T;
  };

/** The message for a failure: the server's code as a label when it has one, else the generic one. */
export const failureText = (
  error: unknown,
  t: (key: string) => string,
  fallback = "account_error_generic",
): string => {
  const code = error instanceof CallFailed ? error.code : (error as { name?: string })?.name;
  if (code) {
    const key = labelKeyOf(code);
    const text = t(key);
    if (text !== key) return text;
    const account = t(`account_error_${code}`);
    if (account !== `account_error_${code}`) return account;
  }
  return t(fallback);
};
