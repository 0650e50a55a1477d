/**
 * The scheme the browser used, as our own load balancer reports it: with PORTAL_TRUST_PROXY=true the
 * last `X-Forwarded-Proto` entry (the one it added; earlier ones are the client's word), else
 * undefined: without a trusted proxy the header is anyone's and says nothing.
 */
export const forwardedScheme = (
  headers: { readonly get: (name: string) => string | null },
  trustProxy: boolean,
): "http" | "https" | undefined => {
  if (!trustProxy) return undefined;
  const scheme = headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
  return scheme === "http" || scheme === "https" ? scheme : undefined;
};
