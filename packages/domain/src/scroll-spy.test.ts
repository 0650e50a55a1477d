import { describe, expect, it } from "vitest";
import {
  activeSection,
  clickLocked,
  isHome,
  sameSection,
  scrollOffset,
  scrollTargetTop,
  sectionKey,
  throttleDue,
} from "./scroll-spy.ts";

describe("scrolling helper (spec §2, §9)", () => {
  it("matches names case-insensitively, reading a hyphen as a space", () => {
    expect(sectionKey("Donor-Wall")).toBe("donor wall");
    expect(sameSection("donor-wall", "DONOR WALL")).toBe(true);
    expect(sameSection("account-history", "Account  history")).toBe(true);
    expect(sameSection("donor-wall", "donor-walls")).toBe(false);
  });

  it("keeps 100 px at 1024 px wide or narrower, the nav bar's height above", () => {
    expect(scrollOffset(375, 64)).toBe(100);
    expect(scrollOffset(1024, 64)).toBe(100);
    expect(scrollOffset(1025, 64)).toBe(64);
    expect(scrollOffset(1280, 0)).toBe(0);
  });

  it("scrolls 'home' to the top and a section to its top less the offset", () => {
    expect(isHome("Home")).toBe(true);
    expect(scrollTargetTop("home", 900, 100)).toBe(0);
    expect(scrollTargetTop("donor-wall", 900, 100)).toBe(800);
    expect(scrollTargetTop("first", 40, 100)).toBe(0);
  });

  it("highlights the last section whose top has passed the offset line", () => {
    const sections = [
      { name: "give", top: 200 },
      { name: "partners", top: 900 },
      { name: "donor-wall", top: 1500 },
    ];
    expect(activeSection(sections, 0, 100)).toBe("give");
    // A pixel short counts as arrived: a scroll to a section can stop a fraction above it.
    expect(activeSection(sections, 798, 100)).toBe("give");
    expect(activeSection(sections, 799, 100)).toBe("partners");
    expect(activeSection(sections, 800, 100)).toBe("partners");
    expect(activeSection(sections, 5000, 100)).toBe("donor-wall");
    expect(activeSection([], 0, 100)).toBeUndefined();
  });

  it("throttles to one run per 500 ms and locks for 300 ms after a click", () => {
    expect(throttleDue(undefined, 0)).toBe(true);
    expect(throttleDue(1000, 1499)).toBe(false);
    expect(throttleDue(1000, 1500)).toBe(true);
    expect(clickLocked(undefined, 0)).toBe(false);
    expect(clickLocked(1000, 1299)).toBe(true);
    expect(clickLocked(1000, 1300)).toBe(false);
  });
});
