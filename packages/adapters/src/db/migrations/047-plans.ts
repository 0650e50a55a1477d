/**
 * Issue 33, covering the fee: the card fee a donor chose to cover is kept apart from the gift.
 * `total_cents` stays the gift (the zakat, the wakaf: what the receipt's fund line, the IRAS record
 * and the tax deduction carry); `fee_cents` is the fee, charged with it (a payment attempt's amount
 * is the two together) and never part of any fund's total.
 */
export const plans = `
alter table donation add column fee_cents bigint not null default 0 check (fee_cents >= 0);
`;
