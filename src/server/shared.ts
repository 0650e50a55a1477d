/**
 * One value per process, however many bundles load this module: the Astro server bundle and the
 * service bundle that `server/serve.mjs` calls directly both run in one process, and they must share
 * one database (PGlite allows one opener per folder), one server key and one sandbox gateway.
 */
export function shared<T>(name: string, make: () => T): T {
  const slot = Symbol.for(`portal.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[slot] ??= make());
}
