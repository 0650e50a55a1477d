import type { DonorDetailsInput } from "./donors";
import { personalData } from "./personal-data";
import { termsAgreements } from "./terms";
import type { Sql } from "./sql";

/** What a new account says it is: the donor details, NRIC or UEN, kept until its first sign-in. */
export type SignUpDetails = DonorDetailsInput;

/**
 * A sign-up's details wait this long for the account's first signed-in call with its e-mail proved.
 * They hold nothing against anyone meanwhile: an NRIC, UEN or mobile number is claimed only when the
 * account registers (the first to prove its mailbox); a record older than this is forgotten.
 */
export const SIGNUP_HOLD_HOURS = 24;

export interface IdentitySignups {
  /**
   * Record the details of the new account `subject` (replacing an earlier record of it), before its
   * e-mail is proved: no uniqueness is asked here, so the answer says nothing about anyone else's
   * details (docs/security.md). Records past their hold are deleted as new ones are written.
   */
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

  return {
    agreeToTerms: termsAgreements(sql).agreeAtSignUp,
    record: async (provider, subject, input) => {
      await sql.query(`delete from identity_signup where not (${live})`);
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
