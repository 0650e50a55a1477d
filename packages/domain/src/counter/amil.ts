// The amil on a counter device (issue 32, docs/counter.md): an officer whose roles allow
// `counter.record` signs in on the device online once, and the council gives the device a credential,
// a statement it signs with its own key: "officer X may take entries on device D until T". The device
// keeps it (its PIN reopens the session offline) and every entry it signs carries it; at the sync the
// council checks it again, so a device cannot invent an amil. Pure: the signing is the server's.

/** How long an amil credential lasts: a night at the counter and the morning's sync after it. */
export const AMIL_CREDENTIAL_TTL_MS = 18 * 60 * 60_000;
/** A PIN: 4 to 6 digits, kept on the device only as a slow salted hash. */
export const AMIL_PIN = /^\d{4,6}$/;
/** Wrong PINs in a row that lock the amil's session on the device until they sign in online again. */
export const AMIL_PIN_TRIES = 5;
/** PBKDF2-SHA-256 iterations of the PIN's hash on the device (OWASP's figure for SHA-256). */
export const AMIL_PIN_ITERATIONS = 600_000;

/** What the council signs: who, on which device, from when until when (seconds since 1970). */
export interface AmilClaims {
  readonly v: 1;
  /** The officer's id, as the console knows them. */
  readonly sub: string;
  readonly name: string;
  /** The device the amil may take entries on. */
  readonly dev: string;
  readonly iat: number;
  readonly exp: number;
}

/** The claims of a credential the council gives `officer` on `deviceId` at `now`. */
export const amilClaims = (
  officer: { readonly id: string; readonly name: string },
  deviceId: string,
  now: Date,
  ttlMs = AMIL_CREDENTIAL_TTL_MS,
): AmilClaims => ({
  v: 1,
  sub: officer.id,
  name: officer.name,
  dev: deviceId,
  iat: Math.floor(now.getTime() / 1000),
  exp: Math.floor((now.getTime() + ttlMs) / 1000),
});

const short = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= 255;
const seconds = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

/** A credential's claims, once its signature is checked, if they have the shape; else undefined. */
export const readAmilClaims = (value: unknown): AmilClaims | undefined => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const c = value as Record<string, unknown>;
  if (c["v"] !== 1 || !short(c["sub"]) || !short(c["name"]) || !short(c["dev"])) return undefined;
  if (!seconds(c["iat"]) || !seconds(c["exp"]) || c["exp"] <= c["iat"]) return undefined;
  return value as AmilClaims;
};

/** Why an entry's amil cannot be taken as it is (held for an officer, shown to the amil). */
export type AmilHeldReason = "amil.missing" | "amil.forged" | "amil.other_device" | "amil.expired";

export const AMIL_HELD_REASONS: ReadonlyArray<AmilHeldReason> = [
  "amil.missing",
  "amil.forged",
  "amil.other_device",
  "amil.expired",
];

/**
 * Whether an entry's amil holds: its credential was there (`"missing"` if not), its signature the
 * council's (`"forged"` if not, or if its claims have no shape), for the device that signed the entry,
 * naming the amil the entry names, and valid at the entry's time (from its issue to its expiry).
 */
export const amilHeldReason = (
  entry: {
    readonly deviceId: string;
    readonly takenAt: string;
    readonly amil: { readonly id: string; readonly name: string };
  },
  credential: AmilClaims | "missing" | "forged",
): AmilHeldReason | undefined => {
  if (credential === "missing") return "amil.missing";
  if (
    credential === "forged" ||
    credential.sub !== entry.amil.id ||
    credential.name.trim() !== entry.amil.name.trim()
  )
    return "amil.forged";
  if (credential.dev !== entry.deviceId) return "amil.other_device";
  const at = Date.parse(entry.takenAt) / 1000;
  if (!(at >= credential.iat && at <= credential.exp)) return "amil.expired";
  return undefined;
};

/** Where a synced entry stands against the amil's shifts (docs/counter.md). */
export type ShiftFlag = "shift.none" | "shift.closed";
