import { describe, expect, it } from "vitest";
import { homeContentOf } from "@portal/domain";
import { toHomePageWire } from "@portal/adapters";
import {
  readHomePageConfiguration,
  updateContact,
  writeContentBlock,
  type Sql,
} from "@portal/adapters/db";
import { testDatabases, useDatabase } from "../support/databases";

/**
 * What the footer, the error page and the home pages read from the served configuration (spec §2, §9),
 * changed as an officer would: each change is stored with its audit entry and read back at once.
 */
describe.each(testDatabases())("served contacts and content blocks on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened));

  const audit = async (action: string) =>
    (
      await sql.query<{ count: number }>(
        "select count(*)::int as count from audit_log where action = $1",
        [action],
      )
    )[0]?.count ?? 0;

  it("seeds the donor wall's settings 15 and 16 for every charity", async () => {
    for (const charityId of [25, 135, 136]) {
      const config = await readHomePageConfiguration(sql, charityId);
      const wire = toHomePageWire(config!);
      expect(homeContentOf(wire.homePageContent).donorWall).toEqual({ shown: true, pageSize: 10 });
    }
  });

  it("changes contacts and social links, audited", async () => {
    const before = await audit("contact.update");
    await updateContact(sql, {
      charityId: 25,
      actor: "officer@muis.test",
      contact: { number: "+65 6000 0001", email: "help@muis.test", address: "1 Test Road" },
      socialMediaIcons: [{ name: "tiktok", url: "https://www.tiktok.com/@muis" }],
    });
    const config = await readHomePageConfiguration(sql, 25);
    expect(config?.contact).toEqual({
      number: "+65 6000 0001",
      email: "help@muis.test",
      address: "1 Test Road",
    });
    expect(config?.socialMediaIcons).toEqual([
      { name: "tiktok", url: "https://www.tiktok.com/@muis" },
    ]);
    expect(await audit("contact.update")).toBe(before + 1);
  });

  it("refuses a social link that is not https, and changes nothing", async () => {
    await expect(
      updateContact(sql, {
        charityId: 25,
        actor: "officer@muis.test",
        socialMediaIcons: [{ name: "bad", url: "javascript:alert(1)" }],
      }),
    ).rejects.toThrow(/https/);
    expect((await readHomePageConfiguration(sql, 25))?.socialMediaIcons).toHaveLength(1);
  });

  it("sets and removes content blocks, only 4 to 16, audited", async () => {
    const before = await audit("content.update");
    await writeContentBlock(sql, {
      charityId: 136,
      blockId: 4,
      content: { title: { en: "Notice" }, text: { en: "Ramadan hours", ms: "Waktu Ramadan" } },
      actor: "officer@muis.test",
    });
    await writeContentBlock(sql, {
      charityId: 136,
      blockId: 16,
      content: { value: 3 },
      actor: "officer@muis.test",
    });
    let content = homeContentOf(
      toHomePageWire((await readHomePageConfiguration(sql, 136))!).homePageContent,
    );
    expect(content.texts).toEqual([
      { id: 4, title: { en: "Notice" }, text: { en: "Ramadan hours", ms: "Waktu Ramadan" } },
    ]);
    expect(content.donorWall.pageSize).toBe(3);
    await writeContentBlock(sql, {
      charityId: 136,
      blockId: 4,
      content: null,
      actor: "officer@muis.test",
    });
    content = homeContentOf(
      toHomePageWire((await readHomePageConfiguration(sql, 136))!).homePageContent,
    );
    expect(content.texts).toEqual([]);
    expect(await audit("content.update")).toBe(before + 3);
    for (const blockId of [3, 17]) {
      await expect(
        writeContentBlock(sql, { charityId: 136, blockId, content: {}, actor: "x" }),
      ).rejects.toThrow(/4 to 16/);
    }
  });
});
