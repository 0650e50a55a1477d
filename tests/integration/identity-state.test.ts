import { randomBytes } from "node:crypto";
import { identityState, type Sql } from "@portal/adapters/db";
import { migrateStandins, standinIdentityState } from "@portal/standins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";

// The identity layer's state between calls in the database: temporary passwords, e-mail changes waiting
// for their code and challenge sessions (the stand-in's own tables, `@portal/standins`), and global
// sign-outs (the portal's, migration 010). Two adapters stand for two instances: on PostgreSQL each has
// its own connection, on PGlite (one process) they share it. No ports.

const HOUR = 60 * 60_000;
const serverKey = randomBytes(32);

/** Every row of a table as one string, bytea as hex, to look for what must not be there. */
const dump = async (sql: Sql, table: string) => {
  const rows = await sql.query(`select * from ${table}`);
  return JSON.stringify(rows, (_, value: unknown) =>
    value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value,
  );
};
const hexOf = (value: string) => Buffer.from(value, "utf8").toString("hex");
const count = async (sql: Sql, table: string) =>
  Number(
    (await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? Number.NaN,
  );

/** The stand-in's state and the portal's sign-outs, as the identity layer sees them. */
const identityStore = (sql: Sql, key: Buffer) => ({
  ...standinIdentityState(sql, key),
  signOuts: identityState(sql, key).signOuts,
});
type IdentityStore = ReturnType<typeof identityStore>;

describe.each(testDatabases())("identity state on $name", (database) => {
  let sql: Sql;
  let other: Sql | undefined;
  let first: IdentityStore;
  let second: IdentityStore;

  beforeAll(async () => {
    sql = await database.open();
    await migrateStandins(sql);
    other = database.name === "PostgreSQL" ? await database.open() : undefined;
    first = identityStore(sql, serverKey);
    second = identityStore(other ?? sql, serverKey);
  });
  afterAll(async () => {
    await other?.close();
    await sql?.close();
    await database.cleanup();
  });

  it("keeps a temporary password as a salted hash that another instance can check, until it expires", async () => {
    const now = Date.now();
    await first.temporaryPasswords.put("temp.one@example.sg", "Temp#1234", now + HOUR, now);
    await first.temporaryPasswords.put("temp.two@example.sg", "Temp#1234", now + HOUR, now);
    expect(await second.temporaryPasswords.matches("temp.one@example.sg", "Temp#1234", now)).toBe(
      true,
    );
    expect(await second.temporaryPasswords.matches("temp.one@example.sg", "Temp#1235", now)).toBe(
      false,
    );
    expect(await second.temporaryPasswords.matches("nobody@example.sg", "Temp#1234", now)).toBe(
      false,
    );
    expect(
      await second.temporaryPasswords.matches("temp.one@example.sg", "Temp#1234", now + 2 * HOUR),
    ).toBe(false);

    const rows = await sql.query<{ password_hash: Uint8Array }>(
      "select password_hash from identity_temporary_password",
    );
    expect(rows).toHaveLength(2);
    // Salted: the same password gives two different hashes.
    expect(Buffer.from(rows[0]!.password_hash).equals(Buffer.from(rows[1]!.password_hash))).toBe(
      false,
    );
    const stored = await dump(sql, "identity_temporary_password");
    for (const secret of ["temp.one@example.sg", "Temp#1234"]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(hexOf(secret));
    }

    // A new one replaces the old; removing it leaves nothing to match.
    await second.temporaryPasswords.put("temp.one@example.sg", "Baru#5678", now + HOUR, now);
    expect(await first.temporaryPasswords.matches("temp.one@example.sg", "Temp#1234", now)).toBe(
      false,
    );
    expect(await first.temporaryPasswords.matches("temp.one@example.sg", "Baru#5678", now)).toBe(
      true,
    );
    await first.temporaryPasswords.remove("temp.one@example.sg");
    expect(await second.temporaryPasswords.matches("temp.one@example.sg", "Baru#5678", now)).toBe(
      false,
    );
  });

  it("seals a waiting e-mail change, bound to its account, and forgets it when it expires", async () => {
    const now = Date.now();
    await first.pendingEmails.put("account-1", "new.one@example.sg", now + HOUR, now);
    await first.pendingEmails.put("account-2", "new.two@example.sg", now + HOUR, now);
    expect(await second.pendingEmails.get("account-1", now)).toBe("new.one@example.sg");
    expect(await second.pendingEmails.get("account-3", now)).toBeUndefined();
    expect(await second.pendingEmails.get("account-1", now + 2 * HOUR)).toBeUndefined();
    const stored = await dump(sql, "identity_pending_email");
    for (const secret of ["new.one@example.sg", "account-1"]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(hexOf(secret));
    }

    // A sealed address moved to another account's row does not open.
    await sql.query(
      `update identity_pending_email set sealed_email =
         (select sealed_email from identity_pending_email p
          where p.account_hash <> identity_pending_email.account_hash limit 1)`,
    );
    await expect(second.pendingEmails.get("account-1", now)).rejects.toThrow();
    await first.pendingEmails.put("account-1", "again@example.sg", now + HOUR, now);
    expect(await second.pendingEmails.get("account-1", now)).toBe("again@example.sg");
    await second.pendingEmails.remove("account-1");
    expect(await first.pendingEmails.get("account-1", now)).toBeUndefined();
  });

  it("hands a challenge session to whichever instance answers it, once, and only while it lasts", async () => {
    const now = Date.now();
    const session = randomBytes(32).toString("base64url");
    await first.challenges.start(session, "challenged@example.sg", now + 3 * 60_000, now);
    const stored = await dump(sql, "identity_challenge");
    expect(stored).not.toContain("challenged@example.sg");
    expect(stored).not.toContain(hexOf("challenged@example.sg"));
    expect(stored).not.toContain(session);
    expect(await second.challenges.take("forged-session", now)).toBeUndefined();
    expect(await second.challenges.take(session, now + 60_000)).toBe("challenged@example.sg");
    expect(await first.challenges.take(session, now + 60_000)).toBeUndefined();

    // An expired session answers nothing, and is used up too.
    const late = randomBytes(32).toString("base64url");
    await first.challenges.start(late, "late@example.sg", now + 3 * 60_000, now);
    expect(await second.challenges.take(late, now + 4 * 60_000)).toBeUndefined();
    expect(await count(sql, "identity_challenge")).toBe(0);
  });

  it("refuses tokens issued before a global sign-out on every instance, except those noted in its second", async () => {
    const at = 1_900_000_000;
    expect(await second.signOuts.revoked("signed.out", at - 10, "old")).toBe(false);
    await first.signOuts.signOut("signed.out", at, at * 1000 + HOUR);
    expect(await second.signOuts.revoked("signed.out", at - 10, "old")).toBe(true);
    expect(await second.signOuts.revoked("signed.out", at, "same-second")).toBe(true);
    expect(await second.signOuts.revoked("signed.out", at + 1, "later")).toBe(false);
    expect(await second.signOuts.revoked("someone.else", at - 10, "old")).toBe(false);

    await second.signOuts.noteIssued("signed.out", at, ["access-after", "refresh-after"]);
    // Tokens of another second, or of an account that did not sign out, are not noted.
    await second.signOuts.noteIssued("signed.out", at + 1, ["next-second"]);
    await second.signOuts.noteIssued("someone.else", at, ["unrelated"]);
    expect(await count(sql, "identity_sign_out_token")).toBe(2);
    expect(await first.signOuts.revoked("signed.out", at, "access-after")).toBe(false);
    expect(await first.signOuts.revoked("signed.out", at, "refresh-after")).toBe(false);
    expect(await first.signOuts.revoked("signed.out", at, "same-second")).toBe(true);
    expect(await dump(sql, "identity_sign_out_token")).not.toContain(hexOf("access-after"));
    expect(await dump(sql, "identity_sign_out")).not.toContain(hexOf("signed.out"));

    // The next sign-out, even in the same second, forgets what was noted for the last.
    await second.signOuts.signOut("signed.out", at, at * 1000 + HOUR);
    expect(await first.signOuts.revoked("signed.out", at, "access-after")).toBe(true);
    expect(await count(sql, "identity_sign_out_token")).toBe(0);
  });

  it("deletes expired rows of each kind as new ones are written", async () => {
    const now = Date.now();
    await first.temporaryPasswords.put("stale@example.sg", "Temp#1234", now + 1000, now);
    await first.pendingEmails.put("stale", "stale@example.sg", now + 1000, now);
    await first.challenges.start("stale-session", "stale@example.sg", now + 1000, now);
    const second0 = Math.floor(now / 1000);
    await first.signOuts.signOut("stale", second0, now + 1000);
    await first.signOuts.noteIssued("stale", second0, ["stale-token"]);
    const tables = [
      "identity_temporary_password",
      "identity_pending_email",
      "identity_challenge",
      "identity_sign_out",
      "identity_sign_out_token",
    ];
    const before = await Promise.all(tables.map((table) => count(sql, table)));

    const later = now + 5000;
    await second.temporaryPasswords.put("fresh@example.sg", "Temp#1234", later + HOUR, later);
    await second.pendingEmails.put("fresh", "fresh@example.sg", later + HOUR, later);
    await second.challenges.start("fresh-session", "fresh@example.sg", later + HOUR, later);
    await second.signOuts.signOut("fresh", Math.floor(later / 1000), later + HOUR);
    const after = await Promise.all(tables.map((table) => count(sql, table)));
    // Each table lost the stale row and gained the fresh one (no token was noted for the fresh sign-out).
    expect(after).toEqual(before.map((n, i) => (i === 4 ? n - 1 : n)));
    expect(await second.temporaryPasswords.matches("stale@example.sg", "Temp#1234", now)).toBe(
      false,
    );
    expect(await second.pendingEmails.get("stale", now)).toBeUndefined();
    expect(await second.challenges.take("stale-session", now)).toBeUndefined();
    expect(await second.signOuts.revoked("stale", second0 - 1, "old")).toBe(false);
  });

  it("keeps everything under the server's key: another key finds none of it", async () => {
    const now = Date.now();
    const stranger = identityStore(other ?? sql, randomBytes(32));
    await first.temporaryPasswords.put("keyed@example.sg", "Temp#1234", now + HOUR, now);
    await first.pendingEmails.put("keyed", "keyed.new@example.sg", now + HOUR, now);
    await first.signOuts.signOut("keyed", Math.floor(now / 1000), now + HOUR);
    expect(await stranger.temporaryPasswords.matches("keyed@example.sg", "Temp#1234", now)).toBe(
      false,
    );
    expect(await stranger.pendingEmails.get("keyed", now)).toBeUndefined();
    expect(await stranger.signOuts.revoked("keyed", Math.floor(now / 1000) - 1, "old")).toBe(false);
  });
});
