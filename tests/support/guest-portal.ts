import { afterAll, beforeAll } from "vitest";
import type { TestDatabase } from "./databases";
import { guestCookie, startPortal, type RunningPortal } from "./portal";

/** A portal's answer: status, headers and JSON body (empty when there is none). */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
  readonly body: Record<string, any>;
}

/** A POST to the portal as the guest (or donor) whose cookie is given; a string body goes as it is. */
export type Post = (
  where: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

export const postAs =
  (base: () => string, cookie: () => string): Post =>
  async (where, body, headers = {}) => {
    const response = await fetch(`${base()}${where}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookie(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as Answer["body"],
    };
  };

/**
 * A describe's portal on one test database, with a guest session: started before its tests, stopped
 * after them (then `stop`, e.g. a mail server, and the database's cleanup). `env` is read when the
 * portal starts, so it may use what an outer `beforeAll` made.
 */
export function guestPortal(
  database: TestDatabase,
  port: number,
  env: () => Record<string, string> = () => ({}),
  stop: () => Promise<unknown> = async () => undefined,
) {
  let portal: RunningPortal | undefined;
  let guest = "";
  beforeAll(async () => {
    portal = await startPortal(port, undefined, { ...(await database.portalEnv()), ...env() });
    guest = await guestCookie(portal.base);
  });
  afterAll(async () => {
    await portal?.stop();
    await stop();
    await database.cleanup();
  });
  const running = () => {
    if (!portal) throw new Error("the portal has not started");
    return portal;
  };
  const handle = {
    get child() {
      return running().child;
    },
    get port() {
      return running().port;
    },
    get dataDir() {
      return running().dataDir;
    },
    get base() {
      return running().base;
    },
    output: () => running().output(),
    stop: (signal?: NodeJS.Signals) => running().stop(signal),
    /** The guest session's cookie. */
    get guest() {
      return guest;
    },
    post: postAs(
      () => running().base,
      () => guest,
    ),
  };
  return handle satisfies RunningPortal & { readonly guest: string; readonly post: Post };
}

/** The sandbox's card that pays (4242...). */
export const TEST_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

/**
 * Pay a created donation by card as checkout does: the sandbox makes the payment method from the
 * card, and the portal confirms the donation with it. `card` changes the card's details, `extra`
 * adds to the confirm call (a wallet), `headers` go with it (a donor's token); the confirm's answer.
 */
export async function payByCard<A extends { readonly body: Record<string, unknown> }>(
  post: (where: string, body: unknown, headers?: Record<string, string>) => Promise<A>,
  donation: { readonly id: string; readonly clientSecret: string },
  options: {
    readonly card?: Partial<typeof TEST_CARD>;
    readonly extra?: Record<string, unknown>;
    readonly headers?: Record<string, string>;
  } = {},
): Promise<A> {
  const method = await post("/sandbox/v1/payment_methods", { ...TEST_CARD, ...options.card });
  return post(
    "/svc/payment/v1/donations/confirm",
    {
      donationId: donation.id,
      clientSecret: donation.clientSecret,
      paymentMethodId: method.body["id"],
      ...options.extra,
    },
    options.headers ?? {},
  );
}
