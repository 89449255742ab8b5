//! Nearly empty puzzles with one rule: the plain search's first choices can lead it into a
//! barren subtree of millions of nodes (an empty 9x9 with one black kropki dot on r7c5-r7c6
//! took over a minute to answer `check`, and `candidates` on it or on one quadruple never
//! finished). The plain and restarting searches now take turns (`solver/race.rs`): each answer
//! comes within a few hundred thousand nodes, and every solution is validated.

use sudokux::sudoku::file::from_toml;
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{validate, Engine, Solver};
use sudokux::xc::Budget;

/// An empty 9x9 with `rule` appended.
fn puzzle(rule: &str) -> String {
    format!("givens = \"\"\"\n{}\"\"\"\n{rule}", ".........\n".repeat(9))
}

const RULES: [&str; 3] = [
    "[[ratio]]\ncells = \"r7c5 r7c6\"\nvalue = 3\n",
    "[[quadruple]]\ncells = \"r1c1 r1c2 r2c1 r2c2\"\nvalues = [1, 2, 3, 4]\n",
    "[[littlekillersum]]\ncell = \"r0c1\"\ndirection = \"DR\"\nvalue = 45\n",
];

/// Nodes any one answer below may take (the plain search alone took tens of millions).
const NODES: u64 = 3_000_000;

#[test]
fn one_rule_on_an_empty_grid_is_answered_within_a_node_budget() {
    for rule in RULES {
        let file = from_toml(&puzzle(rule)).unwrap();
        let mut solver = Solver::new(file.rules.clone());
        // All the limits on the dot; `check`'s 2 on the others (each answer runs the plain
        // search to its first cap, which takes a second or so in a test build).
        let limits: &[u128] = if rule == RULES[0] { &[1, 2, 100] } else { &[2] };
        for &limit in limits {
            let answer = solver
                .enumerate_bounded(
                    &file.givens,
                    Some(limit),
                    limit as usize,
                    Budget::nodes(NODES),
                )
                .unwrap();
            assert_eq!(answer.count, limit, "{rule} limit {limit}: {answer:?}");
            assert!(!answer.cut_short(Some(limit)), "{rule} limit {limit}");
            for (k, solution) in answer.solutions.iter().enumerate() {
                validate(&file.rules, &file.givens, solution).unwrap();
                assert!(!answer.solutions[..k].contains(solution), "{rule}: twice");
            }
        }
        if rule != RULES[0] {
            continue;
        }
        // A count up to 2, as `check` runs it.
        let counted = solver
            .count_bounded(
                &file.givens,
                Some(2),
                1,
                &Default::default(),
                Budget::nodes(NODES),
            )
            .unwrap();
        assert_eq!(counted.count, 2, "{rule}");
        // Every digit is a true candidate of every cell but for the rule's own cells.
        let found = solver
            .true_candidates(&file.givens, None, Tally::Digits, Budget::nodes(20 * NODES))
            .unwrap();
        assert!(found.complete, "{rule}: {} nodes", found.stats.nodes);
        let open = found.masks.iter().filter(|m| m.count_ones() == 9).count();
        assert!(open >= 70, "{rule}: {open} cells with every digit");
    }
}
