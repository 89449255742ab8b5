//! Subsets and fish over any items of the exact-cover matrix ([`super::matrix`]): set logic
//! with as many base sets as cover sets.
//!
//! Take `k` requirements of the rules (primary items: a solution meets each exactly once)
//! whose ways left share none, and `k` *lines*: items that a solution meets at most once (a
//! cell, a digit in a unit, a rule's own item without colors). If every way left for the `k`
//! requirements lies on one of the lines, the `k` ways a solution takes fill the `k` lines,
//! one each: everything else on the lines goes, and so does a way that lies on two of them
//! (it would fill two lines at once).
//!
//! Naked subsets (cells as requirements, a digit in a unit as lines), hidden subsets (the
//! reverse) and X-wings (a digit in rows, the columns as lines) are cases of it; so are the
//! same patterns with a cage, a thermometer or a rule between cells as one of the sets. The
//! classic techniques are tried first, so a pattern a person knows by its classic name keeps
//! it.

use std::cell::Cell as Counter;
use std::collections::HashSet;

use crate::sudoku::grid::Cell;

use super::matrix::{Matrix, View};
use super::state::State;
use super::step::Step;
use super::technique::Technique;

/// Sets of lines a search may look at (over every base set) before it gives up: the bound that
/// keeps a hint within milliseconds on rules whose options lie on many lines.
const WORK: usize = 20_000;

/// A pattern found: its base items (indices in the matrix's primary items), its lines (item
/// ids) and the cell candidates it rules out.
struct Found {
    bases: Vec<usize>,
    lines: Vec<u32>,
    eliminations: Vec<(Cell, u8)>,
}

/// The search for `k` base items and `k` lines on one view of the matrix.
struct Search<'a, 's> {
    state: &'a State<'s>,
    matrix: &'a Matrix,
    view: &'a View,
    k: usize,
    /// The items that may be bases: uncovered, with two to `k` ways left (as the cells of a
    /// naked subset, the places of a hidden one, the lines of a fish) that `k` lines cover;
    /// with their live options.
    bases: Vec<(usize, Vec<u32>)>,
    /// Whether an option is among the chosen bases' ways (by option).
    in_union: Vec<bool>,
    /// How many of the chosen bases' ways lie on each line (by item id).
    touched: Vec<u32>,
    /// Sets of lines tried so far, up to [`WORK`].
    work: Counter<usize>,
}

impl State<'_> {
    /// `k` requirements whose ways left lie on `k` lines (see the module documentation):
    /// the first pattern, in the order of the items, that rules out a candidate.
    pub(super) fn cover(&self, k: usize) -> Option<Step> {
        let (matrix, view) = self.matrix_view()?;
        let mut search = Search {
            state: self,
            matrix,
            view: &view,
            k,
            bases: Vec::new(),
            in_union: vec![false; matrix.count],
            touched: vec![0; matrix.lines.len()],
            work: Counter::new(0),
        };
        for i in 0..matrix.items.len() {
            if view.covered[i] {
                continue;
            }
            let live: Vec<u32> = matrix.live_options(&view, i).map(|o| o as u32).collect();
            let id = matrix.items[i].id;
            if (2..=k).contains(&live.len()) && search.coverable(&live, &[id]) {
                search.bases.push((i, live));
            }
        }
        let mut union = Vec::with_capacity(4 * k * matrix.n);
        let found = search.grow(0, &mut Vec::with_capacity(k), &mut union)?;
        let technique = if k == 2 {
            Technique::SetPair
        } else {
            Technique::SetTriple
        };
        let mut units: Vec<String> = found
            .bases
            .iter()
            .map(|&i| self.what_words(matrix.items[i].what))
            .collect();
        units.extend(
            found
                .lines
                .iter()
                .map(|&x| self.what_words(matrix.whats[x as usize])),
        );
        let (cells, digits) = found
            .bases
            .iter()
            .flat_map(|&i| matrix.live_options(&view, i))
            .filter(|&o| o < matrix.cell_options)
            .map(|o| {
                let (p, d) = matrix.cell_digit[o];
                (self.cell(p), d)
            })
            .unzip();
        Some(Step {
            technique,
            placements: Vec::new(),
            eliminations: found.eliminations,
            units,
            cells,
            digits,
        })
    }
}

impl Search<'_, '_> {
    /// Whether at most `k` lines, none of them `except`, hold every option of `options`.
    fn coverable(&self, options: &[u32], except: &[u32]) -> bool {
        let mut lines = Vec::with_capacity(self.k + 1);
        self.covers(options, except, &mut lines, &mut |_| Some(()))
            .is_some()
    }

    /// Calls `found` with every set of at most `k` lines (none of them `except`) that holds
    /// every option of `options`, grown from `lines`, until it answers.
    fn covers<R>(
        &self,
        options: &[u32],
        except: &[u32],
        lines: &mut Vec<u32>,
        found: &mut dyn FnMut(&[u32]) -> Option<R>,
    ) -> Option<R> {
        if self.work.get() >= WORK {
            return None;
        }
        self.work.set(self.work.get() + 1);
        let open = options.iter().find(|&&o| {
            !self.matrix.lines_of[o as usize]
                .iter()
                .any(|x| lines.contains(x))
        });
        let Some(&o) = open else {
            return found(lines);
        };
        if lines.len() == self.k {
            return None;
        }
        for &x in &self.matrix.lines_of[o as usize] {
            if except.contains(&x) {
                continue;
            }
            lines.push(x);
            let answer = self.covers(options, except, lines, found);
            lines.pop();
            if answer.is_some() {
                return answer;
            }
        }
        None
    }

    /// Adds bases from `start` on to `chosen` (their ways `union`), each sharing a line with
    /// the ways so far, until there are `k`; then looks for `k` lines that hold their ways and
    /// rule something out.
    fn grow(
        &mut self,
        start: usize,
        chosen: &mut Vec<usize>,
        union: &mut Vec<u32>,
    ) -> Option<Found> {
        if chosen.len() == self.k {
            return self.conclude(chosen, union);
        }
        for b in start..self.bases.len() {
            let options = &self.bases[b].1;
            if options.iter().any(|&o| self.in_union[o as usize]) {
                continue;
            }
            let touches = chosen.is_empty()
                || options.iter().any(|&o| {
                    self.matrix.lines_of[o as usize]
                        .iter()
                        .any(|&x| self.touched[x as usize] > 0)
                });
            if !touches {
                continue;
            }
            // The ways added are `union[len..end]` (a deeper call only adds past `end`).
            let len = union.len();
            union.extend_from_slice(options);
            let end = union.len();
            chosen.push(b);
            let mut except = Vec::with_capacity(chosen.len());
            except.extend(
                chosen
                    .iter()
                    .map(|&c| self.matrix.items[self.bases[c].0].id),
            );
            if self.coverable(union, &except) {
                self.mark(&union[len..end], true);
                let found = self.grow(b + 1, chosen, union);
                self.mark(&union[len..end], false);
                if found.is_some() {
                    return found;
                }
            }
            chosen.pop();
            union.truncate(len);
        }
        None
    }

    /// Records that `options` join the union (or leave it).
    fn mark(&mut self, options: &[u32], on: bool) {
        for &o in options {
            self.in_union[o as usize] = on;
            for &x in &self.matrix.lines_of[o as usize] {
                if on {
                    self.touched[x as usize] += 1;
                } else {
                    self.touched[x as usize] -= 1;
                }
            }
        }
    }

    /// The first set of exactly `k` lines holding the chosen bases' ways that rules out a
    /// candidate.
    fn conclude(&self, chosen: &[usize], union: &[u32]) -> Option<Found> {
        let except: Vec<u32> = chosen
            .iter()
            .map(|&c| self.matrix.items[self.bases[c].0].id)
            .collect();
        let mut lines = Vec::new();
        self.covers(union, &except, &mut lines, &mut |lines| {
            if lines.len() < self.k {
                return None;
            }
            let mut gone = HashSet::new();
            for &x in lines {
                for &o in &self.matrix.lines[x as usize] {
                    if !self.in_union[o as usize] && self.view.is_live(o as usize) {
                        gone.insert(o);
                    }
                }
            }
            for &o in union {
                let on = self.matrix.lines_of[o as usize]
                    .iter()
                    .filter(|x| lines.contains(x))
                    .count();
                if on >= 2 {
                    gone.insert(o);
                }
            }
            let mut eliminations: Vec<(Cell, u8)> = gone
                .into_iter()
                .filter(|&o| (o as usize) < self.matrix.cell_options)
                .map(|o| {
                    let (p, d) = self.matrix.cell_digit[o as usize];
                    (self.state.cell(p), d)
                })
                .collect();
            eliminations.sort_unstable_by_key(|&(c, d)| (c.row, c.col, d));
            (!eliminations.is_empty()).then(|| Found {
                bases: chosen.iter().map(|&c| self.bases[c].0).collect(),
                lines: lines.to_vec(),
                eliminations,
            })
        })
    }
}
