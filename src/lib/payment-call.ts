// A call of the payment services from the counter's PayNow (loaded on the amil's action): the
// answer's `data`, or the refusal's code ("network" when no answer came). The kiosk keeps its own
// copy (`call` in src/components/kiosk/kiosk-device.ts): sharing this module splits it into a chunk
// of its own, 0.2 KB more on the kiosk's page before any interaction (measured by `npm run size`).

export type PaymentAnswer<T> = { ok: true; data: T } | { ok: false; code: string };

/** POST `body` to `/svc/payment/v1/<path>`. */
export const paymentCall = async <T>(path: string, body: unknown): Promise<PaymentAnswer<T>> => {
  try {
    const response = await fetch(`/svc/payment/v1/${path}`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { data?: T; code?: string };
    return response.ok && answer.data !== undefined
      ? { ok: true, data: answer.data }
      : { ok: false, code: answer.code ?? "network" };
  } catch {
    return { ok: false, code: "network" };
  }
};
