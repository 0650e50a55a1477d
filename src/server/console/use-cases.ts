import { Context, Effect, Result } from "effect";
import {
  ContentRefused,
  HijriCalendarRefused,
  isConsoleRole,
  RateDraftRefused,
  receiptHref,
  receiptPath,
  type Cents,
  type PaymentGatewayShape,
} from "@portal/domain";
import {
  audit as writeAudit,
  hijriCalendarDrafts,
  listCharities,
  rateDrafts,
  readSiteContent,
  saveSiteContent,
  type Officer as DirectoryOfficer,
} from "@portal/adapters/console";
import {
  consoleAuditWriter,
  consoleCare,
  consoleDonations,
  counterDevices,
  counterDeviceActs,
  counterReceipts,
  counterShifts,
  IdempotencyConflict,
  receipts,
  RecordRefused,
  reversals,
  ShiftRefused,
  type ConsoleActor,
  type MailQueue,
  type Sql,
} from "@portal/adapters/db";
import type { Reconciliation } from "@portal/adapters/finance";
import { Refused } from "../app/refused";
import { Officer, type OfficerPort } from "../app/console/officer";
import {
  AsnafBook,
  AuditLog,
  CounterBook,
  CounterShifts,
  DonorCare,
  FinanceDays,
  GiftRecords,
  HijriCalendarBook,
  PublishedSettings,
  RateBook,
  ReceiptBook,
  type ReceiptBookPort,
  Refunds,
  ReversalRecords,
  SiteContents,
} from "../app/console/ports";
import type { GiftServices } from "../app/console/gifts";
import type { ShiftServices } from "../app/console/shifts";
import type { SettingsServices } from "../app/console/settings";
import type { CalendarServices } from "../app/console/calendar";
import { asnafBook, type AsnafServices } from "./asnaf-book";
import {
  CounterDevices,
  type CounterDeviceServices,
  type CounterDevicesPort,
} from "../app/console/counter-devices";
import { CounterEntryBook, type CounterEntryServices } from "../app/console/counter-entries";
import { isDeviceKey } from "../counter-signatures";
import { counterEntryBook } from "./counter-entry-book";
import type { PortalClock } from "../clock";
import type { PortalConfig } from "../config";
import type { PortalDatabase } from "../database";
import type { Deferred } from "../records";
import { mailReceipt } from "./receipt-mailer";

/** Every service a console use case may ask for. */
export type ConsoleAppServices =
  | GiftServices
  | SettingsServices
  | CounterDeviceServices
  | CounterEntryServices
  | ShiftServices
  | CalendarServices
  | AsnafServices;

/**
 * How the console's routes run a use case (src/server/app/console): with the services below and the
 * officer the router resolved for the route's action. A refusal rejects with the use case's `Refused`.
 */
export interface ConsoleUseCases {
  readonly run: <A>(
    program: Effect.Effect<A, Refused, ConsoleAppServices>,
    officer: OfficerPort,
  ) => Promise<A>;
}

/** What the console's ports are built over, for one opened database. */
export interface ConsoleDeps {
  readonly sql: Sql;
  readonly key: Buffer;
  /** The gateway a payment was made with, by name (`payment_attempt.gateway`). */
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
  /** Refunds above this many cents wait for a second officer. */
  readonly approvalAboveCents: number;
  readonly now: () => number;
  readonly productRoute: string;
  /** Queue and try a receipt mail now (the live server's mail queue); absent without mail: false. */
  readonly mailReceipt?: (transactionNo: string, key: string) => Promise<boolean>;
  /** The finance days' reconciliation (the sign-off); absent where finance is not built. */
  readonly reconciliation?: () => Promise<Reconciliation>;
  /** Tell the donors' configuration reader that an officer changed what it serves. */
  readonly configurationChanged?: () => void;
}

/**
 * An adapter's refusal (`RecordRefused`, `IdempotencyConflict`, the domain's `RateDraftRefused` and
 * `ContentRefused` thrown by the records) as the use case's `Refused`; anything else is left as it is.
 */
const asRefused = (error: unknown): unknown => {
  if (error instanceof ShiftRefused) {
    return new Refused({ code: error.code, message: error.message, fields: error.fields });
  }
  if (error instanceof RecordRefused || error instanceof IdempotencyConflict) {
    const fields = (error as { fields?: ReadonlyArray<string> }).fields;
    return new Refused({ code: error.code, message: error.message, ...(fields ? { fields } : {}) });
  }
  if (error instanceof RateDraftRefused || error instanceof HijriCalendarRefused) {
    return new Refused({ code: error.code, message: error.message });
  }
  if (error instanceof ContentRefused) {
    return new Refused({ code: error.code, message: error.message, field: error.field });
  }
  return error;
};

/**
 * A port whose every method answers its adapter's refusals as `Refused`: thrown, or as the rejection
 * of the promise it answers (an answer that is not a promise is passed on as it is).
 */
const translated = <T extends object>(port: T): T =>
  Object.fromEntries(
    Object.entries(port).map(([name, method]) => [
      name,
      typeof method === "function"
        ? (...args: Array<unknown>) => {
            try {
              const answer: unknown = method(...args);
              return answer instanceof Promise
                ? answer.catch((error: unknown) => {
                    throw asRefused(error);
                  })
                : answer;
            } catch (error) {
              throw asRefused(error);
            }
          }
        : method,
    ]),
  ) as T;

/** The officer as the console directory's records name them (its roles, those the console knows). */
const directoryOfficer = (officer: OfficerPort): DirectoryOfficer => ({
  id: officer.id,
  name: officer.name,
  roles: officer.roles.filter(isConsoleRole),
});

/** The officer as the gifts' records name them in their audit lines. */
const actor = (officer: OfficerPort): ConsoleActor => ({
  id: officer.id,
  name: officer.name,
  roles: officer.roles,
  ip: officer.ip,
});

/** A failure the gateway answered: its code, for the officer and the audit log. */
const gatewayFailure = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error
    ? String((error as { code: unknown }).code)
    : "gateway.error";

/** The console's ports over one opened database (the live server's, or a test's). */
export function consolePorts(
  deps: ConsoleDeps,
): Context.Context<Exclude<ConsoleAppServices, Officer>> {
  const { sql, key } = deps;
  const audit = consoleAuditWriter(deps.now);
  const gifts = consoleDonations(sql, key, deps.productRoute);
  const giving = reversals(sql, {
    approvalAboveCents: deps.approvalAboveCents,
    now: deps.now,
    audit,
  });
  const counter = counterReceipts(sql, key, audit);
  const shifts = counterShifts(sql, audit);
  const care = consoleCare(sql, key, audit);
  const receiptBook = receipts(sql, key);
  const drafts = rateDrafts(sql);
  const calendar = hijriCalendarDrafts(sql);
  const officerAct = (officer: OfficerPort) => ({
    officer: directoryOfficer(officer),
    ip: officer.ip,
    now: officer.now,
  });
  const devices = counterDevices(sql, key, audit);
  const acts = counterDeviceActs(sql, key, audit);
  const devicePort: CounterDevicesPort = {
    ...translated({
      register: ({ officer, ...input }: Parameters<CounterDevicesPort["register"]>[0]) =>
        devices.register({ ...input, actor: actor(officer) }),
      revoke: (id: string, officer: OfficerPort) => devices.revoke(id, actor(officer)),
      list: () => devices.list(),
      held: () => devices.held(),
      flagged: () => devices.flagged(),
      issueAmil: (deviceId: string, officer: OfficerPort) =>
        acts.issueAmil(deviceId, actor(officer), officer.now),
      newBlock: (deviceId: string, size: number, officer: OfficerPort) =>
        acts.newBlock(deviceId, size, actor(officer)),
    }),
    isDeviceKey,
  };
  return Context.make(GiftRecords, translated({ search: gifts.search, find: gifts.find })).pipe(
    Context.add(
      ReversalRecords,
      translated({
        ask: async ({ officer, ...input }) =>
          (await giving.ask({ ...input, actor: actor(officer) })).reversal,
        approve: (id, officer) => giving.approve(id, actor(officer)),
        get: (id) => giving.get(id),
        complete: (id, officer) => giving.complete(id, actor(officer)),
        fail: (id, code, officer) => giving.fail(id, code, actor(officer)),
        awaitingApproval: () => giving.awaitingApproval(),
        ofGift: (transactionNo) => giving.ofDonation(transactionNo),
      }),
    ),
    Context.add(Refunds, {
      refund: async (payment, refundKey, amountCents) => {
        const gateway = deps.gateway(payment.gateway);
        if (!gateway) return "gateway.unknown";
        const outcome = await Effect.runPromise(
          Effect.result(gateway.refund(payment.gatewayRef, refundKey, amountCents as Cents)),
        );
        return Result.isFailure(outcome) ? gatewayFailure(outcome.failure) : undefined;
      },
    }),
    Context.add(
      CounterBook,
      translated({
        issue: (entry, amil, entryKey) => counter.issue(entry, actor(amil), entryKey),
      }),
    ),
    Context.add(
      CounterShifts,
      translated({
        open: (input, amil) => shifts.open(input, actor(amil), amil.now),
        current: (amilId) => shifts.current(amilId),
        get: (id) => shifts.get(id),
        close: (id, count, amil) => shifts.close(id, count, actor(amil), amil.now),
        signOff: (id, approver) => shifts.signOff(id, actor(approver), approver.now),
        list: (filter) => shifts.list(filter),
      }),
    ),
    Context.add(ReceiptBook, {
      ...translated({
        reissue: ({ officer, ...input }: Parameters<ReceiptBookPort["reissue"]>[0]) =>
          receiptBook.reissue({
            ...input,
            actor: officer.id,
            role: officer.roles.join(" "),
            audit: (tx, before, after) =>
              audit(tx, {
                actor: actor(officer),
                action: "receipts.reissue",
                entity: "receipt",
                entityId: input.receiptNo,
                before,
                after,
              }),
          }),
      }),
      // Made here, not read: a plain function (a translated method would answer a promise).
      link: (gift) =>
        receiptHref(
          receiptPath(gift.flow, gift.amounts, deps.productRoute),
          gift.transactionNo,
          gift.token,
        ),
      mail: async (transactionNo, mailKey) =>
        deps.mailReceipt ? deps.mailReceipt(transactionNo, mailKey) : false,
    }),
    Context.add(AuditLog, {
      write: ({ officer, before, after, ...entry }) =>
        sql.transaction((tx) =>
          audit(tx, { ...entry, actor: actor(officer), before: before ?? null, after }),
        ),
    }),
    Context.add(
      DonorCare,
      translated({
        plans: (find) => care.plans(find),
        cancelPlan: (planId, note, officer) => care.cancelPlan(planId, note, actor(officer)),
        setWallHidden: (transactionNo, hidden, reason, officer) =>
          care.setWallHidden(transactionNo, hidden, reason, actor(officer)),
      }),
    ),
    Context.add(
      RateBook,
      translated({
        list: (charityId) => drafts.list(charityId),
        draft: ({ officer, ...input }) => drafts.draft({ ...input, ...officerAct(officer) }),
        approve: (id, officer) => drafts.approve({ id, ...officerAct(officer) }),
        withdraw: (id, officer) => drafts.withdraw({ id, ...officerAct(officer) }),
        publishDue: (now) => drafts.publishDue(now),
      }),
    ),
    Context.add(
      SiteContents,
      translated({
        charities: () => listCharities(sql),
        read: (charityId) => readSiteContent(sql, charityId),
        save: ({ officer, ...input }) =>
          saveSiteContent(sql, {
            ...input,
            officer: directoryOfficer(officer),
            ip: officer.ip,
            now: officer.now,
          }),
      }),
    ),
    Context.add(
      HijriCalendarBook,
      translated({
        list: () => calendar.list(),
        draft: (start, officer) => calendar.draft({ ...start, ...officerAct(officer) }),
        approve: (id, officer) => calendar.approve({ id, ...officerAct(officer) }),
        withdraw: (id, officer) => calendar.withdraw({ id, ...officerAct(officer) }),
      }),
    ),
    Context.add(AsnafBook, asnafBook(sql, officerAct)),
    Context.add(PublishedSettings, { changed: () => deps.configurationChanged?.() }),
    Context.add(CounterDevices, devicePort),
    Context.add(CounterEntryBook, counterEntryBook(sql, key, audit, translated, actor)),
    Context.add(FinanceDays, {
      signOff: async (day, officer) => {
        if (!deps.reconciliation) throw new Error("finance is not built");
        return (await deps.reconciliation()).signOff(day, officer, (tx, signed) =>
          writeAudit(
            tx,
            {
              officer: directoryOfficer(officer),
              ip: officer.ip,
              action: "finance.signOff",
              entity: "finance_day",
              entityId: day,
              after: signed,
            },
            officer.now,
          ),
        );
      },
    }),
  );
}

/** Run console use cases over ports made once per opened database (`ports`). */
export const consoleUseCasesOver = (
  ports: () => Promise<Context.Context<Exclude<ConsoleAppServices, Officer>>>,
): ConsoleUseCases => ({
  run: async (program, officer) =>
    Effect.runPromise(Effect.provideContext(program, Context.add(await ports(), Officer, officer))),
});

/** The process's console use cases over its database, server key, gateways, mail and finance. */
export const consoleUseCasesOf = (deps: {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  readonly mailQueue: Deferred<MailQueue>;
  readonly gatewayNamed: (name: string) => PaymentGatewayShape | undefined;
  readonly reconciliation: () => Promise<Reconciliation>;
  readonly configurationChanged: () => void;
}): ConsoleUseCases =>
  consoleUseCasesOver(
    deps.database.over((sql) =>
      consolePorts({
        sql,
        key: deps.key,
        gateway: deps.gatewayNamed,
        // Refunds above this many cents wait for a second officer (PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS).
        approvalAboveCents: deps.config.console.approvalAboveCents,
        now: deps.clock.nowMs,
        productRoute: deps.config.productRoute,
        mailReceipt: (transactionNo, key) => mailReceipt(deps, sql, transactionNo, key),
        reconciliation: deps.reconciliation,
        configurationChanged: deps.configurationChanged,
      }),
    ),
  );
