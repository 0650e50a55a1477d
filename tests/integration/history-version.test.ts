import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTaxRegistrable } from "@portal/domain";
import {
  donors,
  history,
  receipts,
  type DonorView,
  type Identity,
  type Sql,
} from "@portal/adapters/db";
import { createSandbox, migrateStandins, sqlSandboxStore, type Sandbox } from "@portal/standins";
import { testDatabases } from "../support/databases";
import { paidBySandbox } from "../support/sandbox-gifts";
import { nricOf as nric } from "../support/donations";

/**
 * Issue 21: the version of a donor's history list (migration 034) is what lets an instance answer a
 * list it encoded before (src/server/api/history.ts). It is only safe if every write that changes the
 * list draws a new version in the same transaction: a payment, a refund, a re-issue, a tax
 * registration, a recurring plan, a gift linked to or away from the donor, the donor's own particulars.
 * Each is made here through the records or as plain SQL (another instance's, or an officer's), and the
 * version must move, for that donor and not for another. A last test checks that the list reads no
 * table whose writes do not move it. No port is used.
 */
describe.each(testDatabases())("history list versions on $name", (database) => {
  let sql: Sql;
  let sandbox: Sandbox;
  const key = randomBytes(32);
  const issuer = "https://issuer.example";
  const aminah: Identity = {
    issuer,
    subject: "aminah",
    email: "aminah@example.sg",
    emailVerified: true,
  };
  const badrul: Identity = {
    issuer,
    subject: "badrul",
    email: "badrul@example.sg",
    emailVerified: true,
  };
  let aminahId: string;
  let badrulId: string;

  const register = async (identity: Identity, digits: string, mobile: string) => {
    const records = donors(sql, key);
    expect(
      await records.register(identity, {
        kind: "individual",
        name: identity.subject,
        email: identity.email,
        countryCode: "+65",
        mobile,
        nric: nric(digits),
      }),
    ).toBe("registered");
    return ((await records.byIdentity(identity)) as DonorView).id;
  };

  /** A card gift paid through the sandbox, as checkout pays one, by `donorId` (null: a guest's). */
  const paid = async (donorId: string | null, cents: number, flow: "ZAKAT" | "ILMU" = "ZAKAT") => {
    const gift = await paidBySandbox(sql, key, sandbox, cents, { flow, donorId });
    return { id: gift.id, transactionNo: gift.transactionNo, receiptNo: gift.receipt.receiptNo };
  };

  /** The version of the donor's list and the list itself, as a signed-in call reads them. */
  const state = async (identity: Identity) => {
    const read = await donors(sql, key).signedInHistory(identity);
    const donor = read.donor();
    const page = donor
      ? await history(sql, key).transactions(donor, { pageNo: 1, pageSize: 100 })
      : undefined;
    return { version: read.historyVersion, list: JSON.stringify(page) };
  };

  /**
   * `write` must draw a new version of Aminah's list (and of Badrul's only when `badrulToo`); when
   * `shows`, her list must also read differently after it (the write is one a kept list would miss).
   */
  const expectNewVersion = async (
    write: () => Promise<unknown>,
    { shows = true, badrulToo = false } = {},
  ) => {
    const [before, other] = [await state(aminah), await state(badrul)];
    await write();
    const [after, otherAfter] = [await state(aminah), await state(badrul)];
    expect(after.version).not.toBe(before.version);
    if (shows) expect(after.list).not.toBe(before.list);
    if (badrulToo) expect(otherAfter.version).not.toBe(other.version);
    else expect(otherAfter).toEqual(other);
  };

  beforeAll(async () => {
    sql = await database.open();
    await migrateStandins(sql);
    sandbox = createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store: sqlSandboxStore(sql) });
    aminahId = await register(aminah, "4567801", "91250001");
    badrulId = await register(badrul, "4567802", "91250002");
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  it("moves with a payment, a refund and a re-issued receipt, and not for another donor's", async () => {
    let gift = await paid(aminahId, 1_000);
    await expectNewVersion(async () => (gift = await paid(aminahId, 1_500)));
    // Another donor's payment and a guest's leave her list (and its version) alone.
    const unchanged = await state(aminah);
    await paid(badrulId, 2_000);
    await paid(null, 2_500);
    expect(await state(aminah)).toEqual(unchanged);

    await expectNewVersion(() =>
      sql.query("update donation set status = 'refunded', updated_at = now() where id = $1", [
        gift.id,
      ]),
    );
    // A re-issue shows in the list only through what its receipt names; its version moves anyway.
    await expectNewVersion(
      () =>
        receipts(sql, key).reissue({
          receiptNo: gift.receiptNo,
          actor: "council:officer-7",
          reason: "Name misspelt",
          particulars: { name: "Aminah binte Ali" },
        }),
      { shows: false },
    );
  });

  it("moves with a tax registration and a recurring plan the donation started", async () => {
    expect(isTaxRegistrable("ILMU")).toBe(true);
    const gift = await paid(aminahId, 3_000, "ILMU");
    // Her receipt names her NRIC (so the gift is included for IRAS); one that names none is not.
    await expectNewVersion(() =>
      sql.query("update receipt set id_encrypted = null where donation_id = $1", [gift.id]),
    );
    await expectNewVersion(() =>
      sql.query(
        `insert into tax_registration (id, donation_id, id_kind, id_encrypted, id_hash)
         values ($1, $2, 'NRIC', $3, $4)`,
        [randomUUID(), gift.id, randomBytes(40), randomBytes(32)],
      ),
    );
    const plan = randomUUID();
    await expectNewVersion(() =>
      sql.query(
        `insert into recurring_plan (id, donor_id, first_donation_id, amount_cents, frequency, status,
           card_token, card_brand, card_last4, gateway, flow, amounts, anchor_on, next_charge_on)
         values ($1, $2, $3, 3000, 'monthly', 'active', 'pm_x', 'visa', '4242', 'sandbox', 'ILMU',
           '{"ilmu": 3000}', current_date, current_date + 30)`,
        [plan, aminahId, gift.id],
      ),
    );
    await expectNewVersion(() =>
      sql.query("update recurring_plan set next_charge_on = next_charge_on + 31 where id = $1", [
        plan,
      ]),
    );
  });

  it("moves with the donor's particulars, and with gifts linked to or away from the donor", async () => {
    await expectNewVersion(() =>
      donors(sql, key).updateProfile(aminahId, { name: "Aminah binte Ali" }),
    );
    await expectNewVersion(() => donors(sql, key).updateMobile(aminahId, "+65", "91250009"));
    const guestGift = await paid(null, 4_000);
    // Linked, as gift-links.ts links a guest's gift on proof.
    await expectNewVersion(() =>
      sql.query("update donation set donor_id = $1 where id = $2", [aminahId, guestGift.id]),
    );
    // Moved to another donor: both lists change.
    await expectNewVersion(
      () => sql.query("update donation set donor_id = $1 where id = $2", [badrulId, guestGift.id]),
      { badrulToo: true },
    );
  });

  it("is read in one statement with the sign-out check, and the list reads only tables that move it", async () => {
    const donor = donors(sql, key);
    const statements: Array<{ text: string; params: ReadonlyArray<unknown> }> = [];
    const recording: Sql = {
      ...sql,
      query: (text, params) => {
        statements.push({ text, params: params ?? [] });
        return sql.query(text, params);
      },
    };
    const read = await donors(recording, key).signedInHistory(aminah);
    expect(statements).toHaveLength(1);
    expect(read.donorId).toBe(aminahId);
    expect(read.donor()?.name).toBe((await donor.byId(aminahId))?.name);
    await history(recording, key).transactions(read.donor() as DonorView, {
      pageNo: 1,
      pageSize: 100,
    });
    // Every table any of these statements reads, as the planner names them.
    const tables = new Set<string>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        for (const [name, value] of Object.entries(node)) {
          if (name === "Relation Name" && typeof value === "string") tables.add(value);
          else walk(value);
        }
      }
    };
    for (const { text, params } of statements.slice(1)) {
      const [plan] = await sql.query<{ "QUERY PLAN": unknown }>(
        `explain (format json) ${text}`,
        params,
      );
      walk(plan?.["QUERY PLAN"]);
    }
    expect(tables.size).toBeGreaterThan(0);
    const moving = await sql.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname like 'donor_history%'`,
    );
    const covered = new Set(moving.map((row) => row.table));
    for (const table of tables)
      expect(covered, `writes to ${table} move no version`).toContain(table);
  });
});
