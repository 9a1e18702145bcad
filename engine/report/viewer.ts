// The run viewer: one self-contained HTML page (nothing loaded, works from file://) that
// lists a run's entries — MechReasoner items per model, PhysMent episodes — filters and
// sorts them, and opens one at a time: its texts, fields and timeline, and two of its
// panes (models) side by side. Unlike the report page it carries a script: the entries are
// data (deflated JSON inside the page) drawn on demand, so a run of ten thousand records
// opens at once. What is data and what is drawing stay apart: builders in eval/ and physment/ make
// ViewerData; this module only draws it. Same data, byte-identical page.
import { Buffer } from "node:buffer";
import { deflateSync, strToU8 } from "fflate";
import { escapeHtml, PAGE_STYLE } from "./page.ts";
import { VIEWER_SCRIPT, VIEWER_STYLE } from "./viewer_script.ts";

/** One column of the viewer's list. */
export interface ViewerColumn {
  /** The column's heading. */
  label: string;
  /** Numbers: right-aligned and sorted as numbers. */
  numeric?: boolean;
  /** The list filters by this column's values (a select of its distinct values). */
  facet?: boolean;
  /** A CSS width for the column (the others share the rest), e.g. "4em". */
  width?: string;
}

/** How a row, a block or a step reads at a glance. */
export type Tone = "good" | "bad" | "warn";

/** A part of an entry's page. */
export type ViewerBlock =
  /** A text as written (long ones collapsed until opened). */
  | { kind: "text"; label: string; text: string; tone?: Tone; open?: boolean }
  /** Named values, a line each. */
  | { kind: "fields"; label?: string; rows: [string, string][]; tone?: Tone }
  /** A step of a timeline, holding its own blocks. */
  | { kind: "step"; label: string; tone?: Tone; blocks: ViewerBlock[] };

/** One thing the viewer opens: an item, an episode. */
export interface ViewerEntry {
  /** Its deep link, `#id` (letters, digits, `_`, `.`, `~`, `-`). */
  id: string;
  /** Its heading. */
  title: string;
  /** Blocks shown first. */
  blocks: ViewerBlock[];
  /** Alternatives shown two side by side, each under its label (a model's answer to the item). */
  panes?: { label: string; blocks: ViewerBlock[] }[];
  /** Blocks shown after the panes. */
  after?: ViewerBlock[];
}

/** One row of the list: an entry, seen through one of its panes. */
export interface ViewerRow {
  /** The entry it opens (an index into entries). */
  entry: number;
  /** The pane shown first on the left (an index into the entry's panes). */
  pane?: number;
  /** One value per column; null shows as "—". */
  cells: (string | number | null)[];
  /** How the row reads at a glance. */
  tone?: Tone;
  /** What is wrong with the record behind it (a torn line, an unfinished episode), shown marked. */
  mark?: string;
}

/** Everything the viewer shows. */
export interface ViewerData {
  /** The page's title. */
  title: string;
  /** A sentence under the title: what was read. */
  note: string;
  /** Problems found reading the runs (shown at the top, marked). */
  problems: string[];
  /** The list's columns. */
  columns: ViewerColumn[];
  /** The list's rows, in their default order. */
  rows: ViewerRow[];
  /** The entries the rows open. */
  entries: ViewerEntry[];
}

const ID = /^[A-Za-z0-9_.~-]+$/;

/** Problems that make data unfit to draw (an id that cannot be a link, a row pointing nowhere). */
export function viewerDataProblems(data: ViewerData): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  data.entries.forEach((e, i) => {
    if (!ID.test(e.id)) out.push(`entries[${i}].id: "${e.id}" is not a link name (letters, digits, _ . ~ -)`);
    if (seen.has(e.id)) out.push(`entries[${i}].id: "${e.id}" appears twice`);
    seen.add(e.id);
  });
  data.rows.forEach((r, i) => {
    const e = data.entries[r.entry];
    if (!e) out.push(`rows[${i}].entry: ${r.entry} is not an entry`);
    else if (r.pane !== undefined && !e.panes?.[r.pane]) out.push(`rows[${i}].pane: entry ${e.id} has no pane ${r.pane}`);
    if (r.cells.length !== data.columns.length) out.push(`rows[${i}].cells: ${r.cells.length} values for ${data.columns.length} columns`);
  });
  return out;
}

/** About how many characters of entry JSON one packed group holds. */
const GROUP_CHARS = 1_000_000;

/** Deflated (raw DEFLATE, fflate's level 6: the same bytes under every runtime), then base64. */
const pack = (json: string) => Buffer.from(deflateSync(strToU8(json), { level: 6 })).toString("base64");

/**
 * The data as the page carries it. A large run's JSON is tens of megabytes, which a
 * browser would spend seconds reading and parsing before showing anything. So the list
 * (columns, rows, and each entry's id, title and place) is packed on its own and read at
 * once, and the entries' contents are packed in groups of about a megabyte, each inflated
 * (natively, DecompressionStream) only when one of its entries is opened or the texts are
 * searched. Deflated, the text is a tenth of its size or less.
 */
export function packViewerData(data: ViewerData): { list: string; groups: string[] } {
  const groups: string[] = [];
  const places: { group: number; index: number }[] = [];
  let current: string[] = [], size = 0;
  const close = () => {
    if (!current.length) return;
    groups.push(pack(`[${current.join(",")}]`));
    current = [];
    size = 0;
  };
  for (const e of data.entries) {
    const body = JSON.stringify({ blocks: e.blocks, panes: e.panes ?? null, after: e.after ?? null });
    places.push({ group: groups.length, index: current.length });
    current.push(body);
    size += body.length;
    if (size >= GROUP_CHARS) close();
  }
  close();
  // a row names its pane (a deep link's "/PANE") without the entry's contents
  const rows = data.rows.map((r) => (r.pane === undefined ? r : { ...r, paneLabel: data.entries[r.entry].panes![r.pane].label }));
  const list = { ...data, rows, entries: data.entries.map((e, i) => ({ id: e.id, title: e.title, ...places[i] })) };
  return { list: pack(JSON.stringify(list)), groups };
}

/**
 * The viewer as one self-contained HTML page.
 *
 * @param data What it shows.
 * @returns The page.
 * @throws {Error} When the data is unfit to draw (see viewerDataProblems).
 */
export function viewerPage(data: ViewerData): string {
  const problems = viewerDataProblems(data);
  if (problems.length) throw new Error(`viewer data: ${problems.slice(0, 3).join("; ")}`);
  const packed = packViewerData(data);
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(data.title)}</title>`,
    "<style>",
    PAGE_STYLE,
    VIEWER_STYLE,
    "</style>",
    "</head>",
    "<body>",
    `<h1>${escapeHtml(data.title)}</h1>`,
    `<p class="note">${escapeHtml(data.note)}</p>`,
    // the problems are written into the page itself: they show without the script too
    ...(data.problems.length ? ['<ul class="problems">', ...data.problems.map((p) => `<li>${escapeHtml(p)}</li>`), "</ul>"] : []),
    '<noscript><p class="mark">The list and the entries are drawn by the page\'s script; allow scripts for this file to see them.</p></noscript>',
    '<p id="status" class="note" role="status"></p>',
    '<main id="list-view"></main>',
    '<main id="detail-view" hidden></main>',
    `<script type="application/octet-stream" id="viewer-data" data-encoding="deflate-raw, base64">${packed.list}</script>`,
    // the script before the entries' groups: the list is drawn while the browser still reads them
    `<script>${VIEWER_SCRIPT}</script>`,
    ...packed.groups.map((g, k) => `<script type="application/octet-stream" id="viewer-group-${k}" data-encoding="deflate-raw, base64">${g}</script>`),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
