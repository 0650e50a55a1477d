// The receipt browser tests turn downloaded PDFs into images and text with Debian's poppler-utils
// (pdftoppm, pdftotext, pdfinfo, pdfimages), installed when missing (scripts/lib/apt-install.mjs).
import { spawnSync } from "node:child_process";
import { aptInstall } from "./apt-install.mjs";

const TOOLS = ["pdftoppm", "pdftotext", "pdfinfo", "pdfimages"];

const missing = () => TOOLS.filter((tool) => spawnSync(tool, ["-v"]).error !== undefined);

export function ensurePoppler() {
  if (missing().length === 0) return { ok: true };
  const installed = aptInstall(["poppler-utils"], `${missing().join(", ")} not found.`);
  if (!installed.ok) return installed;
  const still = missing();
  return still.length === 0
    ? { ok: true }
    : { ok: false, message: `apt-get finished but ${still.join(", ")} is still missing.` };
}
