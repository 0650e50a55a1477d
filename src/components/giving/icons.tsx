// Spec §3's asset icons and fidyah reasons' icons, drawn here as small inline SVGs: no download, no
// layout shift, the page's colours. Original shapes. (Card brands and payment methods:
// ./payment-images.tsx, kept apart so that only checkout's script carries them.)

/** The calculator's asset icons and the fidyah reasons' icons (§3's icon keys). */
export type IconName =
  | "savings"
  | "gold"
  | "insurance"
  | "shares"
  | "cpf"
  | "business"
  | "zakat_fitrah"
  | "HAID_OTHER_REASON"
  | "ILLNESS_OLD_AGE"
  | "PREGNANCY_FEEDING"
  | "ICON_CALC";

// 24 × 24 outlines, stroked in the text colour (a zero-length segment is a dot with round caps).
const OUTLINES: Readonly<Record<IconName, string>> = {
  savings:
    "M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
  gold: "M3 20h8l-1.5-5h-5zm10 0h8l-1.5-5h-5zM8 13h8l-1.5-5h-5zM12 3v2M8 4l1 1.5M16 4l-1 1.5",
  insurance: "M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4",
  shares: "M4 4v16h16M7 15l4-4 3 3 5-6M15 8h4v4",
  business: "M4 8h16v11H4zM9 8V5h6v3M4 13h16M12 12v2",
  cpf: "M5 3h12l2 2v16H5zM5 8h14M8 12h8M8 15h8M8 18h4",
  zakat_fitrah: "M3 11h18c0 5-4 8-9 8s-9-3-9-8zM7 8l1-1.5M11 7.5l1-2M15 8l1-1.5M9 19l-1 2h8l-1-2",
  HAID_OTHER_REASON: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h0M12 14h0M16 14h0M8 17h0",
  ILLNESS_OLD_AGE:
    "M12 20s-8-4.5-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.5-8 10-8 10zM7 12h3l1-2 2 4 1-2h3",
  PREGNANCY_FEEDING: "M10 3h4v3h-4zM9 6h6l1 3v12H8V9zM8 13h8M8 17h8",
  ICON_CALC: "M6 3h12v18H6zM9 6h6v3H9zM9 13h0M12 13h0M15 13h0M9 17h0M12 17h0M15 17h0",
};

/** A decorative icon beside its visible name (hidden from screen readers, which read the name). */
export function Icon(props: { readonly name: IconName; readonly className?: string }) {
  return (
    <svg
      className={props.className ?? "asset-icon"}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      data-icon={props.name}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={OUTLINES[props.name]} />
    </svg>
  );
}
