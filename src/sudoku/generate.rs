//! Puzzle generation: a random filled grid, then givens taken away while the solution stays
//! unique.
//!
//! The filled grid comes from the exact-cover engine itself, with its choices randomised: the
//! rule set's matrix is built with its options in a shuffled order
//! ([`Dlx::with_option_order`]), so the first solution found is a random one. Then the givens
//! are removed in a random order, one symmetry orbit at a time ([`Symmetry`]), and a removal
//! is kept only when the puzzle still has exactly one solution, *proved* by counting its
//! solutions up to 2 with the [`Solver`]. A removal that fails at some point would fail at
//! every later point too (fewer givens never mean fewer solutions), so one pass leaves a puzzle
//! from which no orbit can be removed; with [`Settings::minimal`] that is proved again, given
//! by given.
//!
//! Everything random comes from one small generator ([`Rng`], SplitMix64) seeded from the
//! caller's seed and the puzzle's index alone ([`puzzle_seed`]), so the same seed gives the
//! same puzzles on any machine and whatever the number of threads generating them.
//!
//! ```
//! use sudokux::sudoku::generate::{Generator, Settings};
//! use sudokux::sudoku::{validate, Engine, Solver, Spec};
//!
//! let generator = Generator::new(Spec::new(9), Settings::default()).unwrap();
//! let made = generator.generate(42, 1).unwrap();
//! let mut solver = Solver::new(made.rules.clone());
//! assert_eq!(solver.count(&made.puzzle, Some(2)).unwrap().count, 1);
//! validate(&made.rules, &made.puzzle, &made.solution).unwrap();
//! // The same seed and index give the same puzzle.
//! assert_eq!(generator.generate(42, 1).unwrap().puzzle, made.puzzle);
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::xc::{Dlx, OptionId};

use super::encode::encode;
use super::engine::Engine;
use super::grid::{Cell, Grid};
use super::rules::{default_box, Cage, Rules, RulesError, Spec};
use super::solver::Solver;

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n >= 1`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One step of SplitMix64 as a hash: mixes `value` into `seed`.
fn mix(seed: u64, value: u64) -> u64 {
    Rng::new(seed ^ Rng::new(value).next_u64()).next_u64()
}

/// The seed of puzzle `index` of a run started with `seed`: a function of the two alone, so
/// that puzzle `index` is the same however many threads share the work.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    mix(seed, index)
}

/// Symmetry of the givens: every orbit of cells under it is all given or all blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn: the cell at (r, c) goes with the one at (rows-1-r, cols-1-c).
    Rot180,
    /// Quarter turns: orbits of up to four cells (square areas only).
    Rot90,
    /// Left-right mirror: (r, c) goes with (r, cols-1-c).
    Mirror,
    /// Reflection in the main diagonal: (r, c) goes with (c, r) (square areas only).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the command line's list.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name on the command line: `none`, `rot180`, `rot90`, `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of position `p` in an area of `rows` x `cols`; `None` when the symmetry does
    /// not map the area onto itself (a quarter turn or a diagonal of a non-square area).
    fn image(self, rows: usize, cols: usize, p: usize) -> Option<usize> {
        let (r, c) = (p / cols, p % cols);
        let square = rows == cols;
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (rows - 1 - r, cols - 1 - c),
            Symmetry::Rot90 if square => (c, cols - 1 - r),
            Symmetry::Mirror => (r, cols - 1 - c),
            Symmetry::Diagonal if square => (c, r),
            Symmetry::Rot90 | Symmetry::Diagonal => return None,
        };
        Some(r2 * cols + c2)
    }

    /// The orbits of the active cells of `rules`: sets of positions that are given or blank
    /// together, each in increasing order, in the order of their first cell.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Symmetry`] when the symmetry does not map the active cells onto
    /// themselves (a quarter turn of a non-square area, a mirror of a layout that is not
    /// mirror-symmetric).
    pub fn orbits(self, rules: &Rules) -> Result<Vec<Vec<usize>>, GenerateError> {
        let (rows, cols) = (rules.rows(), rules.cols());
        let refuse = |why: String| GenerateError::Symmetry {
            symmetry: self,
            reason: why,
        };
        let mut seen = vec![false; rows * cols];
        let mut orbits = Vec::new();
        for &p in rules.cells() {
            if seen[p] {
                continue;
            }
            let mut orbit = vec![p];
            seen[p] = true;
            let mut q = p;
            loop {
                q = self
                    .image(rows, cols, q)
                    .ok_or_else(|| refuse(format!("the area is {rows}x{cols}, not square")))?;
                if q == p {
                    break;
                }
                if !rules.is_active(q) {
                    return Err(refuse(format!(
                        "it maps {} to {}, outside every grid",
                        rules.cell(p),
                        rules.cell(q)
                    )));
                }
                if !seen[q] {
                    seen[q] = true;
                    orbit.push(q);
                }
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        Ok(orbits)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(text: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| {
                format!("unknown symmetry {text:?} (known: none, rot180, rot90, mirror, diagonal)")
            })
    }
}

/// What to generate, besides the rules.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// Symmetry of the givens.
    pub symmetry: Symmetry,
    /// Prove the puzzle minimal: every single given, taken away, leaves several solutions.
    /// With a symmetry, minimal for that symmetry: every orbit of givens, taken away, leaves
    /// several solutions (a single given might still go, but only by breaking the symmetry).
    pub minimal: bool,
    /// Stop removing givens at this many (a target: when one pass does not get that low, a
    /// few more tries are made and the puzzle with the fewest givens is kept).
    pub givens: Option<usize>,
    /// Random jigsaw regions replace the boxes: a new set for every puzzle.
    pub jigsaw: bool,
    /// Random killer cages (connected, 1 to 5 cells, sums from the solution) are added.
    pub killer: bool,
    /// Tries per puzzle before giving up: filled grids abandoned, puzzles the filter or the
    /// minimality proof rejected.
    pub attempts: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            symmetry: Symmetry::None,
            minimal: false,
            givens: None,
            jigsaw: false,
            killer: false,
            attempts: 1000,
        }
    }
}

/// How many passes a givens target gets before the best puzzle so far is taken.
const TARGET_TRIES: usize = 16;

/// Largest killer cage.
const MAX_CAGE: usize = 5;

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Its rules: those asked for, with the random regions or cages when asked.
    pub rules: Rules,
    /// The puzzle: unique, proved by counting its solutions to 2.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Number of givens.
    pub givens: usize,
    /// False when a givens target was asked and not reached (the puzzle is the one with the
    /// fewest givens found).
    pub target_reached: bool,
    /// Tries it took (1 when the first filled grid gave an acceptable puzzle).
    pub attempts: usize,
    /// Uniqueness proofs made (searches counting to 2).
    pub proofs: u64,
}

/// Why no puzzle could be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Rules that do not make sense.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A symmetry the layout does not have.
    #[error("symmetry {symmetry} does not fit the layout: {reason}")]
    Symmetry {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// Why it does not fit.
        reason: String,
    },
    /// Settings that do not go together.
    #[error("{0}")]
    Settings(String),
    /// Every try failed.
    #[error("no puzzle found in {attempts} tries ({why})")]
    Exhausted {
        /// Tries made.
        attempts: usize,
        /// What went wrong most recently.
        why: &'static str,
    },
}

/// Accepts or rejects a generated puzzle (for instance by its difficulty); see
/// [`Generator::with_filter`].
pub type Filter = Arc<dyn Fn(&Rules, &Grid) -> bool + Send + Sync>;

/// Makes puzzles with exactly one solution for a rule set.
///
/// A generator is shared by reference between threads: [`Generator::generate`] takes `&self`
/// and builds its own matrices.
#[derive(Clone)]
pub struct Generator {
    /// The rules asked for, without random regions or cages.
    rules: Rules,
    settings: Settings,
    /// Orbits of the symmetry over the active cells.
    orbits: Vec<Vec<usize>>,
    filter: Option<Filter>,
}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Generator")
            .field("rules", &self.rules)
            .field("settings", &self.settings)
            .field("filter", &self.filter.is_some())
            .finish()
    }
}

/// Why one try was abandoned.
enum Dead {
    /// No filled grid within the node budget (or none at all).
    Grid,
    /// A given could still go (cannot happen: one pass leaves none; the proof says so).
    NotMinimal,
    /// The caller's filter said no.
    Filtered,
}

impl Dead {
    fn why(&self) -> &'static str {
        match self {
            Dead::Grid => "no filled grid found for these rules; they may have none",
            Dead::NotMinimal => "no puzzle was minimal",
            Dead::Filtered => "the filter rejected every puzzle",
        }
    }
}

impl Generator {
    /// A generator for the rules `spec` describes.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Rules`] when the rules do not make sense, [`GenerateError::Symmetry`]
    /// when the symmetry does not fit the layout, [`GenerateError::Settings`] for jigsaw regions
    /// with several grids or given regions, or a killer puzzle with cages already given.
    pub fn new(spec: Spec, settings: Settings) -> Result<Generator, GenerateError> {
        if settings.jigsaw && spec.grids.len() > 1 {
            return Err(GenerateError::Settings(
                "random jigsaw regions need a single grid".into(),
            ));
        }
        if settings.jigsaw && spec.regions.is_some() {
            return Err(GenerateError::Settings(
                "random jigsaw regions replace given regions: give one or the other".into(),
            ));
        }
        if settings.jigsaw && spec.size > REGION_LABELS.len() {
            return Err(GenerateError::Settings(format!(
                "random jigsaw regions go up to {0}x{0}",
                REGION_LABELS.len()
            )));
        }
        if settings.killer && !spec.constraints.killer.cages.is_empty() {
            return Err(GenerateError::Settings(
                "random cages replace given cages: give one or the other".into(),
            ));
        }
        if settings.minimal && settings.givens.is_some() {
            return Err(GenerateError::Settings(
                "a givens target and minimality do not go together: a minimal puzzle has as many givens as it needs".into(),
            ));
        }
        let rules = Rules::new(spec)?;
        let orbits = settings.symmetry.orbits(&rules)?;
        Ok(Generator {
            rules,
            settings: Settings {
                attempts: settings.attempts.max(1),
                ..settings
            },
            orbits,
            filter: None,
        })
    }

    /// Accepts only the puzzles `filter` accepts; a rejected puzzle is replaced by one made
    /// from the next sub-seed (up to [`Settings::attempts`] tries), so generation stays
    /// reproducible.
    pub fn with_filter(
        mut self,
        filter: impl Fn(&Rules, &Grid) -> bool + Send + Sync + 'static,
    ) -> Generator {
        self.filter = Some(Arc::new(filter));
        self
    }

    /// The rules asked for (without random regions or cages, which differ per puzzle).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Makes puzzle `index` of a run started with `seed`: the same puzzle for the same
    /// rules, settings, seed and index, on any machine.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Exhausted`] when every try failed: no filled grid found for the rules
    /// (they may have none), or a filter that rejected
    /// everything.
    pub fn generate(&self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let seed = puzzle_seed(seed, index);
        let mut best: Option<Generated> = None;
        let mut misses = 0;
        let mut last = Dead::Grid;
        for attempt in 0..self.settings.attempts {
            let mut rng = Rng::new(mix(seed, attempt as u64));
            let mut made = match self.attempt(&mut rng) {
                Ok(made) => made,
                Err(dead) => {
                    last = dead;
                    continue;
                }
            };
            made.attempts = attempt + 1;
            if let Some(filter) = &self.filter {
                if !filter(&made.rules, &made.puzzle) {
                    last = Dead::Filtered;
                    continue;
                }
            }
            if made.target_reached {
                return Ok(made);
            }
            if best.as_ref().is_none_or(|b| made.givens < b.givens) {
                best = Some(made);
            }
            misses += 1;
            if misses >= TARGET_TRIES {
                break;
            }
        }
        best.ok_or(GenerateError::Exhausted {
            attempts: self.settings.attempts,
            why: last.why(),
        })
    }

    /// One try: rules, filled grid, removals, proofs.
    fn attempt(&self, rng: &mut Rng) -> Result<Generated, Dead> {
        let rules = if self.settings.jigsaw {
            let mut spec = self.rules.spec().clone();
            spec.regions = Some(random_regions(self.rules.size(), rng));
            spec.box_shape = None;
            Rules::new(spec).expect("grown regions have n cells each")
        } else {
            self.rules.clone()
        };
        let solution = random_solution(&rules, rng).ok_or(Dead::Grid)?;
        let rules = if self.settings.killer {
            let mut spec = rules.spec().clone();
            spec.constraints.killer.cages = random_cages(&rules, &solution, rng);
            Rules::new(spec).expect("cages from a solution have reachable sums")
        } else {
            rules
        };
        let mut solver = Solver::new(rules.clone());
        let mut proofs = 0u64;
        let mut unique = |puzzle: &Grid| {
            proofs += 1;
            let answer = solver
                .enumerate(puzzle, Some(2), 0)
                .expect("a subset of a solution breaks no rule");
            answer.count == 1
        };

        let cols = rules.cols();
        let mut puzzle = solution.clone();
        let mut givens = rules.cell_count();
        let target = self.settings.givens;
        let mut orbits = self.orbits.clone();
        rng.shuffle(&mut orbits);
        for orbit in &orbits {
            if let Some(target) = target {
                if givens <= target {
                    break;
                }
                if givens - orbit.len() < target {
                    continue;
                }
            }
            for &p in orbit {
                puzzle.set(p / cols, p % cols, 0);
            }
            if unique(&puzzle) {
                givens -= orbit.len();
            } else {
                for &p in orbit {
                    puzzle.set(p / cols, p % cols, solution.cells()[p]);
                }
            }
        }
        if self.settings.minimal {
            // The proof: every orbit of givens (every single given, without a symmetry),
            // taken away, leaves several solutions.
            for orbit in &self.orbits {
                if puzzle.cells()[orbit[0]] == 0 {
                    continue;
                }
                for &p in orbit {
                    puzzle.set(p / cols, p % cols, 0);
                }
                let removable = unique(&puzzle);
                for &p in orbit {
                    puzzle.set(p / cols, p % cols, solution.cells()[p]);
                }
                if removable {
                    return Err(Dead::NotMinimal);
                }
            }
        }
        Ok(Generated {
            rules,
            puzzle,
            solution,
            givens,
            target_reached: target.is_none_or(|t| givens <= t),
            attempts: 1,
            proofs,
        })
    }
}

/// A random filled grid of `rules`: the first solution of the exact-cover search over the
/// matrix with its options shuffled. The search is abandoned after a budget of nodes (a
/// shuffle that leads into a long dead end is cheaper to replace than to finish); `None` then,
/// or when the rules have no solution at all.
pub fn random_solution(rules: &Rules, rng: &mut Rng) -> Option<Grid> {
    let (problem, numbering) = encode(rules);
    let mut order: Vec<OptionId> = (0..problem.option_count() as u32).map(OptionId).collect();
    rng.shuffle(&mut order);
    let mut dlx = Dlx::with_option_order(&problem, &order).ok()?;
    let budget = 20 * rules.cell_count() as u64 + 1000;
    let mut search = dlx.search();
    search.on_progress(budget, |_| ControlFlow::Break(()));
    let chosen = search.next_solution()?;
    Some(numbering.decode(chosen))
}

/// Labels of random jigsaw regions, one per region.
const REGION_LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&";

/// Orthogonal neighbours of position `p` in an area `cols` wide and `rows` high.
fn neighbours(p: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / cols, p % cols);
    [
        (r > 0).then(|| p - cols),
        (r + 1 < rows).then(|| p + cols),
        (c > 0).then(|| p - 1),
        (c + 1 < cols).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random jigsaw regions for an `n`x`n` grid: `n` connected regions of `n` cells each. They
/// start as the boxes and are stirred by random trades along their borders: a cell of one
/// region passes to a neighbouring region, which gives back one of its cells that touches the
/// first, and the trade stands only when both regions stay connected. Every state is a valid
/// set of regions, so this always succeeds.
///
/// # Complexity
///
/// `10 n^2` trades, each checked in `O(n^2)`.
pub fn random_regions(n: usize, rng: &mut Rng) -> Vec<char> {
    let labels: Vec<char> = REGION_LABELS.chars().collect();
    let (box_rows, box_cols) = default_box(n);
    let stacks = n / box_cols;
    let mut region: Vec<usize> = (0..n * n)
        .map(|p| (p / n / box_rows) * stacks + (p % n) / box_cols)
        .collect();
    let connected = |region: &[usize], g: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&p| region[p] == g).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 1;
        while let Some(p) = stack.pop() {
            for q in neighbours(p, n, n) {
                if region[q] == g && !seen[q] {
                    seen[q] = true;
                    reached += 1;
                    stack.push(q);
                }
            }
        }
        reached == cells.len()
    };
    let mut foreign = Vec::new();
    for _ in 0..10 * n * n {
        let a = rng.below(n * n);
        let ra = region[a];
        foreign.clear();
        foreign.extend(neighbours(a, n, n).filter(|&q| region[q] != ra));
        if foreign.is_empty() {
            continue;
        }
        let rb = region[foreign[rng.below(foreign.len())]];
        // The cells of region rb that touch region ra, one of which goes back.
        let back: Vec<usize> = (0..n * n)
            .filter(|&p| region[p] == rb && neighbours(p, n, n).any(|q| region[q] == ra && q != a))
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        region[a] = rb;
        region[c] = ra;
        if !connected(&region, ra) || !connected(&region, rb) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    region.into_iter().map(|g| labels[g]).collect()
}

/// Random killer cages over the active cells of `rules`, for `solution`: every cell in one
/// cage; cages are connected, of 1 to 5 cells (mostly 2 to 4) holding different digits, and
/// their sums are those of the solution.
pub fn random_cages(rules: &Rules, solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
    let (rows, cols) = (rules.rows(), rules.cols());
    let largest = MAX_CAGE.min(rules.size());
    // Weights of cage sizes 1..=5.
    const WEIGHTS: [usize; MAX_CAGE] = [1, 4, 4, 3, 2];
    let total: usize = WEIGHTS[..largest].iter().sum();
    let mut taken = vec![false; rows * cols];
    let mut order = rules.cells().to_vec();
    rng.shuffle(&mut order);
    let digits = solution.cells();
    let mut cages = Vec::new();
    let mut frontier = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let mut pick = rng.below(total);
        let mut size = 1;
        while pick >= WEIGHTS[size - 1] {
            pick -= WEIGHTS[size - 1];
            size += 1;
        }
        taken[start] = true;
        let mut cells = vec![start];
        let mut used = 1u64 << digits[start];
        while cells.len() < size {
            frontier.clear();
            for &p in &cells {
                frontier
                    .extend(neighbours(p, rows, cols).filter(|&q| {
                        rules.is_active(q) && !taken[q] && used >> digits[q] & 1 == 0
                    }));
            }
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let q = frontier[rng.below(frontier.len())];
            taken[q] = true;
            used |= 1 << digits[q];
            cells.push(q);
        }
        cells.sort_unstable();
        cages.push(Cage {
            sum: cells.iter().map(|&p| u32::from(digits[p])).sum(),
            cells: cells.iter().map(|&p| Cell::from_index(p, cols)).collect(),
        });
    }
    cages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::validate;

    #[test]
    fn the_rng_is_the_same_everywhere() {
        // SplitMix64's published first outputs for seed 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn orbits_cover_every_cell_once() {
        let rules = Rules::classic();
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(&rules).unwrap();
            let mut all: Vec<usize> = orbits.concat();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<_>>(), "{symmetry}");
        }
        assert_eq!(Symmetry::Rot180.orbits(&rules).unwrap().len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(&rules).unwrap().len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(&rules).unwrap().len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(&rules).unwrap().len(), 45);
    }

    #[test]
    fn symmetries_that_do_not_fit_the_layout_are_refused() {
        let twodoku = Rules::new(Spec {
            grids: vec![(0, 0), (6, 6)],
            ..Spec::new(9)
        })
        .unwrap();
        assert!(Symmetry::Rot180.orbits(&twodoku).is_ok());
        assert!(Symmetry::Diagonal.orbits(&twodoku).is_ok());
        let error = Symmetry::Mirror.orbits(&twodoku).unwrap_err();
        assert_eq!(
            error.to_string(),
            "symmetry mirror does not fit the layout: it maps r1c1 to r1c15, outside every grid"
        );
        let wide = Rules::new(Spec {
            grids: vec![(0, 0), (0, 6)],
            ..Spec::new(9)
        })
        .unwrap();
        assert!(Symmetry::Rot90.orbits(&wide).is_err());
        assert!(Symmetry::Mirror.orbits(&wide).is_ok());
    }

    #[test]
    fn random_regions_tile_the_grid() {
        let mut rng = Rng::new(7);
        for n in [4, 5, 6, 9, 16] {
            for _ in 0..20 {
                let labels = random_regions(n, &mut rng);
                let spec = Spec {
                    regions: Some(labels),
                    ..Spec::new(n)
                };
                Rules::new(spec).expect("n regions of n cells");
            }
        }
    }

    #[test]
    fn random_cages_partition_the_grid_with_the_solution_sums() {
        let rules = Rules::classic();
        let mut rng = Rng::new(3);
        let solution = random_solution(&rules, &mut rng).unwrap();
        let cages = random_cages(&rules, &solution, &mut rng);
        let cells: usize = cages.iter().map(|c| c.cells.len()).sum();
        assert_eq!(cells, 81);
        let killer = Rules::new(Spec::new(9).with(|c| c.killer.cages = cages)).unwrap();
        validate(&killer, &killer.empty_grid(), &solution).unwrap();
    }

    #[test]
    fn a_generated_puzzle_is_unique_and_one_pass_is_minimal() {
        let generator = Generator::new(
            Spec::new(9),
            Settings {
                minimal: true,
                ..Settings::default()
            },
        )
        .unwrap();
        let made = generator.generate(1, 1).unwrap();
        validate(&made.rules, &made.puzzle, &made.solution).unwrap();
        // Without a symmetry one pass is always minimal: the first try is kept.
        assert_eq!(made.attempts, 1);
        assert!(made.givens < 40, "{}", made.givens);
    }

    #[test]
    fn a_filter_is_obeyed_and_stays_reproducible() {
        let generator = Generator::new(Spec::new(4), Settings::default())
            .unwrap()
            .with_filter(|_, puzzle| puzzle.filled() == 5);
        let made = generator.generate(9, 3).unwrap();
        assert_eq!(made.givens, 5);
        assert_eq!(generator.generate(9, 3).unwrap(), made);
    }

    #[test]
    fn settings_that_do_not_go_together_are_refused() {
        let both = Settings {
            minimal: true,
            givens: Some(30),
            ..Settings::default()
        };
        assert!(matches!(
            Generator::new(Spec::new(9), both),
            Err(GenerateError::Settings(_))
        ));
    }
}
