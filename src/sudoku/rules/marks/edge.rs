//! What the families of marks between two cells share (kropki dots, XV, sum pairs, ...): the
//! check that a mark joins two neighbouring cells of the grid, discs and letters to draw it with, and a
//! reference backtracker for any rule between the digits of two cells, worked out from the
//! rule's meaning (a closure) rather than from its [`Relation`](crate::sudoku::rules::pair::Relation) table.

use std::fmt;
use std::sync::Arc;

use crate::sudoku::grid::Cell;

use crate::sudoku::rules::constraint::Reference;
use crate::sudoku::rules::cover::encoder::full_mask;
use crate::sudoku::rules::draw::{escape, num, Canvas};
use crate::sudoku::rules::error::RulesError;
use crate::sudoku::rules::geometry::Geometry;

/// Whether two cells are orthogonal neighbours.
pub fn adjacent(a: Cell, b: Cell) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// The positions of a mark's two cells, which must be orthogonal neighbours in the grid.
///
/// # Errors
///
/// [`RulesError`] naming `what`: a cell outside the grid, or cells that do not touch.
pub fn edge_positions(
    geometry: &Geometry,
    what: &str,
    cells: [Cell; 2],
) -> Result<(usize, usize), RulesError> {
    let positions = geometry.positions(what, &cells)?;
    if !adjacent(cells[0], cells[1]) {
        return Err(RulesError::Invalid {
            what: what.to_string(),
            message: format!(
                "{} and {} are not orthogonal neighbours",
                cells[0], cells[1]
            ),
        });
    }
    Ok((positions[0], positions[1]))
}

/// Every pair of orthogonal neighbours of the grid, each once, first position lower.
pub fn orthogonal_pairs(geometry: &Geometry) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &a in geometry.cells() {
        for (dr, dc) in [(0, 1), (1, 0)] {
            if let Some(b) = geometry.offset(a, dr, dc) {
                out.push((a, b));
            }
        }
    }
    out
}

/// A rule between the digits of two cells: `rule(d, e)` when the first holds `d` and the
/// second `e`.
pub type PairRule = Arc<dyn Fn(u8, u8) -> bool + Send + Sync>;

/// The reference backtracker's view of rules between two cells: for each position, the
/// other cells it has a rule with, and the rule seen from this position.
pub struct PairCheck {
    n: usize,
    links: Vec<Vec<(usize, PairRule)>>,
}

impl fmt::Debug for PairCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let links: usize = self.links.iter().map(Vec::len).sum();
        f.debug_struct("PairCheck")
            .field("n", &self.n)
            .field("links", &links)
            .finish()
    }
}

impl PairCheck {
    /// No rules yet, for the grid's area.
    pub fn new(geometry: &Geometry) -> PairCheck {
        PairCheck {
            n: geometry.size(),
            links: vec![Vec::new(); geometry.rows() * geometry.cols()],
        }
    }

    /// Adds the rule that `a` and `b` hold `d` and `e` with `rule(d, e)`.
    pub fn push(&mut self, a: usize, b: usize, rule: PairRule) {
        let back = Arc::clone(&rule);
        self.links[a].push((b, rule));
        self.links[b].push((a, Arc::new(move |e, d| back(d, e))));
    }

    /// The rules as the family's [`Reference`](crate::sudoku::rules::Constraint::reference):
    /// `None` when none was added.
    pub fn into_reference(self) -> Option<Box<dyn Reference>> {
        let any = self.links.iter().any(|links| !links.is_empty());
        any.then(|| Box::new(self) as Box<dyn Reference>)
    }
}

impl Reference for PairCheck {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        let mut free = full_mask(self.n);
        for (q, rule) in &self.links[p] {
            let e = cells[*q];
            if e == 0 {
                continue;
            }
            for d in 1..=self.n as u8 {
                if !rule(d, e) {
                    free &= !(1u64 << (d - 1));
                }
            }
        }
        free
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        let d = cells[p];
        self.links[p]
            .iter()
            .any(|(q, rule)| cells[*q] != 0 && !rule(d, cells[*q]))
    }
}

/// Draws a small disc at (`x`, `y`) into the marks, with a centred label when `label` is not
/// empty (in `text` colour).
pub fn disc(
    canvas: &mut Canvas,
    (x, y): (f64, f64),
    radius: f64,
    fill: &str,
    text: &str,
    label: &str,
) {
    use std::fmt::Write as _;
    let s = canvas.cell();
    let stroke = num((s / 40.0).max(0.5));
    let _ = writeln!(
        canvas.marks(),
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#222222\" stroke-width=\"{stroke}\"/>",
        num(x),
        num(y),
        num(radius)
    );
    if !label.is_empty() {
        letter(canvas, (x, y), radius * 1.2, text, label);
    }
}

/// Writes `label` centred at (`x`, `y`) into the marks, `size` high.
pub fn letter(canvas: &mut Canvas, (x, y): (f64, f64), size: f64, fill: &str, label: &str) {
    use std::fmt::Write as _;
    let _ = writeln!(
        canvas.marks(),
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{fill}\" \
         text-anchor=\"middle\">{}</text>",
        num(x),
        num(y + size * 0.36),
        num(size),
        escape(label)
    );
}
