// The header's logo (spec §2): its target follows the page's flow (checkout's is the one it pays, the
// shared forms' the donor's stored one) and the transaction state (domain logoTarget). Built with the
// page's own home, which stays when no script runs.
import { logoTarget } from "@portal/domain";
import { languageOf, localizedPath } from "../../i18n/paths";
import { currentPageFlow } from "../../lib/page-flow";
import { readTransaction } from "../../lib/transaction";

const logo = document.querySelector<HTMLAnchorElement>(".site-header .brand");
const route = document.querySelector<HTMLElement>("[data-auth]")?.dataset["product"];
if (logo !== null) {
  const target = logoTarget(currentPageFlow(), readTransaction(), route);
  logo.href = localizedPath(target, languageOf(document.documentElement.lang));
}
