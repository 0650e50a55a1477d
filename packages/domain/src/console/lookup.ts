import { maskNric } from "../format/receipt.ts";

/** An e-mail as the audit log keeps it: its first letter and its domain (`z***@example.sg`). */
export const maskEmail = (email: string): string => {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at < 1) return "***";
  return `${value.charAt(0)}***${value.slice(at)}`;
};

/**
 * What an officer looked a donor up by, as the audit log keeps it: the criteria given (empty ones
 * left out), an identity number only as its last four characters, an e-mail only masked.
 */
export const lookupForAudit = (criteria: object): Record<string, string | number> => {
  const kept: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(criteria)) {
    if (name === "pageSize") continue;
    if (typeof value === "number" && Number.isFinite(value)) kept[name] = value;
    if (typeof value !== "string" || value.trim() === "") continue;
    kept[name] =
      name === "idNumber"
        ? maskNric(value.toUpperCase())
        : name === "email"
          ? maskEmail(value)
          : value.trim();
  }
  return kept;
};
