import { sealing } from "./personal-data";
import type { Sql } from "./sql";
import type { TermsAgreement } from "./terms";

/** How long the NRIC given before a social sign-up is held for the provider's round trip. */
export const SOCIAL_NRIC_MINUTES = 15;

/**
 * The NRIC a donor gives in the NRIC-only step before a social sign-up (spec §4), held on the server
 * for their guest session instead of in the browser: sealed under the server's key with the session's
 * id bound in (a sealed value moved to another session does not open), for at most
 * SOCIAL_NRIC_MINUTES and never past the guest session's own end, and taken out by the one
 * registration that uses it, with the donor's agreement to the terms given in the same step.
 */
export interface SocialNrics {
  /**
   * Hold `nric` for this guest session, replacing any it held; it expires after SOCIAL_NRIC_MINUTES,
   * or at `notAfter` (the guest session's end) if that comes first. Returns when it expires.
   */
  readonly hold: (
    guestSessionId: string,
    nric: string,
    notAfter: Date,
    terms: TermsAgreement,
  ) => Promise<Date>;
  /** Whether this guest session holds an NRIC that has not expired (the NRIC is not read). */
  readonly held: (guestSessionId: string) => Promise<boolean>;
  /**
   * The held NRIC and the agreement given with it, deleted as they are read: a second take, an expired
   * or another session's finds none.
   */
  readonly take: (
    guestSessionId: string,
  ) => Promise<{ nric: string; terms: TermsAgreement | undefined } | undefined>;
  /** Let go of the held NRIC unused. */
  readonly forget: (guestSessionId: string) => Promise<void>;
  /** Delete every expired hold; returns how many. */
  readonly sweep: () => Promise<number>;
}

export function socialNrics(sql: Sql, serverKey: Buffer): SocialNrics {
  // AES-256-GCM under a key of its own, the guest session's id bound in (personal-data.ts).
  const sealer = sealing(serverKey, "portal:social-nric:v1");
  const seal = (nric: string, guestSessionId: string) =>
    sealer.seal(nric.trim().toUpperCase(), Buffer.from(guestSessionId));
  const open = (sealed: Uint8Array, guestSessionId: string): string =>
    sealer.open(sealed, Buffer.from(guestSessionId));
  return {
    hold: async (guestSessionId, nric, notAfter, terms) => {
      const [row] = await sql.query<{ expires_at: Date }>(
        `insert into social_nric (guest_session_id, sealed, expires_at, terms_version, terms_agreed_at)
         values ($1, $2, least(now() + make_interval(mins => $3), $4::timestamptz), $5, $6)
         on conflict (guest_session_id) do update set sealed = excluded.sealed,
           created_at = now(), expires_at = excluded.expires_at,
           terms_version = excluded.terms_version, terms_agreed_at = excluded.terms_agreed_at
         returning expires_at`,
        [
          guestSessionId,
          seal(nric, guestSessionId),
          SOCIAL_NRIC_MINUTES,
          notAfter.toISOString(),
          terms.version,
          terms.agreedAt,
        ],
      );
      return new Date(row?.expires_at ?? 0);
    },
    held: async (guestSessionId) =>
      (
        await sql.query(
          "select 1 from social_nric where guest_session_id = $1 and expires_at > now()",
          [guestSessionId],
        )
      ).length > 0,
    take: async (guestSessionId) => {
      // Deleted whether or not it is still live: an expired hold is gone too once asked for.
      const [row] = await sql.query<{
        sealed: Uint8Array;
        live: boolean;
        terms_version: string | null;
        terms_agreed_at: Date | null;
      }>(
        `delete from social_nric where guest_session_id = $1
         returning sealed, expires_at > now() as live, terms_version, terms_agreed_at`,
        [guestSessionId],
      );
      if (!row?.live) return undefined;
      const terms =
        row.terms_version && row.terms_agreed_at
          ? { version: row.terms_version, agreedAt: new Date(row.terms_agreed_at) }
          : undefined;
      return { nric: open(row.sealed, guestSessionId), terms };
    },
    forget: async (guestSessionId) => {
      await sql.query("delete from social_nric where guest_session_id = $1", [guestSessionId]);
    },
    sweep: async () =>
      (await sql.query("delete from social_nric where expires_at <= now() returning 1")).length,
  };
}
