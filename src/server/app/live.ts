import { Context, Effect } from "effect";
import { Clock, Ids, MAIN_CHARITY_ID, PaymentGateway } from "@portal/domain";
import { readRates } from "@portal/adapters/db";
import { finishLogin } from "@portal/adapters/singpass";
import type { JWK } from "jose";
import { database } from "../database";
import { donations, gateway, gatewayName, recurringRecords, threeDsReturnUrl } from "../payments";
import {
  donorRecords,
  nricProofRecords,
  sessionRecords,
  singpassLoginRecords,
  termsRecords,
} from "../records";
import type { Root } from "../root";
import { whenReady } from "./services";
import { singpassSetup } from "../singpass";
import {
  DonationRecords,
  DonorRecords,
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
  | PaymentRoutes
  | SavedCards
  | DonorRecords
  | SessionRecords
  | SingpassLoginRecords
  | SingpassProvider
  | NricProofRecords
  | TermsRecords;

/** How the HTTP handlers run a use case: with the services the composition root built. */
export interface UseCases {
  readonly run: <A, E>(program: Effect.Effect<A, E, AppServices>) => Promise<A>;
}

/**
 * The use cases' services, built once by `startPortal` from the root: the domain's Clock and Ids ports
 * (the root's), the payment gateway, and the repositories of the portal's database.
 */
export function liveUseCases(root: Root): UseCases {
  const context = Context.make(Clock, root.clock).pipe(
    Context.add(Ids, root.ids),
    Context.add(PaymentGateway, gateway()),
    Context.add(
      DonationRecords,
      whenReady(donations, [
        "create",
        "get",
        "getToPay",
        "apply",
        "latestAttempt",
        "startAttempt",
        "failedAttempts",
      ]),
    ),
    Context.add(RateRecords, {
      current: async () => readRates(await database(), MAIN_CHARITY_ID),
    }),
    Context.add(PaymentRoutes, { gatewayName, threeDsReturnUrl }),
    Context.add(SavedCards, whenReady(recurringRecords, ["markSaveCard", "savedCardToken"])),
    Context.add(DonorRecords, whenReady(donorRecords, ["enrolGuest", "updateProfile"])),
    Context.add(SessionRecords, whenReady(sessionRecords, ["start"])),
    Context.add(
      SingpassLoginRecords,
      whenReady(singpassLoginRecords, ["save", "take", "ready", "finish"]),
    ),
    Context.add(SingpassProvider, {
      finishLogin: async (login, back) => {
        const setup = singpassSetup();
        if (!setup) throw new Error("Singpass is not configured");
        const { dpopKey, ...rest } = login;
        return finishLogin(await setup.client(), { ...rest, dpopKey: dpopKey as JWK }, back);
      },
    }),
    Context.add(NricProofRecords, whenReady(nricProofRecords, ["prove"])),
    Context.add(TermsRecords, whenReady(termsRecords, ["agree"])),
  );
  return { run: (program) => Effect.runPromise(Effect.provideContext(program, context)) };
}
