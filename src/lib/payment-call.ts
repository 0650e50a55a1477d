// A call of the payment services from a device's page (the kiosk's, the counter's PayNow): the
// answer's `data`, or the refusal's code ("network" when no answer came).

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
