//! The command line, as clap sees it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokux::sudoku::{Alphabet, Constraints, Spec};

use crate::error::CliError;

/// The exit codes, shown under every `--help`.
macro_rules! exit_codes {
    () => {
        "\
Exit codes:
  0  every puzzle was answered (and, for check, is unique)
  1  some puzzle has no solution (or, for check, is not unique)
  2  bad input or usage: a puzzle that cannot be read, conflicting givens, an unreadable file
  3  unknown: --timeout or --max-nodes stopped some search before it could answer
  130  interrupted by Ctrl-C: the answers found before it are written; a count is a lower bound

A bad puzzle is reported on stderr (and as a JSON object with status \"error\") with its line
and cell; the other puzzles are still answered. The worst outcome decides: 130, then 2, 3, 1."
    };
}

const EXIT_CODES: &str = exit_codes!();

/// Exact-cover sudoku solver: solve, count solutions, prove uniqueness.
#[derive(Debug, Parser)]
#[command(name = "sudokux", version, about, after_long_help = EXIT_CODES, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve each puzzle, proving its solution unique (by counting to 2).
    #[command(after_help = concat!("\
Prints one line per puzzle: the solution; the solution followed by `multiple` when the puzzle has
more than one (it is then one of them); `none` when it has none; `error` for a puzzle that could
not be read (the message goes to stderr).

With --format csv: a header `puzzle,solution,status,count`, then one row per puzzle, where count
is the solutions counted up to 2 (`>=2` for several; `>=1` with --first).

Examples:
  sudokux solve examples/puzzles.txt
  echo 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9 | sudokux solve --pretty
  sudokux solve --first --json hard.txt
  sudokux solve --format csv puzzles.sdk > answers.csv

", exit_codes!()))]
    Solve {
        /// Draw each solution as a boxed grid.
        #[arg(long)]
        pretty: bool,
        /// Stop at the first solution without proving it unique (status `solved`).
        #[arg(long)]
        first: bool,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Count the solutions of each puzzle.
    #[command(after_help = concat!("\
Prints one line per puzzle: the number of solutions, or `>=N` when the limit stopped the count
(a lower bound).

With --format csv: a header `puzzle,solution,status,count`, then one row per puzzle, count as
above and solution empty.

Examples:
  sudokux count puzzles.txt
  sudokux count --limit 1000 --json sparse.txt

", exit_codes!()))]
    Count {
        /// Stop counting at N solutions (N >= 1); the count is then a lower bound.
        #[arg(long, value_name = "N", value_parser = parse_limit)]
        limit: Option<u128>,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Say whether each puzzle has one solution: `unique`, `multiple` or `none`.
    #[command(after_help = concat!("\
Exit code 0 only when every puzzle is unique.

With --format csv: a header `puzzle,solution,status,count`, then one row per puzzle, where count
is 0, 1 or `>=2` (the search stops at two) and solution is the unique one.

Examples:
  sudokux check puzzles.txt
  sudokux check --witness --pretty maybe.txt

", exit_codes!()))]
    Check {
        /// For a puzzle with several solutions, show two that differ.
        #[arg(long)]
        witness: bool,
        /// Draw witnesses as boxed grids.
        #[arg(long)]
        pretty: bool,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Solve an exact-cover problem written in Knuth's format (as his DLX1/DLX2 read it).
    #[command(after_help = concat!("\
The first line lists the primary items, then `|`, then the secondary items; every other line is
an option, a list of item names, where a secondary item may carry a color as `item:color`.
Lines starting with `|` are comments.

Prints each solution as its options, one per line as written in the input, with a blank line
between solutions. On a terminal a progress line shows the estimated share of the search tree
explored, the solutions so far and the speed.

Examples:
  sudokux xc examples/xc/knuth.xc
  sudokux xc --count --stats examples/xc/pentominoes-6x10.xc
  sudokux xc --limit 1 --json examples/xc/word-square.xc

", exit_codes!()))]
    Xc(XcArgs),
    /// Make puzzles with exactly one solution, for any rule set the solver takes.
    #[command(after_help = "\
Each puzzle starts from a random filled grid (the exact-cover search with its choices
shuffled); givens are then removed in random order, in symmetric orbits with --symmetry, and a
removal is kept only when the puzzle still has exactly one solution, proved by counting its
solutions to 2. The result has no orbit that could be removed; --minimal proves it again,
given by given (orbit by orbit with a symmetry: a single given of a symmetric puzzle may still
be removable, but only by breaking the symmetry).

Puzzles go to stdout one per line, `.` for blanks, in the form `sudokux check` reads back with
the same rule flags. Jigsaw, killer and multi-grid puzzles carry rules a line cannot hold: they
are written as TOML puzzle files, on stdout for one puzzle, as DIR/puzzle-0001.toml, ... with
--dir DIR for more. A summary (puzzles, average givens, time, puzzles/s, the seed) goes to
stderr unless --quiet. The same --seed gives the same puzzles on any machine and with any
--jobs.

Examples:
  sudokux generate --count 10 --seed 42
  sudokux generate --count 5 --symmetry rot180 --minimal
  sudokux generate --givens 30 --diagonals | sudokux check --diagonals
  sudokux generate --size 16 --count 3 --symbols hex
  sudokux generate --jigsaw > jigsaw.toml
  sudokux generate --killer --count 20 --dir killers && sudokux check killers/*.toml
  sudokux generate --layout samurai --symmetry rot90 > samurai.toml

Exit codes:
  0  every puzzle was made
  1  a puzzle could not be made: no filled grid was found for the rules (they may have none)
  2  bad usage: rules that do not make sense, a symmetry the layout does not have
  130  interrupted by Ctrl-C: the puzzles made before it are written
")]
    Generate(GenerateArgs),
    /// Print a shell completion script.
    #[command(after_help = "\
Examples:
  sudokux completions bash > ~/.local/share/bash-completion/completions/sudokux
  sudokux completions zsh > ~/.zfunc/_sudokux
  sudokux completions fish > ~/.config/fish/completions/sudokux.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), generated from this command line's definition.
    #[command(after_help = "\
Examples:
  sudokux man > sudokux.1 && man ./sudokux.1
  sudokux man --dir ~/.local/share/man/man1")]
    Man {
        /// Write one page per command (sudokux.1, sudokux-solve.1, ...) into DIR instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Draw a puzzle, and with --solve its solution, as an SVG or PNG picture.
    #[command(after_help = concat!("\
Draws the puzzle with its rules: thick lines around boxes or jigsaw regions, killer cages as
dashed outlines with their sums, diagonals, windoku windows and extra units shaded, samurai and
other multi-grid layouts as they lie. Givens are bold and black; with --solve, the solution's
other digits are blue. Rules no picture shows (anti-knight, anti-king, non-consecutive) are
named in the caption.

PUZZLE is a puzzle with rules (.toml, .json) or a file of puzzle lines or grids, of which the
first is drawn (--index N for another); `-` or nothing reads stdin.

Where the picture goes:
  no -o, or -o -        SVG on stdout (PNG with --png, but not to a terminal)
  -o FILE.png           a PNG
  -o FILE.svg           an SVG; with --png also a PNG beside it, FILE.png

The PNG is drawn with fonts built into sudokux (DejaVu Sans), so it looks the same on a
machine without fonts.

Examples:
  sudokux render examples/killer.toml -o killer.svg
  sudokux render --solve examples/samurai.toml -o samurai.png
  sudokux render --solve --png examples/jigsaw.toml -o jigsaw.svg
  sudokux render --index 3 --diagonals puzzles.txt > third.svg

Exit codes: 0 the picture was written; 1 --solve found no solution (the givens are drawn
alone); 2 bad input or usage; 3 --timeout or --max-nodes stopped --solve (what it found is
drawn: the givens alone, or a solution not proved unique). With several solutions one is
drawn, with a warning.
"))]
    Render(RenderArgs),
    /// Solve a puzzle step by step as a person would, naming each technique, and grade it.
    #[command(after_help = concat!("\
Prints numbered steps in a solver's words, then the grade and the solution:

  1. r1c9 = 6: hidden single in box 3
  2. r2c1, r2c5 <> 7: pointing pair in box 1
  ...
  grade: medium (hardest: pointing, 3 steps)

Techniques, easiest first: naked single, hidden single, pointing, claiming, locked candidates,
cage sum, naked pair, hidden pair, naked triple, hidden triple, X-wing, XY-wing, naked quad,
hidden quad, swordfish, XYZ-wing, jellyfish. They work through the rules' units, so they hold on
every size, jigsaw, X-sudoku and the other variants.

Grades: easy (singles only), medium (locked candidates, cage sums, pairs), hard (triples,
X-wing, XY-wing), expert (quads, swordfish, jellyfish, XYZ-wing, or three or more hard
steps), needs-search (logic alone stalls).

Where logic stalls, explain says so and prints the pencil marks; with --guess it goes on with
a guess, labelled as one: the cell with the fewest candidates takes the digit of the solution
that the exact-cover search found and proved unique.

PUZZLE is a puzzle with rules (.toml, .json) or a file of puzzle lines or grids, of which the
first is explained (--index N for another); `-` or nothing reads stdin.

Examples:
  sudokux explain examples/puzzles.txt
  sudokux explain --candidates --guess --index 3 hard.txt
  sudokux explain --diagonals --json x-puzzles.txt
  sudokux explain examples/jigsaw.toml

Exit codes: 0 explained (solved, or stalled without --guess); 1 the puzzle has no solution or
several (logic needs a unique one); 2 bad input or usage; 3 --timeout or --max-nodes stopped
the proof that it has one solution (nothing is explained).
"))]
    Explain(ExplainArgs),
    /// Show the next step a person would take on a puzzle, and nothing more.
    #[command(after_help = concat!("\
Prints the easiest step that applies to the puzzle as given (a partly solved grid works too),
e.g. `r4c7 = 3: hidden single in box 6`; with --candidates the pencil marks first. When no
technique applies it says so; with --guess it gives a labelled guess instead, taken from the
solution the exact-cover search proved unique.

Examples:
  sudokux hint examples/puzzles.txt
  echo 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9 | sudokux hint --candidates
  sudokux hint --json examples/x-sudoku.toml

Exit codes: 0 a hint (or the news that logic stalls, or that the grid is full); 1 the puzzle
has no solution or several; 2 bad input or usage; 3 --timeout or --max-nodes stopped the proof
that it has one solution.
"))]
    Hint(ExplainArgs),
}

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
    /// Write the picture to FILE: a PNG when it ends in .png, else an SVG; `-` for stdout.
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
    /// Write each puzzle as a TOML file DIR/puzzle-0001.toml, ... (created if needed).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Worker threads (default: one per core); the puzzles do not depend on it.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// No summary on stderr.
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
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
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Bounds on a search, for every command that searches.
#[derive(Debug, Clone, Copy, Args)]
#[command(next_help_heading = "Limits")]
pub struct LimitArgs {
    /// Stop each search after SECONDS (fractions allowed, e.g. 0.5), per puzzle; its status
    /// is then `unknown` (exit code 3) and a count a lower bound (`>=N`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    /// Stop each search after N nodes (options tried), per puzzle; its status is then
    /// `unknown` (exit code 3) and a count a lower bound (`>=N`).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

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
    pub format: Vec<FormatArg>,
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
    /// Worker threads for batches (default: one per core); output stays in input order.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Rules for puzzle lines and grids; puzzle files (.toml, .json) carry their own.
#[derive(Debug, Args)]
#[command(next_help_heading = "Rules for puzzle lines (puzzle files carry their own)")]
pub struct RuleArgs {
    /// Digits, the side of the grid (1 to 64); when left out, read off each puzzle (4 to 35).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Box shape, rows x columns, e.g. 2x3; default the most square one.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,
    /// The alphabet: `1-9A-Z`, `0-9A-F` (or `hex`), `A-Z` (or `letters`), whose first N
    /// symbols write an NxN grid; or the characters of every digit in order, e.g. 0123456789ABCDEF.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
    /// Both main diagonals hold every digit once (X-sudoku).
    #[arg(long)]
    pub diagonals: bool,
    /// The windows between the boxes hold every digit once (windoku).
    #[arg(long)]
    pub windoku: bool,
    /// Cells a knight's move apart differ.
    #[arg(long)]
    pub anti_knight: bool,
    /// Cells a king's move apart differ.
    #[arg(long)]
    pub anti_king: bool,
    /// Orthogonal neighbours never hold consecutive digits.
    #[arg(long)]
    pub non_consecutive: bool,
}

impl RuleArgs {
    /// The constraints the flags ask for.
    pub fn constraints(&self) -> Constraints {
        Spec::default()
            .with(|c| {
                c.units.diagonals = self.diagonals;
                c.units.windoku = self.windoku;
                c.chess.anti_knight = self.anti_knight;
                c.chess.anti_king = self.anti_king;
                c.non_consecutive.on = self.non_consecutive;
            })
            .constraints
    }

    /// The alphabet `--symbols` names, and the size that `--size`, `--box` and the alphabet
    /// fix, if any; an error when they disagree.
    pub fn alphabet_and_size(&self) -> Result<(Alphabet, Option<usize>), CliError> {
        let alphabet = match self.symbols.as_deref() {
            Some(text) => {
                Alphabet::parse(text).map_err(|e| CliError::Usage(format!("--symbols: {e}")))?
            }
            None => Alphabet::Default,
        };
        let sizes = [
            self.size,
            self.box_shape.map(|(r, c)| r * c),
            alphabet.fixed_size(),
        ];
        let mut fixed = sizes.into_iter().flatten();
        let size = fixed.next();
        if let Some(other) = fixed.find(|&s| Some(s) != size) {
            return Err(CliError::Usage(format!(
                "--size, --box and --symbols disagree on the size ({} and {other})",
                size.unwrap_or(0)
            )));
        }
        Ok((alphabet, size))
    }
}

fn parse_grade(text: &str) -> Result<sudokux::sudoku::logic::Grade, String> {
    text.parse()
        .map_err(|e: sudokux::sudoku::logic::GradeError| e.to_string())
}

fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        Ok(_) => Err("between 1 and 1024 workers".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one puzzle".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

impl LimitArgs {
    /// The budget of one search, its deadline counted from now; Ctrl-C stops it as well.
    pub fn budget(&self) -> sudokux::xc::Budget {
        // Ctrl-C stops every search too (the handler is installed by the commands that
        // report what they found; elsewhere it kills the process as usual).
        let budget = sudokux::xc::Budget {
            max_nodes: self.max_nodes,
            ..sudokux::xc::Budget::UNLIMITED
        }
        .and_stop(&crate::interrupt::INTERRUPT);
        match self.timeout {
            Some(time) => budget.and_time(time),
            None => budget,
        }
    }

    /// The limits given, as flags: `--timeout 0.5` and/or `--max-nodes 10`.
    pub fn describe(&self) -> String {
        let mut flags = Vec::new();
        if let Some(time) = self.timeout {
            flags.push(format!("--timeout {}", time.as_secs_f64()));
        }
        if let Some(nodes) = self.max_nodes {
            flags.push(format!("--max-nodes {nodes}"));
        }
        match flags.is_empty() {
            true => "a limit".into(),
            false => flags.join(" or "),
        }
    }
}

fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds like 10 or 0.5, found {text:?}"))?;
    if !(0.0..=1e9).contains(&seconds) {
        return Err("the timeout is between 0 and 1e9 seconds".into());
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

fn parse_limit(text: &str) -> Result<u128, String> {
    match text.parse::<u128>() {
        Ok(0) => Err("the limit is at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_index(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("puzzles are counted from 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_cell(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (8..=256).contains(&n) => Ok(n),
        Ok(_) => Err("a cell is 8 to 256 pixels".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected rows x columns like 2x3, found {text:?}");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

/// A value of `--format`: an input format, or `csv` for the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
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
