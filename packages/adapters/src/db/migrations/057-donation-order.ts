/**
 * Issue 33 (docs/households.md "One payment across funds"): the donations one createOrder made share
 * an order id, drawn by the server in that transaction (never the donor's Idempotency-Key, never sent
 * to the browser). A card gateway that must keep the order's one card on a Customer (Stripe) keys that
 * Customer by it, so only the order's own payments meet it; a donation made alone has none.
 */
export const donationOrder = `
alter table donation add column order_id uuid;
`;
