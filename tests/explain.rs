//! `sudokux explain` and `sudokux hint`, run as the real binary.

use crate::common;

use common::sudokux;

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9\n";
const SOLUTION: &str =
    "294518736615372894783964215357691482946823157821457963468239571139745628572186349";
/// Magictour's first: solved with 16 contradiction chains (it stalled after 20 steps or so
/// before the chains went on where the classic techniques stall).
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
/// From the forum's hardest list: logic stalls on it after 4 steps, chains and nets included
/// (Arto Inkala's "world's hardest sudoku" is solved with 3 contradiction nets).
const STALLS: &str =
    ".......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..96.....1.\n";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn explain_numbers_the_steps_and_grades() {
    let output = sudokux(&["explain"], PUZZLE);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1. r3c6 = 4: hidden single in box 2");
    assert_eq!(lines[3], "4. r1c7, r1c9 <> 5: pointing pair in box 2");
    assert_eq!(
        lines[lines.len() - 2],
        "grade: medium (hardest: naked pair, 1 step)"
    );
    assert_eq!(lines[lines.len() - 1], SOLUTION);
}

/// `explain --help` names every technique the logic has, in the order the solver tries them.
#[test]
fn explain_help_lists_every_technique_in_order() {
    use sudokux::sudoku::logic::Technique;
    let help = stdout(&sudokux(&["explain", "--help"], ""));
    let start = help
        .find("Techniques, in the order they are tried: ")
        .expect("the list of techniques");
    let list = help[start..].split(". They work").next().unwrap();
    let list = list.split_whitespace().collect::<Vec<_>>().join(" ");
    let listed: Vec<&str> = list
        .trim_start_matches("Techniques, in the order they are tried: ")
        .split(", ")
        .collect();
    let known: Vec<String> = Technique::ALL
        .iter()
        .filter(|&&technique| technique != Technique::Guess)
        .map(|technique| technique.to_string())
        .collect();
    assert_eq!(listed, known);
}

#[test]
fn explain_says_where_logic_stalls_and_guesses_on_request() {
    let text = stdout(&sudokux(&["explain"], STALLS));
    assert!(text.contains("stalled after 4 steps"), "{text}");
    assert!(text.ends_with("grade: needs-search\n"), "{text}");
    assert!(text.contains("+---"), "the pencil marks: {text}");
    let text = stdout(&sudokux(&["explain", "--guess"], STALLS));
    assert!(
        text.contains(": guess among 2 candidates, taken from the solution the search found"),
        "{text}"
    );
    assert!(text.contains("grade: needs-search (1 guess)"), "{text}");
    assert!(text.ends_with(
        "576938124823614795419572386782463951645791832391825647238146579157289463964357218\n"
    ));
    let text = stdout(&sudokux(&["explain"], HARD));
    assert!(
        text.contains("grade: expert (hardest: contradiction chain, 16 steps)"),
        "{text}"
    );
}

#[test]
fn hint_gives_the_next_step_only() {
    let output = sudokux(&["hint"], PUZZLE);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "r3c6 = 4: hidden single in box 2\n");
    let text = stdout(&sudokux(&["hint", "--candidates"], PUZZLE));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14);
    assert_eq!(
        lines[0],
        format!("+{}", "-".repeat(22) + "+")
            .repeat(3)
            .replace("++", "+")
    );
    assert!(
        lines[1].starts_with("| 2      36789  4      | 3578 "),
        "{text}"
    );
    assert_eq!(lines[13], "r3c6 = 4: hidden single in box 2");
    // Logic stalls on it later, not yet.
    let text = stdout(&sudokux(&["hint"], HARD));
    assert_eq!(text, "r9c3 = 7: hidden single in box 7\n");
}

#[test]
fn json_has_the_steps_as_objects() {
    let text = stdout(&sudokux(&["explain", "--json"], PUZZLE));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["status"], "solved");
    assert_eq!(value["grade"], "medium");
    assert_eq!(value["solution"], SOLUTION);
    assert_eq!(value["steps"][0]["technique"], "hidden single");
    assert_eq!(value["steps"][0]["placements"][0]["cell"], "r3c6");
    assert_eq!(value["steps"][0]["placements"][0]["digit"], "4");
    assert_eq!(value["steps"][3]["eliminations"][1]["cell"], "r1c9");
    let text = stdout(&sudokux(&["hint", "--json", "--candidates"], HARD));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["status"], "step");
    assert_eq!(value["step"]["text"], "r9c3 = 7: hidden single in box 7");
    assert_eq!(
        value["candidates"]["r1c2"],
        serde_json::json!(["1", "2", "5", "6", "9"])
    );
}

#[test]
fn variants_and_puzzle_files() {
    let puzzle =
        "..9.86.3..76...........1....2......6..7.....33.1..278...3......7821.4.9.1..67.32.\n";
    let text = stdout(&sudokux(&["explain", "--diagonals"], puzzle));
    assert!(
        text.contains("17. r7c7 = 1: hidden single in diagonal\n"),
        "{text}"
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/6x6.toml");
    let output = sudokux(&["explain", path], "");
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("grade: easy"));
}

#[test]
fn puzzles_without_one_solution_are_refused() {
    let output = sudokux(&["explain"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("several solutions"));
    let output = sudokux(&["hint"], "11.\n");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn help_has_examples() {
    for command in ["explain", "hint"] {
        let text = stdout(&sudokux(&[command, "--help"], ""));
        assert!(text.contains("Examples:"), "{text}");
        assert!(text.contains(&format!("sudokux {command}")), "{text}");
    }
}

#[test]
fn a_puzzle_without_solution_is_told_where_it_goes_wrong() {
    let stderr = |o: &std::process::Output| String::from_utf8(o.stderr.clone()).unwrap();
    // A wrong entry: r2c1 = 7 (the solution has 6 there), typed into a partly solved grid.
    let wrong = PUZZLE.replacen("2.4.1.....", "2.4.1....7", 1);
    for command in ["hint", "explain"] {
        let output = sudokux(&[command], &wrong);
        assert_eq!(output.status.code(), Some(1), "{command}");
        let message = stderr(&output);
        assert!(
            message.starts_with(
                "sudokux: -: line 1: the puzzle has no solution: without any one of the givens "
            ) && message.contains("r2c1 = 7")
                && message.ends_with(" so one of them is likely wrong\n"),
            "{command}: {message}"
        );
        // Each given named is one without which the puzzle has a solution.
        let named = message
            .split("givens ")
            .nth(1)
            .unwrap()
            .split(" it has")
            .next()
            .unwrap();
        for given in named.split(", ") {
            let (cell, digit) = given.split_once(" = ").unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let k = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            assert_eq!(&wrong[k..=k], digit, "{given}");
            let mut without = wrong.clone();
            without.replace_range(k..=k, ".");
            let counted = sudokux(&["count", "--limit", "1"], &without);
            assert_eq!(
                String::from_utf8(counted.stdout).unwrap(),
                ">=1\n",
                "{given}"
            );
        }
    }
    // An empty cell no digit fits.
    let stuck =
        "12345678.........9...............................................................\n";
    let output = sudokux(&["hint"], stuck);
    assert_eq!(
        stderr(&output),
        "sudokux: -: line 1: the puzzle has no solution: no digit fits r1c9, the givens it sees \
         rule out each one\n"
    );
}

/// A hint comes at once even where proving the puzzle unique takes long: without limits,
/// `hint` gives that proof 40 ms, then hints all the same and says the proof is not done
/// (`proved_unique: false`). `little_killer_snipes_11` (published, one solution) gave no
/// answer in 10 minutes when the hint waited for the proof (`tests/data/hint/`). Its step is
/// checked against the solution on file, which the independent validator checks first.
#[test]
fn a_hint_does_not_wait_for_a_slow_proof() {
    use sudokux::sudoku::file::PuzzleFile;
    use sudokux::sudoku::{fpuzzles, validate, Grid};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/logic/");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/hint/little_killer_snipes_11.json"
    );
    let file: PuzzleFile = fpuzzles::read(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .into();
    let solutions = std::fs::read_to_string(format!("{dir}solutions.txt")).unwrap();
    let line = solutions
        .lines()
        .find_map(|l| l.strip_prefix("little_killer_snipes_11 "))
        .unwrap();
    let solution = Grid::from_line(line).unwrap();
    validate(&file.rules, &file.givens, &solution).expect("the solution on file is valid");
    let started = std::time::Instant::now();
    let output = sudokux(&["hint", "--json", path], "");
    // Far below the search's minutes even for a debug build on a loaded machine.
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["proved_unique"], false, "{value}");
    assert_eq!(value["status"], "step", "{value}");
    let step = &value["step"];
    let digit_at = |pair: &serde_json::Value| {
        let cell = pair["cell"].as_str().unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c) = (
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1,
        );
        let digit: u8 = pair["digit"].as_str().unwrap().parse().unwrap();
        (solution.get(r, c), digit)
    };
    let placements = step["placements"].as_array().unwrap();
    let eliminations = step["eliminations"].as_array().unwrap();
    assert!(!placements.is_empty() || !eliminations.is_empty(), "{step}");
    for pair in placements {
        let (solved, digit) = digit_at(pair);
        assert_eq!(solved, digit, "a wrong placement: {step}");
    }
    for pair in eliminations {
        let (solved, digit) = digit_at(pair);
        assert_ne!(solved, digit, "eliminates the solution's digit: {step}");
    }
    // In words: the note before the step.
    let text = stdout(&sudokux(&["hint", path], ""));
    assert!(
        text.starts_with(
            "note: the search did not prove within 40 ms that the puzzle has one solution \
             (`sudokux check` does); the hint holds for every solution\n"
        ),
        "{text}"
    );
    // A puzzle proved at once says so, and limits given still bound a proof that must finish
    // (exit code 3 when they stop it, as before).
    let value: serde_json::Value =
        serde_json::from_str(&stdout(&sudokux(&["hint", "--json"], PUZZLE))).unwrap();
    assert_eq!(value["proved_unique"], true, "{value}");
    let output = sudokux(&["hint", "--timeout", "0.05", path], "");
    assert_eq!(output.status.code(), Some(3));
}

/// Each JSON step lists the rule instances it used (`rules`: family, instance, words), each
/// named in the step's text or its pattern's units (pointing names the box; the column it
/// eliminates in is a unit of its pattern); on a little killer, the sums by number.
#[test]
fn json_steps_list_the_rule_instances_they_used() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/littlekiller.toml");
    let text = stdout(&sudokux(&["explain", "--json", path], ""));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let steps = value["steps"].as_array().unwrap();
    let mut families = std::collections::BTreeSet::new();
    for step in steps {
        let said = step["text"].as_str().unwrap();
        for rule in step["rules"].as_array().unwrap() {
            let words = rule["words"].as_str().unwrap();
            let units = step["units"].as_array().unwrap();
            assert!(
                said.contains(words) || units.iter().any(|u| u == words),
                "{words} not in {step}"
            );
            let family = rule["family"].as_str().unwrap();
            if let Some(k) = rule["instance"].as_u64() {
                assert!(words.ends_with(&format!(" {k}")), "{rule}");
            }
            families.insert(family.to_string());
        }
    }
    for family in ["littlekillersum", "box", "row"] {
        assert!(families.contains(family), "{families:?}");
    }
    // The sum step names its little killer once, by number.
    assert_eq!(
        steps[1]["rules"],
        serde_json::json!([{"family": "littlekillersum", "instance": 2, "words": "little killer 2"}])
    );
    // A naked single uses no rule instance; a hidden single its unit.
    let text = stdout(&sudokux(&["hint", "--json"], PUZZLE));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        value["step"]["rules"],
        serde_json::json!([{"family": "box", "instance": 2, "words": "box 2"}])
    );
}
