import { Schema } from "effect";

const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Schema.String, ...fields });

/** A donor's reminder choices (docs/reminders.md): the opt-ins, the mails' language, whether saved. */
const ReminderPreferences = Schema.Struct({
  haul: Schema.Boolean,
  ramadan: Schema.Boolean,
  lang: Schema.Literals(["en", "ms"]),
  saved: Schema.Boolean,
});

/** The reminders' calls' answers. */
export const reminderResponses = {
  getReminderPreferences: ok({ data: ReminderPreferences }),
  setReminderPreferences: ok({ data: ReminderPreferences }),
};
