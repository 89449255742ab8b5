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
//! A constraint family with steps of its own offers them through
//! [`Constraint::logic`](crate::sudoku::rules::Constraint::logic), the way the killer family
//! offers the cage-sum step; the logic tries them after locked candidates.
//!
//! The logic never guesses. When no technique applies it stalls, and a caller that knows the
//! solution (from the exact-cover engine) may go on with [`solve_with_guesses`], whose guesses
//! are labelled as such.
//!
//! One module per technique family, each adding its search to the shared [`State`]:
//!
//! ```text
//! state.rs      the candidate state: placements, candidates, peers, complete units
//! mask.rs       candidate masks and k-subsets
//! singles.rs    naked and hidden singles
//! locked.rs     locked candidates: pointing, claiming, and between any two units
//! subsets.rs    naked and hidden pairs, triples, quads
//! fish.rs       X-wing, swordfish, jellyfish
//! wings.rs      XY-wing, XYZ-wing
//! matrix.rs     the rules as one exact-cover matrix, with the options that conflict
//! items.rs      the generic steps on it: forbidden, only option, domination
//! chains/       contradiction chains on it (mod.rs), and sum chains, whose rounds also
//!               keep the promised sums within reach (sums.rs)
//! lines/        rule-specific steps on lines and sums: the 45 rule with lines
//!               (house_sums.rs)
//! covers.rs     subsets and fish over any items: set pairs and triples
//! rule_refs.rs  which rule instances a step used, as data (the JSON steps' `rules`)
//! rule_sums.rs  the sums the rules promise (arrows, little killers, cages): out of reach,
//!               combinations
//! sum_pairs.rs  two promised sums sharing cells, filled together (overlapping sums)
//! fillings.rs   the one walk through a sum's fillings, which the sum steps and the killer
//!               family's steps share
//! failed.rs     what the costly searches found nothing with, by what they read
//! explain.rs    the order techniques are tried in (the families' own steps among them),
//!               guesses, the explanation of a puzzle
//! technique.rs, step.rs, grade.rs: what a step is and says, and what a solution is worth
//! ```
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

mod chains;
mod covers;
mod explain;
mod failed;
pub(crate) mod fillings;
mod fish;
mod grade;
mod items;
mod lines;
mod locked;
pub(crate) mod mask;
mod matrix;
mod rule_refs;
mod rule_sums;
mod singles;
mod state;
pub(crate) mod step;
mod subsets;
mod sum_pairs;
pub(crate) mod technique;
mod wings;

pub use explain::{
    explain_from, grade, solve_logically, solve_with_guesses, unexplained, Explanation, NextStep,
    CUT_SHORT_NOTE, HINT_WORK,
};
pub use grade::{Grade, GradeError};
pub use rule_refs::{RuleIndex, RuleRef};
pub use state::State;
pub use step::Step;
pub use technique::Technique;
