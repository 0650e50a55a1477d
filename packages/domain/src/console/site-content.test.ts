import { describe, expect, it } from "vitest";
import {
  ContentRefused,
  decodeSiteContentChange,
  plainParagraphs,
  storedBlock,
  type TextBlock,
} from "./site-content.ts";

const contact = {
  number: "+65 6359 1199",
  email: "info@muis.gov.sg",
  address: "273 Braddell Road",
};

const refusedField = (input: unknown): string => {
  try {
    decodeSiteContentChange(input);
  } catch (error) {
    if (error instanceof ContentRefused) return `${error.code} ${error.field}`;
    throw error;
  }
  return "accepted";
};

describe("an officer's change to the served content, checked on the server", () => {
  it("cleans the contact details with the text helper", () => {
    expect(
      decodeSiteContentChange({
        contact: {
          number: "  +65 6359   1199 ",
          email: " info@muis.gov.sg ",
          address: "<b>273</b>   Braddell\nRoad ",
        },
      }).contact,
    ).toEqual({ number: "+65 6359 1199", email: "info@muis.gov.sg", address: "273 Braddell Road" });
  });

  it.each([
    [{ contact: { ...contact, number: "6359" } }, "content.invalid contact.number"],
    [{ contact: { ...contact, number: "<script>1</script>" } }, "content.invalid contact.number"],
    [{ contact: { ...contact, number: "+65 6359 1199 ext 2" } }, "content.invalid contact.number"],
    [{ contact: { ...contact, email: "info@" } }, "content.invalid contact.email"],
    [{ contact: { ...contact, email: "<b>x</b>@muis.sg" } }, "content.invalid contact.email"],
    [{ contact: { ...contact, address: " <i></i> " } }, "content.required contact.address"],
    [{ contact: { ...contact, address: "x".repeat(201) } }, "content.invalid contact.address"],
    [{ contact: { number: 1, email: "", address: "" } }, "content.invalid contact.number"],
  ])("refuses a bad contact field %#", (input, problem) => {
    expect(refusedField(input)).toBe(problem);
  });

  it("takes https social links only, with short lower-case names", () => {
    expect(
      decodeSiteContentChange({
        socialMediaIcons: [{ name: " TikTok ", url: "https://www.tiktok.com/@muis" }],
      }).socialMediaIcons,
    ).toEqual([{ name: "tiktok", url: "https://www.tiktok.com/@muis" }]);
    expect(refusedField({ socialMediaIcons: [{ name: "x", url: "http://example.com" }] })).toBe(
      "content.invalid socialMediaIcons.0.url",
    );
    expect(refusedField({ socialMediaIcons: [{ name: "x", url: "javascript:alert(1)" }] })).toBe(
      "content.invalid socialMediaIcons.0.url",
    );
    expect(
      refusedField({ socialMediaIcons: [{ name: "x", url: 'https://a.sg/"><script>' }] }),
    ).toBe("content.invalid socialMediaIcons.0.url");
    expect(refusedField({ socialMediaIcons: [{ name: "a b", url: "https://a.sg" }] })).toBe(
      "content.invalid socialMediaIcons.0.name",
    );
    expect(
      refusedField({
        socialMediaIcons: Array.from({ length: 9 }, () => ({ name: "x", url: "https://a.sg" })),
      }),
    ).toBe("content.invalid socialMediaIcons");
  });

  it("keeps a block's paragraphs as plain text, with tags removed", () => {
    const [block] = decodeSiteContentChange({
      blocks: [
        {
          blockId: 4,
          title: { en: "<script>alert(1)</script>Notice", ms: "Notis" },
          text: { en: "First  line\r\n\r\n\r\n<b>Second</b>", ms: "Satu\n\nDua" },
        },
      ],
    }).blocks!;
    expect(block).toEqual({
      blockId: 4,
      title: { en: "alert(1)Notice", ms: "Notis" },
      text: { en: "First line\n\nSecond", ms: "Satu\n\nDua" },
    });
    expect(plainParagraphs("a <img src=x\nonerror=alert(1)> b")).toBe("a b");
  });

  it("asks for a block in both languages, or neither", () => {
    expect(
      refusedField({ blocks: [{ blockId: 5, title: { en: "", ms: "" }, text: { en: "Hi" } }] }),
    ).toBe("content.both_languages blocks.5.text.ms");
    expect(refusedField({ blocks: [{ blockId: 15, title: {}, text: {} }] })).toBe(
      "content.invalid blocks",
    );
    expect(
      refusedField({
        blocks: [
          { blockId: 6, title: {}, text: {} },
          { blockId: 6, title: {}, text: {} },
        ],
      }),
    ).toBe("content.invalid blocks");
    expect(
      refusedField({
        blocks: [{ blockId: 7, title: { en: "x".repeat(121), ms: "y" }, text: {} }],
      }),
    ).toBe("content.invalid blocks.7.title.en");
  });

  it("stores an empty block as none, and a full one without empty languages", () => {
    const empty: TextBlock = { blockId: 4, title: { en: "", ms: "" }, text: { en: "", ms: "" } };
    expect(storedBlock(empty)).toBeNull();
    expect(storedBlock({ ...empty, text: { en: "Open", ms: "Buka" } })).toEqual({
      title: {},
      text: { en: "Open", ms: "Buka" },
    });
  });

  it("takes the donor wall's settings within 1 to 100 gifts a page", () => {
    expect(
      decodeSiteContentChange({ donorWall: { shown: false, pageSize: 25 } }).donorWall,
    ).toEqual({ shown: false, pageSize: 25 });
    expect(refusedField({ donorWall: { shown: true, pageSize: 101 } })).toBe(
      "content.invalid donorWall.pageSize",
    );
    expect(refusedField({ donorWall: { shown: "yes", pageSize: 10 } })).toBe(
      "content.invalid donorWall.shown",
    );
  });

  it("refuses a change with nothing in it", () => {
    expect(refusedField({})).toBe("content.invalid ");
  });
});
