//! Options of the batch commands `solve`, `count` and `check`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::shared::{parse_jobs, LimitArgs, RuleArgs};

/// Options every command takes.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files: one puzzle per line or as grids, or a puzzle with rules (.toml, .json);
    /// `-` or nothing for stdin.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Input format, detected when not given (by extension: .sdk, .ss, .toml, .json; else by
    /// content); `csv` selects CSV output instead (puzzle,solution,status,count). Both may be
    /// given: `--format sdk,csv`.
    #[arg(
        long,
        value_name = "FORMAT",
        value_enum,
        value_delimiter = ',',
        action = clap::ArgAction::Append
    )]
    pub format: Vec<FormatFlag>,
    /// One JSON object per puzzle, one per line.
    #[arg(long)]
    pub json: bool,
    /// Nodes, updates and time per puzzle and in total, on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Write the answers to FILE instead of stdout: to a temporary file renamed to FILE at
    /// the end, so that FILE never holds half an answer set (after Ctrl-C the answers found
    /// go to FILE.partial).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No summary on stderr at the end (puzzles read, solved, unique, ..., time).
    #[arg(short, long)]
    pub quiet: bool,
    /// Show a progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// The solver to use.
    #[arg(long, value_enum, default_value_t = EngineKind::Dlx)]
    pub engine: EngineKind,
    /// Use no symmetry of the rules: without it, a count of an empty grid of plain boxes goes
    /// band by band (renaming digits, permuting rows within bands, columns within stacks and
    /// the stacks), and digits no given uses are taken as interchangeable; `--stats` says
    /// which symmetries a count used.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Worker threads for batches (default: one per core); output stays in input order.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// A value of `--format`: an input format (how puzzles are written), or `csv`, an output
/// format (how answers are written). Both may be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatFlag {
    /// Puzzle lines (with optional comments), grid blocks, numbers, pencilmark lines.
    #[value(alias = "lines", alias = "grid")]
    Line,
    /// SadMan Sudoku: `#` header lines, grid rows, sections of which `[Puzzle]` is read.
    Sdk,
    /// Simple Sudoku: rows like `1.3|...|..9`, `---+---+---` separators, `.` or `_` blanks.
    Ss,
    /// Pencilmark lines only: 729 characters, each cell's nine candidates (`.` or `0` when
    /// eliminated).
    Pencilmark,
    /// A puzzle file with rules, in TOML.
    Toml,
    /// A puzzle file with rules, in JSON.
    Json,
    /// Output: CSV with a header, `puzzle,solution,status,count`, one row per puzzle.
    Csv,
}

/// Which solver answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// Exact cover with dancing links (fast).
    Dlx,
    /// The reference backtracker: naked singles and fewest-candidates branching (plain, slow).
    Backtrack,
}
