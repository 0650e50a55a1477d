/** The form's one alert above its fields: what to correct, or why sending failed. */
export function ErrorSummary(props: { readonly message?: string | null | undefined }) {
  return props.message ? (
    <p className="enrol-alert" role="alert">
      {props.message}
    </p>
  ) : null;
}
