// Stripe.js's loader, in a chunk of its own: imported only when the portal runs with the Stripe gateway
// (size-budget.json counts it as `onAction`, as the sandbox run never loads it).
export { loadStripe } from "@stripe/stripe-js/pure";
