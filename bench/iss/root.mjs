// What the Interactive Sudoku Solver (ISS) knows at the root of its search, for comparison with
// sudokux's: the handlers its optimizer adds (the 45 rule's sums and others), then the
// candidates of each cell after its first propagation, before any guess.
//
//     node bench/iss/root.mjs ISS_DIR NAME
//
// NAME as for iss.mjs (a file name of ../shared/data/variants/ or killers/ without extension).
// Prints one line per handler added (`handler LOC MSG cells=... args=...`), then one line
// `root` with 81 (n*n) candidate sets as digit strings (`123456789` for a free cell), in
// row-major order (sudokux has no such dump yet: compare with what its search must find).

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [issDir, wanted] = process.argv.slice(2);
if (!issDir || !wanted) {
  console.error('usage: node bench/iss/root.mjs ISS_DIR NAME');
  process.exit(2);
}
const root = resolve(issDir);
const url = (p) => pathToFileURL(join(root, p)).href;

const { ensureGlobalEnvironment } = await import(url('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(url('js/sudoku_parser.js'));
const { SudokuBuilder } = await import(url('js/solver/sudoku_builder.js'));
const { PUZZLE_INDEX, resolvePuzzleConfig } = await import(url('data/example_puzzles.js'));
const collections = await import(url('data/collections.js'));
await import(url('tests/e2e/e2e_puzzles.js'));

const slug = (s) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
const index = new Map();
for (const [name, config] of PUZZLE_INDEX) {
  if (config && typeof config.input === 'string') index.set(slug(name), config.input);
}
for (const [collection, entries] of Object.entries(collections)) {
  if (!Array.isArray(entries)) continue;
  entries.forEach((entry, i) => {
    const config = typeof entries.configFor === 'function' ? entries.configFor(entry) : resolvePuzzleConfig(entry);
    if (!config || typeof config.input !== 'string') return;
    index.set(`${slug(collection)}_${String(i + 1).padStart(2, '0')}`, config.input);
  });
}
const input = index.get(slug(wanted));
if (!input) {
  console.error(`no ISS puzzle named ${wanted}`);
  process.exit(1);
}
const constraint = SudokuParser.parseText(input);
const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint), { logLevel: 1 });
for (const entry of solver.debugState()?.logs ?? []) {
  if (!entry.msg?.startsWith('Add')) continue;
  const args = entry.args ? ` args=${JSON.stringify(entry.args)}` : '';
  console.log(`handler ${entry.loc} ${entry.msg} cells=${JSON.stringify(entry.cells ?? [])}${args}`);
}
const internal = solver._internalSolver;
internal._initRun({});
const cells = internal._geometry.numGridCells;
const grid = internal._recStack[0].gridCells;
const sets = [];
for (let i = 0; i < cells; i++) {
  let s = '';
  for (let v = 0; v < 16; v++) if (grid[i] & (1 << v)) s += (v + 1).toString(36);
  sets.push(s || '-');
}
console.log(`root ${sets.join(' ')}`);
