import { useEffect, useState } from "react";
import TableRegion from "../TableRegion";
import { EntryDecision, type ListedEntry as HeldEntry } from "./EntryDecision";
import {
  Card,
  Gated,
  operate,
  Outcome,
  translate,
  useOutcome,
  type Labels,
} from "../operations/kit";

interface Device {
  id: string;
  deviceNo: number;
  mosqueName: string;
  label: string;
  blockFrom: number;
  blockTo: number;
  series: string[];
  registeredAt: string;
  revokedAt: string | null;
  /** A kiosk numbers nothing itself (its receipts are the server's): no series or block to show. */
  kind?: "counter" | "kiosk";
}

/** A time as Singapore reads it (the council's day), whatever the officer's browser is set to. */
const sgt = new Intl.DateTimeFormat("en-SG", {
  timeZone: "Asia/Singapore",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const when = (iso: string) => sgt.format(new Date(iso));
const amount = (cents: number | undefined) =>
  cents === undefined ? "-" : `$${(cents / 100).toFixed(2)}`;

/**
 * Entries as officers see them: held ones, or those applied outside a shift, each with its reason;
 * an officer who may decide (counter.entries.decide) picks one to decide on (EntryDecision).
 */
function EntriesTable({
  t,
  label,
  entries,
  decide,
  officerId,
}: {
  t: ReturnType<typeof translate>;
  label: string;
  entries: ReadonlyArray<HeldEntry>;
  decide: ((entry: HeldEntry) => void) | undefined;
  /** The officer signed in: an entry they took as its amil is another officer's to decide on. */
  officerId: string;
}) {
  return (
    <TableRegion label={label}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t("consoledevices_received")}</th>
            <th scope="col">{t("consoledevices_number")}</th>
            <th scope="col">{t("consoledevices_receipt")}</th>
            <th scope="col">{t("consoledevices_reason")}</th>
            <th scope="col">{t("consoledevices_payment")}</th>
            <th scope="col">{t("consoledevices_amil")}</th>
            {decide ? <th scope="col">{t("consoledevices_decision")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {entries.map((held) => (
            <tr key={`${held.deviceNo}:${held.key}`}>
              <td>{when(held.receivedAt)}</td>
              <td>
                {held.deviceNo} ({held.mosqueName})
              </td>
              <td>{held.receiptNo ?? "-"}</td>
              <td>{t(`consoledevices_reason_${held.reason.replace(".", "_")}`)}</td>
              <td>
                {held.entry?.entry?.fund ?? "-"} {amount(held.entry?.entry?.amountCents)}{" "}
                {held.entry?.entry?.method ?? ""} · {held.entry?.entry?.donor?.name ?? "-"}
              </td>
              <td>{held.entry?.amil?.name ?? "-"}</td>
              {decide ? (
                <td>
                  {held.entry?.amil?.id === officerId ? (
                    t("consoledevices_decide_yours")
                  ) : (
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      onClick={() => decide(held)}
                    >
                      {t("consoledevices_decide", { receipt: held.receiptNo ?? held.key })}
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/**
 * The mosques' counter devices (issue 32, docs/counter.md): each device's number, mosque, series and
 * block, revoked on request (what it sends afterwards is held); the entries the server held for an
 * officer, each with its reason, the payer's identity number masked, to take or refuse; and those it
 * applied outside the amil's shift (`shift.none`, `shift.closed`), to move into a shift or acknowledge.
 */
export default function DevicesSection({ labels }: { labels: Labels }) {
  const t = translate(labels);
  const [state, setState] = useState<
    { devices: Device[]; held: HeldEntry[]; flagged: HeldEntry[] } | undefined
  >();
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useOutcome();
  const [deciding, setDeciding] = useState<{ list: "held" | "flagged"; entry: HeldEntry }>();
  const [decided, setDecided] = useState({ list: "", text: "", error: false });
  const load = async () => {
    const reply = await operate<{ devices: Device[]; held: HeldEntry[]; flagged: HeldEntry[] }>(
      "/console/api/counter/devices",
    );
    setFailed(!reply.ok);
    if (reply.data) setState(reply.data);
  };
  useEffect(() => void load(), []);
  const revoke = async (device: Device) => {
    if (!window.confirm(t("consoledevices_revoke_confirm", { device: device.label }))) return;
    const reply = await operate(`/console/api/counter/devices/${device.id}?do=revoke`, {});
    setOutcome(
      reply.ok
        ? { text: t("consoledevices_revoked_now", { device: device.label }), error: false }
        : {
            text: t("consoledevices_refused", { message: reply.message ?? t("console_error") }),
            error: true,
          },
    );
    await load();
  };
  return (
    <Gated action="counter.devices" t={t}>
      {(session) => (
        <>
          <Card title={t("consoledevices_registered_heading")}>
            <p>{t("consoledevices_intro")}</p>
            {failed ? <p role="alert">{t("console_error")}</p> : null}
            {state?.devices.length === 0 ? <p>{t("consoledevices_none")}</p> : null}
            {state && state.devices.length > 0 ? (
              <TableRegion label={t("consoledevices_heading")}>
                <table className="console-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("consoledevices_number")}</th>
                      <th scope="col">{t("consoledevices_mosque")}</th>
                      <th scope="col">{t("consoledevices_label")}</th>
                      <th scope="col">{t("consoledevices_series")}</th>
                      <th scope="col">{t("consoledevices_block")}</th>
                      <th scope="col">{t("consoledevices_registered")}</th>
                      <th scope="col">{t("consoledevices_status")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.devices.map((device) => (
                      <tr key={device.id}>
                        <td>{device.deviceNo}</td>
                        <td>{device.mosqueName}</td>
                        <td>{device.label}</td>
                        {device.kind === "kiosk" ? (
                          <td colSpan={2}>{t("consoledevices_kiosk")}</td>
                        ) : (
                          <>
                            <td>{device.series.join(", ")}</td>
                            <td>
                              {device.blockFrom}–{device.blockTo}
                            </td>
                          </>
                        )}
                        <td>{when(device.registeredAt)}</td>
                        <td>
                          {device.revokedAt ? (
                            t("consoledevices_revoked_on", { date: when(device.revokedAt) })
                          ) : (
                            <button
                              type="button"
                              className="console-button console-button--quiet"
                              onClick={() => void revoke(device)}
                            >
                              {t("consoledevices_revoke", { device: device.label })}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            ) : null}
            <Outcome {...outcome} />
          </Card>
          {(["held", "flagged"] as const).map((list) => (
            <Card key={list} title={t(`consoledevices_${list}_heading`)}>
              <p>{t(`consoledevices_${list}_intro`)}</p>
              {state?.[list].length === 0 ? <p>{t(`consoledevices_${list}_none`)}</p> : null}
              {state && state[list].length > 0 ? (
                <EntriesTable
                  t={t}
                  label={t(`consoledevices_${list}_heading`)}
                  entries={state[list]}
                  officerId={session.officer.id}
                  decide={
                    session.actions.includes("counter.entries.decide")
                      ? (entry) => {
                          setDecided({ list: "", text: "", error: false });
                          setDeciding({ list, entry });
                        }
                      : undefined
                  }
                />
              ) : null}
              {deciding?.list === list ? (
                <EntryDecision
                  key={`${deciding.entry.deviceId}:${deciding.entry.key}`}
                  t={t}
                  entry={deciding.entry}
                  list={list}
                  onCancel={() => setDeciding(undefined)}
                  onDone={(text, error) => {
                    setDeciding(undefined);
                    setDecided({ list, text, error });
                    void load();
                  }}
                />
              ) : null}
              {decided.list === list ? <Outcome {...decided} /> : null}
            </Card>
          ))}
        </>
      )}
    </Gated>
  );
}
