import {
  DONOR_WALL_SHOWN_BLOCK,
  FIRST_CONTENT_BLOCK,
  MAX_DONOR_WALL_PAGE_SIZE,
  type DonorWallSettings,
} from "../home-content.ts";
import {
  isSiteLink,
  REQUIRED_SITE_LINKS,
  SITE_LINK_MAX,
  SITE_LINK_NAMES,
  type SiteLinks,
} from "../site-links.ts";
import { EMAIL_PATTERN, MOBILE_MAX_DIGITS, MOBILE_MIN_DIGITS } from "../validators/contact.ts";
import { cleanText, URL_PATTERN } from "../validators/text.ts";

/**
 * What an officer may change of the pages' served configuration in the console (issue 23): the contact
 * details and social links of the footer and error pages (spec §2), the home pages' text blocks 4 to 14
 * in English and Malay and the donor wall's settings 15 and 16 (spec §9). Every field is checked and
 * cleaned here, on the server: the §5 text helper (HTML tags removed, runs of spaces collapsed,
 * trimmed), lengths, an e-mail, a phone number, https links only (and, for the site's links of
 * site-links.ts, the portal's own paths). What is stored is plain text.
 */

/** The languages a text block is written in; both, or the block is refused. */
export const CONTENT_LANGUAGES = ["en", "ms"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The last text block (15 and 16 are the donor wall's settings). */
export const LAST_TEXT_BLOCK = DONOR_WALL_SHOWN_BLOCK - 1;

/** The longest each field may be, after cleaning (characters). */
export const CONTENT_LIMITS = {
  number: 24,
  email: 254,
  address: 200,
  socialName: 31,
  socialUrl: 300,
  socialLinks: 8,
  title: 120,
  text: 2000,
} as const;

export interface ContactDetails {
  readonly number: string;
  readonly email: string;
  readonly address: string;
}

export interface SocialLink {
  readonly name: string;
  readonly url: string;
}

/** A text block's words per language; an empty string is "none". */
export interface TextBlock {
  readonly blockId: number;
  readonly title: Readonly<Record<ContentLanguage, string>>;
  readonly text: Readonly<Record<ContentLanguage, string>>;
}

/** One save from the console: only the parts sent are changed. */
export interface SiteContentChange {
  readonly contact?: ContactDetails;
  readonly socialMediaIcons?: ReadonlyArray<SocialLink>;
  readonly blocks?: ReadonlyArray<TextBlock>;
  readonly donorWall?: DonorWallSettings;
  /** The main charity's links (privacy, terms, back-to-site, receipt sites): `site-links.ts`. */
  readonly links?: SiteLinks;
}

/** A charity's editable content as the console shows it (every text block 4 to 14, empty or not). */
export interface SiteContent {
  readonly charityId: number;
  readonly contact: ContactDetails;
  readonly socialMediaIcons: ReadonlyArray<SocialLink>;
  readonly blocks: ReadonlyArray<TextBlock>;
  readonly donorWall: DonorWallSettings;
  readonly links: SiteLinks;
}

export type ContentProblem = "content.invalid" | "content.required" | "content.both_languages";

/** A refused field: `field` is its path (`contact.email`, `blocks.4.text.ms`). */
export class ContentRefused extends Error {
  readonly _tag = "ContentRefused";
  readonly code: ContentProblem;
  readonly field: string;
  constructor(code: ContentProblem, field: string, message: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

// Control characters other than the line break never reach the pages.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/g;

/** One line of plain text: the text helper, line breaks as spaces, trimmed. */
export const plainLine = (value: string): string =>
  cleanText(value.replace(/\r\n?|\n/g, " ").replace(CONTROL, " ")).trim();

/** One line as typed, with only its spaces tidied (for values with a pattern of their own). */
const tidyLine = (value: string): string => value.replace(CONTROL, " ").replace(/\s+/g, " ").trim();

/** Paragraphs of plain text: each line cleaned, at most one blank line between paragraphs. */
export const plainParagraphs = (value: string): string =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, " ")
    .replace(/<[^>]*>?/g, "")
    .split("\n")
    .map(plainLine)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const stringAt = (value: unknown, field: string): string => {
  if (typeof value !== "string") {
    throw new ContentRefused("content.invalid", field, `${field} must be text`);
  }
  return value;
};

const limited = (text: string, field: string, max: number, required: boolean): string => {
  if (required && text === "") {
    throw new ContentRefused("content.required", field, `${field} is required`);
  }
  if (text.length > max) {
    throw new ContentRefused("content.invalid", field, `${field} is longer than ${max} characters`);
  }
  return text;
};

const contactOf = (value: unknown): ContactDetails => {
  if (!isRecord(value))
    throw new ContentRefused("content.invalid", "contact", "contact: an object");
  // The address is free text (the text helper); a number and an e-mail are only tidied, so that one
  // typed with markup in it is refused rather than saved as something else.
  const line = (key: keyof ContactDetails) =>
    limited(
      (key === "address" ? plainLine : tidyLine)(stringAt(value[key], `contact.${key}`)),
      `contact.${key}`,
      CONTENT_LIMITS[key],
      true,
    );
  const number = line("number");
  const digits = number.replace(/\D/g, "").length;
  if (!/^\+?[\d ()-]+$/.test(number) || digits < MOBILE_MIN_DIGITS || digits > MOBILE_MAX_DIGITS) {
    throw new ContentRefused("content.invalid", "contact.number", "contact.number: 8 to 16 digits");
  }
  const email = line("email");
  if (!EMAIL_PATTERN.test(email)) {
    throw new ContentRefused(
      "content.invalid",
      "contact.email",
      "contact.email: an e-mail address",
    );
  }
  return { number, email, address: line("address") };
};

const socialLinksOf = (value: unknown): SocialLink[] => {
  if (!Array.isArray(value) || value.length > CONTENT_LIMITS.socialLinks) {
    throw new ContentRefused(
      "content.invalid",
      "socialMediaIcons",
      `socialMediaIcons: a list of at most ${CONTENT_LIMITS.socialLinks}`,
    );
  }
  return value.map((link: unknown, at) => {
    const field = `socialMediaIcons.${at}`;
    if (!isRecord(link)) throw new ContentRefused("content.invalid", field, `${field}: an object`);
    const name = tidyLine(stringAt(link["name"], `${field}.name`)).toLowerCase();
    if (!/^[a-z][a-z0-9-]*$/.test(name)) {
      throw new ContentRefused(
        "content.invalid",
        `${field}.name`,
        `${field}.name: lower-case letters, digits and hyphens`,
      );
    }
    limited(name, `${field}.name`, CONTENT_LIMITS.socialName, true);
    const url = tidyLine(stringAt(link["url"], `${field}.url`));
    if (!url.startsWith("https://") || !URL_PATTERN.test(url) || /[<>"'`\\\s]/.test(url)) {
      throw new ContentRefused("content.invalid", `${field}.url`, `${field}.url: an https address`);
    }
    return { name, url: limited(url, `${field}.url`, CONTENT_LIMITS.socialUrl, true) };
  });
};

const wordsOf = (
  value: unknown,
  field: string,
  clean: (text: string) => string,
  max: number,
): Record<ContentLanguage, string> => {
  const words = isRecord(value) ? value : {};
  const [en, ms] = CONTENT_LANGUAGES.map((lang) => {
    const raw = words[lang] ?? "";
    return limited(clean(stringAt(raw, `${field}.${lang}`)), `${field}.${lang}`, max, false);
  }) as [string, string];
  if ((en === "") !== (ms === "")) {
    const missing = en === "" ? "en" : "ms";
    throw new ContentRefused(
      "content.both_languages",
      `${field}.${missing}`,
      `${field}: give it in English and Malay, or in neither`,
    );
  }
  return { en, ms };
};

const blocksOf = (value: unknown): TextBlock[] => {
  if (!Array.isArray(value)) {
    throw new ContentRefused("content.invalid", "blocks", "blocks: a list");
  }
  const seen = new Set<number>();
  return value.map((block: unknown) => {
    const id = isRecord(block) ? block["blockId"] : undefined;
    if (
      typeof id !== "number" ||
      !Number.isInteger(id) ||
      id < FIRST_CONTENT_BLOCK ||
      id > LAST_TEXT_BLOCK ||
      seen.has(id)
    ) {
      throw new ContentRefused(
        "content.invalid",
        "blocks",
        `blocks: each a block ${FIRST_CONTENT_BLOCK} to ${LAST_TEXT_BLOCK}, once`,
      );
    }
    seen.add(id);
    const record = block as Record<string, unknown>;
    return {
      blockId: id,
      title: wordsOf(record["title"], `blocks.${id}.title`, plainLine, CONTENT_LIMITS.title),
      text: wordsOf(record["text"], `blocks.${id}.text`, plainParagraphs, CONTENT_LIMITS.text),
    };
  });
};

const donorWallOf = (value: unknown): DonorWallSettings => {
  const shown = isRecord(value) ? value["shown"] : undefined;
  const pageSize = isRecord(value) ? value["pageSize"] : undefined;
  if (typeof shown !== "boolean") {
    throw new ContentRefused(
      "content.invalid",
      "donorWall.shown",
      "donorWall.shown: true or false",
    );
  }
  if (
    typeof pageSize !== "number" ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > MAX_DONOR_WALL_PAGE_SIZE
  ) {
    throw new ContentRefused(
      "content.invalid",
      "donorWall.pageSize",
      `donorWall.pageSize: a whole number from 1 to ${MAX_DONOR_WALL_PAGE_SIZE}`,
    );
  }
  return { shown, pageSize };
};

const linksOf = (value: unknown): SiteLinks => {
  if (!isRecord(value)) throw new ContentRefused("content.invalid", "links", "links: an object");
  return Object.fromEntries(
    SITE_LINK_NAMES.map((name) => {
      const field = `links.${name}`;
      const link = tidyLine(stringAt(value[name] ?? "", field));
      limited(link, field, SITE_LINK_MAX, REQUIRED_SITE_LINKS.includes(name));
      if (link !== "" && !isSiteLink(link)) {
        throw new ContentRefused(
          "content.invalid",
          field,
          `${field}: an https:// address or one of the portal's own paths (/privacy)`,
        );
      }
      return [name, link];
    }),
  ) as SiteLinks;
};

/**
 * A console save as it may be stored: each part sent is checked and cleaned (throws ContentRefused
 * naming the first bad field); a part not sent is left out, and so left as it is.
 */
export const decodeSiteContentChange = (input: unknown): SiteContentChange => {
  if (!isRecord(input)) throw new ContentRefused("content.invalid", "", "Send the change as JSON");
  const change: {
    contact?: ContactDetails;
    socialMediaIcons?: SocialLink[];
    blocks?: TextBlock[];
    donorWall?: DonorWallSettings;
    links?: SiteLinks;
  } = {};
  if (input["contact"] !== undefined) change.contact = contactOf(input["contact"]);
  if (input["socialMediaIcons"] !== undefined) {
    change.socialMediaIcons = socialLinksOf(input["socialMediaIcons"]);
  }
  if (input["blocks"] !== undefined) change.blocks = blocksOf(input["blocks"]);
  if (input["donorWall"] !== undefined) change.donorWall = donorWallOf(input["donorWall"]);
  if (input["links"] !== undefined) change.links = linksOf(input["links"]);
  if (Object.keys(change).length === 0) {
    throw new ContentRefused("content.invalid", "", "Nothing to change");
  }
  return change;
};

/** Whether a text block says nothing in any language (stored as no block at all). */
export const isEmptyBlock = (block: TextBlock): boolean =>
  CONTENT_LANGUAGES.every((lang) => block.title[lang] === "" && block.text[lang] === "");

/** A text block as stored (`{title, text}` by language, empty languages left out), or null for none. */
export const storedBlock = (block: TextBlock): Record<string, unknown> | null => {
  if (isEmptyBlock(block)) return null;
  const present = (words: Readonly<Record<ContentLanguage, string>>) =>
    Object.fromEntries(CONTENT_LANGUAGES.filter((l) => words[l] !== "").map((l) => [l, words[l]]));
  return { title: present(block.title), text: present(block.text) };
};
