import { describe, expect, it } from "vitest";
import { RELATIONS, savedMemberProblems, tidyMemberName } from "./saved.ts";

describe("a household member a donor keeps", () => {
  it("keeps a printable name with each relation", () => {
    for (const relation of RELATIONS) {
      expect(savedMemberProblems("Siti Aminah binte Osman", relation)).toEqual([]);
    }
    expect(savedMemberProblems("Nur 'Ain", "child")).toEqual([]);
  });

  it("refuses a name the receipt cannot print, and names the field", () => {
    expect(savedMemberProblems("", "child")).toEqual(["member.name"]);
    expect(savedMemberProblems("A", "child")).toEqual(["member.name"]);
    expect(savedMemberProblems("<script>", "child")).toEqual(["member.name"]);
    expect(savedMemberProblems("Ali 2", "child")).toEqual(["member.name"]);
    expect(savedMemberProblems("A".repeat(67), "child")).toEqual(["member.name"]);
    expect(savedMemberProblems("A".repeat(66), "child")).toEqual([]);
  });

  it("refuses a relation that is not one of the list", () => {
    expect(savedMemberProblems("Aminah", "cousin")).toEqual(["member.relation"]);
    expect(savedMemberProblems("Aminah", undefined)).toEqual(["member.relation"]);
    expect(savedMemberProblems("", 3)).toEqual(["member.name", "member.relation"]);
  });

  it("tidies spaces as the receipt prints the name", () => {
    expect(tidyMemberName("  Siti   Aminah ")).toBe("Siti Aminah");
  });
});
