import type { ReactNode } from "react";

/**
 * The box a console table scrolls in when it is wider or taller than the screen: a named region a
 * keyboard can reach (Tab) to scroll, as WCAG's scrollable-region rule asks.
 */
export default function TableRegion(props: {
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="console-table-wrap" role="region" tabIndex={0} aria-label={props.label}>
      {props.children}
    </div>
  );
}
