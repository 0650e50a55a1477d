import { Effect } from "effect";
import {
  afterLogin,
  isFlowType,
  logoutPlan,
  popupAfterSignIn,
  type AccountError,
  type AccountsShape,
  type FlowType,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { barePath, languageOf, localizedPath, type Language } from "../../i18n/paths";
import { currentPageFlow } from "../../lib/page-flow";
import { rememberSocialStart } from "../../lib/social-start";
import { readTransaction } from "../../lib/transaction";
import { $account } from "../../stores/account";
import { $authPopup } from "../../stores/auth-popup";
import { $notRegistered } from "../../stores/not-registered";
import { lifecycleKeys, readFlag, tabStorage } from "../../stores/session-storage";

/** What `/auth/config` answers. */
export type IdentityConfig =
  | { readonly enabled: false }
  | {
      readonly enabled: true;
      readonly userPoolId: string;
      readonly userPoolClientId: string;
      readonly userPoolEndpoint?: string;
      readonly oauthDomain?: string;
      readonly social: ReadonlyArray<"Google" | "Facebook">;
    };

/** Everything the popups need: strings, the account port, and what happens around a sign-in. */
export interface AuthContext {
  readonly lang: Language;
  readonly flow: FlowType;
  readonly productRoute: string;
  readonly t: (key: string, values?: Readonly<Record<string, string>>) => string;
  /** Undefined when sign-in is not set up here. */
  readonly accounts: AccountsShape | undefined;
  readonly social: ReadonlyArray<"Google" | "Facebook">;
  /** The page asked to stay after a sign-in (the auth test page). */
  readonly stay: boolean;
  readonly run: <A>(effect: Effect.Effect<A, AccountError>) => Promise<A>;
  /** The portal's own call with the donor's ID token. */
  readonly portal: (path: string, body?: unknown, method?: "GET" | "POST") => Promise<PortalAnswer>;
  /** A sign-in succeeded: registered donors go on as §4 says; others see the not-registered popup. */
  readonly signedIn: () => Promise<void>;
  readonly signOut: (redirect: boolean) => Promise<void>;
  readonly refreshHeader: () => Promise<void>;
}

export interface PortalAnswer {
  readonly httpStatus: number;
  readonly body: {
    readonly status?: number;
    readonly code?: string;
    readonly message?: string;
    readonly data?: unknown;
  };
}

/** The portal's side of a global sign-out (docs/api.md). */
const SIGN_OUT_EVERYWHERE = "/svc/donor/api/User/signOutEverywhere";

/** The flow the lifecycle keeps for this tab (a plain string, not JSON). */
const tabFlow = (): string | null | undefined => {
  try {
    return tabStorage()?.getItem(lifecycleKeys.flow);
  } catch {
    return undefined;
  }
};

/** A failed call of the account port, as a thrown value with the provider's name and message. */
export class AccountFailure extends Error {
  constructor(readonly error: AccountError) {
    super(error.message);
    this.name = error.code;
  }
}

export function makeContext(input: {
  readonly slot: HTMLElement;
  readonly labels: Readonly<Record<string, string>>;
  readonly accounts: AccountsShape | undefined;
  readonly social: ReadonlyArray<"Google" | "Facebook">;
}): AuthContext {
  const { slot, labels } = input;
  const lang: Language = languageOf(slot.dataset["lang"]);
  // The page's flow as its other scripts see it (checkout's `?flow=`, the enrolment forms' stored flow).
  const flow: FlowType = currentPageFlow();
  // A social sign-in leaves for the provider: the donor carries on from this page when it returns.
  const given = input.accounts;
  const accounts: AccountsShape | undefined = given && {
    ...given,
    federatedSignIn: (provider) =>
      Effect.andThen(Effect.sync(rememberSocialStart), given.federatedSignIn(provider)),
  };
  const productRoute = slot.dataset["product"] ?? "wakaf";
  // The auth test page and the account pages stay where they are after a sign-in (and reload).
  const stay =
    document.querySelector("[data-auth-page='test'], [data-auth-page='account']") !== null;

  const run = async <A>(effect: Effect.Effect<A, AccountError>): Promise<A> => {
    const outcome = await Effect.runPromise(
      Effect.match(effect, {
        onFailure: (error) => ({ ok: false as const, error }),
        onSuccess: (value) => ({ ok: true as const, value }),
      }),
    );
    if (!outcome.ok) throw new AccountFailure(outcome.error);
    return outcome.value;
  };

  const portal = async (
    path: string,
    body: unknown = {},
    method: "GET" | "POST" = "POST",
  ): Promise<PortalAnswer> => {
    const token = accounts ? await run(accounts.idToken()) : null;
    const response = await fetch(path, {
      method,
      headers: {
        ...(method === "POST" ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
    });
    let parsed: PortalAnswer["body"] = {};
    try {
      parsed = (await response.json()) as PortalAnswer["body"];
    } catch {
      // An empty or non-JSON answer: the status says enough.
    }
    return { httpStatus: response.status, body: parsed };
  };

  const refreshHeader = async () => {
    const account = accounts ? await run(accounts.currentAccount()).catch(() => null) : null;
    $account.set(account ? { name: account.name, email: account.email } : null);
    const signInButton = slot.querySelector<HTMLElement>("[data-auth-sign-in]");
    const user = slot.querySelector<HTMLElement>("[data-auth-user]");
    const name = slot.querySelector<HTMLElement>("[data-auth-name]");
    if (signInButton) signInButton.hidden = account !== null;
    if (user) user.hidden = account === null;
    if (name) name.textContent = account?.name ?? "";
    const status = document.querySelector<HTMLElement>("[data-auth-test-status]");
    if (status) {
      status.textContent = account
        ? fill(labels["auth_test_signed_in"] ?? "", { name: account.name })
        : (labels["auth_test_signed_out"] ?? "");
    }
  };

  const signedIn = async () => {
    const details = await portal("/svc/main/User/getSignInUserDetails");
    await refreshHeader();
    // What the sign-up is told only now its e-mail code is proved (docs/identity.md): the NRIC or UEN
    // it gave is another account's, or (registered) its mobile number another donor's.
    const told = popupAfterSignIn(details.body.status, details.body.code);
    if (details.body.status !== 1) {
      $notRegistered.set(true);
      $authPopup.set(told);
      return;
    }
    if (told) {
      // The notice's Continue signs in again (said once: the answer then has nothing to tell).
      $authPopup.set(told);
      return;
    }
    $notRegistered.set(false);
    $authPopup.set(null);
    const path = barePath(location.pathname);
    // A page that asked a guest to sign in before giving (giving/SignInToGive.tsx) gets them back.
    const next =
      stay || document.querySelector("[data-sign-in-to-give]") !== null
        ? ({ kind: "reload" } as const)
        : afterLogin({
            path,
            flow,
            productRoute,
            // What the pages keep in this tab (src/stores/session-storage.ts lifecycleKeys): the lifecycle
            // marks the enrolment forms and keeps the flow, checkout marks its filled donor fields, and a
            // paid donation is the transaction state's own `transactionPassed` (src/lib/transaction.ts).
            midEnrolment: readFlag(lifecycleKeys.enrolmentInProgress),
            transactionPassed: readTransaction().transactionPassed,
            flowSet: isFlowType(tabFlow()),
            nameAndEmailFilled: readFlag(lifecycleKeys.donorDetailsFilled),
          });
    if (next.kind === "reload") location.reload();
    else location.assign(localizedPath(next.to, lang));
  };

  const signOut = async (redirect: boolean) => {
    const account = accounts ? await run(accounts.currentAccount()).catch(() => null) : null;
    // The portal first (it needs the ID token, which Amplify's sign-out then drops): ID tokens are
    // checked by signature, so only the portal's record ends them there (docs/identity.md).
    if (account) await portal(SIGN_OUT_EVERYWHERE).catch(() => undefined);
    // Amplify's global sign-out: the provider revokes every access and refresh token of the account.
    if (accounts) await run(accounts.signOut()).catch(() => undefined);
    $account.set(null);
    $notRegistered.set(false);
    if (!redirect) {
      await refreshHeader();
      return;
    }
    const plan = logoutPlan(flow, { federated: account?.federated === true, productRoute });
    try {
      sessionStorage.clear();
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith("portal.") || key.startsWith("CognitoIdentityServiceProvider."))
          localStorage.removeItem(key);
      }
    } catch {
      // Nothing stored.
    }
    location.assign(localizedPath(plan.redirectTo, plan.language));
  };

  return {
    lang,
    flow,
    productRoute,
    t: (key, values = {}) => fill(labels[key] ?? key, values),
    accounts,
    social: input.social,
    stay,
    run,
    portal,
    signedIn,
    signOut,
    refreshHeader,
  };
}
