import type { PersonalData } from "./personal-data";
import type { SqlQuery } from "./sql";

/**
 * What lets a signed-in donor's account take earlier gifts as its own (issue 22). Knowing an NRIC, a
 * mobile number or an e-mail proves nothing; these do:
 * - `singpass`: Singpass verified that the signed-in donor is this NRIC (the server-side Singpass
 *   finish calls `singpassProof` with the NRIC it verified, never one from a request body);
 * - `email`: the account's verified e-mail is the one the gift itself was given with (that mailbox
 *   already received the gift's receipt and its link).
 */
export type LinkProof =
  | { readonly kind: "singpass"; readonly nric: string }
  | { readonly kind: "email"; readonly email: string };

/** The proof of a Singpass login that verified this NRIC for the signed-in donor. */
export const singpassProof = (verifiedNric: string): LinkProof => ({
  kind: "singpass",
  nric: verifiedNric.trim().toUpperCase(),
});

/**
 * Link the gifts that no account holds yet and that this proof shows to be the donor's (with Singpass,
 * also the recurring plans they started). A gift given with an identity number (at enrolment, or for
 * IRAS at checkout) links by e-mail only to the donor with that same number; Singpass links the gifts given with the NRIC it verified, and only to the donor
 * whose record is that NRIC. Returns how many gifts were linked; each linking is audit-logged.
 */
export async function linkGifts(
  q: SqlQuery,
  pii: PersonalData,
  donorId: string,
  proof: LinkProof,
): Promise<number> {
  const [donor] = await q.query<{
    kind: "individual" | "corporate";
    nric_hash: Uint8Array | null;
    uen: string | null;
  }>("select kind, nric_hash, uen from donor where id = $1", [donorId]);
  if (!donor) return 0;
  const key =
    donor.kind === "individual"
      ? donor.nric_hash && Buffer.from(donor.nric_hash)
      : donor.uen && pii.hash(donor.uen);
  let linked: ReadonlyArray<{ id: string }>;
  if (proof.kind === "singpass") {
    if (!key || !key.equals(pii.hash(proof.nric))) return 0;
    linked = await q.query<{ id: string }>(
      `update donation set donor_id = $1, updated_at = now()
       where donor_id is null and donor_id_hash = $2 returning id`,
      [donorId, key],
    );
  } else {
    linked = await q.query<{ id: string }>(
      `update donation set donor_id = $1, updated_at = now()
       where donor_id is null and gift_email = lower($2)
         and (coalesce(donor_id_hash, tax_id_hash) is null or coalesce(donor_id_hash, tax_id_hash) = $3) returning id`,
      [donorId, proof.email, key],
    );
  }
  if (linked.length === 0) return 0;
  const ids = linked.map((row) => row.id);
  // Only Singpass hands over the plans those gifts started. An e-mail proves the mailbox, which could
  // only ever stop a plan (its manage link); an account could raise one, charged to the guest's card.
  if (proof.kind === "singpass") {
    await q.query(
      "update recurring_plan set donor_id = $1 where donor_id is null and first_donation_id = any($2::uuid[])",
      [donorId, ids],
    );
  }
  await q.query(
    `insert into audit_log (actor, action, entity, entity_id, detail)
     values ('donor', 'donor.linkGifts', 'donor', $1, $2)`,
    [donorId, JSON.stringify({ proof: proof.kind, donations: ids })],
  );
  return linked.length;
}
