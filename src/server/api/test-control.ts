import type { IncomingMessage, ServerResponse } from "node:http";
import {
  readHomePageConfiguration,
  updateContact,
  updateRates,
  writeContentBlock,
} from "@portal/adapters/db";
import { decodeRateConfig, MAIN_CHARITY_ID } from "@portal/domain";
import type { Services } from "../main";
import { runReminders } from "../reminders";

/**
 * Browser tests only: `/__test/oauth2/*` and `/__test/logout` are the social providers' stand-in
 * (`@portal/standins`); `POST /__test/rates` changes the rates as an officer would (`updateRates`: new version, audit log), so
 * a journey can see a rate change mid-session. PGlite allows one opener, so the test cannot write the
 * database itself. `src/server/http/listener.ts` mounts this at `POST /__test/rates` only when
 * PORTAL_TEST_CONTROL_TOKEN is set (the Playwright config sets a random one) and refuses to start with
 * it under NODE_ENV=production; every request must carry that token. `POST /__test/clock`
 * `{advanceMs}` moves the portal's payment clock forward (src/server/clock.ts). `POST /__test/contact`
 * `{charityId?, contact?, socialMediaIcons?}` and `POST /__test/content` `{charityId?, blockId, content}`
 * change what the footer and the home pages show, as an officer would (audited, src/adapters db
 * home-content.ts), so a journey sees the change on its next page without a rebuild.
 * `POST /__test/sql-counts` answers the statements, round trips and commits since its last call
 * (bench/profile.mjs). `POST /__test/reminders` `{today?}` runs the day's reminders now and delivers the
 * mail queue (not with `deliver: false`) (docs/reminders.md). `POST /__test/assessment-year` `{id}`
 * moves one saved assessment back a Hijri year (docs/assessments.md: the journey's comparison).
 */
export async function serveTestControl(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const answer = (status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  };
  if (url.pathname.startsWith("/__test/oauth2/") || url.pathname === "/__test/logout") {
    // The social providers' stand-in (`@portal/standins`), with the embedded pool only.
    await services.standins.serve((running) => running.serveSocial)(req, res, url);
    return;
  }
  if (req.method === "POST" && url.pathname === "/__test/sql-counts") {
    answer(200, {
      status: 1,
      message: "Success",
      data: (await services.database.takeCounts()) ?? null,
    });
    return;
  }
  const paths = [
    "/__test/rates",
    "/__test/clock",
    "/__test/contact",
    "/__test/content",
    "/__test/reminders",
    "/__test/assessment-year",
  ];
  if (req.method !== "POST" || !paths.includes(url.pathname)) {
    answer(404, { status: 0, message: "Not found" });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const patch = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    if (url.pathname === "/__test/clock") {
      const offsetMs = services.clock.advance(Number(patch["advanceMs"]));
      answer(200, { status: 1, message: "Success", data: { offsetMs } });
      return;
    }
    if (url.pathname === "/__test/reminders") {
      // The day's reminder run now (for `today` when given), then the mail queue delivered.
      const today = typeof patch["today"] === "string" ? patch["today"] : undefined;
      const run = await runReminders(services, today ? { today } : {});
      // `deliver: false` leaves the mails queued (a run killed between the claim and the send).
      const delivered =
        patch["deliver"] === false ? null : await (await services.mail.queue()).drain();
      answer(200, { status: 1, message: "Success", data: { ...run, delivered } });
      return;
    }
    const sql = await services.database.open();
    if (url.pathname === "/__test/assessment-year") {
      // A saved assessment moved back a Hijri year (354 days), so that a journey can compare two
      // years without moving the shard's clock (the clock only moves forward).
      const moved = await sql.query(
        `update zakat_assessment set hijri_year = hijri_year - 1, assessed_on = assessed_on - 354
         where id = $1::uuid returning id`,
        [String(patch["id"])],
      );
      answer(moved.length === 1 ? 200 : 404, { status: moved.length, message: "Moved" });
      return;
    }
    const charityId = typeof patch["charityId"] === "number" ? patch["charityId"] : MAIN_CHARITY_ID;
    if (url.pathname === "/__test/contact" || url.pathname === "/__test/content") {
      if (url.pathname === "/__test/contact") {
        await updateContact(sql, {
          charityId,
          actor: "e2e-test",
          ...(patch["contact"] ? { contact: patch["contact"] as never } : {}),
          ...(patch["socialMediaIcons"]
            ? { socialMediaIcons: patch["socialMediaIcons"] as never }
            : {}),
        });
      } else {
        await writeContentBlock(sql, {
          charityId,
          blockId: Number(patch["blockId"]),
          content: (patch["content"] ?? null) as Record<string, unknown> | null,
          actor: "e2e-test",
        });
      }
      services.configurationCache.clear();
      answer(200, { status: 1, message: "Success" });
      return;
    }
    const current = await readHomePageConfiguration(sql, MAIN_CHARITY_ID);
    if (!current) throw new Error("no configuration");
    const rates = decodeRateConfig({ ...current.rates, ...patch });
    const version = await updateRates(sql, {
      charityId: MAIN_CHARITY_ID,
      rates,
      actor: "e2e-test",
    });
    services.configurationCache.clear();
    answer(200, { status: 1, message: "Success", data: { version } });
  } catch (error) {
    answer(400, { status: 0, message: error instanceof Error ? error.message : "Bad request" });
  }
}
