import type {
  Donors,
  HaulEntries,
  ZakatAssessments,
  History,
  InstalmentPlans,
  Recurring,
  Statements,
  TaxRegistrations,
  TermsAgreements,
  receipts,
} from "@portal/adapters/db";
import type { PortalClock } from "../clock";
import type { Services } from "../main";

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

/**

 * What the handlers outside the use cases call (the donor's account, history, receipts, statements
 * and registration), built once by `startPortal` and handed to them: each repository
 * with the few methods its handlers call.
 */
export interface PortalServices {
  readonly clock: PortalClock;
  readonly donors: Pick<
    Donors,
    | "accountsWithEmail"
    | "byIdentity"
    | "close"
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
  readonly statements: Pick<Statements, "year" | "hartaPayments" | "yearGifts">;
  readonly tax: Pick<TaxRegistrations, "status" | "register">;
  readonly plans: Pick<Recurring, "plans">;
  readonly instalments: Pick<InstalmentPlans, "mine" | "start" | "stopOwn">;
  readonly haul: Pick<HaulEntries, "list" | "add" | "update" | "remove" | "nisab">;
  readonly assessments: Pick<ZakatAssessments, "list" | "get" | "save" | "remove" | "pricing">;
}

/** The repositories' methods the handlers call, from the services the composition root built. */
export function liveServices({ clock, records, payments }: Services): PortalServices {
  return {
    clock,
    donors: whenReady(records.donors, [
      "accountsWithEmail",
      "byIdentity",
      "close",
      "emailsOf",
      "linkGifts",
      "mobileTaken",
      "nricRegistered",
      "register",
      "updateEmail",
      "updateMobile",
      "updateProfile",
    ]),
    terms: whenReady(records.terms, ["of"]),
    history: whenReady(records.history, ["transactions", "transaction", "savedCards"]),
    receipts: whenReady(records.receipts, ["find"]),
    statements: whenReady(records.statements, ["year", "hartaPayments", "yearGifts"]),
    tax: whenReady(records.tax, ["status", "register"]),
    plans: whenReady(payments.recurring, ["plans"]),
    instalments: whenReady(payments.instalments, ["mine", "start", "stopOwn"]),
    haul: whenReady(records.haul, ["list", "add", "update", "remove", "nisab"]),
    assessments: whenReady(records.assessments, ["list", "get", "save", "remove", "pricing"]),
  };
}
