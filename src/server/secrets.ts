import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { PortalConfig } from "./config";

/**
 * The server's secret key: receipt tokens, and the keys that encrypt and hash identity numbers.
 * PORTAL_SECRET_KEY (base64, at least 32 bytes) in production, the same on every instance; locally a
 * key kept in PORTAL_DATA_DIR/secret.key (made on first use, mode 600); with neither, a key for this
 * process only. Read once at start (`buildServices`, src/server/main.ts).
 */
export function loadKey(config: PortalConfig): Buffer {
  // Checked when the configuration was read (32 bytes or more).
  if (config.secretKey) return Buffer.from(config.secretKey);
  const dataDir = config.dataDir;
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, "secret.key");
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const made = randomBytes(32);
    writeFileSync(file, made.toString("base64"), { mode: 0o600, flag: "wx" });
    return made;
  }
}
