import {
  apiCall,
  ApiError,
  exchange,
  requestJson,
  type ApiCallName,
  type ApiClientOptions,
  type Bases,
  type CallInput,
} from "@portal/adapters";
import { apiErrorReport, type ErrorReport } from "@portal/domain";
import { isRecord, lifecycleKeys, readStored, tabStorage } from "../stores/session-storage";
import { reportApiError } from "./error-notice";
import { reportError } from "./error-reporting";

export { ApiError };

/**
 * The browser's one API client: every island and page script that calls the portal's services goes
 * through it. The wire rules of spec §8 are the adapters' (`requestJson`: body read as text and parsed
 * when present; 401, 302, 504 give the call's empty result; 403, 500, 502 reload; anything else
 * rejects with the body's message or the status text). This module adds what only a browser page can:
 *
 * - every failure is reported as `[host] API Error: <message or Unknown error>` with the error's name
 *   (error-reporting.ts: Sentry when built with a DSN, else nothing);
 * - a call that could not reach the server (network down, offline) shows the lifecycle's 'Oops!'
 *   notice, whose try again reloads once the browser is online;
 * - the reload of 403, 500 and 502 happens at most once a minute per page: a second one in a row shows
 *   the 'Oops!' notice instead, so a failing service never makes the page reload in a loop.
 *
 * `keepPage` is for calls whose failure the caller explains itself, next to the donor's entries
 * (paying, sending a form): a reload or the notice would throw away what the donor typed (a card
 * number is never kept anywhere), while the form can say what went wrong and let them try again,
 * which the payment API's idempotency makes safe. With it, 403, 500 and 502 reject like any other
 * failure and a network failure rejects without the notice; both are still reported.
 */
export interface CallOptions {
  readonly keepPage?: boolean;
}

/** What the client needs from the page; tests give their own. */
export interface BrowserApiDeps {
  readonly fetch?: typeof globalThis.fetch;
  readonly bases?: Bases;
  readonly reload?: () => void;
  /** Shows the 'Oops!' notice. */
  readonly notice?: () => void;
  readonly report?: (report: ErrorReport) => void;
  readonly host?: () => string;
}

/** A reload asked for by a failed call is not repeated within this time on the same page. */
export const RELOAD_GUARD_MS = 60_000;

/** §8's full-page reload, once: a repeat within a minute shows the 'Oops!' notice instead. */
export const reloadOnce = (now: number = Date.now()): void => {
  const last = readStored(lifecycleKeys.apiReload);
  const path = location.pathname;
  if (isRecord(last) && last["path"] === path && now - Number(last["at"]) < RELOAD_GUARD_MS) {
    return reportApiError();
  }
  try {
    const storage = tabStorage();
    if (storage === undefined) return reportApiError();
    storage.setItem(lifecycleKeys.apiReload, JSON.stringify({ path, at: now }));
  } catch {
    // Without storage the next reload could not know of this one: no reload at all.
    return reportApiError();
  }
  location.reload();
};

const optionsFor = (deps: BrowserApiDeps, call: CallOptions): ApiClientOptions => ({
  ...(deps.fetch ? { fetch: deps.fetch } : {}),
  ...(deps.bases ? { bases: deps.bases } : {}),
  reload: deps.reload ?? (() => reloadOnce()),
  keepPage: call.keepPage === true,
});

const failed =
  (deps: BrowserApiDeps, call: CallOptions) =>
  (error: unknown): never => {
    const found = apiErrorReport((deps.host ?? (() => location.host))(), error);
    if (found !== null) (deps.report ?? reportError)(found);
    if (error instanceof ApiError && error.code === "http.network" && call.keepPage !== true) {
      (deps.notice ?? reportApiError)();
    }
    throw error;
  };

const requestWith = (
  deps: BrowserApiDeps,
  name: ApiCallName,
  input: CallInput = {},
  call: CallOptions = {},
): Promise<unknown> =>
  requestJson(apiCall(name), input, optionsFor(deps, call)).catch(failed(deps, call));

const requestAtWith = (
  deps: BrowserApiDeps,
  url: string,
  input: CallInput = {},
  call: CallOptions = {},
): Promise<unknown> =>
  exchange(url, "POST", input, optionsFor(deps, call), () => ({ status: 0 })).catch(
    failed(deps, call),
  );

/**
 * One exchange under §8, addressed by the call's name (the call table of `@portal/adapters`); rejects
 * with `ApiError` (its `status`, `message` and the server's `serverCode`).
 */
export const request = (name: ApiCallName, input?: CallInput, call?: CallOptions) =>
  requestWith({}, name, input, call);

/**
 * The same exchange to an address (POST): the sandbox card gateway, which is not one of the portal's
 * calls, and the configuration read that every page makes (by address, so that pages which make no
 * other call do not carry the whole call table).
 */
export const requestAt = (url: string, input?: CallInput, call?: CallOptions) =>
  requestAtWith({}, url, input, call);

/** The client with the page's parts replaced (tests). */
export const makeBrowserApi = (deps: BrowserApiDeps) => ({
  request: (name: ApiCallName, input?: CallInput, call?: CallOptions) =>
    requestWith(deps, name, input, call),
  requestAt: (url: string, input?: CallInput, call?: CallOptions) =>
    requestAtWith(deps, url, input, call),
});
