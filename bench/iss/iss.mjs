// Times the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver) on the shared
// published puzzles through its public path: its parser, its builder, then its solver run to the
// second solution (uniqueness), all in this one process on one thread.
//
//     node bench/iss/iss.mjs ISS_DIR RUNS NAME...
//
// ISS_DIR is a checkout of ISS (plain JavaScript, no build). Each NAME is a file name of
// ../shared/data/killers/ or ../shared/data/variants/ without its extension: `tarek-all-05` or
// `tarek_all_05` is the collection entry TAREK_ALL#4 (numbered from 1), `hard_renban_1` the
// puzzle named "Hard renban 1" (names compared as lowercase words joined by `_`). One JSON line
// per puzzle on stdout: name, ISS's name, status (unique/multiple/none/capped), ms (parse +
// build + search, CPU of this thread as `performance.now` measures it), guesses, and the first
// solution as digits (so that the caller checks that ISS and sudokux agree on the puzzle).
// Before the first, ISS solves a classic sudoku and a killer untimed (its JIT warmed, its
// lookup tables built); a puzzle solved in under a second is solved RUNS times, the median
// reported. A search stops after CAP backtracks (2,000,000, as ISS's own benchmarks cap the hardest
// pencilmark puzzles): status `capped`.

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [issDir, runsArg, ...names] = process.argv.slice(2);
const runs = Number(runsArg);
if (!issDir || !(runs >= 1) || names.length === 0) {
  console.error('usage: node bench/iss/iss.mjs ISS_DIR RUNS NAME...');
  process.exit(2);
}
const CAP = 2_000_000;
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

// Every puzzle ISS names: the index by slug; collection entries as COLLECTION_NN.
const index = new Map();
for (const [name, config] of PUZZLE_INDEX) {
  if (config && typeof config.input === 'string') index.set(slug(name), { name, input: config.input });
}
for (const [collection, entries] of Object.entries(collections)) {
  if (!Array.isArray(entries)) continue;
  entries.forEach((entry, i) => {
    const config = typeof entries.configFor === 'function' ? entries.configFor(entry) : resolvePuzzleConfig(entry);
    if (!config || typeof config.input !== 'string') return;
    const key = `${slug(collection)}_${String(i + 1).padStart(2, '0')}`;
    index.set(key, { name: `${collection}#${i}`, input: config.input });
  });
}

const solve = (input) => {
  const start = performance.now();
  const constraint = SudokuParser.parseText(input);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  const grids = [];
  internal.run({ maxSolutions: 2, maxBacktracks: CAP }, (grid) => grids.push(grid.slice()));
  const ms = performance.now() - start;
  const counters = internal.counters;
  const exhausted = internal.state === internal.constructor.STATE_EXHAUSTED;
  const status = grids.length >= 2 ? 'multiple'
    : counters.backtracks >= CAP && !exhausted ? 'capped'
    : grids.length === 1 ? 'unique' : 'none';
  const cells = internal._geometry.numGridCells ?? grids[0]?.length ?? 0;
  // Values are bit masks: bit k is the value k + 1.
  const solution = grids.length
    ? grids[0].slice(0, cells).map((v) => 32 - Math.clz32(v)).join(',') : null;
  return { status, ms, guesses: counters.guesses, solution };
};

for (const warm of ['classic_sudoku_hard', 'tarek_all_02']) solve(index.get(warm).input);

for (const wanted of names) {
  const found = index.get(slug(wanted));
  if (!found) {
    console.log(JSON.stringify({ name: wanted, error: 'no ISS puzzle of that name' }));
    continue;
  }
  const results = [solve(found.input)];
  while (results.length < runs && results[0].ms < 1000) results.push(solve(found.input));
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const ms = times[(times.length - 1) >> 1];
  console.log(JSON.stringify({
    name: wanted, iss_name: found.name, ...results[0], ms: Math.round(ms * 10) / 10,
  }));
}
