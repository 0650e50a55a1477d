import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestSessions, migrations, payments, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * A donation's client secret is its bearer credential: `donation` keeps only its hash, and so must the
 * idempotency record that answers a retried create (issue 22, item 12). The retry still gets the same
 * secret, derived again from the donation id under the server key; migration 016 removed the secrets
 * older rows kept.
 */
describe.each(testDatabases())("idempotency records on $name", (database) => {
  let sql: Sql;
  const key = randomBytes(32);

  beforeAll(async () => {
    sql = await database.open();
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  const create = async (idempotencyKey: string) => {
    const { session } = await guestSessions(sql).start();
    return payments(sql, key).create(
      donationInput("FIDYAH", "fidyah", 400, { idempotencyKey, guestSessionId: session.id }),
    );
  };

  it("keeps no client secret in the idempotency record, and a retry gets the same working secret", async () => {
    const idempotencyKey = randomUUID();
    const first = await create(idempotencyKey);
    const [row] = await sql.query<{ response: unknown }>(
      "select response from idempotency_key where scope = 'donation.create' and key = $1",
      [idempotencyKey],
    );
    expect(JSON.stringify(row?.response)).not.toContain(first.clientSecret);
    expect(JSON.stringify(row?.response)).not.toContain("_secret_");
    const again = await payments(sql, key).create(
      donationInput("FIDYAH", "fidyah", 400, { idempotencyKey }),
    );
    expect(again.replayed).toBe(true);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect((await payments(sql, key).get(first.donation.id, again.clientSecret)).id).toBe(
      first.donation.id,
    );
  });

  it("migration 016 removes the client secrets older records kept", async () => {
    const migration = migrations.find((m) => m.id.startsWith("016-"));
    expect(migration).toBeDefined();
    await sql.query(
      `insert into idempotency_key (scope, key, request_hash, status_code, response)
       values ('donation.create', $1, $2, 200, $3)`,
      [
        randomUUID(),
        randomBytes(32),
        JSON.stringify({ id: randomUUID(), clientSecret: "x_secret_old" }),
      ],
    );
    await sql.exec(migration?.sql ?? "");
    const rows = await sql.query<{ response: unknown }>(
      "select response from idempotency_key where scope = 'donation.create'",
    );
    expect(JSON.stringify(rows)).not.toContain("clientSecret");
  });
});
