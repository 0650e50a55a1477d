import { initial } from "./migrations/001-initial";
import { donorAccounts } from "./migrations/002-donor-accounts";
import { paymentMethods } from "./migrations/003-payment-methods";
import { singpassLogins } from "./migrations/004-singpass-logins";
import { recurringAndSandbox } from "./migrations/005-recurring-and-sandbox";
import { identitySignups } from "./migrations/006-identity-signups";
import { pricedReceiptItems } from "./migrations/007-priced-receipt-items";
import { duplicateRefunds } from "./migrations/008-duplicate-refunds";
import { identityCodes } from "./migrations/009-identity-codes";
import { identityState } from "./migrations/010-identity-state";
import { socialNric } from "./migrations/011-social-nric";
import { mailQueue } from "./migrations/012-mail-queue";
import { giftParticulars } from "./migrations/013-gift-particulars";
import { manageLinks } from "./migrations/014-manage-links";
import { termsAgreements } from "./migrations/015-terms-agreements";
import { idempotencySecrets } from "./migrations/016-idempotency-secrets";
import { provenNric } from "./migrations/017-proven-nric";
import { fundTable } from "./migrations/018-fund-table";
import { standinTablesApart } from "./migrations/019-standin-tables-apart";
import { consoleCore } from "./migrations/020-console";
import { consoleOperations } from "./migrations/021-console-operations";
import { finance } from "./migrations/022-finance";
import { consoleLoginBrowser } from "./migrations/023-console-login-browser";
import { financeRollup } from "./migrations/026-finance-rollup";
import { homePageContent } from "./migrations/028-home-page-content";
import { reconcileBacklog } from "./migrations/031-reconcile-backlog";
import { exportOrder } from "./migrations/033-export-order";
import { historyVersion } from "./migrations/034-history-version";
import { consoleSignInRefusals } from "./migrations/035-console-sign-in-refusals";
import { counterShifts } from "./migrations/037-counter-shifts";
import { counterDevices } from "./migrations/038-counter-devices";
import { counterAmil } from "./migrations/039-counter-amil";
import { kiosks } from "./migrations/041-kiosks";
import { hijriCalendar } from "./migrations/042-hijri-calendar";
import { counterEntryDecisions } from "./migrations/043-counter-entry-decisions";
import { zakatAssessments } from "./migrations/044-zakat-assessments";
import { haulEntries } from "./migrations/045-haul-entries";
import { householdAndMissedFasts } from "./migrations/046-household-and-missed-fasts";
import { plans } from "./migrations/047-plans";
import { collections } from "./migrations/048-collections";
import { siteLinks } from "./migrations/050-site-links";
import { reminders } from "./migrations/051-reminders";
import { lastTenNights } from "./migrations/052-last-ten-nights";
import { instalmentPlans } from "./migrations/054-instalment-plans";
import { reminderRunIndexes } from "./migrations/056-reminder-run-indexes";
import { donationOrder } from "./migrations/057-donation-order";
import type { Sql } from "./sql";

/**
 * Every migration, in order. Never edit one that has shipped: add the next. (One exception, once:
 * 005, 008, 009, 010, 021 and 022 lost the stand-ins' tables to `@portal/standins`; 019 says why
 * and cleans up.)
 */
export const migrations: ReadonlyArray<{ readonly id: string; readonly sql: string }> = [
  { id: "001-initial", sql: initial },
  { id: "002-donor-accounts", sql: donorAccounts },
  { id: "003-payment-methods", sql: paymentMethods },
  { id: "004-singpass-logins", sql: singpassLogins },
  { id: "005-recurring-and-sandbox", sql: recurringAndSandbox },
  { id: "006-identity-signups", sql: identitySignups },
  { id: "007-priced-receipt-items", sql: pricedReceiptItems },
  { id: "008-duplicate-refunds", sql: duplicateRefunds },
  { id: "009-identity-codes", sql: identityCodes },
  { id: "010-identity-state", sql: identityState },
  { id: "011-social-nric", sql: socialNric },
  { id: "012-mail-queue", sql: mailQueue },
  { id: "013-gift-particulars", sql: giftParticulars },
  { id: "014-manage-links", sql: manageLinks },
  { id: "015-terms-agreements", sql: termsAgreements },
  { id: "016-idempotency-secrets", sql: idempotencySecrets },
  { id: "017-proven-nric", sql: provenNric },
  { id: "018-fund-table", sql: fundTable },
  { id: "019-standin-tables-apart", sql: standinTablesApart },
  { id: "020-console", sql: consoleCore },
  { id: "021-console-operations", sql: consoleOperations },
  { id: "022-finance", sql: finance },
  { id: "023-console-login-browser", sql: consoleLoginBrowser },
  { id: "026-finance-rollup", sql: financeRollup },
  { id: "028-home-page-content", sql: homePageContent },
  { id: "031-reconcile-backlog", sql: reconcileBacklog },
  { id: "033-export-order", sql: exportOrder },
  { id: "034-history-version", sql: historyVersion },
  { id: "035-console-sign-in-refusals", sql: consoleSignInRefusals },
  { id: "037-counter-shifts", sql: counterShifts },
  { id: "038-counter-devices", sql: counterDevices },
  { id: "039-counter-amil", sql: counterAmil },
  { id: "041-kiosks", sql: kiosks },
  { id: "042-hijri-calendar", sql: hijriCalendar },
  { id: "043-counter-entry-decisions", sql: counterEntryDecisions },
  { id: "044-zakat-assessments", sql: zakatAssessments },
  { id: "045-haul-entries", sql: haulEntries },
  { id: "046-household-and-missed-fasts", sql: householdAndMissedFasts },
  { id: "047-plans", sql: plans },
  { id: "048-collections", sql: collections },
  { id: "050-site-links", sql: siteLinks },
  { id: "051-reminders", sql: reminders },
  { id: "052-last-ten-nights", sql: lastTenNights },
  { id: "054-instalment-plans", sql: instalmentPlans },
  { id: "056-reminder-run-indexes", sql: reminderRunIndexes },
  { id: "057-donation-order", sql: donationOrder },
];

/** A list of migrations and where it keeps its record (the stand-ins keep theirs apart). */
export interface MigrationSet {
  readonly migrations: ReadonlyArray<{ readonly id: string; readonly sql: string }>;
  /** The table that records the ids applied. */
  readonly table: string;
  /** The advisory lock that instances starting together take turns on. */
  readonly lock: number;
}

/** Whether `set` has a migration its table does not record (read only: no schema change, no lock). */
async function anyPending(sql: Sql, set: MigrationSet): Promise<boolean> {
  const [table] = await sql.query<{ found: string | null }>(
    "select to_regclass($1)::text as found",
    [set.table],
  );
  if (!table?.found) return true;
  const done = new Set(
    (await sql.query<{ id: string }>(`select id from ${set.table}`)).map((row) => row.id),
  );
  return set.migrations.some((migration) => !done.has(migration.id));
}

/**
 * Apply the migrations of `set` not yet applied, in one transaction. An advisory lock makes instances
 * that start together on one PostgreSQL take turns. Returns the ids applied now. A schema already up
 * to date is only read, so the serving role, which may not create tables (docs/database.md), passes.
 */
export async function applyMigrations(sql: Sql, set: MigrationSet): Promise<ReadonlyArray<string>> {
  if (!(await anyPending(sql, set))) return [];
  await sql.exec(
    `create table if not exists ${set.table} (id text primary key, applied_at timestamptz not null default now())`,
  );
  return sql.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${Math.trunc(set.lock)})`);
    const done = new Set(
      (await tx.query<{ id: string }>(`select id from ${set.table}`)).map((row) => row.id),
    );
    const applied: string[] = [];
    for (const migration of set.migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query(`insert into ${set.table} (id) values ($1)`, [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/** Bring the portal's own schema up to date (`schema_migration`). Returns the ids applied now. */
export const migrate = (sql: Sql): Promise<ReadonlyArray<string>> =>
  applyMigrations(sql, { migrations, table: "schema_migration", lock: 7305012 });
