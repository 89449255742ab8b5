//! The command line's tests, one module per file of `tests/` (the files stay where they are):
//! the real binary's outputs, exit codes, formats, pictures, long jobs, and README's
//! transcripts run and compared.
//!
//! One test crate rather than one per file, for the reasons `library.rs` gives. Run one file's
//! tests with `cargo test --test command_line shell::`.

#[path = "../common/mod.rs"]
mod common;

#[path = "../cli.rs"]
mod cli;
#[path = "../drawn.rs"]
mod drawn;
#[path = "../explain.rs"]
mod explain;
#[path = "../formats.rs"]
mod formats;
#[path = "../generate.rs"]
mod generate;
#[path = "../invalid.rs"]
mod invalid;
#[path = "../limits.rs"]
mod limits;
#[path = "../reading.rs"]
mod reading;
#[path = "../readme.rs"]
mod readme;
#[path = "../render.rs"]
mod render;
#[path = "../serve.rs"]
mod serve;
#[path = "../shards.rs"]
mod shards;
#[path = "../shell.rs"]
mod shell;
#[path = "../written.rs"]
mod written;
#[path = "../xc.rs"]
mod xc;
