import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, openPostgres, type Sql } from "@portal/adapters/db";
import { MAIN_CHARITY_ID } from "@portal/domain";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { Donor } from "../support/donations";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 30, finding 6: the portal serves as an application role that owns nothing, so a statement it
// is tricked into running cannot disable the audit trigger, empty or drop a table, or change an audit
// row; the migrations run as the owner role (DATABASE_MIGRATION_URL). PostgreSQL only: PGlite has a
// single user (docs/database.md). Ports 8040-8049.

const postgres = testDatabases().find((database) => database.name === "PostgreSQL");

describe.runIf(postgres)("the application role on PostgreSQL", () => {
  let portal: RunningPortal;
  let env: Record<string, string>;
  let app: Sql;
  let officer: ConsoleOfficer;
  const auditCount = async () =>
    Number((await app.query<{ n: number }>("select count(*)::int as n from console_audit"))[0]?.n);

  beforeAll(async () => {
    env = await postgres!.portalEnv();
    portal = await startPortal(8040, undefined, env);
    app = openPostgres(env["DATABASE_URL"]!, { max: 1 });
    officer = await signInOfficer(portal.base, portal.dataDir, "officer");
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await portal?.stop();
    await postgres!.cleanup();
  });

  it("serves a donation and a console action as a role that owns no table", async () => {
    const paid = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "FIDYAH",
      items: { fidyah: { days: 3 } },
      totalCents: 1_200,
      donor: { name: "Siti Aminah", email: "siti.aminah@example.sg", anonymous: false },
    });
    expect(paid.receiptNo).toBeTruthy();
    const before = await auditCount();
    const edit = await officer.call("/console/api/content", {
      body: {
        charityId: MAIN_CHARITY_ID,
        contact: { number: "+65 6000 1234", email: "help@muis.gov.sg", address: "1 Braddell Road" },
      },
    });
    expect(edit.status).toBe(200);
    expect(await auditCount()).toBeGreaterThan(before);

    const [role] = await app.query<{ name: string; superuser: boolean; owned: number }>(
      `select current_user as name, r.rolsuper as superuser,
              (select count(*)::int from pg_tables t
                where t.schemaname = 'public' and t.tableowner = current_user) as owned
         from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({
      name: new URL(env["DATABASE_URL"]!).username,
      superuser: false,
      owned: 0,
    });
  });

  it("refuses the application role ALTER, DISABLE TRIGGER, TRUNCATE, DROP, UPDATE and DELETE on the audit log", async () => {
    const before = await auditCount();
    expect(before).toBeGreaterThan(0);
    for (const attack of [
      "alter table console_audit disable trigger all",
      "alter table console_audit disable trigger console_audit_no_change",
      "alter table console_audit add column note text",
      "drop table console_audit",
      "drop trigger console_audit_no_change on console_audit",
      "alter table audit_log disable trigger all",
      "create table shadow (n int)",
    ]) {
      await expect(app.exec(attack), attack).rejects.toThrow(/must be owner|permission denied/);
    }
    for (const attack of [
      "truncate console_audit",
      "update console_audit set action = 'nothing'",
      "delete from console_audit",
      "update audit_log set action = 'nothing'",
      "delete from finance_day_signoff",
    ]) {
      await expect(app.exec(attack), attack).rejects.toThrow(/permission denied/);
    }
    expect(await auditCount()).toBe(before);
    // The trigger is still on: even the owner cannot change an entry.
    const owner = openPostgres(env["DATABASE_MIGRATION_URL"]!, { max: 1 });
    try {
      await expect(owner.exec("update console_audit set action = 'nothing'")).rejects.toThrow(
        /append-only/,
      );
    } finally {
      await owner.close();
    }
  });

  it("under production, refuses to serve as the owner and serves as the application role", async () => {
    await expect(
      openDatabase({ databaseUrl: env["DATABASE_MIGRATION_URL"], leastPrivilege: true }),
    ).rejects.toThrow(/owns the portal's tables/);
    const serving = await openDatabase({
      databaseUrl: env["DATABASE_URL"],
      migrationUrl: env["DATABASE_MIGRATION_URL"],
      leastPrivilege: true,
    });
    await serving.close();
  });
});
