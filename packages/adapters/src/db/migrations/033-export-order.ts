/**
 * Issue 19, the exports at scale: the donations export reads receipts in the order it writes them
 * (when paid, then receipt number), a batch at a time after the last row sent (keyset). This index
 * matches that `order by` exactly, so each batch starts at its entry and nothing is sorted; it
 * replaces `receipt_issued_at` (022: issue time alone), whose every reader it serves as well.
 */
export const exportOrder = `
create index receipt_issued_order on receipt (issued_at, receipt_no) include (donation_id);
drop index receipt_issued_at;
`;
