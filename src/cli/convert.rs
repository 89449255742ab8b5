//! `sudokux convert`: one puzzle written as f-puzzles JSON, as f-puzzles and SudokuPad links,
//! or as a TOML puzzle file.

use std::io::{self, Write};

use sudokux::sudoku::file::file_to_toml;
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::PuzzleFile;

use crate::args::{ConvertArgs, ConvertTo};
use crate::error::{written, CliError, Exit};
use crate::input::load_puzzle;

/// Runs `convert`.
pub fn run(args: ConvertArgs) -> Result<Exit, CliError> {
    let puzzle = load_puzzle(args.input.as_deref(), args.index, &args.rules)?;
    let file = PuzzleFile {
        rules: puzzle.rules.clone(),
        givens: puzzle.givens.clone(),
        meta: puzzle.meta.clone(),
    };
    let text = match args.to {
        ConvertTo::Toml => file_to_toml(&file),
        ConvertTo::Fpuzzles => {
            let value = fpuzzles::to_json(&file).map_err(|e| puzzle.error(e.to_string()))?;
            fpuzzles::to_text(&value, true)
        }
        ConvertTo::Url => {
            let (load, sudokupad) =
                fpuzzles::links(&file).map_err(|e| puzzle.error(e.to_string()))?;
            format!("{load}\n{sudokupad}\n")
        }
    };
    let mut out = io::stdout().lock();
    written(
        out.write_all(text.as_bytes()).and_then(|()| out.flush()),
        Exit::Ok,
    )
}
