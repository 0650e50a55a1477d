import type { SiteLinkName } from "@portal/domain";
import { localizedPath, type Language } from "../../i18n/paths";

// The site's links on the pages (issue 34): site content officers change in the console, so a page
// never carries the address itself. It links to `/go/<name>` (in its language: `/ms/go/privacy`),
// where the web server answers with a redirect to the address as stored, an own path in the same
// language (src/server/http/listener.ts, `Portal.siteLinkTarget`). No script on any page, and the
// links work without one.

/** Where a page links for one of the site's links. */
export const siteLinkPath = (name: SiteLinkName, lang: Language): string =>
  localizedPath(`/go/${name}`, lang);
