// "Use my current location" (docs/address.md): offered only where the server has a geocoding key and
// the browser can tell where it is; the position goes to the portal once, for one address.
import { useEffect, useState } from "react";
import { siteSettings } from "../../lib/site-settings";

/** Whether the address form offers "use my current location". */
export function useLocationOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (!("geolocation" in navigator)) return;
    let live = true;
    void siteSettings().then((settings) => {
      if (live) setOffered(settings.locationLookup);
    });
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

/** The device's position, or null when the donor or the browser does not share it. */
export const currentPosition = (): Promise<{ latitude: number; longitude: number } | null> =>
  new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(null),
      { timeout: 15_000, maximumAge: 60_000 },
    ),
  );
