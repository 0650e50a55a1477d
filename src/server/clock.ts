/**
 * The portal's clock for payment timings (PayNow QR expiry and grace). Browser and integration tests
 * move it forward through `POST /__test/clock` (mounted only with PORTAL_TEST_CONTROL_TOKEN), so a
 * journey can outlive a QR without waiting five minutes. The gateway keeps its own clock, as a bank does.
 */
import { root } from "./root";

/** Now on the started portal's clock (the Clock port of the composition root, src/server/root.ts). */
export const portalNow = (): number => root().clock.nowMs();

/** Tests only: move the portal's clock forward by `ms`. */
export const advancePortalClock = (ms: number): number => root().clock.advance(ms);
