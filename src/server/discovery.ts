/**
 * An OpenID provider's discovered configuration, made on first use and kept; a failed discovery (the
 * provider briefly down) is forgotten, so the next sign-in or login tries again.
 */
export function discovered<T>(discover: () => Promise<T>): () => Promise<T> {
  let connecting: Promise<T> | undefined;
  return () => {
    connecting ??= discover().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  };
}
