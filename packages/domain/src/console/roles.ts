/**
 * The council console's roles and what each may do. The table is the one rule every console call
 * checks on the server (src/server/console/guard.ts); the pages only hide what the server refuses.
 */
export const CONSOLE_ROLES = ["viewer", "officer", "approver", "finance", "admin"] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Every console action, named `<area>.<verb>`. An action not in the table is refused to everyone. */
export const CONSOLE_ACTIONS = [
  "console.view",
  "donations.search",
  "donations.view",
  "receipts.resend",
  "receipts.reissue",
  "donations.refund",
  "donations.void",
  "donations.refund.approve",
  "counter.record",
  "counter.devices",
  "counter.entries.decide",
  "counter.shift.open",
  "counter.shift.close",
  "counter.shift.approve",
  "counter.shifts.view",
  "plans.view",
  "plans.cancel",
  "wall.view",
  "wall.hide",
  "finance.view",
  "finance.reconcile",
  "finance.export",
  "finance.signOff",
  "iras.records",
  "rates.view",
  "rates.draft",
  "rates.approve",
  "calendar.view",
  "calendar.draft",
  "calendar.approve",
  "asnaf.view",
  "asnaf.draft",
  "asnaf.approve",
  "audit.view",
  "content.edit",
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const READ: ReadonlyArray<ConsoleAction> = [
  "console.view",
  "donations.search",
  "donations.view",
  "plans.view",
  "wall.view",
  "rates.view",
  "calendar.view",
  "asnaf.view",
  "counter.shifts.view",
];

const OFFICER: ReadonlyArray<ConsoleAction> = [
  ...READ,
  "receipts.resend",
  "receipts.reissue",
  "donations.refund",
  "donations.void",
  "counter.record",
  "counter.shift.open",
  "counter.shift.close",
  "plans.cancel",
  "wall.hide",
  "rates.draft",
  "calendar.draft",
  "asnaf.draft",
  "content.edit",
];

/**
 * Role -> permitted actions. Viewer reads (the counter's shift reports too); officer acts on
 * donations, the counter (opens, records within and closes their own shift), plans, the wall,
 * drafts rates and edits the pages' served content (contacts, social links, home blocks, donor wall); approver does what an officer does and approves (rates, refunds above the limit, counter voids,
 * a closed counter shift) and
 * reads the audit log; finance reads, reconciles and exports; admin does everything. "A different
 * approver" is a rule of its own (rates.ts `mayApprove`), not a permission.
 */
export const PERMISSIONS: Readonly<Record<ConsoleRole, ReadonlySet<ConsoleAction>>> = {
  viewer: new Set(READ),
  officer: new Set(OFFICER),
  // An approver signs off a reconciled day (issue 19), so sees the finance section and its days.
  approver: new Set([
    ...OFFICER,
    "donations.refund.approve",
    "counter.shift.approve",
    "rates.approve",
    // The council's Hijri calendar is published as rates are: drafted by one, approved by another.
    "calendar.approve",
    // The asnaf distribution the collections page shows (issue 34), likewise.
    "asnaf.approve",
    // Registers a mosque's counter devices (each can issue receipts offline), revokes them, and
    // looks after the entries the server held.
    "counter.devices",
    // Decides on what the server held or flagged: takes a held entry or refuses it, moves an entry
    // received outside a shift into one or acknowledges it (never on an entry of their own as amil).
    "counter.entries.decide",
    "audit.view",
    "finance.view",
    "finance.signOff",
  ]),
  finance: new Set([
    ...READ,
    "finance.view",
    "finance.reconcile",
    "finance.export",
    "iras.records",
    "audit.view",
  ]),
  admin: new Set(CONSOLE_ACTIONS),
};

export const isConsoleRole = (value: unknown): value is ConsoleRole =>
  typeof value === "string" && (CONSOLE_ROLES as ReadonlyArray<string>).includes(value);

export const isConsoleAction = (value: unknown): value is ConsoleAction =>
  typeof value === "string" && (CONSOLE_ACTIONS as ReadonlyArray<string>).includes(value);

/** Whether someone holding `roles` may do `action` (any one role permitting it is enough). */
export const mayDo = (roles: ReadonlyArray<ConsoleRole>, action: ConsoleAction): boolean =>
  roles.some((role) => PERMISSIONS[role].has(action));

/** Every action `roles` permit, in the table's order (for the pages to show what may be done). */
export const permittedActions = (roles: ReadonlyArray<ConsoleRole>): ConsoleAction[] =>
  CONSOLE_ACTIONS.filter((action) => mayDo(roles, action));

/**
 * The roles a staff directory's groups give: each role has one group name (by default `console-<role>`,
 * the council's directory may name them otherwise); unknown groups give nothing.
 */
export const rolesFromGroups = (
  groups: unknown,
  groupOfRole: Readonly<Partial<Record<ConsoleRole, string>>> = {},
): ConsoleRole[] => {
  const held = new Set(
    (Array.isArray(groups) ? groups : typeof groups === "string" ? groups.split(/[\s,]+/) : [])
      .filter((group): group is string => typeof group === "string")
      .map((group) => group.trim()),
  );
  return CONSOLE_ROLES.filter((role) => held.has(groupOfRole[role] ?? `console-${role}`));
};

/**
 * `PORTAL_STAFF_ROLE_GROUPS`-style text, `viewer=Giving Viewers,admin=Giving Admins`, as a role ->
 * group table; throws on an unknown role so a typing mistake does not silently take a role away.
 */
export const parseRoleGroups = (text: string): Partial<Record<ConsoleRole, string>> => {
  const table: Partial<Record<ConsoleRole, string>> = {};
  for (const pair of text.split(",")) {
    if (pair.trim() === "") continue;
    const at = pair.indexOf("=");
    const role = pair.slice(0, at).trim();
    const group = pair.slice(at + 1).trim();
    if (at < 0 || !isConsoleRole(role) || group === "") {
      throw new Error(`Role groups: "${pair.trim()}" is not <role>=<group> with a console role`);
    }
    table[role] = group;
  }
  return table;
};
