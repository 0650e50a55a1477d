import { useEffect, useState } from "react";
import type { ConsoleRole } from "@portal/domain";
import { consoleCall, fill, loadSession, type ConsoleSessionInfo } from "./api";

export type ConsoleBarLabels = Readonly<Record<string, string>>;

interface Props {
  readonly lang: "en" | "ms";
  readonly labels: ConsoleBarLabels;
  /** This page's path, so signing in comes back here. */
  readonly returnPath: string;
}

const SIGN_IN_MESSAGES: Record<string, string> = {
  failed: "console_signin_failed",
  cancelled: "console_signin_failed",
  expired: "console_signin_failed",
  "no-role": "console_signin_no_role",
};

/**
 * The console's bar: who is signed in and with which roles, and sign-out; or the sign-in link. Also
 * hides the navigation links the officer's roles do not open (the server refuses them anyway).
 */
export default function ConsoleBar({ labels, returnPath }: Props) {
  const [state, setState] = useState<"loading" | "out" | "ended" | ConsoleSessionInfo>("loading");
  const [notice, setNotice] = useState("");
  const [signOutRefused, setSignOutRefused] = useState(false);
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get("signin");
    const key = reason ? SIGN_IN_MESSAGES[reason] : undefined;
    if (key) setNotice(labels[key] ?? "");
    void loadSession().then((session) => {
      setState(session ?? "out");
      for (const link of document.querySelectorAll<HTMLElement>("[data-console-action]")) {
        const allowed = session?.actions.includes(link.dataset["consoleAction"] as never) ?? false;
        link.hidden = !allowed;
      }
    });
    const ended = () => setState("ended");
    window.addEventListener("console:signed-out", ended);
    return () => window.removeEventListener("console:signed-out", ended);
  }, [labels]);

  const signIn = `/console/sign-in?return=${encodeURIComponent(returnPath)}`;
  if (state === "loading")
    return <p className="console-bar__status">{labels["console_loading"]}</p>;
  if (state === "out" || state === "ended") {
    return (
      <div className="console-bar__signin">
        {notice ? (
          <p role="alert" className="console-notice console-notice--error">
            {notice}
          </p>
        ) : null}
        <p>
          {state === "ended" ? labels["console_session_ended"] : labels["console_sign_in_intro"]}
        </p>
        <a className="console-button" href={signIn}>
          {labels["console_sign_in"]}
        </a>
      </div>
    );
  }
  const roles = state.officer.roles
    .map((role: ConsoleRole) => labels[`console_role_${role}`] ?? role)
    .join(", ");
  /**
   * Signed out only when the server says so (or the session had already ended): a refused or lost
   * sign-out leaves the officer signed in, and says so, so nobody walks away from a counter's
   * computer thinking they signed out.
   */
  const signOut = async () => {
    setSignOutRefused(false);
    const reply = await consoleCall("/console/sign-out", { method: "POST" }).catch(() => undefined);
    if (reply?.ok || reply?.status === 401) {
      setState("out");
      window.location.assign(returnPath);
      return;
    }
    setSignOutRefused(true);
  };
  return (
    <div className="console-bar__who">
      {signOutRefused ? (
        <p role="alert" className="console-notice console-notice--error">
          {labels["console_sign_out_failed"]}
        </p>
      ) : null}
      <p>
        <span>{fill(labels["console_signed_in_as"] ?? "", { name: state.officer.name })}</span>{" "}
        <span className="console-bar__roles">
          ({labels["console_roles_label"]}: {roles})
        </span>
      </p>
      <button
        type="button"
        className="console-button console-button--quiet"
        onClick={() => void signOut()}
      >
        {labels["console_sign_out"]}
      </button>
    </div>
  );
}
