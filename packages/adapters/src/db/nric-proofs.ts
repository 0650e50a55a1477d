import {
  insertDonor,
  MYINFO_PROFILE_FIELDS,
  type DonorDetailsInput,
  type Identity,
} from "./donors";
import { linkGifts, singpassProof } from "./gift-links";
import { personalData } from "./personal-data";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

/** What a Singpass proof did: the account's donor, and the accounts that lost the NRIC they had typed. */
export interface ProvenNric {
  readonly donorId: string;
  readonly created: boolean;
  readonly linkedGifts: number;
  readonly revokedFrom: ReadonlyArray<string>;
}

/**
 * A signed-in donor proved an NRIC with Singpass (issue 22). A typed NRIC proves nothing, so:
 * - every other donor record with this NRIC loses it (an account that only typed it keeps its gifts
 *   and receipts as issued, but no longer holds the number); each loss is audit-logged;
 * - the account's own donor takes the NRIC (made from the Myinfo details when the account had none,
 *   without a mobile number another donor uses), enrolment `Singpass`;
 * - the gifts given with this NRIC that no account holds yet, and the plans they started, become the
 *   account's (`singpassProof`), as do those given with its verified e-mail.
 * `input` is built from the Myinfo person the server verified, never from a request body.
 */
export function nricProofs(sql: Sql, serverKey: Buffer) {
  const pii = personalData(serverKey);
  return {
    prove: (identity: Identity, input: DonorDetailsInput & { nric: string }) =>
      sql.transaction(async (tx): Promise<ProvenNric> => {
        const nric = input.nric.trim().toUpperCase();
        const hash = pii.hash(nric);
        const [own] = await tx.query<{ id: string; kind: string }>(
          `select d.id, d.kind from donor d join identity_link l on l.donor_id = d.id
           where l.provider = $1 and l.subject = $2 for update of d`,
          [identity.issuer, identity.subject],
        );
        if (own && own.kind !== "individual") {
          throw new RecordRefused(
            "singpass.corporate",
            "A company account is identified by its UEN, not by Singpass.",
          );
        }
        const revoked = await tx.query<{ id: string }>(
          `update donor set nric_encrypted = null, nric_hash = null, updated_at = now()
           where nric_hash = $1 and id is distinct from $2 returning id`,
          [hash, own?.id ?? null],
        );
        for (const { id } of revoked) await audit(tx, id, "donor.nricRevoked");
        let donorId: string;
        if (own) {
          donorId = own.id;
          await tx.query(
            // The record's other fields stay as the donor typed them (`myinfo` lists none of them).
            `update donor set nric_encrypted = $2, nric_hash = $3, enrolment = 'Singpass',
               profile = profile || jsonb_build_object('myinfo', coalesce(profile->'myinfo', '[]'::jsonb)),
               updated_at = now() where id = $1`,
            [donorId, pii.encrypt(nric), hash],
          );
        } else {
          const mobileTaken =
            input.mobile !== undefined &&
            (
              await tx.query("select 1 from donor where mobile_country_code = $1 and mobile = $2", [
                input.countryCode ?? "+65",
                input.mobile,
              ])
            ).length > 0;
          donorId = await insertDonor(
            tx,
            pii,
            {
              ...input,
              nric,
              // Which fields Myinfo gave (the donor corrects them at Singpass, not here).
              profile: { ...input.profile, myinfo: myinfoFields(input) },
              email: identity.email ?? input.email,
              ...(mobileTaken ? { mobile: undefined, countryCode: undefined } : {}),
            },
            "Singpass",
          );
          await tx.query(
            "insert into identity_link (provider, subject, donor_id, email) values ($1, $2, $3, $4)",
            [identity.issuer, identity.subject, donorId, identity.email ?? null],
          );
        }
        await audit(tx, donorId, "donor.nricProven");
        let linkedGifts = await linkGifts(tx, pii, donorId, singpassProof(nric));
        if (identity.emailVerified && identity.email) {
          linkedGifts += await linkGifts(tx, pii, donorId, {
            kind: "email",
            email: identity.email,
          });
        }
        return {
          donorId,
          created: !own,
          linkedGifts,
          revokedFrom: revoked.map((row) => row.id),
        };
      }),
  };
}

/** The fields of a record made from Myinfo that Myinfo gave: its name and the profile fields it had. */
const myinfoFields = (input: DonorDetailsInput): ReadonlyArray<string> => [
  "name",
  ...MYINFO_PROFILE_FIELDS.filter((field) => input.profile?.[field] !== undefined),
];

const audit = (q: SqlQuery, donorId: string, action: string) =>
  q.query(
    "insert into audit_log (actor, action, entity, entity_id) values ('singpass', $1, 'donor', $2)",
    [action, donorId],
  );

export type NricProofs = ReturnType<typeof nricProofs>;
