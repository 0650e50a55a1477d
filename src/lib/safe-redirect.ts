/**
 * The one check for every place that follows a target named by an address or by storage (the error
 * page's `?from=`, a social sign-in's start page): the target is parsed the way the browser will parse
 * it (tabs, line breaks and backslashes included: `/\t/evil.example/` is `//evil.example/`), and only a
 * target on this page's own origin is followed, as its path, query and fragment. Anything else
 * (another host, `javascript:`, a malformed URL) is null, and the caller stays where it is.
 */
export const sameOriginTarget = (value: unknown, origin: string): string | null => {
  if (typeof value !== "string" || value === "" || value.length > 2000) return null;
  let url: URL;
  let own: string;
  try {
    own = new URL(origin).origin;
    url = new URL(value, own);
  } catch {
    return null;
  }
  if (own === "null" || url.origin !== own) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};
