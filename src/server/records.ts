import {
  donors,
  guestSessions,
  history,
  identitySignups,
  identityState,
  nricProofs,
  rateWindows,
  receipts,
  singpassLogins,
  socialNrics,
  taxRegistrations,
  statements,
  termsAgreements,
  type TermsAgreements,
  type Donors,
  type GuestSessions,
  type History,
  type SingpassLogins,
  type SocialNrics,
  type Statements,
  type IdentitySignups,
  type IdentityState,
  type RateWindows,
} from "@portal/adapters/db";
import { database } from "./database";
import { serverKey } from "./secrets";
import { config, scoped } from "./root";

/** The product's route name (spec `{product}`), from configuration. */
export const productRoute = (): string => config().productRoute;

const over =
  <T>(name: string, make: (sql: Awaited<ReturnType<typeof database>>) => T) =>
  () =>
    scoped(name, () => database().then(make));

export const donorRecords: () => Promise<Donors> = over("donors", (sql) =>
  donors(sql, serverKey()),
);
export const historyRecords: () => Promise<History> = over("history", (sql) =>
  history(sql, serverKey(), productRoute()),
);
export const receiptRecords = over("receipts", (sql) => receipts(sql, serverKey()));
export const sessionRecords: () => Promise<GuestSessions> = over("sessions", guestSessions);
export const singpassLoginRecords: () => Promise<SingpassLogins> = over("singpassLogins", (sql) =>
  singpassLogins(sql, serverKey()),
);
export const socialNricRecords: () => Promise<SocialNrics> = over("socialNrics", (sql) =>
  socialNrics(sql, serverKey()),
);
export const signupRecords: () => Promise<IdentitySignups> = over("signups", (sql) =>
  identitySignups(sql, serverKey()),
);
export const taxRecords = over("taxRegistrations", (sql) => taxRegistrations(sql, serverKey()));
export const statementRecords: () => Promise<Statements> = over("statements", (sql) =>
  statements(sql, serverKey()),
);
export const rateWindowRecords: () => Promise<RateWindows> = over("rateWindows", rateWindows);
export const termsRecords: () => Promise<TermsAgreements> = over("terms", termsAgreements);
export const identityStateRecords: () => Promise<IdentityState> = over("identityState", (sql) =>
  identityState(sql, serverKey()),
);
export const nricProofRecords = over("nricProofs", (sql) => nricProofs(sql, serverKey()));
