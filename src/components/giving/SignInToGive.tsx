// PORTAL_SIGN_IN_REQUIRED on the pages (spec §6 "login mandatory"): where sign-in comes before giving,
// a guest's way to pay becomes a way to sign in; the accounts popup brings them back to this page.
import { useEffect, useState, type ReactNode } from "react";
import { siteSettings } from "../../lib/site-settings";
import { sessionBridge } from "../auth/bridge";

/** The strings the sign-in-first parts need (each giving page's label list includes them). */
export const signInToGiveKeys = [
  "assets_sign_in_heading",
  "assets_sign_in_text",
  "assets_sign_in_button",
  "assets_sign_in_required",
] as const;

export type SignInToGiveLabels = Readonly<Record<(typeof signInToGiveKeys)[number], string>>;

/** Whether a donor is signed in in this tab (the header's answer, then the accounts bundle's). */
const signedInHere = async (): Promise<boolean> => {
  const bridge = await sessionBridge();
  return bridge ? bridge.signedIn() : false;
};

/** True when this page must ask a guest to sign in before giving. */
export function useSignInFirst(): boolean {
  const [first, setFirst] = useState(false);
  useEffect(() => {
    let live = true;
    void (async () => {
      const { signInRequired } = await siteSettings();
      const guest = signInRequired && !(await signedInHere().catch(() => false));
      if (live) setFirst(guest);
    })();
    return () => {
      live = false;
    };
  }, []);
  return first;
}

/**
 * The sign-in button in place of the way to pay: opens the header's sign-in popup (the event
 * chrome/auth-header.ts listens for); `data-sign-in-to-give` tells the accounts bundle to bring the
 * donor back to this page afterwards, with what they entered.
 */
export function SignInToGive(props: {
  readonly labels: SignInToGiveLabels;
  /** A heading above (checkout), or the button and a line under it (a giving page). */
  readonly heading?: boolean;
}) {
  const { labels: l } = props;
  return (
    <div className="sign-in-to-give" data-testid="sign-in-to-give">
      {props.heading ? <h2>{l.assets_sign_in_heading}</h2> : null}
      <p className="calc-hint">{l.assets_sign_in_text}</p>
      <button
        type="button"
        className="button"
        data-sign-in-to-give
        onClick={() => document.dispatchEvent(new CustomEvent("portal:sign-in"))}
      >
        {l.assets_sign_in_button}
      </button>
    </div>
  );
}

/** A giving page's way to checkout: the link, or the sign-in button where sign-in comes first. */
export function GiveLink(props: {
  readonly labels: SignInToGiveLabels;
  /** The link to checkout. */
  readonly children: ReactNode;
}) {
  return useSignInFirst() ? <SignInToGive labels={props.labels} /> : props.children;
}

/**
 * A calculator's closing actions (fidyah, kaffarah): the way to pay once there is something to give
 * (through `GiveLink`), else the hint; and the button that starts again. Kept in this module, which
 * every giving island loads already, so it adds no script of its own.
 */
export function CalculatorActions(props: {
  readonly labels: SignInToGiveLabels;
  readonly canPay: boolean;
  readonly checkout: string;
  readonly pay: string;
  readonly hint: string;
  readonly reset: string;
  readonly onReset: () => void;
}) {
  return (
    <div className="calc-actions">
      {props.canPay ? (
        <GiveLink labels={props.labels}>
          <a className="button" href={props.checkout}>
            {props.pay}
          </a>
        </GiveLink>
      ) : (
        <p className="calc-hint">{props.hint}</p>
      )}
      <button type="button" className="calc-reset" onClick={props.onReset}>
        {props.reset}
      </button>
    </div>
  );
}
