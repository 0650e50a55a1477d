import { useEffect, useState, type ReactNode } from "react";
import type { ConsoleAction } from "@portal/domain";
import { loadSession, type ConsoleSessionInfo } from "./api";

interface Props {
  readonly action: ConsoleAction;
  readonly labels: { readonly loading: string; readonly forbidden: string };
  readonly children: (session: ConsoleSessionInfo) => ReactNode;
}

/**
 * A section's content once the officer is known: nothing while signed out (the bar offers sign-in),
 * a refusal when the roles do not permit `action`. Convenience only: the server checks every call.
 */
export default function ConsoleGate({ action, labels, children }: Props) {
  const [session, setSession] = useState<ConsoleSessionInfo | null | undefined>(undefined);
  useEffect(() => {
    void loadSession().then((found) => setSession(found ?? null));
    const ended = () => setSession(null);
    window.addEventListener("console:signed-out", ended);
    return () => window.removeEventListener("console:signed-out", ended);
  }, []);
  if (session === undefined) return <p>{labels.loading}</p>;
  if (session === null) return null;
  if (!session.actions.includes(action)) return <p role="alert">{labels.forbidden}</p>;
  return <>{children(session)}</>;
}
