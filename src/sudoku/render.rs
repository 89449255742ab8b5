//! Pictures of puzzles: the area drawn as an SVG document, so that a variant can be checked by
//! eye rather than by reading its rules.
//!
//! The drawing follows the rules: thin lines between cells, thick lines wherever two
//! orthogonal neighbours lie in different boxes or jigsaw regions (and around the area's
//! active cells, so that the holes of a samurai stay blank), diagonals, windoku windows and
//! extra units shaded, killer cages as dashed outlines inset in their cells with the sum at
//! the top-left cell, and the rules a picture cannot show (anti-knight, anti-king,
//! non-consecutive) named in a caption. Givens are bold and black, solved digits regular and
//! blue. The output depends only on its inputs: the same puzzle gives the same bytes.
//!
//! Text is set in [`FONT_FAMILY`]; a rasterizer should have DejaVu Sans (regular and bold) at
//! hand, which is what the command line embeds for `render --png`.

use std::fmt::Write as _;

use thiserror::Error;

use super::grid::Grid;
use super::rules::draw::{escape, num, Canvas, Caption};
use super::rules::geometry::layout_name;
use super::rules::{Rules, UnitKind};

/// The font families text is set in, as written in the SVG: DejaVu Sans first.
pub const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// Colour of the givens.
pub const GIVEN_COLOR: &str = "#000000";

/// Colour of the digits a solution adds.
pub const SOLVED_COLOR: &str = "#1f5fbf";

/// How a picture is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// Side of a cell in SVG user units, which are pixels when rasterized at scale 1.
    pub cell: f64,
    /// The line above the grid; `None` for [`caption`] of the rules. An empty caption leaves
    /// the line out.
    pub caption: Option<String>,
}

impl Default for Style {
    /// Cells of 48 units, the rules' own caption.
    fn default() -> Self {
        Style {
            cell: 48.0,
            caption: None,
        }
    }
}

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The givens or the solution do not have the area's shape.
    #[error("the {what} grid is {found_rows}x{found_cols}, the rules are for {rows}x{cols}")]
    WrongSize {
        /// `givens` or `solution`.
        what: &'static str,
        /// Rows the rules expect.
        rows: usize,
        /// Columns the rules expect.
        cols: usize,
        /// Rows found.
        found_rows: usize,
        /// Columns found.
        found_cols: usize,
    },
    /// A cell side that is not a positive finite number.
    #[error("a cell side of {0} cannot be drawn")]
    CellSize(String),
}

/// The variants the picture shows, named for its caption: `X-sudoku`, `windoku`,
/// `killer (17 cages)`, `anti-knight`, and so on, joined by ` · `; empty for a classic sudoku.
///
/// ```
/// use sudokux::sudoku::{render::caption, Rules, Spec};
///
/// let rules = Rules::new(Spec::new(9).with(|c| {
///     c.grid_units.diagonals = true;
///     c.chess.anti_king = true;
/// }))
/// .unwrap();
/// assert_eq!(caption(&rules), "X-sudoku · anti-king: no digit repeats a king's move away");
/// assert_eq!(caption(&Rules::classic()), "");
/// ```
pub fn caption(rules: &Rules) -> String {
    let spec = rules.spec();
    let mut caption = Caption::default();
    if spec.regions.is_some() {
        caption.shown("jigsaw");
    }
    if spec.grids.len() > 1 {
        caption.shown(match layout_name(spec.size, &spec.grids) {
            Some(name) => format!("{name} ({} grids)", spec.grids.len()),
            None => format!("{} grids", spec.grids.len()),
        });
    }
    for family in rules.constraints().all() {
        family.caption(rules.geometry(), &mut caption);
    }
    caption.text()
}

/// The puzzle drawn as a standalone SVG document: the givens in bold black and, when a
/// solution is given, its other digits in blue.
///
/// A solution's digit is drawn only where the givens leave the cell empty; positions outside
/// every sub-grid are never drawn.
///
/// # Errors
///
/// [`RenderError::WrongSize`] when `givens` or `solution` does not have the area's shape,
/// [`RenderError::CellSize`] for a cell side that is not positive.
///
/// # Examples
///
/// ```
/// use sudokux::sudoku::{render::{svg, Style}, Grid, Rules};
///
/// let givens = Grid::from_cells(4, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// let picture = svg(&Rules::with_boxes(2, 2).unwrap(), &givens, None, &Style::default()).unwrap();
/// assert!(picture.starts_with("<svg "));
/// assert_eq!(picture.matches("class=\"given\"").count(), 4);
/// ```
///
/// # Complexity
///
/// Linear in the area's positions plus the cells of its units and cages.
pub fn svg(
    rules: &Rules,
    givens: &Grid,
    solution: Option<&Grid>,
    style: &Style,
) -> Result<String, RenderError> {
    let (rows, cols) = (rules.rows(), rules.cols());
    for (what, grid) in [("givens", Some(givens)), ("solution", solution)] {
        if let Some(grid) = grid {
            if (grid.rows(), grid.cols()) != (rows, cols) {
                return Err(RenderError::WrongSize {
                    what,
                    rows,
                    cols,
                    found_rows: grid.rows(),
                    found_cols: grid.cols(),
                });
            }
        }
    }
    if !(style.cell.is_finite() && style.cell > 0.0) {
        return Err(RenderError::CellSize(style.cell.to_string()));
    }
    let caption = style.caption.clone().unwrap_or_else(|| caption(rules));
    let frame = Frame::new(rules, style.cell, &caption);
    let mut out = String::new();
    let title = if caption.is_empty() {
        format!("{rows}x{cols} sudoku")
    } else {
        caption.clone()
    };
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\">\n<title>{title}</title>\n\
         <rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
        w = num(frame.width),
        h = num(frame.height),
        title = escape(&title),
    );
    draw_caption(&mut out, &frame);
    draw_cells(&mut out, &frame, rules);
    let mut canvas = Canvas::new(frame.cell, frame.left, frame.top, frame.cols);
    for family in rules.constraints().all() {
        family.draw(rules.geometry(), &mut canvas);
    }
    let corners = canvas.corners_reserved();
    let (shading, marks) = canvas.into_layers();
    out.push_str(&shading);
    draw_lines(&mut out, &frame, rules);
    out.push_str(&marks);
    draw_digits(&mut out, &frame, rules, givens, solution, corners);
    out.push_str("</svg>\n");
    Ok(out)
}

/// Where things go: the cell side and the grid's top-left corner in user units.
struct Frame {
    cell: f64,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    rows: usize,
    cols: usize,
    /// The caption's lines, and their font size.
    caption: Vec<String>,
    caption_size: f64,
    /// Room kept between the caption and the grid for clues outside it (0 without any).
    outside: f64,
}

impl Frame {
    fn new(rules: &Rules, cell: f64, caption: &str) -> Frame {
        // Clues outside the grid (little killers, sandwiches, ...) need a cell of room on
        // every side.
        let outside = rules.constraints().all().iter().any(|f| f.outside_clues());
        let margin = if outside { cell } else { cell * 0.5 };
        let (rows, cols) = (rules.rows(), rules.cols());
        let (lines, caption_size) = caption_lines(caption, cols as f64 * cell, cell);
        let caption_height = match lines.len() {
            0 => 0.0,
            k => cell * 0.75 + (k - 1) as f64 * caption_size * CAPTION_LEADING,
        };
        Frame {
            caption: lines,
            caption_size,
            outside: margin - cell * 0.5,
            cell,
            left: margin,
            top: margin + caption_height,
            width: cols as f64 * cell + 2.0 * margin,
            height: rows as f64 * cell + 2.0 * margin + caption_height,
            rows,
            cols,
        }
    }

    /// The x of column line `c` (0 is the left edge of the area).
    fn x(&self, c: usize) -> f64 {
        self.left + c as f64 * self.cell
    }

    /// The y of row line `r`.
    fn y(&self, r: usize) -> f64 {
        self.top + r as f64 * self.cell
    }
}

fn draw_caption(out: &mut String, frame: &Frame) {
    let (lines, size) = (&frame.caption, frame.caption_size);
    for (k, line) in lines.iter().enumerate() {
        let above = (lines.len() - 1 - k) as f64 * size * CAPTION_LEADING;
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#333333\">{}</text>",
            num(frame.left),
            num(frame.top - frame.cell * 0.3 - frame.outside - above),
            num(size),
            escape(line)
        );
    }
}

/// Line height of the caption, in ems.
const CAPTION_LEADING: f64 = 1.3;

/// The caption broken at its ` · ` separators into lines that fit `room`, and the font size:
/// a third of a cell, smaller only when one part alone is wider than the room.
fn caption_lines(caption: &str, room: f64, cell: f64) -> (Vec<String>, f64) {
    if caption.is_empty() {
        return (Vec::new(), 0.0);
    }
    // DejaVu Sans averages a little over half an em per character.
    const EM_PER_CHAR: f64 = 0.56;
    let parts: Vec<&str> = caption.split(" · ").collect();
    let widest = parts.iter().map(|p| p.chars().count()).max().unwrap_or(1) as f64;
    let size = (cell * 0.36).min(room / (widest * EM_PER_CHAR));
    let fits = |chars: usize| chars as f64 * EM_PER_CHAR * size <= room;
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if fits(line.chars().count() + 3 + part.chars().count()) => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    (lines, size)
}

/// A white square per active position: holes of a samurai get none.
fn draw_cells(out: &mut String, frame: &Frame, rules: &Rules) {
    out.push_str("<g class=\"cells\" fill=\"#ffffff\">\n");
    for &p in rules.cells() {
        let (r, c) = (p / frame.cols, p % frame.cols);
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"/>",
            num(frame.x(c)),
            num(frame.y(r)),
            s = num(frame.cell)
        );
    }
    out.push_str("</g>\n");
}

/// Thin lines between cells of one region, thick ones between regions and around the active
/// cells. A cell's region is the set of boxes (or jigsaw regions) holding it, so that boxes
/// of overlapping grids that do not line up still get their borders.
fn draw_lines(out: &mut String, frame: &Frame, rules: &Rules) {
    let (rows, cols) = (frame.rows, frame.cols);
    let regions: Vec<Vec<usize>> = (0..rows * cols)
        .map(|p| {
            rules
                .units_of(p)
                .iter()
                .copied()
                .filter(|&u| {
                    matches!(
                        rules.units()[u].kind,
                        UnitKind::Box(_) | UnitKind::Region(_)
                    )
                })
                .collect()
        })
        .collect();
    let active = |r: usize, c: usize| r < rows && c < cols && rules.is_active(r * cols + c);
    // Each edge between two positions (or a position and the outside): `None` for no line,
    // `Some(true)` for a thick one.
    let edge = |a: Option<(usize, usize)>, b: Option<(usize, usize)>| {
        let a = a.filter(|&(r, c)| active(r, c));
        let b = b.filter(|&(r, c)| active(r, c));
        match (a, b) {
            (None, None) => None,
            (Some((r1, c1)), Some((r2, c2))) => {
                Some(regions[r1 * cols + c1] != regions[r2 * cols + c2])
            }
            _ => Some(true),
        }
    };
    let mut thin = String::new();
    let mut thick = Vec::new();
    // Horizontal edges: above row r, for r = 0..=rows.
    for r in 0..=rows {
        for c in 0..cols {
            let above = r.checked_sub(1).map(|r| (r, c));
            let (x1, x2, y) = (frame.x(c), frame.x(c + 1), frame.y(r));
            match edge(above, Some((r, c))) {
                Some(true) => thick.push((x1, y, x2, y)),
                Some(false) => {
                    let _ = write!(thin, "M{} {}H{}", num(x1), num(y), num(x2));
                }
                None => {}
            }
        }
    }
    // Vertical edges: left of column c.
    for c in 0..=cols {
        for r in 0..rows {
            let left = c.checked_sub(1).map(|c| (r, c));
            let (x, y1, y2) = (frame.x(c), frame.y(r), frame.y(r + 1));
            match edge(left, Some((r, c))) {
                Some(true) => thick.push((x, y1, x, y2)),
                Some(false) => {
                    let _ = write!(thin, "M{} {}V{}", num(x), num(y1), num(y2));
                }
                None => {}
            }
        }
    }
    if !thin.is_empty() {
        let _ = writeln!(
            out,
            "<path class=\"grid\" d=\"{thin}\" fill=\"none\" stroke=\"#8c8c8c\" stroke-width=\"{}\"/>",
            num((frame.cell / 48.0).max(0.5))
        );
    }
    // One line per cell edge, with square caps so that corners and T-junctions close.
    let _ = writeln!(
        out,
        "<g class=\"borders\" stroke=\"#000000\" stroke-width=\"{}\" stroke-linecap=\"square\">",
        num(frame.cell / 16.0)
    );
    for (x1, y1, x2, y2) in thick {
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }
    out.push_str("</g>\n");
}

/// Givens in bold black, a solution's other digits in blue, centred in their cells.
fn draw_digits(
    out: &mut String,
    frame: &Frame,
    rules: &Rules,
    givens: &Grid,
    solution: Option<&Grid>,
    corners: bool,
) {
    let symbols = rules.symbols();
    let longest = (1..=rules.size() as u8)
        .map(|d| symbols.name(d).chars().count())
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    // Digits of DejaVu Sans are 0.64 em wide and 0.73 em high: fit the longest symbol in
    // about four fifths of the cell, and never above 0.6 of it. With labels in the corners
    // (cage sums), a little smaller, to stay clear of them.
    let mut size = (frame.cell * 0.6).min(frame.cell * 0.8 / (longest * 0.64));
    if corners {
        size *= 0.9;
    }
    let shift = if corners { frame.cell * 0.06 } else { 0.0 };
    let mut given_text = String::new();
    let mut solved_text = String::new();
    for &p in rules.cells() {
        let (r, c) = (p / frame.cols, p % frame.cols);
        let (given, solved) = (givens.cells()[p], solution.map_or(0, |s| s.cells()[p]));
        let (into, class, digit) = match (given, solved) {
            (0, 0) => continue,
            (0, d) => (&mut solved_text, "solved", d),
            (d, _) => (&mut given_text, "given", d),
        };
        if digit as usize > rules.size() {
            continue;
        }
        let _ = writeln!(
            into,
            "<text class=\"{class}\" x=\"{}\" y=\"{}\">{}</text>",
            num(frame.x(c) + frame.cell / 2.0),
            num(frame.y(r) + frame.cell / 2.0 + size * 0.365 + shift),
            escape(symbols.name(digit))
        );
    }
    for (class, text, color, weight) in [
        ("givens", given_text, GIVEN_COLOR, "bold"),
        ("solution", solved_text, SOLVED_COLOR, "normal"),
    ] {
        if text.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<g class=\"{class}\" font-size=\"{}\" font-weight=\"{weight}\" fill=\"{color}\" text-anchor=\"middle\">",
            num(size)
        );
        out.push_str(&text);
        out.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::{Cage, Spec, SAMURAI};
    use crate::sudoku::Cell;

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// The `<line>`s of the borders group.
    fn borders(svg: &str) -> usize {
        let start = svg.find("<g class=\"borders\"").unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        count(&svg[start..end], "<line ")
    }

    #[test]
    fn classic_grid_has_box_borders_and_bold_givens() {
        let rules = Rules::classic();
        let mut givens = rules.empty_grid();
        givens.set(0, 0, 5);
        givens.set(8, 8, 9);
        let picture = svg(&rules, &givens, None, &Style::default()).unwrap();
        // 36 outer edges, and two inner box lines each way of 9 edges.
        assert_eq!(borders(&picture), 36 + 36);
        assert_eq!(count(&picture, "class=\"given\""), 2);
        assert_eq!(count(&picture, "class=\"solved\""), 0);
        assert!(!picture.contains("class=\"caption\""));
        // Deterministic.
        assert_eq!(
            picture,
            svg(&rules, &givens, None, &Style::default()).unwrap()
        );
    }

    #[test]
    fn solution_digits_fill_only_the_blanks() {
        let rules = Rules::with_boxes(2, 2).unwrap();
        let solution =
            Grid::from_cells(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let mut givens = rules.empty_grid();
        givens.set(0, 0, 1);
        let picture = svg(&rules, &givens, Some(&solution), &Style::default()).unwrap();
        assert_eq!(count(&picture, "class=\"given\""), 1);
        assert_eq!(count(&picture, "class=\"solved\""), 15);
        let error = svg(&rules, &givens, Some(&Grid::empty(9)), &Style::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the solution grid is 9x9, the rules are for 4x4"
        );
    }

    #[test]
    fn samurai_holes_are_not_drawn() {
        let rules = Rules::new(Spec {
            grids: SAMURAI.to_vec(),
            ..Spec::new(9)
        })
        .unwrap();
        let picture = svg(&rules, &rules.empty_grid(), None, &Style::default()).unwrap();
        let cells = picture.find("<g class=\"cells\"").unwrap();
        let cells = &picture[cells..cells + picture[cells..].find("</g>").unwrap()];
        assert_eq!(count(cells, "<rect "), 5 * 81 - 4 * 9);
        assert!(picture.contains("samurai (5 grids)"));
    }

    #[test]
    fn cages_are_outlined_with_their_sums() {
        let cage = |sum, cells: &[(usize, usize)]| Cage {
            sum,
            cells: cells.iter().map(|&(row, col)| Cell { row, col }).collect(),
        };
        // An L: the inset outline has six sides, one concave corner.
        let cages = vec![cage(10, &[(1, 1), (0, 0), (1, 0)]), cage(3, &[(4, 4)])];
        let rules = Rules::new(Spec::new(9).with(|c| c.cage.cages = cages)).unwrap();
        let picture = svg(&rules, &rules.empty_grid(), None, &Style::default()).unwrap();
        assert!(picture.contains(">10</text>"));
        assert!(picture.contains(">3</text>"));
        assert!(picture.contains("killer (2 cages)"));
        let start = picture.find("<g class=\"cages\"").unwrap();
        let paths: Vec<&str> = picture[start..]
            .lines()
            .filter(|l| l.starts_with("<path d="))
            .collect();
        assert_eq!(paths.len(), 2);
        assert_eq!(count(paths[0], "M"), 6);
        assert_eq!(count(paths[1], "M"), 4);
        // The L's sides meet: the top of r1c1 ends where the right side of r1c1 starts, and
        // that side reaches down to the top of r2c2 (the concave corner).
        let (s, i, left, top) = (48.0, 48.0 * 0.09, 24.0, 24.0 + 36.0);
        assert!(paths[0].contains(&format!(
            "M{} {}H{}",
            num(left + i),
            num(top + i),
            num(left + s - i)
        )));
        assert!(paths[0].contains(&format!(
            "M{} {}V{}",
            num(left + s - i),
            num(top + i),
            num(top + s + i)
        )));
    }

    #[test]
    fn long_captions_wrap_at_their_separators() {
        let (lines, size) = caption_lines("a · bb · ccc", 1000.0, 48.0);
        assert_eq!(
            (lines, size),
            (vec!["a · bb · ccc".to_string()], 48.0 * 0.36)
        );
        // Room for about ten characters at 17.28: "a · bb" fits, "ccc" goes below.
        let (lines, _) = caption_lines("a · bb · ccc", 100.0, 48.0);
        assert_eq!(lines, ["a · bb", "ccc"]);
        // A part wider than the room shrinks the font until it fits.
        let (lines, size) = caption_lines("abcdefghijklmnopqrst · x", 100.0, 48.0);
        assert_eq!(lines.len(), 2);
        assert!(size * 0.56 * 20.0 <= 100.0 + 1e-9);
        assert_eq!(caption_lines("", 100.0, 48.0), (Vec::new(), 0.0));
    }

    #[test]
    fn symbols_are_escaped_and_numbers_short() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(3.5), "3.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }
}
