import { isContentBlockId } from "@portal/domain";
import type { Sql, SqlQuery } from "./sql";

/**
 * An officer's change to what the portal's pages show from the served configuration (spec §2 footer and
 * error page, §9 content blocks). The statements below take the transaction they run in: the console's
 * content page (adapters console/site-content.ts) writes them with its console audit line; the
 * test-only writers at the end with a line in `audit_log`. The pages read the configuration when they
 * load, so a change shows without a release.
 */

/** A charity's contact details (false when it has no home-page configuration). */
export async function writeContactRow(
  tx: SqlQuery,
  charityId: number,
  contact: { readonly number: string; readonly email: string; readonly address: string },
): Promise<boolean> {
  const rows = await tx.query<{ charity_id: number }>(
    `update home_page_configuration
       set contact_number = $2, contact_email = $3, contact_address = $4, updated_at = now()
     where charity_id = $1 returning charity_id`,
    [charityId, contact.number, contact.email, contact.address],
  );
  return rows.length > 0;
}

/** A charity's social links, replaced in the order given. */
export async function replaceSocialIcons(
  tx: SqlQuery,
  charityId: number,
  icons: ReadonlyArray<{ readonly name: string; readonly url: string }>,
): Promise<void> {
  await tx.query("delete from social_media_icon where charity_id = $1", [charityId]);
  for (const [position, icon] of icons.entries()) {
    await tx.query(
      "insert into social_media_icon (charity_id, position, name, url) values ($1, $2, $3, $4)",
      [charityId, position, icon.name, icon.url],
    );
  }
}

/** Set (or, with `content` null, remove) one content block 4 to 16 of a charity's home pages. */
export async function putContentBlock(
  tx: SqlQuery,
  charityId: number,
  blockId: number,
  content: Record<string, unknown> | null,
): Promise<void> {
  if (!isContentBlockId(blockId)) throw new Error("content blocks are numbered 4 to 16");
  if (content === null) {
    await tx.query("delete from home_page_content where charity_id = $1 and block_id = $2", [
      charityId,
      blockId,
    ]);
    return;
  }
  await tx.query(
    `insert into home_page_content (charity_id, block_id, content) values ($1, $2, $3)
     on conflict (charity_id, block_id)
       do update set content = excluded.content, updated_at = now()`,
    [charityId, blockId, JSON.stringify(content)],
  );
}

const auditLog = (
  tx: SqlQuery,
  actor: string,
  action: string,
  entity: string,
  id: string,
  detail: unknown,
) =>
  tx.query(
    `insert into audit_log (actor, action, entity, entity_id, detail) values ($1, $2, $3, $4, $5)`,
    [actor, action, entity, id, JSON.stringify(detail)],
  );

/** Contact details and social links (the footer, the error page and the error notice). */
export async function updateContact(
  sql: Sql,
  input: {
    readonly charityId: number;
    readonly actor: string;
    readonly contact?: {
      readonly number: string;
      readonly email: string;
      readonly address: string;
    };
    readonly socialMediaIcons?: ReadonlyArray<{ readonly name: string; readonly url: string }>;
  },
): Promise<void> {
  for (const icon of input.socialMediaIcons ?? []) {
    if (!/^https:\/\//.test(icon.url) || !/^[a-z][a-z0-9-]{0,30}$/.test(icon.name)) {
      throw new Error(`a social link needs a short lower-case name and an https address`);
    }
  }
  await sql.transaction(async (tx) => {
    if (input.contact && !(await writeContactRow(tx, input.charityId, input.contact))) {
      throw new Error(`no home-page configuration for charity ${input.charityId}`);
    }
    if (input.socialMediaIcons) {
      await replaceSocialIcons(tx, input.charityId, input.socialMediaIcons);
    }
    await auditLog(
      tx,
      input.actor,
      "contact.update",
      "home_page_configuration",
      String(input.charityId),
      {
        contact: input.contact,
        socialMediaIcons: input.socialMediaIcons,
      },
    );
  });
}

/** Set (or, with `content` null, remove) one content block of a charity's home pages. */
export async function writeContentBlock(
  sql: Sql,
  input: {
    readonly charityId: number;
    readonly blockId: number;
    readonly content: Record<string, unknown> | null;
    readonly actor: string;
  },
): Promise<void> {
  if (!isContentBlockId(input.blockId)) throw new Error("content blocks are numbered 4 to 16");
  await sql.transaction(async (tx) => {
    await putContentBlock(tx, input.charityId, input.blockId, input.content);
    await auditLog(
      tx,
      input.actor,
      "content.update",
      "home_page_content",
      `${input.charityId}:${input.blockId}`,
      { content: input.content },
    );
  });
}
