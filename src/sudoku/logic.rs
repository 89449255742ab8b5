//! Human-style solving: the techniques people use, one step at a time, each step saying what
//! it places or eliminates and why (`r4c7 = 3: hidden single in box 6`), and a difficulty
//! grade from the hardest technique a puzzle needs.
//!
//! Everything works through the rule set's units, so the techniques hold on every size, on
//! jigsaw regions, diagonals, windows, extra units and cages: a hidden single in a diagonal is
//! still a hidden single. Soundness rests on two facts about a unit. *Every* unit holds each
//! digit at most once, so naked subsets, the eliminations of locked candidates and the cover
//! side of a fish may use any unit; only a *complete* unit (as many cells as digits) holds each
//! digit exactly once, so hidden singles, hidden subsets, the unit a locked digit is confined
//! to and the base side of a fish use complete units only. Anti-knight and anti-king pairs make
//! two cells *see* each other as a shared unit does (placing a digit removes it from both kinds
//! of peers, and the wings use both); non-consecutive neighbours lose the placed digit's
//! neighbours `d - 1` and `d + 1`; a killer cage is a unit, and its sum is used by the cage-sum
//! step, which keeps only the digits of the sets that still fit.
//!
//! The logic never guesses. When no technique applies it stalls, and a caller that knows the
//! solution (from the exact-cover engine) may go on with [`solve_with_guesses`], whose guesses
//! are labelled as such.
//!
//! # Examples
//!
//! ```
//! use sudokux::sudoku::logic::{grade, solve_logically, Grade};
//! use sudokux::sudoku::{Grid, Rules};
//!
//! let rules = Rules::classic();
//! let puzzle = Grid::from_line(
//!     "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
//! )
//! .unwrap();
//! let explanation = solve_logically(&rules, &puzzle).unwrap();
//! assert!(explanation.solved());
//! println!("{}", explanation.steps[0]); // e.g. "r1c9 = 6: hidden single in box 3"
//! assert_eq!(grade(&rules, &puzzle).unwrap(), explanation.grade());
//! assert!(explanation.grade() <= Grade::Expert);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::grid::{Cell, Grid};
use super::rules::{digit_sets, PuzzleError, Rules, UnitKind};
use super::symbols::Symbols;

/// A solving technique, in the order the solver tries them (easiest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a complete unit.
    HiddenSingle,
    /// A digit confined, in a box (or region, window), to one row or column: it leaves the
    /// rest of that line.
    Pointing,
    /// A digit confined, in a row or column, to one box: it leaves the rest of the box.
    Claiming,
    /// A digit confined, in a complete unit, to the unit's intersection with another unit
    /// (a diagonal and a box, say): it leaves the rest of the other unit.
    LockedCandidates,
    /// A killer cage's sum: only the digits of the sets of different digits that still fit.
    CageSum,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a complete unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a complete unit.
    HiddenTriple,
    /// A digit in two rows confined to two columns (or the reverse).
    XWing,
    /// A pivot `xy` and two pincers `xz`, `yz` that see it: `z` leaves the cells seeing both.
    XyWing,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a complete unit.
    HiddenQuad,
    /// A digit in three rows confined to three columns (or the reverse).
    Swordfish,
    /// A pivot `xyz` and two pincers `xz`, `yz` that see it: `z` leaves the cells seeing all
    /// three.
    XyzWing,
    /// A digit in four rows confined to four columns (or the reverse).
    Jellyfish,
    /// Not logic: a digit tried in a cell where logic stalled, taken from the solution that
    /// the exact-cover search found.
    Guess,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 18] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
        Technique::CageSum,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::XyWing,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Swordfish,
        Technique::XyzWing,
        Technique::Jellyfish,
        Technique::Guess,
    ];

    /// The name solvers use: `hidden single`, `X-wing`, ...
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LockedCandidates => "locked candidates",
            Technique::CageSum => "cage sum",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-wing",
            Technique::XyWing => "XY-wing",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::Swordfish => "swordfish",
            Technique::XyzWing => "XYZ-wing",
            Technique::Jellyfish => "jellyfish",
            Technique::Guess => "guess",
        }
    }

    /// The grade a puzzle gets when this is the hardest technique it needs.
    pub fn level(self) -> Grade {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Grade::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::LockedCandidates
            | Technique::CageSum
            | Technique::NakedPair
            | Technique::HiddenPair => Grade::Medium,
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::XyWing => Grade::Hard,
            Technique::NakedQuad
            | Technique::HiddenQuad
            | Technique::Swordfish
            | Technique::XyzWing
            | Technique::Jellyfish => Grade::Expert,
            Technique::Guess => Grade::NeedsSearch,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is for a person: the level of the hardest technique it needs, `expert`
/// when it needs hard techniques [`Grade::REPEATS`] times or more, and `needs-search` when
/// logic alone does not solve it.
///
/// Ordered from easiest: `easy < medium < hard < expert < needs-search`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// Singles only: naked and hidden singles.
    Easy,
    /// Locked candidates (pointing, claiming), cage sums, naked and hidden pairs.
    Medium,
    /// Naked and hidden triples, X-wing, XY-wing.
    Hard,
    /// Naked and hidden quads, swordfish, jellyfish, XYZ-wing.
    Expert,
    /// Logic stalls: the puzzle needs search (or techniques this solver does not know).
    NeedsSearch,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Expert,
        Grade::NeedsSearch,
    ];

    /// How many steps with hard techniques make a puzzle expert.
    pub const REPEATS: usize = 3;

    /// The name: `easy`, `medium`, `hard`, `expert`, `needs-search`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
            Grade::NeedsSearch => "needs-search",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A grade name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown grade {0:?}: easy, medium, hard, expert or needs-search")]
pub struct GradeError(pub String);

impl FromStr for Grade {
    type Err = GradeError;

    /// Reads a grade's name, in any case; `needs_search` and `search` also name the last.
    fn from_str(text: &str) -> Result<Grade, GradeError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Grade::Easy),
            "medium" => Ok(Grade::Medium),
            "hard" => Ok(Grade::Hard),
            "expert" => Ok(Grade::Expert),
            "needs-search" | "needs_search" | "search" => Ok(Grade::NeedsSearch),
            _ => Err(GradeError(text.to_string())),
        }
    }
}

/// One step of a solution: what it places or eliminates, by which technique, and the pattern
/// that justifies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed, with their cells.
    pub placements: Vec<(Cell, u8)>,
    /// Candidates eliminated: the digit leaves the cell.
    pub eliminations: Vec<(Cell, u8)>,
    /// The units of the pattern, as a person names them (`box 1`, `row 4`); for a fish the
    /// base units, then the cover units.
    pub units: Vec<String>,
    /// The cells of the pattern (for a wing: the pivot, then the pincers).
    pub cells: Vec<Cell>,
    /// The digits of the pattern (for a wing: `x`, `y`, `z`).
    pub digits: Vec<u8>,
}

impl Step {
    /// The step in a solver's words, with digits written in `symbols`:
    /// `r4c7 = 3: hidden single in box 6`, `r2c1, r2c5 <> 7: pointing pair in box 1`.
    pub fn describe(&self, symbols: &Symbols) -> String {
        self.text(&|d| {
            if (d as usize) <= symbols.len() {
                symbols.name(d).to_string()
            } else {
                d.to_string()
            }
        })
    }

    fn text(&self, name: &dyn Fn(u8) -> String) -> String {
        let join_cells = |cells: &[Cell]| {
            cells
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let digits = || {
            self.digits
                .iter()
                .map(|&d| name(d))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        for &(cell, d) in &self.placements {
            parts.push(format!("{cell} = {}", name(d)));
        }
        let mut by_digit: Vec<u8> = self.eliminations.iter().map(|e| e.1).collect();
        by_digit.sort_unstable();
        by_digit.dedup();
        for d in by_digit {
            let cells: Vec<Cell> = self
                .eliminations
                .iter()
                .filter(|e| e.1 == d)
                .map(|e| e.0)
                .collect();
            parts.push(format!("{} <> {}", join_cells(&cells), name(d)));
        }
        let unit = |k: usize| self.units.get(k).map_or("", String::as_str);
        let size = match self.cells.len() {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("{k} cells"),
        };
        let why = match self.technique {
            Technique::NakedSingle => "naked single".to_string(),
            Technique::HiddenSingle => format!("hidden single in {}", unit(0)),
            Technique::Pointing => format!("pointing {size} in {}", unit(0)),
            Technique::Claiming => format!("claiming {size} in {}", unit(0)),
            Technique::LockedCandidates => {
                format!("locked candidates in {} and {}", unit(0), unit(1))
            }
            Technique::CageSum => format!("cage sum in {}", unit(0)),
            Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad => format!(
                "{} {} in {} ({})",
                self.technique,
                digits(),
                unit(0),
                join_cells(&self.cells)
            ),
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let k = self.units.len() / 2;
                format!(
                    "{} in {} (cover: {})",
                    self.technique,
                    self.units[..k].join(", "),
                    self.units[k..].join(", ")
                )
            }
            Technique::XyWing | Technique::XyzWing => format!(
                "{} on {}: pivot {}, pincers {}",
                self.technique,
                digits(),
                self.cells.first().map(Cell::to_string).unwrap_or_default(),
                join_cells(self.cells.get(1..).unwrap_or_default())
            ),
            Technique::Guess => format!(
                "guess among {} candidates, taken from the solution the search found",
                self.digits.len()
            ),
        };
        format!("{}: {why}", parts.join("; "))
    }
}

impl fmt::Display for Step {
    /// The step with digits in the default alphabet (`1`-`9`, `A`-`Z`, then numbers); see
    /// [`Step::describe`] for a puzzle's own symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&|d| {
            if (d as usize) <= super::grid::ALPHABET.len() {
                super::grid::symbol(d).to_string()
            } else {
                d.to_string()
            }
        }))
    }
}

/// Bit of digit `d` (1-based) in a candidate mask.
fn bit(d: u8) -> u64 {
    1 << (d - 1)
}

/// The digits of a mask, in increasing order.
fn digits_of(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |k| mask >> k & 1 == 1).map(|k| k + 1)
}

/// Calls `visit` with every `k`-subset of `0..len` (as index lists, in lexicographic order)
/// until it returns `Some`.
fn combinations<T>(
    len: usize,
    k: usize,
    visit: &mut dyn FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > len {
        return None;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        if let Some(found) = visit(&pick) {
            return Some(found);
        }
        // Advance the rightmost index that can move.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The candidates of a puzzle under its rules, as a person's pencil marks: what the givens and
/// every placement so far leave.
///
/// Invariants: `values[p]` is the digit at position `p` (0 when empty or inactive);
/// `candidates[p]` is 0 at filled and inactive positions and, at an empty position, never
/// holds a digit placed in a unit or pair it shares (placing a digit removes it from every
/// peer, and its neighbours `d - 1`, `d + 1` from non-consecutive neighbours).
#[derive(Debug, Clone)]
pub struct State<'r> {
    rules: &'r Rules,
    n: usize,
    values: Vec<u8>,
    candidates: Vec<u64>,
    /// Positions that may not share a digit with `p`: the same unit, or a knight's or king's
    /// move apart under those rules. Sorted.
    peers: Vec<Vec<usize>>,
    /// Positions that a rule between two cells ties to `p`, other than "the digits differ",
    /// with the digits each digit of `p` leaves them (index `d - 1`): non-consecutive
    /// neighbours, say.
    related: Vec<Vec<(usize, Vec<u64>)>>,
    /// Units with as many cells as digits: each holds every digit exactly once.
    complete: Vec<bool>,
    /// Units in the order techniques look at them: boxes and regions first, then rows,
    /// columns, and the rest.
    order: Vec<usize>,
    /// Unit index of (kind, grid), for the rows and columns of fish.
    lines: HashMap<(UnitKind, Option<usize>), usize>,
    /// For each cage: its unit and the digit sets that reach its sum.
    cages: Vec<(usize, Vec<u64>)>,
}

impl<'r> State<'r> {
    /// The pencil marks of a puzzle: each given removes its digit from its peers.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules ([`Rules::check_givens`]).
    pub fn new(rules: &'r Rules, puzzle: &Grid) -> Result<State<'r>, PuzzleError> {
        rules.check_givens(puzzle)?;
        let n = rules.size();
        let area = rules.rows() * rules.cols();
        let mut peers = vec![Vec::new(); area];
        let mut related: Vec<Vec<(usize, Vec<u64>)>> = vec![Vec::new(); area];
        for unit in rules.units() {
            for &a in &unit.cells {
                peers[a].extend(unit.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for pair in rules.pairs() {
            let relation = rules.relation(pair);
            if relation.is_difference() {
                peers[pair.a].push(pair.b);
                peers[pair.b].push(pair.a);
            } else {
                let digits = 1..=n as u8;
                let forward = digits.clone().map(|d| relation.allowed(d)).collect();
                let back = digits.map(|e| relation.allowed_back(e)).collect();
                related[pair.a].push((pair.b, forward));
                related[pair.b].push((pair.a, back));
            }
        }
        for list in peers.iter_mut() {
            list.sort_unstable();
            list.dedup();
        }
        let complete = rules.units().iter().map(|u| u.cells.len() == n).collect();
        let rank = |kind: UnitKind| match kind {
            UnitKind::Box(_) | UnitKind::Region(_) => 0,
            UnitKind::Row(_) => 1,
            UnitKind::Column(_) => 2,
            _ => 3,
        };
        let mut order: Vec<usize> = (0..rules.units().len()).collect();
        order.sort_by_key(|&u| rank(rules.units()[u].kind));
        let lines = rules
            .units()
            .iter()
            .enumerate()
            .filter(|(_, u)| matches!(u.kind, UnitKind::Row(_) | UnitKind::Column(_)))
            .map(|(k, u)| ((u.kind, u.grid), k))
            .collect();
        let cages = rules
            .cages()
            .map(|(cage, unit)| (unit, digit_sets(n, cage.cells.len(), cage.sum)))
            .collect();
        let full = super::candidates::Candidates::full(n);
        let mut state = State {
            rules,
            n,
            values: vec![0; area],
            candidates: (0..area)
                .map(|p| if rules.is_active(p) { full } else { 0 })
                .collect(),
            peers,
            related,
            complete,
            order,
            lines,
            cages,
        };
        for &p in rules.cells() {
            let d = puzzle.cells()[p];
            if d != 0 {
                state.place(p, d);
            }
        }
        Ok(state)
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The digits placed so far (givens included), 0 for empty cells.
    pub fn grid(&self) -> Grid {
        Grid::from_area(self.rules.rows(), self.rules.cols(), self.values.clone())
            .expect("the area's shape")
    }

    /// The candidates of a position as a mask (bit `d - 1` for digit `d`); 0 once filled.
    pub fn candidates(&self, position: usize) -> u64 {
        self.candidates[position]
    }

    /// The digit at a position, 0 when empty.
    pub fn value(&self, position: usize) -> u8 {
        self.values[position]
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.rules.cells().iter().all(|&p| self.values[p] != 0)
    }

    /// Whether some empty cell has no candidate left, or some complete unit has no place left
    /// for a digit it lacks: the puzzle (with its placements) has no solution.
    pub fn is_broken(&self) -> bool {
        let empty_cell = self
            .rules
            .cells()
            .iter()
            .any(|&p| self.values[p] == 0 && self.candidates[p] == 0);
        empty_cell
            || (0..self.rules.units().len()).any(|u| {
                self.complete[u]
                    && (1..=self.n as u8).any(|d| {
                        self.places(u, d) == 0
                            && !self.rules.units()[u]
                                .cells
                                .iter()
                                .any(|&p| self.values[p] == d)
                    })
            })
    }

    fn position(&self, cell: Cell) -> usize {
        cell.row * self.rules.cols() + cell.col
    }

    fn cell(&self, position: usize) -> Cell {
        self.rules.cell(position)
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a].binary_search(&b).is_ok()
    }

    fn unit_name(&self, u: usize) -> String {
        self.rules.units()[u].to_string()
    }

    /// Puts `d` at `p` and takes it from every peer (and from the cells a rule ties to `p`,
    /// the digits the rule forbids beside `d`: `d - 1` and `d + 1` from non-consecutive
    /// neighbours).
    fn place(&mut self, p: usize, d: u8) {
        self.values[p] = d;
        self.candidates[p] = 0;
        for &q in &self.peers[p] {
            self.candidates[q] &= !bit(d);
        }
        for (q, allowed) in &self.related[p] {
            self.candidates[*q] &= allowed[d as usize - 1];
        }
    }

    /// Applies a step: its placements (each taking its digit from the peers) and eliminations.
    ///
    /// # Panics
    ///
    /// If a cell of the step lies outside the grid.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placements {
            let p = self.position(cell);
            self.place(p, d);
        }
        for &(cell, d) in &step.eliminations {
            let p = self.position(cell);
            self.candidates[p] &= !bit(d);
        }
    }

    /// The places of digit `d` in unit `u`, as a mask over the unit's cells (bit `k` for its
    /// `k`-th cell): the empty cells where `d` is a candidate.
    fn places(&self, u: usize, d: u8) -> u64 {
        let mut mask = 0;
        for (k, &p) in self.rules.units()[u].cells.iter().enumerate() {
            if self.candidates[p] & bit(d) != 0 {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The cells of a unit picked by a mask over its cells.
    fn cells_of(&self, u: usize, mask: u64) -> Vec<usize> {
        let cells = &self.rules.units()[u].cells;
        (0..cells.len())
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| cells[k])
            .collect()
    }

    /// The easiest step that applies, `None` when logic stalls (or the grid is full).
    pub fn next_step(&self) -> Option<Step> {
        if self.is_broken() {
            return None;
        }
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked_candidates())
            .or_else(|| self.cage_sum())
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.fish(2))
            .or_else(|| self.xy_wing())
            .or_else(|| self.naked_subset(4))
            .or_else(|| self.hidden_subset(4))
            .or_else(|| self.fish(3))
            .or_else(|| self.xyz_wing())
            .or_else(|| self.fish(4))
    }

    /// A guess where logic stalls: the empty cell with the fewest candidates (the first in
    /// row-major order among equals), holding the digit `solution` gives it.
    ///
    /// Returns `None` when the grid is full, or when `solution` does not fit the candidates
    /// (it is not a solution of this puzzle).
    pub fn guess(&self, solution: &Grid) -> Option<Step> {
        let p = self
            .rules
            .cells()
            .iter()
            .copied()
            .filter(|&p| self.values[p] == 0)
            .min_by_key(|&p| self.candidates[p].count_ones())?;
        let d = *solution.cells().get(p)?;
        if d == 0 || self.candidates[p] & bit(d) == 0 {
            return None;
        }
        Some(Step {
            technique: Technique::Guess,
            placements: vec![(self.cell(p), d)],
            eliminations: Vec::new(),
            units: Vec::new(),
            cells: vec![self.cell(p)],
            digits: digits_of(self.candidates[p]).collect(),
        })
    }

    fn placement(&self, technique: Technique, p: usize, d: u8, units: Vec<String>) -> Step {
        Step {
            technique,
            placements: vec![(self.cell(p), d)],
            eliminations: Vec::new(),
            units,
            cells: vec![self.cell(p)],
            digits: vec![d],
        }
    }

    fn naked_single(&self) -> Option<Step> {
        self.rules
            .cells()
            .iter()
            .find(|&&p| self.values[p] == 0 && self.candidates[p].count_ones() == 1)
            .map(|&p| {
                let d = self.candidates[p].trailing_zeros() as u8 + 1;
                self.placement(Technique::NakedSingle, p, d, Vec::new())
            })
    }

    fn hidden_single(&self) -> Option<Step> {
        for &u in &self.order {
            if !self.complete[u] {
                continue;
            }
            for d in 1..=self.n as u8 {
                let places = self.places(u, d);
                if places.count_ones() == 1 {
                    let p = self.cells_of(u, places)[0];
                    return Some(self.placement(
                        Technique::HiddenSingle,
                        p,
                        d,
                        vec![self.unit_name(u)],
                    ));
                }
            }
        }
        None
    }

    /// A digit whose places in a complete unit `a` all lie in another unit `b`: `b` holds it
    /// there, so it leaves the rest of `b`.
    fn locked_candidates(&self) -> Option<Step> {
        let units = self.rules.units();
        for &a in &self.order {
            if !self.complete[a] {
                continue;
            }
            for d in 1..=self.n as u8 {
                let places = self.places(a, d);
                if places.count_ones() < 2 {
                    continue;
                }
                let cells = self.cells_of(a, places);
                let first = cells[0];
                for &b in self.rules.units_of(first) {
                    if b == a || !cells.iter().all(|&p| self.rules.units_of(p).contains(&b)) {
                        continue;
                    }
                    let eliminations: Vec<(Cell, u8)> = units[b]
                        .cells
                        .iter()
                        .filter(|&&q| !cells.contains(&q) && self.candidates[q] & bit(d) != 0)
                        .map(|&q| (self.cell(q), d))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let is_line =
                        |u: usize| matches!(units[u].kind, UnitKind::Row(_) | UnitKind::Column(_));
                    let is_box = |u: usize| {
                        matches!(
                            units[u].kind,
                            UnitKind::Box(_) | UnitKind::Region(_) | UnitKind::Window(_)
                        )
                    };
                    let technique = if is_box(a) && is_line(b) {
                        Technique::Pointing
                    } else if is_line(a) && is_box(b) {
                        Technique::Claiming
                    } else {
                        Technique::LockedCandidates
                    };
                    return Some(Step {
                        technique,
                        placements: Vec::new(),
                        eliminations,
                        units: vec![self.unit_name(a), self.unit_name(b)],
                        cells: cells.iter().map(|&p| self.cell(p)).collect(),
                        digits: vec![d],
                    });
                }
            }
        }
        None
    }

    /// Digits of a killer cage outside every set of different digits that reaches its sum and
    /// fits the candidates (each cell has a candidate in the set).
    fn cage_sum(&self) -> Option<Step> {
        for (unit, sets) in &self.cages {
            let cells = &self.rules.units()[*unit].cells;
            let mask_of = |p: usize| {
                if self.values[p] != 0 {
                    bit(self.values[p])
                } else {
                    self.candidates[p]
                }
            };
            let allowed = sets
                .iter()
                .filter(|&&set| cells.iter().all(|&p| mask_of(p) & set != 0))
                .fold(0, |acc, &set| acc | set);
            let eliminations: Vec<(Cell, u8)> = cells
                .iter()
                .filter(|&&p| self.values[p] == 0)
                .flat_map(|&p| {
                    digits_of(self.candidates[p] & !allowed).map(move |d| (self.cell(p), d))
                })
                .collect();
            if !eliminations.is_empty() {
                return Some(Step {
                    technique: Technique::CageSum,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(*unit)],
                    cells: cells.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(allowed).collect(),
                });
            }
        }
        None
    }

    /// `k` empty cells of a unit whose candidates are `k` digits between them: those digits
    /// go in those cells, so they leave the unit's other cells. Any unit will do (each holds a
    /// digit at most once).
    fn naked_subset(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::NakedPair,
            3 => Technique::NakedTriple,
            _ => Technique::NakedQuad,
        };
        for &u in &self.order {
            let unit = &self.rules.units()[u].cells;
            let open: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&p| {
                    self.values[p] == 0 && (2..=k as u32).contains(&self.candidates[p].count_ones())
                })
                .collect();
            let found = combinations(open.len(), k, &mut |pick| {
                let mask = pick.iter().fold(0, |m, &i| m | self.candidates[open[i]]);
                if mask.count_ones() as usize != k {
                    return None;
                }
                let subset: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
                let eliminations: Vec<(Cell, u8)> = unit
                    .iter()
                    .filter(|q| !subset.contains(q))
                    .flat_map(|&q| {
                        digits_of(self.candidates[q] & mask).map(move |d| (self.cell(q), d))
                    })
                    .collect();
                (!eliminations.is_empty()).then(|| Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(u)],
                    cells: subset.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(mask).collect(),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// `k` digits whose places in a complete unit are `k` cells between them: those cells hold
    /// those digits, so every other candidate leaves them.
    fn hidden_subset(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::HiddenPair,
            3 => Technique::HiddenTriple,
            _ => Technique::HiddenQuad,
        };
        for &u in &self.order {
            if !self.complete[u] {
                continue;
            }
            let digits: Vec<(u8, u64)> = (1..=self.n as u8)
                .map(|d| (d, self.places(u, d)))
                .filter(|(_, m)| (2..=k as u32).contains(&m.count_ones()))
                .collect();
            let found = combinations(digits.len(), k, &mut |pick| {
                let places = pick.iter().fold(0, |m, &i| m | digits[i].1);
                if places.count_ones() as usize != k {
                    return None;
                }
                let keep = pick.iter().fold(0, |m, &i| m | bit(digits[i].0));
                let cells = self.cells_of(u, places);
                let eliminations: Vec<(Cell, u8)> = cells
                    .iter()
                    .flat_map(|&p| {
                        digits_of(self.candidates[p] & !keep).map(move |d| (self.cell(p), d))
                    })
                    .collect();
                (!eliminations.is_empty()).then(|| Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    units: vec![self.unit_name(u)],
                    cells: cells.iter().map(|&p| self.cell(p)).collect(),
                    digits: digits_of(keep).collect(),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// A fish of size `k` on the rows and columns of one sub-grid: a digit whose places in `k`
    /// complete rows lie in `k` columns (each of which holds it at most once) is in those rows
    /// within those columns, so it leaves the rest of the columns; and the same with rows and
    /// columns swapped.
    fn fish(&self, k: usize) -> Option<Step> {
        let technique = match k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        let units = self.rules.units();
        let grids: Vec<Option<usize>> = if self.rules.grids().len() > 1 {
            (0..self.rules.grids().len()).map(Some).collect()
        } else {
            vec![None]
        };
        for rows_first in [true, false] {
            for &g in &grids {
                let line = |i: usize, base: bool| {
                    let kind = if base == rows_first {
                        UnitKind::Row(i)
                    } else {
                        UnitKind::Column(i)
                    };
                    self.lines.get(&(kind, g)).copied()
                };
                let bases: Vec<usize> = (0..self.n)
                    .filter_map(|i| line(i, true))
                    .filter(|&u| self.complete[u])
                    .collect();
                for d in 1..=self.n as u8 {
                    let lines: Vec<(usize, u64)> = bases
                        .iter()
                        .map(|&u| (u, self.places(u, d)))
                        .filter(|(_, m)| (2..=k as u32).contains(&m.count_ones()))
                        .collect();
                    let found = combinations(lines.len(), k, &mut |pick| {
                        let cover = pick.iter().fold(0, |m, &i| m | lines[i].1);
                        if cover.count_ones() as usize != k {
                            return None;
                        }
                        let base_units: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                        let cover_units: Vec<usize> = digits_of(cover)
                            .map(|j| line(j as usize - 1, false))
                            .collect::<Option<_>>()?;
                        let in_base =
                            |q: usize| base_units.iter().any(|&b| units[b].cells.contains(&q));
                        let mut eliminations: Vec<(Cell, u8)> = Vec::new();
                        for &c in &cover_units {
                            for &q in &units[c].cells {
                                if !in_base(q)
                                    && self.candidates[q] & bit(d) != 0
                                    && !eliminations.contains(&(self.cell(q), d))
                                {
                                    eliminations.push((self.cell(q), d));
                                }
                            }
                        }
                        if eliminations.is_empty() {
                            return None;
                        }
                        let cells = base_units
                            .iter()
                            .flat_map(|&b| self.cells_of(b, self.places(b, d)))
                            .map(|p| self.cell(p))
                            .collect();
                        Some(Step {
                            technique,
                            placements: Vec::new(),
                            eliminations,
                            units: base_units
                                .iter()
                                .chain(&cover_units)
                                .map(|&u| self.unit_name(u))
                                .collect(),
                            cells,
                            digits: vec![d],
                        })
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        None
    }

    fn empty_with(&self, count: u32) -> impl Iterator<Item = usize> + '_ {
        self.rules
            .cells()
            .iter()
            .copied()
            .filter(move |&p| self.values[p] == 0 && self.candidates[p].count_ones() == count)
    }

    /// Candidates of `z` among the cells that see all of `cells`, as eliminations.
    fn seen_by_all(&self, cells: &[usize], z: u8) -> Vec<(Cell, u8)> {
        self.peers[cells[0]]
            .iter()
            .copied()
            .filter(|&q| {
                !cells.contains(&q)
                    && self.candidates[q] & bit(z) != 0
                    && cells[1..].iter().all(|&c| self.sees(c, q))
            })
            .map(|q| (self.cell(q), z))
            .collect()
    }

    /// A pivot with candidates `xy`, pincers `xz` and `yz` that see it: one pincer holds `z`,
    /// so `z` leaves every cell that sees both pincers.
    fn xy_wing(&self) -> Option<Step> {
        for pivot in self.empty_with(2) {
            let pm = self.candidates[pivot];
            let wings: Vec<usize> = self.peers[pivot]
                .iter()
                .copied()
                .filter(|&q| {
                    let m = self.candidates[q];
                    self.values[q] == 0 && m.count_ones() == 2 && (m & pm).count_ones() == 1
                })
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (ma, mb) = (self.candidates[a], self.candidates[b]);
                    let z = ma & !pm;
                    if ma & pm == mb & pm || mb & !pm != z {
                        continue;
                    }
                    let zd = z.trailing_zeros() as u8 + 1;
                    let eliminations = self.seen_by_all(&[a, b], zd);
                    if !eliminations.is_empty() {
                        let x = (ma & pm).trailing_zeros() as u8 + 1;
                        let y = (mb & pm).trailing_zeros() as u8 + 1;
                        return Some(Step {
                            technique: Technique::XyWing,
                            placements: Vec::new(),
                            eliminations,
                            units: Vec::new(),
                            cells: vec![self.cell(pivot), self.cell(a), self.cell(b)],
                            digits: vec![x, y, zd],
                        });
                    }
                }
            }
        }
        None
    }

    /// A pivot with candidates `xyz`, pincers `xz` and `yz` that see it: one of the three
    /// holds `z`, so `z` leaves every cell that sees all three.
    fn xyz_wing(&self) -> Option<Step> {
        for pivot in self.empty_with(3) {
            let pm = self.candidates[pivot];
            let wings: Vec<usize> = self.peers[pivot]
                .iter()
                .copied()
                .filter(|&q| {
                    let m = self.candidates[q];
                    self.values[q] == 0 && m.count_ones() == 2 && m & !pm == 0
                })
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (ma, mb) = (self.candidates[a], self.candidates[b]);
                    let z = ma & mb;
                    if ma == mb || z.count_ones() != 1 {
                        continue;
                    }
                    let zd = z.trailing_zeros() as u8 + 1;
                    let eliminations = self.seen_by_all(&[pivot, a, b], zd);
                    if !eliminations.is_empty() {
                        let x = (ma & !z).trailing_zeros() as u8 + 1;
                        let y = (mb & !z).trailing_zeros() as u8 + 1;
                        return Some(Step {
                            technique: Technique::XyzWing,
                            placements: Vec::new(),
                            eliminations,
                            units: Vec::new(),
                            cells: vec![self.cell(pivot), self.cell(a), self.cell(b)],
                            digits: vec![x, y, zd],
                        });
                    }
                }
            }
        }
        None
    }

    /// The pencil marks as text: each row of the area on a line, each cell its candidates (a
    /// filled cell its digit), padded to the widest; `|` between boxes and a line of `-`
    /// between bands of boxes on a single grid with boxes; positions outside every grid blank.
    pub fn pencil_marks(&self) -> String {
        let symbols = self.rules.symbols();
        let sep = if symbols.is_single_char() { "" } else { "," };
        let text: Vec<String> = (0..self.values.len())
            .map(|p| {
                if !self.rules.is_active(p) {
                    String::new()
                } else if self.values[p] != 0 {
                    symbols.name(self.values[p]).to_string()
                } else {
                    digits_of(self.candidates[p])
                        .map(|d| symbols.name(d))
                        .collect::<Vec<_>>()
                        .join(sep)
                }
            })
            .collect();
        let width = text
            .iter()
            .map(|t| t.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let (rows, cols) = (self.rules.rows(), self.rules.cols());
        let boxed = self.rules.grids().len() == 1 && self.rules.spec().regions.is_none();
        let (br, bc) = if boxed {
            self.rules.box_shape()
        } else {
            (rows, cols)
        };
        let rule = {
            let band = "-".repeat(bc * (width + 1) + 1);
            let mut line = String::from("+");
            for _ in 0..cols.div_ceil(bc) {
                line.push_str(&band);
                line.push('+');
            }
            line
        };
        let mut out = String::new();
        for r in 0..rows {
            if boxed && r % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            let mut line = String::new();
            for c in 0..cols {
                if boxed && c % bc == 0 {
                    line.push_str("| ");
                }
                let t = &text[r * cols + c];
                line.push_str(t);
                line.push_str(&" ".repeat(width - t.chars().count() + 1));
            }
            if boxed {
                line.push('|');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if boxed {
            out.push_str(&rule);
            out.push('\n');
        }
        out
    }
}

/// A puzzle worked through step by step.
#[derive(Debug, Clone)]
pub struct Explanation<'r> {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The pencil marks after the last step: the solution when solved, where logic stalled
    /// otherwise.
    pub end: State<'r>,
}

impl Explanation<'_> {
    /// Whether the steps fill the grid.
    pub fn solved(&self) -> bool {
        self.end.is_solved()
    }

    /// Whether any step is a guess.
    pub fn guessed(&self) -> bool {
        self.steps.iter().any(|s| s.technique == Technique::Guess)
    }

    /// The hardest technique used, and how many steps used it; `None` for no step.
    pub fn hardest(&self) -> Option<(Technique, usize)> {
        let hardest = self.steps.iter().map(|s| s.technique).max()?;
        let count = self.steps.iter().filter(|s| s.technique == hardest).count();
        Some((hardest, count))
    }

    /// The grade: `needs-search` unless logic alone solved the puzzle, else the level of the
    /// hardest technique, `expert` when hard techniques are used [`Grade::REPEATS`] times or
    /// more.
    pub fn grade(&self) -> Grade {
        if !self.solved() || self.guessed() {
            return Grade::NeedsSearch;
        }
        let level = self
            .steps
            .iter()
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(Grade::Easy);
        let at_level = self
            .steps
            .iter()
            .filter(|s| s.technique.level() == level)
            .count();
        match level {
            Grade::Hard if at_level >= Grade::REPEATS => Grade::Expert,
            level => level,
        }
    }
}

/// Works a puzzle through with logic alone, step after step, until it is solved or no
/// technique applies.
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
///
/// # Complexity
///
/// Each step looks for the easiest technique that applies, from scratch; subsets and fish
/// look at combinations of up to four cells, digits or lines. A hard 9x9 takes milliseconds.
pub fn solve_logically<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
) -> Result<Explanation<'r>, PuzzleError> {
    explain(rules, puzzle, None)
}

/// As [`solve_logically`], but where logic stalls it goes on with a [`Technique::Guess`]: the
/// empty cell with the fewest candidates takes its digit from `solution`, which the caller
/// found by search (and should have proved unique), then logic resumes.
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
pub fn solve_with_guesses<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
    solution: &Grid,
) -> Result<Explanation<'r>, PuzzleError> {
    explain(rules, puzzle, Some(solution))
}

fn explain<'r>(
    rules: &'r Rules,
    puzzle: &Grid,
    solution: Option<&Grid>,
) -> Result<Explanation<'r>, PuzzleError> {
    let mut state = State::new(rules, puzzle)?;
    let mut steps = Vec::new();
    while !state.is_solved() {
        let step = match state.next_step() {
            Some(step) => step,
            None => match solution.and_then(|s| state.guess(s)) {
                Some(guess) if !state.is_broken() => guess,
                _ => break,
            },
        };
        state.apply(&step);
        steps.push(step);
    }
    Ok(Explanation { steps, end: state })
}

/// The difficulty of a puzzle for a person ([`Explanation::grade`] of [`solve_logically`]).
///
/// The grade means something only for a puzzle with exactly one solution: check that first
/// with an [`Engine`](super::Engine). (Logic that fills the grid proves the solution unique;
/// a puzzle with several solutions always grades `needs-search`.)
///
/// # Errors
///
/// [`PuzzleError`] when the givens break the rules.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::logic::{grade, Grade};
/// use sudokux::sudoku::{Grid, Rules};
///
/// let puzzle = Grid::from_line(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )
/// .unwrap();
/// assert_eq!(grade(&Rules::classic(), &puzzle).unwrap(), Grade::NeedsSearch);
/// assert!(Grade::Easy < Grade::NeedsSearch);
/// assert_eq!("needs-search".parse::<Grade>().unwrap(), Grade::NeedsSearch);
/// ```
pub fn grade(rules: &Rules, puzzle: &Grid) -> Result<Grade, PuzzleError> {
    Ok(solve_logically(rules, puzzle)?.grade())
}
