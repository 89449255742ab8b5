//! `render`: a puzzle drawn as `sudokux render` draws it, an SVG from the library, or a PNG
//! rasterized here with resvg on the same fonts the command line builds in, so that the bytes
//! are the command's bytes.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use resvg::{tiny_skia, usvg};
use sudokux::sudoku::render::{caption, svg, Style};
use sudokux::sudoku::{Engine, Grid, Solver};

use crate::puzzle::{puzzle_error, PuzzleArg, PyPuzzle};
use crate::{interruptible_within, Limits};

/// DejaVu Sans, regular and bold (Bitstream Vera licence, in the repository's
/// `assets/fonts/`): the PNG's text never depends on the fonts of the machine.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// The SVG of a puzzle, with `solution` drawn in when given: the title (and author) of its
/// file above the rules' own caption, as the command line draws it.
pub fn picture(puzzle: &PyPuzzle, solution: Option<&Grid>, cell: f64) -> PyResult<String> {
    let title = puzzle
        .meta
        .title
        .as_ref()
        .map(|title| match &puzzle.meta.author {
            Some(author) => format!("{title}, by {author}"),
            None => title.clone(),
        });
    let caption = title.map(|title| {
        let rules_caption = caption(&puzzle.rules);
        if rules_caption.is_empty() {
            title
        } else {
            format!("{title} · {rules_caption}")
        }
    });
    let style = Style { cell, caption };
    svg(&puzzle.rules, &puzzle.givens, solution, &style).map_err(puzzle_error)
}

/// The SVG rasterized at one pixel per user unit, on the built-in fonts only.
fn to_png(svg: &str) -> Result<Vec<u8>, String> {
    let mut fonts = usvg::fontdb::Database::new();
    for font in FONTS {
        fonts.load_font_data(font.to_vec());
    }
    fonts.set_sans_serif_family("DejaVu Sans");
    let options = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("{}x{} pixels", size.width(), size.height()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// Draws a puzzle with its rules, as `sudokux render` does: the bytes of an SVG, or of a PNG
/// with `png=True`. With `solve=True` the puzzle is solved and the solution drawn (one of
/// them when it has several; the givens alone when it has none, or when `timeout` (seconds)
/// or `max_nodes` stopped the search before a solution); `cell` is a cell's side in pixels.
/// A notebook shows a `Puzzle` as this picture by itself (`Puzzle._repr_svg_`).
#[pyfunction]
#[pyo3(signature = (puzzle, *, solve = false, png = false, cell = 48, timeout = None, max_nodes = None))]
pub fn render<'py>(
    py: Python<'py>,
    puzzle: PuzzleArg<'_>,
    solve: bool,
    png: bool,
    cell: u32,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let limits = Limits::new(timeout, max_nodes)?;
    if !(8..=256).contains(&cell) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "cell: a cell is 8 to 256 pixels",
        ));
    }
    let puzzle = puzzle.into_puzzle()?;
    let solution = if solve {
        let answer = interruptible_within(py, limits, |budget| {
            Solver::new(puzzle.rules.clone()).enumerate_bounded(&puzzle.givens, Some(2), 1, budget)
        })?
        .map_err(puzzle_error)?;
        answer.solutions.into_iter().next()
    } else {
        None
    };
    let picture = picture(&puzzle, solution.as_ref(), f64::from(cell))?;
    if png {
        let bytes = py
            .detach(|| to_png(&picture))
            .map_err(|e| puzzle_error(format!("PNG: {e}")))?;
        Ok(PyBytes::new(py, &bytes))
    } else {
        Ok(PyBytes::new(py, picture.as_bytes()))
    }
}

/// Adds `render` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(render, m)?)?;
    Ok(())
}
