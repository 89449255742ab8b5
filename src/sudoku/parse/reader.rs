//! The [`Reader`]: puzzles read a line at a time, each line told apart (a puzzle line, a row
//! of a grid block, numbers, a pencilmark line, a separator, an `.sdk` section) and handed to
//! the module that reads that form. One state machine over lines (blocks, runs, titles, bad
//! rows held back), which reads best whole.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::{Cell, Grid, MAX_SIZE};
use crate::sudoku::symbols::{Alphabet, Symbols};

use super::block::{self, first_row_side, Block};
use super::cells::{box_drawing, is_separator, puzzle_line_size, split, ReadCell, INFERRED};
use super::error::{Fault, ParseError, ParseErrorKind, ReadError};
use super::item::{Entry, Item, Link};
use super::link::is_link_bytes;
use super::numbers::{number_cells, numbers, whole_puzzle_side};
use super::pencilmark::{is_pencilmark, read_pencilmark};
use super::title::{starts_as_title, title};

/// Longest line read, in bytes (a 64x64 puzzle written as numbers on one line takes about
/// 12 KiB); a longer line is an error, and the reader goes on after it.
pub const MAX_LINE: usize = 1 << 20;

/// Which dialect of puzzle text a [`Reader`] takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// Puzzle lines, grid blocks (Simple Sudoku's `.ss` among them), whitespace-separated
    /// numbers, and pencilmark lines, mixed freely.
    #[default]
    Lines,
    /// As [`Dialect::Lines`], with SadMan's sections: a line `[Name]` starts a section, and
    /// only the `[Puzzle]` sections (and lines before any section) are read.
    Sdk,
    /// Pencilmark lines only.
    Pencilmark,
}

/// Reads the puzzles of an input one at a time; an iterator of [`Entry`] or [`ReadError`].
///
/// Memory stays bounded by the longest line, however long the input.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::parse::Reader;
///
/// let text = "# two puzzles\n\
///     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///     \n\
///     52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
/// let lines: Vec<usize> = Reader::new(text.as_bytes(), 9)
///     .map(|entry| entry.unwrap().line)
///     .collect();
/// assert_eq!(lines, [2, 4]);
/// ```
pub struct Reader<R> {
    input: R,
    /// The fixed side, or `None` to read it off each puzzle.
    size: Option<usize>,
    alphabet: Alphabet,
    /// The alphabet's symbols for the side last used, kept to avoid rebuilding them.
    symbols: Option<Symbols>,
    dialect: Dialect,
    /// In an `.sdk` section other than `[Puzzle]`: lines are skipped.
    skipping: bool,
    line: usize,
    buf: Vec<u8>,
    block: Option<Block>,
    run: Option<Run>,
    pending: VecDeque<Result<Item, ReadError>>,
    /// The title line read last and its line number, for the next puzzle (or error) read.
    title: Option<(usize, String)>,
    /// The error of a lone bad row just above the block in progress, held back: if that
    /// block ends one row short, the bad row was its first and this is its one error; else
    /// it is an error of its own, said before anything read after it.
    stray: Option<ParseError>,
    done: bool,
}

/// Consecutive lines of `tokens` numbers each, every one a whole puzzle of side
/// `sqrt(tokens)` (a 10x10 on each line of 100 numbers), held back until it is clear they
/// are not the `tokens` rows of one grid larger than any supported (100 rows of 100).
struct Run {
    tokens: usize,
    /// Line of the first.
    start: usize,
    /// What each line gave, in order.
    held: Vec<Result<Entry, ReadError>>,
}

impl<R: BufRead> Reader<R> {
    /// Reads puzzles of side `size` (9 for classic sudoku) in the default alphabet.
    pub fn new(input: R, size: usize) -> Self {
        Self::with_alphabet(input, Alphabet::Default, Some(size))
    }

    /// Reads puzzles written in `symbols`, of side `symbols.len()`.
    pub fn with_symbols(input: R, symbols: Symbols) -> Self {
        Self::with_alphabet(input, Alphabet::Fixed(Box::new(symbols)), None)
    }

    /// Reads puzzles of any side from 4 to 35 in the default alphabet, each one's side read
    /// off its first line (up to 64 for whitespace-separated numbers).
    pub fn inferring(input: R) -> Self {
        Self::with_alphabet(input, Alphabet::Default, None)
    }

    /// Reads puzzles written in `alphabet`, of side `size`, or read off each puzzle for
    /// `None` (a fixed alphabet fixes the side).
    pub fn with_alphabet(input: R, alphabet: Alphabet, size: Option<usize>) -> Self {
        Reader {
            input,
            size: size.or(alphabet.fixed_size()),
            alphabet,
            symbols: None,
            dialect: Dialect::Lines,
            skipping: false,
            line: 0,
            buf: Vec::new(),
            block: None,
            run: None,
            pending: VecDeque::new(),
            title: None,
            stray: None,
            done: false,
        }
    }

    /// Reads `dialect` instead of the default [`Dialect::Lines`].
    pub fn dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// The alphabet for side `n`.
    fn symbols(&mut self, n: usize) -> Result<&Symbols, ParseErrorKind> {
        if self.symbols.as_ref().is_none_or(|s| s.len() != n) {
            let symbols = self
                .alphabet
                .symbols_for(n)
                .map_err(ParseErrorKind::Alphabet)?;
            self.symbols = Some(symbols);
        }
        Ok(self.symbols.as_ref().expect("just made"))
    }

    /// The cells of a line in the alphabet for side `n`; see [`split`].
    fn split(
        &mut self,
        text: &[u8],
        n: usize,
        first_token: bool,
    ) -> Result<Vec<ReadCell>, ParseErrorKind> {
        Ok(split(self.symbols(n)?, text, n, first_token))
    }

    fn push_error(&mut self, column: Option<usize>, cell: Option<Cell>, kind: ParseErrorKind) {
        self.flush_stray();
        // A title names the puzzle after it, even when that puzzle cannot be read.
        self.title = None;
        let error = ParseError {
            line: self.line,
            column,
            cell,
            kind,
        };
        self.pending.push_back(Err(error.into()));
    }

    fn push_fault(&mut self, (column, cell, kind): Fault) {
        self.push_error(column, cell, kind);
    }

    /// Ends the block in progress, if any: an incomplete block is an error unless one of its
    /// rows already was.
    fn end_block(&mut self) {
        if let Some(block) = self.block.take() {
            if !block.poisoned && self.stray.is_some() && block.rows + 1 == block.size {
                // The bad row above was this grid's first: one error for the grid.
                return self.flush_stray();
            }
            self.flush_stray();
            if !block.poisoned {
                let error = ParseError {
                    line: block.start,
                    column: None,
                    cell: None,
                    kind: ParseErrorKind::IncompleteGrid {
                        rows: block.rows,
                        size: block.size,
                    },
                };
                self.title = None;
                self.pending.push_back(Err(error.into()));
            }
        }
        self.flush_stray();
    }

    /// Says the error held back in [`Reader::stray`], if any.
    fn flush_stray(&mut self) {
        if let Some(error) = self.stray.take() {
            self.title = None;
            self.pending.push_back(Err(error.into()));
        }
    }

    /// Hands on the puzzles of a run of whole-puzzle lines: the run ended short of a grid.
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            self.pending
                .extend(run.held.into_iter().map(|r| r.map(Item::Puzzle)));
        }
    }

    /// The puzzles and link lines of the input, in input order: see [`Item`].
    pub fn items(self) -> Items<R> {
        Items { reader: self }
    }

    fn read_line(&mut self, raw: &[u8]) {
        let mut raw = raw;
        if self.line == 1 {
            raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        }
        let drawn = box_drawing(raw);
        let raw = drawn.as_deref().unwrap_or(raw);
        let offset = raw.len() - raw.trim_ascii_start().len();
        let text = raw.trim_ascii();
        if let Some(run) = &self.run {
            if numbers(text, false).is_none_or(|tokens| tokens.len() != run.tokens) {
                self.end_run();
            }
        }
        if text.is_empty() {
            self.end_block();
            return;
        }
        if text[0] == b'#' {
            return;
        }
        if self.dialect == Dialect::Sdk && text[0] == b'[' {
            self.end_block();
            self.skipping = !text.eq_ignore_ascii_case(b"[puzzle]");
            return;
        }
        if self.skipping {
            return;
        }
        if is_link_bytes(text) && !self.reads_as_cells(text) {
            // A link is a puzzle of its own: it also ends a grid block left incomplete.
            self.end_block();
            let title = self.title.take().map(|(_, title)| title);
            let text = String::from_utf8_lossy(text).into_owned();
            let line = self.line;
            self.pending
                .push_back(Ok(Item::Link(Link { line, text, title })));
            return;
        }
        // A title also ends a grid below a bad row held back (its own grid, one row short).
        if (self.block.is_none() || self.stray.is_some())
            && self.dialect != Dialect::Pencilmark
            && starts_as_title(text)
            && !self.reads_as_cells(text)
        {
            self.end_block();
            self.title = Some((self.line, title(text)));
            return;
        }
        let first = &text[..text
            .iter()
            .position(|b| matches!(b, b' ' | b'\t' | b',' | b';'))
            .unwrap_or(text.len())];
        let pencilmark = self.block.is_none()
            && self.alphabet == Alphabet::Default
            && is_pencilmark(first, self.size);
        if pencilmark || self.dialect == Dialect::Pencilmark {
            self.end_block();
            return self.read_pencilmark(first, offset);
        }
        let row_size = self
            .block
            .as_ref()
            .map_or(self.size.unwrap_or(9), |b| b.size);
        if is_separator(text, row_size) {
            return;
        }
        if self.alphabet == Alphabet::Default {
            // Rows of a grid wider than a row of characters can be are numbers, whatever
            // their numbers look like.
            let wide = self
                .block
                .as_ref()
                .is_some_and(|b| b.size > *INFERRED.end());
            if let Some(tokens) = numbers(text, wide) {
                return self.read_numbers(&tokens, offset);
            }
        }
        if let Some(n) = puzzle_line_size(&self.alphabet, self.size, text) {
            // A puzzle line also ends a grid block left incomplete.
            self.end_block();
            let cells = match self.split(text, n, true) {
                Ok(cells) => cells,
                Err(kind) => return self.push_error(None, None, kind),
            };
            if cells.len() != n * n {
                // Characters that are not one byte each: count again as cells.
                let kind = ParseErrorKind::WrongCellCount {
                    found: cells.len(),
                    size: n,
                };
                return self.push_error(None, None, kind);
            }
            return self.finish_line(&cells, n, offset);
        }
        self.read_row(text, offset);
    }

    /// Whether `text`, outside a block, reads as a puzzle line or as the first row of a
    /// block, every cell a symbol or a blank.
    fn reads_as_cells(&mut self, text: &[u8]) -> bool {
        let all_read = |cells: &[ReadCell], count: usize| {
            cells.len() == count && cells.iter().all(|(_, cell)| cell.is_ok())
        };
        if let Some(n) = puzzle_line_size(&self.alphabet, self.size, text) {
            return self
                .split(text, n, true)
                .is_ok_and(|cells| all_read(&cells, n * n));
        }
        let n = match self.size.map_or_else(|| first_row_side(text), Ok) {
            Ok(n) => n,
            Err(_) => return false,
        };
        self.split(text, n, false)
            .is_ok_and(|cells| all_read(&cells, n))
    }

    /// A puzzle read: with the title above it, if any.
    fn push_entry(&mut self, line: usize, grid: Grid, candidates: Option<Candidates>) {
        self.flush_stray();
        let title = self.title.take().map(|(_, title)| title);
        self.pending.push_back(Ok(Item::Puzzle(Entry {
            line,
            grid,
            candidates,
            title,
        })));
    }

    fn finish_line(&mut self, cells: &[ReadCell], n: usize, offset: usize) {
        let mut digits = Vec::with_capacity(n * n);
        for (k, (column, cell)) in cells.iter().enumerate() {
            match cell {
                Ok(d) => digits.push(*d),
                Err(kind) => {
                    let cell = Cell::from_index(k, n);
                    return self.push_error(Some(offset + column), Some(cell), kind.clone());
                }
            }
        }
        let grid = Grid::from_cells(n, digits).expect("cells checked");
        self.push_entry(self.line, grid, None);
    }

    /// A pencilmark line (its first token): `n` characters per cell.
    fn read_pencilmark(&mut self, token: &[u8], offset: usize) {
        match read_pencilmark(token, offset, self.size) {
            Ok(candidates) => self.push_entry(self.line, candidates.givens(), Some(candidates)),
            Err(fault) => self.push_fault(fault),
        }
    }

    /// A line of whitespace-separated numbers (see [`numbers`]): a row of the block in
    /// progress, a whole puzzle of `n * n` numbers, or the first row of a block of its length.
    fn read_numbers(&mut self, tokens: &[(usize, &[u8])], offset: usize) {
        let t = tokens.len();
        if self.second_row(t) {
            return;
        }
        let whole = |n: usize| n * n == t;
        let (n, line) = match (&self.block, self.size) {
            (Some(block), _) => (block.size, false),
            (None, Some(n)) => (n, whole(n)),
            (None, None) if (4..=MAX_SIZE).contains(&t) => (t, false),
            (None, None) => match whole_puzzle_side(t) {
                Some(n) => (n, true),
                None => {
                    // Rows of a grid too wide for any side: one error, its rows dropped.
                    self.start_poisoned(t);
                    let kind = ParseErrorKind::NoSide {
                        found: t,
                        numbers: true,
                    };
                    return self.push_error(None, None, kind);
                }
            },
        };
        let cells = number_cells(tokens, n);
        if !line {
            let inferred = self.block.is_none() && self.size.is_none();
            return self.add_row(n, &cells, offset, inferred);
        }
        self.end_block();
        if let Err(kind) = self.symbols(n) {
            return self.push_error(None, None, kind);
        }
        let before = self.pending.len();
        self.finish_line(&cells, n, offset);
        if self.size.is_some() {
            return;
        }
        // The side was read off the line: hold it back while the lines could still be rows.
        let gave: Vec<_> = self
            .pending
            .drain(before..)
            .map(|r| {
                r.map(|item| match item {
                    Item::Puzzle(entry) => entry,
                    Item::Link(_) => unreachable!("a line of numbers is no link"),
                })
            })
            .collect();
        let line = self.line;
        let run = self.run.get_or_insert_with(|| Run {
            tokens: t,
            start: line,
            held: Vec::new(),
        });
        run.held.extend(gave);
        if run.held.len() == t {
            let start = run.start;
            self.run = None;
            let error = ParseError {
                line: start,
                column: None,
                cell: None,
                kind: ParseErrorKind::GridTooLarge { size: t },
            };
            self.pending.push_back(Err(error.into()));
        }
    }

    /// One row of a grid block.
    fn read_row(&mut self, text: &[u8], offset: usize) {
        if let Some(size) = self.block.as_ref().map(|b| b.size) {
            let count = self
                .split(text, size, false)
                .map_or(size, |cells| cells.len());
            if self.second_row(count) {
                return;
            }
        }
        let n = match (&self.block, self.size) {
            (Some(block), _) => block.size,
            (None, Some(n)) => n,
            // The first row of a block gives its side; count its cells as one-character ones.
            (None, None) => match first_row_side(text) {
                Ok(n) => n,
                Err(kind) => return self.push_error(None, None, kind),
            },
        };
        let inferred = self.block.is_none() && self.size.is_none();
        match self.split(text, n, false) {
            Ok(cells) => self.add_row(n, &cells, offset, inferred),
            Err(kind) => {
                self.start_poisoned(n);
                self.push_error(None, None, kind);
            }
        }
    }

    /// Starts a block that is already known to be bad, unless one is in progress: its rows
    /// are counted and dropped.
    fn start_poisoned(&mut self, n: usize) {
        if self.block.is_none() {
            self.block = Some(Block::poisoned(self.line, n));
        }
    }

    /// One row of `n` cells (the first of a block when none is in progress); `inferred` when
    /// the side was guessed from this very row.
    fn add_row(&mut self, n: usize, cells: &[ReadCell], offset: usize, inferred: bool) {
        let first = self.block.is_none();
        match block::add_row(&mut self.block, self.line, n, cells, offset, inferred) {
            Some(Ok((line, grid))) => self.push_entry(line, grid, None),
            Some(Err((column, cell, kind))) if first && cells.len() == n => {
                // A bad row that might be the first of a grid below: held back.
                self.flush_stray();
                let line = self.line;
                self.stray = Some(ParseError {
                    line,
                    column,
                    cell,
                    kind,
                });
            }
            Some(Err(fault)) => self.push_fault(fault),
            None => {}
        }
    }

    /// Before a row of `count` cells: when the block in progress is one row whose side was
    /// read off it, and this row has another length, that first row is the error (held back
    /// as a stray row: the grid below may be its own), and this row begins afresh. But when
    /// the stray row above has this row's length, the one row between them was the bad one:
    /// one error, and this row is the third of that grid, counted and dropped (`true`).
    fn second_row(&mut self, count: usize) -> bool {
        let Some(open) = &self.block else {
            return false;
        };
        if open.rows != 1 || !open.inferred || open.poisoned || count == open.size {
            return false;
        }
        let (start, size) = (open.start, open.size);
        self.block = None;
        if let Some(stray) = self.stray.take_if(|stray| {
            stray.line + 1 == start
                && matches!(stray.kind, ParseErrorKind::FirstRowLength { first, .. } if first == count)
        }) {
            let mut block = Block::poisoned(stray.line, count);
            block.rows = 3;
            self.block = Some(block);
            let kind = ParseErrorKind::WrongRowLength {
                row: 2,
                found: size,
                size: count,
            };
            self.title = None;
            let error = ParseError {
                line: start,
                column: None,
                cell: None,
                kind,
            };
            self.pending.push_back(Err(error.into()));
            return true;
        }
        let error = ParseError {
            line: start,
            column: None,
            cell: None,
            kind: ParseErrorKind::FirstRowLength {
                first: size,
                second: count,
            },
        };
        self.flush_stray();
        self.stray = Some(error);
        false
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Entry, ReadError>;

    /// The next puzzle; a link line is an error here ([`ParseErrorKind::Link`]): read links
    /// with [`Reader::items`].
    fn next(&mut self) -> Option<Self::Item> {
        Some(match self.next_item()? {
            Ok(Item::Puzzle(entry)) => Ok(entry),
            Ok(Item::Link(link)) => Err(ParseError {
                line: link.line,
                column: None,
                cell: None,
                kind: ParseErrorKind::Link(link.text.chars().take(48).collect()),
            }
            .into()),
            Err(error) => Err(error),
        })
    }
}

/// The items of a [`Reader`]: puzzles and link lines, or errors, in input order; see
/// [`Reader::items`].
pub struct Items<R> {
    reader: Reader<R>,
}

impl<R: BufRead> Iterator for Items<R> {
    type Item = Result<Item, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.next_item()
    }
}

impl<R: BufRead> Reader<R> {
    /// The next puzzle or link line, or error.
    fn next_item(&mut self) -> Option<Result<Item, ReadError>> {
        loop {
            if let Some(item) = self.pending.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            let limit = MAX_LINE as u64 + 1;
            match (&mut self.input).take(limit).read_until(b'\n', &mut buf) {
                Ok(0) => {
                    self.done = true;
                    self.end_run();
                    self.end_block();
                    if let Some((line, title)) = self.title.take() {
                        let error = ParseError {
                            line,
                            column: None,
                            cell: None,
                            kind: ParseErrorKind::TitleWithoutPuzzle(title),
                        };
                        self.pending.push_back(Err(error.into()));
                    }
                }
                Ok(_) => {
                    self.line += 1;
                    let newline = usize::from(buf.ends_with(b"\n"));
                    if buf.len() - newline > MAX_LINE {
                        // Skip the rest of the line without keeping it.
                        self.end_run();
                        self.end_block();
                        self.push_error(None, None, ParseErrorKind::LineTooLong { max: MAX_LINE });
                        if let Err(error) = self.input.skip_until(b'\n') {
                            self.done = true;
                            self.pending.push_back(Err(error.into()));
                        }
                    } else {
                        self.read_line(&buf);
                    }
                }
                Err(error) => {
                    self.done = true;
                    self.pending.push_back(Err(error.into()));
                }
            }
            self.buf = buf;
        }
    }
}

/// Reads exactly one puzzle of side `size` from a string.
///
/// # Errors
///
/// The first syntax error, or [`ParseErrorKind::WrongCellCount`] at line 1 if the text holds
/// no puzzle.
pub fn parse_one(text: &str, size: usize) -> Result<Grid, ParseError> {
    match Reader::new(text.as_bytes(), size).next() {
        Some(Ok(entry)) => Ok(entry.grid),
        Some(Err(ReadError::Parse(error))) => Err(error),
        Some(Err(ReadError::Io(_))) | None => Err(ParseError {
            line: 1,
            column: None,
            cell: None,
            kind: ParseErrorKind::WrongCellCount { found: 0, size },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Entry, String>> {
        Reader::new(text.as_bytes(), 9)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    const LINE: &str =
        "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";

    #[test]
    fn lines_with_comments_crlf_and_blank_lines() {
        let text = format!("# header\r\n{LINE}\r\n\n{LINE}  hard one\n{LINE};x\n");
        let got = read(&text);
        assert_eq!(got.len(), 3);
        let lines: Vec<usize> = got.iter().map(|e| e.as_ref().unwrap().line).collect();
        assert_eq!(lines, [2, 4, 5]);
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE);
    }

    #[test]
    fn grid_blocks_with_separators() {
        let text = "\
2 . 4 | . 1 . | . . .
. 1 5 | . . . | . . 4
. . . | 9 6 . | . . .
------+-------+------
3 . 7 | . . 1 | . . .
. 4 . | . . . | . 5 .
. . . | 4 . . | 9 . 3
------+-------+------
. . . | . 3 9 | . . .
1 . . | . . . | 6 2 .
. . . | . 8 . | 3 . 9
";
        let got = read(text);
        assert_eq!(got.len(), 1);
        let entry = got[0].as_ref().unwrap();
        assert_eq!((entry.line, entry.grid.to_line()), (1, LINE.to_string()));
        // Compact rows, no separators, back to back with a puzzle line.
        let compact: String = LINE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let got = read(&format!("{compact}{LINE}\n"));
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].as_ref().unwrap().line, 10);
    }

    #[test]
    fn errors_name_line_column_and_cell_and_reading_goes_on() {
        let mut bad = LINE.to_string();
        bad.replace_range(16..17, "x");
        let short = &LINE[..80];
        let text = format!("{LINE}\n{bad}\n{short}\n{LINE}\n");
        let got = read(&text);
        assert_eq!(got.len(), 4);
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "line 2, column 17 (r2c8): unexpected character 'x'"
        );
        assert_eq!(
            got[2].as_ref().unwrap_err(),
            "line 3: expected 81 cells (a puzzle line) or 9 (a row of a grid), found 80"
        );
        assert_eq!(got[3].as_ref().unwrap().line, 4);
    }

    #[test]
    fn a_broken_grid_block_is_one_error() {
        let text = "\
2.4.1....
.15.....4
...96..
3.7..1...
.4.....5.
....4..9.
....39...
1.....62.
.....8.3.
";
        let got = read(&format!("{text}\n{LINE}\n"));
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 3: row 3 of the grid has 7 cells, expected 9"
        );
        assert!(got[1].is_ok());
        let got = read("2.4.1....\n.15.....4\n\n");
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1: the grid starting here has 2 rows, expected 9"
        );
    }

    #[test]
    fn multibyte_characters_never_break_the_reader() {
        // A line of 81 bytes holding fewer characters, then a good puzzle.
        let mut line = "é".as_bytes().to_vec();
        line.extend(std::iter::repeat_n(b'.', 77));
        line.extend(b"\xe9.\n");
        line.extend(LINE.as_bytes());
        line.push(b'\n');
        let got: Vec<_> = Reader::inferring(&line[..]).collect();
        assert_eq!(got.len(), 2);
        assert!(got[0].is_err());
        assert!(got[1].is_ok());
    }

    #[test]
    fn framed_grids_and_separators() {
        // sudokux's own --pretty output reads back, its header being a comment.
        let framed = "\
# puzzle 1 (line 1): unique
+-------+-------+-------+
| 2 . 4 | . 1 . | . . . |
| . 1 5 | . . . | . . 4 |
| . . . | 9 6 . | . . . |
+-------+-------+-------+
| 3 . 7 | . . 1 | . . . |
| . 4 . | . . . | . 5 . |
| . . . | 4 . . | 9 . 3 |
+-------+-------+-------+
| . . . | . 3 9 | . . . |
| 1 . . | . . . | 6 2 . |
| . . . | . 8 . | 3 . 9 |
+-------+-------+-------+
";
        let got: Vec<_> = Reader::inferring(framed.as_bytes()).collect();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE);
        // Runs of 16 or 25 dashes are separators, not empty puzzles.
        let text = format!("{}\n{LINE}\n{}\n", "-".repeat(16), "-".repeat(25));
        let got: Vec<_> = Reader::inferring(text.as_bytes()).collect();
        assert_eq!(got.len(), 1);
        // 81 dashes are an empty 9x9 puzzle line.
        let got: Vec<_> = Reader::new(format!("{}\n", "-".repeat(81)).as_bytes(), 9).collect();
        assert_eq!(got[0].as_ref().unwrap().grid.filled(), 0);
    }

    #[test]
    fn the_most_telling_error_comes_first() {
        let read_with = |text: &str, size: usize| -> String {
            Reader::new(text.as_bytes(), size)
                .next()
                .unwrap()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            read_with(&format!("{LINE}\n"), 4),
            "line 1: expected 16 cells (a puzzle line) or 4 (a row of a grid), found 81"
        );
        let spaced = format!("{} {}\n", &LINE[..40], &LINE[40..]);
        assert!(read_with(&spaced, 9).contains("81 cells with spaces or | among them"));
    }

    #[test]
    fn digits_beyond_the_grid_and_invalid_bytes() {
        let got: Vec<_> = Reader::new("1234\n5...\n....\n....\n".as_bytes(), 4)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 2, column 1 (r2c1): 5 is not a digit of this 4x4 grid"
        );
        let got: Vec<_> = Reader::new(&b"12\xff4\n"[..], 4)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1, column 3 (r1c3): invalid byte 0xff (not text)"
        );
        assert_eq!(read("").len(), 0);
    }

    fn data(name: &str) -> String {
        let path = format!("{}/tests/data/formats/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn read_dialect(text: &str, dialect: Dialect) -> Vec<Result<Entry, String>> {
        Reader::inferring(text.as_bytes())
            .dialect(dialect)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn sdk_headers_and_sections() {
        let got = read_dialect(&data("sections.sdk"), Dialect::Sdk);
        assert_eq!(got.len(), 1, "the [State] section is skipped: {got:?}");
        let entry = got[0].as_ref().unwrap();
        assert_eq!((entry.line, entry.grid.to_line()), (6, LINE.to_string()));
        // Read as plain lines, the section header is an error.
        let got = read_dialect(&data("sections.sdk"), Dialect::Lines);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 5, column 1 (r1c1): unexpected character '['"
        );
        // Without sections, and two puzzles under two [Puzzle] headers.
        let got = read_dialect(&data("plain.sdk"), Dialect::Sdk);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].as_ref().unwrap().line, 8);
        let rows: String = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let text = format!("[puzzle]\n{rows}[Solution]\n123\n[Puzzle]\n{rows}");
        let got = read_dialect(&text, Dialect::Sdk);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].as_ref().unwrap().line, 14);
    }

    #[test]
    fn simple_sudoku_frames_separators_and_blanks() {
        for name in ["framed.ss", "plain.ss"] {
            let got = read_dialect(&data(name), Dialect::Lines);
            assert_eq!(got.len(), 1, "{name}: {got:?}");
            assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE, "{name}");
        }
        let got = read("*-----------*\n|2.4|.1.|...|\n|_15|___|_x4|\n");
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 3, column 11 (r2c8): unexpected character 'x'"
        );
    }

    #[test]
    fn pencilmark_lines_carry_candidates() {
        let text = data("pencilmarks.txt");
        let got = read_dialect(&text, Dialect::Lines);
        assert_eq!(got.len(), 3);
        let first = got[0].as_ref().unwrap();
        let candidates = first.candidates.as_ref().unwrap();
        assert_eq!(candidates.get(0), 1 << 6 | 1 << 8);
        assert_eq!(first.grid.get(0, 0), 0);
        assert_eq!(first.grid.get(0, 1), 9);
        assert_eq!(got[1].as_ref().unwrap().grid.to_line(), LINE);
        let line = text.lines().nth(1).unwrap();
        // A digit out of its place, and a cell with no candidate, named by line, column, cell.
        let mut bad = line.to_string();
        bad.replace_range(13..14, "7"); // r1c2, place 5
        let got = read_dialect(&format!("{line}\n{bad}\n"), Dialect::Pencilmark);
        assert!(got[0].is_ok());
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "line 2, column 14 (r1c2): '7' in place 5 of a pencilmark cell, where only 5, `.` or `0` may stand"
        );
        let mut empty = line.to_string();
        empty.replace_range(18..27, "........."); // r1c3
        let got = read_dialect(&format!("{empty}\n"), Dialect::Pencilmark);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1, column 19 (r1c3): the cell has no candidate"
        );
        // Forced, a plain puzzle line is not one; auto-detected, it is a puzzle line.
        let got = read_dialect(&format!("{LINE}\n"), Dialect::Pencilmark);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1: expected a pencilmark line of n^3 characters for an nxn grid (64 for 4x4, \
             729 for 9x9, 4096 for 16x16, ...), found 81"
        );
        // Auto-detected, a line with one cell of no candidate is still a pencilmark line,
        // and that cell the error...
        let got = read_dialect(&format!("{empty}\n"), Dialect::Lines);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1, column 19 (r1c3): the cell has no candidate"
        );
        // ... while 729 characters that leave most "cells" without a candidate make a 27x27
        // puzzle line.
        let blank27 = ".".repeat(729);
        let got = read_dialect(&format!("{blank27}\n"), Dialect::Lines);
        assert_eq!(got[0].as_ref().unwrap().grid.rows(), 27);
    }

    #[test]
    fn whitespace_separated_numbers_for_any_size() {
        let got = read_dialect(&data("numbers16.txt"), Dialect::Lines);
        assert_eq!(got.len(), 1, "{got:?}");
        let grid = &got[0].as_ref().unwrap().grid;
        assert_eq!(
            (grid.rows(), grid.get(0, 3), grid.get(0, 5), grid.get(5, 1)),
            (16, 8, 12, 16)
        );
        let got = read_dialect(&data("numbers25.txt"), Dialect::Lines);
        assert_eq!(got.len(), 1, "{got:?}");
        let grid = &got[0].as_ref().unwrap().grid;
        assert_eq!((grid.rows(), grid.filled()), (25, 330));
        // Errors name the line, the column and the cell.
        let mut text = data("numbers16.txt");
        text = text.replacen(" 7 ", "17 ", 1);
        let got = read_dialect(&text, Dialect::Lines);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 3, column 4 (r2c2): 17 is not a digit of this 16x16 grid"
        );
        let got = read_dialect("10 11 12 13 14\n", Dialect::Lines);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1, column 1 (r1c1): 10 is not a digit of this 5x5 grid"
        );
    }

    /// The puzzles of `text`, each one's side read off it (as the command line reads).
    fn infer(text: &str) -> Vec<Result<Entry, String>> {
        Reader::inferring(text.as_bytes())
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    /// `rows` lines of `cols` numbers, all blank but `first` at r1c1.
    fn number_block(rows: usize, cols: usize, first: &str) -> String {
        (0..rows)
            .map(|r| {
                let mut row = vec!["0"; cols];
                if r == 0 {
                    row[0] = first;
                }
                row.join(" ") + "\n"
            })
            .collect()
    }

    #[test]
    fn a_block_of_n_rows_of_n_numbers_is_one_grid_for_every_side() {
        for n in 4..=MAX_SIZE {
            // Single-digit numbers only: nothing but the count says these are numbers.
            let got = infer(&number_block(n, n, "3"));
            assert_eq!(got.len(), 1, "side {n}: {got:?}");
            let grid = &got[0].as_ref().unwrap().grid;
            assert_eq!(
                (grid.rows(), grid.get(0, 0), grid.filled()),
                (n, 3, 1),
                "side {n}"
            );
        }
        // Whole puzzles of n * n numbers on a line, 9x9 included.
        let spaced: Vec<String> = LINE.chars().map(String::from).collect();
        let got = infer(&(spaced.join(" ") + "\n"));
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE);
    }

    #[test]
    fn grids_drawn_with_box_characters() {
        let rows: Vec<&str> = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect();
        let mut text = String::from("\u{250c}\u{2500}\u{2500}\u{2500}\u{252c}\u{2500}\u{2510}\n");
        for (k, row) in rows.iter().enumerate() {
            if k == 3 || k == 6 {
                text += "\u{251c}\u{2500}\u{2500}\u{2500}\u{253c}\u{2500}\u{2500}\u{2524}\n";
            }
            text += &format!(
                "\u{2502}{}\u{2502}{}\u{2551}{}\u{2502}\n",
                &row[..3],
                &row[3..6],
                &row[6..]
            );
        }
        text += "\u{2514}\u{2500}\u{2500}\u{2534}\u{2500}\u{2518}\n";
        let got = read(&text);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE);
    }

    #[test]
    fn runs_of_dots_are_blanks_at_every_side() {
        // A line of n * n dots is an empty grid, even of a side written as numbers.
        for n in [36, 49, 64] {
            let got = infer(&(".".repeat(n * n) + "\n"));
            let grid = &got[0].as_ref().unwrap().grid;
            assert_eq!(
                (got.len(), grid.rows(), grid.filled()),
                (1, n, 0),
                "side {n}"
            );
        }
        // With the side given, dots and numbers mix: runs of dots count one cell a dot.
        let mut text = format!("{} 7 {}\n", ".".repeat(40), "_".repeat(23));
        text += &(format!("{}\n", ".".repeat(64))).repeat(63);
        let got: Vec<_> = Reader::new(text.as_bytes(), 64).collect();
        let grid = &got[0].as_ref().unwrap().grid;
        assert_eq!((got.len(), grid.get(0, 40), grid.filled()), (1, 7, 1));
        // One dot short is an error naming the count, not a misread puzzle.
        let got = infer(&(".".repeat(64 * 64 - 1) + "\n"));
        assert!(got[0].is_err(), "{got:?}");
    }

    #[test]
    fn grids_beyond_the_largest_side_are_refused_naming_the_limits() {
        // 100 rows of 100 numbers are not 100 puzzles of 10x10.
        let got = infer(&number_block(100, 100, "0"));
        assert_eq!(
            got,
            [Err(
                "line 1: 100 rows of 100 numbers: a 100x100 grid is larger than the \
                  largest side, 64"
                    .to_string()
            )]
        );
        // Fewer such lines are 10x10 puzzles, handed on in order when the run ends.
        let got = infer(&(number_block(3, 100, "7") + "\n" + LINE + "\n"));
        let lines: Vec<usize> = got.iter().map(|e| e.as_ref().unwrap().line).collect();
        assert_eq!(lines, [1, 2, 3, 5]);
        assert_eq!(got[0].as_ref().unwrap().grid.rows(), 10);
        // 70 rows of 70: one error, the other rows dropped.
        let got = infer(&number_block(70, 70, "0"));
        assert_eq!(
            got,
            [Err(
                "line 1: expected n numbers (a row of a grid) or n*n (a whole puzzle on one \
                  line), for a side n from 4 to 64, found 70"
                    .to_string()
            )]
        );
        let got = infer(&(".".repeat(10_000) + "\n"));
        assert_eq!(
            got,
            [Err(
                "line 1: expected n*n cells (a puzzle line, 81 for a 9x9) or n (a row of a \
                  grid), for a side n from 4 to 35, found 10000 (100x100 is larger than the \
                  largest side, 64)"
                    .to_string()
            )]
        );
        // A lone line of 36 cells with spaces: a row, or a 6x6 puzzle written with spaces.
        let got = infer(&(vec!["."; 36].join(" ") + "\n"));
        assert_eq!(
            got,
            [Err(
                "line 1: the grid starting here has 1 row, expected 36 (or, if the line is \
                  a 6x6 puzzle, write it without spaces)"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_wrong_first_row_is_blamed_and_huge_numbers_are_named() {
        let rows = "1234567891\n".to_string() + &".........\n".repeat(8);
        assert_eq!(
            infer(&rows),
            [Err(
                "line 1: row 1 of the grid has 10 cells but row 2 has 9: the side is read \
                  off the first row (give --size if row 1 is right)"
                    .to_string()
            )]
        );
        // A number too large for any grid, in a row of single characters.
        let huge = ". . . . . . . . 1234567890123456789012345678901\n";
        let rows = ". . . . . . . . .\n".repeat(8) + huge;
        assert_eq!(
            infer(&rows),
            [Err(
                "line 9, column 17 (r9c9): 1234567890123456789012345678901 is not a digit \
                  of this 9x9 grid"
                    .to_string()
            )]
        );
        // Digits grouped three by three stay a row of characters.
        let rows = "123 456 789\n".repeat(9);
        assert!(infer(&rows)[0].is_ok());
    }

    #[test]
    fn named_alphabets() {
        let hex = data("hex16.txt");
        let got: Vec<_> =
            Reader::with_alphabet(hex.as_bytes(), Alphabet::parse("0-9A-F").unwrap(), None)
                .collect();
        let grid = &got[0].as_ref().unwrap().grid;
        assert_eq!((grid.rows(), grid.get(0, 3), grid.get(0, 5)), (16, 8, 12));
        let letters = data("letters.txt");
        let got: Vec<_> = Reader::with_alphabet(
            letters.as_bytes(),
            Alphabet::parse("letters").unwrap(),
            None,
        )
        .collect();
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), LINE);
        // A grid larger than the alphabet.
        let line = ".".repeat(625);
        let got: Vec<_> =
            Reader::with_alphabet(line.as_bytes(), Alphabet::parse("hex").unwrap(), None)
                .map(|r| r.map_err(|e| e.to_string()))
                .collect();
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            "line 1: the alphabet 0-9A-F has 16 symbols, too few for a 25x25 grid"
        );
    }

    #[test]
    fn a_title_line_names_the_puzzle_below_it_and_swallows_nothing() {
        let compact: String = LINE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        // Project Euler: a title directly above each grid, no blank line.
        let text = format!("Grid 01\n{compact}Grid 02\n{compact}Puzzle 3: hard\n\n{LINE}\n");
        let got = read(&text);
        let named: Vec<(usize, Option<&str>)> = got
            .iter()
            .map(|e| e.as_ref().unwrap())
            .map(|e| (e.line, e.title.as_deref()))
            .collect();
        assert_eq!(
            named,
            [
                (2, Some("Grid 01")),
                (12, Some("Grid 02")),
                (23, Some("Puzzle 3: hard"))
            ]
        );
        assert!(got
            .iter()
            .all(|e| e.as_ref().unwrap().grid.to_line() == LINE));
        // A bad grid under a title is one error; the title does not pass to the next puzzle.
        let mut bad = compact.clone();
        bad.replace_range(0..1, "x");
        let got = read(&format!("Grid 01\n{bad}{LINE}\n"));
        assert_eq!(got.len(), 2);
        assert!(got[0].is_err());
        assert_eq!(got[1].as_ref().unwrap().title, None);
        // Words with no puzzle after them are an error, not a silent title.
        let got = read(&format!("{LINE}\nThe end\n"));
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "line 2: \"The end\" is neither a puzzle nor the title of one (no puzzle follows it)"
        );
    }

    #[test]
    fn rows_of_letters_are_rows_not_titles() {
        // A solved grid, whose every row starts with two letters or more.
        let solution =
            "294518736615372894783964215357691482946823157821457963468239571139745628572186349";
        let letters: String = solution
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from(b'A' + d as u8 - 1),
                None => '.',
            })
            .collect();
        let rows: String = letters
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{} \n", std::str::from_utf8(row).unwrap()))
            .collect();
        let alphabet = Alphabet::parse("letters").unwrap();
        let got: Vec<_> = Reader::with_alphabet(rows.as_bytes(), alphabet, Some(9)).collect();
        let entry = got[0].as_ref().unwrap();
        assert_eq!(
            (got.len(), entry.grid.to_line(), &entry.title),
            (1, solution.into(), &None)
        );
    }
}
