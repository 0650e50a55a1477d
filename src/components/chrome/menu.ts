// The header's menu toggle below 1024 px. The menu starts closed there (global.css, so nothing moves
// when this runs); the toggle opens and closes it, Escape closes it, and narrowing the window closes it
// (unless a popup holds it open).
const header = document.querySelector<HTMLElement>(".site-header");
const toggle = header?.querySelector<HTMLButtonElement>(".menu-toggle");
const label = toggle?.querySelector(".menu-toggle-label");
if (header && toggle && label) {
  const narrow = () => window.innerWidth < 1024;
  const set = (open: boolean) => {
    header.dataset["menu"] = open ? "open" : "closed";
    toggle.setAttribute("aria-expanded", String(open));
    label.textContent = (open ? toggle.dataset["labelClose"] : toggle.dataset["labelOpen"]) ?? "";
  };
  toggle.addEventListener("click", () => set(header.dataset["menu"] !== "open"));
  // Spec §2: resizing does not close the menu while the unauthorised or pre-registered popup shows
  // (the accounts bundle marks the popup showing on <html data-auth-popup>).
  const popupHoldsMenu = () =>
    ["UNAUTHORISED", "PRE_REGISTERED"].includes(
      document.documentElement.dataset["authPopup"] ?? "",
    );
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    if (popupHoldsMenu() && header.dataset["menu"] === "open") return;
    set(!narrow());
  });
  header.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && narrow() && header.dataset["menu"] === "open") {
      set(false);
      toggle.focus();
    }
  });
}
