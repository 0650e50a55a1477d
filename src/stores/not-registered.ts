import { atom } from "nanostores";

/**
 * Whether the signed-in account is not registered as a donor (spec §2: a blank page with a mask shows
 * the not-registered popup). While true, the page behind the popups is hidden and the not-registered
 * popup returns whenever another one closes; signing out or finishing the sign-up ends it.
 */
export const $notRegistered = atom(false);
