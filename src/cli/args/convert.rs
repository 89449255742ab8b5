//! Options of the `convert` command.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::shared::{parse_index, RuleArgs};

/// Options of the `convert` command.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The puzzle: a puzzle file, an f-puzzles or SudokuPad link, a payload, or a file of
    /// puzzle lines; `-` or nothing for stdin.
    #[arg(value_name = "PUZZLE")]
    pub input: Option<PathBuf>,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    /// Which puzzle of a file of puzzle lines to convert, from 1; without it, every puzzle
    /// (to `url`: one f-puzzles link per line).
    #[arg(long, value_name = "N", value_parser = parse_index)]
    pub index: Option<usize>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// A value of `--to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles link and a SudokuPad link.
    Url,
    /// A sudokux TOML puzzle file.
    Toml,
}
