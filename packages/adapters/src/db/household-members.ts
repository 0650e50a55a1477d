import { randomUUID } from "node:crypto";
import { SAVED_MEMBERS_MAX, type Relation, type SavedMember } from "@portal/domain";
import type { Sql } from "./sql";

interface Row {
  id: string;
  name: string;
  relation: Relation;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const view = (row: Row): SavedMember => ({ id: row.id, name: row.name, relation: row.relation });

/**
 * The people a signed-in donor keeps for household payments (migration 046, docs/households.md).
 * Every read and change is by the donor's id and the person's together: another donor's person is
 * "no such person". Adding takes the donor's row lock first, so the cap holds under calls at once.
 * Names and relations arrive checked by the domain's `savedMemberProblems`.
 */
export function householdMembers(sql: Sql) {
  return {
    list: async (donorId: string): Promise<ReadonlyArray<SavedMember>> =>
      (
        await sql.query<Row>(
          `select id, name, relation from household_member
           where donor_id = $1 order by created_at, id`,
          [donorId],
        )
      ).map(view),

    /** The person kept, or "full" when the donor already keeps SAVED_MEMBERS_MAX. */
    add: (donorId: string, name: string, relation: Relation) =>
      sql.transaction(async (tx): Promise<SavedMember | "full"> => {
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const [count] = await tx.query<{ n: number }>(
          "select count(*)::int as n from household_member where donor_id = $1",
          [donorId],
        );
        if ((count?.n ?? 0) >= SAVED_MEMBERS_MAX) return "full";
        const id = randomUUID();
        // A strictly later time than the donor's last person keeps the list in the order added.
        const [row] = await tx.query<Row>(
          `insert into household_member (id, donor_id, name, relation, created_at, updated_at)
           values ($1, $2, $3, $4, clock_timestamp(), clock_timestamp())
           returning id, name, relation`,
          [id, donorId, name, relation],
        );
        return view(row!);
      }),

    /** The person as changed, or null when the donor keeps no such person. */
    update: async (
      donorId: string,
      id: string,
      name: string,
      relation: Relation,
    ): Promise<SavedMember | null> => {
      if (!UUID.test(id)) return null;
      const [row] = await sql.query<Row>(
        `update household_member set name = $3, relation = $4, updated_at = now()
         where id = $1 and donor_id = $2 returning id, name, relation`,
        [id, donorId, name, relation],
      );
      return row ? view(row) : null;
    },

    /** Whether the donor kept such a person (now forgotten). */
    remove: async (donorId: string, id: string): Promise<boolean> => {
      if (!UUID.test(id)) return false;
      const rows = await sql.query<{ id: string }>(
        "delete from household_member where id = $1 and donor_id = $2 returning id",
        [id, donorId],
      );
      return rows.length > 0;
    },
  };
}

export type HouseholdMembers = ReturnType<typeof householdMembers>;
