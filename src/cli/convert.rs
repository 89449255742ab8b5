//! `sudokux convert`: puzzles written as f-puzzles JSON, as f-puzzles and SudokuPad links,
//! or as TOML puzzle files.
//!
//! One puzzle (a puzzle file, a link, or `--index N` of a file of puzzles) is written whole:
//! both links for `--to url`. A file of several puzzles converts each to `url`, one f-puzzles
//! link per line in input order, which every command reads back as the same puzzles; a
//! puzzle that cannot be read or converted is one error on stderr and the line `error` in its
//! place, as `check` answers it. f-puzzles JSON and TOML hold one puzzle a file: several are
//! refused with a message that says `--index`.

use std::io::{self, Write};

use sudokux::sudoku::file::file_to_toml;
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::PuzzleFile;

use crate::args::{ConvertArgs, ConvertTo};
use crate::error::{written, CliError, Exit};
use crate::input::{load_puzzle, load_puzzles, OnePuzzle};

/// Runs `convert`.
pub fn run(args: ConvertArgs) -> Result<Exit, CliError> {
    let mut puzzles = match args.index {
        Some(index) => vec![Ok(load_puzzle(args.input.as_deref(), index, &args.rules)?)],
        None => load_puzzles(args.input.as_deref(), None, &args.rules)?,
    };
    let mut out = io::stdout().lock();
    if puzzles.len() == 1 {
        let puzzle = puzzles.pop().expect("one puzzle")?;
        if args.index.is_none() {
            say_notes(&puzzle);
        }
        let text = match args.to {
            ConvertTo::Toml => file_to_toml(&file(&puzzle)),
            ConvertTo::Fpuzzles => {
                let value =
                    fpuzzles::to_json(&file(&puzzle)).map_err(|e| puzzle.error(e.to_string()))?;
                fpuzzles::to_text(&value, true)
            }
            ConvertTo::Url => {
                let (load, sudokupad) =
                    fpuzzles::links(&file(&puzzle)).map_err(|e| puzzle.error(e.to_string()))?;
                format!("{load}\n{sudokupad}\n")
            }
        };
        return written(
            out.write_all(text.as_bytes()).and_then(|()| out.flush()),
            Exit::Ok,
        );
    }
    let many = puzzles.len();
    let name = crate::input::name(args.input.as_deref());
    match args.to {
        ConvertTo::Url => {}
        ConvertTo::Toml | ConvertTo::Fpuzzles => {
            let format = if args.to == ConvertTo::Toml {
                "a TOML puzzle file"
            } else {
                "f-puzzles JSON"
            };
            return Err(CliError::Input {
                name,
                message: format!(
                    "{many} puzzles, and {format} holds one: pick one with --index N (1 to \
                     {many}), or convert them all with --to url (one link per line)"
                ),
            });
        }
    }
    let mut exit = Exit::Ok;
    for puzzle in puzzles {
        let line = puzzle.and_then(|puzzle| {
            say_notes(&puzzle);
            let (load, _) = fpuzzles::links(&file(&puzzle))
                .map_err(|e| puzzle.error(format!("{}{e}", puzzle.at())))?;
            Ok(load)
        });
        let line = line.unwrap_or_else(|error| {
            say!("sudokux: {error}");
            exit = Exit::BadInput;
            "error".to_string()
        });
        if crate::error::reader_gone(writeln!(out, "{line}"))? {
            return Ok(exit);
        }
    }
    written(out.flush(), exit)
}

/// The puzzle as a puzzle file: its rules, givens and meta.
fn file(puzzle: &OnePuzzle) -> PuzzleFile {
    PuzzleFile {
        rules: puzzle.rules.clone(),
        givens: puzzle.givens.clone(),
        meta: puzzle.meta.clone(),
    }
}

/// Writes on stderr what reading `puzzle` noted.
fn say_notes(puzzle: &OnePuzzle) {
    for note in &puzzle.notes {
        say!("sudokux: {}: {}note: {note}", puzzle.name, puzzle.at());
    }
}
