import type { DonorDetailsInput } from "./donors";
import { personalData } from "./personal-data";
import { termsAgreements } from "./terms";
import type { Sql } from "./sql";

/** Why a sign-up is refused before the account is made (the PreSignUp check). */
export type SignUpRefusal = "uen.exists" | "mobile.exists";

/** What a new account says it is: the donor details, NRIC or UEN, kept until its first sign-in. */
export type SignUpDetails = DonorDetailsInput;

/** Pending sign-ups hold their NRIC or UEN for this long; an unconfirmed account then lets go of it. */
export const SIGNUP_HOLD_HOURS = 24;

export interface IdentitySignups {
  /**
   * Whether a new account may claim these details: a company's UEN is not registered to another
   * sign-in nor held by another pending sign-up, and no other donor uses the mobile number. An NRIC
   * is checked only after the e-mail code, when the account registers (docs/security.md).
   */
  readonly check: (
    provider: string,
    subject: string,
    input: SignUpDetails,
  ) => Promise<SignUpRefusal | null>;
  /** Record the details of the new account `subject` (replacing an earlier record of it). */
  readonly record: (provider: string, subject: string, input: SignUpDetails) => Promise<void>;
  readonly remove: (provider: string, subject: string) => Promise<void>;
  /** The sign-up form's agreement to the terms (`version`, at `at`), kept for its first sign-in. */
  readonly agreeToTerms: (
    provider: string,
    subject: string,
    version: string,
    at: Date,
  ) => Promise<void>;
  /** The recorded details of `subject`, if it signed up within the hold. */
  readonly find: (provider: string, subject: string) => Promise<SignUpDetails | undefined>;
}

interface SignupRow {
  kind: "individual" | "corporate";
  name: string;
  email: string | null;
  mobile_country_code: string | null;
  mobile: string | null;
  nric_encrypted: Uint8Array | null;
  uen: string | null;
  company_name: string | null;
}

export function identitySignups(sql: Sql, serverKey: Buffer): IdentitySignups {
  const pii = personalData(serverKey);
  const live = `created_at > now() - interval '${SIGNUP_HOLD_HOURS} hours'`;
  const exists = async (text: string, params: ReadonlyArray<unknown>) =>
    (await sql.query(text, params)).length > 0;

  return {
    agreeToTerms: termsAgreements(sql).agreeAtSignUp,
    check: async (provider, subject, input) => {
      // An NRIC is not checked here: this answer comes before the e-mail code, so "NRIC already
      // exists" would tell anyone with a fresh address whether a number is registered. The first
      // signed-in call after the code registers it, or answers that (completeSignUp, auth.ts).
      if (input.kind === "corporate") {
        const uen = (input.uen ?? "").trim().toUpperCase();
        if (
          (await exists(
            "select 1 from donor d join identity_link l on l.donor_id = d.id where d.uen = $1 limit 1",
            [uen],
          )) ||
          (await exists(
            `select 1 from identity_signup where uen = $1 and ${live}
               and not (provider = $2 and subject = $3) limit 1`,
            [uen, provider, subject],
          ))
        )
          return "uen.exists";
      }
      if (input.mobile) {
        const cc = input.countryCode ?? "+65";
        // A donor who enrolled as a guest with this NRIC may keep their own number.
        const own =
          input.kind === "individual"
            ? ["nric_hash", pii.hash(input.nric ?? "")]
            : ["uen", (input.uen ?? "").trim().toUpperCase()];
        if (
          (await exists(
            `select 1 from donor where mobile_country_code = $1 and mobile = $2
               and ${own[0]} is distinct from $3 limit 1`,
            [cc, input.mobile, own[1]],
          )) ||
          (await exists(
            `select 1 from identity_signup where mobile_country_code = $1 and mobile = $2 and ${live}
               and not (provider = $3 and subject = $4) limit 1`,
            [cc, input.mobile, provider, subject],
          ))
        )
          return "mobile.exists";
      }
      return null;
    },
    record: async (provider, subject, input) => {
      await sql.query(
        `insert into identity_signup (provider, subject, kind, name, email, mobile_country_code, mobile,
           nric_encrypted, nric_hash, uen, company_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (provider, subject) do update set kind = excluded.kind, name = excluded.name,
           email = excluded.email, mobile_country_code = excluded.mobile_country_code,
           mobile = excluded.mobile, nric_encrypted = excluded.nric_encrypted,
           nric_hash = excluded.nric_hash, uen = excluded.uen, company_name = excluded.company_name,
           created_at = now()`,
        [
          provider,
          subject,
          input.kind,
          input.name,
          input.email?.toLowerCase() ?? null,
          input.mobile ? (input.countryCode ?? "+65") : null,
          input.mobile ?? null,
          input.nric ? pii.encrypt(input.nric) : null,
          input.nric ? pii.hash(input.nric) : null,
          input.uen ? input.uen.trim().toUpperCase() : null,
          input.companyName ?? null,
        ],
      );
    },
    remove: async (provider, subject) => {
      await sql.query("delete from identity_signup where provider = $1 and subject = $2", [
        provider,
        subject,
      ]);
    },
    find: async (provider, subject) => {
      const [row] = await sql.query<SignupRow>(
        `select kind, name, email, mobile_country_code, mobile, nric_encrypted, uen, company_name
         from identity_signup where provider = $1 and subject = $2 and ${live}`,
        [provider, subject],
      );
      if (!row) return undefined;
      return {
        kind: row.kind,
        name: row.name,
        email: row.email ?? undefined,
        countryCode: row.mobile_country_code ?? undefined,
        mobile: row.mobile ?? undefined,
        nric: row.nric_encrypted ? pii.decrypt(row.nric_encrypted) : undefined,
        uen: row.uen ?? undefined,
        companyName: row.company_name ?? undefined,
      };
    },
  };
}
