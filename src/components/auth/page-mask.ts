import { useEffect } from "react";

/**
 * Spec §2's blank page with a mask behind the not-registered popup: everything on the page but the
 * popups is hidden and inert (nothing behind can be read, focused or clicked) until the state ends.
 */
export function useMaskedPage(masked: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!masked) return;
    root.dataset["notRegistered"] = "";
    const behind = [...document.body.children].filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement && !el.classList.contains("auth-host") && !el.inert,
    );
    for (const el of behind) el.inert = true;
    return () => {
      delete root.dataset["notRegistered"];
      for (const el of behind) el.inert = false;
    };
  }, [masked]);
}

/**
 * Marks the popup showing on the page (`<html data-auth-popup>`), for the header's menu, which is not
 * part of the accounts bundle: it stays open on resize while the unauthorised or pre-registered popup
 * shows (spec §2).
 */
export function usePopupMark(kind: string | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (kind === undefined) delete root.dataset["authPopup"];
    else root.dataset["authPopup"] = kind;
  }, [kind]);
}
