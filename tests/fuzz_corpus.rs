//! Replays the kept fuzz corpus (`fuzz/corpus/TARGET/`, minimised inputs the fuzzers found
//! interesting, and every crash they found, fixed since) through the same checks as the
//! cargo-fuzz targets, so that `cargo test` guards against regressions without cargo-fuzz.
//!
//! Plain `cargo test` replays a fixed sample, so that it stays quick: every finding
//! (`finding-*`) and one input in [`SAMPLE_STEP`] of the others, in name order (the merged
//! inputs are named by their hash, so this is a sample that does not lean towards any kind of
//! input). `SUDOKUX_FUZZ_CORPUS=all cargo test --test library fuzz_corpus` replays every input,
//! as `.ci/run` does.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::fs;
use std::path::PathBuf;

/// Under plain `cargo test`, one input in this many (findings apart) is replayed.
const SAMPLE_STEP: usize = 4;

/// Whether `SUDOKUX_FUZZ_CORPUS=all` asks for the whole corpus.
fn whole_corpus() -> bool {
    std::env::var("SUDOKUX_FUZZ_CORPUS").is_ok_and(|v| v == "all")
}

/// The inputs replayed of a target's sorted corpus: all of them, or every finding and one in
/// [`SAMPLE_STEP`] of the others.
fn sample(inputs: Vec<PathBuf>, whole: bool) -> Vec<PathBuf> {
    if whole {
        return inputs;
    }
    let finding = |p: &PathBuf| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("finding-"))
    };
    let (findings, others): (Vec<PathBuf>, Vec<PathBuf>) = inputs.into_iter().partition(finding);
    findings
        .into_iter()
        .chain(others.into_iter().step_by(SAMPLE_STEP))
        .collect()
}

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{}: no inputs", dir.display());
    for input in sample(inputs, whole_corpus()) {
        let data = fs::read(&input).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{} fails its check", input.display());
    }
}

#[test]
fn lines_corpus() {
    replay("lines", checks::lines);
}

#[test]
fn rule_file_corpus() {
    replay("rule_file", checks::rule_file);
}

#[test]
fn knuth_corpus() {
    replay("knuth", checks::knuth);
}

#[test]
fn pipeline_corpus() {
    replay("pipeline", checks::pipeline);
}

#[test]
fn differential_corpus() {
    replay("differential", checks::differential);
}

#[test]
fn the_sample_keeps_every_finding_and_one_input_in_sample_step() {
    let names = [
        "0a",
        "1b",
        "2c",
        "3d",
        "4e",
        "5f",
        "6a",
        "finding-x",
        "seed-y",
    ];
    let inputs: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
    assert_eq!(sample(inputs.clone(), true), inputs);
    let kept: Vec<PathBuf> = sample(inputs, false);
    let kept: Vec<&str> = kept.iter().map(|p| p.to_str().unwrap()).collect();
    assert_eq!(kept, ["finding-x", "0a", "4e"]);
}
