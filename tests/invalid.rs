//! The bad input corpus: every file in `tests/data/invalid/` goes through the real binary,
//! which must refuse it with exit code 2 and the message its `.expected` sibling holds, and
//! never panic.
//!
//! `NAME.expected` holds two lines: `args: COMMAND [FLAGS]` (the input's path is appended)
//! and `error: TEXT`, a piece of what stderr must say.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{data, sudokux};

/// The input beside `NAME.expected`: `NAME` itself (a directory) or `NAME.<ext>`.
fn input_of(expected: &Path) -> PathBuf {
    let stem = expected.file_stem().unwrap().to_str().unwrap();
    let dir = expected.parent().unwrap();
    let plain = dir.join(stem);
    if plain.exists() {
        return plain;
    }
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_stem().and_then(|s| s.to_str()) == Some(stem)
                && p.extension().is_some_and(|e| e != "expected")
        })
        .unwrap_or_else(|| panic!("no input beside {}", expected.display()))
}

#[test]
fn every_invalid_input_is_refused_with_its_message() {
    let dir = data("invalid");
    let mut cases: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "expected"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let spec = fs::read_to_string(case).unwrap();
        let field = |name: &str| {
            spec.lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("{}: no {name}", case.display()))
                .trim()
                .to_string()
        };
        let (args, expected) = (field("args:"), field("error:"));
        let input = input_of(case);
        let mut argv: Vec<&str> = args.split_whitespace().collect();
        argv.push(input.to_str().unwrap());
        let output = sudokux(&argv, "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let name = case.file_stem().unwrap().to_string_lossy();
        if output.status.code() != Some(2) {
            failures.push(format!("{name}: exit {:?}, stderr {stderr}", output.status));
        } else if !stderr.contains(&expected) {
            failures.push(format!(
                "{name}: expected {expected:?} in stderr, got {stderr}"
            ));
        } else if stderr.contains("panicked") {
            failures.push(format!("{name}: panicked: {stderr}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Inputs too big to keep in the repository, made here: each refused up front with a message
/// that states the limit, never an out-of-memory kill.
#[test]
fn oversized_inputs_are_refused_with_the_limit() {
    let check = |args: &[&str], stdin: &str, expected: &str| {
        let output = sudokux(args, stdin);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    // A line of 2 MiB, then a good puzzle: the line is an error, the puzzle still answered.
    let long = format!(
        "{}\n2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9\n",
        ".".repeat(2 << 20)
    );
    let output = sudokux(&["solve"], &long);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 1: the line is longer than 1048576 bytes, the most supported"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
    // Knuth's format: a million and one items, or a line of 17 MiB.
    let items: Vec<String> = (0..=1_000_000).map(|k| format!("i{k}")).collect();
    let many = format!("{}\ni0\n", items.join(" "));
    check(
        &["xc"],
        &many,
        "line 1: more than 1000000 items, the most supported",
    );
    let wide = format!("a\n{}\n", "a ".repeat(17 << 19));
    check(
        &["xc"],
        &wide,
        "line 2: the line is longer than 16777216 bytes",
    );
    // Sizes and areas.
    check(
        &["solve", "--size", "1000000"],
        "",
        "a grid of 1000000 digits is not supported (1 to 64)",
    );
    let samurai = "layout = \"samurai\"\nsize = 64\n";
    check(
        &["solve", "--format", "toml"],
        samurai,
        "the named layouts are made of 9x9 grids",
    );
}
