import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Sql } from "./sql";

/** A guest's session: what the browser holds instead of service credentials (architecture, "departures"). */
export interface GuestSession {
  readonly id: string;
  readonly expiresAt: Date;
}

/** The spec's token life (§9): 30 minutes. */
export const GUEST_SESSION_MINUTES = 30;

const hashOf = (token: string) => createHash("sha256").update(token).digest();

export interface GuestSessions {
  /** A new session and its token (256 random bits); only the token's hash is stored. */
  readonly start: () => Promise<{ readonly token: string; readonly session: GuestSession }>;
  /** The live session the token names, or undefined for an unknown or expired one. */
  readonly find: (token: string) => Promise<GuestSession | undefined>;
  /** Delete sessions that expired more than a day ago and made no donation; returns how many. */
  readonly sweep: () => Promise<number>;
}

export function guestSessions(sql: Sql): GuestSessions {
  return {
    start: async () => {
      const token = randomBytes(32).toString("base64url");
      const id = randomUUID();
      const [row] = await sql.query<{ expires_at: Date }>(
        `insert into guest_session (id, token_hash, expires_at)
         values ($1, $2, now() + make_interval(mins => $3)) returning expires_at`,
        [id, hashOf(token), GUEST_SESSION_MINUTES],
      );
      return { token, session: { id, expiresAt: new Date(row?.expires_at ?? 0) } };
    },
    find: async (token) => {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const [row] = await sql.query<{ id: string; expires_at: Date }>(
        "select id, expires_at from guest_session where token_hash = $1 and expires_at > now()",
        [hashOf(token)],
      );
      return row ? { id: row.id, expiresAt: new Date(row.expires_at) } : undefined;
    },
    sweep: async () => {
      const rows = await sql.query(
        `delete from guest_session s where s.expires_at < now() - interval '1 day'
           and not exists (select 1 from donation d where d.guest_session_id = s.id) returning s.id`,
      );
      return rows.length;
    },
  };
}
