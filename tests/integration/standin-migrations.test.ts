import { createHash, randomBytes } from "node:crypto";
import {
  applyMigrations,
  migrate,
  migrations,
  openPglite,
  openPostgres,
  type Sql,
} from "@portal/adapters/db";
import {
  identityCodes,
  migrateStandins,
  sqlSandboxStore,
  standinIdentityState,
} from "@portal/standins";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";

// The stand-ins' tables left the portal's migrations (005, 008, 009 and 010 once made them; 019 and
// `@portal/standins`' own migrations took over). A fresh database gets none of them; a database migrated
// before still works: empty stand-in tables (a production database) are dropped, and a development
// database's sandbox payments and identity codes are kept and used by the stand-ins. No ports.

/** What the old 005, 008, 009 and 010 made for the stand-ins, as they shipped. */
const OLD_STANDIN_TABLES = `
create table sandbox_payment_method (
  id text primary key, brand text not null, last4 char(4) not null, exp_month integer not null,
  exp_year integer not null,
  behaviour text not null check (behaviour in ('succeed', 'decline', 'insufficient', 'threeDS')),
  created_at timestamptz not null default now()
);
create table sandbox_payment (
  id text primary key, idempotency_key text not null unique,
  amount_cents bigint not null check (amount_cents > 0),
  state text not null check (state in ('initiated', 'pending', 'succeeded', 'failed')),
  method_id text references sandbox_payment_method (id), failure_code text,
  challenge boolean not null default false, off_session boolean not null default false,
  paynow_payload text unique, paynow_reference text, paynow_expires_at timestamptz,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
alter table sandbox_payment drop constraint sandbox_payment_state_check;
alter table sandbox_payment add constraint sandbox_payment_state_check
  check (state in ('initiated', 'pending', 'succeeded', 'failed', 'refunded'));
create table identity_code (
  key_hash bytea primary key, code_hash bytea not null, expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0)
);
create index identity_code_expiry on identity_code (expires_at);
create table identity_temporary_password (
  account_hash bytea primary key, password_hash bytea not null, expires_at timestamptz not null
);
create index identity_temporary_password_expiry on identity_temporary_password (expires_at);
create table identity_pending_email (
  account_hash bytea primary key, sealed_email bytea not null, expires_at timestamptz not null
);
create index identity_pending_email_expiry on identity_pending_email (expires_at);
create table identity_challenge (
  session_hash bytea primary key, sealed_username bytea not null, expires_at timestamptz not null
);
create index identity_challenge_expiry on identity_challenge (expires_at);
`;

/** What the old 021 and 022 made for the sandbox, as they shipped. */
const OLD_SANDBOX_REFUNDS = `
alter table sandbox_payment add column refunded_cents bigint not null default 0;
create table sandbox_refund (
  key text primary key,
  payment_id text not null references sandbox_payment (id),
  amount_cents bigint not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);
create index sandbox_payment_created_at on sandbox_payment (created_at);
create index sandbox_payment_updated_at on sandbox_payment (updated_at);
`;

const STANDIN_TABLES = [
  "sandbox_refund",
  "sandbox_payment",
  "sandbox_payment_method",
  "identity_code",
  "identity_temporary_password",
  "identity_pending_email",
  "identity_challenge",
];
const digest = (value: string) => createHash("sha256").update(value).digest();
const HOUR = 60 * 60_000;

const tablesOf = async (sql: Sql) =>
  (
    await sql.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    )
  ).map((row) => row.name);

/**
 * A database as the portal left it before 019, the stand-ins' tables too: migrated up to 016, or (with
 * `withConsole`) also by 020 and 021 as they shipped, the sandbox's refunds included.
 */
async function migratedBefore(sql: Sql, withConsole: boolean) {
  await applyMigrations(sql, {
    migrations: migrations.filter((m) => m.id < "019" || (withConsole && m.id >= "020")),
    table: "schema_migration",
    lock: 7305012,
  });
  await sql.exec(OLD_STANDIN_TABLES);
  if (withConsole) await sql.exec(OLD_SANDBOX_REFUNDS);
}

const payment = {
  id: "pi_sbx_before",
  idempotencyKey: "before-019",
  amount: 5000,
  state: "succeeded" as const,
  methodId: null,
  failureCode: null,
  challenge: false,
  offSession: false,
  payNow: null,
};

describe.each(testDatabases())("the stand-ins' tables on $name", (database) => {
  let sql: Sql;
  const serverKey = randomBytes(32);

  beforeAll(async () => {
    sql =
      database.name === "PGlite"
        ? await openPglite()
        : openPostgres((await database.portalEnv())["DATABASE_MIGRATION_URL"] ?? "", { max: 1 });
  });
  beforeEach(async () => {
    await sql.exec("drop schema public cascade; create schema public;");
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  it("are made by no portal migration, only by the stand-ins' own", async () => {
    await migrate(sql);
    const portal = await tablesOf(sql);
    expect(portal).toContain("rate_window");
    expect(portal).toContain("identity_sign_out");
    for (const table of STANDIN_TABLES) expect(portal).not.toContain(table);
    expect(await migrateStandins(sql)).toEqual([
      "001-sandbox",
      "002-identity",
      "003-sandbox-refunds",
      "004-sandbox-by-time",
    ]);
    expect(await tablesOf(sql)).toEqual(expect.arrayContaining(STANDIN_TABLES));
    expect(await migrateStandins(sql)).toEqual([]);
  });

  it("leave a database migrated before when empty (production), and come back for a stand-in", async () => {
    await migratedBefore(sql, false);
    expect(await migrate(sql)).toEqual([
      "019-standin-tables-apart",
      ...migrations.filter((m) => m.id >= "020").map((m) => m.id),
    ]);
    for (const table of STANDIN_TABLES) expect(await tablesOf(sql)).not.toContain(table);
    await migrateStandins(sql);
    const store = sqlSandboxStore(sql);
    await store.createPayment(payment);
    expect(await store.payment(payment.id)).toMatchObject({ state: "succeeded", amount: 5000 });
  });

  it("keep a development database's rows, which the stand-ins then use", async () => {
    await migratedBefore(sql, true);
    await sqlSandboxStore(sql).createPayment(payment);
    const now = Date.now();
    await identityCodes(sql).put("signup:kept@example.sg", digest("123456"), now + HOUR);
    await standinIdentityState(sql, serverKey).pendingEmails.put(
      "kept",
      "new@example.sg",
      now + HOUR,
      now,
    );

    expect(await migrate(sql)).toEqual(["019-standin-tables-apart"]);
    expect(await migrateStandins(sql)).toEqual([
      "001-sandbox",
      "002-identity",
      "003-sandbox-refunds",
      "004-sandbox-by-time",
    ]);
    const store = sqlSandboxStore(sql);
    expect(await store.payment(payment.id)).toMatchObject({ state: "succeeded" });
    // The refunds 008 allowed still go in.
    expect(
      await store.transition(payment.id, "succeeded", { ...payment, state: "refunded" }),
    ).toMatchObject({
      state: "refunded",
    });
    expect(await identityCodes(sql).use("signup:kept@example.sg", digest("123456"), now, 5)).toBe(
      "ok",
    );
    const state = standinIdentityState(sql, serverKey);
    expect(await state.pendingEmails.get("kept", now)).toBe("new@example.sg");
    // The empty ones went, and came back empty.
    expect(await state.challenges.take("none", now)).toBeUndefined();
  });
});
