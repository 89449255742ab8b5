//! One step of a solution and how it reads: `r4c7 = 3: hidden single in box 6`.

use std::fmt;

use crate::sudoku::grid::{self, Cell};
use crate::sudoku::symbols::Symbols;

use super::technique::Technique;

/// One step of a solution: what it places or eliminates, by which technique, and the pattern
/// that justifies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed, with their cells.
    pub placements: Vec<(Cell, u8)>,
    /// Candidates eliminated: the digit leaves the cell.
    pub eliminations: Vec<(Cell, u8)>,
    /// The units of the pattern, as a person names them (`box 1`, `row 4`); for a fish the
    /// base units, then the cover units.
    pub units: Vec<String>,
    /// The cells of the pattern (for a wing: the pivot, then the pincers).
    pub cells: Vec<Cell>,
    /// The digits of the pattern (for a wing: `x`, `y`, `z`).
    pub digits: Vec<u8>,
}

impl Step {
    /// The step in a solver's words, with digits written in `symbols`:
    /// `r4c7 = 3: hidden single in box 6`, `r2c1, r2c5 <> 7: pointing pair in box 1`.
    pub fn describe(&self, symbols: &Symbols) -> String {
        self.text(&|d| {
            if (d as usize) <= symbols.len() {
                symbols.name(d).to_string()
            } else {
                d.to_string()
            }
        })
    }

    fn text(&self, name: &dyn Fn(u8) -> String) -> String {
        let join_cells = |cells: &[Cell]| {
            cells
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let digits = || {
            self.digits
                .iter()
                .map(|&d| name(d))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        for &(cell, d) in &self.placements {
            parts.push(format!("{cell} = {}", name(d)));
        }
        if self.technique.by_cell() {
            // Cell by cell, in order: `r1c2 <> 5, 7, 9; r1c3 <> 6`.
            let mut cells: Vec<Cell> = self.eliminations.iter().map(|e| e.0).collect();
            cells.sort_unstable_by_key(|c| (c.row, c.col));
            cells.dedup();
            for cell in cells {
                let mut digits: Vec<u8> = self
                    .eliminations
                    .iter()
                    .filter(|e| e.0 == cell)
                    .map(|e| e.1)
                    .collect();
                digits.sort_unstable();
                let digits: Vec<String> = digits.into_iter().map(name).collect();
                parts.push(format!("{cell} <> {}", digits.join(", ")));
            }
        } else {
            // The cells that lose the same digits together, each cell once, by digits:
            // `r2c1, r2c5 <> 7`, `r5c3 <> 1, 2; r5c4 <> 1`.
            for (cells, digits) in grouped(&self.eliminations) {
                let digits: Vec<String> = digits.into_iter().map(name).collect();
                parts.push(format!("{} <> {}", join_cells(&cells), digits.join(", ")));
            }
        }
        let unit = |k: usize| self.units.get(k).map_or("", String::as_str);
        // The cells and digits of the pattern as placements: ` (r1c1 = 3, r1c2 = 4)` for a
        // domination, `r1c1 = 3 => r2c2 = 4` for a chain.
        let placed = |len: usize| {
            let list: Vec<String> = self
                .cells
                .iter()
                .zip(&self.digits)
                .take(len)
                .map(|(cell, &d)| format!("{cell} = {}", name(d)))
                .collect();
            match self.technique {
                Technique::ContradictionChain
                | Technique::SumChain
                | Technique::LongContradictionChain => list.join(" => "),
                _ if list.is_empty() => String::new(),
                _ => format!(" ({})", list.join(" or ")),
            }
        };
        let size = match self.cells.len() {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("{k} cells"),
        };
        // The rules a generic step went through, after the item it is about.
        let rules = match self.units.get(1..) {
            Some(rest) if self.technique.on_the_matrix() && !rest.is_empty() => {
                format!(" [{}]", rest.join("; "))
            }
            _ => String::new(),
        };
        let why = match self.technique {
            Technique::NakedSingle => "naked single".to_string(),
            Technique::HiddenSingle => format!("hidden single in {}", unit(0)),
            Technique::Pointing => format!("pointing {size} in {}", unit(0)),
            Technique::Claiming => format!("claiming {size} in {}", unit(0)),
            Technique::LockedCandidates => {
                format!("locked candidates in {} and {}", unit(0), unit(1))
            }
            Technique::CageSum => format!("cage sum in {}", unit(0)),
            Technique::Forbidden => match (self.cells.first(), self.digits.first()) {
                (Some(cell), Some(&d)) if !self.units.is_empty() => format!(
                    "ruled out by {cell} = {} [{}]",
                    name(d),
                    self.units.join("; ")
                ),
                (Some(cell), Some(&d)) => format!("ruled out by {cell} = {}", name(d)),
                _ if self.units.is_empty() => "the rules leave no room for them".to_string(),
                _ => format!("no room for them on {}", self.units.join("; ")),
            },
            Technique::OnlyOption => format!("the only way left for {}{rules}", unit(0)),
            Technique::Domination => {
                let same_cell = self.cells.windows(2).all(|w| w[0] == w[1]);
                let same_digit = self.digits.windows(2).all(|w| w[0] == w[1]);
                match self.cells.first() {
                    Some(cell) if same_cell => {
                        format!("whatever {cell} holds ({}) rules them out{rules}", digits())
                    }
                    Some(_) if same_digit => format!(
                        "every place left for {} ({}) rules them out{rules}",
                        unit(0),
                        join_cells(&self.cells)
                    ),
                    _ => format!(
                        "every way left for {}{} rules them out{rules}",
                        unit(0),
                        placed(self.cells.len())
                    ),
                }
            }
            Technique::ContradictionChain
            | Technique::SumChain
            | Technique::LongContradictionChain => format!(
                "{}: {} leaves no way for {}",
                self.technique,
                placed(self.cells.len()),
                unit(0)
            )
            .replace("  ", " "),
            // units: the item split, the items each way left empty, the placement's chain,
            // each way's chain.
            Technique::ContradictionNet => {
                let k = self.units.len().saturating_sub(2) / 2;
                let ways: Vec<String> = (0..k)
                    .map(|w| format!("{} leaves no way for {}", unit(k + 2 + w), unit(1 + w)))
                    .collect();
                format!(
                    "{}: {} leaves {} {k} ways: {}",
                    self.technique,
                    unit(k + 1),
                    unit(0),
                    ways.join("; ")
                )
            }
            Technique::SetPair | Technique::SetTriple => {
                let k = self.units.len() / 2;
                format!(
                    "{}: {} each take one of {}",
                    self.technique,
                    self.units[..k].join(" and "),
                    self.units[k..].join(", ")
                )
            }
            Technique::InniesOuties => format!("45 rule in {}: {}", unit(0), unit(1)),
            Technique::OverlappingSums => format!(
                "overlapping sums {}: {} and {}: {}",
                unit(0),
                unit(1),
                unit(2),
                unit(3)
            ),
            Technique::HouseSums => match self.units.split_last() {
                Some((equation, rules)) => {
                    format!("{} on {}: {equation}", self.technique, rules.join(", "))
                }
                None => self.technique.to_string(),
            },
            Technique::CageInteraction => format!(
                "cage interaction in {} ({})",
                unit(0),
                self.units.get(1..).unwrap_or_default().join(", ")
            ),
            Technique::SumOutOfReach | Technique::SumCombinations => {
                format!("{} on {}: {}", self.technique, unit(0), unit(1))
            }
            // cells: the cell, then those it is ordered against; digits: 1 when it is above
            // them; units: the house, then the rules that order them.
            Technique::HouseOrdering => format!(
                "{} in {}: {} {} {}, which differ there [{}]",
                self.technique,
                unit(0),
                self.cells.first().map(Cell::to_string).unwrap_or_default(),
                if self.digits.first() == Some(&1) {
                    "is greater than"
                } else {
                    "is less than"
                },
                join_cells(self.cells.get(1..).unwrap_or_default()),
                self.units.get(1..).unwrap_or_default().join("; ")
            ),
            // cells: the cell, then its neighbours squeezed; digits: those it loses; units:
            // the house, then the rules that tie them.
            Technique::SqueezedNeighbours => format!(
                "{} in {}: with {} in {}, its neighbours {} would keep fewer digits than cells [{}]",
                self.technique,
                unit(0),
                self.digits
                    .iter()
                    .map(|&d| name(d))
                    .collect::<Vec<_>>()
                    .join(" or "),
                self.cells.first().map(Cell::to_string).unwrap_or_default(),
                join_cells(self.cells.get(1..).unwrap_or_default()),
                self.units.get(1..).unwrap_or_default().join("; ")
            ),
            Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad => format!(
                "{} {} in {} ({})",
                self.technique,
                digits(),
                unit(0),
                join_cells(&self.cells)
            ),
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let k = self.units.len() / 2;
                format!(
                    "{} in {} (cover: {})",
                    self.technique,
                    self.units[..k].join(", "),
                    self.units[k..].join(", ")
                )
            }
            Technique::XyWing | Technique::XyzWing => format!(
                "{} on {}: pivot {}, pincers {}",
                self.technique,
                digits(),
                self.cells.first().map(Cell::to_string).unwrap_or_default(),
                join_cells(self.cells.get(1..).unwrap_or_default())
            ),
            Technique::Guess => format!(
                "guess among {} candidates, taken from the solution the search found",
                self.digits.len()
            ),
        };
        format!("{}: {why}", parts.join("; "))
    }
}

/// Eliminations grouped for reading: the cells that lose the same digits (in the order they
/// first appear) with those digits (increasing), the groups in the order of their digits, so
/// that no cell is named twice and cells that each lose one digit read digit by digit.
fn grouped(eliminations: &[(Cell, u8)]) -> Vec<(Vec<Cell>, Vec<u8>)> {
    let mut cells: Vec<(Cell, Vec<u8>)> = Vec::new();
    for &(cell, d) in eliminations {
        match cells.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, digits)) => digits.push(d),
            None => cells.push((cell, vec![d])),
        }
    }
    let mut groups: Vec<(Vec<Cell>, Vec<u8>)> = Vec::new();
    for (cell, mut digits) in cells {
        digits.sort_unstable();
        digits.dedup();
        match groups.iter_mut().find(|(_, ds)| *ds == digits) {
            Some((group, _)) => group.push(cell),
            None => groups.push((vec![cell], digits)),
        }
    }
    groups.sort_by(|a, b| a.1.cmp(&b.1));
    groups
}

impl fmt::Display for Step {
    /// The step with digits in the default alphabet (`1`-`9`, `A`-`Z`, then numbers); see
    /// [`Step::describe`] for a puzzle's own symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&|d| {
            if (d as usize) <= grid::ALPHABET.len() {
                grid::symbol(d).to_string()
            } else {
                d.to_string()
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    fn step(technique: Technique, eliminations: Vec<(Cell, u8)>) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            units: vec!["row 5".to_string()],
            cells: vec![cell(4, 0), cell(4, 1)],
            digits: vec![1, 2],
        }
    }

    /// A cell that loses two digits is named once, with both: "r5c3 <> 1, 2", not
    /// "r5c3 <> 1; r5c3 <> 2"; cells that lose the same digits go together, and cells that
    /// each lose one digit still read digit by digit.
    #[test]
    fn a_cell_is_named_once_with_the_digits_it_loses() {
        let pair = step(
            Technique::NakedPair,
            vec![(cell(4, 2), 1), (cell(4, 3), 1), (cell(4, 2), 2)],
        );
        assert_eq!(
            pair.to_string(),
            "r5c4 <> 1; r5c3 <> 1, 2: naked pair 1, 2 in row 5 (r5c1, r5c2)"
        );
        let both = step(
            Technique::NakedPair,
            vec![
                (cell(4, 2), 1),
                (cell(4, 3), 1),
                (cell(4, 3), 2),
                (cell(4, 2), 2),
            ],
        );
        assert_eq!(
            both.to_string(),
            "r5c3, r5c4 <> 1, 2: naked pair 1, 2 in row 5 (r5c1, r5c2)"
        );
        let by_digit = step(
            Technique::NakedPair,
            vec![(cell(4, 5), 2), (cell(4, 2), 1), (cell(4, 3), 1)],
        );
        assert_eq!(
            by_digit.to_string(),
            "r5c3, r5c4 <> 1; r5c6 <> 2: naked pair 1, 2 in row 5 (r5c1, r5c2)"
        );
    }
}
