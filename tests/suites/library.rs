//! The library's tests, one module per file of `tests/` (the files stay where they are): the
//! engine, every rule against the reference, property tests, real puzzles, the fuzz corpus
//! and the house rules of the source tree.
//!
//! One test crate rather than one per file: each test crate links the library and its
//! dependencies on its own, which made `cargo test` spend most of its time linking, and a crate
//! runs its tests on every core where separate crates run one after another. A file of
//! `tests/` that no suite declares is never compiled: `tests/architecture.rs` checks that every
//! one is declared here, in `command_line.rs`, or is a test target of its own in Cargo.toml.
//!
//! Run one file's tests with `cargo test --test library engine::`.

// `engine.rs` and `examples.rs` each load `examples/queens.rs` as a module of their own, as
// they did as crates of their own.
#![allow(clippy::duplicate_mod)]

#[path = "../common/mod.rs"]
mod common;

#[path = "../aliases.rs"]
mod aliases;
#[path = "../architecture.rs"]
mod architecture;
#[path = "../bands.rs"]
mod bands;
#[path = "../candidates.rs"]
mod candidates;
#[path = "../engine.rs"]
mod engine;
#[path = "../examples.rs"]
mod examples;
#[path = "../fpuzzles.rs"]
mod fpuzzles;
#[path = "../fuzz_corpus.rs"]
mod fuzz_corpus;
#[path = "../heavy_tail.rs"]
mod heavy_tail;
#[path = "../jigsaw.rs"]
mod jigsaw;
#[path = "../large.rs"]
mod large;
#[path = "../lines.rs"]
mod lines;
#[path = "../logic.rs"]
mod logic;
#[path = "../logic_nets.rs"]
mod logic_nets;
#[path = "../properties.rs"]
mod properties;
#[path = "../puzzles.rs"]
mod puzzles;
#[path = "../true_candidates.rs"]
mod true_candidates;
#[path = "../variants.rs"]
mod variants;
