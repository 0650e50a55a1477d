// What the accounts bundle (controller.tsx, loaded on demand with Amplify) offers the page's own islands,
// such as the account area: the donor's calls with their ID token, and the account changes that need
// the identity provider. Islands import only this file, never Amplify.
import type { PortalAnswer } from "./context";

export interface AccountBridge {
  /** Sign-in is set up on this site. */
  readonly enabled: boolean;
  /** Whether a donor is signed in in this tab. */
  readonly signedIn: () => Promise<boolean>;
  /** A portal call (path under /svc) with the donor's ID token. */
  readonly call: (path: string, body?: unknown, method?: "GET" | "POST") => Promise<PortalAnswer>;
  /** Open a popup of the accounts bundle (sign-in, change password). */
  readonly open: (kind: "LOGIN" | "CHANGE_PASSWORD") => void;
  /** Identity-provider changes; reject with an Error whose name is the provider's error code. */
  readonly requestEmailChange: (email: string) => Promise<void>;
  readonly resendEmailChangeCode: () => Promise<void>;
  readonly confirmEmailChange: (code: string) => Promise<void>;
}

const READY = "portal:auth-ready";
type Holder = { portalAccount?: AccountBridge };

/** Called once by the accounts bundle when it has booted. */
export const publishBridge = (bridge: AccountBridge): void => {
  (window as Holder).portalAccount = bridge;
  document.dispatchEvent(new CustomEvent(READY));
};

/** The bridge, once the accounts bundle has booted (pages with `data-auth-page` boot it at once). */
export const accountBridge = (): Promise<AccountBridge> =>
  new Promise((resolve) => {
    const ready = () => {
      const bridge = (window as Holder).portalAccount;
      if (bridge) resolve(bridge);
      return bridge !== undefined;
    };
    if (!ready()) document.addEventListener(READY, () => void ready(), { once: true });
  });
