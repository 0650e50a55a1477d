/**
 * A donation's client secret was kept in clear in the idempotency record that answers a retried create,
 * while `donation` keeps only its hash. The record now keeps the donation id alone (a retry derives the
 * secret again under the server key); this removes the secrets the older records kept. A retry of one
 * of those older keys is then refused as a conflict, and the browser starts a new donation.
 */
export const idempotencySecrets = `
update idempotency_key set response = response - 'clientSecret'
where scope = 'donation.create' and response ? 'clientSecret';
`;
