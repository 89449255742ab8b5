//! Writing grids for people: boxed pictures.

use super::grid::{symbol, Grid, ALPHABET};
use super::rules::Rules;

/// The grid drawn with its boxes, one text line per row, `.` for empty cells.
///
/// ```
/// use sudokux::sudoku::{format::pretty, Grid, Rules};
///
/// let grid = Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0]).unwrap();
/// let rules = Rules::with_boxes(2, 2).unwrap();
/// assert_eq!(
///     pretty(&grid, &rules),
///     "\
/// +-----+-----+
/// | 1 2 | 3 4 |
/// | 3 4 | 1 2 |
/// +-----+-----+
/// | 2 1 | 4 3 |
/// | 4 3 | 2 . |
/// +-----+-----+
/// "
/// );
/// ```
pub fn pretty(grid: &Grid, rules: &Rules) -> String {
    let n = grid.size();
    let (box_rows, box_cols) = rules.box_shape();
    let text = |d: u8| -> String {
        if n <= ALPHABET.len() {
            symbol(d).to_string()
        } else if d == 0 {
            ".".to_string()
        } else {
            d.to_string()
        }
    };
    let width = if n <= ALPHABET.len() {
        1
    } else {
        n.to_string().len()
    };
    let segment = "-".repeat(box_cols * (width + 1) + 1);
    let mut rule = String::from("+");
    for _ in 0..n / box_cols.max(1) {
        rule.push_str(&segment);
        rule.push('+');
    }
    rule.push('\n');
    let mut out = String::new();
    for r in 0..n {
        if r % box_rows == 0 {
            out.push_str(&rule);
        }
        for c in 0..n {
            if c % box_cols == 0 {
                out.push_str("| ");
            }
            out.push_str(&format!("{:>width$} ", text(grid.get(r, c))));
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}
