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
    let (box_rows, box_cols) = match rules.box_shape() {
        // Jigsaw regions, or boxes of one row or column (no boxes): the frame alone.
        _ if rules.spec().regions.is_some() => (rules.size(), rules.size()),
        (1, _) | (_, 1) => (rules.size(), rules.size()),
        shape => shape,
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

/// Text in every position of a rule set's area, drawn as a grid: each row on a line, each
/// position's text padded to the widest; `|` between boxes and a line of `-` between bands of
/// boxes on a single grid with boxes. Pencil marks are drawn this way.
///
/// # Panics
///
/// If `text` does not have one entry per position of the area.
pub fn marks_grid(rules: &Rules, text: &[String]) -> String {
    let width = text
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let (rows, cols) = (rules.rows(), rules.cols());
    let boxed = rules.grids().len() == 1 && rules.spec().regions.is_none();
    let (br, bc) = if boxed {
        rules.box_shape()
    } else {
        (rows, cols)
    };
    let rule = {
        let band = "-".repeat(bc * (width + 1) + 1);
        let mut line = String::from("+");
        for _ in 0..cols.div_ceil(bc) {
            line.push_str(&band);
            line.push('+');
        }
        line
    };
    let mut out = String::new();
    for r in 0..rows {
        if boxed && r % br == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        let mut line = String::new();
        for c in 0..cols {
            if boxed && c % bc == 0 {
                line.push_str("| ");
            }
            let t = &text[r * cols + c];
            line.push_str(t);
            line.push_str(&" ".repeat(width - t.chars().count() + 1));
        }
        if boxed {
            line.push('|');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if boxed {
        out.push_str(&rule);
        out.push('\n');
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
