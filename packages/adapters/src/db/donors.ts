import { randomUUID } from "node:crypto";
import { maskNric } from "@portal/domain";
import { linkGifts, type LinkProof } from "./gift-links";
import {
  signedOutCheck,
  type SignedIn,
  type SignedInHistory,
  type TokenOf,
} from "./identity-state";
import { personalData, type PersonalData } from "./personal-data";
import type { Sql, SqlQuery } from "./sql";
import type {
  Address,
  DonorDetailsInput,
  DonorView,
  GiftParticulars,
  GuestEnrolment,
  GuestSessionEnrolment,
  Identity,
  ProfileDetails,
  RegisterOutcome,
} from "./donor-model";

export * from "./donor-model";
import { singpassFieldsOf } from "./donor-model";
import { closeDonor } from "./donor-close";

interface DonorRow {
  id: string;
  kind: "individual" | "corporate";
  name: string;
  email: string | null;
  mobile_country_code: string | null;
  mobile: string | null;
  nric_encrypted: Uint8Array | null;
  uen: string | null;
  company_name: string | null;
  address: Address | null;
  profile: ProfileDetails;
  enrolment: DonorView["enrolment"];
  created_at: Date;
}

export interface Donors {
  readonly byIdentity: (identity: Identity) => Promise<DonorView | undefined>;
  /** A signed-in call's donor and whether its token was signed out, in one read (no extra trip). */
  readonly signedIn: (identity: Identity & { readonly token?: TokenOf }) => Promise<SignedIn>;
  /**
   * `signedIn` with the version of the donor's history list (migration 034) read in the same
   * statement; the donor's record is unsealed only when asked for.
   */
  readonly signedInHistory: (
    identity: Identity & { readonly token?: TokenOf },
  ) => Promise<SignedInHistory>;
  readonly byId: (donorId: string) => Promise<DonorView | undefined>;
  /** The e-mail addresses of every sign-in linked to this donor. */
  readonly emailsOf: (donorId: string) => Promise<ReadonlyArray<string>>;
  /** How many sign-ins use this e-mail address. */
  readonly accountsWithEmail: (email: string) => Promise<number>;
  /** Whether some sign-in is already linked to a donor with this NRIC. */
  readonly nricRegistered: (nric: string) => Promise<boolean>;
  readonly mobileTaken: (
    countryCode: string,
    mobile: string,
    exceptDonorId?: string,
  ) => Promise<boolean>;
  /**
   * A guest's enrolment before donating, held on the guest session only: the gifts this session makes
   * carry these details as their own. No stored donor is read, written or compared, so the answer is
   * the same whoever else uses this NRIC, UEN or mobile (issue 22: no registration oracle).
   */
  readonly enrolGuest: (
    guestSessionId: string,
    input: DonorDetailsInput,
    /** `Singpass` when the details came from MyInfo (the NRIC verified by Singpass). */
    enrolment?: "Manually" | "Singpass",
    terms?: GiftParticulars["terms"],
  ) => Promise<void>;
  /** A guest session's enrolment (read with the session) as its guest may see it: the id masked. */
  readonly shownEnrolment: (enrolment: GuestSessionEnrolment) => GuestEnrolment;
  /** Link earlier gifts to this donor on proof (see gift-links.ts); how many were linked. */
  readonly linkGifts: (donorId: string, proof: LinkProof) => Promise<number>;
  /**
   * Link a verified sign-in to the donor with this NRIC. A donor another sign-in holds is refused; an
   * old unlinked donor record is claimed only by a sign-in whose verified e-mail is the record's own.
   * Gifts follow only on proof: those given with this sign-in's verified e-mail (gift-links.ts).
   */
  readonly register: (identity: Identity, input: DonorDetailsInput) => Promise<RegisterOutcome>;
  readonly updateMobile: (
    donorId: string,
    countryCode: string,
    mobile: string,
  ) => Promise<"updated" | "mobile.exists">;
  readonly updateProfile: (
    donorId: string,
    patch: {
      readonly name?: string | undefined;
      readonly address?: Address | undefined;
      readonly profile?: ProfileDetails | undefined;
    },
  ) => Promise<void>;
  readonly updateEmail: (donorId: string, email: string) => Promise<void>;
  /**
   * Close the donor's account (PDPA; docs/account.md): in one transaction, every sign-in is unlinked,
   * active plans are cancelled (their manage links ended), saved cards are forgotten, and the record's
   * personal fields (name, e-mail, mobile, NRIC, address, profile) are erased. The gifts and their
   * receipts stay, with the particulars copied onto each receipt when it was issued: the tax rules
   * keep them five years. A company keeps its UEN and name (not personal data).
   * Not while a payment of the donor's is still open (`"paymentOpen"`, nothing changed): a PayNow
   * code still valid or a card payment started within `OPEN_PAYMENT_MINUTES` may yet be paid, and
   * its receipt would then be issued with the particulars already erased.
   */
  readonly close: (donorId: string) => Promise<"closed" | "paymentOpen">;
}

/** A new donor record with these details (the NRIC sealed, with its keyed hash); its id. */
export async function insertDonor(
  q: SqlQuery,
  pii: PersonalData,
  input: DonorDetailsInput,
  enrolment: DonorView["enrolment"],
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into donor (id, kind, name, email, mobile_country_code, mobile, nric_encrypted, nric_hash, uen,
       company_name, address, profile, enrolment)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      input.kind,
      input.name,
      input.email?.toLowerCase() ?? null,
      input.mobile ? (input.countryCode ?? "+65") : null,
      input.mobile ?? null,
      input.nric ? pii.encrypt(input.nric) : null,
      input.nric ? pii.hash(input.nric) : null,
      input.uen?.toUpperCase() ?? null,
      input.companyName ?? null,
      JSON.stringify(input.address ?? {}),
      JSON.stringify(input.profile ?? {}),
      enrolment,
    ],
  );
  return id;
}

export function donors(sql: Sql, serverKey: Buffer): Donors {
  const pii = personalData(serverKey);
  const signedOut = signedOutCheck(serverKey);
  const select = `select id, kind, name, email, mobile_country_code, mobile, nric_encrypted, uen, company_name,
                         address, profile, enrolment, created_at from donor`;
  const toView = (row: DonorRow): DonorView => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    countryCode: row.mobile_country_code,
    mobile: row.mobile,
    nricMasked: row.nric_encrypted ? maskNric(pii.decrypt(row.nric_encrypted)) : null,
    uen: row.uen,
    companyName: row.company_name,
    address: row.address ?? {},
    profile: row.profile,
    enrolment: row.enrolment,
    createdAt: new Date(row.created_at),
    singpassFields: singpassFieldsOf(row),
  });

  const mobileTaken = async (q: SqlQuery, cc: string, mobile: string, except?: string) =>
    (
      await q.query(
        "select 1 from donor where mobile_country_code = $1 and mobile = $2 and id is distinct from $3",
        [cc, mobile, except ?? null],
      )
    ).length > 0;

  /** The donor an NRIC (individuals) or UEN (corporates) names, locked for the enclosing transaction. */
  const findByKey = async (q: SqlQuery, input: DonorDetailsInput) => {
    const [column, key] =
      input.kind === "individual"
        ? ["nric_hash", pii.hash(input.nric ?? "")]
        : ["uen", (input.uen ?? "").toUpperCase()];
    const [row] = await q.query<{ id: string; email: string | null; linked: boolean }>(
      `select d.id, d.email, exists (select 1 from identity_link l where l.donor_id = d.id) as linked
       from donor d where d.${column} = $1 for update`,
      [key],
    );
    return row;
  };

  const audit = (q: SqlQuery, actor: string, action: string, donorId: string) =>
    q.query(
      "insert into audit_log (actor, action, entity, entity_id) values ($1, $2, 'donor', $3)",
      [actor, action, donorId],
    );

  /** The statement of `signedInRow`, made once for each shape (a hot call's text is not rebuilt). */
  const signedInTexts = new Map<number, string>();
  const signedInText = (check: string | undefined, history: boolean) => {
    // The check's text is the same for every token (its parameters differ).
    const shape = (history ? 2 : 0) + (check === undefined ? 0 : 1);
    let text = signedInTexts.get(shape);
    if (text === undefined) {
      text = `select ${check ?? "false"} as signed_out, d.*${history ? ", coalesce(v.version, 0)::text as history_version" : ""}
       from (values (1)) as one (x)
       left join (${select}) d
         on d.id = (select donor_id from identity_link where provider = $1 and subject = $2)
       ${history ? "left join donor_history_version v on v.donor_id = d.id" : ""}`;
      signedInTexts.set(shape, text);
    }
    return text;
  };

  /** The sign-out check and the caller's donor row (and, when asked, its history's version). */
  const signedInRow = async (identity: Parameters<Donors["signedIn"]>[0], history: boolean) => {
    const check = identity.token ? signedOut(identity.token, 3) : undefined;
    const [row] = await sql.query<
      Partial<DonorRow> & { signed_out: boolean; history_version?: string }
    >(signedInText(check?.sql, history), [
      identity.issuer,
      identity.subject,
      ...(check?.params ?? []),
    ]);
    return row;
  };
  const signedIn: Donors["signedIn"] = async (identity) => {
    const row = await signedInRow(identity, false);
    return {
      signedOut: row?.signed_out === true,
      donor: row?.id ? toView(row as DonorRow) : undefined,
    };
  };

  return {
    signedIn,
    signedInHistory: async (identity) => {
      const row = await signedInRow(identity, true);
      let view: DonorView | undefined;
      return {
        signedOut: row?.signed_out === true,
        donorId: row?.id,
        historyVersion: row?.history_version ?? "0",
        donor: () => (row?.id ? (view ??= toView(row as DonorRow)) : undefined),
      };
    },
    byIdentity: async ({ issuer, subject, email, emailVerified }) =>
      (await signedIn({ issuer, subject, email, emailVerified })).donor,
    byId: async (donorId) => {
      const [row] = await sql.query<DonorRow>(`${select} where id = $1`, [donorId]);
      return row ? toView(row) : undefined;
    },
    emailsOf: async (donorId) =>
      (
        await sql.query<{ email: string }>(
          `select distinct lower(email) as email from identity_link where donor_id = $1 and email is not null
           order by 1`,
          [donorId],
        )
      ).map((row) => row.email),
    accountsWithEmail: async (email) => {
      const [row] = await sql.query<{ count: number }>(
        "select count(*)::int as count from identity_link where lower(email) = lower($1)",
        [email],
      );
      return row?.count ?? 0;
    },
    nricRegistered: async (nric) =>
      (
        await sql.query(
          `select 1 from donor d join identity_link l on l.donor_id = d.id where d.nric_hash = $1 limit 1`,
          [pii.hash(nric)],
        )
      ).length > 0,
    mobileTaken: (cc, mobile, except) => mobileTaken(sql, cc, mobile, except),

    enrolGuest: async (guestSessionId, input, enrolment = "Manually", terms) => {
      const id = input.kind === "individual" ? input.nric?.toUpperCase() : input.uen?.toUpperCase();
      const particulars: GiftParticulars = {
        kind: input.kind,
        name: input.name,
        ...(input.email ? { email: input.email.toLowerCase() } : {}),
        ...(input.mobile ? { countryCode: input.countryCode ?? "+65", mobile: input.mobile } : {}),
        ...(input.companyName ? { companyName: input.companyName } : {}),
        ...(input.kind === "corporate" && id ? { uen: id } : {}),
        address: input.address ?? {},
        profile: input.profile ?? {},
        enrolment,
        ...(terms ? { terms } : {}),
      };
      await sql.query(
        `update guest_session set enrolment = $2, enrolment_id_encrypted = $3, enrolment_id_hash = $4
         where id = $1`,
        [
          guestSessionId,
          JSON.stringify(particulars),
          id ? pii.encrypt(id) : null,
          id ? pii.hash(id) : null,
        ],
      );
    },
    shownEnrolment: (enrolment) => ({
      ...enrolment,
      idMasked: enrolment.idEncrypted ? maskNric(pii.decrypt(enrolment.idEncrypted)) : null,
    }),
    linkGifts: (donorId, proof) => sql.transaction((tx) => linkGifts(tx, pii, donorId, proof)),

    register: (identity, input) =>
      sql.transaction(async (tx) => {
        const [linked] = await tx.query(
          "select 1 from identity_link where provider = $1 and subject = $2",
          [identity.issuer, identity.subject],
        );
        if (linked) return "alreadyRegistered";
        const existing = await findByKey(tx, input);
        let donorId: string;
        if (existing) {
          const ownEmail =
            !existing.linked &&
            identity.emailVerified &&
            identity.email !== undefined &&
            existing.email?.toLowerCase() === identity.email.toLowerCase();
          if (!ownEmail) return "nric.exists";
          donorId = existing.id;
        } else {
          if (input.mobile && (await mobileTaken(tx, input.countryCode ?? "+65", input.mobile)))
            return "mobile.exists";
          donorId = await insertDonor(tx, pii, input, "Manually");
        }
        await tx.query(
          "insert into identity_link (provider, subject, donor_id, email) values ($1, $2, $3, $4)",
          [identity.issuer, identity.subject, donorId, identity.email ?? null],
        );
        await audit(tx, `identity:${identity.subject}`, "donor.register", donorId);
        if (identity.emailVerified && identity.email) {
          await linkGifts(tx, pii, donorId, { kind: "email", email: identity.email });
        }
        return "registered";
      }),

    updateMobile: (donorId, cc, mobile) =>
      sql.transaction(async (tx) => {
        if (await mobileTaken(tx, cc, mobile, donorId)) return "mobile.exists";
        await tx.query(
          "update donor set mobile_country_code = $2, mobile = $3, updated_at = now() where id = $1",
          [donorId, cc, mobile],
        );
        await audit(tx, "donor", "donor.updateMobile", donorId);
        return "updated";
      }),
    updateProfile: async (donorId, patch) => {
      await sql.query(
        `update donor set name = coalesce($2, name), address = coalesce($3::jsonb, address),
           profile = profile || coalesce($4::jsonb, '{}'::jsonb), updated_at = now() where id = $1`,
        [
          donorId,
          patch.name ?? null,
          patch.address ? JSON.stringify(patch.address) : null,
          patch.profile ? JSON.stringify(patch.profile) : null,
        ],
      );
    },
    close: (donorId) => closeDonor(sql, donorId),
    updateEmail: async (donorId, email) => {
      await sql.query("update donor set email = $2, updated_at = now() where id = $1", [
        donorId,
        email.toLowerCase(),
      ]);
    },
  };
}
