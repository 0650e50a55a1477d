import { useId, useState, type ReactNode } from "react";
import type { ConsoleAction } from "@portal/domain";
import { fill } from "../../../i18n/fill";
import { consoleCall, type ConsoleSessionInfo } from "../api";
import ConsoleGate from "../ConsoleGate";

export type Labels = Readonly<Record<string, string>>;
export type T = (key: string, values?: Readonly<Record<string, string>>) => string;

export const translate =
  (labels: Labels): T =>
  (key, values) =>
    values ? fill(labels[key] ?? key, values) : (labels[key] ?? key);

/** Dollars as typed ("12.50") to whole cents, or undefined when it is not an amount. */
export const centsOf = (text: string): number | undefined => {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return undefined;
  const [whole = "0", part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
};

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-SG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  error?: string | undefined;
  autoComplete?: string;
  required?: boolean;
  inputMode?: "decimal" | "email" | "text" | "tel";
  /** The input's name (the field's path in the server's answer, to find it again). */
  name?: string;
  maxLength?: number;
  /** Lines of a multi-line text: a textarea instead of an input. */
  rows?: number;
  wide?: boolean;
}

/** A labelled input (or, with `rows`, a textarea) with its error, tied together for screen readers. */
export function Field(props: FieldProps) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const shared = {
    id,
    name: props.name,
    value: props.value,
    maxLength: props.maxLength,
    required: props.required,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": described || undefined,
  };
  return (
    <div className={props.wide ? "console-field console-field--wide" : "console-field"}>
      <label htmlFor={id}>{props.label}</label>
      {props.rows ? (
        <textarea
          {...shared}
          rows={props.rows}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input
          {...shared}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete ?? "off"}
          inputMode={props.inputMode}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.hint ? <small id={`${id}-hint`}>{props.hint}</small> : null}
      {props.error ? (
        <small id={`${id}-error`} className="console-field__error">
          {props.error}
        </small>
      ) : null}
    </div>
  );
}

export function Choice(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="console-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {props.error ? (
        <small id={`${id}-error`} className="console-field__error">
          {props.error}
        </small>
      ) : null}
    </div>
  );
}

/**
 * A console form's values (all text, kept whole) and the fields the server named wrong: `field` and
 * `choice` draw one of them by name, its label a translation key; `wrongAs` is the name the server
 * gives the field where it differs (an amount typed in dollars is checked as `amountCents`).
 */
export function useConsoleForm<V extends Readonly<Record<string, string>>>(empty: V, t: T) {
  const [form, setForm] = useState(empty);
  const [wrong, setWrong] = useState<ReadonlyArray<string>>([]);
  const bound = (name: keyof V & string, label: string, wrongAs?: string) => ({
    label: t(label),
    value: form[name] as string,
    onChange: (value: string) => setForm({ ...form, [name]: value }),
    error: wrong.includes(wrongAs ?? name) ? t("consoleops_field_wrong") : undefined,
  });
  type More = Omit<FieldProps, "label" | "value" | "onChange" | "error"> & { wrongAs?: string };
  return {
    form,
    setWrong,
    reset: () => {
      setForm(empty);
      setWrong([]);
    },
    field: (name: keyof V & string, label: string, more: More = {}) => {
      const { wrongAs, ...rest } = more;
      return <Field key={name} {...bound(name, label, wrongAs)} {...rest} />;
    },
    choice: (
      name: keyof V & string,
      label: string,
      options: ReadonlyArray<readonly [string, string]>,
    ) => <Choice key={name} {...bound(name, label)} options={options} />,
  };
}

/** The outcome of the last action, announced politely (errors assertively). */
export function Outcome({ text, error }: { text: string; error: boolean }) {
  return text ? (
    <p
      className={error ? "console-notice console-notice--error" : "console-notice"}
      role={error ? "alert" : "status"}
    >
      {text}
    </p>
  ) : (
    <p className="console-notice" role="status" hidden />
  );
}

export interface Reply<T> {
  ok: boolean;
  data?: T;
  code?: string;
  message?: string;
  fields?: ReadonlyArray<string>;
}

/** A console call that also reads a refusal's message and the fields it names. */
export async function operate<T>(
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<Reply<T>> {
  if (idempotencyKey === undefined && body === undefined) {
    const reply = await consoleCall<T>(path);
    return { ok: reply.ok, ...(reply.data === undefined ? {} : { data: reply.data }) };
  }
  const csrf = (await import("../api")).loadSession().then((s) => s?.csrfToken ?? "");
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "x-console-csrf": await csrf,
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await response.json().catch(() => ({}))) as Reply<T> & { data?: T };
  if (response.status === 401) window.dispatchEvent(new Event("console:signed-out"));
  return { ...json, ok: response.ok };
}

/** A new idempotency key: one per form opened, so a retried submission is the same request. */
export const newKey = () => crypto.randomUUID();

export const Card = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <section className="console-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
};

/** A section behind its action's gate, the waiting and refusal lines in the officer's language. */
export const Gated = (props: {
  action: ConsoleAction;
  t: T;
  children: ReactNode | ((session: ConsoleSessionInfo) => ReactNode);
}) => (
  <ConsoleGate
    action={props.action}
    labels={{ loading: props.t("console_loading"), forbidden: props.t("console_forbidden") }}
  >
    {(session) => (typeof props.children === "function" ? props.children(session) : props.children)}
  </ConsoleGate>
);

/**
 * A console form: its fields in the grid, what follows them (`after`), then its buttons (`actions`,
 * or one submit button labelled `submit`).
 */
export const ConsoleForm = (props: {
  onSubmit: () => Promise<void>;
  children: ReactNode;
  after?: ReactNode;
  actions?: ReactNode;
  submit?: string;
}) => (
  <form
    onSubmit={(event) => {
      event.preventDefault();
      void props.onSubmit();
    }}
  >
    <div className="console-fields">{props.children}</div>
    {props.after}
    <div className="console-actions">
      {props.actions ?? (
        <button type="submit" className="console-button">
          {props.submit}
        </button>
      )}
    </div>
  </form>
);

export const useOutcome = () => {
  const [outcome, setOutcome] = useState({ text: "", error: false });
  return [outcome, setOutcome] as const;
};
