// What the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver) knows at the
// root of its search, after its first propagation and before any guess: per puzzle, one line
// with the puzzle's name then, per cell (row by row), the digits left, `.` between cells.
// Compared with ours, a candidate ISS removes and we keep names a deduction we lack.
//
//     node bench/iss/roots.mjs ISS_DIR [--handlers] NAME...
//
// NAME as `load.mjs` says. With `--handlers`, each puzzle's line is preceded by one line per
// handler ISS's optimizer adds (the 45 rule's sums, sums made of sums, ...):
// `handler LOC MSG cells=[...] args={...}`.

import { loadIss } from './load.mjs';

const [issDir, ...rest] = process.argv.slice(2);
const handlers = rest.includes('--handlers');
const names = rest.filter((a) => a !== '--handlers');
if (!issDir || names.length === 0) {
  console.error('usage: node bench/iss/roots.mjs ISS_DIR [--handlers] NAME...');
  process.exit(2);
}
const { SudokuParser, SudokuBuilder, find } = await loadIss(issDir);

for (const wanted of names) {
  const found = find(wanted);
  if (!found) {
    console.log(`${wanted} no ISS puzzle of that name`);
    continue;
  }
  const constraint = SudokuBuilder.resolveConstraint(SudokuParser.parseText(found.input));
  const solver = SudokuBuilder.build(constraint, handlers ? { logLevel: 1 } : undefined);
  if (handlers) {
    for (const entry of solver.debugState()?.logs ?? []) {
      if (!entry.msg?.startsWith('Add')) continue;
      const args = entry.args ? ` args=${JSON.stringify(entry.args)}` : '';
      console.log(`handler ${entry.loc} ${entry.msg} cells=${JSON.stringify(Array.from(entry.cells ?? []))}${args}`);
    }
  }
  // Step 0: the grid after the root's propagation, before the first guess.
  const step = solver.nthStep(0, new Map());
  const cells = step.pencilmarks.map((p) => (typeof p === 'number' ? String(p) : [...p].sort().join('')));
  console.log(`${wanted} ${cells.join('.')}`);
}
