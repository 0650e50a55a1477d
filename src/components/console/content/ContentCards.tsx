import { useId, useState } from "react";
import {
  CONTENT_LIMITS,
  REQUIRED_SITE_LINKS,
  SITE_LINK_MAX,
  SITE_LINK_NAMES,
  type SiteContent,
  type SiteContentChange,
  type TextBlock,
} from "@portal/domain";
import { Card, ConsoleForm, Field, type T } from "../operations/kit";

/** The field the server refused (its path, as each entry's `name`) and what to say of it. */
export interface Wrong {
  readonly field: string;
  readonly message: string;
}

interface CardProps {
  readonly t: T;
  readonly busy: boolean;
  readonly wrong: Wrong | undefined;
  readonly content: SiteContent;
  readonly save: (part: SiteContentChange) => Promise<boolean>;
}

const errorOf = (wrong: Wrong | undefined, name: string) =>
  wrong?.field === name ? wrong.message : undefined;

const Submit = ({ busy, text }: { busy: boolean; text: string }) => (
  <button type="submit" className="console-button" disabled={busy}>
    {text}
  </button>
);

/** Phone, e-mail and address of the footer, the error pages and the error notice. */
export function ContactCard({ t, busy, wrong, content, save }: CardProps) {
  const [contact, setContact] = useState(content.contact);
  const entry = (key: keyof typeof contact, label: string, more: object = {}) => (
    <Field
      name={`contact.${key}`}
      label={t(label)}
      value={contact[key]}
      maxLength={CONTENT_LIMITS[key]}
      required
      onChange={(value) => setContact({ ...contact, [key]: value })}
      error={errorOf(wrong, `contact.${key}`)}
      {...more}
    />
  );
  return (
    <Card title={t("consolecontent_contact")}>
      <p className="console-meta">{t("consolecontent_contact_hint")}</p>
      <ConsoleForm
        onSubmit={async () => void (await save({ contact }))}
        actions={<Submit busy={busy} text={t("consolecontent_save_contact")} />}
      >
        {entry("number", "consolecontent_number", {
          type: "tel",
          inputMode: "tel",
          hint: t("consolecontent_number_hint"),
        })}
        {entry("email", "consolecontent_email", { type: "email", inputMode: "email" })}
        {entry("address", "consolecontent_address", { wide: true })}
      </ConsoleForm>
    </Card>
  );
}

/** The footer's social icons: a name (its icon) and an https address each. */
export function SocialCard({ t, busy, wrong, content, save }: CardProps) {
  const [links, setLinks] = useState(content.socialMediaIcons);
  const change = (at: number, key: "name" | "url", value: string) =>
    setLinks(links.map((link, i) => (i === at ? { ...link, [key]: value } : link)));
  return (
    <Card title={t("consolecontent_social")}>
      <p className="console-meta">{t("consolecontent_social_hint")}</p>
      {links.length === 0 ? <p>{t("consolecontent_social_none")}</p> : null}
      <ConsoleForm
        onSubmit={async () => void (await save({ socialMediaIcons: links }))}
        actions={
          <>
            {links.length < CONTENT_LIMITS.socialLinks ? (
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => setLinks([...links, { name: "", url: "https://" }])}
              >
                {t("consolecontent_social_add")}
              </button>
            ) : null}
            <Submit busy={busy} text={t("consolecontent_save_social")} />
          </>
        }
      >
        {links.map((link, at) => {
          const n = String(at + 1);
          return (
            <div key={at} className="console-link">
              {(["name", "url"] as const).map((key) => (
                <Field
                  key={key}
                  name={`socialMediaIcons.${at}.${key}`}
                  label={t(`consolecontent_social_${key}`, { n })}
                  value={link[key]}
                  maxLength={key === "name" ? CONTENT_LIMITS.socialName : CONTENT_LIMITS.socialUrl}
                  required
                  onChange={(value) => change(at, key, value)}
                  error={errorOf(wrong, `socialMediaIcons.${at}.${key}`)}
                  {...(key === "url" ? { type: "url" } : {})}
                />
              ))}
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => setLinks(links.filter((_, i) => i !== at))}
              >
                {t("consolecontent_social_remove", { n })}
              </button>
            </div>
          );
        })}
      </ConsoleForm>
    </Card>
  );
}

const inUse = (block: TextBlock) =>
  [block.title.en, block.title.ms, block.text.en, block.text.ms].some((words) => words !== "");

/** One of the home page's text blocks 4 to 14 at a time, in English and Malay. */
export function BlocksCard(
  props: CardProps & { readonly blockId: number; readonly choose: (id: number) => void },
) {
  const { t, busy, wrong, content, save, blockId } = props;
  const chooser = useId();
  const [blocks, setBlocks] = useState(content.blocks);
  const block = blocks.find((one) => one.blockId === blockId) ?? blocks[0]!;
  const edit = (part: "title" | "text", lang: "en" | "ms", value: string) =>
    setBlocks(
      blocks.map((one) =>
        one.blockId === block.blockId ? { ...one, [part]: { ...one[part], [lang]: value } } : one,
      ),
    );
  const entry = (part: "title" | "text", lang: "en" | "ms") => {
    const name = `blocks.${block.blockId}.${part}.${lang}`;
    return (
      <Field
        key={name}
        name={name}
        label={t(`consolecontent_${part}_${lang}`)}
        value={block[part][lang]}
        maxLength={CONTENT_LIMITS[part]}
        onChange={(value) => edit(part, lang, value)}
        error={errorOf(wrong, name)}
        {...(part === "text" ? { rows: 5 } : {})}
      />
    );
  };
  return (
    <Card title={t("consolecontent_blocks")}>
      <p className="console-meta">{t("consolecontent_blocks_hint")}</p>
      <div className="console-field console-field--charity">
        <label htmlFor={chooser}>{t("consolecontent_block")}</label>
        <select
          id={chooser}
          value={block.blockId}
          onChange={(event) => props.choose(Number(event.target.value))}
        >
          {blocks.map((one) => (
            <option key={one.blockId} value={one.blockId}>
              {t(inUse(one) ? "consolecontent_block_in_use" : "consolecontent_block_option", {
                id: String(one.blockId),
              })}
            </option>
          ))}
        </select>
      </div>
      <ConsoleForm
        onSubmit={async () => void (await save({ blocks: [block] }))}
        actions={
          <Submit
            busy={busy}
            text={t("consolecontent_save_block", { id: String(block.blockId) })}
          />
        }
      >
        {entry("title", "en")}
        {entry("title", "ms")}
        {entry("text", "en")}
        {entry("text", "ms")}
      </ConsoleForm>
    </Card>
  );
}

/** The donor wall's settings 15 (shown) and 16 (gifts per page). */
export function DonorWallCard({ t, busy, wrong, content, save }: CardProps) {
  const box = useId();
  const [shown, setShown] = useState(content.donorWall.shown);
  const [size, setSize] = useState(String(content.donorWall.pageSize));
  return (
    <Card title={t("consolecontent_wall")}>
      <p className="console-meta">{t("consolecontent_wall_hint")}</p>
      <ConsoleForm
        onSubmit={async () =>
          void (await save({ donorWall: { shown, pageSize: Number(size.trim()) } }))
        }
        actions={<Submit busy={busy} text={t("consolecontent_save_wall")} />}
      >
        <div className="console-check">
          <input
            id={box}
            type="checkbox"
            name="donorWall.shown"
            checked={shown}
            onChange={(event) => setShown(event.target.checked)}
          />
          <label htmlFor={box}>{t("consolecontent_wall_shown")}</label>
        </div>
        <Field
          name="donorWall.pageSize"
          label={t("consolecontent_wall_size")}
          value={size}
          inputMode="decimal"
          required
          onChange={setSize}
          error={errorOf(wrong, "donorWall.pageSize")}
        />
      </ConsoleForm>
    </Card>
  );
}

/**
 * The site's links (issue 34): privacy statement, terms of use, the header's back-to-site links and
 * the council's external receipt sites. The main charity's only: every page reads them.
 */
/**
 * On another charity's content: where the site's links are (one set for both sites, kept with the main
 * charity's), so an officer looking for the wakaf site's back link finds it (issue 34).
 */
export function LinksElsewhere({ t, site }: { readonly t: T; readonly site: string }) {
  return (
    <Card title={t("consolecontent_links")}>
      <p className="console-meta">{t("consolecontent_links_elsewhere", { site })}</p>
    </Card>
  );
}

export function LinksCard({ t, busy, wrong, content, save }: CardProps) {
  const [links, setLinks] = useState(content.links);
  return (
    <Card title={t("consolecontent_links")}>
      <p className="console-meta">{t("consolecontent_links_hint")}</p>
      <ConsoleForm
        onSubmit={async () => void (await save({ links }))}
        actions={<Submit busy={busy} text={t("consolecontent_save_links")} />}
      >
        {SITE_LINK_NAMES.map((name) => (
          <Field
            key={name}
            name={`links.${name}`}
            label={t(`consolecontent_link_${name}`)}
            value={links[name]}
            maxLength={SITE_LINK_MAX}
            required={REQUIRED_SITE_LINKS.includes(name)}
            onChange={(value) => setLinks({ ...links, [name]: value })}
            error={errorOf(wrong, `links.${name}`)}
            wide
          />
        ))}
      </ConsoleForm>
    </Card>
  );
}
