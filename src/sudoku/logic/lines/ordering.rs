//! Ordering across a house: a cell that the rules put above (or below) several cells of one
//! house, as a thermometer's later cell is above its earlier ones, is above (below) as many
//! different digits as there are such cells, since a house holds each digit at most once.
//!
//! Two thermometers ending in `r3c3` from `r1c1` and `r1c2`, both in row 1: `r3c3` is greater
//! than two different digits, so at least 3, where each thermometer alone says 2. In general,
//! with `k` cells of a house below a cell, their `k` different digits come from their
//! candidates (or placed digits), so the greatest of them is at least the `k`-th smallest
//! digit of those candidates together, and the cell is greater still; above, the same from
//! the top. The rules between two cells that order them are any the families give whose every
//! allowed pair of digits is ordered (a thermometer's pairs, `d_j - d_i >= j - i`).

use crate::sudoku::grid::Cell;

use super::super::mask::digits_of;
use super::super::state::State;
use super::super::step::Step;
use super::super::technique::Technique;

/// Digits `1..=d` as a mask (every digit from 64 on).
fn upto(d: u8) -> u64 {
    if d >= 64 {
        u64::MAX
    } else {
        (1u64 << d) - 1
    }
}

/// Which way a rule between two cells orders them: the first is below the second
/// (`Some(true)`), above it (`Some(false)`), or neither always (`None`).
pub(super) fn order(allowed: impl Fn(u8) -> u64, n: usize) -> Option<bool> {
    let below = (1..=n as u8).all(|d| allowed(d) & upto(d) == 0);
    let above = (1..=n as u8).all(|d| allowed(d) & !upto(d - 1) == 0);
    match (below, above) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// The digits a position may hold: its placed digit, or its candidates.
fn digits_at(state: &State, p: usize) -> u64 {
    match state.values[p] {
        0 => state.candidates[p],
        d => 1 << (d - 1),
    }
}

/// The `k`-th smallest digit of a mask (from 1), if it has `k`.
fn kth_smallest(mask: u64, k: usize) -> Option<u8> {
    digits_of(mask).nth(k.checked_sub(1)?)
}

/// The `k`-th greatest digit of a mask (from 1), if it has `k`.
fn kth_greatest(mask: u64, k: usize) -> Option<u8> {
    let from_bottom = (mask.count_ones() as usize).checked_sub(k)?;
    digits_of(mask).nth(from_bottom)
}

impl State<'_> {
    /// The first cell that the rules order against two or more cells of one unit whose
    /// different digits rule out some of its candidates ([`Technique::HouseOrdering`]).
    pub(in crate::sudoku::logic) fn house_ordering(&self) -> Option<Step> {
        let rules = self.rules;
        let area = self.values.len();
        // For each position, the positions ordered against it: (other, the pair's index,
        // whether the other is below it).
        let mut ordered: Vec<Vec<(usize, usize, bool)>> = vec![Vec::new(); area];
        let mut any = false;
        for (k, pair) in rules.pairs().iter().enumerate() {
            let relation = rules.relation(pair);
            let Some(a_below) = order(|d| relation.allowed(d), self.n) else {
                continue;
            };
            ordered[pair.b].push((pair.a, k, a_below));
            ordered[pair.a].push((pair.b, k, !a_below));
            any = true;
        }
        if !any {
            return None;
        }
        let mut member = vec![false; area];
        for &u in &self.order {
            let cells = &rules.units()[u].cells;
            for &p in cells {
                member[p] = true;
            }
            let found = self.ordering_in(u, &ordered, &member);
            for &p in cells {
                member[p] = false;
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// [`State::house_ordering`] within unit `u` (`member` marks its cells).
    fn ordering_in(
        &self,
        u: usize,
        ordered: &[Vec<(usize, usize, bool)>],
        member: &[bool],
    ) -> Option<Step> {
        for &t in self.rules.cells() {
            if self.values[t] != 0 || ordered[t].len() < 2 {
                continue;
            }
            for below in [true, false] {
                // Each cell once, with the first rule that orders it (two cells may be
                // ordered by several rules: an extremes mark on either side): the count is of
                // cells, which hold different digits.
                let mut others: Vec<(usize, usize)> = Vec::new();
                for &(q, k, b) in &ordered[t] {
                    if b == below && member[q] && !others.iter().any(|&(o, _)| o == q) {
                        others.push((q, k));
                    }
                }
                if others.len() < 2 {
                    continue;
                }
                let together = others.iter().fold(0, |m, &(q, _)| m | digits_at(self, q));
                let ends = others.iter().map(|&(q, _)| digits_at(self, q));
                let out = if below {
                    // Greater than the k-th smallest (and than each cell's least): that digit
                    // and those under it go.
                    let least = ends.filter_map(|m| digits_of(m).next()).max();
                    let (Some(m), Some(least)) = (kth_smallest(together, others.len()), least)
                    else {
                        continue;
                    };
                    let m = m.max(least);
                    self.candidates[t] & upto(m)
                } else {
                    let most = ends.filter_map(|m| digits_of(m).last()).min();
                    let (Some(m), Some(most)) = (kth_greatest(together, others.len()), most) else {
                        continue;
                    };
                    let m = m.min(most);
                    self.candidates[t] & !upto(m - 1)
                };
                if out == 0 {
                    continue;
                }
                let cell = self.cell(t);
                let eliminations: Vec<(Cell, u8)> = digits_of(out).map(|d| (cell, d)).collect();
                let mut units = vec![self.unit_name(u)];
                units.extend(
                    others
                        .iter()
                        .map(|&(_, k)| self.what_words(super::super::matrix::What::Pair(k))),
                );
                let mut cells = vec![cell];
                cells.extend(others.iter().map(|&(q, _)| self.cell(q)));
                return Some(Step {
                    technique: Technique::HouseOrdering,
                    placements: Vec::new(),
                    eliminations,
                    units,
                    cells,
                    // The direction: 1 when the cell is above the others, 0 below.
                    digits: vec![u8::from(below)],
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_orders_two_cells_when_every_allowed_pair_does() {
        // b - a >= 2: a below b.
        let gap = |d: u8| {
            (0..9u8)
                .filter(|e| e + 1 >= d + 2)
                .fold(0, |m, e| m | 1 << e)
        };
        assert_eq!(order(gap, 9), Some(true));
        // a - b >= 1: a above b.
        let down = |d: u8| (0..9u8).filter(|e| e + 1 < d).fold(0, |m, e| m | 1 << e);
        assert_eq!(order(down, 9), Some(false));
        // Differ by 1: neither.
        let dot = |d: u8| {
            (0..9u8)
                .filter(|e| (e + 1).abs_diff(d) == 1)
                .fold(0, |m, e| m | 1 << e)
        };
        assert_eq!(order(dot, 9), None);
    }

    /// Thermometers `r1c1 r2c2 r3c3` and `r1c2 r2c2` (box 1), `r9c9 r8c8` and `r9c9 r8c9`
    /// (box 9), on an empty grid: `r2c2` is greater than two different digits (each
    /// thermometer alone says 1 digit), so then `r3c3` than three; `r9c9` is less than two.
    #[test]
    fn a_cell_above_two_cells_of_a_house_is_above_two_digits() {
        let file = super::super::empty_9x9(
            "[[thermometer]]\ncells = \"r1c1 r2c2 r3c3\"\n\
            [[thermometer]]\ncells = \"r1c2 r2c2\"\n\
            [[thermometer]]\ncells = \"r9c9 r8c8\"\n\
            [[thermometer]]\ncells = \"r9c9 r8c9\"\n",
        );
        let mut state = State::new(&file.rules, &file.givens).unwrap();
        let mut texts = Vec::new();
        while let Some(step) = state.house_ordering() {
            assert_eq!(step.technique, Technique::HouseOrdering);
            texts.push(step.to_string());
            state.apply(&step);
            assert!(texts.len() < 20, "{texts:?}");
        }
        for start in [
            "r1c1 <> 8, 9: ordering across a house in box 1: r1c1 is less than ",
            "r2c2 <> 1, 2: ordering across a house in box 1: r2c2 is greater than r1c1, r1c2, ",
            "r3c3 <> 1, 2, 3: ordering across a house in box 1: r3c3 is greater than ",
            "r9c9 <> 8, 9: ordering across a house in box 9: r9c9 is less than ",
        ] {
            assert!(
                texts.iter().any(|t| t.starts_with(start)),
                "{start}: {texts:?}"
            );
        }
        assert_eq!(texts.len(), 4, "{texts:?}");
        assert!(
            texts.iter().all(|t| t.contains("on a thermometer")),
            "{texts:?}"
        );
        // Nothing orders r5c5 against anything: it keeps every digit.
        assert_eq!(state.candidates(40), (1 << 9) - 1);
    }

    /// `r1c1` smaller than `r1c2` by two rules (a thermometer, and a second one from the
    /// other end): one cell, not two, so no step from row 1 alone.
    #[test]
    fn a_cell_ordered_twice_counts_once() {
        let file = super::super::empty_9x9(
            "[[thermometer]]\ncells = \"r1c1 r1c2\"\n\
            [[thermometer]]\ncells = \"r1c1 r1c2 r1c3\"\n",
        );
        let state = State::new(&file.rules, &file.givens).unwrap();
        // r1c3 is above r1c1 and r1c2 (k = 2): 1 and 2 go, as its position says; r1c2 is
        // above r1c1 alone, however many rules say so.
        let mut state = state;
        while let Some(step) = state.house_ordering() {
            assert!(!step.to_string().starts_with("r1c2"), "{step}");
            state.apply(&step);
        }
        assert_eq!(state.candidates(1), (1 << 9) - 1);
        assert_eq!(state.candidates(2), (1 << 9) - 1 - 0b11);
    }

    #[test]
    fn the_kth_digits_count_from_either_end() {
        let mask = 0b1_0110_0100; // 3, 6, 7, 9
        assert_eq!(kth_smallest(mask, 2), Some(6));
        assert_eq!(kth_greatest(mask, 2), Some(7));
        assert_eq!(kth_smallest(mask, 5), None);
        assert_eq!(kth_greatest(mask, 4), Some(3));
    }
}
