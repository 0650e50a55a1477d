/**
 * The scrolling helper of spec §2 and §9, its pure part: which section a name means, where scrolling to
 * it stops, which section the reader is in, and the timing rules (a 500 ms throttle on scroll, a 300 ms
 * lock after a link is clicked). The page's script (src/lib/scroll-spy.ts) only reads the DOM and moves.
 */

/** Scroll-spy throttle (§9): the highlight is worked out at most once per 500 ms of scrolling. */
export const SCROLL_SPY_THROTTLE_MS = 500;
/** Link-click lock (§9): for 300 ms after a nav link is clicked, scrolling does not move the highlight. */
export const LINK_CLICK_LOCK_MS = 300;
/** Mobile breakpoint (§9): at this width or narrower the offset is 100 px, wider the nav bar's height. */
export const MOBILE_BREAKPOINT_PX = 1024;
/** The offset on screens at or below the breakpoint (§2). */
export const MOBILE_SCROLL_OFFSET_PX = 100;

/** A section name as compared (§2): case ignored, a hyphen read as a space, spaces collapsed. */
export const sectionKey = (name: string): string =>
  name.toLowerCase().replace(/-/g, " ").replace(/\s+/g, " ").trim();

/** Whether a nav link's name and a section's name mean the same section. */
export const sameSection = (a: string, b: string): boolean => sectionKey(a) === sectionKey(b);

/** 'home' scrolls to the top of the page (§2), whatever sections the page has. */
export const isHome = (name: string): boolean => sectionKey(name) === "home";

/** The offset kept above a section (§2): 100 px at 1024 px wide or narrower, else the nav's height. */
export const scrollOffset = (viewportWidth: number, navHeight: number): number =>
  viewportWidth <= MOBILE_BREAKPOINT_PX ? MOBILE_SCROLL_OFFSET_PX : Math.max(0, navHeight);

/**
 * Where the page scrolls to for a section whose top is `sectionTop` (page coordinates): its top less the
 * offset, never above the page; 0 for 'home'.
 */
export const scrollTargetTop = (name: string, sectionTop: number, offset: number): number =>
  isHome(name) ? 0 : Math.max(0, Math.round(sectionTop - offset));

/**
 * The section the reader is in: the last one (in page order) whose top, less the offset, is at or above
 * the scroll position; before the first, the first (or none when the page has none).
 */
export const activeSection = (
  sections: ReadonlyArray<{ readonly name: string; readonly top: number }>,
  scrollY: number,
  offset: number,
): string | undefined => {
  let active = sections[0]?.name;
  for (const section of sections) {
    if (section.top - offset <= scrollY + 1) active = section.name;
  }
  return active;
};

/** The throttle's rule: run when nothing has run yet or `ms` have passed since the last run. */
export const throttleDue = (
  lastRun: number | undefined,
  now: number,
  ms: number = SCROLL_SPY_THROTTLE_MS,
): boolean => lastRun === undefined || now - lastRun >= ms;

/** Whether a click's lock still holds at `now` (scroll events then leave the highlight alone). */
export const clickLocked = (
  lockedAt: number | undefined,
  now: number,
  ms: number = LINK_CLICK_LOCK_MS,
): boolean => lockedAt !== undefined && now - lockedAt < ms;
