//! Reading inputs, for every command that reads puzzles: files and stdin opened, their input
//! format told (by extension, else by content), puzzle files with rules read whole, and the
//! one puzzle of the single-puzzle commands (`render`, `explain`, `hint`, `convert`).
//!
//! An argument that is an f-puzzles or SudokuPad link (`https://...`, `sudokupad://...`) or a
//! bare lz-string payload (`N4Ig...`) is a puzzle, not a file name: its text is the input.
//! In a file or on stdin, every such link on a line of its own is one puzzle among the others
//! ([`read_link`]). Nothing is fetched.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::parse::{Dialect, Item, Link};
use sudokux::sudoku::{Candidates, Grid, Meta, PuzzleFile, Rules};

use crate::args::{FormatFlag, RuleArgs};
use crate::error::CliError;
use crate::interrupt;
use crate::progress::Counting;
use crate::spec::RuleFlags;

/// How an input is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// Puzzle lines, grid blocks, numbers, pencilmarks: what the reader takes in a dialect.
    Lines(Dialect),
    /// One puzzle with its rules, in TOML.
    Toml,
    /// One puzzle with its rules, in JSON (sudokux's own, or f-puzzles JSON, told apart by
    /// content).
    Json,
}

impl InputFormat {
    /// The input format a `--format` value forces; `None` for `csv`, an output format.
    pub fn forced(value: FormatFlag) -> Option<InputFormat> {
        match value {
            FormatFlag::Line | FormatFlag::Ss => Some(InputFormat::Lines(Dialect::Lines)),
            FormatFlag::Sdk => Some(InputFormat::Lines(Dialect::Sdk)),
            FormatFlag::Pencilmark => Some(InputFormat::Lines(Dialect::Pencilmark)),
            FormatFlag::Toml => Some(InputFormat::Toml),
            FormatFlag::Json => Some(InputFormat::Json),
            FormatFlag::Csv => None,
        }
    }

    /// How an input is written: by its extension, else by its first line that is neither
    /// blank nor a `#` comment (`[Puzzle]` starts SadMan's `.sdk`, `{` JSON, `key =` or
    /// `[table]` TOML). Simple Sudoku's `.ss` grids, pencilmark lines and links are among
    /// what the line reader takes by itself.
    pub fn detect(name: &str, reader: &mut dyn BufRead) -> InputFormat {
        let extension = Path::new(name)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("toml") => return InputFormat::Toml,
            Some("json") => return InputFormat::Json,
            Some("sdk") => return InputFormat::Lines(Dialect::Sdk),
            Some("ss") => return InputFormat::Lines(Dialect::Lines),
            _ => {}
        }
        let Ok(buffer) = reader.fill_buf() else {
            return InputFormat::Lines(Dialect::Lines);
        };
        let text = String::from_utf8_lossy(buffer);
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        match first {
            Some(line) if line.eq_ignore_ascii_case("[puzzle]") => InputFormat::Lines(Dialect::Sdk),
            Some(line) if line.starts_with('{') => InputFormat::Json,
            Some(line) if fpuzzles::is_link(line) => InputFormat::Lines(Dialect::Lines),
            Some(line) if line.starts_with('[') => InputFormat::Toml,
            Some(line) => {
                let key = line.split('=').next().unwrap_or("").trim();
                let is_key = line.contains('=')
                    && !key.is_empty()
                    && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if is_key {
                    InputFormat::Toml
                } else {
                    InputFormat::Lines(Dialect::Lines)
                }
            }
            None => InputFormat::Lines(Dialect::Lines),
        }
    }
}

/// Largest puzzle file (TOML or JSON) read whole.
pub const MAX_RULE_FILE: u64 = 16 << 20;

/// The note for rule flags given with a puzzle file.
pub const RULE_FLAGS_IGNORED: &str = "rule flags ignored: a puzzle file carries its own rules";

/// The note for rule flags given with a link among puzzle lines.
pub const LINK_FLAGS_IGNORED: &str = "rule flags ignored: a link carries its own rules";

/// A link line decoded: its puzzle (named by the title line above it when the link names
/// none) and what its import left out; what is wrong with it, as a message naming its line.
pub fn read_link(link: &Link) -> Result<(PuzzleFile, Vec<String>), String> {
    let imported = fpuzzles::read(&link.text).map_err(|e| format!("line {}: {e}", link.line))?;
    let mut file = imported.file;
    if file.meta.title.is_none() {
        file.meta.title.clone_from(&link.title);
    }
    let mut notes = imported.notices;
    notes.extend(file.rules.notes());
    Ok((file, notes))
}

/// Reads a puzzle file with its rules (`format` is [`InputFormat::Toml`] or
/// [`InputFormat::Json`]); what is wrong with it, as a message.
pub fn read_puzzle_file(
    reader: &mut dyn BufRead,
    format: InputFormat,
) -> Result<PuzzleFile, String> {
    let mut notes = Vec::new();
    let file = read_puzzle_file_noting(reader, format, &mut notes);
    for note in &notes {
        say!("sudokux: note: {note}");
    }
    file
}

/// [`read_puzzle_file`], handing back in `notes` what an f-puzzles import left out and what
/// the rules note ([`Rules::notes`](sudokux::sudoku::Rules::notes)) instead of writing them
/// on stderr.
pub fn read_puzzle_file_noting(
    reader: &mut dyn BufRead,
    format: InputFormat,
    notes: &mut Vec<String>,
) -> Result<PuzzleFile, String> {
    let mut text = String::new();
    let file = match reader.take(MAX_RULE_FILE + 1).read_to_string(&mut text) {
        Err(error) => Err(format!("cannot read: {error}")),
        Ok(_) if text.len() as u64 > MAX_RULE_FILE => Err(format!(
            "a puzzle file is at most {} MiB",
            MAX_RULE_FILE >> 20
        )),
        Ok(_) if format == InputFormat::Json && fpuzzles::is_fpuzzles_json(&text) => {
            let imported = fpuzzles::read(&text).map_err(|e| e.to_string())?;
            notes.extend(imported.notices);
            Ok(imported.file)
        }
        Ok(_) if format == InputFormat::Json => from_json(&text).map_err(|e| e.to_string()),
        Ok(_) => from_toml(&text).map_err(|e| e.to_string()),
    }?;
    notes.extend(file.rules.notes());
    Ok(file)
}

/// Whether a command-line input is a puzzle written there, to read as it is rather than a
/// file to open: it names no file, and it is a link or payload, or one line that holds a
/// puzzle's worth of cells (see [`is_puzzle_line`]).
pub fn is_text(path: &Path) -> bool {
    path.to_str()
        .is_some_and(|text| (fpuzzles::is_link(text) || is_puzzle_line(text)) && !path.exists())
}

/// Whether `text` is one line of `n * n` cells (4 <= n <= 35; spaces and `|` between them
/// taken out), of `n * n` whitespace-separated numbers (up to 64x64), or a pencilmark line
/// of `n^3` characters (up to 9x9), at least half of it digits and blanks (a file name such
/// as `sample_top16.txt` is not): what a person writes a puzzle as on the command line. The
/// reader then reads it, and says what is wrong with it, if anything.
pub fn is_puzzle_line(text: &str) -> bool {
    let text = text.trim();
    if text.is_empty() || text.contains(['\n', '/']) {
        return false;
    }
    let cells = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '|'))
        .count();
    let cellish = text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | '*' | '-'))
        .count();
    if 2 * cellish < cells {
        return false;
    }
    let numbers = text.split_whitespace().count();
    let all_numbers = text
        .split_whitespace()
        .all(|t| t.chars().all(|c| c.is_ascii_digit() || c == '.'));
    (4..=35).any(|n| cells == n * n)
        || (4..=9).any(|n| cells == n * n * n)
        || (all_numbers && numbers > 16 && (4..=64).any(|n| numbers == n * n))
}

/// The hint for an input that names no file and reads as no puzzle but looks like an attempt
/// at one (mostly digits and dots): how to give one.
fn how_to_give_a_puzzle(path: &Path) -> Option<&'static str> {
    let text = path.to_str()?;
    let cellish = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    (!text.contains('/') && cellish >= 8 && 2 * cellish >= text.chars().count()).then_some(
        "not a file, nor a puzzle: a puzzle on the command line is one line of n*n cells \
         (81 for 9x9, blanks as `.` or `0`); else pipe puzzles in, or give `-` for stdin",
    )
}

/// The name of a puzzle written on the command line in messages: its start, enough to tell
/// which one.
pub fn link_name(link: &str) -> String {
    const SHOWN: usize = 48;
    match link.char_indices().nth(SHOWN) {
        Some((k, _)) => format!("{}...", &link[..k]),
        None => link.to_string(),
    }
}

/// Why an input could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The path names a directory.
    Directory,
    /// Opening failed.
    Io(io::Error),
}

impl OpenError {
    /// As the puzzle commands say it: `is a directory`, `cannot open: ...`.
    pub fn message(&self) -> String {
        match self {
            OpenError::Directory => "is a directory".into(),
            OpenError::Io(error) => format!("cannot open: {error}"),
        }
    }

    /// [`OpenError::message`] for the input `path`: a missing file that looks like an attempt
    /// at a puzzle says how to give one instead.
    pub fn message_for(&self, path: &Path) -> String {
        match (self, how_to_give_a_puzzle(path)) {
            (OpenError::Io(error), Some(hint)) if error.kind() == io::ErrorKind::NotFound => {
                hint.to_string()
            }
            _ => self.message(),
        }
    }
}

/// Opens an input file for reading; a directory is refused.
pub fn open(path: &Path) -> Result<File, OpenError> {
    match File::open(path) {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_dir()) => Err(OpenError::Directory),
        Ok(file) => Ok(file),
        Err(error) => Err(OpenError::Io(error)),
    }
}

/// The name of an input in messages: its path, `-` for stdin.
pub fn name(input: Option<&Path>) -> String {
    input.map_or_else(|| "-".to_string(), |p| p.display().to_string())
}

/// How much of the current input is read, for progress bars.
#[derive(Default)]
pub struct Meter {
    /// Its size in bytes, when it is a file.
    pub size: Cell<Option<u64>>,
    /// Bytes taken from it so far.
    pub read: Arc<AtomicU64>,
}

/// Whether puzzles come from a person at a terminal: stdin is the only input, and a terminal.
pub fn typing(inputs: &[PathBuf]) -> bool {
    inputs.iter().all(|p| p.as_os_str() == "-") && io::stdin().is_terminal()
}

/// Says so when stdin is a terminal (and so is stderr), so that a command given no file does
/// not seem to hang: what to type, and how to end.
pub fn prompt(what: &str) {
    if io::stdin().is_terminal() && io::stderr().is_terminal() {
        say!("sudokux: reading {what} from the terminal; end with Ctrl-D (or give a file name)");
    }
}

/// Calls `each` with every input (stdin for none) opened for reading, or with why it could
/// not be opened; stops early after Ctrl-C.
pub fn each_input(
    inputs: &[PathBuf],
    meter: &Meter,
    mut each: impl FnMut(&str, Result<&mut dyn BufRead, String>) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = [Path::new("-").to_path_buf()];
    let inputs = if inputs.is_empty() {
        &stdin[..]
    } else {
        inputs
    };
    for path in inputs {
        if interrupt::interrupted() {
            break;
        }
        let name = path.display().to_string();
        meter.size.set(None);
        meter.read.store(0, Ordering::Relaxed);
        if name == "-" {
            prompt("puzzles (a line or a grid each)");
            each("-", Ok(&mut io::stdin().lock()))?;
            continue;
        }
        if is_text(path) {
            each(&link_name(&name), Ok(&mut name.as_bytes()))?;
            continue;
        }
        match open(path) {
            Ok(file) => {
                meter.size.set(file.metadata().ok().map(|m| m.len()));
                let counted = Counting::new(file, Arc::clone(&meter.read));
                each(&name, Ok(&mut BufReader::with_capacity(1 << 16, counted)))?;
            }
            Err(error) => each(&name, Err(error.message_for(path)))?,
        }
    }
    Ok(())
}

/// One puzzle read for a single-puzzle command.
pub struct OnePuzzle {
    /// The input's name, `-` for stdin.
    pub name: String,
    /// Its rules: from the puzzle file, or from the rule flags for puzzle lines.
    pub rules: Rules,
    /// The givens.
    pub givens: Grid,
    /// The line it starts at, for puzzle lines.
    pub line: Option<usize>,
    /// Its title, author and rules in words, when a puzzle file gives them (a title line
    /// above a puzzle line or grid gives the title).
    pub meta: Meta,
    /// The candidates of a pencilmark puzzle.
    pub candidates: Option<Candidates>,
    /// What reading it left out (an f-puzzles import's notes): written on stderr by
    /// [`load_puzzle`], handed to the page by [`read_text`].
    pub notes: Vec<String>,
}

impl OnePuzzle {
    /// An error about this puzzle's input.
    pub fn error(&self, message: String) -> CliError {
        CliError::Input {
            name: self.name.clone(),
            message,
        }
    }

    /// `line N: ` for a puzzle line, nothing for a puzzle file.
    pub fn at(&self) -> String {
        self.line.map(|l| format!("line {l}: ")).unwrap_or_default()
    }
}

/// Reads the `index`-th puzzle (from 1) of a file, or of stdin for `None` or `-`, with its
/// rules: a puzzle file's own, or the rule flags' for puzzle lines and grids.
pub fn load_puzzle(
    input: Option<&Path>,
    index: usize,
    flags: &RuleArgs,
) -> Result<OnePuzzle, CliError> {
    let one = load_puzzles(input, Some(index), flags)?
        .pop()
        .expect("one puzzle read")?;
    for note in &one.notes {
        say!("sudokux: note: {note}");
    }
    Ok(one)
}

/// Every puzzle of a file, or of stdin for `None` or `-`, in order (only the `only`-th, from
/// 1, when given), each read as [`load_puzzle`] reads one or what is wrong with it; an error
/// for an input that cannot be opened or holds no puzzle (or not the one asked).
pub fn load_puzzles(
    input: Option<&Path>,
    only: Option<usize>,
    flags: &RuleArgs,
) -> Result<Vec<Result<OnePuzzle, CliError>>, CliError> {
    let mut name = name(input);
    if name == "-" {
        prompt("a puzzle");
        read_puzzles(&name, &mut io::stdin().lock(), only, flags)
    } else if input.is_some_and(is_text) {
        let link = std::mem::take(&mut name);
        name = link_name(&link);
        read_puzzles(&name, &mut link.as_bytes(), only, flags)
    } else {
        let path = Path::new(&name);
        let file = open(path).map_err(|e| CliError::Input {
            name: name.clone(),
            message: e.message_for(path),
        })?;
        read_puzzles(&name, &mut BufReader::new(file), only, flags)
    }
}

/// The first puzzle of `text`, read as a file or stdin holding it would be (a link or payload
/// too), with its rules: what `serve` reads a request's puzzle with. Errors name the input
/// `name` as the command line names a file.
pub fn read_text(name: &str, text: &str, flags: &RuleArgs) -> Result<OnePuzzle, CliError> {
    let trimmed = text.trim();
    let (name, text) = if fpuzzles::is_link(trimmed) {
        (link_name(trimmed), trimmed)
    } else {
        (name.to_string(), text)
    };
    read_puzzles(&name, &mut text.as_bytes(), Some(1), flags)?
        .pop()
        .expect("one puzzle read")
}

/// The puzzles of an input in order (only the `only`-th, from 1, when given), each with its
/// rules and the line it starts at (for puzzle lines), or what is wrong with it.
fn read_puzzles(
    name: &str,
    reader: &mut dyn BufRead,
    only: Option<usize>,
    flags: &RuleArgs,
) -> Result<Vec<Result<OnePuzzle, CliError>>, CliError> {
    let input_error = |message: String| CliError::Input {
        name: name.to_string(),
        message,
    };
    let flags = RuleFlags::checked(flags)?;
    let format = InputFormat::detect(name, reader);
    let InputFormat::Lines(dialect) = format else {
        if flags.given {
            say!("sudokux: {name}: {RULE_FLAGS_IGNORED}");
        }
        if let Some(index) = only.filter(|&k| k != 1) {
            return Err(input_error(format!(
                "a puzzle file holds one puzzle, --index {index} asked for another"
            )));
        }
        let mut notes = Vec::new();
        let file = read_puzzle_file_noting(reader, format, &mut notes).map_err(input_error)?;
        return Ok(vec![Ok(OnePuzzle {
            name: name.to_string(),
            rules: file.rules,
            givens: file.givens,
            line: None,
            meta: file.meta,
            candidates: None,
            notes,
        })]);
    };
    let mut puzzles = Vec::new();
    let mut seen = 0;
    for item in flags.reader(reader, dialect).items() {
        seen += 1;
        if only.is_some_and(|k| k != seen) {
            continue;
        }
        puzzles.push(
            item.map_err(|error| input_error(error.to_string()))
                .and_then(|item| puzzle_of(name, item, &flags)),
        );
        if only.is_some() {
            return Ok(puzzles);
        }
    }
    match only {
        _ if seen == 0 => Err(input_error("no puzzle in the input".into())),
        Some(index) => Err(input_error(format!(
            "puzzle {index} asked, the input has {seen}"
        ))),
        None => Ok(puzzles),
    }
}

/// The puzzle of one item of puzzle lines, with the rule flags' rules (a link's own).
fn puzzle_of(name: &str, item: Item, flags: &RuleFlags) -> Result<OnePuzzle, CliError> {
    let input_error = |message: String| CliError::Input {
        name: name.to_string(),
        message,
    };
    let entry = match item {
        Item::Puzzle(entry) => entry,
        Item::Link(link) => {
            let (file, notes) = read_link(&link).map_err(input_error)?;
            if flags.given {
                say!("sudokux: {name}: {LINK_FLAGS_IGNORED}");
            }
            return Ok(OnePuzzle {
                name: name.to_string(),
                rules: file.rules,
                givens: file.givens,
                line: Some(link.line),
                meta: file.meta,
                candidates: None,
                notes,
            });
        }
    };
    let rules = flags
        .rules(entry.grid.rows())
        .map_err(|e| input_error(format!("line {}: {e}", entry.line)))?;
    Ok(OnePuzzle {
        name: name.to_string(),
        rules,
        givens: entry.grid,
        line: Some(entry.line),
        meta: Meta {
            title: entry.title,
            ..Meta::default()
        },
        candidates: entry.candidates,
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detect(name: &str, text: &str) -> InputFormat {
        InputFormat::detect(name, &mut text.as_bytes())
    }

    #[test]
    fn the_extension_decides_first() {
        assert_eq!(detect("a.TOML", "{"), InputFormat::Toml);
        assert_eq!(detect("a.json", "size = 9"), InputFormat::Json);
        assert_eq!(detect("a.sdk", "1.3"), InputFormat::Lines(Dialect::Sdk));
        assert_eq!(
            detect("a.ss", "[Puzzle]"),
            InputFormat::Lines(Dialect::Lines)
        );
    }

    #[test]
    fn else_the_first_line_that_is_not_a_comment() {
        let lines = InputFormat::Lines(Dialect::Lines);
        assert_eq!(
            detect("-", "# c\n\n[Puzzle]\n1..\n"),
            InputFormat::Lines(Dialect::Sdk)
        );
        assert_eq!(detect("-", "  {\"size\": 9}"), InputFormat::Json);
        assert_eq!(detect("-", "# c\n[[cage]]\n"), InputFormat::Toml);
        assert_eq!(detect("-", "size = 9\n"), InputFormat::Toml);
        assert_eq!(detect("-", "1.3..=x\n"), lines);
        assert_eq!(detect("-", "4.....8.5.3.........."), lines);
        assert_eq!(detect("-", "# only a comment\n"), lines);
        assert_eq!(detect("-", "N4IgzglgXgpiBcAWAvkA\n"), lines);
        assert_eq!(detect("-", "https://sudokupad.app/fpuzzlesN4Ig"), lines);
    }

    #[test]
    fn csv_forces_no_input_format() {
        assert_eq!(InputFormat::forced(FormatFlag::Csv), None);
        assert_eq!(
            InputFormat::forced(FormatFlag::Ss),
            Some(InputFormat::Lines(Dialect::Lines))
        );
        assert_eq!(
            InputFormat::forced(FormatFlag::Pencilmark),
            Some(InputFormat::Lines(Dialect::Pencilmark))
        );
    }

    #[test]
    fn puzzle_files_are_read_whole_and_bounded() {
        let text = "size = 4\ngivens = \"\"\"\n.1.3\n....\n3.4.\n....\n\"\"\"\n";
        let file = read_puzzle_file(&mut text.as_bytes(), InputFormat::Toml).unwrap();
        assert_eq!(file.rules.size(), 4);
        assert_eq!(file.givens.cells().iter().filter(|&&d| d != 0).count(), 4);
        assert!(read_puzzle_file(&mut text.as_bytes(), InputFormat::Json).is_err());
        let big = "#".repeat(MAX_RULE_FILE as usize + 1);
        assert_eq!(
            read_puzzle_file(&mut big.as_bytes(), InputFormat::Toml).err(),
            Some("a puzzle file is at most 16 MiB".to_string())
        );
    }
}
