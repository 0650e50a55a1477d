/**
 * What a donation was priced as, kept with it for its receipt (spec §3 attribute lists): harta items
 * with their remarks, fitrah kinds with persons and the rate per person in force when it was priced,
 * fidyah days at the rate per day, kaffarah at the cost per unit. Rates change (an officer's update
 * makes a new version and keeps no old one), so the receipt must not look them up later. Donations
 * made before this column have null: their receipt reads the rates only while still current.
 */
export const pricedReceiptItems = `
alter table donation add column receipt_items jsonb;
`;
