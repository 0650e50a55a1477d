import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import { queryBuilder, run } from "./query-builder";
import type { GiftParticulars, GuestSessionEnrolment } from "./donor-model";
import type { Sql } from "./sql";

/** A guest's session: what the browser holds instead of service credentials (architecture, "departures"). */
export interface GuestSession {
  readonly id: string;
  readonly expiresAt: Date;
}

/** A live session found by its token, with what its guest enrolled (read with it: one statement). */
export interface FoundGuestSession extends GuestSession {
  /** Null until the guest enrols (spec §2's guest details). */
  readonly enrolment: GuestSessionEnrolment | null;
}

/** A `guest_session` row's enrolment columns (migrations 011 and 013). */
interface GuestEnrolmentColumns {
  readonly enrolment: GiftParticulars | null;
  readonly enrolment_id_encrypted: Uint8Array | null;
  readonly enrolment_id_hash: Uint8Array | null;
}

/** What the row's guest enrolled, or null before they enrolled. */
const guestSessionEnrolmentOf = (row: GuestEnrolmentColumns): GuestSessionEnrolment | null =>
  row.enrolment && {
    particulars: row.enrolment,
    idEncrypted: row.enrolment_id_encrypted && Buffer.from(row.enrolment_id_encrypted),
    idHash: row.enrolment_id_hash && Buffer.from(row.enrolment_id_hash),
  };

/** The spec's token life (§9): 30 minutes. */
export const GUEST_SESSION_MINUTES = 30;

const hashOf = (token: string) => createHash("sha256").update(token).digest();

export interface GuestSessions {
  /** A new session and its token (256 random bits); only the token's hash is stored. */
  readonly start: () => Promise<{ readonly token: string; readonly session: GuestSession }>;
  /** The live session the token names, or undefined for an unknown or expired one. */
  readonly find: (token: string) => Promise<FoundGuestSession | undefined>;
  /** Delete sessions that expired more than a day ago and made no donation; returns how many. */
  readonly sweep: () => Promise<number>;
}

/** The columns of `guest_session` (migration 001) the queries below name. */
interface Tables {
  guest_session: GuestEnrolmentColumns & { id: string; token_hash: Buffer; expires_at: Date };
  donation: { guest_session_id: string | null };
}

export function guestSessions(sql: Sql): GuestSessions {
  const db = queryBuilder<Tables>();
  return {
    start: async () => {
      const token = randomBytes(32).toString("base64url");
      const id = randomUUID();
      const [row] = await run(
        sql,
        db
          .insertInto("guest_session")
          .values({
            id,
            token_hash: hashOf(token),
            expires_at: raw<Date>`now() + make_interval(mins => ${GUEST_SESSION_MINUTES})`,
          })
          .returning("expires_at"),
      );
      return { token, session: { id, expiresAt: new Date(row?.expires_at ?? 0) } };
    },
    find: async (token) => {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const [row] = await run(
        sql,
        db
          .selectFrom("guest_session")
          .select(["id", "expires_at", "enrolment", "enrolment_id_encrypted", "enrolment_id_hash"])
          .where("token_hash", "=", hashOf(token))
          .where("expires_at", ">", raw<Date>`now()`),
      );
      if (!row) return undefined;
      return {
        id: row.id,
        expiresAt: new Date(row.expires_at),
        enrolment: guestSessionEnrolmentOf(row),
      };
    },
    sweep: async () => {
      const rows = await run(
        sql,
        db
          .deleteFrom("guest_session as s")
          .where("s.expires_at", "<", raw<Date>`now() - interval '1 day'`)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("donation as d")
                  .select(raw`1`.as("one"))
                  .whereRef("d.guest_session_id", "=", "s.id"),
              ),
            ),
          )
          .returning("s.id"),
      );
      return rows.length;
    },
  };
}
