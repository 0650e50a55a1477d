import { describe, expect, it } from "vitest";
import {
  CONSOLE_ACTIONS,
  mayDo,
  parseRoleGroups,
  permittedActions,
  rolesFromGroups,
  type ConsoleAction,
  type ConsoleRole,
} from "./roles.ts";

describe("console role table", () => {
  const cases: ReadonlyArray<readonly [ConsoleRole, ConsoleAction, boolean]> = [
    ["viewer", "console.view", true],
    ["viewer", "donations.search", true],
    ["viewer", "donations.refund", false],
    ["viewer", "rates.draft", false],
    ["viewer", "audit.view", false],
    ["officer", "rates.draft", true],
    ["officer", "rates.approve", false],
    ["officer", "counter.record", true],
    ["officer", "finance.export", false],
    ["approver", "rates.approve", true],
    ["approver", "donations.refund.approve", true],
    ["approver", "audit.view", true],
    ["finance", "finance.reconcile", true],
    ["finance", "iras.records", true],
    ["finance", "finance.signOff", false],
    ["approver", "finance.signOff", true],
    ["approver", "iras.records", false],
    ["approver", "finance.export", false],
    ["finance", "donations.refund", false],
    ["finance", "rates.draft", false],
    ["viewer", "content.edit", false],
    ["finance", "content.edit", false],
    ["officer", "content.edit", true],
    ["approver", "content.edit", true],
    ["admin", "content.edit", true],
    ["viewer", "calendar.view", true],
    ["viewer", "calendar.draft", false],
    ["finance", "calendar.draft", false],
    ["officer", "calendar.draft", true],
    ["officer", "calendar.approve", false],
    ["approver", "calendar.approve", true],
    ["finance", "calendar.approve", false],
    ["viewer", "asnaf.view", true],
    ["viewer", "asnaf.draft", false],
    ["finance", "asnaf.draft", false],
    ["officer", "asnaf.draft", true],
    ["officer", "asnaf.approve", false],
    ["approver", "asnaf.approve", true],
    ["finance", "asnaf.approve", false],
  ];
  it.each(cases)("%s may %s: %s", (role, action, allowed) => {
    expect(mayDo([role], action)).toBe(allowed);
  });

  it("admin may do every action", () => {
    expect(permittedActions(["admin"])).toEqual([...CONSOLE_ACTIONS]);
  });

  it("no roles may do nothing", () => {
    expect(permittedActions([])).toEqual([]);
  });

  it("roles add up: a viewer who is also finance may export", () => {
    expect(mayDo(["viewer", "finance"], "finance.export")).toBe(true);
  });
});

describe("roles from the directory's group claim", () => {
  it("takes console-<role> groups by default and ignores others", () => {
    expect(rolesFromGroups(["console-viewer", "everyone", "console-approver"])).toEqual([
      "viewer",
      "approver",
    ]);
  });

  it("takes the council's own group names when configured", () => {
    const table = parseRoleGroups("officer=Giving Officers, admin = Giving Admins");
    expect(rolesFromGroups(["Giving Officers", "console-admin"], table)).toEqual(["officer"]);
  });

  it("gives no role for a missing or malformed claim", () => {
    expect(rolesFromGroups(undefined)).toEqual([]);
    expect(rolesFromGroups([1, null, {}])).toEqual([]);
  });

  it("refuses a role group table naming an unknown role", () => {
    expect(() => parseRoleGroups("superuser=Root")).toThrow(/console role/);
  });
});
