// The receipt browser tests turn downloaded PDFs into images and text with Debian's poppler-utils
// (pdftoppm, pdftotext, pdfinfo, pdfimages). Install it with apt-get when missing and running as root;
// otherwise say how.
import { spawnSync } from "node:child_process";

const TOOLS = ["pdftoppm", "pdftotext", "pdfinfo", "pdfimages"];

const missing = () => TOOLS.filter((tool) => spawnSync(tool, ["-v"]).error !== undefined);

export function ensurePoppler() {
  if (missing().length === 0) return { ok: true };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      message:
        `${missing().join(", ")} not found. Install Debian's poppler-utils with:\n` +
        "  sudo apt-get update && sudo apt-get install -y poppler-utils",
    };
  }
  console.log("poppler-utils is missing: installing it with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "poppler-utils"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      return { ok: false, message: `apt-get ${args.join(" ")} failed (exit ${result.status}).` };
    }
  }
  const still = missing();
  return still.length === 0
    ? { ok: true }
    : { ok: false, message: `apt-get finished but ${still.join(", ")} is still missing.` };
}
