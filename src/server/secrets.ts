import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

let key: Buffer | undefined;

/**
 * The server's secret key (receipt tokens). PORTAL_SECRET_KEY (base64, at least 32 bytes) in production,
 * the same on every instance; locally a key kept in PORTAL_DATA_DIR/secret.key (made on first use, mode
 * 600); with neither, a key for this process only.
 */
export const serverKey = (): Buffer => {
  if (key) return key;
  const configured = process.env["PORTAL_SECRET_KEY"];
  if (configured) {
    const decoded = Buffer.from(configured, "base64");
    if (decoded.length < 32)
      throw new Error("PORTAL_SECRET_KEY must be at least 32 bytes, base64-encoded");
    key = decoded;
    return key;
  }
  const dataDir = process.env["PORTAL_DATA_DIR"];
  if (!dataDir) {
    key = randomBytes(32);
    return key;
  }
  const file = path.join(dataDir, "secret.key");
  try {
    key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  } catch {
    mkdirSync(dataDir, { recursive: true });
    key = randomBytes(32);
    writeFileSync(file, key.toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return key;
};
