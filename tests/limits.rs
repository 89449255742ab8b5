//! `--timeout` and `--max-nodes`: a search cut short says `unknown`, with a lower bound for
//! counts and exit code 3; never a silent partial answer. And the library's `Budget` itself.

use crate::common;

use std::process::Output;
use std::time::Duration;

use common::sudokux;
use sudokux::sudoku::{Backtracker, Engine, Grid, Rules, Solver};
use sudokux::xc::{Budget, CountOptions, Dlx, ProblemBuilder, Watch};

/// A puzzle that takes dancing links a few hundred nodes.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const HARD_SOLUTION: &str =
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913";

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

#[test]
fn a_tiny_node_budget_makes_every_command_unknown() {
    let input = format!("{HARD}\n");
    for (command, expected) in [
        ("solve", "unknown\n"),
        ("check", "unknown\n"),
        ("count", ">=0\n"),
    ] {
        let output = sudokux(&[command, "--max-nodes", "10", "--jobs", "1"], &input);
        assert_eq!(code(&output), 3, "{command}: {}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected, "{command}");
        let err = text(&output.stderr);
        assert!(err.contains("unknown: --max-nodes 10 stopped the search after 10 nodes"));
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn unknown_in_json_and_csv() {
    let input = format!("{HARD}\n");
    let json = sudokux(
        &["count", "--max-nodes", "10", "--jobs", "1", "--json"],
        &input,
    );
    assert_eq!(code(&json), 3);
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["status"], "unknown");
    assert_eq!(record["complete"], false);
    assert_eq!(record["nodes"], 10);
    let csv = sudokux(&["check", "--max-nodes", "10", "--format", "csv"], &input);
    assert_eq!(code(&csv), 3);
    assert_eq!(
        text(&csv.stdout),
        format!("puzzle,solution,status,count\n{HARD},,unknown,>=0\n")
    );
}

#[test]
fn a_roomy_budget_changes_nothing() {
    let input = format!("{HARD}\n");
    let output = sudokux(
        &["solve", "--max-nodes", "1000000", "--timeout", "60"],
        &input,
    );
    assert_eq!(code(&output), 0, "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), format!("{HARD_SOLUTION}\n"));
}

#[test]
fn a_budget_applies_to_each_puzzle_of_a_batch() {
    // The easy puzzle fits in 200 nodes, the hard one does not; the worst outcome decides.
    let easy = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
    let input = format!("{easy}\n{HARD}\n{easy}\n");
    let output = sudokux(&["check", "--max-nodes", "200", "--jobs", "1"], &input);
    assert_eq!(code(&output), 3);
    assert_eq!(text(&output.stdout), "unique\nunknown\nunique\n");
    assert!(text(&output.stderr).contains("1 unknown"));
}

#[test]
fn a_timeout_stops_the_count_of_an_empty_25x25() {
    let empty = ".".repeat(625);
    for jobs in ["1", "2"] {
        let output = sudokux(&["count", "--timeout", "0.2", "--jobs", jobs], &empty);
        assert_eq!(code(&output), 3, "{}", text(&output.stderr));
        let out = text(&output.stdout);
        assert!(out.starts_with(">="), "{out}");
        assert!(text(&output.stderr).contains("--timeout 0.2 stopped the search"));
    }
}

#[test]
fn xc_takes_the_same_limits() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/xc/pentominoes-6x10.xc"
    );
    let output = sudokux(&["xc", "--count", "--max-nodes", "5", path], "");
    assert_eq!(code(&output), 3);
    assert_eq!(text(&output.stdout), ">=0\n");
    let json = sudokux(&["xc", "--json", "--count", "--timeout", "0.1", path], "");
    assert_eq!(code(&json), 3);
    let summary: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(summary["status"], "unknown");
    assert_eq!(summary["complete"], false);
}

#[test]
fn render_explain_and_hint_take_the_same_limits() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("hard.svg");
    let svg = svg.to_str().unwrap();
    let input = format!("{HARD}\n");
    // Cut short: exit code 3, the limit named, and no answer passed off as proved.
    let output = sudokux(
        &["render", "--solve", "--max-nodes", "5", "-o", svg],
        &input,
    );
    assert_eq!(code(&output), 3, "{}", text(&output.stderr));
    assert!(text(&output.stderr)
        .contains("--max-nodes 5 stopped the search before it found a solution"));
    let drawn = std::fs::read_to_string(svg).unwrap();
    assert!(
        !drawn.contains("class=\"solved\""),
        "only the givens are drawn"
    );
    for command in ["explain", "hint"] {
        let output = sudokux(&[command, "--max-nodes", "5"], &input);
        assert_eq!(code(&output), 3, "{command}");
        assert_eq!(text(&output.stdout), "", "{command}");
        assert!(text(&output.stderr).contains(
            "--max-nodes 5 stopped the search before it proved the puzzle has one solution"
        ));
    }
    // Room enough: the usual answers.
    let output = sudokux(
        &["render", "--solve", "--max-nodes", "100000", "-o", svg],
        &input,
    );
    assert_eq!(code(&output), 0, "{}", text(&output.stderr));
    assert!(std::fs::read_to_string(svg)
        .unwrap()
        .contains("class=\"solved\""));
    let output = sudokux(&["hint", "--timeout", "60"], &input);
    assert_eq!(code(&output), 0, "{}", text(&output.stderr));
    assert!(!text(&output.stdout).is_empty());
}

#[test]
fn bad_limits_are_usage_errors() {
    for args in [
        ["solve", "--timeout", "-1"],
        ["solve", "--timeout", "soon"],
        ["solve", "--max-nodes", "-3"],
    ] {
        let output = sudokux(&args, "");
        assert_eq!(code(&output), 2, "{args:?}");
    }
}

#[test]
fn both_engines_stop_at_the_node_limit() {
    let puzzle = Grid::from_line(HARD).unwrap();
    let engines: [Box<dyn Engine>; 2] = [
        Box::new(Solver::new(Rules::classic())),
        Box::new(Backtracker::new(Rules::classic())),
    ];
    for mut engine in engines {
        let answer = engine
            .enumerate_bounded(&puzzle, Some(2), 2, Budget::nodes(3))
            .unwrap();
        assert!(answer.cut_short(Some(2)));
        assert!(answer.stats.nodes <= 3, "{}", answer.stats.nodes);
        let counted = engine
            .count_bounded(&puzzle, None, 1, &Watch::new(), Budget::nodes(3))
            .unwrap();
        assert!(counted.cut_short(None));
        let full = engine
            .enumerate_bounded(&puzzle, Some(2), 2, Budget::time(Duration::from_secs(600)))
            .unwrap();
        assert!(!full.cut_short(Some(2)));
        assert_eq!(full.count, 1);
    }
}

#[test]
fn a_search_stops_exactly_at_its_node_limit() {
    // 2^10 solutions, a node per option tried.
    let mut b = ProblemBuilder::new();
    for _ in 0..10 {
        let item = b.primary();
        b.option([item]).unwrap();
        b.option([item]).unwrap();
    }
    let mut dlx = Dlx::new(&b.build());
    for max in [0, 1, 7, 100, 1000] {
        let mut search = dlx.search();
        search.bound(Budget::nodes(max));
        let outcome = search.visit(&mut |_: &[_]| std::ops::ControlFlow::Continue(()));
        assert!(!outcome.complete);
        assert_eq!(outcome.stats.nodes, max);
    }
    let all = dlx.count(
        CountOptions::new()
            .threads(2)
            .budget(Budget::nodes(1 << 20)),
    );
    assert_eq!((all.count, all.complete), (1024, true));
}

/// A batch with an unreadable line and a search stopped by a limit exits 2: bad input is worse
/// than an unknown answer (130 > 2 > 3 > 1 > 0), whichever comes first in the batch.
#[test]
fn bad_input_outranks_a_stopped_search_in_a_batch() {
    for input in [format!("xyz\n{HARD}\n"), format!("{HARD}\nxyz\n")] {
        for command in ["solve", "check", "count"] {
            let output = sudokux(&[command, "--max-nodes", "20", "--jobs", "1"], &input);
            assert_eq!(
                code(&output),
                2,
                "{command} on {input:?}: {}",
                text(&output.stderr)
            );
            let err = text(&output.stderr);
            assert!(err.contains("--max-nodes 20"), "{command}: {err}");
        }
    }
}
