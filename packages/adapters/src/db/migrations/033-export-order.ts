/**
 * Issue 19 at scale. The exports: the donations export reads receipts in the order it writes them
 * (when paid, then receipt number), a batch at a time after the last row sent (keyset). This index
 * matches that `order by` exactly, so each batch starts at its entry and nothing is sorted; it
 * replaces `receipt_issued_at` (022: issue time alone), whose every reader it serves as well.
 *
 * The dashboard: a long range's busiest minutes are the first entries of the minutes in order of
 * count that fall in the range (one short index walk), not the ten busiest of each of its days (365
 * probes for a year; the slowest of the year's reads).
 */
export const exportOrder = `
create index receipt_issued_order on receipt (issued_at, receipt_no) include (donation_id);
drop index receipt_issued_at;
create index finance_minute_by_count on finance_minute_total (fund, count desc, minute)
  include (day, amount);
`;
