// The viewer page: the data goes in whole and comes back out whole (deflated and in base64,
// so no text of it can end its element), the page names nothing to load, and data unfit to
// draw is refused with the reason.
import { Buffer } from "node:buffer";
import { inflateSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { hex, sha256Text } from "../files/sha256.ts";
import { type ViewerData, viewerDataProblems, viewerPage } from "./viewer.ts";

const data = (): ViewerData => ({
  title: "Runs <&>",
  note: "two entries",
  problems: ["run/records.jsonl: its last line was cut off"],
  columns: [{ label: "item" }, { label: "score", numeric: true }],
  rows: [{ entry: 0, pane: 1, cells: ["a", 1], tone: "good" }, { entry: 1, cells: ["b", null], mark: "unfinished" }],
  entries: [
    { id: "task_a", title: "A", blocks: [{ kind: "text", label: "prompt", text: "ends </script><script>alert(1)</script> <!-- and \u2028 too" }], panes: [{ label: "m1", blocks: [] }, { label: "m2", blocks: [{ kind: "fields", rows: [["k", "v"]] }] }] },
    { id: "ep_7__m~2fx", title: "B", blocks: [{ kind: "step", label: "Iteration 1", blocks: [{ kind: "text", label: "reply", text: "hello" }] }] },
  ],
});

/** The JSON the page carries, as its script reads it. */
const part = (page: string, id: string) => JSON.parse(strFromU8(inflateSync(Buffer.from(new RegExp(`<script type="application/octet-stream" id="${id}" data-encoding="deflate-raw, base64">([^<]*)</script>`).exec(page)![1], "base64"))));
/** The data the page carries, put together again as its script reads it. */
function embedded(page: string): ViewerData {
  const list = part(page, "viewer-data");
  const groups = new Map<number, { blocks: ViewerData["entries"][number]["blocks"]; panes: ViewerData["entries"][number]["panes"] | null; after: ViewerData["entries"][number]["after"] | null }[]>();
  const entries = list.entries.map((e: { id: string; title: string; group: number; index: number }) => {
    if (!groups.has(e.group)) groups.set(e.group, part(page, `viewer-group-${e.group}`));
    const b = groups.get(e.group)![e.index];
    return { id: e.id, title: e.title, blocks: b.blocks, ...(b.panes ? { panes: b.panes } : {}), ...(b.after ? { after: b.after } : {}) };
  });
  const rows = list.rows.map(({ paneLabel: _, ...r }: ViewerData["rows"][number] & { paneLabel?: string }) => r);
  return { ...list, rows, entries };
}

describe("viewerPage", () => {
  it("carries the data whole, packed so no text ends its element", () => {
    const page = viewerPage(data());
    expect(embedded(page)).toEqual(data());
    // the list, one group of entries (the data is small), the script
    expect(page.match(/<script/g)).toHaveLength(3);
    expect(page).toContain("<title>Runs &lt;&amp;&gt;</title>");
    // the problems are in the page itself, readable without the script
    expect(page).toContain("<li>run/records.jsonl: its last line was cut off</li>");
  });

  it("loads nothing: no URL, no src, no link element", () => {
    const page = viewerPage(data());
    expect(page).not.toMatch(/https?:|\ssrc=|<link|@import|url\(/);
  });

  it("is the same bytes for the same data, under every runtime", () => {
    expect(viewerPage(data())).toBe(viewerPage(data()));
    // the deflated data too: both runtimes must write this page
    expect(hex(sha256Text(viewerPage(data()))).slice(0, 16)).toBe("a58f465acbeab19d");
  });

  it("refuses data it cannot draw, naming each problem", () => {
    const d = data();
    d.entries[1].id = "task a";
    d.entries.push({ id: "task_a", title: "again", blocks: [] });
    d.rows.push({ entry: 7, cells: ["x", 1] }, { entry: 0, pane: 5, cells: ["y"] });
    expect(viewerDataProblems(d)).toEqual([
      'entries[1].id: "task a" is not a link name (letters, digits, _ . ~ -)',
      'entries[2].id: "task_a" appears twice',
      "rows[2].entry: 7 is not an entry",
      "rows[3].pane: entry task_a has no pane 5",
      "rows[3].cells: 1 values for 2 columns",
    ]);
    expect(() => viewerPage(d)).toThrow(/^viewer data: entries\[1\]\.id/);
  });
});
