import type { ConsoleAction } from "@portal/domain";
import type { TranslationKey } from "../../i18n";

/**
 * The console's navigation: one slot per section, its path under /console (and /ms/console), its
 * label and the action that opens it. A section's page is `src/pages/[...lang]/console/<path>.astro`,
 * built once per language; the link shows only to officers whose roles permit the action.
 */
export const CONSOLE_SECTIONS = [
  { id: "home", path: "", label: "console_nav_home", action: "console.view" },
  {
    id: "donations",
    path: "/donations",
    label: "console_nav_donations",
    action: "donations.search",
  },
  { id: "counter", path: "/counter", label: "console_nav_counter", action: "counter.shifts.view" },
  { id: "devices", path: "/devices", label: "console_nav_devices", action: "counter.devices" },
  { id: "plans", path: "/plans", label: "console_nav_plans", action: "plans.view" },
  { id: "wall", path: "/wall", label: "console_nav_wall", action: "wall.view" },
  { id: "finance", path: "/finance", label: "console_nav_finance", action: "finance.view" },
  { id: "rates", path: "/rates", label: "console_nav_rates", action: "rates.view" },
  { id: "content", path: "/content", label: "consolecontent_nav", action: "content.edit" },
  { id: "audit", path: "/audit", label: "console_nav_audit", action: "audit.view" },
] as const satisfies ReadonlyArray<{
  id: string;
  path: string;
  label: TranslationKey;
  action: ConsoleAction;
}>;

export type ConsoleSectionId = (typeof CONSOLE_SECTIONS)[number]["id"];
