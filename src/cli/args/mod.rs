//! The command line, as clap sees it: the commands here, their options in one file per group
//! of commands, the option groups several commands share in [`shared`].

mod candidates;
mod convert;
mod generate;
mod picture;
mod puzzles;
mod serve;
mod shard;
mod shared;
mod xc;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use candidates::CandidatesArgs;
pub use convert::{ConvertArgs, ConvertTo};
pub use generate::{GenerateArgs, GenerateFormat, SymmetryArg};
pub use picture::{ExplainArgs, RenderArgs};
pub use puzzles::{EngineKind, FormatFlag, InputArgs};
pub use serve::ServeArgs;
pub use shard::ShardArgs;
pub use shared::{LimitArgs, RuleArgs, NO_BOXES};
pub use xc::XcArgs;

use shared::parse_limit;

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
        shard: ShardArgs,
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

Exit codes:
  0  the problem has a solution (every one found, or as many as --limit asks)
  1  the problem has no solution
  2  bad input or usage: a file that cannot be read, an option naming an unknown item
  3  unknown: --timeout or --max-nodes stopped the search before it could answer (a count is
     a lower bound)
  130  interrupted by Ctrl-C: the solutions found before it are written; a count is a lower bound
"))]
    Xc(XcArgs),
    /// Make puzzles with exactly one solution, for any rule set the solver takes.
    #[command(after_help = "\
Each puzzle starts from a random filled grid (the exact-cover search with its choices
shuffled); givens are then removed in random order, in symmetric orbits with --symmetry, and a
removal is kept only when the puzzle still has exactly one solution, proved by counting its
solutions to 2. The result has no orbit that could be removed; --minimal proves it again,
given by given (orbit by orbit with a symmetry: a single given of a symmetric puzzle may still
be removable, but only by breaking the symmetry).

Classic puzzles go to stdout one per line, `.` for blanks, as `sudokux check` reads them back.
Any other rules (rule flags, --box, --symbols, jigsaw, killer, several grids) would be lost on a
line: such puzzles are TOML puzzle files that carry them, on stdout for one puzzle, as
DIR/puzzle-0001.toml, ... with --dir DIR for more (--format line writes bare lines all the
same, with a note naming the flags that read them back). A summary (puzzles, average givens, time, puzzles/s, the seed) goes to
stderr unless --quiet. The same --seed gives the same puzzles on any machine and with any
--jobs.

From 25x25 on, each removal is checked within --check-nodes (1000 by default): the puzzle is
proved unique, but not necessarily minimal. --minimal checks to the end and may take minutes
on large grids: bound it with --timeout. On a terminal a progress line shows the givens left.

Examples:
  sudokux generate --count 10 --seed 42
  sudokux generate --count 5 --symmetry rot180 --minimal
  sudokux generate --givens 30 --diagonals | sudokux check
  sudokux generate --size 16 --count 3 --symbols hex --dir hex16
  sudokux generate --jigsaw > jigsaw.toml
  sudokux generate --killer --count 20 --dir killers && sudokux check killers/*.toml
  sudokux generate --layout samurai --symmetry rot90 > samurai.toml

Exit codes:
  0  every puzzle was made
  1  a puzzle could not be made: no filled grid was found for the rules (they may have none)
  2  bad usage: rules that do not make sense, a symmetry the layout does not have
  3  --timeout stopped a puzzle: the puzzle reached is written (unique, maybe not minimal),
     or none when no filled grid was found in time
  130  interrupted by Ctrl-C: the puzzles made before it are written
")]
    #[command(mut_arg("size", |arg| arg.help(
        "Digits, the side of the grid (1 to 64): 9 unless given, or fixed by --box or --symbols"
    )))]
    Generate(GenerateArgs),
    /// Print the true candidates of each puzzle: the digits each cell takes in some solution.
    #[command(after_help = concat!("\
For a puzzle with any number of solutions, the digits each cell takes in at least one of them:
exact, found by search, not a logical approximation. A cell with one true candidate is
settled in every solution; the others show where a clue is still needed.

Prints, per puzzle, the pencil marks as a grid and how many cells are settled; --line prints
the pencilmark line instead, --json one object per puzzle with `candidates`, a row-major array
of each cell's digits. With --counts, also how many solutions put each digit in each cell, up
to --limit (default 1000; a count at the limit means at least that many): in text one line per
unsettled cell, `r1c2: 1:12 5:>=1000`; in JSON `counts`, per cell the counts of digits 1..N.

A puzzle with no solution prints `none` (status `none`, exit code 1).

Examples:
  sudokux candidates draft.txt
  echo ..............................................3.......1.............2.......... | sudokux candidates
  sudokux candidates --line --anti-knight draft.txt | sudokux check --anti-knight
  sudokux candidates --json --counts --limit 100 draft.toml

", exit_codes!()))]
    Candidates(CandidatesArgs),
    /// Write a puzzle in another format: f-puzzles JSON, f-puzzles and SudokuPad links, or a
    /// TOML puzzle file.
    #[command(after_help = "\
PUZZLE is a puzzle file (.toml, .json: sudokux's own or f-puzzles JSON), an f-puzzles or
SudokuPad link, a bare lz-string payload (N4Ig...), or a file of puzzle lines (with the rule
flags); `-` or nothing reads stdin. Links are read offline: the puzzle is in the link.

  --to fpuzzles   f-puzzles JSON (size, title, author, ruleset, grid, then the rules)
  --to url        an f-puzzles link, then a SudokuPad link, one per line
  --to toml       a sudokux TOML puzzle file

A file of several puzzles converts each to url: one f-puzzles link per line, in order, read
back by every command as the same puzzles; a puzzle that cannot be read or exported is one
error on stderr and the line `error` in its place. JSON and TOML hold one puzzle: with several,
pick one with --index N.

Rules f-puzzles has no key for (windoku, several grids, other symbols) are not dropped: the
export is refused, naming them.

Examples:
  sudokux convert examples/killer.toml --to url
  sudokux convert puzzles.txt --to url > links.txt
  sudokux convert 'https://www.f-puzzles.com/?load=N4Ig...' --to toml > puzzle.toml
  sudokux convert puzzle.json --to fpuzzles
  echo N4Ig... | sudokux convert --to toml

Exit codes: 0 written; 2 bad input, or rules the target format cannot hold.
")]
    Convert(ConvertArgs),
    /// Serve a web page and a JSON API on this machine: paste or type a puzzle, check,
    /// solve, count, explain, draw and convert it in the browser.
    #[command(after_help = "\
Prints the address to open. The page and its JSON API answer as the commands do: POST
/api/check, /api/solve, /api/count, /api/candidates, /api/hint, /api/explain, /api/render,
/api/convert and /api/generate take {\"puzzle\": \"<any text sudokux reads>\", ...options}
and answer with the fields of the command's --json; errors are {\"error\": \"...\"} with a 4xx
status. Nothing on the machine is read or written through it.

Examples:
  sudokux serve --open
  sudokux serve --port 9000 --max-jobs 2 --timeout 5
  curl -s localhost:8080/api/check -d '{\"puzzle\": \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"}'
")]
    Serve(ServeArgs),
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
        /// Write one page per command (sudokux.1, sudokux-solve.1, ...) into DIR instead (made
        /// if it does not exist).
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

  $ echo 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9 | sudokux explain
  1. r3c6 = 4: hidden single in box 2
  2. r8c5 = 4: hidden single in box 8
  3. r2c7 <> 2: pointing triple in box 2
  ...
  61. r9c8 = 4: naked single
  grade: medium (hardest: naked pair, 1 step)
  294518736615372894783964215357691482946823157821457963468239571139745628572186349

Techniques, in the order they are tried: naked single, hidden single, forbidden, only option,
pointing, claiming, locked candidates, cage sum, sum out of reach, sum combinations, innies and
outies, domination, naked pair, hidden pair, naked triple, hidden triple, X-wing, XY-wing, squeezed
neighbours, set pair, naked quad, hidden quad, swordfish, XYZ-wing, jellyfish, set triple, overlapping sums,
45 rule with lines, cage interaction, ordering across a house, contradiction chain, sum chain,
long contradiction chain, contradiction net. They work through the rules' units and the rules' exact-cover matrix, so
they hold on every size, jigsaw, X-sudoku and the other variants (on classic rules the
matrix's techniques come after the classic ones).

Grades: easy (singles, forbidden digits), medium (locked candidates, cage sums, only
options, dominations, sum steps on arrows, little killers and cages, pairs), hard (triples,
innies and outies, overlapping sums, the 45 rule with lines, cage interaction, ordering across a house, squeezed neighbours, X-wing, XY-wing, set pairs, contradiction chains, sum chains), expert (quads,
swordfish, jellyfish, XYZ-wing, set triples, long contradiction chains, contradiction nets, or three or more hard steps), needs-search (logic
alone stalls).

Constraints the logic does not reason with yet are named in a note before the steps; the
steps never depend on them, and where logic stalls without them the grade says so.

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
solution the exact-cover search found.

A hint comes at once: without --timeout or --max-nodes, the search that proves the puzzle has
one solution gets 40 ms, after which the hint is given all the same, with a note that the
proof was not done (`proved_unique: false` in JSON; `sudokux check` proves it). The hint holds
whatever the solutions: no solution has what it eliminates. A puzzle found to have no solution
or several within that time is refused as usual. With --timeout or --max-nodes the proof must
finish within them.

Examples:
  sudokux hint examples/puzzles.txt
  echo 2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9 | sudokux hint --candidates
  sudokux hint --json examples/x-sudoku.toml

Exit codes: 0 a hint (or the news that logic stalls, or that the grid is full); 1 the puzzle
has no solution or several; 2 bad input or usage; 3 --timeout or --max-nodes (when given)
stopped the proof that it has one solution.
"))]
    Hint(ExplainArgs),
}
