import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Sql } from "./sql";

/** The secrets of one login, and what Singpass gave once it answered. */
export interface SingpassLoginSecrets {
  readonly nonce?: string;
  readonly codeVerifier?: string;
  /** The private DPoP key (JWK) the authorization code is bound to. */
  readonly dpopKey?: Record<string, unknown>;
  /** The redirect URI the request was pushed with (the donor's host). */
  readonly redirectUri?: string;
  /** The NRIC Singpass verified (Myinfo's `uinfin` from userinfo). */
  readonly nric?: string;
  /** The Myinfo person, as read from userinfo. */
  readonly person?: unknown;
  /** Where the donor continues: the enrolment language. */
  readonly lang: "en" | "ms";
}

/** `myinfo` was MyInfo v3's second redirect; the table still allows it, nothing writes it. */
export type SingpassStep = "singpass" | "ready";

/** How long a donor has to finish each redirect (Singpass's codes live a few minutes). */
const STEP_MINUTES = 10;
/** The MyInfo person stays for the rest of the guest session's life at most. */
const READY_MINUTES = 30;

export interface SingpassLogins {
  /** Begin (or restart) this guest's login at `step`, named by `state`. */
  readonly save: (
    guestSessionId: string,
    state: string,
    step: SingpassStep,
    secrets: SingpassLoginSecrets,
  ) => Promise<void>;
  /**
   * The login this guest began with `state`, taken (deleted) so a state is used once. Another guest's
   * state, a used or an expired one all answer undefined.
   */
  readonly take: (
    guestSessionId: string,
    state: string,
  ) => Promise<{ readonly step: SingpassStep; readonly secrets: SingpassLoginSecrets } | undefined>;
  /** The finished login (MyInfo person read) of this guest, if any; it is not consumed. */
  readonly ready: (guestSessionId: string) => Promise<SingpassLoginSecrets | undefined>;
  readonly finish: (guestSessionId: string) => Promise<void>;
}

const hashOf = (state: string) => createHash("sha256").update(state).digest();

export function singpassLogins(sql: Sql, serverKey: Buffer): SingpassLogins {
  const key = Buffer.from(
    hkdfSync("sha256", serverKey, Buffer.alloc(0), "portal:singpass-login:v1", 32),
  );
  const seal = (secrets: SingpassLoginSecrets, guestSessionId: string) => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    // The session id is bound in as associated data: a sealed login cannot be moved to another guest.
    cipher.setAAD(Buffer.from(guestSessionId));
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Uint8Array, guestSessionId: string): SingpassLoginSecrets => {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(guestSessionId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
      "utf8",
    );
    return JSON.parse(text) as SingpassLoginSecrets;
  };
  return {
    save: async (guestSessionId, state, step, secrets) => {
      const minutes = step === "ready" ? READY_MINUTES : STEP_MINUTES;
      await sql.query(
        `insert into singpass_login (guest_session_id, state_hash, step, sealed, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(mins => $5))
         on conflict (guest_session_id) do update set state_hash = excluded.state_hash,
           step = excluded.step, sealed = excluded.sealed, created_at = now(), expires_at = excluded.expires_at`,
        [guestSessionId, hashOf(state), step, seal(secrets, guestSessionId), minutes],
      );
    },
    take: async (guestSessionId, state) => {
      const [row] = await sql.query<{ step: SingpassStep; sealed: Uint8Array }>(
        `delete from singpass_login where guest_session_id = $1 and state_hash = $2 and step <> 'ready'
         and expires_at > now() returning step, sealed`,
        [guestSessionId, hashOf(state)],
      );
      return row ? { step: row.step, secrets: open(row.sealed, guestSessionId) } : undefined;
    },
    ready: async (guestSessionId) => {
      const [row] = await sql.query<{ sealed: Uint8Array }>(
        `select sealed from singpass_login where guest_session_id = $1 and step = 'ready' and expires_at > now()`,
        [guestSessionId],
      );
      return row ? open(row.sealed, guestSessionId) : undefined;
    },
    finish: async (guestSessionId) => {
      await sql.query("delete from singpass_login where guest_session_id = $1", [guestSessionId]);
    },
  };
}
