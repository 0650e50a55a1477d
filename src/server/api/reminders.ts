import { Schema } from "effect";
import { decode } from "./decode";
import { success, failure } from "./envelope";
import type { Handler, HandlerServices, ServiceRequest, ServiceResponse } from "./types";
import { remindersOf, unsubscribeIdOf } from "../reminders";

const PreferencesBody = Schema.Struct({
  haul: Schema.Boolean,
  ramadan: Schema.Boolean,
  lang: Schema.Literals(["en", "ms"]),
});

/** getReminderPreferences: the signed-in donor's own reminder choices (both off until saved). */
const getReminderPreferences =
  ({ services, callers }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    const store = await remindersOf(services)();
    return success({ data: await store.preferences(donor.id) });
  };

/**
 * setReminderPreferences {haul, ramadan, lang}: the signed-in donor's own choices, and the language
 * the reminders are written in (the page's). Only for the caller: no donor id is accepted.
 */
const setReminderPreferences =
  ({ services, callers }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const choice = decode(PreferencesBody, body);
    const store = await remindersOf(services)();
    const saved = await store.setPreferences(donor.id, choice, new Date(services.clock.nowMs()));
    return success({ message: "Saved", data: saved });
  };

export const reminderHandlers = (given: HandlerServices) =>
  ({
    getReminderPreferences: getReminderPreferences(given),
    setReminderPreferences: setReminderPreferences(given),
  }) satisfies Record<string, Handler>;

/**
 * `POST /svc/donor/reminders/unsubscribe?t=<token>` (RFC 8058 one-click: a mail client posts
 * `List-Unsubscribe=One-Click` as a form), or with `{ "token": "…" }` as JSON (the unsubscribe page's
 * button). No sign-in: the signed token is the proof. Turns off every reminder of the donor the token
 * names; a forged or altered token is refused (400 `reminders.badToken`), and a genuine token whose
 * preferences are gone answers the same success (nothing left to stop).
 */
export async function unsubscribeReminders(
  services: HandlerServices["services"],
  request: ServiceRequest,
): Promise<ServiceResponse> {
  if (request.method !== "POST") {
    return failure(405, "Method not allowed", { allow: "POST" });
  }
  let token = request.url.searchParams.get("t") ?? "";
  const text = new TextDecoder().decode(await request.body()).trim();
  if (!token && text.startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as { token?: unknown };
      if (typeof parsed.token === "string") token = parsed.token;
    } catch {
      // A body that is not JSON carries no token; the refusal below says so.
    }
  }
  const id = unsubscribeIdOf(services.key, token);
  if (!id) {
    return failure(400, "This unsubscribe link is not valid.", {}, "reminders.badToken");
  }
  const store = await remindersOf(services)();
  await store.unsubscribe(id, new Date(services.clock.nowMs()));
  return success({ message: "Unsubscribed", data: { unsubscribed: true } });
}
