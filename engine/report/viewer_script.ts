// The viewer page's style and script, as text the page embeds (viewer.ts). The script is
// plain ES2020 written as a string rather than a compiled function, so the page is the same
// bytes under every runtime and bundler. It inflates the list at once and draws it 200 rows
// at a time; an entry's contents are inflated (with their group) only when it is opened or
// the texts are searched, and long texts stay collapsed until opened: a run of ten thousand
// records must open in well under 3 s.
// Routes: "#" the list; "#ID" an entry; "#ID/PANE" an entry with that pane on the left.
// Keys: j/k or ↓/↑ move in the list, Enter opens; in an entry n/p, j/k or →/← go to the
// next and previous row of the list as filtered and sorted, Escape goes back; / searches.

/** The viewer's style, after the pages' shared one. */
export const VIEWER_STYLE: string = [
  "main{max-width:100%}",
  ".filters{display:flex;flex-wrap:wrap;gap:0.4em 1em;align-items:center;margin:0.5em 0}",
  ".filters label{white-space:nowrap}",
  ".filters input{flex:1 1 12em;min-width:0;max-width:30em}",
  ".count{color:#555}",
  "table.list{table-layout:fixed;width:100%;font-size:0.85em}",
  "table.list th,table.list td{overflow-wrap:anywhere;padding:0.2em 0.4em;vertical-align:top}",
  "table.list th button{all:unset;cursor:pointer;font-weight:bold;overflow-wrap:anywhere}",
  "table.list th button:focus-visible{outline:2px solid #4c78a8}",
  "table.list th[aria-sort=ascending] button::after{content:' \\25B2'}",
  "table.list th[aria-sort=descending] button::after{content:' \\25BC'}",
  "table.list tbody tr{cursor:pointer}",
  "table.list tbody tr:hover{background:#f0f4fa}",
  "table.list tbody tr.cursor{background:#e3ecf7;outline:2px solid #4c78a8;outline-offset:-2px}",
  "tr.tone-good td:first-child{border-left:5px solid #1a9850}",
  "tr.tone-bad td:first-child{border-left:5px solid #d73027}",
  "tr.tone-warn td:first-child{border-left:5px solid #f4a040}",
  "tr.marked td{background:#fff3e0}",
  "table.list a{color:inherit}",
  ".problems,.mark{color:#a50026}",
  ".mark{font-weight:bold}",
  "button.more{margin:0.8em 0}",
  ".nav{display:flex;flex-wrap:wrap;gap:0.5em 1em;align-items:center;position:sticky;top:0;background:#fff;padding:0.4em 0;border-bottom:1px solid #ddd;z-index:1}",
  "#detail-view h2{overflow-wrap:anywhere}",
  "#detail-view h2:focus{outline:none}",
  ".compare{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr));gap:0.5em 1.2em}",
  ".compare>div{min-width:0}",
  ".compare select{max-width:100%}",
  "section.block h3,details.block summary{font-size:0.95em;font-weight:bold;margin:0.6em 0 0.2em}",
  "details.block summary{cursor:pointer}",
  ".tone-good>h3,.tone-good>summary{color:#1a7040}",
  ".tone-bad>h3,.tone-bad>summary{color:#a50026}",
  "dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:0.1em 1em;margin:0.3em 0}",
  "dt{color:#555;overflow-wrap:anywhere}",
  "dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}",
  ".step{border-left:3px solid #bbb;padding-left:0.7em;margin:0.6em 0;min-width:0}",
  ".step.tone-good{border-left-color:#1a9850}",
  ".step.tone-bad{border-left-color:#d73027}",
  ".step.tone-warn{border-left-color:#f4a040}",
  ".step>h4{margin:0.2em 0}",
].join("\n");

/** The viewer's script. */
export const VIEWER_SCRIPT: string = String.raw`
(function () {
"use strict";
var status = document.getElementById("status");
function fail(e) {
  status.textContent = "The viewer could not draw this page: " + (e && e.message ? e.message : String(e));
  status.className = "mark";
}
// a packed part of the data: base64 of deflated JSON (viewer.ts packViewerData), inflated by the browser
function inflate(id) {
  if (typeof DecompressionStream !== "function") return Promise.reject(new Error("this browser cannot inflate the page's data (no DecompressionStream); open it in a current Chromium, Firefox or Safari"));
  var bin = atob(document.getElementById(id).textContent), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).text().then(JSON.parse);
}
status.textContent = "Reading the runs\u2026";
inflate("viewer-data").then(function (data) { status.textContent = ""; main(data); }).catch(fail);
function main(data) {
  var cols = data.columns, rows = data.rows, entries = data.entries;
  var listView = document.getElementById("list-view"), detailView = document.getElementById("detail-view");
  var PAGE = 200, LONG_CHARS = 1500, LONG_LINES = 24;
  var entryIndex = new Map(entries.map(function (e, i) { return [e.id, i]; }));
  var state = { filters: cols.map(function () { return ""; }), text: "", sort: -1, dir: 1, order: [], shown: 0, cursor: -1, open: -1 };
  var groups = new Map(), groupCount = entries.reduce(function (n, e) { return Math.max(n, e.group + 1); }, 0);
  var hayEntry = [], hayPane = [], hayRow = null, searchToken = 0, openToken = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function show(v) { return v === null || v === undefined ? "\u2014" : String(v); }
  function lineCount(s) { var n = 1; for (var i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++; return n; }
  function linkOf(pos) {
    var r = rows[state.order[pos]], e = entries[r.entry];
    return "#" + e.id + (r.pane !== undefined && r.pane !== 0 ? "/" + encodeURIComponent(r.paneLabel || String(r.pane)) : "");
  }
  // an entry's contents (blocks, panes, after), inflated with its group on first use, once
  // the page has been read to its end (the groups follow this script)
  var parsed = document.readyState === "loading" ? new Promise(function (res) { document.addEventListener("DOMContentLoaded", res); }) : Promise.resolve();
  function groupOf(g) {
    if (!groups.has(g)) groups.set(g, parsed.then(function () { return inflate("viewer-group-" + g); }));
    return groups.get(g);
  }
  function body(ei) { return groupOf(entries[ei].group).then(function (list) { return list[entries[ei].index]; }); }

  // ---- filtering and sorting ----
  function distinct(k) {
    var seen = new Set();
    rows.forEach(function (r) { seen.add(show(r.cells[k])); });
    var v = Array.from(seen);
    v.sort(function (a, b) {
      if (a === "\u2014" || b === "\u2014") return a === b ? 0 : a === "\u2014" ? 1 : -1;
      if (cols[k].numeric) return Number(a) - Number(b);
      return a < b ? -1 : a > b ? 1 : 0;
    });
    return v;
  }
  function texts(blocks, out) {
    (blocks || []).forEach(function (b) {
      out.push(b.label || "");
      if (b.text) out.push(b.text);
      if (b.rows) b.rows.forEach(function (kv) { out.push(kv[0], kv[1]); });
      if (b.blocks) texts(b.blocks, out);
    });
    return out;
  }
  // the searchable texts: every entry's, inflated group by group without freezing the page
  function indexTexts(token) {
    var g = 0;
    function next() {
      if (token !== searchToken) return Promise.resolve(false);
      if (g >= groupCount) return Promise.resolve(true);
      status.textContent = "Searching the texts\u2026 (part " + (g + 1) + " of " + groupCount + ")";
      var k = g++;
      return groupOf(k).then(function (list) {
        entries.forEach(function (e, ei) {
          if (e.group !== k || hayEntry[ei] !== undefined) return;
          var b = list[e.index];
          hayEntry[ei] = texts(b.after, texts(b.blocks, [e.id, e.title])).join("\n").toLowerCase();
          hayPane[ei] = (b.panes || []).map(function (p) { return texts(p.blocks, [p.label]).join("\n").toLowerCase(); });
        });
        return new Promise(function (res) { setTimeout(res, 0); }).then(next);
      });
    }
    return next();
  }
  function compareCells(x, y, numeric) {
    if (numeric && typeof x === "number" && typeof y === "number") return x - y;
    var a = String(x), b = String(y);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  function recompute() {
    var q = state.text.trim().toLowerCase(), out = [];
    if (q && !hayRow) hayRow = rows.map(function (r) { return (r.cells.map(show).join("\n") + "\n" + (r.mark || "")).toLowerCase(); });
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i], ok = true;
      for (var k = 0; k < cols.length && ok; k++) if (state.filters[k] !== "" && show(r.cells[k]) !== state.filters[k]) ok = false;
      if (ok && q) ok = hayRow[i].indexOf(q) >= 0 || (hayEntry[r.entry] || "").indexOf(q) >= 0 || (r.pane !== undefined && (hayPane[r.entry] || [])[r.pane] || "").indexOf(q) >= 0;
      if (ok) out.push(i);
    }
    if (state.sort >= 0) {
      var s = state.sort, d = state.dir, numeric = !!cols[s].numeric;
      out.sort(function (a, b) {
        var x = rows[a].cells[s], y = rows[b].cells[s];
        var nx = x === null || x === undefined, ny = y === null || y === undefined;
        if (nx || ny) return nx === ny ? a - b : nx ? 1 : -1; // no value last, either way
        return d * compareCells(x, y, numeric) || a - b;
      });
    }
    state.order = out;
  }

  // ---- the list ----
  var tbody, countEl, moreBtn, headers = [], search, selects = [];
  function buildList() {
    var bar = el("div", "filters");
    cols.forEach(function (c, k) {
      if (!c.facet) return;
      var label = el("label", null, c.label + " ");
      var sel = el("select");
      sel.dataset.col = String(k);
      var all = el("option", null, "all"); all.value = ""; sel.append(all);
      distinct(k).forEach(function (v) { var o = el("option", null, v); o.value = v; sel.append(o); });
      sel.addEventListener("change", function () { state.filters[k] = sel.value; refresh(); });
      selects[k] = sel;
      label.append(sel);
      bar.append(label);
    });
    search = el("input");
    search.type = "search";
    search.placeholder = "search the texts (/)";
    search.setAttribute("aria-label", "search the texts");
    var timer = 0;
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { setText(search.value); }, 150);
    });
    bar.append(search);
    countEl = el("span", "count");
    countEl.setAttribute("aria-live", "polite");
    bar.append(countEl);
    var table = el("table", "list");
    var colgroup = el("colgroup");
    cols.forEach(function (c) { var col = el("col"); if (c.width) col.style.width = c.width; colgroup.append(col); });
    var head = el("thead"), tr = el("tr");
    cols.forEach(function (c, k) {
      var th = el("th", c.numeric ? "num" : null);
      var b = el("button", null, c.label);
      b.type = "button";
      b.title = "sort by " + c.label;
      b.addEventListener("click", function () {
        if (state.sort === k) state.dir = -state.dir; else { state.sort = k; state.dir = 1; }
        refresh();
      });
      th.append(b);
      headers.push(th);
      tr.append(th);
    });
    head.append(tr);
    tbody = el("tbody");
    tbody.addEventListener("click", function (ev) {
      var t = ev.target.closest("tr");
      if (!t || ev.target.closest("a")) return; // a link routes by itself
      location.hash = linkOf(Number(t.dataset.pos));
    });
    table.append(colgroup, head, tbody);
    moreBtn = el("button", "more");
    moreBtn.type = "button";
    moreBtn.addEventListener("click", function () { drawMore(state.shown + PAGE); });
    listView.append(bar, table, moreBtn);
    if (!rows.length) listView.append(el("p", "mark", "These runs have no entries to show."));
  }
  function setText(text) {
    var token = ++searchToken;
    state.text = text;
    if (!text.trim()) { status.textContent = ""; refresh(); return; }
    indexTexts(token).then(function (done) {
      if (!done) return;
      status.textContent = "";
      refresh();
    }).catch(fail);
  }
  function rowEl(pos) {
    var r = rows[state.order[pos]], tr = el("tr", r.tone ? "tone-" + r.tone : null);
    tr.dataset.pos = String(pos);
    tr.tabIndex = -1;
    if (r.mark) { tr.classList.add("marked"); tr.title = r.mark; }
    r.cells.forEach(function (v, k) {
      var td = el("td", cols[k].numeric ? "num" : null);
      if (k === 0) {
        var a = el("a", null, (r.mark ? "\u26A0 " : "") + show(v));
        a.href = linkOf(pos);
        td.append(a);
      } else td.textContent = show(v);
      tr.append(td);
    });
    return tr;
  }
  function drawMore(upTo) {
    var to = Math.min(upTo, state.order.length), frag = document.createDocumentFragment();
    for (var p = state.shown; p < to; p++) frag.append(rowEl(p));
    tbody.append(frag);
    state.shown = to;
    moreBtn.hidden = state.shown >= state.order.length;
    moreBtn.textContent = "Show " + Math.min(PAGE, state.order.length - state.shown) + " more";
    countEl.textContent = state.order.length.toLocaleString("en-US") + " of " + rows.length.toLocaleString("en-US") + " rows" + (state.shown < state.order.length ? " (first " + state.shown.toLocaleString("en-US") + " shown)" : "");
  }
  function refresh() {
    recompute();
    headers.forEach(function (th, k) {
      if (k === state.sort) th.setAttribute("aria-sort", state.dir > 0 ? "ascending" : "descending"); else th.removeAttribute("aria-sort");
    });
    tbody.replaceChildren();
    state.shown = 0;
    state.cursor = -1;
    drawMore(PAGE);
  }
  function rowAt(pos) {
    if (pos >= state.shown) drawMore(Math.ceil((pos + 1) / PAGE) * PAGE);
    return tbody.children[pos];
  }
  function moveCursor(pos) {
    if (!state.order.length) return;
    pos = Math.max(0, Math.min(state.order.length - 1, pos));
    var old = state.cursor >= 0 && state.cursor < state.shown ? tbody.children[state.cursor] : null;
    if (old) old.classList.remove("cursor");
    state.cursor = pos;
    var tr = rowAt(pos);
    tr.classList.add("cursor");
    tr.focus();
  }
  function showList() {
    openToken++;
    detailView.hidden = true;
    detailView.replaceChildren();
    listView.hidden = false;
    if (state.open >= 0 && state.open < state.order.length) moveCursor(state.open);
    state.open = -1;
  }

  // ---- an entry ----
  function blockEl(b) {
    var tone = b.tone ? " tone-" + b.tone : "";
    if (b.kind === "text") {
      var lines = lineCount(b.text);
      if (b.open || (b.text.length <= LONG_CHARS && lines <= LONG_LINES)) {
        var s = el("section", "block" + tone);
        s.append(el("h3", null, b.label), el("pre", null, b.text));
        return s;
      }
      var d = el("details", "block" + tone);
      d.append(el("summary", null, b.label + " (" + lines + " lines, " + b.text.length.toLocaleString("en-US") + " characters)"));
      d.addEventListener("toggle", function () { if (d.open && d.children.length === 1) d.append(el("pre", null, b.text)); });
      return d;
    }
    if (b.kind === "fields") {
      var f = el("section", "block fields" + tone);
      if (b.label) f.append(el("h3", null, b.label));
      var dl = el("dl");
      b.rows.forEach(function (kv) { dl.append(el("dt", null, kv[0]), el("dd", null, kv[1])); });
      f.append(dl);
      return f;
    }
    var st = el("section", "step" + tone);
    st.append(el("h4", null, b.label));
    (b.blocks || []).forEach(function (c) { st.append(blockEl(c)); });
    return st;
  }
  function paneColumn(panes, pick) {
    var col = el("div", "pane"), sel = el("select"), inner = el("div");
    sel.setAttribute("aria-label", "shown here");
    panes.forEach(function (p, i) { var o = el("option", null, p.label); o.value = String(i); sel.append(o); });
    sel.value = String(pick);
    function draw() { inner.replaceChildren(); panes[Number(sel.value)].blocks.forEach(function (b) { inner.append(blockEl(b)); }); }
    sel.addEventListener("change", draw);
    col.append(sel, inner);
    draw();
    return col;
  }
  function openDetail(pos) {
    var token = ++openToken;
    state.open = pos;
    var r = rows[state.order[pos]], e = entries[r.entry];
    listView.hidden = true;
    detailView.hidden = false;
    detailView.replaceChildren();
    var nav = el("nav", "nav");
    function btn(text, title, fn, disabled) { var b = el("button", null, text); b.type = "button"; b.title = title; b.disabled = !!disabled; b.addEventListener("click", fn); return b; }
    nav.append(
      btn("\u2190 list", "back to the list (Escape)", back),
      btn("\u2039 previous", "previous row (p, k, \u2190)", function () { go(-1); }, pos === 0),
      btn("next \u203A", "next row (n, j, \u2192)", function () { go(1); }, pos >= state.order.length - 1),
      el("span", "count", "row " + (pos + 1).toLocaleString("en-US") + " of " + state.order.length.toLocaleString("en-US")),
    );
    var h = el("h2", null, e.title);
    h.tabIndex = -1;
    detailView.append(nav, h);
    if (r.mark) detailView.append(el("p", "mark", "\u26A0 " + r.mark));
    var content = el("div", "content");
    content.setAttribute("aria-busy", "true");
    detailView.append(content);
    window.scrollTo(0, 0);
    h.focus({ preventScroll: true });
    body(r.entry).then(function (b) {
      if (token !== openToken) return; // another entry was opened meanwhile
      (b.blocks || []).forEach(function (x) { content.append(blockEl(x)); });
      if (b.panes && b.panes.length) {
        var left = r.pane === undefined ? 0 : r.pane, cmp = el("div", "compare");
        cmp.append(paneColumn(b.panes, left));
        if (b.panes.length > 1) cmp.append(paneColumn(b.panes, (left + 1) % b.panes.length));
        content.append(cmp);
      }
      (b.after || []).forEach(function (x) { content.append(blockEl(x)); });
      content.removeAttribute("aria-busy");
      detailView.dataset.entry = e.id;
    }).catch(fail);
  }
  function go(delta) {
    var p = state.open + delta;
    if (state.open < 0 || p < 0 || p >= state.order.length) return;
    history.replaceState(null, "", linkOf(p));
    openDetail(p);
  }
  function back() { location.hash = ""; }
  function findPos(ei, pane) {
    var any = -1;
    for (var p = 0; p < state.order.length; p++) {
      var r = rows[state.order[p]];
      if (r.entry !== ei) continue;
      if (pane === undefined || r.pane === pane || r.paneLabel === pane) return p;
      if (any < 0) any = p;
    }
    return any;
  }
  function route() {
    var h = location.hash.slice(1);
    if (!h) { status.textContent = ""; showList(); return; }
    var slash = h.indexOf("/"), id = slash < 0 ? h : h.slice(0, slash), label;
    try { label = slash < 0 ? undefined : decodeURIComponent(h.slice(slash + 1)); } catch (err) { label = undefined; }
    var ei = entryIndex.get(id);
    if (ei === undefined) { showList(); status.textContent = "No entry " + id + " in these runs."; return; }
    status.textContent = "";
    var pos = findPos(ei, label);
    if (pos < 0) {
      // filtered out: the link wins over the filters
      state.filters = cols.map(function () { return ""; });
      selects.forEach(function (s) { if (s) s.value = ""; });
      search.value = "";
      searchToken++;
      state.text = "";
      refresh();
      pos = findPos(ei, label);
    }
    if (pos < 0) { showList(); status.textContent = "Entry " + id + " has no row in the list."; return; }
    openDetail(pos);
  }

  // ---- keys ----
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var t = ev.target, tag = t && t.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") { if (ev.key === "Escape") t.blur(); return; }
    var k = ev.key;
    if (!detailView.hidden) {
      if (k === "n" || k === "j" || k === "ArrowRight") go(1);
      else if (k === "p" || k === "k" || k === "ArrowLeft") go(-1);
      else if (k === "Escape" || k === "u") back();
      else return;
    } else {
      if (k === "j" || k === "ArrowDown") moveCursor(state.cursor + 1);
      else if (k === "k" || k === "ArrowUp") moveCursor(state.cursor < 0 ? 0 : state.cursor - 1);
      else if ((k === "Enter" || k === "o") && state.cursor >= 0) location.hash = linkOf(state.cursor);
      else if (k === "/") search.focus();
      else return;
    }
    ev.preventDefault();
  });

  buildList();
  refresh();
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "1";
}
})();
`;
