import { atom } from "nanostores";
import type { LoginPopup } from "@portal/domain";

/** The login popup showing (spec §2), or null. Set by the header and by pages that open one. */
export const $authPopup = atom<LoginPopup | null>(null);
