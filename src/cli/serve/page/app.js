// sudokux serve: the page. Everything it shows comes from the JSON API of the same server
// (POST /api/...); the puzzle picture is the SVG of `sudokux render`, with a layer of cells
// on top for selection, typed digits, solutions, pencil marks and highlights.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  text: "",          // the puzzle's text, as entered
  drawing: null,     // the last /api/render answer
  cells: [],         // the givens now, one symbol per position ("" empty)
  edited: false,     // cells were typed over the puzzle's own givens
  selected: -1,
  layers: {},        // what the overlay shows: solution, marks, highlights
  counting: null,    // the AbortController of a running count
  steps: [],
};

// ---- the API ----------------------------------------------------------------------------

function request(extra) {
  const body = Object.assign({ puzzle: state.text }, extra || {});
  if (state.edited) body.givens = state.cells;
  return body;
}

async function api(name, body, options) {
  const response = await fetch("/api/" + name, Object.assign({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }, options || {}));
  const type = response.headers.get("Content-Type") || "";
  if (type.startsWith("application/json")) {
    return { ok: response.ok, status: response.status, data: await response.json() };
  }
  return { ok: response.ok, status: response.status, blob: await response.blob() };
}

// ---- messages ---------------------------------------------------------------------------

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

function say(html) {
  $("status").innerHTML = html;
}

function sayError(message) {
  say(`<p class="error" data-kind="error">${escapeHtml(message)}</p>`);
}

function verdict(kind, word, detail) {
  say(`<p class="verdict ${kind}" data-verdict="${escapeHtml(word)}">${escapeHtml(word)}</p>` +
    (detail ? `<p>${detail}</p>` : ""));
}

// Cells a message names (r4c5), as positions.
function namedCells(message) {
  const found = [];
  if (!state.drawing) return found;
  const cols = state.drawing.cols;
  for (const m of String(message).matchAll(/r(\d+)c(\d+)/g)) {
    const p = (Number(m[1]) - 1) * cols + (Number(m[2]) - 1);
    if (p >= 0 && p < state.cells.length) found.push(p);
  }
  return found;
}

function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.drawing.cols + (Number(m[2]) - 1) : -1;
}

// ---- loading ----------------------------------------------------------------------------

function busy(on) {
  document.body.classList.toggle("busy", on);
}

async function load(text, options) {
  options = options || {};
  text = String(text);
  if (!text.trim()) {
    sayError("Paste or type a puzzle first.");
    return false;
  }
  busy(true);
  let answer;
  try {
    answer = await api("render", { puzzle: text });
  } catch (e) {
    busy(false);
    sayError("The server cannot be reached: " + e.message);
    return false;
  }
  busy(false);
  if (!answer.ok) {
    sayError(answer.data ? answer.data.error : "the server answered " + answer.status);
    return false;
  }
  state.text = text;
  state.drawing = answer.data;
  state.cells = answer.data.givens.slice();
  state.edited = false;
  state.selected = -1;
  clearLayers();
  showInfo();
  draw();
  enable(true);
  buildPad();
  if (!options.quiet) say("");
  if (options.keepText !== true) $("puzzle-text").value = text;
  updateAddress();
  return true;
}

function showInfo() {
  const d = state.drawing;
  $("title").textContent = d.title || `${d.rows}×${d.cols} puzzle`;
  const byline = $("byline");
  byline.hidden = !d.author;
  byline.textContent = d.author ? "by " + d.author : "";
  const rules = $("ruleset");
  // The rules in the file's words; the picture's own caption already says what it draws.
  const text = d.ruleset || "";
  rules.hidden = !text;
  rules.textContent = text;
  // What reading the puzzle left out (an f-puzzles import's notes).
  const notes = $("notes");
  notes.innerHTML = "";
  for (const note of d.notes || []) {
    const item = document.createElement("li");
    item.textContent = "note: " + note;
    notes.appendChild(item);
  }
  notes.hidden = !(d.notes && d.notes.length);
}

function enable(on) {
  for (const id of ["check", "solve", "candidates", "count", "hint", "explain", "clear"]) {
    $(id).disabled = !on;
  }
}

// Re-draws the picture from the server after cells were typed (the overlay shows them at
// once; the renderer's picture follows).
let redrawTimer = 0;
function redrawSoon() {
  clearTimeout(redrawTimer);
  redrawTimer = setTimeout(async () => {
    const answer = await api("render", request()).catch(() => null);
    if (answer && answer.ok) {
      state.drawing = answer.data;
      draw();
      updateAddress();
      // A puzzle line shows what was typed; a file keeps its text (its rules are in it).
      const text = state.text.trim();
      if (!text.includes("\n") && !/^(https?:|sudokupad:|N4Ig)/.test(text)) {
        $("puzzle-text").value = answer.data.puzzle;
      }
    }
  }, 250);
}

// The address carries the puzzle: /?puzzle=<link payload>.
let addressTimer = 0;
function updateAddress() {
  clearTimeout(addressTimer);
  addressTimer = setTimeout(async () => {
    const answer = await api("convert", request({ to: "url" })).catch(() => null);
    const url = new URL(location.href);
    if (!answer || !answer.ok) {
      // Rules f-puzzles has no key for: no links, but the address can carry the text itself.
      $("link-fpuzzles").value = "";
      $("link-sudokupad").value = answer && answer.data ? answer.data.error : "";
      if (!state.edited && state.text.length < 4000) {
        url.search = "?puzzle=" + encodeURIComponent(state.text);
        history.replaceState(null, "", url);
        $("link-page").value = url.href;
      } else {
        $("link-page").value = "";
      }
      return;
    }
    url.search = "?puzzle=" + encodeURIComponent(answer.data.payload);
    history.replaceState(null, "", url);
    $("link-fpuzzles").value = answer.data.fpuzzles;
    $("link-sudokupad").value = answer.data.sudokupad;
    $("link-page").value = url.href;
  }, 150);
}

// ---- drawing ----------------------------------------------------------------------------

function clearLayers() {
  state.layers = { solution: null, second: null, marks: null, highlight: {}, eliminated: [] };
  state.steps = [];
  $("steps").hidden = true;
  $("steps").innerHTML = "";
  $("second-box").hidden = true;
  $("boards").classList.remove("pair");
  $("board-caption").hidden = true;
}

function draw() {
  drawBoard($("board"), state.layers.solution, true);
  if (state.layers.second) {
    $("second-box").hidden = false;
    $("boards").classList.add("pair");
    drawBoard($("second"), state.layers.second, false);
  }
}

function el(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawBoard(box, solution, interactive) {
  const d = state.drawing;
  box.innerHTML = d.svg;
  const picture = box.querySelector("svg");
  picture.removeAttribute("width");
  picture.removeAttribute("height");
  const overlay = el("svg", { class: "overlay", viewBox: `0 0 ${d.width} ${d.height}` });
  const cell = d.cell;
  const marks = state.layers.marks;
  const highlight = state.layers.highlight || {};
  const drawnGivens = d.givens;
  const side = Math.ceil(Math.sqrt(d.symbols.length));
  for (let p = 0; p < d.rows * d.cols; p++) {
    if (!d.active[p]) continue;
    const r = Math.floor(p / d.cols), c = p % d.cols;
    const x = d.left + c * cell, y = d.top + r * cell;
    const classes = ["cell"];
    if (highlight[p]) classes.push(highlight[p]);
    if (interactive && p === state.selected) classes.push("selected");
    const rect = el("rect", {
      x, y, width: cell, height: cell, class: classes.join(" "),
      "data-cell": `r${r + 1}c${c + 1}`,
    });
    if (interactive) rect.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      select(p);
      $("board").focus({ preventScroll: true });
    });
    overlay.appendChild(rect);
    const given = state.cells[p];
    if (given && given !== drawnGivens[p]) {
      // Typed but not yet drawn by the renderer.
      overlay.appendChild(el("text", {
        x: x + cell / 2, y: y + cell * 0.68, "text-anchor": "middle",
        "font-size": cell * 0.6, class: "typed",
      }, given));
    } else if (!given && drawnGivens[p]) {
      // Cleared but still in the picture: cover it.
      overlay.appendChild(el("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, fill: "#ffffff" }));
    }
    if (!given && solution && solution[p]) {
      overlay.appendChild(el("text", {
        x: x + cell / 2, y: y + cell * 0.68, "text-anchor": "middle",
        "font-size": cell * 0.6, class: "found", "data-found": `r${r + 1}c${c + 1}`,
      }, solution[p]));
    } else if (!given && marks && marks[p]) {
      const digits = marks[p];
      for (const symbol of digits) {
        const k = d.symbols.indexOf(symbol);
        if (k < 0) continue;
        const mx = x + cell * ((k % side) + 0.5) / side;
        const my = y + cell * (Math.floor(k / side) + 0.78) / side;
        const gone = (state.layers.eliminated || []).some((e) => e.p === p && e.digit === symbol);
        const placed = (state.layers.placed || []).some((e) => e.p === p && e.digit === symbol);
        const cls = gone ? "mark gone" : placed ? "mark placed" : digits.length === 1 ? "mark only" : "mark";
        overlay.appendChild(el("text", {
          x: mx, y: my, "text-anchor": "middle", "font-size": cell / side * 0.8, class: cls,
        }, symbol));
      }
    }
  }
  box.appendChild(overlay);
}

// A solution line (one symbol per position) as a list of symbols.
function symbolsOf(line) {
  const d = state.drawing;
  if (line.includes(" ")) return line.trim().split(/\s+/).map((s) => (s === "." ? "" : s));
  return Array.from(line).map((s) => (s === "." ? "" : s)).slice(0, d.rows * d.cols);
}

// ---- typing -----------------------------------------------------------------------------

function select(p) {
  state.selected = p;
  drawBoard($("board"), state.layers.solution, true);
}

function move(dr, dc) {
  const d = state.drawing;
  let p = state.selected;
  if (p < 0) { select(firstActive()); return; }
  let r = Math.floor(p / d.cols), c = p % d.cols;
  for (let k = 0; k < Math.max(d.rows, d.cols); k++) {
    r = (r + dr + d.rows) % d.rows;
    c = (c + dc + d.cols) % d.cols;
    if (d.active[r * d.cols + c]) break;
  }
  select(r * d.cols + c);
}

function firstActive() {
  return state.drawing.active.indexOf(true);
}

function type(symbol) {
  const p = state.selected;
  if (p < 0 || state.cells[p] === symbol) return;
  state.cells[p] = symbol;
  state.edited = true;
  const keepSelection = state.selected;
  clearLayers();
  state.selected = keepSelection;
  say("");
  draw();
  redrawSoon();
}

// The digits as buttons under the grid: what a phone without a keyboard types with.
function buildPad() {
  const pad = $("pad");
  pad.innerHTML = "";
  const symbols = state.drawing.symbols.concat([""]);
  for (const symbol of symbols) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = symbol || "⌫";
    button.setAttribute("aria-label", symbol ? "write " + symbol : "clear the cell");
    button.dataset.symbol = symbol;
    if (!symbol) button.className = "erase";
    // Keep the cell selected: no focus moves to the button on a press.
    button.addEventListener("pointerdown", (e) => e.preventDefault());
    button.addEventListener("click", () => {
      if (state.selected < 0) select(firstActive());
      type(symbol);
    });
    pad.appendChild(button);
  }
  // One row up to ten buttons, else two.
  const columns = symbols.length <= 10 ? symbols.length : Math.ceil(symbols.length / 2);
  pad.style.setProperty("--pad-columns", columns);
  pad.hidden = symbols.length > 37;
}

function onKey(e) {
  if (!state.drawing || e.altKey || e.ctrlKey || e.metaKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    move(...moves[e.key]);
    return;
  }
  if (state.selected < 0) {
    if (e.key.length === 1) select(firstActive()); else return;
  }
  if (["Delete", "Backspace", "0", ".", " "].includes(e.key) &&
      !(e.key === "0" && state.drawing.symbols.includes("0"))) {
    e.preventDefault();
    type("");
    return;
  }
  const symbol = state.drawing.symbols.find((s) => s.toLowerCase() === e.key.toLowerCase());
  if (symbol) {
    e.preventDefault();
    type(symbol);
  }
}

// ---- the buttons ------------------------------------------------------------------------

function failed(answer) {
  const message = answer.data && answer.data.error ? answer.data.error : "the server answered " + answer.status;
  clearLayers();
  const cells = namedCells(message);
  for (const p of cells) state.layers.highlight[p] = "conflict";
  draw();
  if (answer.status === 422 && /repeat|hold|both|conflict|break/i.test(message)) {
    verdict("bad", "none", escapeHtml(message));
  } else {
    sayError(message);
  }
}

async function check() {
  say("Checking…");
  const answer = await api("check", request({ witness: true }));
  if (!answer.ok) return failed(answer);
  const a = answer.data;
  clearLayers();
  if (a.status === "unique") {
    verdict("ok", "unique", "The puzzle has exactly one solution.");
  } else if (a.status === "multiple" && a.solutions) {
    const [one, two] = a.solutions.map(symbolsOf);
    state.layers.solution = one;
    state.layers.second = two;
    let differ = 0;
    for (let p = 0; p < one.length; p++) {
      if (one[p] !== two[p]) { state.layers.highlight[p] = "differ"; differ++; }
    }
    verdict("bad", "multiple", `At least two solutions; they differ in the ${differ} highlighted cells.`);
  } else if (a.status === "none") {
    for (const p of namedCells(a.why || "")) state.layers.highlight[p] = "conflict";
    verdict("bad", "none", escapeHtml(a.why || "No solution: the contradiction lies deeper than the givens show."));
  } else {
    verdict("unknown", a.status, "The server's time or node limit stopped the search before it could answer.");
  }
  draw();
}

async function solve() {
  say("Solving…");
  const answer = await api("solve", request());
  if (!answer.ok) return failed(answer);
  const a = answer.data;
  clearLayers();
  if (a.solution) state.layers.solution = symbolsOf(a.solution);
  const words = {
    unique: ["ok", "the only solution, in blue"],
    multiple: ["bad", "one of several solutions, in blue (Check shows two side by side)"],
    none: ["bad", escapeHtml(a.why || "no solution")],
    unknown: ["unknown", "the search was stopped by the server's limit"],
    solved: ["ok", "a solution, in blue"],
  };
  const [kind, detail] = words[a.status] || ["unknown", ""];
  verdict(kind, a.status === "unique" ? "solved" : a.status, detail);
  draw();
}

async function candidates() {
  say("Deciding every candidate…");
  const answer = await api("candidates", request());
  if (!answer.ok) return failed(answer);
  const a = answer.data;
  clearLayers();
  if (a.status === "none") {
    verdict("bad", "none", "No solution: no candidate survives.");
  } else {
    const d = state.drawing;
    state.layers.marks = a.candidates.map((digits) => digits.map((k) => d.symbols[k - 1]));
    const empty = (m, p) => d.active[p] && !state.cells[p];
    const open = state.layers.marks.filter((m, p) => empty(m, p) && m.length > 1).length;
    let single = 0;
    for (let p = 0; p < state.layers.marks.length; p++) {
      if (empty(state.layers.marks[p], p) && state.layers.marks[p].length === 1) {
        state.layers.highlight[p] = "single";
        single++;
      }
    }
    const kind = a.status === "unknown" ? "unknown" : "ok";
    verdict(kind, a.status === "unknown" ? "unknown" : "true candidates",
      `${single} empty cell${single === 1 ? " has" : "s have"} one candidate (in green), ${open} ${open === 1 ? "is" : "are"} still open.` +
      (a.status === "unknown" ? " The server's limit stopped the search: some marks may be missing." : ""));
  }
  draw();
}

async function count() {
  const controller = new AbortController();
  state.counting = controller;
  $("count").hidden = true;
  $("cancel").hidden = false;
  $("cancel").focus();
  let last = { solutions: 0, nodes: 0, explored: 0 };
  say(`<p class="verdict" data-verdict="counting">counting…</p><p id="progress">starting</p>`);
  try {
    const response = await fetch("/api/count", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request()),
      signal: controller.signal,
    });
    if (!response.headers.get("Content-Type").startsWith("text/event-stream")) {
      return failed({ status: response.status, data: await response.json() });
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message", data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data += line.slice(5).trim();
        }
        if (event === "progress") {
          last = JSON.parse(data);
          const percent = last.explored * 100;
          const share = percent <= 0 ? ""
            : percent < 0.001 ? ", under 0.001% of the tree explored"
            : `, about ${percent < 1 ? percent.toPrecision(2) : percent.toFixed(1)}% of the tree explored`;
          const p = $("progress");
          if (p) p.textContent = `${last.solutions.toLocaleString()} solutions so far, ${last.nodes.toLocaleString()} nodes${share}`;
        } else if (event === "result") {
          const a = JSON.parse(data);
          const exact = a.complete;
          const shown = exact ? String(a.count) : ">= " + a.count;
          const kind = a.count === 1 && exact ? "ok" : exact ? "bad" : "unknown";
          verdict(kind, shown, exact
            ? `${a.count === 1 ? "one solution" : a.count + " solutions"}, counted in ${a.nodes.toLocaleString()} nodes.`
            : "A lower bound: the server's time or node limit stopped the count.");
        } else if (event === "error") {
          failed({ status: 422, data: JSON.parse(data) });
        }
      }
    }
  } catch (e) {
    if (e.name === "AbortError") {
      verdict("unknown", ">= " + last.solutions, "Cancelled: a lower bound. The server stopped the search.");
    } else {
      sayError("The count failed: " + e.message);
    }
  } finally {
    state.counting = null;
    $("count").hidden = false;
    $("cancel").hidden = true;
  }
}

function cancel() {
  if (state.counting) state.counting.abort();
}

function showSteps(steps, grade, extra) {
  const list = $("steps");
  list.innerHTML = "";
  state.steps = steps;
  steps.forEach((step, k) => {
    const item = document.createElement("li");
    item.tabIndex = 0;
    item.innerHTML = `<span class="technique">${escapeHtml(step.technique)}</span>: ${escapeHtml(step.text)}`;
    item.addEventListener("click", () => showStep(k));
    item.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); showStep(k); } });
    list.appendChild(item);
  });
  list.hidden = steps.length === 0;
  if (steps.length) showStep(0);
}

function showStep(k) {
  const step = state.steps[k];
  const d = state.drawing;
  state.layers.highlight = {};
  for (const name of step.cells || []) {
    const p = cellIndex(name);
    if (p >= 0) state.layers.highlight[p] = "step";
  }
  state.layers.eliminated = (step.eliminations || []).map((e) => ({ p: cellIndex(e.cell), digit: e.digit }));
  state.layers.placed = (step.placements || []).map((e) => ({ p: cellIndex(e.cell), digit: e.digit }));
  for (const e of state.layers.eliminated.concat(state.layers.placed)) {
    if (!state.layers.highlight[e.p]) state.layers.highlight[e.p] = "step";
  }
  // The pencil marks before the step: its eliminations shown struck through.
  const marks = state.layers.marks || d.givens.map(() => []);
  for (const e of state.layers.eliminated.concat(state.layers.placed)) {
    if (e.p >= 0 && !marks[e.p].includes(e.digit)) marks[e.p] = marks[e.p].concat([e.digit]);
  }
  state.layers.marks = marks;
  for (const [i, item] of Array.from($("steps").children).entries()) item.classList.toggle("active", i === k);
  draw();
}

function marksFrom(object) {
  const d = state.drawing;
  const marks = d.givens.map(() => []);
  for (const [name, digits] of Object.entries(object || {})) {
    const p = cellIndex(name);
    if (p >= 0) marks[p] = digits;
  }
  return marks;
}

async function hint() {
  say("Looking for the next step…");
  const answer = await api("hint", request({ candidates: true }));
  if (!answer.ok) return failed(answer);
  const a = answer.data;
  clearLayers();
  if (a.status === "unknown") return verdict("unknown", "unknown", escapeHtml(a.message));
  state.layers.marks = marksFrom(a.candidates);
  if (a.step) {
    verdict("ok", "hint", "The next step (its cells highlighted, eliminated candidates struck through):");
    showSteps([a.step]);
  } else {
    verdict(a.status === "solved" ? "ok" : "unknown", a.status,
      a.status === "solved" ? "The grid is full." : "No technique applies here: logic stalls.");
    draw();
  }
}

async function explain() {
  say("Solving step by step…");
  const answer = await api("explain", request({ candidates: true }));
  if (!answer.ok) return failed(answer);
  const a = answer.data;
  clearLayers();
  if (a.status === "unknown") return verdict("unknown", "unknown", escapeHtml(a.message));
  state.layers.marks = marksFrom(a.start_candidates);
  const hardest = a.hardest ? `, hardest step: ${escapeHtml(a.hardest)} (${a.hardest_steps})` : "";
  verdict(a.status === "solved" ? "ok" : "unknown", "grade: " + a.grade,
    `${a.steps.length} steps${hardest}${a.status === "solved" ? "" : "; logic stalls before the end"}. Click a step to see it.`);
  showSteps(a.steps);
}

function clearMarks() {
  clearLayers();
  say("");
  draw();
}

async function generate(e) {
  e.preventDefault();
  const body = { size: Number($("gen-size").value), symmetry: $("gen-symmetry").value };
  const rules = $("gen-rules").value;
  if (rules !== "classic") body[rules] = true;
  if ($("gen-difficulty").value) body.difficulty = $("gen-difficulty").value;
  if ($("gen-seed").value !== "") body.seed = Number($("gen-seed").value);
  if (body.size !== 9 && body.symmetry === "rot90") body.symmetry = "rot180";
  say("Generating…");
  $("gen-go").disabled = true;
  const answer = await api("generate", body).catch((x) => ({ ok: false, status: 0, data: { error: x.message } }));
  $("gen-go").disabled = false;
  if (!answer.ok) return sayError(answer.data.error);
  const a = answer.data;
  if (a.status !== "ok") return verdict("unknown", "unknown", escapeHtml(a.message || "the server's time limit stopped the generator"));
  const text = a.line_says_all ? a.puzzle : a.toml;
  if (await load(text, { quiet: true })) {
    verdict("ok", "generated", `${a.givens} givens, seed ${a.seed} (the same seed and settings make the same puzzle).`);
  }
}

// ---- share and download -----------------------------------------------------------------

function saveAs(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function download(kind) {
  if (!state.drawing) return sayError("Load a puzzle first.");
  if (kind === "svg") {
    const answer = await api("render", request());
    if (!answer.ok) return failed(answer);
    return saveAs(new Blob([answer.data.svg], { type: "image/svg+xml" }), "puzzle.svg");
  }
  if (kind === "png") {
    const answer = await api("render", request({ png: true }));
    if (!answer.ok) return failed(answer);
    return saveAs(answer.blob, "puzzle.png");
  }
  const answer = await api("convert", request({ to: kind }));
  if (!answer.ok) return failed(answer);
  const [name, type] = kind === "toml" ? ["puzzle.toml", "application/toml"] : ["puzzle.json", "application/json"];
  saveAs(new Blob([answer.data.text], { type }), name);
}

async function copy(id) {
  const input = $(id);
  if (!input.value) return;
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (e) {
    input.select();
    document.execCommand("copy");
  }
  say(`<p class="ok">Copied.</p>`);
}

// ---- files ------------------------------------------------------------------------------

async function readFile(file) {
  if (!file) return;
  if (file.size > 1 << 20) return sayError(`${file.name} is over 1 MB`);
  const text = await file.text();
  $("puzzle-text").value = text;
  load(text, { keepText: true });
}

// ---- start ------------------------------------------------------------------------------

function start() {
  $("enter").addEventListener("submit", (e) => { e.preventDefault(); load($("puzzle-text").value, { keepText: true }); });
  $("puzzle-text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); load($("puzzle-text").value, { keepText: true }); }
  });
  $("puzzle-text").addEventListener("paste", () => {
    setTimeout(() => load($("puzzle-text").value, { keepText: true }), 0);
  });
  $("file").addEventListener("change", (e) => readFile(e.target.files[0]));
  $("empty").addEventListener("click", () => {
    const n = Number($("empty-size").value);
    load(".".repeat(n * n)).then((ok) => { if (ok) { select(firstActive()); $("board").focus(); } });
  });
  $("board").addEventListener("keydown", onKey);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", solve);
  $("candidates").addEventListener("click", candidates);
  $("count").addEventListener("click", count);
  $("cancel").addEventListener("click", cancel);
  $("hint").addEventListener("click", hint);
  $("explain").addEventListener("click", explain);
  $("clear").addEventListener("click", clearMarks);
  $("generate").addEventListener("submit", generate);
  $("dl-toml").addEventListener("click", () => download("toml"));
  $("dl-fpuzzles").addEventListener("click", () => download("fpuzzles"));
  $("dl-svg").addEventListener("click", () => download("svg"));
  $("dl-png").addEventListener("click", () => download("png"));
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", () => copy(button.dataset.copy));
  }
  $("api-origin").textContent = location.origin;
  let depth = 0;
  window.addEventListener("dragenter", (e) => { e.preventDefault(); depth++; $("drop-hint").hidden = false; });
  window.addEventListener("dragleave", () => { if (--depth <= 0) { depth = 0; $("drop-hint").hidden = true; } });
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    depth = 0;
    $("drop-hint").hidden = true;
    const file = e.dataTransfer.files[0];
    if (file) readFile(file);
    else if (e.dataTransfer.getData("text")) {
      $("puzzle-text").value = e.dataTransfer.getData("text");
      load($("puzzle-text").value, { keepText: true });
    }
  });
  // Read by hand: a payload's `+` is a plus, not a space as URLSearchParams would have it.
  const shared = /[?&]puzzle=([^&]*)/.exec(location.search);
  if (shared) {
    let text = shared[1];
    try { text = decodeURIComponent(text); } catch (e) { /* as it is */ }
    load(text);
  }
}

document.addEventListener("DOMContentLoaded", start);
