// The crash run's verdict (issue 21): after a run with instances killed at random moments, do the
// portal's ledger, the gateway's charges and the receipt series agree with what the donors saw?
// Pure: it takes the rows bench/crash.mjs reads from the stopped portal's database and the donors'
// own record of what they were told, and names every disagreement. Unit tests beside it.

/**
 * @typedef {object} DonationRow
 * @property {string} id
 * @property {string} status        the portal's state of the donation ('succeeded' when paid)
 * @property {number} receipts      receipts issued for it
 * @property {number} charges       the gateway's succeeded charges for it
 *
 * @typedef {object} Observed
 * @property {number} keys              idempotency keys the portal recorded for `donation.create`
 * @property {number} orphanCharges     gateway charges that name no donation of the portal
 * @property {Record<string, number[]>} serials  receipt serials issued, by series
 * @property {Record<string, number>} nextSerial the series counters (`receipt_series.next_serial`)
 *
 * @typedef {object} DonorsSaw
 * @property {string[]} paid        donations whose confirm answered 'succeeded' to the donor
 * @property {Array<{ key: string, id: string }>} created  each donation id a create answered, by key
 */

/**
 * @param {DonationRow[]} donations
 * @param {Observed} observed
 * @param {DonorsSaw} saw
 */
export function reconcile(donations, observed, saw) {
  const byId = new Map(donations.map((row) => [row.id, row]));
  const lost = [];
  const doubled = [];

  // Lost: a donor was told "paid" and the ledger does not say so; the gateway took money that the
  // ledger does not record as paid; a paid donation without its receipt.
  for (const id of new Set(saw.paid)) {
    if (byId.get(id)?.status !== "succeeded") lost.push({ id, why: "told paid, not paid here" });
  }
  for (const row of donations) {
    if (row.charges > 0 && row.status !== "succeeded")
      lost.push({ id: row.id, why: "charged, not paid here" });
    if (row.status === "succeeded" && row.charges === 0)
      lost.push({ id: row.id, why: "paid here, never charged" });
    if (row.status === "succeeded" && row.receipts === 0)
      lost.push({ id: row.id, why: "paid without a receipt" });
  }
  for (let i = 0; i < observed.orphanCharges; i++)
    lost.push({ id: null, why: "charge naming no donation" });

  // Doubled: more than one charge or receipt for a donation; more donations than create keys; one
  // key answered with two donations.
  for (const row of donations) {
    if (row.charges > 1) doubled.push({ id: row.id, why: `${row.charges} charges` });
    if (row.receipts > 1) doubled.push({ id: row.id, why: `${row.receipts} receipts` });
  }
  if (donations.length > observed.keys)
    doubled.push({ id: null, why: `${donations.length} donations for ${observed.keys} keys` });
  const idByKey = new Map();
  for (const { key, id } of saw.created) {
    const seen = idByKey.get(key);
    if (seen !== undefined && seen !== id)
      doubled.push({ id, why: `key ${key} answered two donations` });
    idByKey.set(key, id);
  }

  const series = Object.fromEntries(
    Object.entries(observed.serials).map(([name, list]) => [
      name,
      seriesCheck(list, observed.nextSerial[name]),
    ]),
  );
  const seriesUnbroken = Object.values(series).every(
    (check) => check.gaps.length === 0 && check.repeats.length === 0 && check.counterAgrees,
  );

  const paid = donations.filter((row) => row.status === "succeeded").length;
  return {
    donations: donations.length,
    paid,
    charges: donations.reduce((sum, row) => sum + row.charges, 0) + observed.orphanCharges,
    receipts: donations.reduce((sum, row) => sum + row.receipts, 0),
    toldPaid: new Set(saw.paid).size,
    lost,
    doubled,
    series,
    pass: lost.length === 0 && doubled.length === 0 && seriesUnbroken,
  };
}

/**
 * A receipt series issued without a hole or a repeat: serials 1..n each once, and the counter at n + 1
 * (a number taken and then skipped would leave the counter ahead of the last receipt).
 * @param {number[]} serials
 * @param {number | undefined} next
 */
export function seriesCheck(serials, next) {
  const sorted = [...serials].sort((a, b) => a - b);
  const repeats = [];
  const gaps = [];
  let expected = 1;
  for (let i = 0; i < sorted.length; i++) {
    const serial = sorted[i];
    if (i > 0 && serial === sorted[i - 1]) {
      repeats.push(serial);
      continue;
    }
    for (; expected < serial; expected++) gaps.push(expected);
    expected = serial + 1;
  }
  const last = sorted.at(-1) ?? 0;
  return {
    issued: sorted.length,
    last,
    gaps,
    repeats,
    counterAgrees: next === undefined ? sorted.length === 0 : next === last + 1,
  };
}
