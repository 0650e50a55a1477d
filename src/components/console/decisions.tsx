import { useState } from "react";
import { consoleCall, type ConsoleReply } from "./api";

export interface Notice {
  readonly text: string;
  readonly error: boolean;
}

/**
 * A section's changing calls (a draft, its approval or withdrawal) and what the page says after each:
 * the success's words, or the refusal's by its code (`problems`: code -> translation key).
 */
export function useDecisions(
  l: (key: string) => string,
  problems: Readonly<Record<string, string>>,
) {
  const [notice, setNotice] = useState<Notice | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async <T,>(path: string, body: unknown, okKey: string): Promise<ConsoleReply<T>> => {
    setBusy(true);
    const reply = await consoleCall<T>(path, { method: "POST", body });
    setBusy(false);
    setNotice({
      text: l(reply.ok ? okKey : (problems[reply.code ?? ""] ?? "console_error")),
      error: !reply.ok,
    });
    return reply;
  };
  return { notice, busy, send };
}

/** The outcome of the last call, announced politely; a refusal as an alert. */
export const NoticeLine = ({ notice }: { readonly notice: Notice | undefined }) => (
  <div aria-live="polite">
    {notice ? (
      <p
        role={notice.error ? "alert" : "status"}
        className={`console-notice${notice.error ? " console-notice--error" : ""}`}
      >
        {notice.text}
      </p>
    ) : null}
  </div>
);
