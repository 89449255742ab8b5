//! Empty jigsaw layouts: `check` and `solve --first` use the digit-relabelling symmetry (one
//! unit's digits fixed) and, where that search has not answered within a few thousand nodes,
//! the search by transversals (`sudokux::sudoku::transversal`); they answer within a node
//! budget, valid layout or not, agreeing with the count and with the validator.
//!
//! CI runs a sample of random layouts (seed 136 among them, which the cell search alone does
//! not answer in 50 million nodes), invalid ones scrambled at random, and the scrambled layout
//! without a solution that took 1.4 million nodes (5.6 s) before empty grids were searched
//! with item domination on every item; it now takes 8,235.
//! `SUDOKUX_LAYOUTS=300 cargo test --release --test library jigsaw -- --nocapture` runs 300 of each
//! and prints the work and time of each. There all 600 are answered, the slowest (a scrambled
//! layout without a solution, `AAAAAACCC BBAABACCC DBBBBBFCC DDDEEBFFC DDEEEEFFF DEEGGEHFF
//! DGGGHHHHF DGHHHHIII GGGIIIIII`) in about 79,000 nodes, 1 to 2 s on a loaded machine (0.9 s
//! of it the split into transversals with its lookahead); BENCHMARKS.md has the figures.

use crate::common;

use std::time::Instant;

use sudokux::sudoku::generate::{random_regions, Rng};
use sudokux::sudoku::{validate, Engine, Rules, Solver, Spec};
use sudokux::xc::{Budget, Watch};

/// Nodes any one answer may take: the free search took millions and more on such layouts.
const NODES: u64 = 500_000;

/// Nodes the cross-check by the plain count (no symmetry, no transversals) may take.
const PLAIN_NODES: u64 = 100_000;

/// The seeds of the layouts to try: `SUDOKUX_LAYOUTS` of them, or a sample with seed 136.
fn seeds() -> Vec<u64> {
    match std::env::var("SUDOKUX_LAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(n) => (0..n).collect(),
        None => (0..10).chain([136]).collect(),
    }
}

/// How many invalid scrambled layouts to try: `SUDOKUX_LAYOUTS`, or 30 under
/// `SUDOKUX_HEAVY_TESTS=1`, or 10. About one scrambled layout in 40 has no solution, and making
/// one takes 4 ms in the test build: 30 of them took 1,146 layouts and 5 s.
fn invalid_layouts() -> usize {
    std::env::var("SUDOKUX_LAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if common::heavy() { 30 } else { 10 })
}

/// A random layout of 9 connected regions of 9 cells: the generator's (boxes stirred by
/// trades between neighbouring regions, which nearly always have solutions) for even seeds;
/// for odd ones, the same followed by swaps of two random cells of any two regions, kept
/// when both regions stay connected (such layouts often have no solution).
fn layout(seed: u64, rng: &mut Rng) -> Vec<char> {
    let mut labels = random_regions(9, rng);
    if seed % 2 == 1 {
        let mut swaps = 0;
        while swaps < 1 + seed % 4 {
            let (a, b) = (rng.below(81), rng.below(81));
            labels.swap(a, b);
            if connected(&labels, labels[a]) && connected(&labels, labels[b]) {
                swaps += 1;
            } else {
                labels.swap(a, b);
            }
        }
    }
    labels
}

/// Whether the cells labelled `label` are connected.
fn connected(labels: &[char], label: char) -> bool {
    let cells: Vec<usize> = (0..81).filter(|&p| labels[p] == label).collect();
    let mut seen = [false; 81];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    let mut reached = 1;
    while let Some(p) = stack.pop() {
        for q in neighbours(p) {
            if labels[q] == label && !seen[q] {
                seen[q] = true;
                reached += 1;
                stack.push(q);
            }
        }
    }
    reached == cells.len()
}

fn neighbours(p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / 9, p % 9);
    [
        (r > 0).then(|| p - 9),
        (r < 8).then(|| p + 9),
        (c > 0).then(|| p - 1),
        (c < 8).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

#[test]
fn empty_jigsaw_layouts_are_answered_within_a_node_budget() {
    let (mut valid, mut invalid) = (0, 0);
    for seed in seeds() {
        let mut rng = Rng::new(seed);
        let mut spec = Spec::new(9);
        spec.regions = Some(layout(seed, &mut rng));
        let rules = Rules::new(spec).unwrap();
        let empty = rules.empty_grid();
        let mut solver = Solver::new(rules.clone());
        let started = Instant::now();
        let answer = solver
            .enumerate_bounded(&empty, Some(2), 2, Budget::nodes(NODES))
            .unwrap();
        let time = started.elapsed();
        assert!(
            !answer.cut_short(Some(2)),
            "layout {seed}: no answer in {NODES} nodes"
        );
        let count = solver
            .count_bounded(&empty, Some(2), 1, &Watch::new(), Budget::nodes(NODES))
            .unwrap();
        assert_eq!(
            answer.count, count.count,
            "layout {seed}: check and count differ"
        );
        for solution in &answer.solutions {
            validate(&rules, &empty, solution).unwrap();
        }
        if answer.count == 0 {
            invalid += 1;
            assert!(answer.complete);
        } else {
            valid += 1;
            assert_eq!(answer.count, 2);
            assert_ne!(answer.solutions[0], answer.solutions[1]);
            let (first, _) = solver.solve_first(&empty).unwrap();
            validate(&rules, &empty, &first.unwrap()).unwrap();
        }
        eprintln!(
            "layout {seed}: {} solutions found, {} nodes, {:.1} ms",
            answer.count.min(2),
            answer.stats.nodes,
            time.as_secs_f64() * 1e3
        );
    }
    eprintln!("{valid} valid layouts, {invalid} without a solution");
    assert!(valid > 0 && invalid > 0);
}

/// A random layout of 9 connected regions of 9 cells: the generator's stirred boxes, then 8
/// swaps of two random cells of any two regions, each kept when both regions stay connected.
/// Plausible layouts (connected regions of 9 cells), of which about 1 in 40 has no solution.
fn scrambled(rng: &mut Rng) -> Vec<char> {
    let mut labels = random_regions(9, rng);
    let mut swaps = 0;
    while swaps < 8 {
        let (a, b) = (rng.below(81), rng.below(81));
        if labels[a] == labels[b] {
            continue;
        }
        labels.swap(a, b);
        if connected(&labels, labels[a]) && connected(&labels, labels[b]) {
            swaps += 1;
        } else {
            labels.swap(a, b);
        }
    }
    labels
}

/// The scrambled layout without a solution that the search by transversals took 1.3 million
/// nodes of dancing links to prove: item domination on every item proves it in the cell
/// search (8,235 nodes, a few milliseconds).
const HARD: &str = "AACCCCCCB AADDCCBBB AAADCBBBB AADDDBFFI DDDEEEEFI EEEEHFFFI EGGHHFFII \
                    GGGHHHFII GGGGHHHII";

/// Nodes the hard layout may take: well under a second's work.
const HARD_NODES: u64 = 20_000;

#[test]
fn the_hard_scrambled_layout_is_answered_none_within_a_small_budget() {
    let mut spec = Spec::new(9);
    spec.regions = Some(HARD.chars().filter(|c| !c.is_whitespace()).collect());
    let rules = Rules::new(spec).unwrap();
    let empty = rules.empty_grid();
    let mut solver = Solver::new(rules.clone());
    let answer = solver
        .enumerate_bounded(&empty, Some(2), 2, Budget::nodes(HARD_NODES))
        .unwrap();
    assert_eq!((answer.count, answer.complete), (0, true), "{answer:?}");
    let count = solver
        .count_bounded(&empty, Some(2), 1, &Watch::new(), Budget::nodes(HARD_NODES))
        .unwrap();
    assert_eq!((count.count, count.complete), (0, true));
    let (first, _) = solver.solve_first(&empty).unwrap();
    assert_eq!(first, None);
}

#[test]
fn scrambled_layouts_without_solutions_are_answered_none_within_a_node_budget() {
    let (mut tried, mut invalid, mut confirmed) = (0, 0, 0);
    let mut rng = Rng::new(22);
    while invalid < invalid_layouts() {
        let labels = scrambled(&mut rng);
        tried += 1;
        for label in 'A'..='I' {
            assert!(connected(&labels, label));
            assert_eq!(labels.iter().filter(|&&l| l == label).count(), 9);
        }
        let mut spec = Spec::new(9);
        spec.regions = Some(labels.clone());
        let rules = Rules::new(spec).unwrap();
        let empty = rules.empty_grid();
        let mut solver = Solver::new(rules.clone());
        let started = Instant::now();
        let answer = solver
            .enumerate_bounded(&empty, Some(2), 2, Budget::nodes(NODES))
            .unwrap();
        let time = started.elapsed();
        assert!(!answer.cut_short(Some(2)), "{labels:?}: no answer");
        for solution in &answer.solutions {
            validate(&rules, &empty, solution).unwrap();
        }
        if answer.count > 0 {
            assert_eq!(answer.count, 2);
            continue;
        }
        invalid += 1;
        let count = solver
            .count_bounded(&empty, Some(2), 1, &Watch::new(), Budget::nodes(NODES))
            .unwrap();
        assert_eq!((count.count, count.complete), (0, true));
        // The plain cell search, where it answers within its budget, agrees.
        let plain = Solver::new(rules.clone())
            .with_symmetry(false)
            .count_bounded(
                &empty,
                Some(1),
                1,
                &Watch::new(),
                Budget::nodes(PLAIN_NODES),
            )
            .unwrap();
        assert_eq!(
            plain.count, 0,
            "{labels:?}: the plain count finds a solution"
        );
        confirmed += usize::from(plain.complete);
        eprintln!(
            "scrambled layout {tried}: none, {} nodes, {:.1} ms",
            answer.stats.nodes,
            time.as_secs_f64() * 1e3
        );
    }
    eprintln!("{tried} scrambled layouts, {invalid} without a solution ({confirmed} confirmed by the plain count)");
}
