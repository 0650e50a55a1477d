import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { consoleCall, fill, sgTime } from "./api";
import ConsoleGate from "./ConsoleGate";
import TableRegion from "./TableRegion";

type Labels = Readonly<Record<string, string>>;

interface Entry {
  id: number;
  at: string;
  officerId: string;
  officerName: string;
  roles: string[];
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/** Refused sign-ins of no known officer from one address in one hour (not lines of the log). */
interface RefusedCount {
  windowStart: string;
  address: string;
  count: number;
  lastReason: string;
}

const FILTERS = ["officer", "action", "entity", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const EMPTY: Filters = { officer: "", action: "", entity: "", from: "", to: "" };

/** A date field as the start of that day in Singapore (the `to` date: the start of the next day). */
const dayStart = (date: string, next = false): string => {
  const start = new Date(`${date}T00:00:00+08:00`);
  return new Date(start.getTime() + (next ? 86_400_000 : 0)).toISOString();
};

const query = (filters: Filters, before?: number): string => {
  const params = new URLSearchParams();
  for (const name of ["officer", "action", "entity"] as const) {
    if (filters[name].trim()) params.set(name, filters[name].trim());
  }
  if (filters.from) params.set("from", dayStart(filters.from));
  if (filters.to) params.set("to", dayStart(filters.to, true));
  if (before) params.set("before", String(before));
  return params.toString();
};

const change = (value: unknown): string =>
  value === null || value === undefined ? "–" : JSON.stringify(value);

function Audit({ lang, labels }: { lang: "en" | "ms"; labels: Labels }) {
  const l = (key: string) => labels[key] ?? key;
  const [filters, setFilters] = useState<Filters>(() => {
    const params = new URLSearchParams(window.location.search);
    return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Filters;
  });
  const [entries, setEntries] = useState<Entry[] | undefined>();
  const [refused, setRefused] = useState<RefusedCount[]>([]);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (applied: Filters, before?: number) => {
    const reply = await consoleCall<{ entries: Entry[]; refusedSignIns: RefusedCount[] }>(
      `/console/api/audit?${query(applied, before)}`,
    );
    setFailed(!reply.ok);
    if (!reply.data) return;
    const page = reply.data.entries;
    setEntries((shown) => (before ? [...(shown ?? []), ...page] : page));
    if (!before) setRefused(reply.data.refusedSignIns);
    setMore(page.length === 50);
  }, []);
  // Once, with the filters the address held when the page opened.
  const [initial] = useState(filters);
  useEffect(() => void load(initial), [load, initial]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams(
      Object.entries(filters).filter(([, value]) => value.trim() !== ""),
    );
    window.history.replaceState(
      null,
      "",
      `${window.location.pathname}${params.size ? `?${params}` : ""}`,
    );
    void load(filters);
  };
  const clear = () => {
    setFilters(EMPTY);
    window.history.replaceState(null, "", window.location.pathname);
    void load(EMPTY);
  };
  const field = (name: keyof Filters, key: string, type = "text") => (
    <div className="console-field">
      <label htmlFor={`audit-${name}`}>{l(key)}</label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        value={filters[name]}
        onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <>
      <form className="console-card" onSubmit={apply} aria-labelledby="audit-filters">
        <h2 id="audit-filters">{l("console_audit_filters")}</h2>
        <div className="console-fields">
          {field("officer", "console_audit_officer")}
          {field("action", "console_audit_action")}
          {field("entity", "console_audit_entity")}
          {field("from", "console_audit_from", "date")}
          {field("to", "console_audit_to", "date")}
        </div>
        <div className="console-actions">
          <button className="console-button" type="submit">
            {l("console_audit_apply")}
          </button>
          <button className="console-button console-button--quiet" type="button" onClick={clear}>
            {l("console_audit_clear")}
          </button>
        </div>
      </form>
      {failed ? (
        <p role="alert" className="console-notice console-notice--error">
          {l("console_error")}
        </p>
      ) : null}
      {entries === undefined ? (
        <p>{l("console_loading")}</p>
      ) : (
        <>
          <p role="status">{fill(l("console_audit_count"), { count: entries.length })}</p>
          {entries.length === 0 ? <p>{l("console_audit_none")}</p> : null}
          {entries.length > 0 ? (
            <TableRegion label={l("console_audit_heading")}>
              <table className="console-table console-table--stack">
                <thead>
                  <tr>
                    <th scope="col">{l("console_audit_when")}</th>
                    <th scope="col">{l("console_audit_who")}</th>
                    <th scope="col">{l("console_audit_what")}</th>
                    <th scope="col">{l("console_audit_record")}</th>
                    <th scope="col">{l("console_audit_change")}</th>
                    <th scope="col">{l("console_audit_where")}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} data-action={entry.action}>
                      <td data-label={l("console_audit_when")}>{sgTime(entry.at, lang)}</td>
                      <td data-label={l("console_audit_who")}>
                        {entry.officerName}
                        {entry.roles.length ? ` (${entry.roles.join(", ")})` : ""}
                      </td>
                      <td data-label={l("console_audit_what")}>
                        <code>{entry.action}</code>
                      </td>
                      <td data-label={l("console_audit_record")}>
                        {entry.entity ? `${entry.entity} ${entry.entityId}` : "–"}
                      </td>
                      <td data-label={l("console_audit_change")}>
                        <p className="console-change">
                          {change(entry.before)} → {change(entry.after)}
                        </p>
                      </td>
                      <td data-label={l("console_audit_where")}>{entry.ip || "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
          {more ? (
            <div className="console-actions">
              <button
                className="console-button console-button--quiet"
                type="button"
                onClick={() => void load(filters, entries.at(-1)?.id)}
              >
                {l("console_audit_more")}
              </button>
            </div>
          ) : null}
          <RefusedSignIns rows={refused} lang={lang} l={l} />
        </>
      )}
    </>
  );
}

/** The refused sign-ins of no known officer, per address and hour (counts, not lines of the log). */
function RefusedSignIns(props: {
  rows: ReadonlyArray<RefusedCount>;
  lang: "en" | "ms";
  l: (key: string) => string;
}) {
  const { rows, lang, l } = props;
  const columns: ReadonlyArray<readonly [string, (row: RefusedCount) => ReactNode]> = [
    ["console_audit_refused_hour", (row) => sgTime(row.windowStart, lang)],
    ["console_audit_refused_address", (row) => row.address],
    ["console_audit_refused_count", (row) => row.count],
    ["console_audit_refused_reason", (row) => <code>{row.lastReason}</code>],
  ];
  return (
    <section className="console-card" aria-labelledby="audit-refused">
      <h2 id="audit-refused">{l("console_audit_refused_heading")}</h2>
      <p>{l("console_audit_refused_intro")}</p>
      {rows.length === 0 ? (
        <p>{l("console_audit_refused_none")}</p>
      ) : (
        <TableRegion label={l("console_audit_refused_heading")}>
          <table className="console-table console-table--stack">
            <thead>
              <tr>
                {columns.map(([key]) => (
                  <th key={key} scope="col">
                    {l(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.windowStart} ${row.address}`}>
                  {columns.map(([key, cell]) => (
                    <td key={key} data-label={l(key)}>
                      {cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

/** The audit log's viewer: filters by officer, action or area, record and dates; newest first. */
export default function AuditPanel(props: { lang: "en" | "ms"; labels: Labels }) {
  return (
    <ConsoleGate
      action="audit.view"
      labels={{
        loading: props.labels["console_loading"] ?? "",
        forbidden: props.labels["console_forbidden"] ?? "",
      }}
    >
      {() => <Audit {...props} />}
    </ConsoleGate>
  );
}
