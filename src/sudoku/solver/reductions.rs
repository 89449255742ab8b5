//! Which reductions and which choice of item a solver's searches use, from its rules: item
//! domination on large grids, killer cages, pencil marks, zipper lines and sandwich sums,
//! conflict scores on pencil marks.
//! Answers are the same whichever is on; only the work differs (figures in BENCHMARKS.md).

use crate::sudoku::rules::Rules;

/// Grids with at least this many cells (16x16 and up) search with locked candidates on the
/// matrix ([`Dlx::set_domination`](crate::xc::Dlx::set_domination)): it cuts the nodes of hard 16x16 proofs 3-4 times and of
/// 25x25 ones up to 200 times, while on 9x9 classic and most variants it costs more per node
/// than it saves (figures in BENCHMARKS.md).
const DOMINATION_FROM: usize = 256;

/// The items item domination tests on large grids: those with at most this many options
/// left. Two (a digit with two places in a unit, a cell with two candidates) finds most of
/// the removals at the least cost (BENCHMARKS.md).
const DOMINATION_OPTIONS: u32 = 2;

/// The same for puzzles with killer cages, of any size: their digit-set options and the
/// cells they cover dominate one another often, and three options is where the hard 9x9
/// killers of `bench/killers/` are fastest (7.1 s CPU off, 3.1 s with 2, 2.2 s with 3).
const DOMINATION_CAGES: u32 = 3;

/// Whether `rules` have zipper lines or sandwich sums: their searches use item domination on
/// two-way items. Measured with the sums' priors shared ([`crate::xc`]'s conflict scores),
/// off against on: `sandwich_snipe_18` 223,758 -> 77,677 nodes (5.3 -> 2.1 s);
/// `the_zip_that_zips_the_zips` 52,368 -> 37,951 nodes, 8 % fewer instructions; but
/// `zipper_lines_easy` 702 -> 1,311 nodes, 42 % more instructions, and `zipperline-2` 18 %
/// more (sandwich sums alone may be the better rule: not yet measured). Skyscrapers and
/// X-sums gain too little to pay for it (`skyscraper_all_5` 10 % more instructions,
/// `x_sum_little_killer` 4 %; BENCHMARKS.md).
fn zipped_or_sandwiched(rules: &Rules) -> bool {
    let constraints = rules.constraints();
    !constraints.zipperline.lines.is_empty() || !constraints.sandwichsum.clues.is_empty()
}

/// Whether `rules` give pencil marks and no promise (no sum, relation or automaton, which
/// choose by their own conflict scores): then the search also uses item domination on
/// two-way items and chooses by conflict scores ([`Dlx::set_conflict_scores`](crate::xc::Dlx::set_conflict_scores)), as the marks
/// leave irregular candidates where dead ends cluster (`hard_pencilmarks_04`: 23.9 million
/// nodes by the fewest options, 1.3 million so; with arrows, `triple_digits` took 930 nodes
/// without the domination and 2,231 with it; BENCHMARKS.md).
pub(super) fn marked_alone(rules: &Rules, promised: bool) -> bool {
    !promised && !rules.constraints().pencilmarks.marks.is_empty()
}

/// Whether, and on which items, a solver of `rules` (with `promised` sums, relations or
/// automata) uses item domination.
pub(super) fn domination_for(rules: &Rules, promised: bool) -> Option<u32> {
    if !rules.constraints().cage.cages.is_empty() {
        Some(DOMINATION_CAGES)
    } else if rules.cell_count() >= DOMINATION_FROM
        || marked_alone(rules, promised)
        || zipped_or_sandwiched(rules)
    {
        Some(DOMINATION_OPTIONS)
    } else {
        None
    }
}
