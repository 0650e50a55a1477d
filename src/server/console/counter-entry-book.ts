import { MAIN_CHARITY_ID } from "@portal/domain";
import {
  amilCredentials,
  counterEntryDecisions,
  readRates,
  type ConsoleActor,
  type ConsoleAudit,
  type Sql,
} from "@portal/adapters/db";
import type { CounterEntryBookPort } from "../app/console/counter-entries";
import type { OfficerPort } from "../app/console/officer";

/**
 * The counter entries' book over the adapters (issue 32, docs/counter.md "Held and flagged entries"):
 * the held or flagged entry, the current rates and the council's amil credentials the rules need, and
 * the decisions written with their audit lines. `translated` answers the adapters' refusals as the
 * use case's; `actor` names the officer in the audit.
 */
export const counterEntryBook = (
  sql: Sql,
  key: Buffer,
  audit: ConsoleAudit,
  translated: <T extends object>(port: T) => T,
  actor: (officer: OfficerPort) => ConsoleActor,
): CounterEntryBookPort => {
  const decisions = counterEntryDecisions(sql, key, audit);
  const credentials = amilCredentials(key);
  return {
    ...translated({
      read: decisions.read,
      rates: () => readRates(sql, MAIN_CHARITY_ID),
      take: (deviceId, entryKey, taken, officer, reason) =>
        decisions.take(deviceId, entryKey, taken, actor(officer), reason),
      refuse: (deviceId, entryKey, officer, reason) =>
        decisions.refuse(deviceId, entryKey, actor(officer), reason),
      move: (deviceId, entryKey, shiftId, officer, reason) =>
        decisions.move(deviceId, entryKey, shiftId, actor(officer), reason),
      acknowledge: (deviceId, entryKey, officer, reason) =>
        decisions.acknowledge(deviceId, entryKey, actor(officer), reason),
    } satisfies Omit<CounterEntryBookPort, "amil">),
    amil: credentials.read,
  };
};
