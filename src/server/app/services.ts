import type {
  Donors,
  History,
  Recurring,
  Statements,
  TaxRegistrations,
  TermsAgreements,
  receipts,
} from "@portal/adapters/db";
import type { ConsoleSessions, RateDrafts } from "@portal/adapters/console";
import { finance } from "../finance";
import { recurringRecords } from "../payments";
import {
  donorRecords,
  historyRecords,
  receiptRecords,
  statementRecords,
  taxRecords,
  termsRecords,
} from "../records";
import type { PortalClock, Root } from "../root";
import { consoleOperations } from "../console/operations/live";
import type { Operations } from "../console/operations/service";
import { consoleSessionRecords, rateDraftRecords } from "../console/setup";

/**
 * A repository's methods, each waiting for the repository on its first call: the database opens on
 * first use (a database that is not up yet shows in /api/health, not as a failed start).
 */
export const whenReady = <S extends object, K extends keyof S>(
  get: () => Promise<S>,
  methods: ReadonlyArray<K>,
): Pick<S, K> =>
  Object.fromEntries(
    methods.map((method) => [
      method,
      async (...args: Array<unknown>) => {
        const repository = await get();
        return (repository[method] as (...a: Array<unknown>) => unknown).apply(repository, args);
      },
    ]),
  ) as Pick<S, K>;

/** The console's services (src/pages/console), each made on its first use and kept for the root. */
export interface ConsoleServices {
  readonly operations: () => Promise<Operations>;
  readonly rateDrafts: () => Promise<RateDrafts>;
  readonly sessions: () => Promise<ConsoleSessions>;
  readonly finance: typeof finance;
}

/**
 * What the handlers outside the use cases call (the donor's account, history, receipts, statements
 * and registration; the console), built once by `startPortal` and handed to them: each repository
 * with the few methods its handlers call.
 */
export interface PortalServices {
  readonly clock: PortalClock;
  readonly donors: Pick<
    Donors,
    | "accountsWithEmail"
    | "byIdentity"
    | "emailsOf"
    | "linkGifts"
    | "mobileTaken"
    | "nricRegistered"
    | "register"
    | "updateEmail"
    | "updateMobile"
    | "updateProfile"
  >;
  readonly terms: Pick<TermsAgreements, "of">;
  readonly history: Pick<History, "transactions" | "transaction" | "savedCards">;
  readonly receipts: Pick<ReturnType<typeof receipts>, "find">;
  readonly statements: Pick<Statements, "year" | "hartaPayments">;
  readonly tax: Pick<TaxRegistrations, "status" | "register">;
  readonly plans: Pick<Recurring, "plans">;
  readonly console: ConsoleServices;
}

/** The services of the portal's root, over its database, server key and configuration. */
export function liveServices(root: Root): PortalServices {
  return {
    clock: root.clock,
    donors: whenReady(donorRecords, [
      "accountsWithEmail",
      "byIdentity",
      "emailsOf",
      "linkGifts",
      "mobileTaken",
      "nricRegistered",
      "register",
      "updateEmail",
      "updateMobile",
      "updateProfile",
    ]),
    terms: whenReady(termsRecords, ["of"]),
    history: whenReady(historyRecords, ["transactions", "transaction", "savedCards"]),
    receipts: whenReady(receiptRecords, ["find"]),
    statements: whenReady(statementRecords, ["year", "hartaPayments"]),
    tax: whenReady(taxRecords, ["status", "register"]),
    plans: whenReady(recurringRecords, ["plans"]),
    console: {
      operations: consoleOperations,
      rateDrafts: rateDraftRecords,
      sessions: consoleSessionRecords,
      finance,
    },
  };
}
