import type { IncomingMessage } from "node:http";
import { BodyTooLarge, MAX_BODY_BYTES } from "./types";

/** A request's body on Node's own server, refused (BodyTooLarge) past the services' limit. */
export const readLimited = (req: IncomingMessage): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? "0") > MAX_BODY_BYTES) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
