import { reason } from "../log";
import type { Services } from "../main";

/**
 * The console's loop, started once by `startPortal`, every PORTAL_JOBS_INTERVAL_SECONDS: approved rate
 * drafts whose time has come are published (at most one interval late; several instances may run it,
 * a draft is published once); ended or idle console sessions and sign-ins in progress older than ten
 * minutes are deleted; and so are the counts of refused anonymous sign-ins older than 90 days. Each
 * step runs even when another failed. Returns how to stop it.
 */
export function startConsoleJobs(root: Services): () => void {
  const { console: records } = root;
  const steps: ReadonlyArray<readonly [string, (now: Date) => Promise<unknown>]> = [
    [
      "publish",
      async (now) => {
        const published = await (await records.rateDrafts()).publishDue(now);
        if (published > 0) {
          root.configurationCache.clear();
          root.log.info(`[console] published ${published} rate draft(s)`);
        }
      },
    ],
    ["sessions", async (now) => (await records.sessions()).sweep(now)],
    ["refusals", async (now) => (await records.signInRefusals()).sweep(now)],
  ];
  const tick = async () => {
    const now = new Date(root.clock.nowMs());
    for (const [name, step] of steps) {
      try {
        await step(now);
      } catch (error) {
        root.log.error(`[console] jobs (${name}): ${reason(error)}`);
      }
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), root.config.jobsIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
