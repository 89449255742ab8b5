//! f-puzzles import and export: the JSON that f-puzzles.com writes and SudokuPad reads, and
//! the links that carry it compressed with lz-string.
//!
//! [`read`] takes what a user hands over (a link, a bare `N4Ig...` payload, or the JSON
//! itself) and gives a [`PuzzleFile`]: nothing is fetched, the puzzle is in the link.
//! [`to_json`] and [`links`] write one back. The top-level object (size, grid, regions,
//! title) is read here; every constraint key goes to the family that owns it through
//! [`Constraints::read_fpuzzles`](crate::sudoku::rules::Constraints::read_fpuzzles). A rule
//! that cannot be imported is never dropped: an unknown key, cell field or `negative` entry
//! refuses the puzzle. Drawings that carry no rule (`text`, `line`, `cage`, ...) are left
//! out with a notice.
//!
//! ```
//! use sudokux::sudoku::fpuzzles;
//!
//! let puzzle = fpuzzles::read("N4IgzglgXgpiBcAWAvkA").unwrap_err();
//! assert!(puzzle.to_string().contains("grid"));
//! ```

mod export;
mod import;
mod link;
pub mod lzstring;

pub use crate::sudoku::parse::is_link;
pub use export::{links, to_json, to_text, ExportError};
pub use import::{from_json, Imported};
pub use link::{decode, Payload};

use crate::sudoku::file::PuzzleFile;
use crate::sudoku::rules::FileError;

/// Why f-puzzles input could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FpuzzlesError {
    /// A link whose puzzle is stored on a server, or is not f-puzzles data.
    #[error("{0}")]
    Link(String),
    /// The payload could not be taken apart: which stage failed, and why.
    #[error("f-puzzles payload: {stage}: {message}")]
    Payload {
        /// `decompress` or `JSON`.
        stage: &'static str,
        /// What went wrong.
        message: String,
    },
    /// The JSON holds something that cannot be imported.
    #[error("f-puzzles: {0}")]
    File(#[from] FileError),
}

/// Reads f-puzzles input: a link (`https://www.f-puzzles.com/?load=...`,
/// `https://sudokupad.app/fpuzzles...`, ...), a bare lz-string payload, or f-puzzles JSON.
///
/// # Errors
///
/// An [`FpuzzlesError`] naming the stage or the key, instance and cell that failed.
pub fn read(text: &str) -> Result<Imported, FpuzzlesError> {
    let json = decode(text)?;
    from_json(&json)
}

/// Whether `text` is f-puzzles JSON rather than a sudokux puzzle file in JSON: an object
/// with a `grid` key (sudokux files have `givens`).
pub fn is_fpuzzles_json(text: &str) -> bool {
    matches!(
        serde_json::from_str::<serde_json::Value>(text),
        Ok(serde_json::Value::Object(map)) if map.contains_key("grid")
    )
}

/// The puzzle of an import, for callers that show no notices.
impl From<Imported> for PuzzleFile {
    fn from(imported: Imported) -> PuzzleFile {
        imported.file
    }
}
