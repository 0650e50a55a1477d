// What the accounts bundle (controller.tsx, loaded on demand with Amplify) offers the page's own islands,
// such as the account area and checkout: the donor's calls with their ID token, and the account changes
// that need the identity provider. Islands import only this file, never Amplify.
import type { PortalAnswer } from "./context";

export interface AccountBridge {
  /** Sign-in is set up on this site. */
  readonly enabled: boolean;
  /** Whether a donor is signed in in this tab. */
  readonly signedIn: () => Promise<boolean>;
  /**
   * The header that makes a call the signed-in donor's own: `{ authorization: "Bearer <ID token>" }`
   * with the current ID token (Amplify refreshes an expired one), or `{}` when no donor is signed in.
   * Read at each call, so a sign-in or sign-out on the page counts from the next call.
   */
  readonly authorization: () => Promise<Record<string, string>>;
  /** A portal call (path under /svc) with the donor's ID token. */
  readonly call: (path: string, body?: unknown, method?: "GET" | "POST") => Promise<PortalAnswer>;
  /** Open a popup of the accounts bundle (sign-in, change password). */
  readonly open: (kind: "LOGIN" | "CHANGE_PASSWORD") => void;
  /** Identity-provider changes; reject with an Error whose name is the provider's error code. */
  readonly requestEmailChange: (email: string) => Promise<void>;
  readonly resendEmailChangeCode: () => Promise<void>;
  readonly confirmEmailChange: (code: string) => Promise<void>;
  /** Write the account's own attributes at the identity provider (spec: `address` on a profile change). */
  readonly updateAttributes: (attributes: Readonly<Record<string, string>>) => Promise<void>;
  /** Delete the sign-in at the identity provider (after closeAccount), sign out and clear the tab. */
  readonly deleteAccount: () => Promise<void>;
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

/** How long a page waits for the accounts bundle of a session in its tab before giving up. */
export const BRIDGE_WAIT_MS = 20_000;

/** What `sessionBridgeWith` reads of the page; tests give their own. */
export interface SessionBridgeDeps<B> {
  /** The bridge, when the accounts bundle has already booted. */
  readonly published: () => B | undefined;
  /** The header's answer: whether the tab holds a sign-in, so the header is loading the bundle. */
  readonly sessionInTab: () => Promise<boolean>;
  /** The bridge once the bundle has booted. */
  readonly booted: () => Promise<B>;
  readonly wait: number;
}

/**
 * The bridge when a donor may be signed in in this tab, else undefined: the bundle already booted (a
 * sign-in popup opened on this page), or a session in the tab, for which the header is loading it. A
 * guest's page never waits for a bundle that will not load. A bundle (or header) that does not answer
 * in time rejects (the page says the connection failed), rather than the donor's call going out as a
 * guest's.
 */
export const sessionBridgeWith = async <B>(deps: SessionBridgeDeps<B>): Promise<B | undefined> => {
  const ready = deps.published();
  if (ready !== undefined) return ready;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("The accounts bundle did not load in time.")),
      deps.wait,
    );
  });
  try {
    const session = await Promise.race([deps.sessionInTab(), late]);
    // Booted meanwhile (a popup opened): that bridge, session or not.
    const now = deps.published();
    if (now !== undefined) return now;
    if (!session) return undefined;
    return await Promise.race([deps.booted(), late]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The header's session test (chrome/auth-header.ts, the one that decides to load the accounts bundle):
 * it marks its sign-in slot `data-session="yes" | "no"` when its script has run. No header: no session.
 */
const headerSession = (): Promise<boolean> => {
  const slot = document.querySelector<HTMLElement>("[data-auth]");
  if (!slot) return Promise.resolve(false);
  const answer = () => slot.dataset["session"];
  if (answer() !== undefined) return Promise.resolve(answer() === "yes");
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (answer() === undefined) return;
      observer.disconnect();
      resolve(answer() === "yes");
    });
    observer.observe(slot, { attributes: true, attributeFilter: ["data-session"] });
  });
};

/** `sessionBridgeWith` for this page. */
export const sessionBridge = (): Promise<AccountBridge | undefined> =>
  sessionBridgeWith({
    published: () => (window as Holder).portalAccount,
    sessionInTab: headerSession,
    booted: accountBridge,
    wait: BRIDGE_WAIT_MS,
  });
