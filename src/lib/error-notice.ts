import { lifecycleKeys, tabStorage } from "../stores/session-storage";

/** Shows the 'Oops!' notice instead of the page's content (spec §2 error page, §8). */
export const showErrorNotice = (): void => {
  const notice = document.querySelector<HTMLElement>("[data-error-notice]");
  const main = document.getElementById("main");
  if (notice === null || !notice.hidden) return;
  if (main !== null) main.hidden = true;
  notice.hidden = false;
  notice.querySelector<HTMLElement>("h1")?.focus();
};

/**
 * A service call failed in a way the donor must see (spec §8 "Offline or apiError flag"): the 'Oops!'
 * notice, kept in this tab until try again. Its own module so that the API client can call it without
 * loading the page lifecycle.
 */
export const reportApiError = (): void => {
  try {
    tabStorage()?.setItem(lifecycleKeys.apiError, "true");
  } catch {
    // Storage refused: the notice shows for this page only.
  }
  showErrorNotice();
};
