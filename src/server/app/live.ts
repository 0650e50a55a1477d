import { Context, Effect } from "effect";
import { Clock, Ids, MAIN_CHARITY_ID, PaymentGateway } from "@portal/domain";
import { amilCredentials, openShiftOf, readRates, RecordRefused } from "@portal/adapters/db";
import { finishLogin } from "@portal/adapters/singpass";
import type { JWK } from "jose";
import type { Services } from "../main";
import { whenReady } from "./services";
import { AccountRecords, PlanRecords, SignUpRecords } from "./account";
import { Caller, type CallerPort } from "./caller";
import { CounterDeviceRecords, EntrySignatures } from "./counter-sync";
import { KioskRecords } from "./kiosk";
import { CounterPayNowRecords } from "./counter-paynow";
import { entryVerifier } from "../counter-signatures";
import {
  DonationRecords,
  DonorRecords,
  InstalmentRecords,
  HouseholdMemberRecords,
  NricProofRecords,
  PaymentRoutes,
  RateRecords,
  SavedCards,
  SessionRecords,
  SingpassLoginRecords,
  SingpassProvider,
  TermsRecords,
} from "./ports";

/** Every service a use case may ask for. */
export type AppServices =
  | Clock
  | Ids
  | PaymentGateway
  | DonationRecords
  | RateRecords
  | InstalmentRecords
  | HouseholdMemberRecords
  | PaymentRoutes
  | SavedCards
  | DonorRecords
  | SessionRecords
  | SingpassLoginRecords
  | SingpassProvider
  | NricProofRecords
  | TermsRecords
  | AccountRecords
  | SignUpRecords
  | PlanRecords
  | CounterDeviceRecords
  | EntrySignatures
  | KioskRecords
  | CounterPayNowRecords
  | Caller;

/**
 * How the HTTP handlers run a use case: with the services the composition root built and, for a use
 * case that asks who calls, the caller the router resolved for the request (`callers.of`).
 */
export interface UseCases {
  readonly run: <A, E>(
    program: Effect.Effect<A, E, AppServices>,
    caller?: CallerPort,
  ) => Promise<A>;
}

/** The caller of a use case run without one: asking it is a mistake of the handler, said so. */
const withoutCaller = () => Promise.reject(new Error("this use case was run without its caller"));
const noCaller: CallerPort = {
  giver: withoutCaller,
  enrollee: withoutCaller,
  signedInDonor: withoutCaller,
  signedInIdentity: withoutCaller,
};

/**
 * The use cases' services, from those the composition root built (src/server/main.ts): the domain's
 * Clock and Ids ports, the payment gateway, and the repositories of the portal's database.
 */
export function liveUseCases(services: Services): UseCases {
  const { clock, ids, database, payments, records, singpass } = services;
  const payingContext = Context.make(Clock, clock).pipe(
    Context.add(Ids, ids),
    Context.add(PaymentGateway, payments.gateway),
    Context.add(
      DonationRecords,
      whenReady(payments.donations, [
        "create",
        "createOrder",
        "get",
        "getToPay",
        "apply",
        "latestAttempt",
        "startAttempt",
        "failedAttempts",
      ]),
    ),
    Context.add(RateRecords, {
      current: async () => readRates(await database.open(), MAIN_CHARITY_ID),
    }),
    Context.add(HouseholdMemberRecords, whenReady(records.householdMembers, ["list"])),
    Context.add(PaymentRoutes, {
      gatewayName: () => payments.gatewayName,
      threeDsReturnUrl: payments.threeDsReturnUrl,
    }),
    Context.add(SavedCards, whenReady(payments.recurring, ["markSaveCard", "savedCardToken"])),
    Context.add(InstalmentRecords, whenReady(payments.instalments, ["paymentFor"])),
    Context.add(DonorRecords, whenReady(records.donors, ["enrolGuest", "updateProfile"])),
    Context.add(SessionRecords, whenReady(records.sessions, ["start"])),
    Context.add(
      SingpassLoginRecords,
      whenReady(records.singpassLogins, ["save", "take", "ready", "finish"]),
    ),
    Context.add(SingpassProvider, {
      finishLogin: async (login, back) => {
        const setup = singpass;
        if (!setup) throw new Error("Singpass is not configured");
        const { dpopKey, ...rest } = login;
        return finishLogin(await setup.client(), { ...rest, dpopKey: dpopKey as JWK }, back);
      },
    }),
  );
  // A pipe takes at most 20 steps: the identity and counter services are added in a second one.
  const context = payingContext.pipe(
    Context.add(NricProofRecords, whenReady(records.nricProofs, ["prove"])),
    Context.add(TermsRecords, whenReady(records.terms, ["agree", "carryOver"])),
    Context.add(AccountRecords, whenReady(records.donors, ["register", "byIdentity"])),
    Context.add(SignUpRecords, whenReady(records.signups, ["find", "remove"])),
    Context.add(PlanRecords, whenReady(payments.recurring, ["cancelOwn", "cancelByManageToken"])),
    Context.add(CounterDeviceRecords, whenReady(records.counterDevices, ["find", "take"])),
    Context.add(EntrySignatures, {
      verifier: entryVerifier,
      amil: amilCredentials(services.key).read,
    }),
    Context.add(KioskRecords, {
      of: async (id) => (await records.kioskPayments()).of(id),
      terminal: payments.netsTerminal,
    }),
    Context.add(CounterPayNowRecords, {
      openShift: async (amilId) => {
        try {
          return await openShiftOf(await database.open(), amilId);
        } catch (error) {
          if (error instanceof RecordRefused) return undefined;
          throw error;
        }
      },
    }),
  );
  return {
    run: (program, caller = noCaller) =>
      Effect.runPromise(Effect.provideContext(program, Context.add(context, Caller, caller))),
  };
}
