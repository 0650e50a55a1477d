export const POOL_NAME: string;
export const CLIENT_NAME: string;
export const CUSTOM_ATTRIBUTES: ReadonlyArray<string>;

/** The pool (users sign in with their e-mail) and its client, made on first call and found afterwards. */
export function ensurePool(endpoint: string): Promise<{ userPoolId: string; clientId: string }>;

/** cognito-local's configuration in `folder`: its tokens name `http://127.0.0.1:<portalPort>/cognito-idp`. */
export function writeCognitoConfig(folder: string, portalPort: number): void;

/** The key that opens the layer's admin calls, made once per folder. */
export function adminKey(folder: string): string;
