import { Result } from "effect";
import {
  balanceShift,
  type DeviceView,
  type HeldReason,
  type OfflineEntry,
  type ShiftBalance,
  type ShiftFlag,
  type ShiftStatus,
  type ShiftTakings,
} from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { applyOfflineEntry } from "./counter-entry-apply";
import { shiftsAt } from "./counter-entry-shifts";
import { counterReceiptOf, type CounterReceipt } from "./counter-receipts";
import { takingsOf } from "./counter-shifts";
import { sealing } from "./personal-data";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

// An officer's decision on a counter device's entry (issue 32, docs/counter.md "Held and flagged
// entries"): a held entry taken (applied as the sync applies one) or refused; an entry applied outside
// a shift moved into one of its mosque's shifts or acknowledged. Each in one transaction with its
// audit line (actor, entry, reason); each once: a second decision on a decided entry changes nothing.

/** A counter device's entry as a decision needs it. */
export interface DecidedEntry {
  readonly device: DeviceView;
  readonly key: string;
  readonly outcome: "applied" | "held" | "refused";
  readonly reason: HeldReason | null;
  readonly decided: "taken" | "refused" | null;
  readonly shiftFlag: ShiftFlag | null;
  readonly flagDecided: "moved" | "acknowledged" | null;
  /** The exact text the device signed. */
  readonly signedText: string;
}

interface EntryRow {
  outcome: "applied" | "held" | "refused";
  reason: HeldReason | null;
  receipt_no: string | null;
  donation_id: string | null;
  rates_superseded: boolean;
  shift_flag: ShiftFlag | null;
  decided: "taken" | "refused" | null;
  flag_decided: "moved" | "acknowledged" | null;
  signed_text: Uint8Array;
  device_no: number;
  mosque_name: string;
  block_from: string | number;
  block_to: string | number;
  revoked_at: Date | string | null;
  shift_id: string | null;
}

const entity = "counter_offline_entry";
const decided = (message: string) => new RecordRefused("counter.entry_decided", message);

export function counterEntryDecisions(
  sql: Sql,
  key: Buffer,
  audit: ConsoleAudit = consoleAuditWriter(),
) {
  // The same sealing as the sync's (counter-devices.ts): the signed text names the payer.
  const sealed = sealing(key, "portal:counter-entry:v1");
  const open = (deviceId: string, entryKey: string, text: Uint8Array) =>
    sealed.open(text, Buffer.from(`${deviceId}\n${entryKey}`, "utf8"));
  /** The entry and its device; locked (the device first, as the sync locks it) when asked. */
  const row = async (q: SqlQuery, deviceId: string, entryKey: string, lock = false) => {
    if (lock) await q.query("select id from counter_device where id = $1 for update", [deviceId]);
    const [found] = await q.query<EntryRow>(
      `select e.outcome, e.reason, e.receipt_no, e.donation_id, e.rates_superseded, e.shift_flag,
              e.decided, e.flag_decided, e.signed_text, d.device_no, d.mosque_name, d.block_from,
              d.block_to, d.revoked_at, g.shift_id
       from counter_offline_entry e join counter_device d on d.id = e.device_id
         left join donation g on g.id = e.donation_id
       where e.device_id = $1 and e.key = $2${lock ? " for update of e" : ""}`,
      [deviceId, entryKey],
    );
    if (!found) throw new RecordRefused("counter.entry_unknown", "No such entry.");
    return found;
  };
  const entityId = (deviceId: string, entryKey: string) => `${deviceId}/${entryKey}`;
  /** A flagged entry's decision written with its audit line. */
  const flagDecided = async (
    tx: SqlQuery,
    at: { deviceId: string; entryKey: string; found: EntryRow },
    decision: "moved" | "acknowledged",
    actor: ConsoleActor,
    reason: string,
    after: Record<string, unknown>,
  ) => {
    await tx.query(
      `update counter_offline_entry set flag_decided = $3, flag_decided_by = $4,
         flag_decided_at = now(), flag_reason = $5
       where device_id = $1 and key = $2`,
      [at.deviceId, at.entryKey, decision, actor.id, reason],
    );
    await audit(tx, {
      actor,
      action: decision === "moved" ? "counter.entries.move" : "counter.entries.acknowledge",
      entity,
      entityId: entityId(at.deviceId, at.entryKey),
      before: { shiftFlag: at.found.shift_flag, shiftId: null },
      after: { ...after, receiptNo: at.found.receipt_no },
      reason,
    });
  };

  return {
    /** A device's entry as a decision needs it; refused `counter.entry_unknown` when none. */
    read: async (deviceId: string, entryKey: string): Promise<DecidedEntry> => {
      const found = await row(sql, deviceId, entryKey);
      return {
        device: {
          id: deviceId,
          deviceNo: found.device_no,
          blockFrom: Number(found.block_from),
          blockTo: Number(found.block_to),
          revoked: found.revoked_at !== null,
          mosqueName: found.mosque_name,
        },
        key: entryKey,
        outcome: found.outcome,
        reason: found.reason,
        decided: found.decided,
        shiftFlag: found.shift_flag,
        flagDecided: found.flag_decided,
        signedText: open(deviceId, entryKey, found.signed_text),
      };
    },

    /**
     * Take a held entry as `taken` says (the domain's `decideTaking`): a paid counter donation under
     * its own device number and time, in its amil's shift open then or flagged, exactly as the sync
     * applies one. Once: taken before, the kept receipt (`replayed`); refused before, refused.
     */
    take: (
      deviceId: string,
      entryKey: string,
      taken: { readonly entry: OfflineEntry; readonly ratesSuperseded: boolean },
      actor: ConsoleActor,
      reason: string,
    ): Promise<{
      readonly receipt: CounterReceipt;
      readonly shiftFlag: ShiftFlag | null;
      readonly ratesSuperseded: boolean;
      readonly replayed: boolean;
    }> =>
      sql.transaction(async (tx) => {
        const found = await row(tx, deviceId, entryKey, true);
        if (found.decided === "taken" && found.donation_id) {
          return {
            receipt: await counterReceiptOf(tx, key, found.donation_id, true),
            shiftFlag: found.shift_flag,
            ratesSuperseded: found.rates_superseded,
            replayed: true,
          };
        }
        if (found.outcome !== "held") {
          throw decided(
            found.outcome === "refused"
              ? "An officer refused this entry already."
              : "This entry was applied at its sync: it was not held.",
          );
        }
        const [used] = await tx.query<{ receipt_no: string }>(
          "select receipt_no from receipt where receipt_no = $1",
          [taken.entry.receiptNo],
        );
        if (used) {
          throw new RecordRefused(
            "counter.entry_refuse_only",
            "Another receipt holds this entry's number: it may only be refused.",
          );
        }
        const shiftOf = await shiftsAt(tx, found.mosque_name, [taken.entry]);
        const applied = await applyOfflineEntry(
          tx,
          key,
          audit,
          taken.entry,
          actor.ip ?? "",
          shiftOf,
        );
        await tx.query(
          `update counter_offline_entry set outcome = 'applied', donation_id = $3, receipt_no = $4,
             rates_superseded = $5, shift_flag = $6, decided = 'taken', decided_by = $7,
             decided_at = now(), decision_reason = $8
           where device_id = $1 and key = $2`,
          [
            deviceId,
            entryKey,
            applied.donationId,
            applied.receipt.receiptNo,
            taken.ratesSuperseded,
            applied.shiftFlag ?? null,
            actor.id,
            reason,
          ],
        );
        await audit(tx, {
          actor,
          action: "counter.entries.take",
          entity,
          entityId: entityId(deviceId, entryKey),
          before: { outcome: "held", reason: found.reason, receiptNo: found.receipt_no },
          after: {
            outcome: "applied",
            receiptNo: applied.receipt.receiptNo,
            shiftFlag: applied.shiftFlag ?? null,
          },
          reason,
        });
        return {
          receipt: applied.receipt,
          shiftFlag: applied.shiftFlag ?? null,
          ratesSuperseded: taken.ratesSuperseded,
          replayed: false,
        };
      }),

    /**
     * Refuse a held entry: nothing is paid; it stays on record, refused, its number refused in its
     * device's series. Once: refused before, the same (`replayed`); taken before, refused.
     */
    refuse: (deviceId: string, entryKey: string, actor: ConsoleActor, reason: string) =>
      sql.transaction(async (tx) => {
        const found = await row(tx, deviceId, entryKey, true);
        if (found.outcome === "refused") return { receiptNo: found.receipt_no, replayed: true };
        if (found.outcome !== "held") {
          throw decided("This entry is applied: a receipt is reversed by a void, not refused.");
        }
        await tx.query(
          `update counter_offline_entry set outcome = 'refused', decided = 'refused',
             decided_by = $3, decided_at = now(), decision_reason = $4
           where device_id = $1 and key = $2`,
          [deviceId, entryKey, actor.id, reason],
        );
        await audit(tx, {
          actor,
          action: "counter.entries.refuse",
          entity,
          entityId: entityId(deviceId, entryKey),
          before: { outcome: "held", reason: found.reason, receiptNo: found.receipt_no },
          after: { outcome: "refused", receiptNo: found.receipt_no },
          reason,
        });
        return { receiptNo: found.receipt_no, replayed: false };
      }),

    /**
     * Move an entry applied outside a shift into a shift of its device's mosque, open or closed and
     * not signed off (a signed-off shift is locked); a closed shift's close is balanced again with it
     * (its count as it was, the difference now). Once: moved there before, the same.
     */
    move: (
      deviceId: string,
      entryKey: string,
      shiftId: string,
      actor: ConsoleActor,
      reason: string,
    ) =>
      sql.transaction(async (tx) => {
        const found = await row(tx, deviceId, entryKey, true);
        if (found.outcome !== "applied" || !found.shift_flag || !found.donation_id) {
          throw decided("This entry was not received outside a shift.");
        }
        if (found.flag_decided === "moved" && found.shift_id === shiftId) {
          return { shiftId, replayed: true };
        }
        if (found.flag_decided) throw decided("An officer has decided on this entry already.");
        const [shift] = await tx.query<{
          status: ShiftStatus;
          mosque_name: string;
          float_cents: string | number;
          close: { takings: ShiftTakings; balance: ShiftBalance } | null;
        }>(
          "select status, mosque_name, float_cents, close from counter_shift where id = $1 for update",
          [shiftId],
        );
        if (!shift) throw new RecordRefused("shift.notFound", "No such shift.");
        if (shift.status === "signed_off") {
          throw new RecordRefused(
            "shift.locked",
            "This shift is signed off: nothing in it changes.",
          );
        }
        const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
        if (!same(shift.mosque_name, found.mosque_name)) {
          throw new RecordRefused(
            "counter.shift_other_mosque",
            "The entry was taken at another mosque than this shift's.",
          );
        }
        await tx.query("update donation set shift_id = $2 where id = $1 and shift_id is null", [
          found.donation_id,
          shiftId,
        ]);
        let cash: { before: number; after: number } | undefined;
        if (shift.status === "closed" && shift.close) {
          // The close's expected totals count the entry now; the count stays what the amil counted.
          const { balance } = shift.close;
          const takings = await takingsOf(tx, shiftId, Number(shift.float_cents));
          const again = balanceShift(takings, {
            cash: balance.denominations,
            chequeCount: balance.chequeCount.counted,
            chequeCents: balance.chequeCents.counted,
            netsCents: balance.netsCents.counted,
            reason: balance.reason ?? reason,
          });
          if (Result.isFailure(again))
            throw new Error(`shift ${shiftId}: ${again.failure.message}`);
          await tx.query(
            "update counter_shift set close = $2, cash_difference_cents = $3, reason = $4 where id = $1",
            [
              shiftId,
              JSON.stringify({ takings, balance: again.success }),
              again.success.cash.difference,
              again.success.reason,
            ],
          );
          cash = { before: balance.cash.difference, after: again.success.cash.difference };
        }
        await flagDecided(tx, { deviceId, entryKey, found }, "moved", actor, reason, {
          shiftId,
          shiftStatus: shift.status,
          ...(cash ? { cashDifferenceCents: cash } : {}),
        });
        return { shiftId, replayed: false };
      }),

    /** Acknowledge an entry applied outside a shift, with the reason; it stays in no shift. Once. */
    acknowledge: (deviceId: string, entryKey: string, actor: ConsoleActor, reason: string) =>
      sql.transaction(async (tx) => {
        const found = await row(tx, deviceId, entryKey, true);
        if (found.outcome !== "applied" || !found.shift_flag) {
          throw decided("This entry was not received outside a shift.");
        }
        if (found.flag_decided === "acknowledged") return { replayed: true };
        if (found.flag_decided) throw decided("An officer has decided on this entry already.");
        await flagDecided(tx, { deviceId, entryKey, found }, "acknowledged", actor, reason, {
          acknowledged: true,
        });
        return { replayed: false };
      }),
  };
}
export type CounterEntryDecisions = ReturnType<typeof counterEntryDecisions>;
