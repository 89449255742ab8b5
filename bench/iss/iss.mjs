// Times the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver) on the shared
// published puzzles through its public path: its parser, its builder, then its solver run to the
// second solution (uniqueness), all in this one process on one thread.
//
//     node bench/iss/iss.mjs ISS_DIR RUNS NAME...
//
// ISS_DIR is a checkout of ISS (plain JavaScript, no build); NAME as `load.mjs` says. One JSON line
// per puzzle on stdout: name, ISS's name, status (unique/multiple/none/capped), ms (parse +
// build + search, CPU of this thread as `performance.now` measures it), guesses, and the first
// solution as digits (so that the caller checks that ISS and sudokux agree on the puzzle).
// Before the first, ISS solves a classic sudoku and a killer untimed (its JIT warmed, its
// lookup tables built); a puzzle solved in under a second is solved RUNS times, the median
// reported. A search stops after CAP backtracks (2,000,000, as ISS's own benchmarks cap the hardest
// pencilmark puzzles): status `capped`.

import { loadIss } from './load.mjs';

const [issDir, runsArg, ...names] = process.argv.slice(2);
const runs = Number(runsArg);
if (!issDir || !(runs >= 1) || names.length === 0) {
  console.error('usage: node bench/iss/iss.mjs ISS_DIR RUNS NAME...');
  process.exit(2);
}
const CAP = 2_000_000;
const { SudokuParser, SudokuBuilder, find } = await loadIss(issDir);

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

for (const warm of ['classic_sudoku_hard', 'tarek_all_02']) solve(find(warm).input);

for (const wanted of names) {
  const found = find(wanted);
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
