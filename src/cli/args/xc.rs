//! Options of the `xc` command.

use std::path::PathBuf;

use clap::Args;

use super::shard::ShardArgs;
use super::shared::{parse_jobs, parse_limit, LimitArgs};

/// Options of the `xc` command.
#[derive(Debug, Args)]
pub struct XcArgs {
    /// The problem in Knuth's format; `-` or nothing for stdin.
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    pub count: bool,
    /// Stop after N solutions (N >= 1); a count is then a lower bound.
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub limit: Option<u128>,
    /// JSON lines: one object per solution, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Nodes, updates, solutions and time, on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Show a live progress line on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Threads for --count (default: one per core): the search tree is split among them.
    #[arg(long, value_name = "N", value_parser = parse_jobs, requires = "count")]
    pub jobs: Option<usize>,
    /// Locked candidates on the matrix (item domination): at every node, when all the options
    /// left to a primary item of at most K options hold another item, that item's other options
    /// go. Fewer nodes, each dearer: it pays on some problems (sudoku from 16x16) and not on
    /// others (packings); off unless given (K >= 2, or `off`).
    #[arg(long, value_name = "K", value_parser = parse_domination)]
    pub domination: Option<u32>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub shard: ShardArgs,
}

/// `--domination`: the largest number of options (at least 2) of the items tested, or `off`
/// (read as 0).
fn parse_domination(text: &str) -> Result<u32, String> {
    match text {
        "off" | "0" => Ok(0),
        _ => match text.parse::<u32>() {
            Ok(k) if k >= 2 => Ok(k),
            _ => Err(format!(
                "expected `off` or a number of options of at least 2, found `{text}`"
            )),
        },
    }
}
