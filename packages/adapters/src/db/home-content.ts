import { isContentBlockId } from "@portal/domain";
import type { Sql } from "./sql";

/**
 * An officer's change to what the portal's pages show from the served configuration (spec §2 footer and
 * error page, §9 content blocks): written in one transaction with its audit entry. The pages read the
 * configuration when they load, so the change shows without a release.
 */

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
    if (input.contact) {
      const { number, email, address } = input.contact;
      const [row] = await tx.query<{ charity_id: number }>(
        `update home_page_configuration
           set contact_number = $2, contact_email = $3, contact_address = $4, updated_at = now()
         where charity_id = $1 returning charity_id`,
        [input.charityId, number, email, address],
      );
      if (!row) throw new Error(`no home-page configuration for charity ${input.charityId}`);
    }
    if (input.socialMediaIcons) {
      await tx.query("delete from social_media_icon where charity_id = $1", [input.charityId]);
      for (const [position, icon] of input.socialMediaIcons.entries()) {
        await tx.query(
          "insert into social_media_icon (charity_id, position, name, url) values ($1, $2, $3, $4)",
          [input.charityId, position, icon.name, icon.url],
        );
      }
    }
    await tx.query(
      `insert into audit_log (actor, action, entity, entity_id, detail)
       values ($1, 'contact.update', 'home_page_configuration', $2, $3)`,
      [
        input.actor,
        String(input.charityId),
        JSON.stringify({ contact: input.contact, socialMediaIcons: input.socialMediaIcons }),
      ],
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
    if (input.content === null) {
      await tx.query("delete from home_page_content where charity_id = $1 and block_id = $2", [
        input.charityId,
        input.blockId,
      ]);
    } else {
      await tx.query(
        `insert into home_page_content (charity_id, block_id, content) values ($1, $2, $3)
         on conflict (charity_id, block_id)
           do update set content = excluded.content, updated_at = now()`,
        [input.charityId, input.blockId, JSON.stringify(input.content)],
      );
    }
    await tx.query(
      `insert into audit_log (actor, action, entity, entity_id, detail)
       values ($1, 'content.update', 'home_page_content', $2, $3)`,
      [
        input.actor,
        `${input.charityId}:${input.blockId}`,
        JSON.stringify({ content: input.content }),
      ],
    );
  });
}
