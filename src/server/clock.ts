/**
 * The portal's clock for payment timings (PayNow QR expiry and grace). Browser and integration tests
 * move it forward through `POST /__test/clock` (mounted only with PORTAL_TEST_CONTROL_TOKEN), so a
 * journey can outlive a QR without waiting five minutes. The gateway keeps its own clock, as a bank does.
 */
import { shared } from "./shared";

// One offset per process: the page routes' bundle (the console) and the services' bundle both read it.
const offset = () => shared("clockOffset", () => ({ ms: 0 }));

export const portalNow = (): number => Date.now() + offset().ms;

/** Tests only: move the portal's clock forward by `ms`. */
export const advancePortalClock = (ms: number): number => {
  if (!Number.isFinite(ms) || ms < 0) throw new Error("advanceMs must be a non-negative number");
  offset().ms += ms;
  return offset().ms;
};
