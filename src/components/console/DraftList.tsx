import type { ReactNode } from "react";
import { fill, sgTime } from "./api";

/** A draft as the console's draft/approve panels list it (the Hijri calendar, the asnaf figures). */
export interface ListedDraft {
  readonly id: number;
  readonly status: "pending" | "published" | "withdrawn";
  readonly draftedBy: { readonly id: string; readonly name: string; readonly at: string };
  readonly approvedBy: { readonly id: string; readonly name: string; readonly at: string } | null;
}

interface Props<D extends ListedDraft> {
  /** The panel's name: its labels are `console_<kind>_…`, each card `data-<kind>-draft`. */
  readonly kind: "calendar" | "asnaf";
  readonly drafts: ReadonlyArray<D>;
  readonly lang: "en" | "ms";
  readonly l: (key: string) => string;
  /** The card's heading. */
  readonly title: (draft: D) => string;
  /** What the draft proposes, under who drafted and approved it (none for the calendar). */
  readonly body?: (draft: D) => ReactNode;
  /** Whether this officer may approve (never their own draft) and withdraw. */
  readonly mayApprove: boolean;
  readonly mayDraft: boolean;
  readonly officerId: string;
  readonly busy: boolean;
  readonly act: (draft: D, verb: "approve" | "withdraw") => void;
}

/**
 * The drafts of a draft/approve panel: each with who drafted and approved it, and, while pending,
 * approve (another officer only) and withdraw.
 */
export default function DraftList<D extends ListedDraft>(props: Props<D>) {
  const { kind, l, lang } = props;
  const key = (name: string) => `console_${kind}_${name}`;
  return (
    <section aria-labelledby={`${kind}-drafts`}>
      <h3 id={`${kind}-drafts`}>{l(key("drafts"))}</h3>
      {props.drafts.length === 0 ? <p>{l(key("drafts_none"))}</p> : null}
      {props.drafts.map((draft) => (
        <article
          key={draft.id}
          className="console-card"
          {...{ [`data-${kind}-draft`]: draft.id }}
          data-status={draft.status}
        >
          <h4>{props.title(draft)}</h4>
          <p className="console-meta">
            {fill(l(key("drafted_by")), {
              name: draft.draftedBy.name,
              at: sgTime(draft.draftedBy.at, lang),
            })}
          </p>
          {draft.approvedBy ? (
            <p className="console-meta">
              {fill(l(key("approved_by")), {
                name: draft.approvedBy.name,
                at: sgTime(draft.approvedBy.at, lang),
              })}
            </p>
          ) : null}
          {props.body?.(draft)}
          {draft.status === "pending" ? (
            <div className="console-actions">
              {props.mayApprove && draft.draftedBy.id !== props.officerId ? (
                <button
                  className="console-button"
                  type="button"
                  disabled={props.busy}
                  onClick={() => props.act(draft, "approve")}
                >
                  {fill(l(key("approve")), { id: draft.id })}
                </button>
              ) : null}
              {props.mayDraft ? (
                <button
                  className="console-button console-button--quiet"
                  type="button"
                  disabled={props.busy}
                  onClick={() => props.act(draft, "withdraw")}
                >
                  {fill(l(key("withdraw")), { id: draft.id })}
                </button>
              ) : null}
            </div>
          ) : null}
        </article>
      ))}
    </section>
  );
}
