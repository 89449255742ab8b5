//! Replays the kept fuzz corpus (`fuzz/corpus/TARGET/`, minimised inputs the fuzzers found
//! interesting, and every crash they found, fixed since) through the same checks as the
//! cargo-fuzz targets, so that `cargo test` guards against regressions without cargo-fuzz.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::fs;
use std::path::PathBuf;

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
    for input in inputs {
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
