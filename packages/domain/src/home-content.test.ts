import { describe, expect, it } from "vitest";
import { DEFAULT_DONOR_WALL, homeContentOf, homeParagraphs, inLanguage } from "./home-content.ts";

describe("home-page content blocks 4 to 16 (spec §9)", () => {
  it("keeps text blocks 4 to 14 in id order and leaves out other ids and empty blocks", () => {
    const content = homeContentOf([
      { blockId: 9, title: { en: "Nine" }, text: { en: "Ninth", ms: "Kesembilan" } },
      { blockId: 4, title: { en: "Four", ms: "Empat" }, text: { en: "Fourth" } },
      { blockId: 3, title: { en: "Three" }, text: { en: "Not a home block" } },
      { blockId: 17, text: { en: "Past the last" } },
      { blockId: 6, title: { en: " " }, text: { en: "" } },
      { blockId: "5", text: { en: "A string id" } },
      null,
    ]);
    expect(content.texts.map((b) => b.id)).toEqual([4, 9]);
    expect(content.texts[1]?.text).toEqual({ en: "Ninth", ms: "Kesembilan" });
  });

  it("reads the donor wall's settings from blocks 15 and 16, with defaults for bad values", () => {
    expect(homeContentOf(undefined).donorWall).toEqual(DEFAULT_DONOR_WALL);
    expect(
      homeContentOf([
        { blockId: 15, value: false },
        { blockId: 16, value: 25 },
      ]).donorWall,
    ).toEqual({ shown: false, pageSize: 25 });
    for (const value of [0, 101, 2.5, "20", null]) {
      expect(homeContentOf([{ blockId: 16, value }]).donorWall.pageSize).toBe(10);
    }
    expect(homeContentOf([{ blockId: 15, value: "no" }]).donorWall.shown).toBe(true);
    // The settings are not texts.
    expect(homeContentOf([{ blockId: 15, value: false, text: { en: "x" } }]).texts).toEqual([]);
  });

  it("gives a block's words in the page's language, else in English", () => {
    expect(inLanguage({ en: "Hello", ms: "Helo" }, "ms")).toBe("Helo");
    expect(inLanguage({ en: "Hello" }, "ms")).toBe("Hello");
    expect(inLanguage({}, "ms")).toBeUndefined();
  });
});

describe("a home text as the page draws it (issue 34)", () => {
  it("splits paragraphs, makes lists of '- ' lines and marks the values to fill", () => {
    expect(
      homeParagraphs(
        "Rates in force:\n\n- Nisab: {nisab}\n- Fidyah: {fidyahPerDay} a day\n\n{fitrahCountdown}",
      ),
    ).toEqual([
      { list: false, lines: [["Rates in force:"]] },
      {
        list: true,
        lines: [
          ["Nisab: ", { fill: "nisab" }],
          ["Fidyah: ", { fill: "fidyahPerDay" }, " a day"],
        ],
      },
      { list: false, lines: [[{ fill: "fitrahCountdown" }]] },
    ]);
  });

  it("keeps a braced name it does not know as typed, and a mixed paragraph as running lines", () => {
    expect(homeParagraphs("Pay {soon} now\n- not a list")).toEqual([
      { list: false, lines: [["Pay ", "{soon}", " now"], ["- not a list"]] },
    ]);
    expect(homeParagraphs("\n\n")).toEqual([]);
  });
});
