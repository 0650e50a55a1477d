/**
 * Who may do each of the console's operations on gifts (issue 18). The console's role table decides
 * for every console call; these are the operations' rows of it. Refunds above the configured amount
 * also need a second officer with `donation.reversal.approve`, never the one who asked.
 */
export type OperationsRole = "viewer" | "officer" | "approver" | "finance" | "admin";

export const OPERATIONS_PERMISSIONS = {
  "donations.view": ["viewer", "officer", "approver", "finance", "admin"],
  "plans.view": ["viewer", "officer", "approver", "finance", "admin"],
  "receipt.resend": ["officer", "approver", "finance", "admin"],
  "receipt.reissue": ["officer", "approver", "admin"],
  "donation.reversal.ask": ["officer", "approver", "finance", "admin"],
  "donation.reversal.approve": ["approver", "admin"],
  "counter.receipt": ["officer", "admin"],
  "plans.cancel": ["officer", "approver", "admin"],
  "wall.moderate": ["officer", "approver", "admin"],
} as const satisfies Record<string, ReadonlyArray<OperationsRole>>;

export type OperationsAction = keyof typeof OPERATIONS_PERMISSIONS;

export const operationsAllowed = (role: string, action: OperationsAction): boolean =>
  (OPERATIONS_PERMISSIONS[action] as ReadonlyArray<string>).includes(role);
