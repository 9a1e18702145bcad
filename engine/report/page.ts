// One report mechanism for both benchmarks: tables (Markdown for the terminal, HTML for the
// page), vega-lite charts rendered to inline SVG headless (no canvas, no network), and
// optional drill-down sections, assembled into one self-contained HTML page: no scripts,
// no links, nothing loaded.
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

export interface Table {
  title: string;
  header: string[];
  /** Right-aligned columns (numbers). */
  numeric: boolean[];
  rows: string[][];
  /** A sentence under the title (what the numbers are). */
  note?: string;
}

/** A collapsible block of preformatted texts (a drill-down item). */
export interface Detail {
  summary: string;
  blocks: { label: string; text: string }[];
}

/** A legend drawn in HTML, for charts whose panels carry none. */
export interface Legend {
  title: string;
  entries: { label: string; colour: string }[];
}

/**
 * A chart: one vega-lite spec, or several panels (one SVG each) laid out in a grid whose
 * columns wrap to the window's width, with one shared HTML legend.
 */
export type Chart =
  | { name: string; title: string; spec: TopLevelSpec }
  | { name: string; title: string; panels: TopLevelSpec[]; legend?: Legend };

export interface ReportData {
  tables: Table[];
  /** The charts, by name. */
  specs: Chart[];
  /** Drill-down groups, shown after the tables. */
  details?: { title: string; note?: string; items: Detail[] }[];
}

/** A vega-lite spec as an SVG string, rendered headless (no canvas, no network). */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  // no label limits: model and category names are the point of these charts, and vega's
  // default limits cut them short
  const config = { ...(spec.config ?? {}), font: "sans-serif", legend: { labelLimit: 0 }, axis: { labelLimit: 0 } };
  const vg = compile({ ...spec, config } as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(vg), { renderer: "none", loader: noLoader() });
  try {
    const svg = await view.toSVG();
    // Inline SVG in HTML needs no namespace declarations (keeps the page free of URLs).
    return svg.replace(/ xmlns(?::xlink)?="[^"]*"/g, "");
  } finally {
    view.finalize();
  }
}

/** A loader that refuses every fetch: the specs carry their data inline. */
function noLoader(): vega.Loader {
  const l = vega.loader();
  const refuse = () => Promise.reject(new Error("the report loads nothing"));
  l.load = refuse;
  l.sanitize = refuse;
  l.http = refuse;
  l.file = refuse;
  return l;
}

export function markdownTable(t: Table): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    `### ${t.title}`,
    "",
    ...(t.note ? [t.note, ""] : []),
    `| ${t.header.map(esc).join(" | ")} |`,
    `|${t.numeric.map((n) => (n ? "---:" : "---")).join("|")}|`,
    ...t.rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

export function markdownPage(title: string, data: ReportData): string {
  return [`# ${title}`, "", ...data.tables.flatMap((t) => [markdownTable(t), ""])].join("\n").trimEnd();
}

/** A text as HTML text or attribute value (& < > " escaped). */
export const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const html = escapeHtml;

function htmlTable(t: Table): string {
  const cell = (tag: string, s: string, i: number) => `<${tag}${t.numeric[i] ? ' class="num"' : ""}>${html(s)}</${tag}>`;
  return [
    `<h2>${html(t.title)}</h2>`,
    ...(t.note ? [`<p class="note">${html(t.note)}</p>`] : []),
    // a table wider than the window scrolls inside its box, not the page
    '<div class="wide">',
    "<table>",
    `<thead><tr>${t.header.map((h, i) => cell("th", h, i)).join("")}</tr></thead>`,
    "<tbody>",
    ...t.rows.map((r) => `<tr>${r.map((c, i) => cell("td", c, i)).join("")}</tr>`),
    "</tbody>",
    "</table>",
    "</div>",
  ].join("\n");
}

/** The width attribute of a rendered SVG (its natural width in px). */
const svgWidth = (svg: string) => Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 0);

async function htmlChart(c: Chart): Promise<string> {
  const head = `<section class="chart" id="chart-${c.name}">\n<h2>${html(c.title)}</h2>`;
  if ("spec" in c) return `${head}\n${await renderSvg(c.spec)}\n</section>`;
  const svgs: string[] = [];
  for (const p of c.panels) svgs.push(await renderSvg(p));
  // Columns at least 90 % of the widest panel's natural width, as many as fit, sharing the
  // rest: panels grow with the window and wrap to a new row instead of shrinking.
  const min = Math.round(0.9 * Math.max(0, ...svgs.map(svgWidth)));
  const legend = c.legend
    ? [
      `<p class="legend"><span class="legend-title">${html(c.legend.title)}</span>`,
      ...c.legend.entries.map((e) => `<span class="key"><span class="swatch" style="background:${html(e.colour)}"></span>${html(e.label)}</span>`),
      "</p>",
    ]
    : [];
  return [head, ...legend, `<div class="panels" style="grid-template-columns:repeat(auto-fill,minmax(min(100%,${min}px),1fr))">`, ...svgs, "</div>", "</section>"].join("\n");
}

function htmlDetails(group: NonNullable<ReportData["details"]>[number]): string {
  return [
    `<section class="details">`,
    `<h2>${html(group.title)}</h2>`,
    ...(group.note ? [`<p class="note">${html(group.note)}</p>`] : []),
    ...group.items.map((d) => [
      `<details><summary>${html(d.summary)}</summary>`,
      ...d.blocks.map((b) => `<h3>${html(b.label)}</h3>\n<pre>${html(b.text)}</pre>`),
      "</details>",
    ].join("\n")),
    "</section>",
  ].join("\n");
}

/** The pages' shared style sheet (the report's and the viewer's): type, tables, texts, charts. */
export const PAGE_STYLE: string = [
  "body{font-family:sans-serif;margin:2em;color:#222}",
  "@media (max-width:800px){body{margin:1em}}",
  ".wide{max-width:100%;overflow-x:auto;margin:0.5em 0 2em}",
  "table{border-collapse:collapse}",
  "th,td{border:1px solid #ccc;padding:0.25em 0.6em}",
  "th{background:#f3f3f3}",
  ".num{text-align:right}",
  ".note{color:#555;max-width:60em}",
  "details{margin:0.3em 0}",
  "pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f7f7f7;padding:0.5em;max-height:30em;overflow-y:auto}",
  // wide charts shrink to the window instead of scrolling it (the SVGs carry a viewBox)
  "svg.marks{max-width:100%;height:auto}",
  // panels fill their grid column (scaled from their viewBox)
  ".panels{display:grid;gap:0.5em 1em}",
  ".panels svg.marks{width:100%}",
  ".legend{display:flex;flex-wrap:wrap;gap:0.3em 1.2em;font-size:0.9em}",
  ".legend-title{font-weight:bold}",
  ".swatch{display:inline-block;width:1.6em;height:0.3em;margin-right:0.4em;vertical-align:middle}",
].join("\n");

/** The self-contained HTML page: charts as inline SVG, tables as HTML, drill-downs as details; no scripts, no links. */
export async function htmlPage(title: string, data: ReportData): Promise<string> {
  const charts: string[] = [];
  for (const c of data.specs) charts.push(await htmlChart(c));
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${html(title)}</title>`,
    "<style>",
    PAGE_STYLE,
    "</style>",
    "</head>",
    "<body>",
    `<h1>${html(title)}</h1>`,
    ...charts,
    ...data.tables.map(htmlTable),
    ...(data.details ?? []).map(htmlDetails),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
