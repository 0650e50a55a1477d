// A donor as the checkout page is one: a guest session, and one donation at a time paid the way
// checkout pays it (create with an idempotency key, tokenise the card at the sandbox gateway,
// confirm). The state of a donation survives a failed call, as a browser tab keeps it, so a retry
// meets the same donation. Used by bench/crash.mjs and bench/soak.mjs.
import { randomUUID } from "node:crypto";

/** POST JSON; network failures answer `{ status: 0 }` (the instance died under the call). */
export async function post(base, route, body, headers = {}) {
  try {
    const response = await fetch(base + route, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { text: text.slice(0, 200) };
    }
    return { status: response.status, json, headers: response.headers };
  } catch (error) {
    return { status: 0, json: { error: String(error?.cause?.code ?? error?.message ?? error) } };
  }
}

/** A guest session's cookie (kept for the donor's whole run, across instances and restarts). */
export async function guestCookie(base) {
  for (;;) {
    const response = await post(base, "/svc/main/v1/session/guest", {});
    const cookie = (response.headers?.get("set-cookie") ?? "").split(";")[0];
    if (response.status === 200 && cookie) return cookie;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A new donation's state: its own idempotency key and amount. */
export const newGift = (cents) => ({
  key: randomUUID(),
  cents,
  donation: null,
  paymentMethodId: null,
  done: false,
  abandoned: false,
});

/**
 * Take `gift` as far as the portal lets it now. Answers `"paid"`, `"retry"` (the call was cut off or
 * the portal asked to come back: the state is kept) or `"refused"` with the answer (a bug: the bench
 * reports it). `created` is told each donation id a create answered, for the reconciliation.
 */
export async function advance(base, cookie, gift, created) {
  if (!gift.donation) {
    const answer = await post(
      base,
      "/svc/payment/v1/donations/create",
      { flow: "ZAKAT", items: { harta: gift.cents }, totalCents: gift.cents, ratesVersion: 1 },
      { cookie, "idempotency-key": gift.key },
    );
    if (answer.status !== 200) return outcome(answer, "create");
    gift.donation = answer.json.data;
    created?.({ key: gift.key, id: gift.donation.id });
  }
  if (!gift.paymentMethodId) {
    const card = await post(base, "/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    if (card.status !== 200) return outcome(card, "tokenise");
    gift.paymentMethodId = card.json.id;
  }
  const confirmed = await post(
    base,
    "/svc/payment/v1/donations/confirm",
    {
      donationId: gift.donation.id,
      clientSecret: gift.donation.clientSecret,
      paymentMethodId: gift.paymentMethodId,
    },
    { cookie },
  );
  if (confirmed.status === 200 && confirmed.json?.data?.status === "succeeded") {
    gift.done = true;
    return { kind: "paid" };
  }
  if (confirmed.status === 200) return { kind: "retry", step: "confirm", answer: confirmed.json };
  return outcome(confirmed, "confirm");
}

/** Cut off (no answer, a proxy's 502/503/504), busy (409, 429) or a server error: come back later. */
function outcome(answer, step) {
  const retry =
    answer.status === 0 || answer.status >= 500 || [408, 409, 429].includes(answer.status);
  return { kind: retry ? "retry" : "refused", step, status: answer.status, answer: answer.json };
}

/** How many paid donations the measured donor has: a full first page of history. */
export const donorHistory = 100;

/**
 * A signed-in donor with `donorHistory` paid zakat donations, made through the portal's own API as a
 * donor would (register, create, pay by sandbox card); returns the request headers of that donor.
 */
export async function seedDonor(base, identity, email = "bench@example.com", nric = "S1234567D") {
  const token = await identity.sign({ email, name: "Bench Donor" });
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const post = async (route, body, extra = {}) => {
    const response = await fetch(base + route, {
      method: "POST",
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  // S1234567D: a valid test NRIC (published check-letter rule).
  await post("/svc/donor/api/User/registerCognitoUser", {
    uniqueUserId: Buffer.from(nric).toString("base64"),
    // The NRIC step's agreement to the terms, required since issue 22 (TERMS_VERSION in
    // packages/domain/src/terms.ts; the benchmark runs plain Node, without the TypeScript sources).
    termsVersion: "2026-01",
  });
  for (let i = 0; i < donorHistory; i++) {
    const cents = 1_000 + i;
    const { data } = await post(
      "/svc/payment/v1/donations/create",
      { flow: "ZAKAT", items: { harta: cents }, totalCents: cents, ratesVersion: 1 },
      { "idempotency-key": `bench-${i}` },
    );
    const card = await post("/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    await post("/svc/payment/v1/donations/confirm", {
      donationId: data.id,
      clientSecret: data.clientSecret,
      paymentMethodId: card.id,
    });
  }
  return headers;
}
