import type { Enrolled } from "./enrolled";
import type { CheckoutLabels } from "./labels";

/**
 * What a guest's enrolment puts on the receipt, said before they pay (#23): the name and identity
 * number are the enrolment's (the name field gives way to them); e-mail and mobile are filled below.
 * Without an enrolment, where to enrol (Singpass, by hand, or on as a guest) from this flow.
 */
export function EnrolledNote(props: {
  readonly enrolled: Enrolled | null;
  readonly labels: CheckoutLabels;
  /** The flow's enrolment page, offered to a guest who has not enrolled; null for a signed-in donor. */
  readonly enrolPath: string | null;
}) {
  const { enrolled, labels: l } = props;
  if (!enrolled) {
    return props.enrolPath ? (
      <p className="field-hint checkout-enrol" data-testid="checkout-enrol">
        {l.dcheck_enrol_invite} <a href={props.enrolPath}>{l.dcheck_enrol_link}</a>
      </p>
    ) : null;
  }
  return (
    <div className="checkout-enrolled" data-testid="checkout-enrolled">
      <p>
        <strong>
          {enrolled.enrolment === "Singpass"
            ? l.dcheck_enrolled_singpass
            : l.dcheck_enrolled_manual}
        </strong>{" "}
        {l.dcheck_enrolled_note}
      </p>
      <dl className="checkout-facts">
        <div>
          <dt>{l.checkout_name}</dt>
          <dd data-testid="enrolled-name">{enrolled.name}</dd>
        </div>
        {enrolled.companyName ? (
          <div>
            <dt>{l.checkout_company}</dt>
            <dd>{enrolled.companyName}</dd>
          </div>
        ) : null}
        {enrolled.idMasked ? (
          <div>
            <dt>{l.dcheck_enrolled_id}</dt>
            <dd data-testid="enrolled-id">{enrolled.idMasked}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
