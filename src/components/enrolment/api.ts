// The few service calls the enrolment pages make, from the browser. The guest session cookie is
// HttpOnly and scoped to /svc, so these requests carry it and page scripts never see it.
import { DEFAULT_FLOW, homePath, isFlowType, type Validation } from "@portal/domain";
import type { ValidationLabels } from "./labels";
import type { ApiCallName } from "@portal/adapters";
import { labelKeyOf } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { lifecycleKeys, tabStorage, writeFlag } from "../../stores/session-storage";
import { isApiError, request, type CallOptions } from "../../lib/api";

export interface Answer {
  /** The HTTP status; 0 when nothing was answered (network, or §8's empty result). */
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * A call through the browser's API client (src/lib/api-client.ts), as a status and body for the
 * forms to explain. Sending a form keeps the page (`keepPage`: what the donor typed, an NRIC among
 * it, is never stored, so a reload would lose it); a read with nothing typed yet may let a lost
 * connection show the 'Oops!' notice instead.
 */
export async function postJson(
  name: ApiCallName,
  body: unknown = {},
  options: CallOptions = { keepPage: true },
): Promise<Answer> {
  try {
    const answer = asRecord(await request(name, { body }, options));
    // §8's empty result (401, 302, 504): nothing answered.
    return "data" in answer || answer["status"] === 1
      ? { status: 200, body: answer }
      : { status: 0, body: {} };
  } catch (error) {
    return isApiError(error)
      ? { status: error.status, body: asRecord(error.body) }
      : { status: 0, body: {} };
  }
}

/** A guest session for this browser (the server keeps a live one). */
export const ensureGuest = () => postJson("guest");

/** The translated message of a validator's key or a server's code (`validation.nric.invalid`, ...). */
export const messageOf = (
  labels: ValidationLabels,
  key: Validation | string | undefined,
): string => {
  const label = labelKeyOf(key ?? "") as keyof ValidationLabels;
  return labels[label] ?? labels.enrol_error_generic;
};

/** The flow's home, from the stored flow (spec §1), in the page's language. */
export const continuePath = (lang: Language, productRoute: string): string => {
  const flow = tabStorage()?.getItem(lifecycleKeys.flow);
  return localizedPath(homePath(isFlowType(flow) ? flow : DEFAULT_FLOW, productRoute), lang);
};

/** The donor is enrolled: no longer mid-enrolment (§4 "after login" sends them to the flow's home). */
export const enrolmentEnded = (): void => writeFlag(lifecycleKeys.enrolmentInProgress, false);
