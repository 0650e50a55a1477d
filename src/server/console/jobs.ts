import { portalNow } from "../clock";
import { clearConfigurationCache } from "../api/configuration";
import { shared } from "../shared";
import { consoleSessionRecords, rateDraftRecords } from "./setup";

const intervalMs = () =>
  Math.max(1, Number(process.env["PORTAL_JOBS_INTERVAL_SECONDS"] ?? "60")) * 1000;

/**
 * The console's loop, once per process: approved rate drafts whose time has come are published (at
 * most one interval late; several instances may run it, a draft is published once), and ended or
 * idle console sessions are deleted.
 */
export const startConsoleJobs = () =>
  shared("consoleJobs", () => {
    const tick = async () => {
      const now = new Date(portalNow());
      try {
        const published = await (await rateDraftRecords()).publishDue(now);
        if (published > 0) {
          clearConfigurationCache();
          console.log(`[console] published ${published} rate draft(s)`);
        }
        await (await consoleSessionRecords()).sweep(now);
      } catch (error) {
        console.error(`[console] jobs: ${error instanceof Error ? error.message : "unknown"}`);
      }
    };
    void tick();
    return setInterval(() => void tick(), intervalMs()).unref();
  });
