import { seedRates } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  migrate,
  readHomePageConfiguration,
  readSiteConfiguration,
  seed,
  updateRates,
  type Sql,
} from "@portal/adapters/db";
import { testDatabases, useDatabase } from "../support/databases";

describe.each(testDatabases())("database on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened));

  it("migrates and seeds once: running both again changes nothing", async () => {
    expect(await migrate(sql)).toEqual([]);
    await seed(sql, { productRoute: "wakaf" });
    const [{ count }] = (await sql.query<{ count: number }>(
      "select count(*)::int as count from charity",
    )) as [{ count: number }];
    expect(count).toBe(3);
  });

  it("seeds the published rates in cents for the main charity and both wakaf funds", async () => {
    for (const charityId of [25, 135, 136]) {
      const config = await readHomePageConfiguration(sql, charityId);
      expect(config?.rates).toEqual(seedRates);
      expect(config?.version).toBe(1);
      expect(config?.socialMediaIcons.length).toBeGreaterThan(0);
    }
    expect(await readHomePageConfiguration(sql, 999)).toBeUndefined();
  });

  it("seeds site entries and the funds' charity and donation-type ids", async () => {
    const site = (await readSiteConfiguration(sql, 25)) as {
      siteEntries: Array<{ path: string }>;
      funds: Array<{ key: string; charityId: number; donationTypeId: number }>;
    };
    expect(site.siteEntries.map((e) => e.path)).toEqual([
      "/",
      "/fidyah",
      "/kaffarah",
      "/wakaf-ilmu",
      "/wms",
    ]);
    expect(site.funds).toEqual([
      { key: "ilmu", charityId: 135, donationTypeId: 33 },
      { key: "wms", charityId: 136, donationTypeId: 34 },
    ]);
  });

  it("seeds the country list with Singapore's dial code", async () => {
    const rows = await sql.query<{ code: string; dial_code: string }>(
      "select code, dial_code from country",
    );
    expect(rows.length).toBeGreaterThan(230);
    expect(rows.find((r) => r.code === "SG")?.dial_code).toBe("+65");
  });

  it("changing rates bumps the version and leaves an audit entry", async () => {
    const newNisab = {
      ...seedRates,
      nisabValue: seedRates.nisabValue + 12_300,
    } as typeof seedRates;
    const version = await updateRates(sql, {
      charityId: 25,
      rates: newNisab,
      actor: "officer:test",
    });
    expect(version).toBe(2);
    expect((await readHomePageConfiguration(sql, 25))?.rates.nisabValue).toBe(newNisab.nisabValue);
    const audit = await sql.query<{ action: string; entity_id: string }>(
      "select action, entity_id from audit_log where entity = 'home_page_configuration'",
    );
    expect(audit).toEqual([{ action: "rates.update", entity_id: "25" }]);
  });

  it("refuses rates that break the configuration's rules and writes nothing", async () => {
    const before = await readHomePageConfiguration(sql, 25);
    const bad = { ...seedRates, fitrahMinAmount: 900, fitrahMaxAmount: 500 } as typeof seedRates;
    await expect(
      updateRates(sql, { charityId: 25, rates: bad, actor: "officer:test" }),
    ).rejects.toThrow();
    expect(await readHomePageConfiguration(sql, 25)).toEqual(before);
  });

  it("keeps the audit log append-only", async () => {
    await expect(sql.exec("update audit_log set actor = 'someone else'")).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.exec("delete from audit_log")).rejects.toThrow(/append-only/);
  });

  it("refuses a donation whose total is not positive", async () => {
    for (const total of [0, -500]) {
      await expect(
        sql.query(
          `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, rates_version,
             client_secret_hash)
           values (gen_random_uuid(), $1, 'ZAKAT', 'initiated', $2, '{}', '{}', 1, '\\x00')`,
          [`T${total}`, total],
        ),
      ).rejects.toThrow(/check constraint/);
    }
  });
});
