import { portalNow } from "../clock";
import { clearConfigurationCache } from "../api/configuration";
import { reason } from "../log";
import type { Root } from "../root";
import { consoleSessionRecords, rateDraftRecords } from "./setup";

/**
 * The console's loop, started once by `startPortal`: approved rate drafts whose time has come are
 * published (at most one interval late; several instances may run it, a draft is published once),
 * and ended or idle console sessions are deleted. Returns how to stop it.
 */
export function startConsoleJobs(root: Root): () => void {
  const tick = async () => {
    const now = new Date(portalNow());
    try {
      const published = await (await rateDraftRecords()).publishDue(now);
      if (published > 0) {
        clearConfigurationCache();
        root.log.info(`[console] published ${published} rate draft(s)`);
      }
      await (await consoleSessionRecords()).sweep(now);
    } catch (error) {
      root.log.error(`[console] jobs: ${reason(error)}`);
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), root.config.jobsIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
