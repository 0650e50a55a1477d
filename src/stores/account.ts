import { atom } from "nanostores";

/** The signed-in donor as the header shows them, or null. Held in memory only: no tokens, no NRIC. */
export const $account = atom<{ readonly name: string; readonly email: string } | null>(null);
