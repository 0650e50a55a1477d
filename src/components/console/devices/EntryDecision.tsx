import { useEffect, useState } from "react";
import { mayBeTaken, type HeldReason } from "@portal/domain";
import { Choice, ConsoleForm, Field, operate, type T } from "../operations/kit";

/** A held or flagged entry as the devices' list gives it (docs/counter.md). */
export interface ListedEntry {
  deviceId: string;
  deviceNo: number;
  mosqueName: string;
  key: string;
  reason: string;
  receiptNo: string | null;
  receivedAt: string;
  entry: {
    takenAt?: string;
    amil?: { id?: string; name?: string };
    entry?: { fund?: string; amountCents?: number; method?: string; donor?: { name?: string } };
  } | null;
}

interface Shift {
  id: string;
  mosqueName: string;
  amilName: string;
  status: "open" | "closed" | "signed_off";
  night: string;
}

/** A Singapore day (YYYY-MM-DD) `days` before `at`. */
const sgtDay = (at: number, days = 0) =>
  new Date(at + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

const sameMosque = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The shifts an entry received outside a shift may be moved into: its mosque's, open or closed and
 * not signed off, opened from the night before it was taken to today.
 */
const useShifts = (entry: ListedEntry, flagged: boolean) => {
  const [shifts, setShifts] = useState<Shift[] | undefined>();
  useEffect(() => {
    if (!flagged) return;
    const taken = Date.parse(entry.entry?.takenAt ?? entry.receivedAt);
    const from = sgtDay(Math.max(taken, Date.now() - 300 * 86_400_000), 1);
    void operate<{ shifts: Shift[] }>(
      `/console/api/counter/shifts?from=${from}&to=${sgtDay(Date.now())}`,
    ).then((reply) =>
      setShifts(
        (reply.data?.shifts ?? []).filter(
          (one) => one.status !== "signed_off" && sameMosque(one.mosqueName, entry.mosqueName),
        ),
      ),
    );
  }, [entry, flagged]);
  return shifts;
};

/**
 * An officer's decision on one entry (docs/counter.md "Held and flagged entries"): a held entry taken
 * (recorded as paid under its own number) or refused; an entry received outside a shift moved into a
 * shift of its mosque or acknowledged. Always with a reason; a reason that may only be refused offers
 * only the refusal. The server decides again, whatever this form offers.
 */
export function EntryDecision(props: {
  t: T;
  entry: ListedEntry;
  list: "held" | "flagged";
  onDone: (text: string, error: boolean) => void;
  onCancel: () => void;
}) {
  const { t, entry, list } = props;
  const flagged = list === "flagged";
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [shiftId, setShiftId] = useState("");
  const [busy, setBusy] = useState(false);
  const shifts = useShifts(entry, flagged);
  const takeable = !flagged && mayBeTaken(entry.reason as HeldReason);
  const receipt = entry.receiptNo ?? entry.key;

  const send = async (what: "take" | "refuse" | "move" | "acknowledge") => {
    if (reason.trim().length < 3) {
      setError(t("consoledevices_decision_reason_needed"));
      return;
    }
    if (what === "move" && !shiftId) {
      setError(t("consoledevices_decision_shift_needed"));
      return;
    }
    setBusy(true);
    const reply = await operate(`/console/api/counter/entries?do=${what}`, {
      deviceId: entry.deviceId,
      key: entry.key,
      reason,
      ...(what === "move" ? { shiftId } : {}),
    });
    setBusy(false);
    if (reply.ok) props.onDone(t(`consoledevices_decided_${what}`, { receipt }), false);
    else setError(t("consoledevices_refused", { message: reply.message ?? t("console_error") }));
  };

  const button = (what: "take" | "refuse" | "move" | "acknowledge", quiet = false) => (
    <button
      type="button"
      className={quiet ? "console-button console-button--quiet" : "console-button"}
      disabled={busy}
      onClick={() => void send(what)}
    >
      {t(`consoledevices_do_${what}`)}
    </button>
  );

  return (
    <div className="console-subcard" data-testid="entry-decision">
      <h3>{t("consoledevices_decision_heading", { receipt })}</h3>
      {flagged ? null : (
        <p>
          {t(takeable ? "consoledevices_decision_takeable" : "consoledevices_decision_refuse_only")}
        </p>
      )}
      <ConsoleForm
        onSubmit={async () => undefined}
        actions={
          <>
            {flagged ? button("move") : takeable ? button("take") : null}
            {flagged ? button("acknowledge", true) : button("refuse", !takeable ? false : true)}
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={props.onCancel}
            >
              {t("consoledevices_decision_cancel")}
            </button>
          </>
        }
      >
        {flagged ? (
          <Choice
            label={t("consoledevices_decision_shift")}
            value={shiftId}
            onChange={setShiftId}
            options={[
              [
                "",
                t(
                  shifts?.length === 0
                    ? "consoledevices_decision_no_shift"
                    : "consoledevices_decision_pick",
                ),
              ],
              ...(shifts ?? []).map(
                (one) =>
                  [
                    one.id,
                    t(`consoledevices_decision_shift_${one.status}`, {
                      night: one.night,
                      amil: one.amilName,
                    }),
                  ] as const,
              ),
            ]}
          />
        ) : null}
        <Field
          label={t("consoledevices_decision_reason")}
          hint={t("consoledevices_decision_reason_hint")}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          rows={3}
          maxLength={500}
          required
          wide
          error={error}
        />
      </ConsoleForm>
    </div>
  );
}
