import { AsnafRefused } from "@portal/domain";
import { asnafDistributionDrafts, type Officer } from "@portal/adapters/console";
import type { Sql } from "@portal/adapters/db";
import { Refused } from "../app/refused";
import type { OfficerPort } from "../app/console/officer";
import type { AsnafBookPort } from "../app/console/ports";

export type { AsnafServices } from "../app/console/asnaf";

/**
 * The asnaf distribution's book over the adapters (issue 34, docs/collections.md): drafts, approvals
 * and withdrawals with their audit lines; the domain's `AsnafRefused` answered as the use case's
 * `Refused`. `officerAct` names the officer, the caller's address and the time.
 */
export const asnafBook = (
  sql: Sql,
  officerAct: (officer: OfficerPort) => { officer: Officer; ip: string; now: Date },
): AsnafBookPort => {
  const drafts = asnafDistributionDrafts(sql);
  const refused = async <A>(work: () => Promise<A>): Promise<A> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AsnafRefused) {
        throw new Refused({ code: error.code, message: error.message });
      }
      throw error;
    }
  };
  return {
    list: () => drafts.list(),
    draft: (proposed, officer) => refused(() => drafts.draft({ proposed, ...officerAct(officer) })),
    approve: (id, officer) => refused(() => drafts.approve({ id, ...officerAct(officer) })),
    withdraw: (id, officer) => refused(() => drafts.withdraw({ id, ...officerAct(officer) })),
  };
};
