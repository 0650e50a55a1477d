import { createHash } from "node:crypto";

/** The keys of the sandbox pages' words in the portal's translation files. */
export type SandboxTextKey =
  | "sandbox_3ds_title"
  | "sandbox_3ds_body"
  | "sandbox_3ds_approve"
  | "sandbox_3ds_fail"
  | "sandbox_3ds_done"
  | "sandbox_bank_title"
  | "sandbox_bank_body"
  | "sandbox_bank_payload"
  | "sandbox_bank_pay"
  | "sandbox_bank_paid"
  | "sandbox_bank_refused";

/** A key's words in English and Malay (the portal's translation files). */
export type SandboxText = (key: SandboxTextKey) => { readonly en: string; readonly ms: string };

export interface SandboxPage {
  readonly html: string;
  /** The page's own Content-Security-Policy: its one inline script by hash; framed only where needed. */
  readonly policy: string;
  readonly framed: boolean;
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const STYLE = `:root{--green-900:#0b3d2e;--green-700:#11624a;--green-100:#e6f2ed;--ink:#1c2321;--paper:#fff;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--paper);line-height:1.5}
*{box-sizing:border-box}body{margin:0}main{max-width:40rem;margin:0 auto;padding:1rem}
h1{margin-top:0;font-size:1.25rem}.actions{display:flex;flex-wrap:wrap;gap:.75rem}
.button{display:inline-block;padding:.75rem 1.25rem;border-radius:.375rem;border:0;font:inherit;font-weight:600;
cursor:pointer;background:var(--green-700);color:var(--paper)}.button:hover{background:var(--green-900)}
.secondary{padding:calc(.75rem - 2px) calc(1.25rem - 2px);background:var(--paper);color:var(--green-700);
border:2px solid var(--green-700)}.secondary:hover{background:var(--green-100)}
textarea{width:100%;font:inherit}:focus-visible{outline:3px solid #b45309;outline-offset:2px}`;

/** The 3-D Secure check: the bank's answer goes to the sandbox, then the framing checkout is told. */
const THREE_DS_SCRIPT = `
const paymentId = new URLSearchParams(location.search).get("payment") ?? "";
const status = document.getElementById("sandbox-status");
for (const button of document.querySelectorAll("button[data-approve]")) {
  button.addEventListener("click", async () => {
    document.querySelectorAll("button").forEach((b) => (b.disabled = true));
    await fetch("/sandbox/v1/challenge", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paymentId, approve: button.dataset.approve === "true" }),
    });
    status.textContent = status.dataset.done ?? "";
    if (window.parent !== window) {
      window.parent.postMessage({ type: "portal-3ds-complete" }, location.origin);
    }
  });
}`;

/** The payer's bank: the "scanned" QR text arrives in the fragment (never sent to a server in a URL). */
const BANK_SCRIPT = `
const field = document.getElementById("payload");
const status = document.getElementById("bank-status");
field.value = decodeURIComponent(location.hash.slice(1));
document.getElementById("bank").addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await fetch("/sandbox/v1/paynow", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ payload: field.value }),
  });
  const answer = await response.json().catch(() => ({}));
  status.textContent = response.ok
    ? (status.dataset.paid ?? "")
    : (status.dataset.refused ?? "").replaceAll("{{reason}}", answer.error ?? String(response.status));
});`;

const hashOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/**
 * The sandbox's two pages, a developer's tools shown in English and Malay together: the bank's 3-D
 * Secure check (framed by checkout) and the payer's bank that pays a PayNow QR.
 */
export function sandboxPages(text: SandboxText): Readonly<Record<string, SandboxPage>> {
  /** Both languages: English, then Malay marked as such. */
  const both = (key: SandboxTextKey) => {
    const { en, ms } = text(key);
    return `${escape(en)} / <span lang="ms">${escape(ms)}</span>`;
  };
  const plain = (key: SandboxTextKey) => escape(`${text(key).en} / ${text(key).ms}`);
  const page = (
    title: SandboxTextKey,
    body: SandboxTextKey,
    content: string,
    script: string,
    framed: boolean,
  ) => ({
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(text(title).en)}</title><style>${STYLE}</style></head>
<body><main id="main"><h1>${both(title)}</h1>
<p>${escape(text(body).en)}</p><p lang="ms">${escape(text(body).ms)}</p>
${content}</main><script type="module">${script}</script></body></html>`,
    policy: [
      "default-src 'self'",
      `script-src 'self' ${hashOf(script)}`,
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${framed ? "'self'" : "'none'"}`,
    ].join("; "),
    framed,
  });
  return {
    "/sandbox/3ds": page(
      "sandbox_3ds_title",
      "sandbox_3ds_body",
      `<p class="actions">
<button type="button" class="button" data-approve="true">${both("sandbox_3ds_approve")}</button>
<button type="button" class="button secondary" data-approve="false">${both("sandbox_3ds_fail")}</button></p>
<p role="status" id="sandbox-status" data-done="${plain("sandbox_3ds_done")}"></p>`,
      THREE_DS_SCRIPT,
      true,
    ),
    "/sandbox/paynow-bank": page(
      "sandbox_bank_title",
      "sandbox_bank_body",
      `<form id="bank"><label for="payload">${both("sandbox_bank_payload")}</label>
<textarea id="payload" rows="5" cols="60" required></textarea>
<p><button type="submit" class="button">${both("sandbox_bank_pay")}</button></p></form>
<p role="status" id="bank-status" data-paid="${plain("sandbox_bank_paid")}" data-refused="${plain("sandbox_bank_refused")}"></p>`,
      BANK_SCRIPT,
      false,
    ),
  };
}
