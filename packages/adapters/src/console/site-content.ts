import {
  CONTENT_LANGUAGES,
  DONOR_WALL_PAGE_SIZE_BLOCK,
  DONOR_WALL_SHOWN_BLOCK,
  FIRST_CONTENT_BLOCK,
  homeContentOf,
  LAST_TEXT_BLOCK,
  storedBlock,
  type ContentLanguage,
  type SiteContent,
  type SiteContentChange,
  type TextBlock,
} from "@portal/domain";
import { readHomePageConfiguration } from "../db/configuration";
import { putContentBlock, replaceSocialIcons, writeContactRow } from "../db/home-content";
import type { Sql, SqlQuery } from "../db/sql";
import { audit } from "./audit";
import type { Officer } from "./sessions";

/**
 * The console's content page (issue 23): a charity's contact details, social links, home-page text
 * blocks and donor-wall settings as an officer edits them, and the save: every part that changed is
 * written with its console audit line (before and after) in one transaction, or nothing is.
 */

/** The council's charities, for the page's choice of whose content to edit. */
export async function listCharities(
  sql: SqlQuery,
): Promise<ReadonlyArray<{ readonly id: number; readonly name: string }>> {
  return sql.query<{ id: number; name: string }>("select id, name from charity order by id");
}

const words = (value: Readonly<Record<string, string>>): Record<ContentLanguage, string> =>
  Object.fromEntries(CONTENT_LANGUAGES.map((lang) => [lang, value[lang] ?? ""])) as Record<
    ContentLanguage,
    string
  >;

/** A charity's editable content (every text block 4 to 14, empty ones too), or undefined. */
export async function readSiteContent(
  sql: SqlQuery,
  charityId: number,
): Promise<SiteContent | undefined> {
  const config = await readHomePageConfiguration(sql, charityId);
  if (!config) return undefined;
  const served = homeContentOf(
    config.contentBlocks.map((b) => ({ ...b.content, blockId: b.blockId })),
  );
  const blocks: TextBlock[] = [];
  for (let blockId = FIRST_CONTENT_BLOCK; blockId <= LAST_TEXT_BLOCK; blockId++) {
    const block = served.texts.find((text) => text.id === blockId);
    blocks.push({ blockId, title: words(block?.title ?? {}), text: words(block?.text ?? {}) });
  }
  return {
    charityId,
    contact: config.contact,
    socialMediaIcons: config.socialMediaIcons.map(({ name, url }) => ({ name, url })),
    blocks,
    donorWall: served.donorWall,
    links: config.siteLinks,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Save an officer's change to a charity's content. Only what differs from what is stored is written and
 * audited (`content.edit`, entity `contact`, `social_links`, `content_block`, `donor_wall` or
 * `site_links`); the row
 * is locked first, so two officers saving at once are written one after the other. Answers the
 * content after the save, or undefined for a charity without a configuration.
 */
export async function saveSiteContent(
  sql: Sql,
  input: {
    readonly charityId: number;
    readonly change: SiteContentChange;
    readonly officer: Officer;
    readonly ip: string;
    readonly now: Date;
  },
): Promise<SiteContent | undefined> {
  const { charityId, change } = input;
  return sql.transaction(async (tx) => {
    const [locked] = await tx.query(
      "select charity_id from home_page_configuration where charity_id = $1 for update",
      [charityId],
    );
    if (!locked) return undefined;
    const before = (await readSiteContent(tx, charityId))!;
    const record = (entity: string, entityId: string, was: unknown, now: unknown) =>
      audit(
        tx,
        {
          officer: input.officer,
          action: "content.edit",
          entity,
          entityId,
          before: was,
          after: now,
          ip: input.ip,
        },
        input.now,
      );
    if (change.contact && !same(change.contact, before.contact)) {
      await writeContactRow(tx, charityId, change.contact);
      await record("contact", String(charityId), before.contact, change.contact);
    }
    if (change.socialMediaIcons && !same(change.socialMediaIcons, before.socialMediaIcons)) {
      await replaceSocialIcons(tx, charityId, change.socialMediaIcons);
      await record(
        "social_links",
        String(charityId),
        before.socialMediaIcons,
        change.socialMediaIcons,
      );
    }
    for (const block of change.blocks ?? []) {
      const was = before.blocks.find((b) => b.blockId === block.blockId);
      if (same(storedBlock(block), was ? storedBlock(was) : null)) continue;
      // An emptied block is kept as an empty row, so the seed's text (issue 34) never comes back.
      await putContentBlock(tx, charityId, block.blockId, storedBlock(block) ?? {});
      const shown = ({ title, text }: TextBlock) => ({ title, text });
      await record(
        "content_block",
        `${charityId}:${block.blockId}`,
        was ? shown(was) : null,
        shown(block),
      );
    }
    if (change.donorWall && !same(change.donorWall, before.donorWall)) {
      await putContentBlock(tx, charityId, DONOR_WALL_SHOWN_BLOCK, {
        value: change.donorWall.shown,
      });
      await putContentBlock(tx, charityId, DONOR_WALL_PAGE_SIZE_BLOCK, {
        value: change.donorWall.pageSize,
      });
      await record("donor_wall", String(charityId), before.donorWall, change.donorWall);
    }
    if (change.links && !same(change.links, before.links)) {
      await tx.query(
        "update home_page_configuration set site_links = $2, updated_at = now() where charity_id = $1",
        [charityId, JSON.stringify(change.links)],
      );
      await record("site_links", String(charityId), before.links, change.links);
    }
    return readSiteContent(tx, charityId);
  });
}
