import { randomUUID } from "node:crypto";
import {
  deviceSeriesAll,
  type DeviceView,
  type HeldReason,
  type OfflineDecision,
  type ShiftFlag,
} from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { counterReceiptOf } from "./counter-receipts";
import { applyOfflineEntry } from "./counter-entry-apply";
import { shiftsAt } from "./counter-entry-shifts";
import { sealing } from "./personal-data";
import {
  shownEntry,
  type HeldRow,
  type CounterDevice,
  type DeviceKind,
  type EntryOutcome,
  type HeldEntry,
  type SignedEntry,
} from "./counter-device-model";
import type { Sql, SqlQuery } from "./sql";

export type {
  CounterDevice,
  DeviceKind,
  EntryOutcome,
  HeldEntry,
  SignedEntry,
} from "./counter-device-model";

interface DeviceRow {
  id: string;
  device_no: number;
  mosque_name: string;
  label: string;
  block_from: string | number;
  block_to: string | number;
  registered_by: string;
  registered_at: Date | string;
  revoked_at: Date | string | null;
  kind: DeviceKind;
}

const deviceOf = (row: DeviceRow): CounterDevice => ({
  id: row.id,
  deviceNo: row.device_no,
  mosqueName: row.mosque_name,
  label: row.label,
  blockFrom: Number(row.block_from),
  blockTo: Number(row.block_to),
  series: deviceSeriesAll(row.device_no),
  registeredBy: row.registered_by,
  registeredAt: new Date(row.registered_at).toISOString(),
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  kind: row.kind,
});

const viewOf = (row: DeviceRow): DeviceView => ({
  id: row.id,
  deviceNo: row.device_no,
  blockFrom: Number(row.block_from),
  blockTo: Number(row.block_to),
  revoked: row.revoked_at !== null,
  mosqueName: row.mosque_name,
});

const columns = `id, device_no, mosque_name, label, block_from, block_to, registered_by,
  registered_at, revoked_at, kind`;

/**
 * The mosques' counter devices (issue 32): registered by an officer with the device's public key and
 * a block of serials in the device's own series; revoked; and the signed entries they send, each
 * kept once per device and key, applied as a counter payment under the device's number or held for
 * an officer. One device's entries are applied one at a time (its row is locked), so a number is
 * never given twice.
 */
export function counterDevices(sql: Sql, key: Buffer, audit: ConsoleAudit = consoleAuditWriter()) {
  // The signed text names the payer (an identity number for IRAS): sealed at rest, bound to its row.
  const sealed = sealing(key, "portal:counter-entry:v1");
  const rowOf = (deviceId: string, entryKey: string) =>
    Buffer.from(`${deviceId}\n${entryKey}`, "utf8");
  const seal = (entry: SignedEntry) =>
    sealed.seal(entry.signedText, rowOf(entry.deviceId, entry.key));
  const one = async (q: SqlQuery, id: string, lock = false) => {
    const [row] = await q.query<DeviceRow>(
      `select ${columns} from counter_device where id = $1${lock ? " for update" : ""}`,
      [id],
    );
    return row;
  };
  const heldOf = (row: HeldRow): HeldEntry => ({
    deviceId: row.device_id,
    deviceNo: row.device_no,
    mosqueName: row.mosque_name,
    key: row.key,
    reason: row.reason,
    receiptNo: row.receipt_no,
    receivedAt: new Date(row.received_at).toISOString(),
    // Without the amil's credential: it is the council's, not an officer's to read.
    entry: shownEntry(sealed.open(row.signed_text, rowOf(row.device_id, row.key))),
  });
  return {
    register: (input: {
      readonly mosqueName: string;
      readonly label: string;
      readonly publicKey: JsonWebKey;
      readonly blockSize: number;
      readonly actor: ConsoleActor;
      /** A counter device (the default) or a kiosk (migration 041). */
      readonly kind?: DeviceKind;
    }): Promise<CounterDevice> =>
      sql.transaction(async (tx) => {
        const [row] = await tx.query<DeviceRow>(
          `insert into counter_device (id, mosque_name, label, public_key, block_from, block_to, registered_by, kind)
           values ($1, $2, $3, $4, 1, $5, $6, $7) returning ${columns}`,
          [
            randomUUID(),
            input.mosqueName,
            input.label,
            JSON.stringify(input.publicKey),
            input.blockSize,
            input.actor.id,
            input.kind ?? "counter",
          ],
        );
        if (!row) throw new Error("counter device not written");
        const device = deviceOf(row);
        // The device's own series: its receipts are numbered by the device, not by next_serial. A
        // kiosk numbers nothing (its payments take the server's numbers, online): it has no series.
        for (const series of device.kind === "kiosk" ? [] : device.series) {
          await tx.query(
            "insert into receipt_series (series, next_serial) values ($1, $2) on conflict (series) do nothing",
            [series, device.blockTo + 1],
          );
        }
        await audit(tx, {
          actor: input.actor,
          action: "counter.devices.register",
          entity: "counter_device",
          entityId: device.id,
          before: null,
          after: {
            deviceNo: device.deviceNo,
            mosqueName: device.mosqueName,
            label: device.label,
            kind: device.kind,
            ...(device.kind === "kiosk" ? {} : { block: [device.blockFrom, device.blockTo] }),
          },
        });
        return device;
      }),

    /** Revoke a device: what it sends afterwards is held. Undefined: no such device. */
    revoke: (id: string, actor: ConsoleActor): Promise<CounterDevice | undefined> =>
      sql.transaction(async (tx) => {
        const before = await one(tx, id, true);
        if (!before) return undefined;
        if (before.revoked_at) return deviceOf(before);
        const [row] = await tx.query<DeviceRow>(
          `update counter_device set revoked_at = now(), revoked_by = $2 where id = $1
           returning ${columns}`,
          [id, actor.id],
        );
        if (!row) return undefined;
        await audit(tx, {
          actor,
          action: "counter.devices.revoke",
          entity: "counter_device",
          entityId: id,
          before: { revokedAt: null },
          after: { revokedAt: new Date(row.revoked_at ?? Date.now()).toISOString() },
        });
        return deviceOf(row);
      }),

    list: async (): Promise<ReadonlyArray<CounterDevice>> =>
      (await sql.query<DeviceRow>(`select ${columns} from counter_device order by device_no`)).map(
        deviceOf,
      ),

    /** A device's public key and what the rules need of it; undefined: no such device. */
    find: async (
      id: string,
    ): Promise<
      | {
          readonly view: DeviceView;
          readonly publicKey: JsonWebKey;
          readonly revokedAt: Date | null;
          readonly kind: DeviceKind;
        }
      | undefined
    > => {
      const [row] = await sql.query<DeviceRow & { public_key: JsonWebKey }>(
        `select ${columns}, public_key from counter_device where id = $1`,
        [id],
      );
      return row
        ? {
            view: viewOf(row),
            publicKey: row.public_key,
            revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
            kind: row.kind,
          }
        : undefined;
    },

    /**
     * Take a device's signed entries (signatures already checked), in order, in one transaction (its
     * row locked: one device's entries are applied one call at a time): each entry's kept answer if
     * it came before (in this call or an earlier one); else `decide` says, on the device as it is,
     * whether it is applied (under the device's number, unless another entry holds that number) or
     * held. All or nothing: a fault leaves every entry of the call as it was, for the device to send
     * again.
     */
    take: (
      deviceId: string,
      entries: ReadonlyArray<
        Omit<SignedEntry, "deviceId"> & { readonly decide: (device: DeviceView) => OfflineDecision }
      >,
      from: string,
    ): Promise<ReadonlyArray<EntryOutcome>> =>
      sql.transaction(async (tx) => {
        const device = await one(tx, deviceId, true);
        if (!device) throw new Error("counter device vanished");
        const view = viewOf(device);
        const keptRows = await tx.query<{
          key: string;
          outcome: "applied" | "held" | "refused";
          reason: HeldReason | null;
          receipt_no: string | null;
          donation_id: string | null;
          rates_superseded: boolean;
          shift_flag: ShiftFlag | null;
        }>(
          `select key, outcome, reason, receipt_no, donation_id, rates_superseded, shift_flag
           from counter_offline_entry where device_id = $1 and key = any($2::text[])`,
          [deviceId, entries.map((entry) => entry.key)],
        );
        const kept = new Map<string, EntryOutcome>();
        for (const row of keptRows) {
          kept.set(
            row.key,
            row.outcome === "applied" && row.donation_id
              ? {
                  outcome: "applied",
                  replayed: true,
                  ratesSuperseded: row.rates_superseded,
                  ...(row.shift_flag ? { shiftFlag: row.shift_flag } : {}),
                  receipt: await counterReceiptOf(tx, key, row.donation_id, true),
                }
              : {
                  // Held, or refused since by an officer (the amil's list says which).
                  outcome: row.outcome === "refused" ? "refused" : "held",
                  replayed: true,
                  reason: row.reason ?? "entry.invalid",
                  receiptNo: row.receipt_no,
                },
          );
        }
        // The numbers the new entries would take that a receipt already holds, read at once.
        const decisions = entries.map((entry) =>
          kept.has(entry.key) ? undefined : entry.decide(view),
        );
        const asked = decisions.flatMap((decision) =>
          decision?.outcome === "apply" ? [decision.entry.receiptNo] : [],
        );
        const used = new Set(
          asked.length === 0
            ? []
            : (
                await tx.query<{ receipt_no: string }>(
                  "select receipt_no from receipt where receipt_no = any($1::text[])",
                  [asked],
                )
              ).map((row) => row.receipt_no),
        );
        // The amil's shifts at the device's mosque at the entries' times, read once.
        const shiftOf = await shiftsAt(
          tx,
          view.mosqueName,
          decisions.flatMap((one) => (one?.outcome === "apply" ? [one.entry] : [])),
        );
        const answers: Array<EntryOutcome> = [];
        for (const [at, entry] of entries.entries()) {
          const before = kept.get(entry.key);
          if (before) {
            answers.push({ ...before, replayed: true });
            continue;
          }
          const signed = { ...entry, deviceId };
          const hold = async (reason: HeldReason, receiptNo: string | null) => {
            await tx.query(
              `insert into counter_offline_entry (device_id, key, signed_text, signature, outcome, reason, receipt_no)
               values ($1, $2, $3, $4, 'held', $5, $6)`,
              [deviceId, entry.key, seal(signed), entry.signature, reason, receiptNo],
            );
            return { outcome: "held", replayed: false, reason, receiptNo } as const;
          };
          const decision = decisions[at] ?? entry.decide(view);
          let answer: EntryOutcome;
          if (decision.outcome === "hold") {
            answer = await hold(decision.reason, decision.receiptNo);
          } else {
            const { entry: taken } = decision;
            if (used.has(taken.receiptNo)) {
              answer = await hold("number.used", taken.receiptNo);
            } else {
              const applied = await applyOfflineEntry(tx, key, audit, taken, from, shiftOf);
              const { donationId, shiftFlag } = applied;
              await tx.query(
                `insert into counter_offline_entry
                   (device_id, key, signed_text, signature, outcome, receipt_no, donation_id, rates_superseded,
                    shift_flag)
                 values ($1, $2, $3, $4, 'applied', $5, $6, $7, $8)`,
                [
                  deviceId,
                  entry.key,
                  seal(signed),
                  entry.signature,
                  applied.receipt.receiptNo,
                  donationId,
                  decision.ratesSuperseded,
                  shiftFlag ?? null,
                ],
              );
              used.add(applied.receipt.receiptNo);
              answer = {
                outcome: "applied",
                replayed: false,
                ratesSuperseded: decision.ratesSuperseded,
                ...(shiftFlag ? { shiftFlag } : {}),
                receipt: applied.receipt,
              };
            }
          }
          kept.set(entry.key, answer);
          answers.push(answer);
        }
        return answers;
      }),

    /**
     * Whether an officer refused the device's entry numbered `receiptNo` (docs/counter.md): its
     * number stands refused in the series, so `/verify` calls its receipt not genuine.
     */
    refusedNumber: async (deviceId: string, receiptNo: string): Promise<boolean> =>
      (
        await sql.query(
          `select 1 from counter_offline_entry
           where device_id = $1 and receipt_no = $2 and outcome = 'refused' limit 1`,
          [deviceId, receiptNo],
        )
      ).length > 0,

    /** The entries held for an officer, oldest first. */
    held: async (): Promise<ReadonlyArray<HeldEntry>> =>
      (
        await sql.query<HeldRow>(
          `select e.device_id, d.device_no, d.mosque_name, e.key, e.reason, e.receipt_no,
                  e.received_at, e.signed_text
           from counter_offline_entry e join counter_device d on d.id = e.device_id
           where e.outcome = 'held' order by e.seq limit 500`,
        )
      ).map(heldOf),

    /**
     * The entries applied outside the amil's shift (`shift.none`, `shift.closed`) that no officer has
     * moved into a shift or acknowledged yet, oldest first.
     */
    flagged: async (): Promise<ReadonlyArray<HeldEntry>> =>
      (
        await sql.query<HeldRow>(
          `select e.device_id, d.device_no, d.mosque_name, e.key, e.shift_flag as reason, e.receipt_no,
                  e.received_at, e.signed_text
           from counter_offline_entry e join counter_device d on d.id = e.device_id
           where e.shift_flag is not null and e.flag_decided is null order by e.seq limit 500`,
        )
      ).map(heldOf),
  };
}
export type CounterDevices = ReturnType<typeof counterDevices>;
