//! True candidates (`Solver::true_candidates`, `sudokux candidates`): exact against the
//! reference backtracker enumerating every solution, on random small puzzles of every kind of
//! rule with many solutions; and the command line's outputs and exit codes.

use crate::common;

use common::{instance, kinds, puzzle_from, sudokux};
use proptest::prelude::*;
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{validate, Backtracker, Engine, Solver};
use sudokux::xc::Budget;

/// Solutions the backtracker enumerates before a case is given up as too big.
const ALL: u128 = 3000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The digits each cell takes in some solution, and how many solutions put each digit in
    /// each cell, are those of the backtracker's full enumeration (every solution validated).
    #[test]
    fn true_candidates_are_the_union_of_all_solutions(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
        share in 10usize..=70,
    ) {
        let (rules, solution) = instance(kind, seed);
        let puzzle = match &solution {
            Some(solution) => puzzle_from(solution, rules.cell_count() * share / 100, seed),
            None => rules.empty_grid(),
        };
        let all = Backtracker::new(rules.clone())
            .enumerate(&puzzle, Some(ALL), usize::MAX)
            .unwrap();
        prop_assume!(all.complete);
        let mut masks = vec![0u64; puzzle.cells().len()];
        let mut counts = vec![0u128; puzzle.cells().len() * rules.size()];
        for solution in &all.solutions {
            validate(&rules, &puzzle, solution).unwrap();
            for &p in rules.cells() {
                let d = solution.cells()[p];
                masks[p] |= 1 << (d - 1);
                counts[p * rules.size() + d as usize - 1] += 1;
            }
        }
        let mut solver = Solver::new(rules.clone());
        let found = solver
            .true_candidates(&puzzle, None, Tally::Digits, Budget::UNLIMITED)
            .unwrap();
        prop_assert!(found.complete);
        prop_assert_eq!(&found.masks, &masks, "kind {} puzzle {}", kind, puzzle);
        prop_assert_eq!(found.has_solution(), all.count > 0);
        let limit = 5;
        let found = solver
            .true_candidates(&puzzle, None, Tally::Counts { limit: Some(limit) }, Budget::UNLIMITED)
            .unwrap();
        prop_assert_eq!(&found.masks, &masks);
        let capped: Vec<u128> = counts.iter().map(|&c| c.min(limit)).collect();
        prop_assert_eq!(found.counts.unwrap(), capped);
        prop_assert_eq!(found.solutions, Some(all.count.min(limit)));
    }
}

#[test]
fn text_shows_the_pencil_marks_and_the_settled_cells() {
    let output = sudokux(&["candidates"], "1.3.......4.....\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "\
+---------+---------+
| 1   24  | 3   24  |
| 234 234 | 12  124 |
+---------+---------+
| 23  123 | 4   123 |
| 234 134 | 12  123 |
+---------+---------+
settled: 3 of 16 cells
"
    );
}

#[test]
fn counts_per_unsettled_cell_up_to_the_limit() {
    let output = sudokux(
        &["candidates", "--counts", "--limit", "5"],
        "1.3.......4.....\n",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("solutions: >=5\n"), "{text}");
    assert!(text.contains("\nr1c2: 2:>=5 4:3\n"), "{text}");
    assert!(text.contains("\nr2c1: 2:1 3:>=5 4:3\n"), "{text}");
}

#[test]
fn json_has_each_cells_digits_and_the_counts() {
    let output = sudokux(&["candidates", "--json", "--counts"], "1.3.......4.....\n");
    assert_eq!(output.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["status"], "ok");
    assert_eq!(record["candidates"][0], serde_json::json!([1]));
    assert_eq!(record["candidates"][1], serde_json::json!([2, 4]));
    assert_eq!(record["counts"][1], serde_json::json!([0, 6, 0, 3]));
    assert_eq!(record["solutions"], 9);
    assert_eq!(record["settled"], 3);
}

#[test]
fn the_line_is_a_pencilmark_line_check_reads_back() {
    let puzzle =
        "2.4.......1......4...9.....3.7.......4.....5.......9.3....39...1.....62.....8.3.9\n";
    let output = sudokux(&["candidates", "--line"], puzzle);
    assert_eq!(output.status.code(), Some(0));
    let line = String::from_utf8(output.stdout).unwrap();
    assert_eq!(line.trim_end().len(), 729);
    assert!(line.starts_with(".2......."));
    let count = sudokux(&["count"], &line);
    assert_eq!(String::from_utf8(count.stdout).unwrap(), "246408\n");
}

#[test]
fn no_solution_and_limits_have_their_exit_codes() {
    let none = sudokux(&["candidates"], ".123....4.......\n");
    assert_eq!(none.status.code(), Some(1));
    assert_eq!(String::from_utf8(none.stdout).unwrap(), "none\n");
    let empty = ".".repeat(81) + "\n";
    let stopped = sudokux(&["candidates", "--max-nodes", "50", "--json"], &empty);
    assert_eq!(stopped.status.code(), Some(3));
    let record: serde_json::Value = serde_json::from_slice(&stopped.stdout).unwrap();
    assert_eq!(record["status"], "unknown");
    let broken = sudokux(&["candidates"], "11..............\n");
    assert_eq!(broken.status.code(), Some(2));
}

#[test]
fn puzzle_files_bring_their_rules() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/killer.toml");
    let output = sudokux(&["candidates", "--json", path], "");
    assert_eq!(output.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // A unique puzzle: every cell settled.
    assert_eq!(record["settled"], 81);
}
