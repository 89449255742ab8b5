//! Grids drawn as text for people: boxed pictures of the whole area (`pretty`), as opposed to
//! puzzle lines ([`Rules::format_line`]) and SVG pictures ([`render`](super::render)).

use super::grid::Grid;
use super::rules::Rules;

/// The grid drawn with its boxes in the puzzle's symbols, one text line per row, `.` for empty
/// cells. Several sub-grids (samurai) are drawn in their area, with blanks outside them; jigsaw
/// regions get only the outer frame.
///
/// ```
/// use sudokux::sudoku::{pretty, Grid, Rules};
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
    let (rows, cols) = (rules.rows(), rules.cols());
    let (box_rows, box_cols) = if rules.spec().regions.is_some() {
        (rules.size(), rules.size())
    } else {
        rules.box_shape()
    };
    let symbols = rules.symbols();
    let width = (0..=rules.size() as u8)
        .map(|d| symbols.name(d).chars().count())
        .max()
        .unwrap_or(1);
    let active = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < rows
            && (c as usize) < cols
            && rules.is_active(r as usize * cols + c as usize)
    };
    let mut out = String::new();
    let mut line = String::new();
    let finish = |line: &mut String, out: &mut String| {
        out.push_str(line.trim_end());
        out.push('\n');
        line.clear();
    };
    for r in 0..=rows as isize {
        if r as usize % box_rows == 0 || r as usize == rows {
            // A rule between bands, drawn above and below active cells.
            for c in 0..=cols as isize {
                let edge = c as usize % box_cols == 0 || c as usize == cols;
                let around = active(r - 1, c) || active(r, c);
                if edge {
                    let corner = around || active(r - 1, c - 1) || active(r, c - 1);
                    line.push(if corner { '+' } else { ' ' });
                    if c as usize == cols {
                        break;
                    }
                    line.push(if around { '-' } else { ' ' });
                }
                let fill = if around { '-' } else { ' ' };
                line.extend(std::iter::repeat_n(fill, width + 1));
            }
            finish(&mut line, &mut out);
        }
        if r as usize == rows {
            break;
        }
        for c in 0..=cols as isize {
            let edge = c as usize % box_cols == 0 || c as usize == cols;
            if edge {
                let wall = active(r, c) || active(r, c - 1);
                line.push(if wall { '|' } else { ' ' });
                if c as usize == cols {
                    break;
                }
                line.push(' ');
            }
            let text = if active(r, c) {
                symbols.name(grid.get(r as usize, c as usize))
            } else {
                ""
            };
            line.push_str(&format!("{text:>width$} "));
        }
        finish(&mut line, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::{Spec, SAMURAI};

    #[test]
    fn samurai_is_drawn_in_its_area() {
        let rules = Rules::new(Spec {
            grids: SAMURAI.to_vec(),
            ..Spec::new(9)
        })
        .unwrap();
        let picture = pretty(&rules.empty_grid(), &rules);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 21 + 8);
        assert_eq!(
            lines[0],
            "+-------+-------+-------+       +-------+-------+-------+"
        );
        // Rows 10 to 12 belong to the centre grid only.
        assert_eq!(lines[13], "                | . . . | . . . | . . . |");
        assert_eq!(lines[16], lines[0].replace("       ", "-------"));
    }
}
