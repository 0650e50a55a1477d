// `/register/tax-deduction` is reached with the transaction number as navigation state (spec §2), never
// in the URL: the account area leaves it in this tab's session storage; the page moves it into its own
// history entry, so a reload or back-and-forth keeps it and other tabs never see it.
const KEY = "portal.taxRegistration";

export const goRegisterTaxDeduction = (transactionNo: string, path: string): void => {
  try {
    sessionStorage.setItem(KEY, transactionNo);
  } catch {
    // No storage: the page then asks the donor to start from their history.
  }
  location.assign(path);
};

/** The transaction number this page was reached with, or null. */
export const takeTaxRegistrationState = (): string | null => {
  const kept: unknown = (history.state as { transactionNo?: unknown } | null)?.transactionNo;
  if (typeof kept === "string") return kept;
  let handed: string | null;
  try {
    handed = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    handed = null;
  }
  if (handed !== null)
    history.replaceState({ ...(history.state ?? {}), transactionNo: handed }, "");
  return handed;
};
