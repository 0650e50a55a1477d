/**
 * The props that tie a form's controls to one key of its values (an object kept whole in state):
 * `text(key)` gives a TextField its name, value, error and change; `check(key)` a Checkbox its state.
 * A field whose name differs from its key overrides `name` after the spread.
 */
export function binder<V extends object>(
  values: V,
  errors: Partial<Record<keyof V, string | undefined>>,
  onChange: (next: V) => void,
) {
  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      onChange({ ...values, [key]: value });
  return {
    set,
    text: <K extends keyof V & string>(key: K) => ({
      name: key as string,
      value: values[key] as string,
      error: errors[key],
      onChange: set(key) as (value: string) => void,
    }),
    check: <K extends keyof V>(key: K) => ({
      checked: values[key] as boolean,
      onChange: set(key) as (checked: boolean) => void,
    }),
  };
}
