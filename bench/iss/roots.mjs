// The candidates the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver) leaves
// at the root of its search, after its first propagation and before any guess: one line per
// puzzle, the puzzle's name then per cell (row by row) the digits left, `.` between cells.
// Compared with ours, a candidate ISS removes and we keep names a deduction we lack.
//
//     node bench/iss/roots.mjs ISS_DIR NAME...
//
// NAME as in `iss.mjs` (`tarek-all-11` or `tarek_all_11`).

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [issDir, ...names] = process.argv.slice(2);
if (!issDir || names.length === 0) {
  console.error('usage: node bench/iss/roots.mjs ISS_DIR NAME...');
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

const slug = (s) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
const index = new Map();
for (const [name, config] of PUZZLE_INDEX) {
  if (config && typeof config.input === 'string') index.set(slug(name), config.input);
}
for (const [collection, entries] of Object.entries(collections)) {
  if (!Array.isArray(entries)) continue;
  entries.forEach((entry, i) => {
    const config = typeof entries.configFor === 'function' ? entries.configFor(entry) : resolvePuzzleConfig(entry);
    if (config && typeof config.input === 'string') {
      index.set(`${slug(collection)}_${String(i + 1).padStart(2, '0')}`, config.input);
    }
  });
}

for (const wanted of names) {
  const input = index.get(slug(wanted));
  if (!input) {
    console.log(`${wanted} no ISS puzzle of that name`);
    continue;
  }
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(input)));
  // Step 0: the grid after the root's propagation, before the first guess.
  const step = solver.nthStep(0, new Map());
  const cells = step.pencilmarks.map((p) => (typeof p === 'number' ? String(p) : [...p].sort().join('')));
  console.log(`${wanted} ${cells.join('.')}`);
}
