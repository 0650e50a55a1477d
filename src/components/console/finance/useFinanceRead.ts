import { useCallback, useState } from "react";
import { consoleCall } from "../api";

/**
 * One read of a finance call, as the dashboard and the reconciliation make it: the last answer kept,
 * the message to show when it fails (`badRequest` for a 400, a range or day refused), cleared when
 * the next read starts.
 */
export function useFinanceRead<T>(failed: string, badRequest: string = failed) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState("");
  const load = useCallback(
    async (path: string) => {
      setError("");
      const reply = await consoleCall<T>(path);
      if (reply.ok && reply.data) setData(reply.data);
      else setError(reply.status === 400 ? badRequest : failed);
    },
    [failed, badRequest],
  );
  return { data, error, setError, load };
}
