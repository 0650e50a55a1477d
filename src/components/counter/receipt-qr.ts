// The QR code printed on a counter receipt (issue 32): the receipt's own /verify link with the
// device's signature, so anyone can check it before or after the sync. Drawn on the device (no
// network at the counter) by the same function that draws the council's receipts' codes, from this
// module, which the page imports only when a receipt shows; the counter's service worker keeps it
// (scripts/counter-sw.mjs: the budget's `onAction` name `receipt-qr`).
export { verificationQrSvg as receiptQrSvg } from "@portal/adapters/receipt-qr";
