//! The shared candidate state every technique reads: the digits placed, the candidates left,
//! and what the rules make of them (peers, complete units, the families' own steps).

use std::collections::HashMap;
use std::sync::Arc;

use crate::sudoku::candidates::Candidates;
use crate::sudoku::encode::{Encoding, Numbering, Owners};
use crate::sudoku::grid::{Cell, Grid};
use crate::sudoku::rules::{Logic, PuzzleError, Rules, UnitKind};
use crate::xc::Problem;

use super::failed::Failed;
use super::lines::house_sums::{house_sums, HouseSum};
use super::mask::{bit, digits_of};
use super::matrix::{Matrix, View};
use super::rule_sums::RuleSum;
use super::step::Step;

/// The candidates of a puzzle under its rules, as a person's pencil marks: what the givens and
/// every placement so far leave.
///
/// Invariants: `values[p]` is the digit at position `p` (0 when empty or inactive);
/// `candidates[p]` is 0 at filled and inactive positions and, at an empty position, never
/// holds a digit placed in a unit or pair it shares (placing a digit removes it from every
/// peer, and its neighbours `d - 1`, `d + 1` from non-consecutive neighbours).
#[derive(Debug, Clone)]
pub struct State<'r> {
    pub(super) rules: &'r Rules,
    pub(super) n: usize,
    pub(super) values: Vec<u8>,
    pub(super) candidates: Vec<u64>,
    /// Positions that may not share a digit with `p`: the same unit, or a knight's or king's
    /// move apart under those rules. Sorted.
    pub(super) peers: Vec<Vec<usize>>,
    /// Positions that a rule between two cells ties to `p`, other than "the digits differ",
    /// with the digits each digit of `p` leaves them (index `d - 1`): non-consecutive
    /// neighbours, say.
    pub(super) related: Vec<Vec<(usize, Vec<u64>)>>,
    /// Units with as many cells as digits: each holds every digit exactly once.
    pub(super) complete: Vec<bool>,
    /// Units in the order techniques look at them: boxes and regions first, then rows,
    /// columns, and the rest.
    pub(super) order: Vec<usize>,
    /// Unit index of (kind, grid), for the rows and columns of fish.
    pub(super) lines: HashMap<(UnitKind, Option<usize>), usize>,
    /// The steps the constraint families offer beyond their units and pairs (a killer
    /// cage's sum), in the order of the families.
    pub(super) families: Arc<[Box<dyn Logic>]>,
    /// The rules as one exact-cover matrix, unless it is too large to reason with.
    pub(super) matrix: Option<Arc<Matrix>>,
    /// The rules are classic (rows, columns and boxes alone: `Matrix::classic`): the
    /// techniques on the matrix come after every classic one, so that a classic puzzle the
    /// classic techniques solve keeps its steps and grade.
    pub(super) matrix_late: bool,
    /// Which of the matrix's constraint options are still possible (bit per option; the
    /// cell options' bits are unused): only ever loses bits, as the candidates do.
    pub(super) alive: Vec<u64>,
    /// The sums the rules promise (cages, arrows, little killers, ...), for the sum steps.
    pub(super) sums: Arc<[RuleSum]>,
    /// The promised sums less the houses they cover most of (the 45 rule with lines).
    pub(super) house_sums: Arc<[HouseSum]>,
    /// The constraints the logic does not reason with ([`super::unexplained`]).
    unexplained: Arc<[String]>,
    /// The costly searches that found nothing, by what they read (shared by clones: an entry
    /// holds for every state that reads the same).
    pub(super) failed: Arc<Failed>,
}

/// The steps the constraint families offer of their own, made afresh (with nothing
/// remembered).
fn families(rules: &Rules) -> Arc<[Box<dyn Logic>]> {
    rules
        .constraints()
        .all()
        .iter()
        .filter_map(|family| family.logic(rules.geometry(), rules.unit_index()))
        .collect()
}

impl<'r> State<'r> {
    /// The pencil marks of a puzzle: each given removes its digit from its peers.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules ([`Rules::check_givens`]).
    pub fn new(rules: &'r Rules, puzzle: &Grid) -> Result<State<'r>, PuzzleError> {
        let (problem, numbering, owners) = crate::sudoku::encode::encode_with_owners(rules);
        State::build(rules, puzzle, &problem, &numbering, owners)
    }

    /// [`State::new`] on an encoding made for the search as well ([`Encoding::shared`], of
    /// these `rules`), without encoding the rules again.
    ///
    /// # Errors
    ///
    /// [`PuzzleError`] when the givens break the rules ([`Rules::check_givens`]).
    pub fn encoded(
        rules: &'r Rules,
        puzzle: &Grid,
        encoding: &Encoding,
    ) -> Result<State<'r>, PuzzleError> {
        let (problem, numbering) = (&encoding.problem, &encoding.numbering);
        State::build(rules, puzzle, problem, numbering, encoding.owners.clone())
    }

    /// The pencil marks of `puzzle` under `rules` encoded as `problem`, `numbering`, `owners`.
    fn build(
        rules: &'r Rules,
        puzzle: &Grid,
        problem: &Problem,
        numbering: &Numbering,
        mut owners: Owners,
    ) -> Result<State<'r>, PuzzleError> {
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
        let families = families(rules);
        let full = Candidates::full(n);
        let matrix = Matrix::new(rules, problem, numbering, &owners).map(Arc::new);
        let matrix_late = Matrix::classic(rules, problem);
        let mut unexplained = Vec::new();
        if !Matrix::holds_problem(problem) {
            for family in rules.constraints().all() {
                family.unexplained(&mut unexplained);
            }
        }
        let sums: Arc<[RuleSum]> = std::mem::take(&mut owners.sums)
            .into_iter()
            .map(|promise| RuleSum::new(promise, |a, b| peers[a].binary_search(&b).is_ok()))
            .collect();
        let house_sums = house_sums(rules, &sums, |a, b| peers[a].binary_search(&b).is_ok()).into();
        let alive = matrix.as_ref().map_or_else(Vec::new, |m| m.all_alive());
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
            families,
            matrix,
            matrix_late,
            alive,
            sums,
            house_sums,
            unexplained: unexplained.into(),
            failed: Arc::default(),
        };
        for &p in rules.cells() {
            let d = puzzle.cells()[p];
            if d != 0 {
                state.place(p, d);
            }
        }
        state.settle();
        Ok(state)
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The constraints the logic does not reason with, as [`super::unexplained`] names them
    /// (without encoding the rules again).
    pub fn unexplained(&self) -> Vec<String> {
        self.unexplained.to_vec()
    }

    /// A copy of the state that remembers none of the searches that found nothing (its own,
    /// and the constraint families'): its next
    /// step costs what it costs a state made afresh at this point (what `sudokux hint` pays),
    /// not what it costs along an explanation, whose states remember ([`State::clone`] shares
    /// that memory).
    pub fn forgetful(&self) -> State<'r> {
        State {
            failed: Arc::default(),
            families: families(self.rules),
            ..self.clone()
        }
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
        if let Some(view) = self.view() {
            let matrix = self.matrix.as_ref().expect("a view comes from the matrix");
            if matrix.is_broken(&view) {
                return true;
            }
        }
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

    /// What the matrix makes of the state, when there is a matrix.
    pub(super) fn view(&self) -> Option<View> {
        let matrix = self.matrix.as_ref()?;
        Some(matrix.view(&self.values, &self.candidates, &self.alive))
    }

    /// Brings the constraints' own options up to date with the candidates
    /// ([`Matrix::settle`]).
    fn settle(&mut self) {
        if let Some(matrix) = &self.matrix {
            matrix.settle(&self.values, &self.candidates, &mut self.alive);
        }
    }

    pub(super) fn position(&self, cell: Cell) -> usize {
        cell.row * self.rules.cols() + cell.col
    }

    pub(super) fn cell(&self, position: usize) -> Cell {
        self.rules.cell(position)
    }

    pub(super) fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a].binary_search(&b).is_ok()
    }

    pub(super) fn unit_name(&self, u: usize) -> String {
        self.rules.units()[u].to_string()
    }

    /// Puts `d` at `p` and takes it from every peer (and from the cells a rule ties to `p`,
    /// the digits the rule forbids beside `d`: `d - 1` and `d + 1` from non-consecutive
    /// neighbours).
    pub(super) fn place(&mut self, p: usize, d: u8) {
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
        self.settle();
    }

    /// The places of digit `d` in unit `u`, as a mask over the unit's cells (bit `k` for its
    /// `k`-th cell): the empty cells where `d` is a candidate.
    pub(super) fn places(&self, u: usize, d: u8) -> u64 {
        let mut mask = 0;
        for (k, &p) in self.rules.units()[u].cells.iter().enumerate() {
            if self.candidates[p] & bit(d) != 0 {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The cells of a unit picked by a mask over its cells.
    pub(super) fn cells_of(&self, u: usize, mask: u64) -> Vec<usize> {
        let cells = &self.rules.units()[u].cells;
        (0..cells.len())
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| cells[k])
            .collect()
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
        crate::sudoku::pretty::marks_grid(self.rules, &text)
    }
}
