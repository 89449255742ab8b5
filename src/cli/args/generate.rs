//! Options of the `generate` command.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::shared::{parse_jobs, RuleArgs};

/// Options of the `generate` command.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of puzzles.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count)]
    pub count: u64,
    /// Seed of the random choices: the same seed gives the same puzzles (default: from the
    /// clock, shown in the summary).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Symmetry of the givens: each orbit of cells is all given or all blank.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// Prove every puzzle minimal: taking away any given (any orbit of givens, with
    /// --symmetry) leaves several solutions.
    #[arg(long, conflicts_with = "givens")]
    pub minimal: bool,
    /// Stop removing givens at N (a target: when it is not reached, the puzzle with the
    /// fewest givens found is written, with a note on stderr).
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,
    /// Only puzzles of this grade (the human-style grade of `explain`): easy, medium, hard,
    /// expert or needs-search. Puzzles of other grades are made and thrown away, so a rare
    /// grade takes longer; the seed still decides everything.
    #[arg(long, value_name = "GRADE", value_parser = parse_grade)]
    pub difficulty: Option<sudokux::sudoku::logic::Grade>,
    /// Random jigsaw regions instead of boxes (a TOML puzzle file).
    #[arg(long)]
    pub jigsaw: bool,
    /// Random killer cages, sums from the solution (a TOML puzzle file; may have no givens).
    #[arg(long)]
    pub killer: bool,
    /// Overlapping 9x9 grids: samurai, twodoku, butterfly or flower (a TOML puzzle file).
    #[arg(long, value_name = "NAME")]
    pub layout: Option<String>,
    /// Write TOML puzzle files even for rules a puzzle line can hold.
    #[arg(long)]
    pub toml: bool,
    /// How to write each puzzle: `line` (a puzzle line, even for rules it does not carry,
    /// with a note; jigsaw, killer and layouts stay TOML), `toml`, or `url` (a SudokuPad
    /// link, which opens the puzzle with its rules). Default: lines for classic rules, TOML
    /// for any other.
    #[arg(long, value_enum, conflicts_with = "dir")]
    pub format: Option<GenerateFormat>,
    /// Write each puzzle as a TOML file DIR/puzzle-0001.toml, ... (created if needed).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Worker threads (default: one per core); the puzzles do not depend on it.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Time each puzzle may take (seconds, fractions allowed): past it, the givens left are
    /// kept and the puzzle (still proved unique) is written with a note on stderr, exit code 3.
    /// Only a timeout that is reached makes the puzzles depend on the machine.
    #[arg(long, value_name = "SECONDS", value_parser = super::shared::parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    /// Nodes one check of a removal may search (default: unlimited below 25x25, 1000 from
    /// 25x25 on); an undecided check keeps its given, so the puzzle stays proved unique but
    /// may not be minimal. --minimal always checks to the end.
    #[arg(long, value_name = "N", conflicts_with = "minimal")]
    pub check_nodes: Option<u64>,
    /// Show a progress line on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// No summary on stderr.
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// A value of `generate --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// A puzzle line, also for rules it does not carry (a note names the flags to read it
    /// back); jigsaw, killer and multi-grid puzzles are TOML files all the same.
    Line,
    /// A TOML puzzle file.
    Toml,
    /// A SudokuPad link (f-puzzles data).
    Url,
}

/// A value of `--symmetry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn rotation.
    Rot180,
    /// Quarter-turn rotation.
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Reflection in the main diagonal.
    Diagonal,
}

fn parse_grade(text: &str) -> Result<sudokux::sudoku::logic::Grade, String> {
    text.parse()
        .map_err(|e: sudokux::sudoku::logic::GradeError| e.to_string())
}

fn parse_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one puzzle".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}
