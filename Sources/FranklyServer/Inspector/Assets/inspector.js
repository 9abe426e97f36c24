// Frankly Inspector: the hierarchy as a virtualised tree and a canvas wireframe, selectors
// highlighted as you type, node details, and /map operations on the matches.
//
// Data: GET /inspector/tree gives one array per property, indexed by node id (preorder), so the
// whole page works on typed arrays; nothing here is per-node DOM or per-node objects. The tree
// shows only the rows in its viewport and the canvas draws only frames that intersect its
// viewport, so a 10^5-node hierarchy stays responsive.
"use strict";

const ROW_HEIGHT = 20;
const DEBOUNCE_MS = 150;
const $ = (id) => document.getElementById(id);

const state = {
  n: 0,
  classes: [], cls: null, parent: null, uid: [], label: [], hidden: null,
  fx: null, fy: null, fw: null, fh: null,
  depth: null, end: null,
  collapsed: null,          // Uint8Array: 1 = subtree folded
  visible: null,            // Int32Array: node ids of the tree rows, in order
  visibleCount: 0,
  matches: null,            // Uint8Array: 1 = selected by the current query
  matchList: [],            // distinct matched ids, in document order
  selected: -1,             // clicked node
  query: { seq: 0, applied: 0 },
  view: { scale: 1, ox: 0, oy: 0, fitted: false },
};

// Compare mode: another recording of the screen (a file the user picked or dropped), aligned with
// the live tree by POST /inspector/diff. The server keeps nothing: the page keeps the file and
// posts it again to rank the selected view's suggestions (POST /inspector/survival/<id>).
const compare = {
  on: false,
  file: null,               // the Blob posted, kept for the survival requests
  name: "",
  t: null,                  // the compared recording, as treeModel makes the live one
  view: { scale: 1, ox: 0, oy: 0, fitted: false },
  counterpart: null,        // Int32Array: per live view, its counterpart in `t`, or -1
  back: null,               // Int32Array: per compared view, its counterpart in the live tree, or -1
  servedEdits: null,        // Uint8Array flags per live view: 1 deleted, 2 moved, 4 changed
  comparedEdits: null,      // Uint8Array flags per compared view: 1 inserted, 2 moved, 4 changed
  matches: null,            // Uint8Array: the counterparts of the selector's matches
  live: { hover: -1, partner: -1 },    // on the live wireframe: the hovered view, the lit counterpart
  other: { hover: -1, partner: -1 },   // the same on the compared wireframe
  seq: 0,
};

// ---------------------------------------------------------------- data

async function fetchJSON(url, body) {
  const init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body) };
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** The typed arrays the page draws from, made from /inspector/tree's columns (the live app's
 *  tree, and in compare mode the compared recording's, which /inspector/diff sends in the same
 *  form). */
function treeModel(data) {
  const n = data.count;
  const t = { n, classes: data.classes, cls: Int32Array.from(data.class), parent: Int32Array.from(data.parent),
              uid: data.uid, label: data.label, hidden: Uint8Array.from(data.hidden) };
  // Frames come in window coordinates, whatever the dump recorded (the server composes views that
  // have only UIKit's superview-relative `frame`), so drawing, fitting and hit-testing use them as is.
  const f = data.frame;
  t.fx = new Float64Array(n); t.fy = new Float64Array(n);
  t.fw = new Float64Array(n); t.fh = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t.fx[i] = f[4 * i]; t.fy[i] = f[4 * i + 1]; t.fw[i] = f[4 * i + 2]; t.fh[i] = f[4 * i + 3];
  }
  // Preorder: depth from the parent; a subtree ends where the next node is not below it.
  t.depth = new Int32Array(n);
  t.end = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = t.parent[i];
    t.depth[i] = p < 0 ? 0 : t.depth[p] + 1;
  }
  for (let i = n - 1; i >= 0; i--) {
    let e = i + 1;
    if (e < n && t.parent[e] === i) e = t.end[e];
    // Later children: follow sibling subtrees.
    while (e < n && t.parent[e] === i) e = t.end[e];
    t.end[i] = e;
  }
  // Whether a view has a labelled view below it: the wireframe writes only the innermost labels.
  t.labelledBelow = new Uint8Array(n);
  for (let i = n - 1; i > 0; i--) {
    const p = t.parent[i];
    if (p >= 0 && (t.labelledBelow[i] || t.label[i] != null)) t.labelledBelow[p] = 1;
  }
  return t;
}

async function loadTree() {
  const t0 = performance.now();
  const data = await fetchJSON("/inspector/tree");
  const n = data.count;
  const keepFolds = state.n === n && state.collapsed;
  Object.assign(state, treeModel(data));
  if (!keepFolds) {
    state.collapsed = new Uint8Array(n);
    // Small trees open fully; large ones open their first levels.
    if (n > 5000) for (let i = 0; i < n; i++) if (state.depth[i] >= 4 && state.end[i] > i + 1) state.collapsed[i] = 1;
    state.view.fitted = false;
  }
  if (!state.matches || state.matches.length !== n) state.matches = new Uint8Array(n);
  if (state.selected >= n) state.selected = -1;
  rebuildVisible();
  $("tree-info").textContent = `${n.toLocaleString()} views · loaded in ${Math.round(performance.now() - t0)} ms`;
  document.body.dataset.nodes = String(n);
  if (!state.view.fitted) fitView();
  renderTree();
  drawWire();
}

// ---------------------------------------------------------------- tree (virtualised)

function rebuildVisible() {
  const n = state.n;
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n;) {
    out[k++] = i;
    i = state.collapsed[i] ? state.end[i] : i + 1;
  }
  state.visible = out;
  state.visibleCount = k;
  $("tree-spacer").style.height = `${k * ROW_HEIGHT}px`;
}

function rowIndexOf(node) {
  // Visible rows are in increasing node order: binary search.
  let lo = 0, hi = state.visibleCount - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, v = state.visible[mid];
    if (v === node) return mid;
    if (v < node) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

function renderTree() {
  const pane = $("tree"), rows = $("tree-rows");
  const first = Math.max(0, Math.floor(pane.scrollTop / ROW_HEIGHT) - 5);
  const last = Math.min(state.visibleCount, Math.ceil((pane.scrollTop + pane.clientHeight) / ROW_HEIGHT) + 5);
  rows.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
  const frag = document.createDocumentFragment();
  for (let r = first; r < last; r++) frag.appendChild(makeRow(state.visible[r]));
  rows.replaceChildren(frag);
}

function makeRow(i) {
  const row = document.createElement("div");
  row.className = "row";
  if (state.matches[i]) row.classList.add("match");
  if (i === state.selected) row.classList.add("selected");
  if (state.hidden[i]) row.classList.add("hidden-view");
  if (compare.on) {
    const edit = compare.servedEdits[i];
    if (edit & 1) row.classList.add("edit-deleted");
    if (edit & 2) row.classList.add("edit-moved");
    if (edit & 4) row.classList.add("edit-changed");
    if (i === compare.live.partner || i === compare.live.hover) row.classList.add("partner");
  }
  row.dataset.id = String(i);
  row.style.paddingLeft = `${4 + state.depth[i] * 14}px`;
  const tw = document.createElement("span");
  tw.className = "tw";
  if (state.end[i] > i + 1) tw.textContent = state.collapsed[i] ? "▸" : "▾";
  const cls = document.createElement("span");
  cls.className = "cls";
  cls.textContent = state.classes[state.cls[i]];
  row.append(tw, cls);
  const label = state.label[i];
  if (label != null) {
    const l = document.createElement("span");
    l.className = "lbl";
    l.textContent = JSON.stringify(label);
    row.append(l);
  }
  if (state.uid[i] != null) {
    const u = document.createElement("span");
    u.className = "uid";
    u.textContent = `#${state.uid[i]}`;
    row.append(u);
  }
  return row;
}

function toggleFold(i) {
  state.collapsed[i] ^= 1;
  rebuildVisible();
  renderTree();
}

/** Unfolds the ancestors of `node` and scrolls its row into view. */
function revealInTree(node) {
  let changed = false;
  for (let p = state.parent[node]; p >= 0; p = state.parent[p]) {
    if (state.collapsed[p]) { state.collapsed[p] = 0; changed = true; }
  }
  if (changed) rebuildVisible();
  const r = rowIndexOf(node), pane = $("tree");
  const top = r * ROW_HEIGHT;
  if (top < pane.scrollTop || top + ROW_HEIGHT > pane.scrollTop + pane.clientHeight) {
    pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
  }
  renderTree();
}

// ---------------------------------------------------------------- wireframe (canvas)

// One drawing for both wireframes: the live app's (`state`, canvas #wire) and, in compare mode,
// the compared recording's (`compare.t`, canvas #wire2). Each has its own view (zoom and pan).

function canvasSize(c = $("wire")) {
  const dpr = window.devicePixelRatio || 1;
  const w = c.clientWidth, h = c.clientHeight;
  if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
    c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
  }
  return { w, h, dpr };
}

/** Fits the first root with a frame (the window) of tree `t` into `canvas`. */
function fitView(t = state, view = state.view, canvas = $("wire")) {
  const { w, h } = canvasSize(canvas);
  let root = -1;
  for (let i = 0; i < t.n && root < 0; i++) if (t.fw[i] > 0 && t.fh[i] > 0) root = i;
  if (root < 0 || w === 0 || h === 0) return;
  const pad = 16;
  const s = Math.min((w - 2 * pad) / t.fw[root], (h - 2 * pad) / t.fh[root]);
  view.scale = s;
  view.ox = (w - t.fw[root] * s) / 2 - t.fx[root] * s;
  view.oy = pad - t.fy[root] * s;
  view.fitted = true;
}

let drawPending = false;
function drawWire() {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => { drawPending = false; drawWireNow(); });
}

function drawWireNow() {
  const live = compare.on ? compare.live : null;
  drawTreeOn($("wire"), state, state.view, {
    matches: state.matches, selected: state.selected,
    edits: compare.on ? compare.servedEdits : null, editColours: DELETED_COLOURS,
    hover: live ? live.hover : -1, partner: live ? live.partner : -1,
  });
  if (compare.on) {
    const other = compare.other;
    drawTreeOn($("wire2"), compare.t, compare.view, {
      matches: compare.matches, selected: state.selected >= 0 ? compare.counterpart[state.selected] : -1,
      edits: compare.comparedEdits, editColours: INSERTED_COLOURS, hover: other.hover, partner: other.partner,
    });
  }
}

// Edit flags from /inspector/diff: 1 deleted (live side) or inserted (compared side), 2 moved, 4 changed.
const DELETED_COLOURS = { 1: ["rgba(220,38,38,1)", "rgba(220,38,38,0.16)"] };
const INSERTED_COLOURS = { 1: ["rgba(22,163,74,1)", "rgba(22,163,74,0.16)"] };
const MOVED_COLOUR = "rgba(37,99,235,1)", CHANGED_COLOUR = "rgba(217,119,6,1)", PARTNER_COLOUR = "#9333ea";

/** Draws tree `t` on `canvas` through `view`: every frame, faint when hidden, matches filled,
 *  edits coloured (`marks.edits`), the selected view, the hovered view and its counterpart. */
function drawTreeOn(canvas, t, view, marks) {
  const { w, h, dpr } = canvasSize(canvas);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const { scale: s, ox, oy } = view;
  const n = t.n, fx = t.fx, fy = t.fy, fw = t.fw, fh = t.fh;
  const matches = marks.matches, edits = marks.edits;
  // Viewport in tree coordinates: draw only what intersects it, and skip sub-pixel frames.
  const vx0 = -ox / s, vy0 = -oy / s, vx1 = (w - ox) / s, vy1 = (h - oy) / s, tiny = 0.75 / s;
  const plain = new Path2D(), faint = new Path2D(), matched = new Path2D();
  const gone = new Path2D(), moved = new Path2D(), changed = new Path2D();
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    const x = fx[i], y = fy[i], ww = fw[i], hh = fh[i];
    if (ww < 0 || x > vx1 || y > vy1 || x + ww < vx0 || y + hh < vy0) continue;
    const edit = edits ? edits[i] : 0;
    if (ww < tiny && hh < tiny && !(matches && matches[i]) && !edit) continue;
    const px = ox + x * s, py = oy + y * s, pw = Math.max(1, ww * s), ph = Math.max(1, hh * s);
    // One path a view: the strongest edit first (no counterpart, then moved, then changed).
    const path = matches && matches[i] ? matched : edit & 1 ? gone : edit & 2 ? moved : edit & 4 ? changed
      : t.hidden[i] ? faint : plain;
    path.rect(px + 0.5, py + 0.5, pw, ph);
    drawn++;
  }
  ctx.fillStyle = "#ffffff";
  const root = firstFramed(t);
  if (root >= 0) ctx.fillRect(ox + fx[root] * s, oy + fy[root] * s, fw[root] * s, fh[root] * s);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(100,116,139,0.25)"; ctx.stroke(faint);
  ctx.strokeStyle = "rgba(71,85,105,0.75)"; ctx.stroke(plain);
  if (edits) {
    const [goneLine, goneFill] = marks.editColours[1];
    ctx.fillStyle = goneFill; ctx.fill(gone);
    ctx.lineWidth = 2;
    ctx.strokeStyle = goneLine; ctx.stroke(gone);
    ctx.strokeStyle = MOVED_COLOUR; ctx.stroke(moved);
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = CHANGED_COLOUR; ctx.stroke(changed);
    ctx.setLineDash([]);
  }
  ctx.fillStyle = "rgba(245,158,11,0.22)"; ctx.fill(matched);
  ctx.strokeStyle = "rgba(217,119,6,1)"; ctx.lineWidth = 2; ctx.stroke(matched);
  // Labels where they fit, for the frames on screen (bounded so a dense zoom stays fast).
  if (n <= 20000 || s > 1) drawLabels(ctx, w, h, t, view);
  const outline = (i, colour, width) => {
    if (i < 0 || i >= n || fw[i] < 0) return;
    ctx.strokeStyle = colour; ctx.lineWidth = width;
    ctx.strokeRect(ox + fx[i] * s, oy + fy[i] * s, Math.max(2, fw[i] * s), Math.max(2, fh[i] * s));
  };
  outline(marks.selected, "#2563eb", 3);
  if (marks.hover >= 0 || marks.partner >= 0) {
    ctx.fillStyle = "rgba(147,51,234,0.15)";
    for (const i of [marks.hover, marks.partner]) {
      if (i >= 0 && i < n && fw[i] >= 0) ctx.fillRect(ox + fx[i] * s, oy + fy[i] * s, fw[i] * s, fh[i] * s);
    }
    outline(marks.hover, PARTNER_COLOUR, 2);
    outline(marks.partner, PARTNER_COLOUR, 3);
  }
  canvas.dataset.drawn = String(drawn);
  // What the end-to-end test reads: the view under the pointer here, and the counterpart lit here.
  canvas.dataset.hover = String(marks.hover);
  canvas.dataset.partner = String(marks.partner);
}

function firstFramed(t = state) {
  for (let i = 0; i < t.n; i++) if (t.fw[i] > 0) return i;
  return -1;
}

function drawLabels(ctx, w, h, t = state, view = state.view) {
  const { scale: s, ox, oy } = view;
  ctx.font = "11px system-ui, sans-serif";
  ctx.fillStyle = "#334155";
  ctx.textBaseline = "middle";
  let budget = 3000;
  for (let i = 0; i < t.n && budget > 0; i++) {
    const label = t.label[i];
    // Only the innermost labelled views: a table's label would cover its rows'.
    if (label == null || t.fw[i] < 0 || t.hidden[i] || t.labelledBelow[i]) continue;
    const px = ox + t.fx[i] * s, py = oy + t.fy[i] * s, pw = t.fw[i] * s, ph = t.fh[i] * s;
    if (px > w || py > h || px + pw < 0 || py + ph < 0 || pw < 24 || ph < 10) continue;
    ctx.save();
    ctx.beginPath(); ctx.rect(px, py, pw, ph); ctx.clip();
    ctx.fillText(label, px + 4, py + Math.min(ph / 2, 12));
    ctx.restore();
    budget--;
  }
}

/** The innermost (smallest) visible frame of tree `t` under a point of the canvas drawn through `view`. */
function nodeAt(cx, cy, t = state, view = state.view) {
  const { scale: s, ox, oy } = view;
  const x = (cx - ox) / s, y = (cy - oy) / s;
  let best = -1, bestArea = Infinity;
  for (let i = 0; i < t.n; i++) {
    const ww = t.fw[i], hh = t.fh[i];
    if (ww < 0 || t.hidden[i]) continue;
    if (x < t.fx[i] || y < t.fy[i] || x > t.fx[i] + ww || y > t.fy[i] + hh) continue;
    const area = ww * hh;
    if (area <= bestArea) { best = i; bestArea = area; }
  }
  return best;
}

// ---------------------------------------------------------------- selection as you type

let debounceTimer = 0;
function scheduleQuery() {
  clearTimeout(debounceTimer);
  debounceTimer = setTimeout(runQuery, DEBOUNCE_MS);
}

async function runQuery() {
  const query = $("selector").value, engine = $("engine").value;
  const seq = ++state.query.seq;
  document.body.dataset.querySeq = String(seq);
  if (query.trim() === "") {
    applyMatches(null, seq);
    showError(null);
    setStatus("");
    markDone(seq, query);
    return;
  }
  let result;
  try {
    result = await fetchJSON("/inspector/select", { query, engine });
  } catch (e) {
    if (seq === state.query.seq) { showError({ error: String(e) }); }
    return;
  }
  if (seq !== state.query.seq) return;   // a later keystroke already asked again
  if (result.error !== undefined) {
    applyMatches(null, seq);
    showError(result, query);
    setStatus("");
    markDone(seq, query);
    return;
  }
  if (result.treeCount !== state.n) await loadTree();
  showError(null);
  applyMatches(result.nodes, seq);
  const distinct = state.matchList.length;
  const status = $("status");
  status.replaceChildren();
  const count = document.createElement("span");
  count.className = "count";
  count.id = "match-count";
  count.dataset.count = String(result.count);
  count.textContent = `${result.count} ${result.count === 1 ? "match" : "matches"}`;
  const time = document.createElement("span");
  time.id = "query-ms";
  time.textContent = ` · ${result.ms} ms`;
  status.append(count);
  if (distinct !== result.count) status.append(` (${distinct} distinct)`);
  status.append(time);
  markDone(seq, query);
}

/** Marks query `seq` answered and shown (what the end-to-end test waits for). */
function markDone(seq, query) {
  document.body.dataset.queryText = query;
  document.body.dataset.queryDone = String(seq);
}

function setStatus(text) { $("status").textContent = text; }

function applyMatches(nodes, seq) {
  state.matches = new Uint8Array(state.n);
  state.matchList = [];
  if (nodes) {
    for (const id of nodes) if (id < state.n && !state.matches[id]) { state.matches[id] = 1; state.matchList.push(id); }
    state.matchList.sort((a, b) => a - b);
    if (state.matchList.length > 0 && rowIndexOf(state.matchList[0]) < 0) revealInTree(state.matchList[0]);
    else if (state.matchList.length > 0) {
      const r = rowIndexOf(state.matchList[0]), pane = $("tree");
      if (r * ROW_HEIGHT < pane.scrollTop || r * ROW_HEIGHT > pane.scrollTop + pane.clientHeight) revealInTree(state.matchList[0]);
    }
  }
  document.body.dataset.highlighted = String(state.matchList.length);
  mirrorMatches();
  renderTree();
  drawWire();
}

/** Shows a selector error: the message, and a caret under its column in the selector box. */
function showError(err, query) {
  const box = $("error"), caret = $("caret"), input = $("selector");
  if (!err) {
    box.hidden = true; box.textContent = ""; caret.textContent = ""; delete caret.dataset.column;
    input.classList.remove("invalid");
    return;
  }
  input.classList.add("invalid");
  box.hidden = false;
  box.textContent = err.details || err.error;
  if (err.column && query !== undefined) {
    // `column` counts characters (grapheme clusters), 1-based; the box uses a monospace font.
    caret.textContent = " ".repeat(err.column - 1) + "^";
    caret.dataset.column = String(err.column);
    caret.scrollLeft = input.scrollLeft;
  } else {
    caret.textContent = "";
    delete caret.dataset.column;
  }
}

// ---------------------------------------------------------------- details of a node

async function selectNode(i, reveal) {
  state.selected = i;
  if (reveal) revealInTree(i); else renderTree();
  drawWire();
  const details = $("details");
  // Both at once: ranking posts the compared recording and aligns it again.
  const ranked = compare.on ? survivalOf(i) : null;
  let info;
  try {
    info = await fetchJSON(`/inspector/node/${i}`);
  } catch (e) {
    details.textContent = String(e);
    return;
  }
  if (state.selected !== i) return;   // another view was clicked meanwhile
  details.replaceChildren();
  delete details.dataset.survival;
  const h2 = document.createElement("h2");
  h2.textContent = info.class + (state.label[i] != null ? `  “${state.label[i]}”` : "");
  const chain = document.createElement("div");
  chain.className = "chain";
  chain.textContent = info.classChain.join(" → ");
  details.append(h2, chain);
  if (compare.on) details.append(counterpartLine(i));

  const h3s = document.createElement("h3");
  h3s.textContent = "Selectors";
  details.append(h3s);
  // In compare mode the survival ranking takes the plain list's place once it arrives.
  const plain = document.createElement("div");
  plain.id = "plain-selectors";
  details.append(plain);
  if (ranked) showRanked(i, ranked, h3s, plain);
  for (const s of info.selectors) {
    const div = document.createElement("div");
    div.className = "suggestion";
    div.dataset.engine = s.engine;
    const e = document.createElement("span"); e.className = "engine"; e.textContent = s.engine;
    const code = document.createElement("code"); code.textContent = s.selector;
    const use = document.createElement("button"); use.textContent = "Use";
    use.title = "Put this selector in the selector box";
    use.addEventListener("click", () => {
      $("engine").value = s.engine;
      $("selector").value = s.selector;
      runQuery();
    });
    div.append(e, code, use);
    if (!s.unique) {
      const note = document.createElement("span"); note.className = "note";
      note.textContent = `selects ${s.count} views, this one among them`;
      div.append(note);
    }
    if (s.fragile) {
      // Nothing the view records tells it apart: it is named by where it stands.
      div.dataset.fragile = "1";
      const note = document.createElement("span"); note.className = "fragile";
      note.textContent = "fragile: by position";
      note.title = "No attribute names this view alone; a view inserted before it would move it.";
      div.append(note);
    }
    plain.append(div);
  }
  if (info.selectors.length === 0) {
    const p = document.createElement("p"); p.className = "empty";
    p.textContent = "No engine can name this view on its own (e.g. the root window).";
    plain.append(p);
  }

  const h3p = document.createElement("h3");
  h3p.textContent = "Properties";
  const table = document.createElement("table");
  table.className = "props";
  table.id = "props";
  const props = info.properties || {};
  for (const key of Object.keys(props)) {
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    const th = document.createElement("th"); th.textContent = key;
    const td = document.createElement("td"); td.textContent = formatValue(props[key]);
    tr.append(th, td);
    table.append(tr);
  }
  details.append(h3p, table);
  details.dataset.id = String(i);   // set last: the details on screen are this view's
}

function formatValue(v) {
  if (v && typeof v === "object" && v.origin && v.size) {
    return `(${v.origin.x}, ${v.origin.y}) ${v.size.width}×${v.size.height}`;
  }
  return typeof v === "string" ? v : JSON.stringify(v);
}

// ---------------------------------------------------------------- audit

/** Asks /inspector/audit for the served tree's findings and lists them, errors first as the
 *  server orders them (by view); clicking a finding (or Enter on it) selects its view. */
async function auditTree() {
  const list = $("findings"), info = $("audit-info");
  $("audit-pane").hidden = false;
  list.replaceChildren();
  delete list.dataset.done;
  info.textContent = "";
  let x;
  try { x = await fetchJSON("/inspector/audit"); } catch (e) { info.textContent = String(e); list.dataset.done = "1"; return; }
  if (x.error !== undefined) { info.textContent = x.details || x.error; list.dataset.done = "1"; return; }
  const s = x.score;
  info.textContent = `${x.count} finding${x.count === 1 ? "" : "s"}${x.truncated ? ` (first ${x.findings.length})` : ""} · addressable by id ${s.addressable}/${s.actionable}`;
  for (const f of x.findings) {
    const li = document.createElement("li");
    li.className = `finding ${f.level}`;
    li.tabIndex = 0;
    li.dataset.id = String(f.id);
    li.dataset.rule = f.rule;
    const head = document.createElement("div");
    head.textContent = `${f.level} · ${f.rule}`;
    const name = document.createElement("code");
    name.textContent = f.selector === null ? `uid ${f.uid}` : `${f.engine}: ${f.selector}`;
    const why = document.createElement("div");
    why.className = "why";
    why.textContent = f.message;
    li.append(head, name, why);
    const pick = () => { list.querySelectorAll(".finding.selected").forEach(e => e.classList.remove("selected")); li.classList.add("selected"); selectNode(f.id, true); };
    li.addEventListener("click", pick);
    li.addEventListener("keydown", ev => { if (ev.key === "Enter") pick(); });
    list.append(li);
  }
  list.dataset.done = "1";
}

// ---------------------------------------------------------------- explain

/** Asks /inspector/explain about the selector box and shows the answer in the Explain panel:
 *  each step with the views it kept, then near misses and a fix, or the candidates. */
/** Shows the side panel `paneId`, then asks `url` about the selector box; the answer, or null
 *  when there is none to show (no selector, a failed request: said in the panel's `boxId`). */
async function askAboutSelector(paneId, boxId, url) {
  const query = $("selector").value, engine = $("engine").value;
  const box = $(boxId);
  $(paneId).hidden = false;
  box.replaceChildren();
  delete box.dataset.done;
  if (query.trim() === "") {
    box.textContent = "Type a selector first.";
    box.dataset.done = "1";
    return null;
  }
  try {
    return await fetchJSON(url, { query, engine });
  } catch (e) {
    box.textContent = String(e);
    box.dataset.done = "1";
    return null;
  }
}

async function explainQuery() {
  const box = $("explanation");
  const x = await askAboutSelector("explain-pane", "explanation", "/inspector/explain");
  if (x === null) return;
  const add = (tag, className, text) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    box.append(el);
    return el;
  };
  if (x.error !== undefined) {
    add("p", "explain-error", x.details || x.error);
    box.dataset.done = "1";
    return;
  }
  x.parts.forEach((part, k) => {
    if (x.parts.length > 1) add("h3", "", `Part ${k + 1}: ${part.engine}> ${part.selector}`);
    const table = add("table", "steps");
    for (const step of part.steps) {
      const tr = document.createElement("tr");
      tr.className = "step";
      tr.dataset.kept = step.kept === null ? "" : String(step.kept);
      const n = document.createElement("td"); n.textContent = String(step.step);
      const code = document.createElement("td"); const pre = document.createElement("code"); pre.textContent = step.text; code.append(pre);
      const kept = document.createElement("td"); kept.className = "kept";
      kept.textContent = step.kept === null ? "not run" : `${step.kept} kept`;
      tr.append(n, code, kept);
      table.append(tr);
    }
  });
  const nodeLink = (node, text) => {
    const a = document.createElement("a");
    a.href = "#"; a.textContent = text; a.dataset.node = String(node);
    a.addEventListener("click", (ev) => { ev.preventDefault(); selectNode(node, true); });
    return a;
  };
  if (x.empty) {
    const where = x.parts.length > 1 ? `part ${x.empty.part + 1}, ` : "";
    add("p", "empty-at", `No views: ${where}${x.empty.step === 0 ? "the start point" : "step " + x.empty.step}: ${x.empty.reason}`);
    if (x.nearMisses.length > 0) {
      add("h3", "", `Nearest misses (${x.nearMissCount})`);
      const ul = add("ul", "near-misses");
      for (const m of x.nearMisses) {
        const li = document.createElement("li");
        li.className = "near-miss";
        li.append(nodeLink(m.node, m.view), `: ${m.reason}`);
        ul.append(li);
      }
    }
    if (x.elsewhereCount > 0) {
      add("h3", "", `Passing the filter elsewhere (${x.elsewhereCount})`);
      const ul = add("ul", "elsewhere");
      for (const e of x.elsewhere) { const li = document.createElement("li"); li.append(nodeLink(e.node, e.view)); ul.append(li); }
    }
    if (x.fix) {
      const p = add("p", "fix", "Suggested fix: ");
      const code = document.createElement("code"); code.id = "explain-fix"; code.textContent = x.fix.selector;
      const use = document.createElement("button"); use.textContent = "Use";
      use.addEventListener("click", () => { $("selector").value = x.fix.selector; runQuery(); explainQuery(); });
      p.append(code, " ", use);
    }
  } else if (x.count > 1) {
    add("h3", "", `${x.count} candidates`);
    const ul = add("ul", "candidates");
    for (const c of x.candidates) {
      const li = document.createElement("li");
      li.className = "candidate";
      li.append(nodeLink(c.node, c.view));
      if (c.selector !== undefined) {
        const code = document.createElement("code"); code.textContent = c.selector;
        li.append(" → ", code);
      }
      ul.append(li);
    }
    if (x.moreCandidates > 0) add("p", "more", `and ${x.moreCandidates} more`);
  } else {
    add("p", "", "1 view selected.");
  }
  box.dataset.count = String(x.count);
  box.dataset.done = "1";   // set last: what the end-to-end test waits for
}

// ---------------------------------------------------------------- other languages

/** Copies `text` to the clipboard: the Clipboard API where the page may use it, else a selected
 *  text area and the copy command (plain http on another machine is no secure context). */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** Asks /inspector/translate for the selector box in every other language and lists each
 *  translation with its proof (the views it selects on this tree), a copy button and a Use
 *  button, or the reason there is none. */
async function translateQuery() {
  const box = $("translations");
  const x = await askAboutSelector("translate-pane", "translations", "/inspector/translate");
  if (x === null) return;
  if (x.error !== undefined || x.translations === undefined) {
    const p = document.createElement("p");
    p.className = "translate-error";
    p.textContent = x.details || x.error || `${x.reason}: ${x.details}`;
    box.append(p);
    box.dataset.done = "1";
    return;
  }
  for (const t of x.translations) {
    const row = document.createElement("div");
    row.className = "translation";
    row.dataset.engine = t.engine;
    const name = document.createElement("span"); name.className = "engine"; name.textContent = t.engine;
    row.append(name);
    if (t.selector === null) {
      const why = document.createElement("span"); why.className = "reason"; why.textContent = t.reason;
      row.append(why);
    } else {
      const code = document.createElement("code"); code.textContent = t.selector;
      const proof = document.createElement("span"); proof.className = "proof";
      const n = t.matches[0];
      const rule = t.from === "rendered";
      proof.textContent = `${n} view${n === 1 ? "" : "s"}, the same${rule ? ": the same rule" : ": from these views"}`;
      proof.title = rule
        ? "Printed from the selector's compiled rule, and run on this tree: it selects the same views"
        : "Made from the views it selects on this tree (it may not hold on another screen), and run here: the same views";
      row.dataset.from = t.from;
      const copy = document.createElement("button"); copy.className = "copy"; copy.textContent = "Copy";
      copy.title = "Copy this selector";
      copy.addEventListener("click", async () => {
        copy.textContent = (await copyText(t.selector)) ? "Copied" : "Copy failed";
        row.dataset.copied = t.selector;
      });
      const use = document.createElement("button"); use.textContent = "Use";
      use.title = "Put this selector and its engine in the selector box";
      use.addEventListener("click", () => { $("engine").value = t.engine; $("selector").value = t.selector; runQuery(); });
      row.append(code, proof, copy, use);
    }
    box.append(row);
  }
  box.dataset.done = "1";   // set last: what the end-to-end test waits for
}

// ---------------------------------------------------------------- compare with another recording

/** Posts `file` (a recording) to `url`; the JSON answer, or an Error with the server's reason
 *  (400 names what is wrong with the recording, 413 the size limit, 503 a busy server). */
async function postRecording(url, file) {
  const response = await fetch(url, { method: "POST", body: file });
  let body = null;
  try { body = await response.json(); } catch (_) { /* not JSON: say the status */ }
  if (!response.ok || (body && body.outcome === "ERROR")) {
    const why = body && body.details ? body.details : `HTTP ${response.status}`;
    const error = new Error(response.status === 413 ? `The recording is too large: ${why}` : why);
    error.busy = response.status === 503;
    throw error;
  }
  return body;
}

/** Enters compare mode with `file`: posts it to /inspector/diff and draws the answer beside the
 *  live wireframe. Called again (same file) after the live tree was fetched again. */
async function loadComparison(file) {
  const seq = ++compare.seq;
  const box = $("compare-error");
  box.hidden = true; box.textContent = "";
  $("compare-info").textContent = "aligning…";
  let x;
  try {
    x = await postRecording("/inspector/diff", file);
  } catch (e) {
    if (seq !== compare.seq) return;
    box.hidden = false;
    box.textContent = `Cannot compare with ${file.name || "this file"}: ${e.message}`;
    $("compare-info").textContent = "";
    document.body.dataset.compareDone = String(seq);
    return;
  }
  if (seq !== compare.seq) return;
  // The live tree changed since the page fetched it: fetch it again, so the ids agree.
  if (x.servedCount !== state.n) await loadTree();
  const t = treeModel(x.tree);
  const counterpart = Int32Array.from(x.counterpart);
  const back = new Int32Array(t.n).fill(-1);
  for (let i = 0; i < counterpart.length; i++) if (counterpart[i] >= 0) back[counterpart[i]] = i;
  const wasOn = compare.on;
  Object.assign(compare, {
    on: true, file, name: file.name || "recording", t, counterpart, back,
    servedEdits: Uint8Array.from(x.edits.served), comparedEdits: Uint8Array.from(x.edits.compared),
    live: { hover: -1, partner: -1 }, other: { hover: -1, partner: -1 },
  });
  if (!wasOn) compare.view.fitted = false;
  document.body.classList.add("comparing");
  $("compare-pane").hidden = false;
  $("compare").classList.add("active");
  $("compare").textContent = "Stop comparing";
  $("compare-name").textContent = compare.name;
  $("compare-info").textContent = `${x.format} · ${t.n.toLocaleString()} views · ${x.matches.length} matched, `
    + `${x.inserted.length} inserted, ${x.deleted.length} deleted, ${x.moved.length} moved, ${x.changed.length} changed`;
  const pane = $("compare-pane");
  for (const key of ["inserted", "deleted", "moved", "changed"]) pane.dataset[key] = String(x[key].length);
  pane.dataset.matched = String(x.matches.length);
  // The page's columns changed: refit the live wireframe to its narrower canvas too.
  requestAnimationFrame(() => {
    if (!wasOn) fitView(state, state.view, $("wire"));
    if (!compare.view.fitted) fitView(compare.t, compare.view, $("wire2"));
    mirrorMatches();
    renderTree();
    drawWire();
    if (state.selected >= 0) selectNode(state.selected, false);
    document.body.dataset.comparing = "1";
    document.body.dataset.compareDone = String(seq);   // set last: what the end-to-end test waits for
  });
}

/** Leaves compare mode: the page as it was before (one wireframe, the plain suggestions). */
function leaveComparison() {
  compare.seq++;
  Object.assign(compare, { on: false, file: null, t: null, counterpart: null, back: null,
                           servedEdits: null, comparedEdits: null, matches: null });
  document.body.classList.remove("comparing");
  $("compare-pane").hidden = true;
  $("compare").classList.remove("active");
  $("compare").textContent = "Compare…";
  $("compare-error").hidden = true;
  $("compare-file").value = "";
  delete document.body.dataset.comparing;
  requestAnimationFrame(() => {
    fitView(state, state.view, $("wire"));
    renderTree();
    drawWire();
    if (state.selected >= 0) selectNode(state.selected, false);
  });
}

/** The counterparts of the selector's matches, lit on the compared wireframe. */
function mirrorMatches() {
  if (!compare.on) return;
  compare.matches = new Uint8Array(compare.t.n);
  for (const i of state.matchList) if (compare.counterpart[i] >= 0) compare.matches[compare.counterpart[i]] = 1;
}

/** Hovering view `i` on `side` ("live" or "other", -1: nothing) lights it and its counterpart. */
function hoverView(side, i) {
  if (!compare.on) return;
  const here = side === "live" ? compare.live : compare.other;
  const there = side === "live" ? compare.other : compare.live;
  const partner = i < 0 ? -1 : side === "live" ? compare.counterpart[i] : compare.back[i];
  if (here.hover === i && there.partner === partner) return;
  compare.live = { hover: -1, partner: -1 }; compare.other = { hover: -1, partner: -1 };
  const h = side === "live" ? compare.live : compare.other;
  const p = side === "live" ? compare.other : compare.live;
  h.hover = i; p.partner = partner;
  renderTree();
  drawWire();
}

/** "Counterpart in FILE: class “label” #uid (moved, changed)", or that it has none. */
function counterpartLine(i) {
  const div = document.createElement("div");
  div.className = "counterpart";
  const j = compare.counterpart[i], t = compare.t;
  const edit = compare.servedEdits[i];
  if (j < 0) {
    div.textContent = `No counterpart in ${compare.name}: deleted there.`;
  } else {
    const label = t.label[j] != null ? ` “${t.label[j]}”` : "";
    const uid = t.uid[j] != null ? ` #${t.uid[j]}` : "";
    const what = [edit & 2 ? "moved" : "", edit & 4 ? "changed" : ""].filter(Boolean).join(", ");
    div.textContent = `Counterpart in ${compare.name}: ${t.classes[t.cls[j]]}${label}${uid}${what ? ` (${what})` : ""}`;
  }
  div.dataset.counterpart = String(j);
  return div;
}

/** Asks /inspector/survival for view `i`'s suggestions ranked across both recordings. */
async function survivalOf(i) {
  // Settled either way: the details may be left before anyone awaits it. The server compares at
  // most a few recordings at once (503 past that), so views stepped through with the arrow keys
  // wait a moment before posting, and a busy answer is tried again while the view stays selected.
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(80);
  for (let attempt = 1; ; attempt++) {
    if (state.selected !== i || !compare.on) return { failed: "another view was selected" };
    try {
      return await postRecording(`/inspector/survival/${i}`, compare.file);
    } catch (e) {
      if (!e.busy || attempt >= 5) return { failed: e.message };
      await pause(200 * attempt);
    }
  }
}

/** Replaces the plain suggestions with the ranked ones once `ranked` arrives: each engine's best
 *  (by survival, then the engine's own order), the engines with the best rates first, the rate
 *  beside each, and every other surviving candidate under "more". */
async function showRanked(i, ranked, title, plain) {
  const details = $("details");
  const x = await ranked;
  if (state.selected !== i || !compare.on || !plain.isConnected) return;
  if (x.failed !== undefined) {
    const p = document.createElement("p"); p.className = "empty";
    p.textContent = `Ranking across the recordings failed: ${x.failed}`;
    plain.before(p);
    details.dataset.survival = "error";
    return;
  }
  title.textContent = "Selectors, by survival on both recordings";
  const box = document.createElement("div");
  box.id = "ranked-selectors";
  const best = [], rest = [];
  const seen = new Set();
  // The server sends engine by engine, each engine's best first.
  for (const r of x.suggestions) {
    if (seen.has(r.engine)) rest.push(r); else best.push(r);
    seen.add(r.engine);
  }
  const order = (a, b) => b.rate - a.rate;
  best.sort(order);   // stable: equal rates keep the registry's engine order
  const row = (r) => {
    const div = document.createElement("div");
    div.className = "suggestion ranked";
    div.dataset.engine = r.engine;
    div.dataset.rate = String(r.rate);
    const e = document.createElement("span"); e.className = "engine"; e.textContent = r.engine;
    const code = document.createElement("code"); code.textContent = r.selector;
    const kept = r.survives.filter(Boolean).length;
    const rate = document.createElement("span");
    rate.className = "rate" + (kept === r.survives.length ? " full" : "");
    rate.textContent = `${kept}/${r.survives.length} · ${Math.round(r.rate * 100)}%`;
    rate.title = `Selects exactly this view in the app: ${r.survives[0] ? "yes" : "no"}; exactly its counterpart in ${compare.name}: ${r.survives[1] ? "yes" : "no"}`;
    const use = document.createElement("button"); use.textContent = "Use";
    use.title = "Put this selector in the selector box";
    use.addEventListener("click", () => { $("engine").value = r.engine; $("selector").value = r.selector; runQuery(); });
    div.append(e, code, rate, use);
    return div;
  };
  for (const r of best) box.append(row(r));
  if (rest.length > 0) {
    const more = document.createElement("details");
    more.className = "more-ranked";
    const summary = document.createElement("summary");
    summary.textContent = `${rest.length} more`;
    more.append(summary);
    for (const r of rest.sort(order)) more.append(row(r));
    box.append(more);
  }
  if (x.suggestions.length === 0) {
    const p = document.createElement("p"); p.className = "empty";
    p.textContent = x.selectorsStopped ? `Ranking stopped: ${x.selectorsStopped}`
      : "No suggestion selects exactly this view here or its counterpart there.";
    box.append(p);
  }
  plain.replaceWith(box);
  details.dataset.survival = "1";   // set last: what the end-to-end test waits for
}

// ---------------------------------------------------------------- operations through /map

async function runOperation(method, args, mutates) {
  const out = $("op-result");
  const query = $("selector").value;
  out.classList.remove("error");
  if (query.trim() === "") {
    out.textContent = "Type a selector first: operations run on its matches.";
    out.classList.add("error");
    return;
  }
  const request = { query, selector_engine: $("engine").value, operation: { method_name: method, arguments: args } };
  let response;
  try {
    response = await fetchJSON("/map", request);
  } catch (e) {
    out.textContent = String(e); out.classList.add("error");
    return;
  }
  if (response.outcome === "SUCCESS") {
    out.textContent = `${method} → ${JSON.stringify(response.results)}`;
  } else {
    out.textContent = `${response.reason}: ${response.details}`;
    out.classList.add("error");
  }
  out.dataset.done = String((Number(out.dataset.done) || 0) + 1);
  if (mutates) await reload();
}

/** Fetches the hierarchy again, then re-runs the query and the selected view's details. */
async function reload() {
  await loadTree();
  if (compare.on) await loadComparison(compare.file);
  await runQuery();
  if (state.selected >= 0) await selectNode(state.selected, false);
  document.body.dataset.reloads = String((Number(document.body.dataset.reloads) || 0) + 1);
}

// ---------------------------------------------------------------- wiring

/** Zoom, pan, click and, in compare mode, hover on a wireframe canvas showing tree `getT()`
 *  through `getView()`; `side` names it for `hoverView`. */
function wireCanvas(canvas, getT, getView, side, onClick) {
  let drag = null;
  canvas.addEventListener("mousedown", (ev) => { drag = { x: ev.offsetX, y: ev.offsetY, moved: false }; });
  canvas.addEventListener("mousemove", (ev) => {
    if (!getT()) return;
    if (!drag) {
      if (compare.on) hoverView(side, nodeAt(ev.offsetX, ev.offsetY, getT(), getView()));
      return;
    }
    const dx = ev.offsetX - drag.x, dy = ev.offsetY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    if (drag.moved) {
      const view = getView();
      view.ox += dx; view.oy += dy; drag.x = ev.offsetX; drag.y = ev.offsetY;
      drawWire();
    }
  });
  canvas.addEventListener("mouseup", (ev) => {
    const wasDrag = drag && drag.moved;
    drag = null;
    if (wasDrag || !getT()) return;
    const i = nodeAt(ev.offsetX, ev.offsetY, getT(), getView());
    if (i >= 0) onClick(i);
  });
  canvas.addEventListener("mouseleave", () => { drag = null; hoverView(side, -1); });
  canvas.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const view = getView(), k = Math.exp(-ev.deltaY * 0.0015);
    view.ox = ev.offsetX - (ev.offsetX - view.ox) * k;
    view.oy = ev.offsetY - (ev.offsetY - view.oy) * k;
    view.scale *= k;
    drawWire();
  }, { passive: false });
  canvas.addEventListener("dblclick", () => { if (getT()) { fitView(getT(), getView(), canvas); drawWire(); } });
}

function wire() {
  $("selector").addEventListener("input", scheduleQuery);
  $("selector").addEventListener("scroll", () => { $("caret").scrollLeft = $("selector").scrollLeft; });
  $("engine").addEventListener("change", runQuery);
  $("reload").addEventListener("click", reload);
  $("explain").addEventListener("click", explainQuery);
  $("audit").addEventListener("click", auditTree);
  $("audit-close").addEventListener("click", () => { $("audit-pane").hidden = true; });
  $("explain-close").addEventListener("click", () => { $("explain-pane").hidden = true; });
  $("translate").addEventListener("click", translateQuery);
  $("translate-close").addEventListener("click", () => { $("translate-pane").hidden = true; });

  const tree = $("tree");
  tree.addEventListener("scroll", renderTree);
  tree.addEventListener("click", (ev) => {
    const row = ev.target.closest(".row");
    if (!row) return;
    const i = Number(row.dataset.id);
    if (ev.target.classList.contains("tw")) { if (state.end[i] > i + 1) toggleFold(i); return; }
    selectNode(i, false);
  });
  tree.addEventListener("keydown", (ev) => {
    if (state.selected < 0) return;
    const r = rowIndexOf(state.selected);
    if (ev.key === "ArrowDown" && r + 1 < state.visibleCount) selectNode(state.visible[r + 1], true);
    else if (ev.key === "ArrowUp" && r > 0) selectNode(state.visible[r - 1], true);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      const fold = ev.key === "ArrowLeft" ? 1 : 0;
      if (state.end[state.selected] > state.selected + 1 && state.collapsed[state.selected] !== fold) toggleFold(state.selected);
    } else return;
    ev.preventDefault();
  });

  wireCanvas($("wire"), () => state, () => state.view, "live", (i) => selectNode(i, true));
  // A click on the compared recording selects the view's counterpart in the app, if it has one.
  wireCanvas($("wire2"), () => compare.t, () => compare.view, "other", (i) => {
    if (compare.back[i] >= 0) selectNode(compare.back[i], true);
  });
  tree.addEventListener("mouseover", (ev) => {
    const row = ev.target.closest(".row");
    if (row && compare.on) hoverView("live", Number(row.dataset.id));
  });
  tree.addEventListener("mouseleave", () => hoverView("live", -1));

  $("compare").addEventListener("click", () => {
    if (compare.on) leaveComparison(); else $("compare-file").click();
  });
  $("compare-file").addEventListener("change", () => {
    const file = $("compare-file").files[0];
    if (file) loadComparison(file);
  });
  $("compare-close").addEventListener("click", leaveComparison);
  // A file dropped anywhere on the page is compared (and never opened by the browser instead).
  let dragDepth = 0;
  document.addEventListener("dragenter", (ev) => {
    if (!ev.dataTransfer || !Array.from(ev.dataTransfer.types).includes("Files")) return;
    dragDepth++;
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", () => {
    if (dragDepth > 0 && --dragDepth === 0) document.body.classList.remove("dropping");
  });
  document.addEventListener("dragover", (ev) => { ev.preventDefault(); });
  document.addEventListener("drop", (ev) => {
    ev.preventDefault();
    dragDepth = 0;
    document.body.classList.remove("dropping");
    const file = ev.dataTransfer && ev.dataTransfer.files[0];
    if (file) loadComparison(file);
  });
  window.addEventListener("resize", () => { renderTree(); drawWire(); });

  $("op-touch").addEventListener("click", () => runOperation("touch", [], true));
  $("op-settext").addEventListener("click", () => runOperation("setText:", [$("op-text").value], true));
  $("op-get").addEventListener("click", () => {
    const name = $("op-getter").value.trim();
    if (name) runOperation(name, [], false);
  });
  $("op-getter").addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("op-get").click(); });
}

async function start() {
  wire();
  // The registry's default engine, the one a request without an engine gets (uiquery, as Frank's).
  // The languages whose tool reads the served recording come first; the others (an Android page
  // source's predicate, say) are grouped apart, so the picker shows which language runs where.
  const { engines, default: defaultEngine, recording, offered } = await fetchJSON("/inspector/engines");
  const picker = $("engine");
  const readHere = engines.filter((name) => offered.includes(name));
  const elsewhere = engines.filter((name) => !offered.includes(name));
  const option = (name) => {
    const o = document.createElement("option");
    o.value = name; o.textContent = name;
    return o;
  };
  const group = (label, names) => {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const name of names) g.append(option(name));
    return g;
  };
  if (elsewhere.length === 0) {
    for (const name of engines) picker.append(option(name));
  } else {
    picker.append(group(`Read on ${recording.description}`, readHere));
    picker.append(group("Not read there", elsewhere));
  }
  picker.title = `Selector engine (from /engines); the recording: ${recording.description}`;
  picker.dataset.recording = recording.source;
  picker.value = readHere.includes(defaultEngine) ? defaultEngine : (readHere[0] ?? engines[0]);
  await loadTree();
  document.body.dataset.ready = "1";
}

start().catch((e) => { $("tree-info").textContent = String(e); });
