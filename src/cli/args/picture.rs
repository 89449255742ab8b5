//! Options of the commands that take one puzzle: `render`, `explain` and `hint`.

use std::path::PathBuf;

use clap::Args;

use super::shared::{parse_index, LimitArgs, RuleArgs};

/// Options of the `explain` and `hint` commands.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle: a puzzle file (.toml, .json), or a file of puzzle lines or grids; `-` or
    /// nothing for stdin.
    #[arg(value_name = "PUZZLE")]
    pub input: Option<PathBuf>,
    /// Print the pencil marks: each empty cell's candidates (explain: at the start and where
    /// logic stalls; hint: before the hint).
    #[arg(long)]
    pub candidates: bool,
    /// Where logic stalls, go on with a guess labelled as one, from the solution found by
    /// search.
    #[arg(long)]
    pub guess: bool,
    /// One JSON object: the steps as objects, the grade, the solution or the pencil marks.
    #[arg(long)]
    pub json: bool,
    /// Which puzzle of a file of puzzle lines, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_index)]
    pub index: usize,
    /// Show a progress line on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Options of the `render` command.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The puzzle: a puzzle file (.toml, .json), or a file of puzzle lines or grids; `-` or
    /// nothing for stdin.
    #[arg(value_name = "PUZZLE")]
    pub input: Option<PathBuf>,
    /// Write the picture to FILE: an SVG when it ends in .svg, a PNG when it ends in .png (any
    /// other name is refused); `-` for stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write a PNG: beside an SVG output (FILE.svg gives FILE.png too), or instead of the
    /// SVG on stdout.
    #[arg(long)]
    pub png: bool,
    /// Solve the puzzle and draw the solution's digits (in blue) around the givens.
    #[arg(long, visible_alias = "solution")]
    pub solve: bool,
    /// Which puzzle of a file of puzzle lines to draw, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_index)]
    pub index: usize,
    /// Side of a cell in pixels.
    #[arg(long, value_name = "PX", default_value_t = 48, value_parser = parse_cell)]
    pub cell: u32,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Bounds on the search of --solve.
    #[command(flatten)]
    pub limits: LimitArgs,
}

fn parse_cell(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (8..=256).contains(&n) => Ok(n),
        Ok(_) => Err("a cell is 8 to 256 pixels".into()),
        Err(e) => Err(e.to_string()),
    }
}
