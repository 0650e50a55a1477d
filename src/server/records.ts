import {
  counterDevices,
  kioskPayments,
  zakatAssessments,
  type ZakatAssessments,
  type KioskPayments,
  type CounterDevices,
  donors,
  guestSessions,
  history,
  householdMembers,
  type HouseholdMembers,
  missedFasts,
  type MissedFasts,
  identitySignups,
  identityState,
  nricProofs,
  rateWindows,
  receipts,
  singpassLogins,
  socialNrics,
  taxRegistrations,
  statements,
  haulEntries,
  type HaulEntries,
  termsAgreements,
  type TermsAgreements,
  type Donors,
  type GuestSessions,
  type History,
  type NricProofs,
  type SingpassLogins,
  type SocialNrics,
  type Statements,
  type IdentitySignups,
  type IdentityState,
  type RateWindows,
  type TaxRegistrations,
} from "@portal/adapters/db";
import type { PortalDatabase } from "./database";

/** A repository of the portal's database: made once, when the database is first opened. */
export type Deferred<T> = () => Promise<T>;

/** The donor-side repositories over the portal's database and its server key. */
export interface Records {
  readonly donors: Deferred<Donors>;
  readonly history: Deferred<History>;
  readonly receipts: Deferred<ReturnType<typeof receipts>>;
  readonly sessions: Deferred<GuestSessions>;
  readonly singpassLogins: Deferred<SingpassLogins>;
  readonly socialNrics: Deferred<SocialNrics>;
  readonly signups: Deferred<IdentitySignups>;
  readonly tax: Deferred<TaxRegistrations>;
  readonly statements: Deferred<Statements>;
  readonly haul: Deferred<HaulEntries>;
  readonly rateWindows: Deferred<RateWindows>;
  readonly terms: Deferred<TermsAgreements>;
  readonly identityState: Deferred<IdentityState>;
  readonly nricProofs: Deferred<NricProofs>;
  readonly counterDevices: Deferred<CounterDevices>;
  readonly kioskPayments: Deferred<KioskPayments>;
  readonly assessments: Deferred<ZakatAssessments>;
  readonly householdMembers: Deferred<HouseholdMembers>;
  readonly missedFasts: Deferred<MissedFasts>;
}

export const portalRecords = (
  database: PortalDatabase,
  key: Buffer,
  productRoute: string,
): Records => ({
  donors: database.over((sql) => donors(sql, key)),
  history: database.over((sql) => history(sql, key, productRoute)),
  receipts: database.over((sql) => receipts(sql, key)),
  sessions: database.over(guestSessions),
  singpassLogins: database.over((sql) => singpassLogins(sql, key)),
  socialNrics: database.over((sql) => socialNrics(sql, key)),
  signups: database.over((sql) => identitySignups(sql, key)),
  tax: database.over((sql) => taxRegistrations(sql, key)),
  statements: database.over((sql) => statements(sql, key)),
  haul: database.over(haulEntries),
  rateWindows: database.over(rateWindows),
  terms: database.over(termsAgreements),
  identityState: database.over((sql) => identityState(sql, key)),
  nricProofs: database.over((sql) => nricProofs(sql, key)),
  counterDevices: database.over((sql) => counterDevices(sql, key)),
  kioskPayments: database.over((sql) => kioskPayments(sql, key)),
  assessments: database.over(zakatAssessments),
  householdMembers: database.over(householdMembers),
  missedFasts: database.over(missedFasts),
});
