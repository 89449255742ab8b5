// Loads the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver) from a checkout
// (plain JavaScript, no build) and indexes every puzzle it names, for the scripts of this folder.
//
// A NAME is a file name of ../shared/data/killers/ or ../shared/data/variants/ without its
// extension: `tarek-all-05` or `tarek_all_05` is the collection entry TAREK_ALL#4 (numbered from
// 1), `hard_renban_1` the puzzle named "Hard renban 1" (names compared as lowercase words joined
// by `_`, see `slug`).

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A name as the index keys it: lowercase words joined by `_`. */
export const slug = (s) =>
  s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/**
 * ISS's parser and builder, and `find(NAME)`: `{ name, input }` (ISS's own name, its puzzle
 * text) or `undefined`.
 */
export async function loadIss(issDir) {
  const root = resolve(issDir);
  const url = (p) => pathToFileURL(join(root, p)).href;
  const { ensureGlobalEnvironment } = await import(url('tests/helpers/test_env.js'));
  ensureGlobalEnvironment();
  const { SudokuParser } = await import(url('js/sudoku_parser.js'));
  const { SudokuBuilder } = await import(url('js/solver/sudoku_builder.js'));
  const { PUZZLE_INDEX, resolvePuzzleConfig } = await import(url('data/example_puzzles.js'));
  const collections = await import(url('data/collections.js'));
  await import(url('tests/e2e/e2e_puzzles.js'));

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
  return { SudokuParser, SudokuBuilder, find: (wanted) => index.get(slug(wanted)) };
}
