// Whether dist/ matches the sources: a fingerprint of every input's path, size and mtime.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const inputs = [
  "src",
  "public",
  "packages/domain/src",
  "packages/adapters/src",
  "packages/standins/src",
  "astro.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];

function* files(root, entry) {
  const full = path.join(root, entry);
  let info;
  try {
    info = statSync(full);
  } catch {
    return;
  }
  if (info.isFile()) {
    yield [entry, info];
    return;
  }
  for (const child of readdirSync(full).sort()) yield* files(root, path.join(entry, child));
}

export function sourceFingerprint(root) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const [file, info] of files(root, input))
      hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

const stampFile = (root) => path.join(root, "dist", ".build-stamp");

export function isBuildCurrent(root) {
  try {
    return readFileSync(stampFile(root), "utf8") === sourceFingerprint(root);
  } catch {
    return false;
  }
}

export function writeBuildStamp(root, fingerprint) {
  writeFileSync(stampFile(root), fingerprint);
}
