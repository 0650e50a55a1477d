/**
 * The home pages' content blocks (spec §9: ids 4 to 16), kept in the configuration the server serves so
 * officers change them without a release. Blocks 4 to 14 are the home pages' texts (a title and a text
 * in each language, shown in id order); 15 and 16 are the donor wall's settings: whether the wall is
 * shown, and how many gifts a page of it holds.
 */

export const FIRST_CONTENT_BLOCK = 4;
export const LAST_CONTENT_BLOCK = 16;
/** Donor-wall setting 15: whether the fund's landing page shows its donor wall. */
export const DONOR_WALL_SHOWN_BLOCK = 15;
/** Donor-wall setting 16: gifts per page of the wall (1 to the server's page size, 100). */
export const DONOR_WALL_PAGE_SIZE_BLOCK = 16;
/** The donor wall before an officer changes it: shown, ten gifts a page. */
export const DEFAULT_DONOR_WALL = { shown: true, pageSize: 10 } as const;
/** The largest page the donor-wall call serves (§9 page size constant 100). */
export const MAX_DONOR_WALL_PAGE_SIZE = 100;

export const isContentBlockId = (id: unknown): id is number =>
  typeof id === "number" &&
  Number.isInteger(id) &&
  id >= FIRST_CONTENT_BLOCK &&
  id <= LAST_CONTENT_BLOCK;

/** A text block: its id and, per language code, a title and a text. */
export interface ContentText {
  readonly id: number;
  readonly title: Readonly<Record<string, string>>;
  readonly text: Readonly<Record<string, string>>;
}

export interface DonorWallSettings {
  readonly shown: boolean;
  readonly pageSize: number;
}

export interface HomeContent {
  readonly texts: ReadonlyArray<ContentText>;
  readonly donorWall: DonorWallSettings;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

const strings = (value: unknown): Record<string, string> =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === "string" && entry[1].trim() !== "",
        ),
      )
    : {};

/**
 * The served blocks (`[{ blockId, title, text, value }]`) as the pages use them. Anything malformed is
 * left out, never thrown: a bad block must not take the home page down. A text block with no text in
 * any language is left out; the donor wall keeps its defaults for a missing or unusable setting.
 */
export const homeContentOf = (blocks: unknown): HomeContent => {
  const list = Array.isArray(blocks) ? blocks.filter(isRecord) : [];
  const byId = new Map(
    list.filter((b) => isContentBlockId(b["blockId"])).map((b) => [b["blockId"] as number, b]),
  );
  const texts = [...byId.entries()]
    .filter(([id]) => id < DONOR_WALL_SHOWN_BLOCK)
    .sort(([a], [b]) => a - b)
    .map(([id, b]) => ({ id, title: strings(b["title"]), text: strings(b["text"]) }))
    .filter((b) => Object.keys(b.text).length > 0 || Object.keys(b.title).length > 0);
  const shown = byId.get(DONOR_WALL_SHOWN_BLOCK)?.["value"];
  const size = byId.get(DONOR_WALL_PAGE_SIZE_BLOCK)?.["value"];
  return {
    texts,
    donorWall: {
      shown: typeof shown === "boolean" ? shown : DEFAULT_DONOR_WALL.shown,
      pageSize:
        typeof size === "number" &&
        Number.isInteger(size) &&
        size >= 1 &&
        size <= MAX_DONOR_WALL_PAGE_SIZE
          ? size
          : DEFAULT_DONOR_WALL.pageSize,
    },
  };
};

/** A block's words in `lang`, else in `fallback` (English), else none. */
export const inLanguage = (
  words: Readonly<Record<string, string>>,
  lang: string,
  fallback = "en",
): string | undefined => words[lang] ?? words[fallback];

/**
 * The values a home text may name in braces (issue 34: `Nisab: {nisab}`), which the page fills from
 * the served configuration when it loads, so the rates and the fitrah countdown an officer writes
 * about are always those in force: the nisab, fitrah (normal and premium) and fidyah a day and
 * kaffarah a person, and the days left to pay fitrah before the Aidilfitri prayer. A name not listed
 * stays as typed.
 */
export const HOME_FILLS = [
  "nisab",
  "fitrahNormal",
  "fitrahPremium",
  "fidyahPerDay",
  "kaffarahPerPerson",
  "fitrahCountdown",
] as const;
export type HomeFill = (typeof HOME_FILLS)[number];

/** A run of a home text: words, or a value the page fills. */
export type HomePiece = string | { readonly fill: HomeFill };

/** A paragraph of a home text: its lines, a list when every line starts with "- ". */
export interface HomeParagraph {
  readonly list: boolean;
  readonly lines: ReadonlyArray<ReadonlyArray<HomePiece>>;
}

const piecesOf = (line: string): HomePiece[] =>
  line
    .split(/(\{[A-Za-z]+\})/)
    .filter((piece) => piece !== "")
    .map((piece) => {
      const name = /^\{([A-Za-z]+)\}$/.exec(piece)?.[1];
      return HOME_FILLS.find((fill) => fill === name) === undefined
        ? piece
        : { fill: name as HomeFill };
    });

/**
 * A block's text as the page draws it (plain text, never markup): paragraphs apart at a blank line; a
 * paragraph whose every line starts with "- " a list of those lines; other lines run on in one
 * paragraph. Braced names of `HOME_FILLS` are the values to fill.
 */
export const homeParagraphs = (text: string): HomeParagraph[] =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const list = lines.every((line) => line.startsWith("- "));
      return { list, lines: lines.map((line) => piecesOf(list ? line.slice(2) : line)) };
    });
