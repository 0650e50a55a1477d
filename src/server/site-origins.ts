import type { SiteOrigins } from "@portal/adapters/db";

/**
 * The two brands' origins as configured: the zakat site at PORTAL_PUBLIC_URL, the wakaf site at
 * PORTAL_WAKAF_PUBLIC_URL, else the product route's name before the public host
 * (`https://wakaf.zakat.sg`, `http://wakaf.localhost:4321`).
 */
export const siteOrigins = (settings: {
  readonly publicUrl: string;
  readonly wakafPublicUrl?: string | undefined;
  readonly productRoute: string;
}): SiteOrigins => {
  const zakat = new URL(settings.publicUrl);
  const wakaf = new URL(settings.wakafPublicUrl || settings.publicUrl);
  if (!settings.wakafPublicUrl) wakaf.hostname = `${settings.productRoute}.${wakaf.hostname}`;
  return { zakat: zakat.origin, wakaf: wakaf.origin };
};
