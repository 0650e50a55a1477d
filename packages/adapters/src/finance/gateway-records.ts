import type { GatewayCharge } from "@portal/domain";

/**
 * The gateway's own record of charges and refunds, for reconciliation: the charges it made or changed
 * between `from` and `until`, and those with the given references whenever they were made. The
 * embedded sandbox's are in `@portal/standins` (`sandboxRecords`), reached through src/server/standins.ts.
 */
export interface GatewayRecords {
  /** The gateway's name as payments record it (`payment_attempt.gateway`). */
  readonly gateway: string;
  readonly charges: (
    from: Date,
    until: Date,
    refs: ReadonlyArray<string>,
  ) => Promise<ReadonlyArray<GatewayCharge>>;
}
