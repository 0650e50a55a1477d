// The footer's, the error page's and the error notice's contacts and social links from the configuration
// the server serves (spec §2 footer settings: contactNumber, contactEmail, contactAddress and the social
// icons), so an officer's change shows on the next page load without a rebuild. The page is built with
// the seeded values, which stay when the configuration cannot be read.
import { homePageConfigurationData } from "../../lib/home-config";
import { isRecord } from "../../stores/session-storage";
import { mapLink } from "./site";
import { socialMark, socialTitle, telLink } from "./social-marks";

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** The served icons that can be shown: a name and an https address. */
const iconsOf = (value: unknown): Array<{ name: string; url: string }> | undefined =>
  Array.isArray(value)
    ? value.filter(isRecord).flatMap((icon) => {
        const name = text(icon["socialMediaIconName"]);
        const url = text(icon["socialMediaIconUrl"]);
        return name !== undefined && url?.startsWith("https://") ? [{ name, url }] : [];
      })
    : undefined;

const setLink = (root: Element, field: string, value: string | undefined, href: string) => {
  const link = root.querySelector<HTMLAnchorElement>(`[data-contact="${field}"]`);
  if (link === null || value === undefined) return;
  link.href = href;
  (link.querySelector("[data-contact-text]") ?? link).textContent = value;
};

const svgNs = "http://www.w3.org/2000/svg";

const iconItem = (icon: { name: string; url: string }, newTab: string): HTMLLIElement => {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = icon.url;
  link.rel = "noopener";
  link.target = "_blank";
  link.setAttribute("aria-label", `${socialTitle(icon.name)} (${newTab})`);
  const svg = document.createElementNS(svgNs, "svg");
  for (const [name, value] of [
    ["viewBox", "0 0 24 24"],
    ["width", "24"],
    ["height", "24"],
    ["aria-hidden", "true"],
  ] as const)
    svg.setAttribute(name, value);
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", socialMark(icon.name));
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  link.append(svg);
  item.append(link);
  return item;
};

/** Puts the served contacts into every contact block and icon list of the page. */
export const showServedContacts = (data: unknown): void => {
  if (!isRecord(data)) return;
  const number = text(data["contactNumber"]);
  const email = text(data["contactEmail"]);
  const address = text(data["contactAddress"]);
  for (const root of document.querySelectorAll("[data-contact-details]")) {
    setLink(root, "number", number, telLink(number ?? ""));
    setLink(root, "email", email, `mailto:${email ?? ""}`);
    setLink(root, "address", address, mapLink(address ?? ""));
  }
  const icons = iconsOf(data["socialMediaIcon"]);
  if (icons === undefined) return;
  for (const list of document.querySelectorAll<HTMLElement>("[data-social-icons]")) {
    list.replaceChildren(...icons.map((icon) => iconItem(icon, list.dataset["newTab"] ?? "")));
  }
};

const charity = Number(
  document.querySelector<HTMLElement>("[data-contact-details]")?.dataset["charity"],
);
if (Number.isSafeInteger(charity)) {
  void homePageConfigurationData(charity)
    .then(showServedContacts)
    .catch(() => undefined);
}
