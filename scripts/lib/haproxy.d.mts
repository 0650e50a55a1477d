/** HAProxy (and, `withOpenssl`, the openssl command) from Debian, installed with apt-get when missing. */
export function ensureHaproxy(options?: {
  readonly withOpenssl?: boolean;
}): { ok: true; haproxy: string; openssl: string } | { ok: false; message: string };

/** HAProxy's configuration in front of `ports`; TLS-terminating with `certificate` (a PEM file). */
export function haproxyConfig(
  listenPort: number,
  ports: ReadonlyArray<number>,
  options?: { readonly certificate?: string; readonly checks?: boolean },
): string;
