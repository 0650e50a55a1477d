import type { Sql } from "./sql";

/** An agreement to the terms: which version, and when (spec §5 iAgree). */
export interface TermsAgreement {
  readonly version: string;
  readonly agreedAt: Date;
}

/** A version as a form may send it: short, plain. */
export const isTermsVersion = (value: unknown): value is string =>
  typeof value === "string" && /^[\w.-]{1,20}$/.test(value);

/** Agreements to the terms (migration 015): a sign-up's until its first sign-in, then the donor's. */
export interface TermsAgreements {
  /** The PreSignUp check: the account `subject` of `provider` agreed to `version` at `at`. */
  readonly agreeAtSignUp: (
    provider: string,
    subject: string,
    version: string,
    at: Date,
  ) => Promise<void>;
  /** The sign-up's agreement becomes the donor's (the first signed-in call), if it gave one. */
  readonly carryOver: (provider: string, subject: string, donorId: string) => Promise<void>;
  /** The donor agreed to `version` at `at` (an enrolment); a later agreement replaces an earlier one. */
  readonly agree: (donorId: string, version: string, at: Date) => Promise<void>;
  /** What the donor last agreed to, if anything. */
  readonly of: (donorId: string) => Promise<TermsAgreement | undefined>;
}

export function termsAgreements(sql: Sql): TermsAgreements {
  const agree = async (donorId: string, version: string, at: Date) => {
    await sql.query(
      `insert into donor_terms_agreement (donor_id, terms_version, agreed_at) values ($1, $2, $3)
       on conflict (donor_id) do update
         set terms_version = excluded.terms_version, agreed_at = excluded.agreed_at`,
      [donorId, version, at],
    );
  };
  return {
    agreeAtSignUp: async (provider, subject, version, at) => {
      await sql.query(
        `insert into signup_terms_agreement (provider, subject, terms_version, agreed_at)
         values ($1, $2, $3, $4)
         on conflict (provider, subject) do update
           set terms_version = excluded.terms_version, agreed_at = excluded.agreed_at`,
        [provider, subject, version, at],
      );
    },
    carryOver: async (provider, subject, donorId) => {
      const [row] = await sql.query<{ terms_version: string; agreed_at: Date }>(
        `delete from signup_terms_agreement where provider = $1 and subject = $2
         returning terms_version, agreed_at`,
        [provider, subject],
      );
      if (row) await agree(donorId, row.terms_version, new Date(row.agreed_at));
    },
    agree,
    of: async (donorId) => {
      const [row] = await sql.query<{ terms_version: string; agreed_at: Date }>(
        "select terms_version, agreed_at from donor_terms_agreement where donor_id = $1",
        [donorId],
      );
      return row ? { version: row.terms_version, agreedAt: new Date(row.agreed_at) } : undefined;
    },
  };
}
