import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its heading, focus moved in on open and kept inside, Escape and the close
 * button close it, and focus returns to where it was (or to the page's button that opens it).
 */
export function Modal(props: {
  readonly title: string;
  readonly subtitle?: string | undefined;
  readonly closeLabel: string;
  readonly onClose: () => void;
  /** False for a popup the donor must answer (not registered): no close button, Escape does nothing. */
  readonly dismissible?: boolean;
  readonly children: ReactNode;
}) {
  const dismissible = props.dismissible ?? true;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = ref.current?.querySelector<HTMLElement>(
      "input:not([type=radio]):not([disabled]), input:checked, select, .modal-body button",
    );
    (first ?? ref.current)?.focus();
    return () => {
      // A popup the page opened by itself (the reset page's, on arrival) was opened from nowhere: focus
      // goes to the page's own button that opens it, not to the body.
      const opener =
        previous && previous !== document.body && previous.isConnected
          ? previous
          : document.querySelector<HTMLElement>("[data-open-popup]");
      opener?.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      if (dismissible) props.onClose();
      return;
    }
    if (event.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop" data-dismissible={dismissible ? undefined : "no"}>
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.subtitle ? subtitleId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-head">
          <h2 id={titleId}>{props.title}</h2>
          {dismissible ? (
            <button
              type="button"
              className="modal-close"
              aria-label={props.closeLabel}
              onClick={props.onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {props.subtitle ? (
          <p id={subtitleId} className="modal-subtitle">
            {props.subtitle}
          </p>
        ) : null}
        <div className="modal-body">{props.children}</div>
      </div>
    </div>
  );
}
