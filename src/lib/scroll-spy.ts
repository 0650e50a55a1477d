import {
  activeSection,
  clickLocked,
  isHome,
  LINK_CLICK_LOCK_MS,
  sameSection,
  scrollOffset,
  scrollTargetTop,
  SCROLL_SPY_THROTTLE_MS,
  throttleDue,
} from "@portal/domain";

/**
 * The scrolling helper of spec §2 and §9 on a sectioned page (a wakaf landing, the account): every
 * `[data-scroll-nav]` is a nav bar of links to the page's named sections (`href="#donor-wall"`). A link
 * scrolls to its section, keeping the offset above it (100 px at 1024 px wide or narrower, else the nav
 * bar's height), or to the top for 'home', and moves focus there; while the reader scrolls, the link of
 * the section in view is highlighted (`aria-current="location"`), worked out at most every 500 ms, and
 * not for 300 ms after a click. The rules are the domain's (scroll-spy.ts); this reads the page and
 * moves it. Nav bars drawn later (an island) are found when used: the listeners sit on the document.
 */

const navs = () => [...document.querySelectorAll<HTMLElement>("[data-scroll-nav]")];
const linkName = (link: HTMLAnchorElement) =>
  decodeURIComponent(link.getAttribute("href")?.replace(/^#/, "") ?? "");
const linksOf = (nav: HTMLElement) => [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];

/** The section a name means: the element whose id is the same name (§2 matching), if any. */
const sectionOf = (name: string): HTMLElement | undefined =>
  [...document.querySelectorAll<HTMLElement>("[id]")].find((el) => sameSection(el.id, name));

const offsetFor = (nav: HTMLElement) => scrollOffset(window.innerWidth, nav.offsetHeight);
const pageTop = (el: HTMLElement) => el.getBoundingClientRect().top + window.scrollY;

const highlight = (nav: HTMLElement, name: string | undefined) => {
  for (const link of linksOf(nav)) {
    if (name !== undefined && sameSection(linkName(link), name))
      link.setAttribute("aria-current", "location");
    else link.removeAttribute("aria-current");
  }
};

let lockedAt: number | undefined;
let lastRun: number | undefined;
let trailing: ReturnType<typeof setTimeout> | undefined;

const spy = () => {
  lastRun = Date.now();
  for (const nav of navs()) {
    const sections = linksOf(nav).flatMap((link) => {
      const name = linkName(link);
      const section = isHome(name) ? undefined : sectionOf(name);
      return section ? [{ name, top: pageTop(section) }] : [];
    });
    highlight(nav, activeSection(sections, window.scrollY, offsetFor(nav)));
  }
};

const onScroll = () => {
  const now = Date.now();
  if (clickLocked(lockedAt, now)) {
    // A scroll during a click's lock counts once the lock ends: the reader may have scrolled on.
    clearTimeout(trailing);
    trailing = setTimeout(onScroll, LINK_CLICK_LOCK_MS - (now - (lockedAt ?? now)) + 1);
    return;
  }
  if (throttleDue(lastRun, now)) {
    spy();
    return;
  }
  // The last position of a scroll counts too: once the throttle allows, it is worked out again.
  clearTimeout(trailing);
  trailing = setTimeout(onScroll, SCROLL_SPY_THROTTLE_MS - (now - (lastRun ?? now)));
};

const onClick = (event: MouseEvent) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="#"]');
  const nav = link?.closest<HTMLElement>("[data-scroll-nav]");
  if (!link || !nav) return;
  const name = linkName(link);
  const section = isHome(name) ? undefined : sectionOf(name);
  if (!isHome(name) && section === undefined) return;
  event.preventDefault();
  goTo(nav, name, section, !window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  history.replaceState(
    history.state,
    "",
    isHome(name) ? location.pathname + location.search : `#${name}`,
  );
};

/** Scrolls to a section below its nav (or the top for 'home'), highlights its link and moves focus there. */
const goTo = (
  nav: HTMLElement,
  name: string,
  section: HTMLElement | undefined,
  smooth: boolean,
) => {
  lockedAt = Date.now();
  clearTimeout(trailing);
  highlight(nav, name);
  const top = scrollTargetTop(name, section ? pageTop(section) : 0, offsetFor(nav));
  window.scrollTo({ top, behavior: smooth ? "smooth" : "auto" });
  // Keyboard and screen-reader users carry on reading where the link led.
  const target = section ?? document.getElementById("main");
  if (target) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
};

/**
 * A page opened (or its address changed) at a section's name (`/profile#account-history`,
 * `/wms#Donor-Wall`): once the section
 * and its nav are drawn (an island may draw them later), it is shown below the nav as a click would
 * show it; the browser's own jump knows neither the offset nor §2's matching.
 */
const followAddress = () => {
  let name: string;
  try {
    name = decodeURIComponent(location.hash.replace(/^#/, ""));
  } catch {
    return;
  }
  if (name === "" || isHome(name)) return;
  const show = () => {
    const section = sectionOf(name);
    const nav = navs()[0];
    if (!section || !nav) return false;
    goTo(nav, name, section, false);
    return true;
  };
  if (show()) return;
  const observer = new MutationObserver(() => {
    if (show()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  // A section that never comes (signed out, a wall turned off) stops the watch.
  setTimeout(() => observer.disconnect(), 15_000);
};

let started = false;

/** Starts the helper for this page (once); a nav already drawn is highlighted at once. */
export const startScrollSpy = (): void => {
  if (started) return;
  started = true;
  document.addEventListener("click", onClick);
  window.addEventListener("scroll", onScroll, { passive: true });
  spy();
  followAddress();
  // The address changed to another section of this page (typed, or a link from outside the nav).
  window.addEventListener("hashchange", followAddress);
};
