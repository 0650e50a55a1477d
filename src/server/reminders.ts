import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { Effect } from "effect";
import {
  formatMoney,
  hijriCalendar,
  hijriYearSpan,
  nextRamadan,
  MAIN_CHARITY_ID,
  nisabHistory,
  owedAfterLedger,
  reminderCalendar,
  seedNisabHistory,
  remindersDue,
  sgtDate,
  yearHaulsDue,
  type HijriDate,
  type MailMessage,
  type ReminderDue,
  type ReminderSourcesShape,
} from "@portal/domain";
import { readHijriMonths } from "@portal/adapters/console";
import {
  readRates,
  reminderSources,
  reminderStore,
  donorYearReaders,
  haulEntries,
  type ReminderStore,
} from "@portal/adapters/db";
import { umAlQuraDateOf } from "@portal/adapters";
import { serverText } from "./translations";
import { languagePrefix } from "../i18n/paths";
import type { Services } from "./main";
import { publicUrlOf } from "./receipt-mail";

/** The path the unsubscribe link's token is posted to (RFC 8058 one-click, and the page's button). */
export const UNSUBSCRIBE_PATH = "/svc/donor/reminders/unsubscribe";

const tokenKeys = new WeakMap<Buffer, Buffer>();
const tokenKey = (serverKey: Buffer) => {
  let key = tokenKeys.get(serverKey);
  if (!key) {
    key = Buffer.from(
      hkdfSync("sha256", serverKey, Buffer.alloc(0), "portal:reminders:v1:unsubscribe", 32),
    );
    tokenKeys.set(serverKey, key);
  }
  return key;
};
const mac = (serverKey: Buffer, text: string) =>
  createHmac("sha256", tokenKey(serverKey)).update(text).digest().subarray(0, 18);

/**
 * The unsubscribe link's token: the preference row's random id and its MAC under a key derived from
 * the server key. It names no donor and no address; a token made up or changed fails the MAC.
 */
export const unsubscribeToken = (serverKey: Buffer, unsubscribeId: string): string =>
  `${unsubscribeId}.${mac(serverKey, unsubscribeId).toString("base64url")}`;

/** The id a genuine token names, or undefined (forged, altered, malformed). */
export const unsubscribeIdOf = (serverKey: Buffer, token: string): string | undefined => {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return undefined;
  const given = Buffer.from(match[2]!, "base64url");
  const expected = mac(serverKey, match[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? match[1]
    : undefined;
};

/** A calendar event's UID: derived from the reminder's event id, naming no one. */
const eventUid = (serverKey: Buffer, eventId: string, host: string) =>
  `${createHmac("sha256", tokenKey(serverKey)).update(`uid:${eventId}`).digest("hex").slice(0, 32)}@${host}`;

const whenOf = (date: string, lang: "en" | "ms") => {
  const [y, m, d] = date.split("-").map(Number);
  const months = {
    en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    ms: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis"],
  };
  return `${d} ${months[lang][m! - 1]} ${y}`;
};

/** One reminder's mail, in the donor's language: text, the calendar file, the unsubscribe headers. */
export const reminderMail = (
  reminder: ReminderDue,
  to: string,
  unsubscribeId: string,
  context: { readonly serverKey: Buffer; readonly publicUrl: string; readonly stampMs: number },
): MailMessage => {
  const lang = reminder.lang;
  const t = serverText(lang);
  const site = context.publicUrl;
  const prefix = languagePrefix(lang);
  const token = unsubscribeToken(context.serverKey, unsubscribeId);
  // The page's link keeps the token in the fragment (never sent to a server's log); RFC 8058's
  // one-click POST needs it in the URL itself.
  const page = `${site}${prefix}/unsubscribe#${new URLSearchParams({ t: token }).toString()}`;
  const oneClick = `${site}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ t: token }).toString()}`;
  const date = whenOf(reminder.dueDate, lang);
  const estimated = reminder.estimated ? t("reminder_mail_estimated") : "";
  const year = String(reminder.hijri?.year ?? "");
  const wealth = reminder.wealth ? t(`reminder_wealth_${reminder.wealth}`) : "";
  const amount = formatMoney(reminder.amount);
  const url =
    reminder.kind === "haul"
      ? `${site}${prefix}/calculator`
      : reminder.kind === "fidyah"
        ? `${site}${prefix}/fidyah`
        : `${site}${prefix}/`;
  const paid = reminder.paid;
  const values = {
    date,
    estimated,
    year,
    wealth,
    amount,
    url,
    days: reminder.fidyahDays ?? 0,
    of: paid ? formatMoney(paid.of) : "",
    paid: paid ? formatMoney(paid.paid) : "",
    paidYear: paid ? String(paid.hijriYear) : "",
  };
  // After the year's ledger: what was already paid this Hijri year, and what is left.
  const body =
    paid && reminder.kind !== "fitrah"
      ? t(`reminder_mail_${reminder.kind}_paid`, values)
      : t(`reminder_mail_${reminder.kind}`, values);
  const moved =
    reminder.movedFrom === undefined
      ? []
      : [t("reminder_mail_moved", { date, from: whenOf(reminder.movedFrom, lang) }), ""];
  const summary = t(`reminder_ics_summary_${reminder.kind}`, values);
  return {
    to,
    kind: "reminder",
    subject: t(`reminder_mail_subject_${reminder.kind}`, values),
    text: [
      ...moved,
      body,
      "",
      t("reminder_mail_ics"),
      "",
      t("reminder_mail_unsubscribe", { link: page }),
    ].join("\n"),
    attachments: [
      {
        filename: t("reminder_file", { date: reminder.dueDate }),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: reminderCalendar({
          date: reminder.dueDate,
          uid: eventUid(context.serverKey, reminder.eventId, new URL(site).hostname),
          sequence: reminder.sequence,
          stampMs: context.stampMs,
          summary,
          description: body,
          language: lang,
        }),
      },
    ],
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    meta: { unsubscribeLink: page, dueDate: reminder.dueDate, reminder: reminder.kind },
  };
};

/** How many batches are read while one is worked out. */
const READ_AHEAD = Number(process.env["PORTAL_REMINDERS_READ_AHEAD"] ?? 2);

/** What one run did. */
export interface ReminderRun {
  readonly donors: number;
  readonly due: number;
  readonly queued: number;
  /** Due reminders another run had claimed first (a concurrent instance): not sent again. */
  readonly alreadyClaimed: number;
}

const stores = new WeakMap<Services, () => Promise<ReminderStore>>();

/** The reminder store over the portal's database (made once per portal). */
export const remindersOf = (services: Services): (() => Promise<ReminderStore>) => {
  let store = stores.get(services);
  if (!store) {
    store = services.database.over((sql) => reminderStore(sql, services.mail.queue));
    stores.set(services, store);
  }
  return store;
};

/**
 * The daily reminder run: every opted-in donor with an address, `batch` at a time in donor-id order;
 * for each batch, the reminders already claimed and the donors' years (the ReminderSources port), then
 * the rule (`remindersDue`) for each donor, and each reminder due claimed and its mail recorded in one
 * transaction per batch (`claimAndQueue`). The mail loop delivers them. A run killed anywhere sends nothing
 * twice: a claim and its mail commit together, and a re-run skips what is claimed.
 */
export async function runReminders(
  services: Services,
  options: {
    readonly today?: string;
    readonly batch?: number;
    readonly sources?: ReminderSourcesShape;
    readonly onBatch?: (done: number) => void;
    /** Count what is due without claiming or sending anything ("how many would go today"). */
    readonly dryRun?: boolean;
  } = {},
): Promise<ReminderRun> {
  const store = await remindersOf(services)();
  const sql = await services.database.open();
  const nowMs = services.clock.nowMs();
  const today = options.today ?? sgtDate(nowMs);
  const batch = options.batch ?? 2_000;
  const sources =
    options.sources ?? reminderSources(() => services.database.open(), donorYearReaders);
  const [rates, months, nisabSteps] = await Promise.all([
    readRates(sql, MAIN_CHARITY_ID),
    readHijriMonths(sql),
    haulEntries(sql).nisab(MAIN_CHARITY_ID),
  ]);
  if (!rates || !nisabSteps.current) throw new Error("no rates configured");
  const calendar = hijriCalendar(months);
  // The Umm al-Qura estimate through Intl, once per day asked (the same few days for every donor).
  const estimates = new Map<string, HijriDate>();
  const estimate = (iso: string) => {
    let found = estimates.get(iso);
    if (!found) {
      found = umAlQuraDateOf(iso);
      estimates.set(iso, found);
    }
    return found;
  };
  // The nisab in force at each haul's end, as the haul tracker counts it (api/haul.ts): the
  // published history, not only today's figure.
  const nisab = nisabHistory([...seedNisabHistory, ...nisabSteps.published], nisabSteps.current);
  const context = {
    serverKey: services.key,
    publicUrl: publicUrlOf(services.config),
    stampMs: nowMs,
  };
  const ramadan = nextRamadan(calendar, estimate, today);
  // The Hijri year whose ledger counts what the donors paid (docs/ledger.md).
  const span = hijriYearSpan(calendar, today, estimate);
  const haulRates = { nisab, zakatRate: nisabSteps.current.zakatRate };
  // One batch's reads: the donors, what they were sent, their years. The next batch is read while
  // this one is worked out (the database and the rule overlap).
  // The batches' key ranges, worked out first, so each batch's reads are independent of the one
  // before and READ_AHEAD of them run while one is worked out (the database and the rule overlap);
  // the last range is open-ended (a donor who opts in meanwhile is in the range their id falls in).
  const bounds = await store.batchBounds(batch);
  const ranges = [...bounds, null].map((upTo, i) => ({
    after: i === 0 ? null : bounds[i - 1]!,
    upTo,
  }));
  const read = async (range: { after: string | null; upTo: string | null }) => {
    const { donors: page } = await store.optedIn(range.after, null, range.upTo);
    const ids = page.map((d) => d.donorId);
    if (ids.length === 0) return { page, claimed: new Map(), years: new Map() };
    const [claimed, years] = await Promise.all([
      store.claimed(ids),
      Effect.runPromise(sources.yearsOf(ids, today, span)),
    ]);
    return { page, claimed, years };
  };
  let donors = 0;
  let due = 0;
  let queued = 0;
  let alreadyClaimed = 0;
  // A failed read surfaces when its batch is awaited, not as an unhandled rejection.
  const ahead: Array<ReturnType<typeof read>> = [];
  let nextRange = 0;
  for (;;) {
    while (ahead.length < READ_AHEAD + 1 && nextRange < ranges.length) {
      const reading = read(ranges[nextRange++]!);
      reading.catch(() => undefined);
      ahead.push(reading);
    }
    const reading = ahead.shift();
    if (!reading) break;
    const { page, claimed, years } = await reading;
    const work: Array<{ donorId: string; reminder: ReminderDue; mail: MailMessage }> = [];
    for (const donor of page) {
      const year = years.get(donor.donorId);
      // Each haul as the year's ledger counts it; after the ledger, what is still due of it and of
      // the fidyah owed (a donor who paid nothing this year is asked for all of it).
      const hauls =
        year && donor.preferences.haul
          ? yearHaulsDue(year.wealth, year.portal ?? {}, span, haulRates, today)
          : [];
      const owed =
        year?.ledger && span
          ? owedAfterLedger({
              span,
              today,
              hauls,
              year: year.ledger,
              fidyah: { days: year.fidyahDaysOwed, perDay: rates.rates.fidyahPerDay },
            })
          : undefined;
      const reminders = remindersDue({
        donorId: donor.donorId,
        preferences: donor.preferences,
        calendar,
        estimate,
        today,
        ramadan,
        hauls: owed?.hauls ?? hauls,
        fidyahDaysOwed: year?.fidyahDaysOwed ?? 0,
        fidyahPerDay: rates.rates.fidyahPerDay,
        fidyahPaid: owed?.fidyah.paid,
        ledgerYear: span?.hijriYear,
        claimed: claimed.get(donor.donorId) ?? [],
      });
      due += reminders.length;
      if (options.dryRun) continue;
      for (const reminder of reminders) {
        const mail = reminderMail(reminder, donor.email, donor.unsubscribeId, context);
        work.push({ donorId: donor.donorId, reminder, mail });
      }
    }
    // The batch's claims and their mails in one transaction (all of them, or none after a crash).
    const won = await store.claimAndQueue(work, new Date(nowMs));
    queued += won;
    alreadyClaimed += work.length - won;
    donors += page.length;
    options.onBatch?.(donors);
  }
  return { donors, due, queued, alreadyClaimed };
}
