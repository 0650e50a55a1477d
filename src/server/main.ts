import type { AddressLookupShape, IdsShape } from "@portal/domain";
import type { IdentityVerifier } from "@portal/adapters/identity";
import { addressLookupOf } from "./address";
import { configurationCache, type ConfigurationCache } from "./api/configuration";
import { collectionsCache, type CollectionsCache } from "./api/collections";
import { portalClock, systemIds, type PortalClock } from "./clock";
import type { PortalConfig } from "./config";
import { consoleUseCasesOf, type ConsoleUseCases } from "./console/use-cases";
import {
  consoleRecords,
  staffDirectoryOf,
  type ConsoleRecords,
  type StaffDirectory,
} from "./console/setup";
import { portalDatabase, type PortalDatabase } from "./database";
import type { ReportError } from "./error-reporting";
import { financeOf, type Finance } from "./finance";
import { identityVerifierOf } from "./identity";
import type { Logger } from "./log";
import { portalMail, type PortalMail } from "./mail";
import { portalPayments, type PortalPayments } from "./payments";
import { portalRecords, type Deferred, type Records } from "./records";
import { loadKey } from "./secrets";
import { singpassSetupOf, type SingpassSetup } from "./singpass";
import { siteBrands } from "./site";
import { portalStandins, type PortalStandins } from "./standins";
import type { Brand } from "@portal/domain";

/**
 * Every service of the portal, built once at start by `buildServices` from the configuration read
 * once, and handed as a parameter to whatever needs one: the router, each handler, the use cases'
 * ports, the loops, and the console's routes (in their context). Nothing is looked up later:
 * no module holds a root, and no service is made by name on first use.
 *
 * The database is the one service whose connection comes later: `database.open()` opens it on first
 * use and again after a failed opening (an instance started before its database answers 503 until it
 * can, then serves without a restart), and the repositories (`records`, `payments`, `mail.queue`,
 * `console`, `finance`) are each made once over the opened database (`Deferred`).
 */
export interface Services {
  readonly config: PortalConfig;
  /** The domain's Clock port (tests move it through `POST /__test/clock`). */
  readonly clock: PortalClock;
  /** The domain's Ids port. */
  readonly ids: IdsShape;
  readonly log: Logger;
  /** Server-side error reporting (Sentry when PORTAL_SENTRY_DSN is set; otherwise nothing). */
  readonly report: ReportError;
  /** The server's secret key: receipt tokens, sealed personal data, keyed identity numbers. */
  readonly key: Buffer;
  readonly database: PortalDatabase;
  /** The donor-side repositories. */
  readonly records: Records;
  readonly payments: PortalPayments;
  readonly mail: PortalMail;
  /** The embedded stand-ins, when the settings ask for them (never in production). */
  readonly standins: PortalStandins;
  /** The identity provider whose ID tokens this server accepts; undefined: none is. */
  readonly identity: IdentityVerifier | undefined;
  /** Singpass as configured; undefined without PORTAL_SINGPASS_ISSUER. */
  readonly singpass: SingpassSetup | undefined;
  /** The council's staff directory; undefined without PORTAL_STAFF_ISSUER (no console sign-in). */
  readonly staff: StaffDirectory | undefined;
  /** Address lookup (OneMap, Google's reverse geocoding), each off unless configured. */
  readonly address: AddressLookupShape;
  /** The brand a request's host wears (§1), from the configured site entries. */
  readonly brandOfHost: (host: string | undefined) => Promise<Brand>;
  /** The console's records and its use cases (src/server/app/console). */
  readonly console: ConsoleRecords & { readonly useCases: ConsoleUseCases };
  /** The finance section's records (reconciliation, IRAS, dashboard). */
  readonly finance: Deferred<Finance>;
  /** The configuration answers kept for a few seconds (cleared when rates are published). */
  readonly configurationCache: ConfigurationCache;
  /** The collections page's figures, read at most once a minute (docs/collections.md). */
  readonly collectionsCache: CollectionsCache;
}

/**
 * The composition root: every service, once, from the configuration. Throws, naming the setting, when
 * one that is only read here is wrong (a Singpass or staff directory setting missing, a key file
 * unreadable), so the process refuses to start rather than failing a donor's request later.
 */
export function buildServices(deps: {
  readonly config: PortalConfig;
  readonly log: Logger;
  readonly report: ReportError;
  readonly clock?: PortalClock;
}): Services {
  const { config, log, report } = deps;
  const clock = deps.clock ?? portalClock();
  const key = loadKey(config);
  const database = portalDatabase(config);
  const records = portalRecords(database, key, config.productRoute);
  const mail = portalMail({ config, clock, database, key, log });
  // The sandbox reports payments by itself; they are applied by the payments made just below.
  let applyReport: PortalPayments["applyGatewayReport"] = () =>
    Promise.reject(new Error("payments not built"));
  const standins = portalStandins({
    config,
    clock,
    database,
    key,
    mailTransport: mail.transport,
    signups: records.signups,
    report: (payment) => applyReport(payment),
  });
  const payments = portalPayments({
    config,
    clock,
    database,
    key,
    mailQueue: mail.queue,
    sandbox: standins.sandboxGateway,
  });
  applyReport = payments.applyGatewayReport;
  const finance = financeOf({ config, database, key, gatewayRecords: standins.gatewayRecords });
  const configuration = configurationCache();
  const collections = collectionsCache(clock.nowMs);
  return {
    config,
    clock,
    ids: systemIds,
    log,
    report,
    key,
    database,
    records,
    payments,
    mail,
    standins,
    identity: identityVerifierOf(config.identity),
    singpass: singpassSetupOf(config.singpass),
    staff: staffDirectoryOf(config.staff),
    address: addressLookupOf(config.address),
    brandOfHost: siteBrands(database, config.productRoute),
    console: {
      ...consoleRecords(database),
      useCases: consoleUseCasesOf({
        config,
        clock,
        database,
        key,
        mailQueue: mail.queue,
        gatewayNamed: payments.gatewayNamed,
        reconciliation: async () => (await finance()).reconciliation,
        // A publication (rates, the Hijri calendar, the asnaf distribution) shows at once.
        configurationChanged: () => {
          configuration.clear();
          collections.clear();
        },
      }),
    },
    finance,
    configurationCache: configuration,
    collectionsCache: collections,
  };
}
