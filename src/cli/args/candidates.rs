//! Options of the `candidates` command.

use std::path::PathBuf;

use clap::Args;

use super::puzzles::FormatFlag;
use super::shared::{parse_limit, LimitArgs, RuleArgs};

/// Options of `sudokux candidates`.
#[derive(Debug, Args)]
pub struct CandidatesArgs {
    /// Puzzle files: one puzzle per line or as grids, or a puzzle with rules (.toml, .json);
    /// `-` or nothing for stdin.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Input format, detected when not given (by extension: .sdk, .ss, .toml, .json; else by
    /// content).
    #[arg(long, value_name = "FORMAT", value_enum)]
    pub format: Option<FormatFlag>,
    /// One JSON object per puzzle, one per line: `candidates` is a row-major array of each
    /// cell's digits (`[[1,5],[2],...]`).
    #[arg(long)]
    pub json: bool,
    /// One line per puzzle instead of a grid: for 9x9 the 729-character pencilmark line that
    /// sudokux reads back (each cell's nine places hold the digit or `.`); for other sizes the
    /// same, with N places per cell.
    #[arg(long, conflicts_with = "json")]
    pub line: bool,
    /// Also count, for each cell and digit, the solutions that put the digit there (up to
    /// --limit).
    #[arg(long)]
    pub counts: bool,
    /// With --counts: count up to N solutions per cell and digit (a count at N means at least
    /// N).
    #[arg(long, value_name = "N", value_parser = parse_limit, default_value_t = 1000, requires = "counts")]
    pub limit: u128,
    /// Nodes and time per puzzle, on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Show a progress line on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
}
