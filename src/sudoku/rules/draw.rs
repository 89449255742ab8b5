//! What constraints draw with: a [`Canvas`] that knows where each cell of the picture is, and
//! two layers, shading under the grid lines and marks over them (cages, lines, dots), plus
//! the caption's words for the rules a picture shows or cannot show.

use std::fmt::Write as _;

use crate::sudoku::grid::Cell;

/// The shading of units' cells (the grid's diagonals and windows, extra units) is laid over
/// white with this opacity, so that overlaps (a window on a diagonal) show both.
pub(crate) const FILL_OPACITY: f64 = 0.75;

/// Where cells are in the picture, and what constraints have drawn so far.
#[derive(Debug, Clone)]
pub struct Canvas {
    cell: f64,
    left: f64,
    top: f64,
    cols: usize,
    shading: String,
    marks: String,
    corner_labels: bool,
}

impl Canvas {
    /// A canvas with cells of side `cell`, the area's top-left corner at (`left`, `top`), an
    /// area `cols` positions wide.
    pub fn new(cell: f64, left: f64, top: f64, cols: usize) -> Canvas {
        Canvas {
            cell,
            left,
            top,
            cols,
            shading: String::new(),
            marks: String::new(),
            corner_labels: false,
        }
    }

    /// The side of a cell.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// The x of column line `c` (0 is the left edge of the area).
    pub fn x(&self, c: usize) -> f64 {
        self.left + c as f64 * self.cell
    }

    /// The y of row line `r`.
    pub fn y(&self, r: usize) -> f64 {
        self.top + r as f64 * self.cell
    }

    /// The top-left corner of a position's cell.
    pub fn corner(&self, position: usize) -> (f64, f64) {
        (self.x(position % self.cols), self.y(position / self.cols))
    }

    /// The middle of the centres of `cells` (at least one): a cell's centre, the middle of
    /// the edge between two neighbours, the corner four cells share.
    pub fn centre(&self, cells: &[Cell]) -> (f64, f64) {
        let k = cells.len() as f64;
        let x: f64 = cells.iter().map(|c| self.x(c.col)).sum();
        let y: f64 = cells.iter().map(|c| self.y(c.row)).sum();
        (x / k + self.cell / 2.0, y / k + self.cell / 2.0)
    }

    /// SVG drawn under the grid lines (cell shading).
    pub fn shading(&mut self) -> &mut String {
        &mut self.shading
    }

    /// SVG drawn over the grid lines and under the digits (outlines, lines, dots, labels).
    pub fn marks(&mut self) -> &mut String {
        &mut self.marks
    }

    /// Shades the cells of `positions` with `fill`, as one group of class `class`.
    pub fn shade(&mut self, class: &str, fill: &str, opacity: f64, positions: &[usize]) {
        let _ = writeln!(
            self.shading,
            "<g class=\"{class}\" fill=\"{fill}\" fill-opacity=\"{opacity}\">"
        );
        for &p in positions {
            let (x, y) = self.corner(p);
            let _ = writeln!(
                self.shading,
                "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"/>",
                num(x),
                num(y),
                s = num(self.cell)
            );
        }
        self.shading.push_str("</g>\n");
    }

    /// Writes the number `k` of an instance (a line, an arrow), as messages and `explain` name
    /// it (`thermometer 2`, `arrow 3`), small and grey in the top-right corner of the cell at
    /// (`row`, `col`), with class `class`. (Cage numbers go in the bottom-right corner, cage
    /// sums in the top-left one.)
    pub fn number(&mut self, class: &str, (row, col): (usize, usize), k: usize) {
        let s = self.cell;
        let _ = writeln!(
            self.marks,
            "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#888888\" \
             text-anchor=\"end\">{k}</text>",
            num(self.x(col + 1) - s * 0.08),
            num(self.y(row) + s * 0.24),
            num(s * 0.2)
        );
    }

    /// Asks the digits to make room for labels in the cells' top-left corners.
    pub(crate) fn reserve_corners(&mut self) {
        self.corner_labels = true;
    }

    /// Whether some constraint asked for room in the corners.
    pub(crate) fn corners_reserved(&self) -> bool {
        self.corner_labels
    }

    /// The two layers, shading and marks.
    pub(crate) fn into_layers(self) -> (String, String) {
        (self.shading, self.marks)
    }
}

/// The caption's words for a rule set, gathered from its constraints.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caption {
    shown: Vec<String>,
    spelled: Vec<String>,
}

impl Caption {
    /// A name for a rule the picture shows (`X-sudoku`, `killer (3 cages)`).
    pub fn shown(&mut self, part: impl Into<String>) {
        self.shown.push(part.into());
    }

    /// A rule the picture cannot show, with its meaning spelled out
    /// (`anti-knight: no digit repeats a knight's move away`).
    pub fn spelled(&mut self, part: impl Into<String>) {
        self.spelled.push(part.into());
    }

    /// The parts joined by ` · `: the rules the picture shows first, then the others.
    pub fn text(&self) -> String {
        let parts: Vec<&str> = self
            .shown
            .iter()
            .chain(&self.spelled)
            .map(String::as_str)
            .collect();
        parts.join(" · ")
    }
}

/// A number in at most two decimals, without trailing zeros: `12`, `3.5`, `0.33`.
pub fn num(x: f64) -> String {
    let text = format!("{:.2}", x);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// Text for XML content and attribute values (always written in double quotes).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            ch => out.push(ch),
        }
    }
    out
}

/// Opens the `<g>` of class `class` that cage outlines are drawn in (dashed grey lines, for
/// cells of side `s`): the cages with a total and those without share the look.
pub(crate) fn open_cage_group(out: &mut String, class: &str, s: f64) {
    let _ = writeln!(
        out,
        "<g class=\"{class}\" fill=\"none\" stroke=\"#444444\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\">",
        num((s / 40.0).max(0.5)),
        num(s / 12.0),
        num(s / 16.0)
    );
}

/// A dashed cage outline's path, inset in the cells `cells` (sorted (row, column) pairs): inset at a
/// convex corner, reaching into the neighbour's inset line at a concave one, flush where the
/// side goes on.
pub(crate) fn cage_outline(canvas: &Canvas, cells: &[(usize, usize)], inset: f64) -> String {
    let s = canvas.cell();
    let inside = |r: usize, c: usize, dr: isize, dc: isize| {
        let (r, c) = (r as isize + dr, c as isize + dc);
        r >= 0 && c >= 0 && cells.binary_search(&(r as usize, c as usize)).is_ok()
    };
    let mut horizontal = Vec::new();
    let mut vertical = Vec::new();
    for &(r, c) in cells {
        let (x, y) = (canvas.x(c), canvas.y(r));
        let is = |dr, dc| inside(r, c, dr, dc);
        let from = |along: bool, diagonal: bool, base: f64| {
            if !along {
                base + inset
            } else if diagonal {
                base - inset
            } else {
                base
            }
        };
        let to = |along: bool, diagonal: bool, base: f64| {
            if !along {
                base + s - inset
            } else if diagonal {
                base + s + inset
            } else {
                base + s
            }
        };
        if !is(-1, 0) {
            let (a, b) = (from(is(0, -1), is(-1, -1), x), to(is(0, 1), is(-1, 1), x));
            horizontal.push((y + inset, a, b));
        }
        if !is(1, 0) {
            let (a, b) = (from(is(0, -1), is(1, -1), x), to(is(0, 1), is(1, 1), x));
            horizontal.push((y + s - inset, a, b));
        }
        if !is(0, -1) {
            let (a, b) = (from(is(-1, 0), is(-1, -1), y), to(is(1, 0), is(1, -1), y));
            vertical.push((x + inset, a, b));
        }
        if !is(0, 1) {
            let (a, b) = (from(is(-1, 0), is(-1, 1), y), to(is(1, 0), is(1, 1), y));
            vertical.push((x + s - inset, a, b));
        }
    }
    let mut d = String::new();
    for (at, a, b) in merge(horizontal) {
        let _ = write!(d, "M{} {}H{}", num(a), num(at), num(b));
    }
    for (at, a, b) in merge(vertical) {
        let _ = write!(d, "M{} {}V{}", num(at), num(a), num(b));
    }
    d
}

/// Joins segments `(at, from, to)` on the same line that touch, so that dashes run on.
fn merge(mut segments: Vec<(f64, f64, f64)>) -> Vec<(f64, f64, f64)> {
    segments.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
    let mut merged: Vec<(f64, f64, f64)> = Vec::with_capacity(segments.len());
    for (at, a, b) in segments {
        match merged.last_mut() {
            Some(last) if last.0 == at && (last.2 - a).abs() < 1e-9 => last.2 = b,
            _ => merged.push((at, a, b)),
        }
    }
    merged
}
