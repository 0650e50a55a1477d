import { readHijriMonths } from "@portal/adapters/console";
import { nightJobs, paymentJobs } from "@portal/adapters/payments";
import { hijriCalendar, sgtDate, sgtParts } from "@portal/domain";
import { reason } from "../log";
import { runReminders } from "../reminders";
import { sendSettleOffers } from "../instalment-offers";
import type { Services } from "../main";

/** Stops one started loop. */
export type Stop = () => void;

/**
 * The server's payment jobs, started once by `startPortal`: at start-up a reconciliation pass
 * (attempts a killed server left open are asked of the gateway and recorded), then every
 * PORTAL_JOBS_INTERVAL_SECONDS (default 60) reconciliation again and the recurring plans that are
 * due, the last ten nights whose evening has come and the settling offers of instalment plans. Several instances may run them together: see
 * paymentJobs and nightJobs.
 */
export async function startPaymentJobs(root: Services): Promise<Stop> {
  const { payments } = root;
  const [records, plans, nights] = await Promise.all([
    payments.donations(),
    payments.recurring(),
    payments.nights(),
  ]);
  const jobs = paymentJobs({
    records,
    recurring: plans,
    gateway: payments.gatewayNamed,
    log: (message) => root.log.info(`[jobs] ${message}`),
  }).start({ intervalMs: root.config.jobsIntervalMs });
  // The last ten nights (docs/last-ten-nights.md): each pass reads the council's calendar as it is
  // now and claims the nights whose evening has come, each once.
  // A claim whose charger died is resumed under its gateway key (all of them on the first pass).
  const nightly = nightJobs({
    records,
    nights,
    gateway: payments.gatewayNamed,
    now: root.clock.nowMs,
  });
  let resumedAll = false;
  const timer = setInterval(() => {
    void (async () => {
      await nightly.resumeNights(resumedAll ? 60 : 0);
      resumedAll = true;
      const months = await readHijriMonths(await root.database.open());
      await nightly.chargeNights(hijriCalendar(months));
    })().catch((error: unknown) => root.log.error(`[jobs] nights: ${reason(error)}`));
    // Instalment plans whose end has come: their settling offer e-mailed once (docs/instalments.md).
    void sendSettleOffers(root).catch((error: unknown) =>
      root.log.error(`[jobs] instalment offers: ${reason(error)}`),
    );
  }, root.config.jobsIntervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    jobs.stop();
  };
}

/**
 * The mail queue's own loop, apart from the payment jobs so that a slow mail server never holds up
 * reconciliation: at start-up and then every PORTAL_JOBS_INTERVAL_SECONDS it delivers the mails that
 * are due (first tries cut short, retries after their wait, claims of a crashed instance whose lease
 * ran out) and empties the bodies of mails sent 30 days ago. Several instances may run it together:
 * claims are leased (see mailQueue).
 */
export async function startMailJobs(root: Services): Promise<Stop> {
  if (root.mail.configured instanceof Error) {
    // Said at start-up; the loop runs anyway and mails wait in the queue until the settings are mended.
    root.log.error(`[mail] transport not configured: ${reason(root.mail.configured)}`);
  }
  const queue = await root.mail.queue();
  return queue.start({ intervalMs: root.config.jobsIntervalMs }).stop;
}

/**
 * Guest sessions that expired a day ago and made no donation are deleted once an hour; NRICs held for
 * a social sign-up (at most 15 minutes each) soon after they expire.
 */
export function startSweeps({ records }: Services): Stop {
  const every = (ms: number, sweep: () => Promise<unknown>) => {
    const timer = setInterval(() => void sweep().catch(() => undefined), ms);
    timer.unref();
    return () => clearInterval(timer);
  };
  const stops = [
    every(60 * 60 * 1000, async () => (await records.sessions()).sweep()),
    every(5 * 60 * 1000, async () => (await records.socialNrics()).sweep()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** The Singapore hour from which the day's reminders go out (not in the night). */
export const REMINDER_HOUR_SGT = 9;

/**
 * The reminder run (docs/reminders.md), once a Singapore day from 9 am: checked every 10 minutes, and
 * again the next day. Every instance runs it; the claims (`reminders_sent`) make each reminder sent
 * once however many run, and a run that failed is tried again at the next check.
 */
export function startReminderJobs(root: Services): Stop {
  let doneFor: string | undefined;
  let running = false;
  const tick = async () => {
    const now = root.clock.nowMs();
    const today = sgtDate(now);
    if (running || doneFor === today || sgtParts(now).hour < REMINDER_HOUR_SGT) return;
    running = true;
    try {
      const run = await runReminders(root, { today });
      doneFor = today;
      root.log.info(`[reminders] ${today}: ${run.donors} donors, ${run.queued} reminders queued`);
    } catch (error) {
      root.log.error(`[reminders] run failed: ${reason(error)}; trying again later`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), 10 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
