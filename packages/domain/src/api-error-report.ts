// Plain data and a function: the browser's API client (src/lib/api-client.ts) reports failures
// with them without shipping effect.

/** What is reported: '[host] API Error: <message>' style text, the error name, optional context. */
export interface ErrorReport {
  readonly message: string;
  readonly name: string;
  readonly context?: Readonly<Record<string, string>>;
}

/**
 * The report for an API failure (§8): '[host] API Error: <message or Unknown error>' with the error's
 * name (default `Error`); `null` (nothing reported) for empty or non-object errors.
 */
export const apiErrorReport = (host: string, error: unknown): ErrorReport | null => {
  const isEmpty = typeof error !== "object" || error === null || Object.keys(error).length === 0;
  if (isEmpty && !(error instanceof Error)) return null;
  const e = error as { readonly message?: unknown; readonly name?: unknown };
  const message = typeof e.message === "string" && e.message !== "" ? e.message : "Unknown error";
  const name = typeof e.name === "string" && e.name !== "" ? e.name : "Error";
  return { message: `[${host}] API Error: ${message}`, name };
};
