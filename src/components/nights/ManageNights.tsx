import { useCallback, useEffect, useRef, useState } from "react";
import { fill } from "../../i18n/fill";
import type { Language } from "../../i18n/paths";
import { request } from "../../lib/api";
import { ScheduleCard, type Schedule } from "./NightsTable";

type State =
  | { readonly phase: "loading" }
  | { readonly phase: "missing" }
  | { readonly phase: "limited" }
  | { readonly phase: "ready"; readonly schedule: Schedule; readonly stoppedNow: boolean };

/** The link's token, from the fragment (`#key=…`), which the browser never sends anywhere. */
const tokenOf = (): string | undefined =>
  new URLSearchParams(window.location.hash.slice(1)).get("key") ?? undefined;

const ask = async (name: "getNightsByLink" | "stopNightsByLink") => {
  const token = tokenOf();
  if (!token) return undefined;
  // The token goes in the POST body; any refusal is this page's own message.
  const reply = (await request(name, { body: { token } }, { keepPage: true })) as {
    readonly status?: unknown;
    readonly data?: Schedule;
  };
  return reply.status === 1 ? reply.data : undefined;
};

/**
 * `/wms/manage-nights#key=…`: the one schedule of nights its e-mailed link opens, and stopping the
 * nights still to come. A wrong, expired or another schedule's link says it opens nothing.
 */
export default function ManageNights(props: {
  readonly labels: Readonly<Record<string, string>>;
  readonly lang: Language;
}) {
  const t = useCallback(
    (key: string, values: Readonly<Record<string, string>> = {}) =>
      fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const [state, setState] = useState<State>({ phase: "loading" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    ask("getNightsByLink")
      .then((schedule) =>
        setState(schedule ? { phase: "ready", schedule, stoppedNow: false } : { phase: "missing" }),
      )
      .catch((error: unknown) =>
        setState({ phase: (error as { status?: unknown }).status === 429 ? "limited" : "missing" }),
      );
  }, []);

  useEffect(() => {
    if (state.phase === "missing" || state.phase === "limited") heading.current?.focus();
  }, [state]);

  if (state.phase === "loading") return <p role="status">{t("manage_gift_loading")}</p>;
  if (state.phase !== "ready") {
    const limited = state.phase === "limited";
    return (
      <section className="manage-gift-card" aria-labelledby="manage-nights-missing">
        <h2 id="manage-nights-missing" ref={heading} tabIndex={-1}>
          {t(limited ? "manage_gift_rate_limited_title" : "nights_manage_not_found_title")}
        </h2>
        <p>{t(limited ? "manage_gift_rate_limited" : "nights_manage_not_found")}</p>
      </section>
    );
  }
  const stop = async () => {
    const schedule = await ask("stopNightsByLink").catch(() => undefined);
    if (!schedule) throw new Error(t("account_error_generic"));
    setState({ phase: "ready", schedule, stoppedNow: true });
  };
  return (
    <ScheduleCard
      schedule={state.schedule}
      lang={props.lang}
      t={t}
      stop={stop}
      stoppedNow={state.stoppedNow}
    />
  );
}
