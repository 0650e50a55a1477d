/**
 * Stripe cannot run here, so the real SDK is pointed (host, port, protocol) at a small node:http
 * server that keeps charges, refunds and their balance transactions and answers Stripe's list API as
 * its reference describes it: newest first, `created[gte]`/`created[lt]`, `limit`, `starting_after`
 * and `has_more`, `expand`ed sources; single charges and PaymentIntents (their `latest_charge` expanded),
 * 404 `resource_missing` for one it does not know. It proves how the adapter pages and maps; not
 * Stripe's own behaviour.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "../payments/stripe";
import { stripeRecords } from "./stripe-records";

interface Charge {
  id: string;
  object: "charge";
  amount: number;
  status: "succeeded" | "failed";
  refunded: boolean;
  amount_refunded: number;
  payment_intent: string;
  payment_method_details: Record<string, unknown>;
}
interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  status: string;
}
interface Transaction {
  id: string;
  object: "balance_transaction";
  amount: number;
  created: number;
  type: string;
  source: string;
}

const charges = new Map<string, Charge>();
const refunds = new Map<string, Refund>();
const transactions: Transaction[] = [];
const asked: URL[] = [];
let server: Server;
let port = 0;
let nextId = 0;

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const charge = (amount: number, created: string, paynow?: string) => {
  const id = `ch_${++nextId}`;
  const c: Charge = {
    id,
    object: "charge",
    amount,
    status: "succeeded",
    refunded: false,
    amount_refunded: 0,
    payment_intent: `pi_${nextId}`,
    payment_method_details: paynow
      ? { type: "paynow", paynow: { reference: paynow } }
      : { type: "card", card: { brand: "visa", last4: "4242" } },
  };
  charges.set(id, c);
  transactions.push({
    id: `txn_${++nextId}`,
    object: "balance_transaction",
    amount,
    created: at(created),
    type: paynow ? "payment" : "charge",
    source: id,
  });
  return c;
};
const refund = (c: Charge, amount: number, created: string) => {
  const id = `re_${++nextId}`;
  refunds.set(id, {
    id,
    object: "refund",
    amount,
    charge: c.id,
    payment_intent: c.payment_intent,
    status: "succeeded",
  });
  c.amount_refunded += amount;
  c.refunded = c.amount_refunded >= c.amount;
  transactions.push({
    id: `txn_${++nextId}`,
    object: "balance_transaction",
    amount: -amount,
    created: at(created),
    type: "refund",
    source: id,
  });
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": "req_local" });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    asked.push(url);
    const q = url.searchParams;
    // Stripe takes `expand[]=` and, as the SDK sends it, `expand[0]=`.
    const expand = [...q].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
    const missing = () =>
      send(res, 404, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such object",
        },
      });
    if (url.pathname === "/v1/balance_transactions") {
      const gte = Number(q.get("created[gte]") ?? -Infinity);
      const lt = Number(q.get("created[lt]") ?? Infinity);
      const limit = Number(q.get("limit") ?? 10);
      let list = transactions
        .filter((t) => t.created >= gte && t.created < lt)
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
      const after = q.get("starting_after");
      if (after) list = list.slice(list.findIndex((t) => t.id === after) + 1);
      const page = list
        .slice(0, limit)
        .map((t) =>
          expand.includes("data.source")
            ? { ...t, source: charges.get(t.source) ?? refunds.get(t.source) ?? t.source }
            : t,
        );
      return send(res, 200, {
        object: "list",
        url: "/v1/balance_transactions",
        has_more: list.length > limit,
        data: page,
      });
    }
    const chargeId = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname)?.[1];
    if (chargeId) return charges.has(chargeId) ? send(res, 200, charges.get(chargeId)) : missing();
    const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)?.[1];
    if (intentId) {
      const c = [...charges.values()].find((x) => x.payment_intent === intentId);
      if (!c) return missing();
      return send(res, 200, {
        id: intentId,
        object: "payment_intent",
        amount: c.amount,
        status: "succeeded",
        latest_charge: expand.includes("latest_charge") ? c : c.id,
      });
    }
    return send(res, 404, {
      error: { type: "invalid_request_error", message: "Unrecognized request URL" },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const records = () =>
  stripeRecords(
    stripeClient({
      secretKey: "sk_test_portal",
      returnUrl: "https://portal.example.sg/checkout",
      host: "127.0.0.1",
      port,
      protocol: "http",
      maxNetworkRetries: 0,
    }),
  );

// 2026-05-04 in Singapore: 2026-05-03T16:00Z to 2026-05-04T16:00Z.
const from = new Date("2026-05-03T16:00:00Z");
const until = new Date("2026-05-04T16:00:00Z");

describe("Stripe's balance transactions as gateway records", () => {
  it("reads every page of a day, maps charges and PayNow references, and marks refunds", async () => {
    const before = charge(9_900, "2026-05-02T03:00:00Z");
    const day = Array.from({ length: 230 }, (_, i) =>
      charge(1_000 + i, `2026-05-04T0${i % 8}:00:${String(i % 60).padStart(2, "0")}Z`),
    );
    const paynow = charge(5_000, "2026-05-04T06:00:00Z", "PN-20260504-1");
    const after = charge(7_000, "2026-05-04T16:00:01Z");
    refund(day[3]!, day[3]!.amount, "2026-05-04T09:00:00Z");
    refund(day[4]!, 100, "2026-05-04T09:30:00Z");
    refund(before, before.amount, "2026-05-04T10:00:00Z");
    asked.length = 0;

    const got = await records().charges(from, until, [after.payment_intent, "pi_unknown"]);
    const byRef = new Map(got.map((c) => [c.ref, c]));
    expect(records().gateway).toBe("stripe");
    // Every charge of the day, the earlier charge refunded today, the late one asked for by name.
    expect(got).toHaveLength(230 + 1 + 1 + 1);
    expect(byRef.get(day[0]!.payment_intent)).toEqual({
      ref: day[0]!.payment_intent,
      amount: 1_000,
      refunded: false,
      paynowReference: null,
    });
    expect(byRef.get(paynow.payment_intent)).toMatchObject({
      amount: 5_000,
      paynowReference: "PN-20260504-1",
    });
    expect(byRef.get(day[3]!.payment_intent)?.refunded).toBe(true);
    expect(byRef.get(day[4]!.payment_intent)?.refunded).toBe(false);
    expect(byRef.get(before.payment_intent)).toMatchObject({ amount: 9_900, refunded: true });
    expect(byRef.get(after.payment_intent)).toMatchObject({ amount: 7_000, refunded: false });
    expect(byRef.has("pi_unknown")).toBe(false);

    // 234 transactions in the day: three pages of 100, each after the last one seen.
    const pages = asked.filter((u) => u.pathname === "/v1/balance_transactions");
    expect(pages).toHaveLength(3);
    expect(pages.map((u) => u.searchParams.get("created[gte]"))).toEqual(
      Array(3).fill(String(at(from.toISOString()))),
    );
    expect(pages.map((u) => u.searchParams.get("created[lt]"))).toEqual(
      Array(3).fill(String(at(until.toISOString()))),
    );
    expect(pages[0]!.searchParams.get("starting_after")).toBeNull();
    expect(pages[1]!.searchParams.get("starting_after")).toMatch(/^txn_/);
    expect(pages[2]!.searchParams.get("starting_after")).not.toBe(
      pages[1]!.searchParams.get("starting_after"),
    );
    expect(pages.every((u) => u.searchParams.get("expand[0]") === "data.source")).toBe(true);
    expect(asked.filter((u) => u.pathname === `/v1/charges/${before.id}`)).toHaveLength(1);
  });

  it("finds nothing on a day without transactions", async () => {
    expect(
      await records().charges(
        new Date("2027-01-01T00:00:00Z"),
        new Date("2027-01-02T00:00:00Z"),
        [],
      ),
    ).toEqual([]);
  });
});
