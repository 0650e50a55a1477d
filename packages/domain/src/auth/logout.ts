import { homePath, type FlowType } from "../flow.ts";

/** What logging out does (§4): everything the page kept is cleared, English again, the flow root. */
export interface LogoutPlan {
  /** Clear the tab's session storage and the portal's local storage (tokens, state, profile). */
  readonly clearStorage: true;
  readonly language: "en";
  /** The flow root, in English (unprefixed). */
  readonly redirectTo: string;
  /** A federated sign-in also signs out of the social provider. */
  readonly federatedSignOut: boolean;
}

export const logoutPlan = (
  flow: FlowType,
  options: { readonly federated?: boolean; readonly productRoute?: string } = {},
): LogoutPlan => ({
  clearStorage: true,
  language: "en",
  redirectTo: homePath(flow, options.productRoute),
  federatedSignOut: options.federated === true,
});
