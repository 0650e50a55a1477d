import type { SandboxMethod, SandboxPayment, SandboxStore } from "./sandbox";

/** Records in this process's memory: lost with it (unit tests). */
export function memorySandboxStore(): SandboxStore {
  const methods = new Map<string, SandboxMethod>();
  const payments = new Map<string, SandboxPayment>();
  const byKey = new Map<string, string>();
  const refundKeys = new Set<string>();
  return {
    putMethod: async (method) => void methods.set(method.id, method),
    method: async (id) => methods.get(id),
    createPayment: async (payment) => {
      const existing = byKey.get(payment.idempotencyKey);
      if (existing) return payments.get(existing) as SandboxPayment;
      payments.set(payment.id, payment);
      byKey.set(payment.idempotencyKey, payment.id);
      return payment;
    },
    payment: async (id) => payments.get(id),
    payNowPayment: async (payload) =>
      [...payments.values()].find((payment) => payment.payNow?.payload === payload),
    transition: async (id, from, to) => {
      const payment = payments.get(id);
      if (!payment || payment.state !== from) return undefined;
      const next = { ...payment, ...to };
      payments.set(id, next);
      return next;
    },
    refundPart: async (id, key, amount) => {
      const payment = payments.get(id);
      if (!payment) return undefined;
      if (refundKeys.has(key)) return payment;
      if (payment.state !== "succeeded") return undefined;
      const refunded = (payment.refunded ?? 0) + amount;
      if (refunded > payment.amount) return "tooMuch";
      refundKeys.add(key);
      const next = {
        ...payment,
        refunded,
        state: refunded === payment.amount ? ("refunded" as const) : payment.state,
      };
      payments.set(id, next);
      return next;
    },
  };
}
