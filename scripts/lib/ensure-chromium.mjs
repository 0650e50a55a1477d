// Browser tests use Debian's Chromium (browser downloads are not possible here), installed when
// missing (scripts/lib/apt-install.mjs).
import { existsSync } from "node:fs";
import { aptInstall } from "./apt-install.mjs";

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(chromiumPath())) return { ok: true };
  const installed = aptInstall(
    ["chromium", "fonts-liberation"],
    `Chromium is not installed at ${chromiumPath()} (or set CHROMIUM_PATH to a Chromium or Chrome binary).`,
  );
  if (!installed.ok) return installed;
  return existsSync(chromiumPath())
    ? { ok: true }
    : { ok: false, message: `apt-get finished but ${chromiumPath()} is still missing.` };
}
