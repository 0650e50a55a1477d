// The Singpass stand-in's pages: the persona picker (its login page) and its error page.

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/** What a tester can make the stand-in do wrong, to see the portal refuse it. */
export const FAULTS = [
  "nonce",
  "id-token-tampered",
  "id-token-wrong-key",
  "id-token-unencrypted",
  "dpop",
];

const FAULT_LABELS = {
  "": "None: behave as Singpass",
  nonce: "ID token carries another login's nonce",
  "id-token-tampered": "ID token altered in transit",
  "id-token-wrong-key": "ID token encrypted to a key that is not the portal's",
  "id-token-unencrypted": "ID token signed but not encrypted",
  dpop: "Code bound to another DPoP key (the portal's proof is wrong)",
};

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem;color:#b0192e}fieldset{border:1px solid #aaa;margin:1rem 0;padding:.5rem 1rem}
label{display:block;padding:.4rem 0}button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem}
.note{color:#444;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`;

/** The persona picker: a radio per persona, an optional fault, log in or cancel. */
export const loginPage = (uid, personas) =>
  page(
    "Singpass stand-in: log in",
    `<h1>Singpass (local stand-in)</h1>
<p class="note">Not the real Singpass: pick a test persona. Logging in shares their Myinfo details
with the portal.</p>
<form method="post" action="/interaction/${escape(uid)}/login">
<fieldset><legend>Test persona</legend>
${personas
  .map(
    (persona, index) =>
      `<label><input type="radio" name="persona" value="${escape(persona.uuid)}"${index === 0 ? " checked" : ""}> ${escape(persona.label)}</label>`,
  )
  .join("\n")}
</fieldset>
<details><summary>Test faults</summary>
<label for="fault">Fault</label>
<select id="fault" name="fault">
${["", ...FAULTS].map((fault) => `<option value="${fault}">${escape(FAULT_LABELS[fault])}</option>`).join("")}
</select></details>
<p><button type="submit">Log in</button>
<button type="submit" formaction="/interaction/${escape(uid)}/cancel">Cancel</button></p>
</form>`,
  );

/** The stand-in's error page (a request it cannot send back to the portal, e.g. an expired one). */
export const errorPage = (out) =>
  page(
    "Singpass stand-in: error",
    `<h1>Singpass (local stand-in)</h1><p role="alert">${escape(out.error)}: ${escape(out.error_description ?? "")}</p>`,
  );

/** An urlencoded form body (the login page's). */
export async function readForm(req) {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 4096) throw new Error("form too large");
  }
  return new URLSearchParams(text);
}
