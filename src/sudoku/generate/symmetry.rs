//! Symmetries of the givens, and the orbits of cells each one makes.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::sudoku::rules::Rules;

/// Symmetry of the givens: every orbit of cells under it is all given or all blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn: the cell at (r, c) goes with the one at (rows-1-r, cols-1-c).
    Rot180,
    /// Quarter turns: orbits of up to four cells (square areas only).
    Rot90,
    /// Left-right mirror: (r, c) goes with (r, cols-1-c).
    Mirror,
    /// Reflection in the main diagonal: (r, c) goes with (c, r) (square areas only).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the command line's list.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name on the command line: `none`, `rot180`, `rot90`, `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of position `p` in an area of `rows` x `cols`; `None` when the symmetry does
    /// not map the area onto itself (a quarter turn or a diagonal of a non-square area).
    fn image(self, rows: usize, cols: usize, p: usize) -> Option<usize> {
        let (r, c) = (p / cols, p % cols);
        let square = rows == cols;
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (rows - 1 - r, cols - 1 - c),
            Symmetry::Rot90 if square => (c, cols - 1 - r),
            Symmetry::Mirror => (r, cols - 1 - c),
            Symmetry::Diagonal if square => (c, r),
            Symmetry::Rot90 | Symmetry::Diagonal => return None,
        };
        Some(r2 * cols + c2)
    }

    /// The orbits of the active cells of `rules`: sets of positions that are given or blank
    /// together, each in increasing order, in the order of their first cell.
    ///
    /// # Errors
    ///
    /// [`SymmetryError`] when the symmetry does not map the active cells onto
    /// themselves (a quarter turn of a non-square area, a mirror of a layout that is not
    /// mirror-symmetric).
    pub fn orbits(self, rules: &Rules) -> Result<Vec<Vec<usize>>, SymmetryError> {
        let (rows, cols) = (rules.rows(), rules.cols());
        let refuse = |why: String| SymmetryError {
            symmetry: self,
            reason: why,
        };
        let mut seen = vec![false; rows * cols];
        let mut orbits = Vec::new();
        for &p in rules.cells() {
            if seen[p] {
                continue;
            }
            let mut orbit = vec![p];
            seen[p] = true;
            let mut q = p;
            loop {
                q = self
                    .image(rows, cols, q)
                    .ok_or_else(|| refuse(format!("the area is {rows}x{cols}, not square")))?;
                if q == p {
                    break;
                }
                if !rules.is_active(q) {
                    return Err(refuse(format!(
                        "it maps {} to {}, outside every grid",
                        rules.cell(p),
                        rules.cell(q)
                    )));
                }
                if !seen[q] {
                    seen[q] = true;
                    orbit.push(q);
                }
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        Ok(orbits)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(text: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == text)
            .ok_or_else(|| {
                format!("unknown symmetry {text:?} (known: none, rot180, rot90, mirror, diagonal)")
            })
    }
}

/// A symmetry the layout of the grids does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("symmetry {symmetry} does not fit the layout: {reason}")]
pub struct SymmetryError {
    /// The symmetry asked for.
    pub symmetry: Symmetry,
    /// Why it does not fit.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::Spec;

    #[test]
    fn orbits_cover_every_cell_once() {
        let rules = Rules::classic();
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(&rules).unwrap();
            let mut all: Vec<usize> = orbits.concat();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<_>>(), "{symmetry}");
        }
        assert_eq!(Symmetry::Rot180.orbits(&rules).unwrap().len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(&rules).unwrap().len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(&rules).unwrap().len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(&rules).unwrap().len(), 45);
    }

    #[test]
    fn symmetries_that_do_not_fit_the_layout_are_refused() {
        let twodoku = Rules::new(Spec {
            grids: vec![(0, 0), (6, 6)],
            ..Spec::new(9)
        })
        .unwrap();
        assert!(Symmetry::Rot180.orbits(&twodoku).is_ok());
        assert!(Symmetry::Diagonal.orbits(&twodoku).is_ok());
        let error = Symmetry::Mirror.orbits(&twodoku).unwrap_err();
        assert_eq!(
            error.to_string(),
            "symmetry mirror does not fit the layout: it maps r1c1 to r1c15, outside every grid"
        );
        let wide = Rules::new(Spec {
            grids: vec![(0, 0), (0, 6)],
            ..Spec::new(9)
        })
        .unwrap();
        assert!(Symmetry::Rot90.orbits(&wide).is_err());
        assert!(Symmetry::Mirror.orbits(&wide).is_ok());
    }
}
