import { Effect, Result } from "effect";
import {
  checkCounterEntry,
  checkDonationSearch,
  isConsoleRole,
  lookupForAudit,
  mayDo,
  receiptHref,
  receiptPath,
  type Cents,
  type CounterEntryInput,
  type DonationSearchInput,
  type ConsoleAction,
  type PaymentGatewayShape,
  type ReversalKind,
} from "@portal/domain";
import {
  consoleAuditWriter,
  consoleCare,
  consoleDonations,
  counterReceipts,
  receipts,
  RecordRefused,
  reversals,
  type Amil,
  type ConsoleActor,
  type ConsoleAudit,
  type Reversal,
  type Sql,
} from "@portal/adapters/db";

export interface OperationsDeps {
  readonly sql: Sql;
  readonly key: Buffer;
  /** The gateway a payment was made with, by name (`payment_attempt.gateway`). */
  readonly gateway: (name: string) => PaymentGatewayShape | undefined;
  /** Refunds above this many cents wait for a second officer. */
  readonly approvalAboveCents: number;
  readonly now: () => number;
  readonly productRoute?: string;
  readonly audit?: ConsoleAudit;
  /** Queue and try a receipt mail now (the live server's mail queue); absent in tests without mail. */
  readonly mailReceipt?: (transactionNo: string, key: string) => Promise<boolean>;
}

/** The role check every operation makes on the server, whatever page or call asked for it. */
export const allow = (actor: ConsoleActor, action: ConsoleAction) => {
  if (!mayDo(actor.roles.filter(isConsoleRole), action))
    throw new RecordRefused("console.forbidden", "Not found");
};

/** A failure the gateway answered: its code, for the officer and the audit log. */
const gatewayFailure = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error
    ? String((error as { code: unknown }).code)
    : "gateway.error";

/**
 * The console's operations on gifts as application services: each checks the officer's role, runs
 * the domain's rule through a repository that writes its audit entry in the same transaction.
 */
export function operations(deps: OperationsDeps) {
  const audit = deps.audit ?? consoleAuditWriter(deps.now);
  const gifts = consoleDonations(deps.sql, deps.key, deps.productRoute);
  const giving = reversals(deps.sql, {
    approvalAboveCents: deps.approvalAboveCents,
    now: deps.now,
    audit,
  });
  const counter = counterReceipts(deps.sql, deps.key, audit);
  const care = consoleCare(deps.sql, deps.key, audit);
  const receiptBook = receipts(deps.sql, deps.key);

  /** Give the money back: through the payment's gateway (keyed by the reversal), or at the counter. */
  const execute = async (reversal: Reversal, actor: ConsoleActor): Promise<Reversal> => {
    if (reversal.status === "done" || reversal.status === "awaiting_approval") return reversal;
    if (reversal.payment) {
      const gateway = deps.gateway(reversal.payment.gateway);
      if (!gateway) return giving.fail(reversal.id, "gateway.unknown", actor);
      const outcome = await Effect.runPromise(
        Effect.result(
          gateway.refund(
            reversal.payment.gatewayRef,
            `reversal:${reversal.id}`,
            reversal.amountCents as Cents,
          ),
        ),
      );
      if (Result.isFailure(outcome))
        return giving.fail(reversal.id, gatewayFailure(outcome.failure), actor);
    }
    return giving.complete(reversal.id, actor);
  };

  /**
   * A look-up of a donor's personal data, audited like an action: who, role, from where (the
   * actor), when (the writer), and what was looked up, masked; with how much was found.
   */
  const looked = (
    actor: ConsoleActor,
    action: ConsoleAction,
    entity: "donation" | "plan",
    entityId: string,
    lookup: object,
    found: number,
  ) =>
    audit(deps.sql, {
      actor,
      action,
      entity,
      entityId,
      before: null,
      after: { lookup: lookupForAudit(lookup), found },
    });

  return {
    search: async (actor: ConsoleActor, input: DonationSearchInput) => {
      allow(actor, "donations.search");
      const search = checkDonationSearch(input);
      if (Result.isFailure(search))
        throw Object.assign(new RecordRefused(search.failure.code, search.failure.message), {
          fields: search.failure.fields,
        });
      const found = await gifts.search(search.success);
      await looked(actor, "donations.search", "donation", "", search.success, found.total);
      return found;
    },

    donation: async (actor: ConsoleActor, transactionNo: string) => {
      allow(actor, "donations.view");
      const found = await gifts.find(transactionNo);
      await looked(
        actor,
        "donations.view",
        "donation",
        transactionNo,
        { transactionNo },
        found ? 1 : 0,
      );
      if (!found) throw new RecordRefused("donation.notFound", "No such donation.");
      return { ...found, reversals: await giving.ofDonation(transactionNo) };
    },

    /** Ask for a refund or void; below the approval amount it is given back at once. */
    giveBack: async (
      actor: ConsoleActor,
      input: {
        transactionNo: string;
        kind: ReversalKind;
        amountCents?: number;
        reason: string;
        idempotencyKey: string;
      },
    ) => {
      allow(actor, input.kind === "void" ? "donations.void" : "donations.refund");
      const { reversal } = await giving.ask({ ...input, actor });
      return execute(reversal, actor);
    },

    /** A second officer approves (never the one who asked) and the money goes back. */
    approve: async (actor: ConsoleActor, reversalId: string) => {
      allow(actor, "donations.refund.approve");
      return execute(await giving.approve(reversalId, actor), actor);
    },

    /** Try a failed reversal again: the gateway's key is the reversal's, so it refunds once. */
    retry: async (actor: ConsoleActor, reversalId: string) => {
      allow(actor, "donations.refund");
      const reversal = await giving.get(reversalId);
      if (!reversal) throw new RecordRefused("reversal.notFound", "No such refund request.");
      return execute(reversal, actor);
    },

    awaitingApproval: async (actor: ConsoleActor) => {
      allow(actor, "donations.view");
      return giving.awaitingApproval();
    },

    counterReceipt: async (
      actor: ConsoleActor & { name: string },
      input: CounterEntryInput,
      key: string,
    ) => {
      allow(actor, "counter.record");
      const entry = checkCounterEntry(input);
      if (Result.isFailure(entry))
        throw Object.assign(new RecordRefused(entry.failure.code, entry.failure.message), {
          fields: entry.failure.fields,
        });
      const issued = await counter.issue(entry.success, actor as Amil, key);
      if (!issued.replayed && entry.success.donor.email && deps.mailReceipt)
        await deps.mailReceipt(issued.transactionNo, `receipt:counter:${issued.transactionNo}`);
      const path = receiptPath(issued.flow, issued.amounts, deps.productRoute ?? "wakaf");
      return { ...issued, receiptLink: receiptHref(path, issued.transactionNo, issued.token) };
    },

    resendReceipt: async (actor: ConsoleActor, transactionNo: string, key: string) => {
      allow(actor, "receipts.resend");
      const gift = await gifts.find(transactionNo);
      if (!gift?.receiptNo)
        throw new RecordRefused("receipt.notFound", "No receipt for this donation.");
      const sent = deps.mailReceipt
        ? await deps.mailReceipt(transactionNo, `resend:${key}`)
        : false;
      await deps.sql.transaction((tx) =>
        audit(tx, {
          actor,
          action: "receipts.resend",
          entity: "donation",
          entityId: transactionNo,
          before: null,
          after: { receiptNo: gift.receiptNo, queued: sent },
        }),
      );
      return { queued: sent };
    },

    reissue: async (
      actor: ConsoleActor,
      input: {
        receiptNo: string;
        reason: string;
        particulars: { name?: string; email?: string; companyName?: string };
        idNumber?: string;
      },
    ) => {
      allow(actor, "receipts.reissue");
      const outcome = await receiptBook.reissue({
        ...input,
        actor: actor.id,
        role: actor.roles.join(" "),
        audit: (tx, before, after) =>
          audit(tx, {
            actor,
            action: "receipts.reissue",
            entity: "receipt",
            entityId: input.receiptNo,
            before,
            after,
          }),
      });
      if (outcome.outcome === "notFound")
        throw new RecordRefused("receipt.notFound", "No such receipt.");
      return outcome;
    },

    plans: async (
      actor: ConsoleActor,
      find: { email?: string; idNumber?: string; transactionNo?: string },
    ) => {
      allow(actor, "plans.view");
      const plans = await care.plans(find);
      await looked(actor, "plans.view", "plan", find.transactionNo ?? "", find, plans.length);
      return plans;
    },

    cancelPlan: async (actor: ConsoleActor, planId: string, note: string) => {
      allow(actor, "plans.cancel");
      return care.cancelPlan(planId, note, actor);
    },

    setWallHidden: async (
      actor: ConsoleActor,
      transactionNo: string,
      hidden: boolean,
      reason: string,
    ) => {
      allow(actor, "wall.hide");
      return care.setWallHidden(transactionNo, hidden, reason, actor);
    },
  };
}

export type Operations = ReturnType<typeof operations>;
