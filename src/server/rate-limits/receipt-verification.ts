import type { PortalConfig } from "../config";
import { hitLimit, type LimitStore } from "./shared";

const WINDOW_MS = 60_000;

/**
 * `/verify`'s limit (issue 32): verifications per caller address per minute
 * (PORTAL_RECEIPT_VERIFICATIONS_PER_IP, default 30), counted in the database for every instance
 * together. Anyone may verify without a session, so the address is the only key; thirty a minute
 * serves a mosque's shared network after prayers and leaves a 50-bit code far out of a guesser's reach.
 * Answers the seconds to wait, or 0 when the verification may go ahead.
 */
export const receiptVerificationWait = async (
  store: LimitStore & { readonly config: Pick<PortalConfig, "receiptVerificationsPerIp"> },
  clientAddress: string,
  now = Date.now(),
): Promise<number> => {
  const result = await hitLimit(
    store,
    {
      name: "receiptVerifications:ip",
      limit: store.config.receiptVerificationsPerIp,
      windowMs: WINDOW_MS,
    },
    clientAddress,
    now,
  );
  return result.allowed ? 0 : result.retryAfterSeconds;
};
