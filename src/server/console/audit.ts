import { audit as write, type AuditEntry } from "@portal/adapters/console";
import type { SqlQuery } from "@portal/adapters/db";
import type { OfficerCall } from "./guard";

/**
 * The one writer of the console's audit log for routes: who and from where come from the guarded
 * call, so a route names only what it did. Pass `tx` to write inside the change's own transaction.
 */
export async function audit(
  call: OfficerCall,
  entry: Omit<AuditEntry, "officer" | "ip">,
  tx?: SqlQuery,
): Promise<void> {
  await write(
    tx ?? (await call.services.database.open()),
    { ...entry, officer: call.officer, ip: call.ip },
    call.now,
  );
}
