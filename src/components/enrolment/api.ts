// The few service calls the enrolment pages make, from the browser. The guest session cookie is
// HttpOnly and scoped to /svc, so these requests carry it and page scripts never see it.
import type { Validation } from "@portal/domain";
import type { ValidationLabels } from "./labels";
import { labelKeyOf } from "../../i18n/fill";

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export async function postJson(path: string, body: unknown = {}): Promise<Answer> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text === "" ? {} : JSON.parse(text);
    return {
      status: response.status,
      body:
        typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {},
    };
  } catch {
    return { status: 0, body: {} };
  }
}

/** A guest session for this browser (the server keeps a live one). */
export const ensureGuest = () => postJson("/svc/main/v1/session/guest");

/** The translated message of a validator's key or a server's code (`validation.nric.invalid`, ...). */
export const messageOf = (
  labels: ValidationLabels,
  key: Validation | string | undefined,
): string => {
  const label = labelKeyOf(key ?? "") as keyof ValidationLabels;
  return labels[label] ?? labels.enrol_error_generic;
};

/** The flow's home, from the stored flow (spec §1), in the page's language. */
export const continuePath = (lang: "en" | "ms", productRoute: string): string => {
  let flow: string | null = null;
  try {
    flow = sessionStorage.getItem("portal.flow");
  } catch {
    // Storage refused: the zakat home.
  }
  const home =
    flow === "FIDYAH"
      ? "/fidyah"
      : flow === "KAFFARAH"
        ? "/kaffarah"
        : flow === "ILMU"
          ? `/${productRoute}-ilmu`
          : flow === "WMS"
            ? "/wms"
            : "/";
  return lang === "ms" ? (home === "/" ? "/ms/" : `/ms${home}`) : home;
};
