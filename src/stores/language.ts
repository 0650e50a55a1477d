import { atom } from "nanostores";
import type { Language } from "../i18n";

/**
 * The language the donor chose in this tab, or undefined until they choose one. Islands fall back to
 * the page's own language, so server and browser render the same markup.
 */
export const $language = atom<Language | undefined>(undefined);
