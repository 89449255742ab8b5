//! The generator: settings, tries, and what each try does (rules, a filled grid, removals,
//! proofs).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::sudoku::engine::Engine;
use crate::sudoku::grid::Grid;
use crate::sudoku::rules::{Rules, RulesError, Spec};
use crate::sudoku::solver::Solver;
use crate::xc::Budget;

use super::cages::random_cages;
use super::regions::{random_regions, REGION_LABELS};
use super::removal::{is_minimal, remove_givens, Check};
use super::rng::{mix, puzzle_seed, Rng};
use super::solution::random_solution_by;
use super::symmetry::{Symmetry, SymmetryError};

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
    /// Nodes a check of one removal may search before it is left undecided (the given then
    /// stays: the puzzle is still proved unique, but not proved minimal); `None` for
    /// [`default_check_nodes`]. The proof of [`Settings::minimal`] always searches to the end.
    pub check_nodes: Option<u64>,
    /// Time one puzzle may take: past it, the removals stop and the puzzle so far (proved
    /// unique) is kept, marked [`Generated::out_of_time`]; `None` for no limit. The only
    /// setting that makes the result depend on the machine, and only when it is reached.
    pub timeout: Option<Duration>,
}

/// The default node budget of a check of one removal, for grids of `cells` cells: far above
/// what any check of a 9x9 or 16x16 takes (their puzzles stay minimal), and what keeps a
/// 25x25 or 36x36 from stalling on one hard check (figures in BENCHMARKS.md).
pub fn default_check_nodes(cells: usize) -> u64 {
    if cells < 625 {
        1 << 40
    } else {
        1000
    }
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
            check_nodes: None,
            timeout: None,
        }
    }
}

/// How many passes a givens target gets before the best puzzle so far is taken.
const TARGET_TRIES: usize = 16;

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
    /// Uniqueness checks made (searches counting to 2, or for a solution other than the
    /// known one).
    pub proofs: u64,
    /// Checks left undecided by [`Settings::check_nodes`] (their givens stayed): when above
    /// 0 the puzzle is unique but may not be minimal.
    pub undecided: u64,
    /// [`Settings::timeout`] stopped the removals (or the minimality proof): the puzzle is
    /// unique, but more givens might go.
    pub out_of_time: bool,
}

/// Why no puzzle could be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Rules that do not make sense.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A symmetry the layout does not have.
    #[error(transparent)]
    Symmetry(#[from] SymmetryError),
    /// Settings that do not go together.
    #[error("{0}")]
    Settings(String),
    /// [`Settings::timeout`] came before a filled grid was found.
    #[error("the timeout came before a filled grid was found")]
    OutOfTime,
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

/// Hears how a puzzle is coming along: called with the puzzle's index and its givens left
/// after every check of a removal; see [`Generator::with_progress`].
pub type Listener = Arc<dyn Fn(u64, usize) + Send + Sync>;

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
    progress: Option<Listener>,
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
    /// The timeout came first.
    OutOfTime,
}

impl Dead {
    fn why(&self) -> &'static str {
        match self {
            Dead::Grid => "no filled grid found for these rules; they may have none",
            Dead::NotMinimal => "no puzzle was minimal",
            Dead::Filtered => "the filter rejected every puzzle",
            Dead::OutOfTime => "the timeout came first",
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
        if settings.killer && !spec.constraints.cage.cages.is_empty() {
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
            progress: None,
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

    /// Calls `listener` with the puzzle's index and its givens left after every check of a
    /// removal (from whatever thread makes the puzzle): for progress on a terminal.
    pub fn with_progress(
        mut self,
        listener: impl Fn(u64, usize) + Send + Sync + 'static,
    ) -> Generator {
        self.progress = Some(Arc::new(listener));
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
        let deadline = self.settings.timeout.map(|t| Instant::now() + t);
        let seed = puzzle_seed(seed, index);
        let mut best: Option<Generated> = None;
        let mut misses = 0;
        let mut last = Dead::Grid;
        for attempt in 0..self.settings.attempts {
            let mut rng = Rng::new(mix(seed, attempt as u64));
            if deadline.is_some_and(|d| Instant::now() >= d) {
                last = Dead::OutOfTime;
                break;
            }
            let mut made = match self.attempt(&mut rng, index, deadline) {
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
            if made.target_reached || made.out_of_time {
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
        best.ok_or(match last {
            Dead::OutOfTime => GenerateError::OutOfTime,
            last => GenerateError::Exhausted {
                attempts: self.settings.attempts,
                why: last.why(),
            },
        })
    }

    /// One try: rules, filled grid, removals, proofs; puzzle `index`, until `deadline`.
    fn attempt(
        &self,
        rng: &mut Rng,
        index: u64,
        deadline: Option<Instant>,
    ) -> Result<Generated, Dead> {
        let rules = if self.settings.jigsaw {
            let mut spec = self.rules.spec().clone();
            spec.regions = Some(random_regions(self.rules.size(), rng));
            spec.box_shape = None;
            Rules::new(spec).expect("grown regions have n cells each")
        } else {
            self.rules.clone()
        };
        let timed = Budget {
            deadline,
            ..Budget::UNLIMITED
        };
        let solution = random_solution_by(&rules, rng, timed).ok_or_else(|| {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                Dead::OutOfTime
            } else {
                Dead::Grid
            }
        })?;
        let rules = if self.settings.killer {
            let mut spec = rules.spec().clone();
            spec.constraints.cage.cages = random_cages(&rules, &solution, rng);
            Rules::new(spec).expect("cages from a solution have reachable sums")
        } else {
            rules
        };
        // The checks of removals look for a second solution within a small budget, where
        // item domination costs more per node than it saves (25x25: 0.20 s instead of 0.13 s
        // CPU for seed 1, about the same givens; BENCHMARKS.md).
        let mut solver = Solver::new(rules.clone()).with_domination(None);
        let mut proofs = 0u64;
        let nodes = self
            .settings
            .check_nodes
            .unwrap_or_else(|| default_check_nodes(rules.cell_count()));
        let progress = self.progress.clone();
        // Checks of removals within the node budget (`None`: to the end), and the deadline.
        // A minimal puzzle is proved exactly: no check stops early (only the deadline).
        let limit = (!self.settings.minimal).then_some(nodes);
        let mut checker = |puzzle: &Grid, orbit: &[usize]| {
            proofs += 1;
            let budget = Budget {
                max_nodes: limit,
                deadline,
                stop: None,
            };
            let verdict = check(&mut solver, puzzle, &solution, orbit, budget, deadline);
            if let Some(progress) = &progress {
                progress(index, puzzle.filled());
            }
            verdict
        };

        let cols = rules.cols();
        let target = self.settings.givens;
        let mut orbits = self.orbits.clone();
        rng.shuffle(&mut orbits);
        let pass = remove_givens(
            &solution,
            cols,
            &orbits,
            rules.cell_count(),
            target,
            &mut checker,
        );
        let (mut puzzle, givens, undecided) = (pass.puzzle, pass.givens, pass.undecided);
        let mut out_of_time = pass.out_of_time;
        if self.settings.minimal && !out_of_time {
            let proof = is_minimal(&mut puzzle, &solution, cols, &self.orbits, &mut checker);
            match proof {
                Some(true) => {}
                Some(false) => return Err(Dead::NotMinimal),
                // Exact checks are undecided only when the time runs out.
                None => out_of_time = true,
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
            undecided,
            out_of_time,
        })
    }
}

/// Whether `puzzle` (the puzzle of `solution` without `orbit`, which had one solution with
/// it) still has one, within `budget`. A single cell is checked by looking for a solution
/// with another digit there (any second solution must differ there); a larger orbit by
/// counting to 2.
fn check(
    solver: &mut Solver,
    puzzle: &Grid,
    solution: &Grid,
    orbit: &[usize],
    budget: Budget,
    deadline: Option<Instant>,
) -> Check {
    let decided = if let [p] = orbit {
        solver
            .has_other(puzzle, *p, solution.cells()[*p], budget)
            .expect("a subset of a solution breaks no rule")
            .map(|other| !other)
    } else {
        let answer = solver
            .enumerate_bounded(puzzle, Some(2), 0, budget)
            .expect("a subset of a solution breaks no rule");
        (!answer.cut_short(Some(2))).then_some(answer.count == 1)
    };
    match decided {
        Some(true) => Check::Unique,
        Some(false) => Check::Several,
        None if deadline.is_some_and(|d| Instant::now() >= d) => Check::OutOfTime,
        None => Check::Undecided,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::validate::validate;

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
