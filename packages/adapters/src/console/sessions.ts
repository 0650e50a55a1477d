import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isConsoleRole, type ConsoleRole } from "@portal/domain";
import type { SqlQuery } from "../db/sql";

/** An officer as the console knows them: the staff directory's subject, name and roles. */
export interface Officer {
  readonly id: string;
  readonly name: string;
  readonly roles: ReadonlyArray<ConsoleRole>;
}

export interface ConsoleSession {
  readonly officer: Officer;
  /** The session's CSRF token: every changing call carries it in `x-console-csrf`. */
  readonly csrfToken: string;
}

/** Idle timeout of a console session (issue 18): 15 minutes without a call ends it. */
export const CONSOLE_IDLE_MINUTES = 15;
/** However busy, a session ends after 12 hours; the officer signs in again at the directory. */
export const CONSOLE_MAX_HOURS = 12;
/** A sign-in in progress (between /console/sign-in and the directory's answer) lives 10 minutes. */
export const CONSOLE_LOGIN_MINUTES = 10;

const hashOf = (token: string) => createHash("sha256").update(token).digest();
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface ConsoleSessions {
  /** A new session for `officer`; returns the cookie's token (only its hash is stored). */
  readonly start: (officer: Officer, now: Date) => Promise<{ token: string; csrfToken: string }>;
  /** The live session a token names (idle < 15 min, age < 12 h), touched; else undefined. */
  readonly find: (token: string, now: Date) => Promise<ConsoleSession | undefined>;
  readonly end: (token: string, now: Date) => Promise<void>;
  /**
   * A sign-in in progress: keep its PKCE verifier and nonce under the state's hash, with the hash of
   * a new random value for the starting browser's sign-in cookie; returns that value.
   */
  readonly beginLogin: (
    login: { state: string; codeVerifier: string; nonce: string; returnTo: string },
    now: Date,
  ) => Promise<string>;
  /**
   * Take (and forget) a sign-in in progress, if it is younger than 10 minutes. `sameBrowser` says
   * whether `browser` (the sign-in cookie) is the value given to the browser that started it.
   */
  readonly takeLogin: (
    state: string,
    browser: string,
    now: Date,
  ) => Promise<
    { codeVerifier: string; nonce: string; returnTo: string; sameBrowser: boolean } | undefined
  >;
  /** Delete ended, idle and old sessions and stale sign-ins; returns how many. */
  readonly sweep: (now: Date) => Promise<number>;
}

export function consoleSessions(sql: SqlQuery): ConsoleSessions {
  return {
    start: async (officer, now) => {
      const token = newToken();
      const csrfToken = newToken();
      await sql.query(
        `insert into console_session
           (token_hash, officer_id, officer_name, roles, csrf_token, created_at, last_seen_at)
         values ($1, $2, $3, $4, $5, $6, $6)`,
        [hashOf(token), officer.id, officer.name, officer.roles, csrfToken, now],
      );
      return { token, csrfToken };
    },
    find: async (token, now) => {
      if (!TOKEN.test(token)) return undefined;
      const [row] = await sql.query<{
        officer_id: string;
        officer_name: string;
        roles: string[];
        csrf_token: string;
      }>(
        `update console_session set last_seen_at = $2
         where token_hash = $1 and ended_at is null
           and last_seen_at > $2::timestamptz - make_interval(mins => $3)
           and created_at > $2::timestamptz - make_interval(hours => $4)
         returning officer_id, officer_name, roles, csrf_token`,
        [hashOf(token), now, CONSOLE_IDLE_MINUTES, CONSOLE_MAX_HOURS],
      );
      if (!row) return undefined;
      return {
        officer: {
          id: row.officer_id,
          name: row.officer_name,
          roles: row.roles.filter(isConsoleRole),
        },
        csrfToken: row.csrf_token,
      };
    },
    end: async (token, now) => {
      if (!TOKEN.test(token)) return;
      await sql.query(
        "update console_session set ended_at = $2 where token_hash = $1 and ended_at is null",
        [hashOf(token), now],
      );
    },
    beginLogin: async (login, now) => {
      const browser = newToken();
      await sql.query(
        `insert into console_login
           (state_hash, code_verifier, nonce, return_to, created_at, browser_hash)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          hashOf(login.state),
          login.codeVerifier,
          login.nonce,
          login.returnTo,
          now,
          hashOf(browser),
        ],
      );
      return browser;
    },
    takeLogin: async (state, browser, now) => {
      const [row] = await sql.query<{
        code_verifier: string;
        nonce: string;
        return_to: string;
        browser_hash: Uint8Array;
      }>(
        `delete from console_login where state_hash = $1
           and created_at > $2::timestamptz - make_interval(mins => $3)
         returning code_verifier, nonce, return_to, browser_hash`,
        [hashOf(state), now, CONSOLE_LOGIN_MINUTES],
      );
      if (!row) return undefined;
      const stored = Buffer.from(row.browser_hash);
      const given = hashOf(browser);
      return {
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        returnTo: row.return_to,
        sameBrowser:
          TOKEN.test(browser) && stored.length === given.length && timingSafeEqual(stored, given),
      };
    },
    sweep: async (now) => {
      const sessions = await sql.query(
        `delete from console_session where ended_at is not null
           or last_seen_at < $1::timestamptz - make_interval(mins => $2)
           or created_at < $1::timestamptz - make_interval(hours => $3) returning officer_id`,
        [now, CONSOLE_IDLE_MINUTES, CONSOLE_MAX_HOURS],
      );
      const logins = await sql.query(
        `delete from console_login where created_at < $1::timestamptz - make_interval(mins => $2)
         returning nonce`,
        [now, CONSOLE_LOGIN_MINUTES],
      );
      return sessions.length + logins.length;
    },
  };
}
