// The page of `sudokux serve` in a real browser, used as a person would: Debian's chromium
// driven by playwright-core, run by node's test runner from .ci/run:
//
//   SUDOKUX_BIN=target/release/sudokux NODE_PATH=<folder>/node_modules \
//     node --test tests/browser/
//
// Screenshots of the main states go to SUDOKUX_SCREENSHOTS (default target/browser).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const BIN = process.env.SUDOKUX_BIN || "target/release/sudokux";
const SHOTS = process.env.SUDOKUX_SCREENSHOTS || "target/browser";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

const PUZZLE = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
const TWO = ".94518.36615372894.83964.15357691482946823157821457963468239571139745628572186349";
// A draft: the puzzle above with givens left out, still open in places.
const DRAFT = "2.4.1.....15.........96....3.7..1....4.....5....4..9.3....39...1.....6......8.3.9";
const EMPTY = ".".repeat(81);

let server, origin, browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(BIN, ["serve", "--port", "0", "--max-jobs", "2", "--timeout", "60"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  origin = await new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const line = text.split("\n")[0];
      if (text.includes("\n")) resolve(line.trim().replace(/\/$/, ""));
    });
    server.on("exit", (code) => reject(new Error("serve exited " + code)));
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

async function open(options) {
  const context = await browser.newContext(Object.assign({ viewport: { width: 1280, height: 900 } }, options || {}));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, name + ".png"), fullPage: true });
}

async function paste(page, text) {
  await page.fill("#puzzle-text", text);
  await page.click("#load");
  await page.waitForSelector("#board svg.overlay");
}

async function verdict(page) {
  await page.waitForSelector("#status [data-verdict]:not([data-verdict=counting])");
  return page.textContent("#status [data-verdict]");
}

test("the page loads, with nothing from elsewhere", async (t) => {
  const page = await open();
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  const started = Date.now();
  await page.goto(origin + "/");
  const took = Date.now() - started;
  assert.equal(await page.title(), "sudokux");
  assert.ok(requests.every((u) => u.startsWith(origin)), requests.join(" "));
  assert.ok(took < 5000, `loaded in ${took} ms`);
  // The browser's own figure, for BENCHMARKS.md: from the request to the load event, and
  // the bytes it took (a second visit, with the first one's connection warm).
  await page.reload();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const bytes = performance.getEntriesByType("resource").reduce((a, r) => a + r.encodedBodySize, nav.encodedBodySize);
    return { load: nav.loadEventEnd - nav.startTime, bytes };
  });
  t.diagnostic(`page load ${timing.load.toFixed(1)} ms, ${timing.bytes} bytes`);
  assert.ok(timing.bytes < 300 * 1024);
  await shot(page, "01-empty");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("type a puzzle cell by cell and press Check", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await page.selectOption("#empty-size", "9");
  await page.click("#empty");
  await page.waitForSelector("#board svg.overlay .cell.selected");
  // The keyboard alone: digits, arrows to move.
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const ch = PUZZLE[r * 9 + c];
      if (ch !== ".") await page.keyboard.press(ch);
      await page.keyboard.press("ArrowRight");
    }
    await page.keyboard.press("ArrowDown");
  }
  // A wrong digit typed and cleared again.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("7");
  await page.keyboard.press("Delete");
  await page.click("#check");
  assert.equal(await verdict(page), "unique");
  await page.click("#solve");
  await page.waitForSelector("#board .overlay .found");
  const found = await page.$$eval("#board .overlay .found", (n) => n.length);
  assert.equal(found, 81 - PUZZLE.replace(/\./g, "").length);
  await shot(page, "02-typed-and-solved");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an f-puzzles link of a thermometer puzzle: thermometers drawn, unique", async () => {
  const link = execFileSync(BIN, ["convert", "examples/thermometer.toml", "--to", "url"]).toString().split("\n")[0];
  assert.ok(link.startsWith("https://www.f-puzzles.com/?load="));
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, link);
  const bulbs = await page.$$eval("#board .bulb", (n) => n.length);
  assert.ok(bulbs > 0, "thermometer bulbs drawn");
  await page.click("#check");
  assert.equal(await verdict(page), "unique");
  await shot(page, "03-thermometers");
  await page.context().close();
});

test("a puzzle with several solutions: both shown, the differences highlighted", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, TWO);
  await page.click("#check");
  assert.equal(await verdict(page), "multiple");
  assert.ok(await page.isVisible("#second-box"));
  const differ = await page.$$eval("#board .cell.differ", (n) => n.map((x) => x.dataset.cell));
  const differ2 = await page.$$eval("#second .cell.differ", (n) => n.map((x) => x.dataset.cell));
  assert.deepEqual(differ.sort(), ["r1c1", "r1c7", "r3c1", "r3c7"]);
  assert.deepEqual(differ2.sort(), differ.sort());
  const one = await page.textContent("#board .found[data-found=r1c1]");
  const two = await page.textContent("#second .found[data-found=r1c1]");
  assert.notEqual(one, two);
  await shot(page, "04-multiple");
  await page.context().close();
});

test("True candidates on a draft: the pencil marks", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, DRAFT);
  await page.click("#candidates");
  assert.equal(await verdict(page), "true candidates");
  const marks = await page.$$eval("#board .overlay .mark", (n) => n.map((x) => x.textContent));
  assert.ok(marks.length > 81 - DRAFT.replace(/\./g, "").length, `${marks.length} marks`);
  // The page shows what the API says.
  const api = await page.evaluate(async (draft) => {
    const r = await fetch("/api/candidates", { method: "POST", body: JSON.stringify({ puzzle: draft }) });
    return r.json();
  }, DRAFT);
  const expected = api.candidates
    .map((digits, p) => (DRAFT[p] === "." ? digits.length : 0))
    .reduce((a, b) => a + b, 0);
  assert.equal(marks.length, expected);
  // A cell with one candidate stands out.
  const singles = await page.$$eval("#board .cell.single", (n) => n.length);
  const settled = api.candidates.filter((digits, p) => DRAFT[p] === "." && digits.length === 1).length;
  assert.equal(singles, settled);
  await shot(page, "05-candidates");
  await page.context().close();
});

test("a long count shows progress and Cancel stops it", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, EMPTY);
  await page.click("#count");
  await page.waitForFunction(() => /solutions so far/.test(document.querySelector("#progress")?.textContent || ""));
  await shot(page, "06-counting");
  await page.click("#cancel");
  const shown = await verdict(page);
  assert.match(shown, /^>= \d+$/);
  assert.match(await page.textContent("#status"), /Cancelled/);
  // The server stopped the search.
  let running = 1;
  for (let k = 0; k < 100 && running !== 0; k++) {
    running = (await (await fetch(origin + "/api/status")).json()).running;
    if (running) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(running, 0);
  await page.context().close();
});

test("garbage pasted: the error message", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await page.fill("#puzzle-text", "this is not a sudoku");
  await page.click("#load");
  await page.waitForSelector("#status .error");
  // The command line's message for the same input.
  assert.match(await page.textContent("#status .error"), /is neither a puzzle nor the title of one/);
  await shot(page, "07-error");
  await page.context().close();
});

test("hint and explain: steps that highlight their cells", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, PUZZLE);
  await page.click("#explain");
  assert.match(await verdict(page), /^grade: /);
  const steps = await page.$$("#steps li");
  assert.ok(steps.length > 10);
  await steps[3].click();
  assert.ok((await page.$$("#board .cell.step")).length > 0);
  await page.click("#hint");
  assert.equal(await verdict(page), "hint");
  assert.equal((await page.$$("#steps li")).length, 1);
  await page.context().close();
});

test("a shared address reopens the same puzzle", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, PUZZLE);
  await page.waitForFunction(() => location.search.startsWith("?puzzle="));
  const address = page.url();
  const svg = await page.innerHTML("#board > svg:not(.overlay)");
  const again = await open();
  await again.goto(address);
  await again.waitForSelector("#board svg.overlay");
  assert.equal(await again.innerHTML("#board > svg:not(.overlay)"), svg);
  await page.context().close();
  await again.context().close();
});

test("phone width and dark mode", async () => {
  const phone = await open({ viewport: { width: 390, height: 844 }, colorScheme: "dark", deviceScaleFactor: 2 });
  await phone.goto(origin + "/?puzzle=" + TWO);
  await phone.waitForSelector("#board svg.overlay");
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling at 390 px: ${width}`);
  await phone.click("#check");
  assert.equal(await verdict(phone), "multiple");
  // No keyboard on a phone: tap a cell, then a digit of the pad under the grid.
  await phone.click("#board .cell[data-cell=r1c1]");
  await phone.click("#pad button[data-symbol='2']");
  await phone.click("#check");
  assert.equal(await verdict(phone), "unique");
  await shot(phone, "08-phone-dark");
  await phone.context().close();
});

test("generate a killer from a seed, then download it", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await page.click("#generate-box summary");
  await page.selectOption("#gen-rules", "killer");
  await page.fill("#gen-seed", "5");
  await page.click("#gen-go");
  assert.equal(await verdict(page), "generated");
  assert.ok((await page.$$("#board .cage, #board [class*=cage]")).length > 0, "cages drawn");
  await page.click("#check");
  assert.equal(await verdict(page), "unique");
  await page.click("#share-box summary");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-toml")]);
  assert.equal(download.suggestedFilename(), "puzzle.toml");
  const [png] = await Promise.all([page.waitForEvent("download"), page.click("#dl-png")]);
  assert.equal(png.suggestedFilename(), "puzzle.png");
  await shot(page, "09-generated-killer");
  await page.context().close();
});

test("givens that clash: none, both cells highlighted", async () => {
  const page = await open();
  await page.goto(origin + "/");
  await paste(page, "..5....5" + ".".repeat(73));
  await page.click("#check");
  assert.equal(await verdict(page), "none");
  const cells = await page.$$eval("#board .cell.conflict", (n) => n.map((x) => x.dataset.cell).sort());
  assert.deepEqual(cells, ["r1c3", "r1c8"]);
  await page.context().close();
});
