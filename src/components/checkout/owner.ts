import { sessionBridge } from "../auth/bridge";

/**
 * Whom checkout's payment calls are made for: the donor signed in in this tab (their ID token as
 * `authorization`, docs/api.md "Who may do what"), or the guest session (no header: the cookie). `key` names
 * the owner (the token's subject, or "guest") so a donation made for one owner is never paid for
 * another after a sign-in or sign-out on the page.
 */
export interface Owner {
  readonly headers: Readonly<Record<string, string>>;
  readonly key: string;
}

export const GUEST: Owner = { headers: {}, key: "guest" };

/** The `sub` claim of a JWT (its payload is base64url JSON); undefined for anything else. */
export const subjectOf = (token: string): string | undefined => {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))) as {
      sub?: unknown;
    };
    return typeof json.sub === "string" && json.sub !== "" ? json.sub : undefined;
  } catch {
    return undefined;
  }
};

/** The owner a bridge's `authorization()` answer names. */
export const ownerOf = (headers: Readonly<Record<string, string>>): Owner => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers["authorization"] ?? "")?.[1];
  if (!bearer) return GUEST;
  return { headers: { authorization: `Bearer ${bearer}` }, key: subjectOf(bearer) ?? "signed-in" };
};

/**
 * The owner now, read afresh at every call: a guest at once when the tab holds no sign-in; otherwise
 * through the accounts bundle's bridge (chrome/auth-header.ts loads it), whose current ID token it is.
 */
export const currentOwner = async (): Promise<Owner> => {
  const bridge = await sessionBridge();
  return bridge ? ownerOf(await bridge.authorization()) : GUEST;
};
