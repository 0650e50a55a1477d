import { formatMoney, type Cents } from "@portal/domain";
import { fill } from "../../i18n/fill";
import type { CollectionsLabelKey, CollectionsLabels } from "./labels";

/**
 * The collections page (issue 34): reads the public figures (collections, a plain `fetch` as the
 * configuration reads are) and draws each part as an inline SVG chart with its table under it. The
 * chart is hidden from assistive technology; the table is the accessible version. No chart library.
 */
export const COLLECTIONS_CALL_PATH = "/svc/main/v1/Home/collections";

interface Line {
  readonly count: number;
  readonly cents: number;
  readonly lastCount: number;
  readonly lastCents: number;
}
interface Period extends Line {
  readonly from: string;
  readonly to: string;
  readonly lastFrom: string;
  readonly lastTo: string;
  readonly byFund: ReadonlyArray<Line & { readonly fund: string }>;
  readonly byChannel: ReadonlyArray<Line & { readonly channel: string }>;
}
export interface Figures {
  readonly asOf: string;
  readonly ramadan: Period & {
    readonly hijriYear: number;
    readonly underWay: boolean;
    readonly estimated: boolean;
  };
  readonly year: Period & { readonly year: number };
  readonly asnaf: {
    readonly year: number;
    readonly total: number;
    readonly lines: ReadonlyArray<{ readonly asnaf: string; readonly cents: number }>;
  } | null;
}

const SVG = "http://www.w3.org/2000/svg";

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] => {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className !== undefined) made.className = className;
  return made;
};

const svg = (tag: string, attributes: Record<string, string | number>, text?: string) => {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
};

const money = (cents: number) => formatMoney(cents as Cents);

const day = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === "ms" ? "ms-SG" : "en-SG", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));

const count = (n: number, lang: string) =>
  new Intl.NumberFormat(lang === "ms" ? "ms-SG" : "en-SG").format(n);

/** A row of a chart: its name, this period's value and the same days last year's (none for asnaf). */
interface Bar {
  readonly name: string;
  readonly value: number;
  readonly last?: number;
}

/**
 * Horizontal bars, one group per row: its name above, this period's bar, and last year's thinner bar
 * beneath. Values are written at each bar's end. A chart of one scale: the largest value fills it.
 */
export const barChart = (bars: ReadonlyArray<Bar>, format: (n: number) => string): SVGElement => {
  const width = 360;
  // Room after the longest bar for its value: about 9 units a character at the chart's font size, so
  // "$1,250,000.00" is not cut off at the chart's edge.
  const longest = Math.max(
    ...bars.flatMap((bar) => [bar.value, bar.last ?? 0].map((n) => format(n).length)),
  );
  const room = Math.max(60, 9 * longest + 8);
  const rowHeight = bars.some((bar) => bar.last !== undefined) ? 58 : 44;
  const height = bars.length * rowHeight + 4;
  const most = Math.max(1, ...bars.flatMap((bar) => [bar.value, bar.last ?? 0]));
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "collections-chart",
    "aria-hidden": "true",
    focusable: "false",
  });
  bars.forEach((bar, index) => {
    const top = index * rowHeight;
    chart.append(svg("text", { x: 0, y: top + 15, class: "chart-name" }, bar.name));
    const drawn = (value: number, y: number, thick: number, kind: string) => {
      const length = Math.max(value > 0 ? 2 : 0, ((width - room) * value) / most);
      chart.append(svg("rect", { x: 0, y, width: length, height: thick, class: `chart-${kind}` }));
      chart.append(
        svg("text", { x: length + 4, y: y + thick - 2, class: "chart-value" }, format(value)),
      );
    };
    drawn(bar.value, top + 21, 15, "now");
    if (bar.last !== undefined) drawn(bar.last, top + 40, 12, "before");
  });
  return chart;
};

type T = (key: CollectionsLabelKey, values?: Record<string, string>) => string;

const change = (now: number, last: number, t: T) => {
  // Nothing then and nothing now is no change, not a new line.
  if (last === 0) return now === 0 ? "0%" : t("collections_no_change");
  const percent = Math.round(((now - last) / last) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
};

let titles = 0;

/**
 * A table of figures: named by its title (a paragraph above the table's scrolling region, so that on a
 * phone the title wraps within the screen instead of running off with the table's width), a column
 * heading each, and a row each (its name as the row's heading), the total last.
 */
const figureTable = (
  title: HTMLElement,
  heads: ReadonlyArray<string>,
  rows: ReadonlyArray<{ readonly name: string; readonly cells: ReadonlyArray<string> }>,
  total: { readonly name: string; readonly cells: ReadonlyArray<string> },
) => {
  const table = element("table", undefined, "collections-table");
  if (!title.id) title.id = `collections-title-${++titles}`;
  table.setAttribute("aria-labelledby", title.id);
  const headRow = element("tr");
  for (const label of heads) {
    const th = element("th", label);
    th.scope = "col";
    headRow.append(th);
  }
  table.append(element("thead"));
  table.tHead?.append(headRow);
  const body = element("tbody");
  const row = (line: (typeof rows)[number], isTotal = false) => {
    const tr = element("tr", undefined, isTotal ? "collections-total" : undefined);
    const th = element("th", line.name);
    th.scope = "row";
    tr.append(th);
    for (const cell of line.cells) tr.append(element("td", cell));
    return tr;
  };
  for (const line of rows) body.append(row(line));
  body.append(row(total, true));
  table.append(body);
  return table;
};

/** A table of a period's lines: gifts and amount now, the same days last year, and the change. */
const periodTable = (
  title: HTMLElement,
  head: string,
  lines: ReadonlyArray<Line & { readonly name: string }>,
  total: Line,
  t: T,
  lang: string,
) => {
  const cells = (line: Line) => [
    count(line.count, lang),
    money(line.cents),
    count(line.lastCount, lang),
    money(line.lastCents),
    change(line.cents, line.lastCents, t),
  ];
  return figureTable(
    title,
    [
      head,
      t("collections_col_gifts"),
      t("collections_col_amount"),
      t("collections_col_last_gifts"),
      t("collections_col_last_amount"),
      t("collections_col_change"),
    ],
    lines.map((line) => ({ name: line.name, cells: cells(line) })),
    { name: t("collections_total"), cells: cells(total) },
  );
};

/**
 * A table that may scroll sideways on a phone: a region named as its table, which a keyboard can reach
 * and scroll.
 */
const tableRegion = (table: HTMLTableElement) => {
  const region = element("div", undefined, "collections-table-wrap");
  region.setAttribute("role", "region");
  region.setAttribute("aria-labelledby", table.getAttribute("aria-labelledby") ?? "");
  region.tabIndex = 0;
  region.append(table);
  return region;
};

const chartFigure = (chart: SVGElement, title: HTMLElement, table: HTMLTableElement, t: T) => {
  const figure = element("div", undefined, "collections-figure");
  const legend = element("p", undefined, "collections-legend");
  legend.setAttribute("aria-hidden", "true");
  legend.append(
    element("span", t("collections_chart_now"), "legend-now"),
    element("span", t("collections_chart_before"), "legend-before"),
  );
  const scroll = tableRegion(table);
  figure.append(legend, chart, title, scroll);
  return figure;
};

/** A period (this Ramadan, this year): its span, the span it is compared with, its two charts. */
const drawPeriod = (
  target: HTMLElement,
  period: Period,
  t: T,
  labels: CollectionsLabels,
  notes: ReadonlyArray<string>,
) => {
  const { lang } = labels;
  const span = fill(labels.collections_span, {
    from: day(period.from, lang),
    to: day(period.to, lang),
  });
  const compared = fill(labels.collections_compared, {
    from: day(period.lastFrom, lang),
    to: day(period.lastTo, lang),
  });
  const summary = fill(labels.collections_summary, {
    gifts: count(period.count, lang),
    amount: money(period.cents),
    lastGifts: count(period.lastCount, lang),
    lastAmount: money(period.lastCents),
  });
  const intro = element("p", `${span} ${compared}`, "collections-span");
  const parts: HTMLElement[] = [intro];
  for (const note of notes) parts.push(element("p", note, "collections-note"));
  parts.push(element("p", summary, "collections-summary"));
  const funds = period.byFund.map((line) => ({
    ...line,
    name: labels.funds[line.fund] ?? line.fund,
  }));
  const channels = period.byChannel.map((line) => ({
    ...line,
    name: t(`collections_channel_${line.channel}` as CollectionsLabelKey),
  }));
  for (const [heading, head, lines] of [
    [t("collections_by_fund"), t("collections_col_fund"), funds],
    [t("collections_by_channel"), t("collections_col_channel"), channels],
  ] as const) {
    parts.push(element("h3", heading));
    const bars = lines.map((line) => ({
      name: line.name,
      value: line.cents,
      last: line.lastCents,
    }));
    const title = element("p", `${heading}: ${span.replace(/,$/, "")}`, "collections-table-title");
    parts.push(
      chartFigure(
        barChart(bars, money),
        title,
        periodTable(title, head, lines, period, t, lang),
        t,
      ),
    );
  }
  target.replaceChildren(...parts);
};

const drawAsnaf = (target: HTMLElement, asnaf: Figures["asnaf"], t: T) => {
  if (!asnaf) {
    target.replaceChildren(element("p", t("collections_asnaf_none")));
    return;
  }
  const name = (key: string) => t(`asnaf_${key}` as CollectionsLabelKey);
  // The intro names the table too: said once, above the chart.
  const intro = element("p", fill(t("collections_asnaf_intro"), { year: String(asnaf.year) }));
  const share = (cents: number) =>
    asnaf.total === 0 ? "0%" : `${((cents / asnaf.total) * 100).toFixed(1)}%`;
  const cells = (cents: number) => [money(cents), share(cents)];
  const table = figureTable(
    intro,
    [t("collections_col_asnaf"), t("collections_col_amount"), t("collections_col_share")],
    asnaf.lines.map((line) => ({ name: name(line.asnaf), cells: cells(line.cents) })),
    { name: t("collections_total"), cells: cells(asnaf.total) },
  );
  const wrap = tableRegion(table);
  const figure = element("div", undefined, "collections-figure");
  figure.append(
    barChart(
      asnaf.lines.map((line) => ({ name: name(line.asnaf), value: line.cents })),
      money,
    ),
    wrap,
  );
  target.replaceChildren(intro, figure);
};

/** Draw every part of the page from the figures. */
export const drawFigures = (figures: Figures, labels: CollectionsLabels, root: ParentNode) => {
  const t: T = (key, values) => (values ? fill(labels[key], values) : labels[key]);
  const ramadan = root.querySelector<HTMLElement>("[data-collections-ramadan]");
  const year = root.querySelector<HTMLElement>("[data-collections-year]");
  const asnaf = root.querySelector<HTMLElement>("[data-collections-asnaf]");
  const ramadanHeading = root.querySelector<HTMLElement>("[data-collections-ramadan-heading]");
  const yearHeading = root.querySelector<HTMLElement>("[data-collections-year-heading]");
  const hijriYear = String(figures.ramadan.hijriYear);
  if (ramadanHeading)
    ramadanHeading.textContent = t("collections_ramadan_heading", { year: hijriYear });
  if (yearHeading)
    yearHeading.textContent = t("collections_year_heading", { year: String(figures.year.year) });
  if (ramadan) {
    drawPeriod(ramadan, figures.ramadan, t, labels, [
      t(figures.ramadan.underWay ? "collections_ramadan_under_way" : "collections_ramadan_last", {
        year: hijriYear,
        last: String(figures.ramadan.hijriYear - 1),
      }),
      ...(figures.ramadan.estimated ? [t("collections_estimated")] : []),
    ]);
  }
  if (year) drawPeriod(year, figures.year, t, labels, []);
  if (asnaf) drawAsnaf(asnaf, figures.asnaf, t);
  for (const part of root.querySelectorAll<HTMLElement>("[data-collections-part]")) {
    part.hidden = false;
  }
};

/** Read the figures and draw them; a failed read says so in the page's language. */
export async function startCollectionsPage(): Promise<void> {
  const labelText = document.getElementById("collections-labels")?.textContent;
  const status = document.querySelector<HTMLElement>("[data-collections-status]");
  if (!labelText || !status) return;
  const labels = JSON.parse(labelText) as CollectionsLabels;
  try {
    const response = await fetch(COLLECTIONS_CALL_PATH, {
      headers: { accept: "application/json" },
    });
    const reply = (await response.json()) as { status?: unknown; data?: Figures };
    if (!response.ok || reply.status !== 1 || !reply.data) throw new Error("no figures");
    drawFigures(reply.data, labels, document);
    const time = new Intl.DateTimeFormat(labels.lang === "ms" ? "ms-SG" : "en-SG", {
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "Asia/Singapore",
    }).format(new Date(reply.data.asOf));
    status.textContent = fill(labels.collections_as_of, { time });
    status.dataset["asOf"] = reply.data.asOf;
  } catch {
    status.textContent = labels.collections_error;
  }
}
