//! Zipper lines: cells at equal distance from the line's middle add up to the same sum; on a
//! line of odd length that sum is the middle digit. Digits may repeat unless other rules
//! forbid it.
//!
//! In the exact cover, on an odd line each mirrored pair `a, b` around the middle `m` is the
//! `LinearSum` `a + b - m = 0`; on an even line two consecutive pairs are `a1 + b1 - a2 -
//! b2 = 0`. Each is a chain of colored items holding the partial sums (see `cover/linear_sum.rs`).
//! The logic does not reason with the sums, so `explain` names zipper lines as left out.
//!
//! Key: `[[zipperline]]` tables with `cells`; f-puzzles key `zipperline`, one line per
//! instance.

use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::lines::line::{Line, LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::kept_paths;
use crate::sudoku::rules::pair::Relation;
use crate::sudoku::rules::sample::Sample;

/// Zipper lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ZipperLine;

/// Every zipper line of a puzzle.
pub type ZipperLines = Lines<ZipperLine>;

/// The sums of a zipper line at `positions` (see the module documentation).
fn sums(positions: &[usize]) -> Vec<LinearSum> {
    let len = positions.len();
    let pair = |i: usize| (positions[i], positions[len - 1 - i]);
    let half = len / 2;
    if len % 2 == 1 {
        let middle = positions[half];
        (0..half)
            .map(|i| {
                let (a, b) = pair(i);
                LinearSum {
                    terms: vec![(a, 1), (b, 1), (middle, -1)],
                    target: 0,
                }
            })
            .collect()
    } else {
        (1..half)
            .map(|i| {
                let ((a1, b1), (a2, b2)) = (pair(i - 1), pair(i));
                LinearSum {
                    terms: vec![(a1, 1), (b1, 1), (a2, -1), (b2, -1)],
                    target: 0,
                }
            })
            .collect()
    }
}

impl LineKind for ZipperLine {
    const KEY: &'static str = "zipperline";
    const NAME: &'static str = "zipper line";
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Plain("#c070d0");

    fn pair(n: usize, len: usize, _: u32, i: usize, j: usize) -> Option<Relation> {
        let positions: Vec<usize> = (0..len).collect();
        LinearSum::relation_between(&sums(&positions), n, i, j, Self::NAME)
    }

    fn encode(encoder: &mut Encoder<'_>, positions: &[usize], _: u32) {
        for sum in sums(positions) {
            sum.encode_refined(encoder);
        }
    }

    fn entries(n: usize, len: usize) -> u64 {
        let positions: Vec<usize> = (0..len).collect();
        sums(&positions)
            .iter()
            .fold(0u64, |total, sum| total.saturating_add(sum.entries(n)))
    }

    fn consistent(n: usize, _: u32, digits: &[u8]) -> Result<(), String> {
        let len = digits.len();
        let positions: Vec<usize> = (0..len).collect();
        for (i, sum) in sums(&positions).iter().enumerate() {
            if !sum.possible(n, digits) {
                let i = if len % 2 == 1 { i } else { i + 1 };
                return Err(format!(
                    "cells {} and {} cannot add up to the {}",
                    i + 1,
                    len - i,
                    if len % 2 == 1 {
                        "middle digit".to_string()
                    } else {
                        format!("sum of cells {} and {}", i, len + 1 - i)
                    }
                ));
            }
        }
        Ok(())
    }

    /// Random king-step paths whose digits keep the rule, as by default, but of three cells
    /// or more: a line of two has no pair around its middle, and says nothing.
    fn random(sample: &mut Sample<'_>) -> Vec<Line> {
        let n = sample.size();
        kept_paths(sample, 3, false, |_, digits, _| {
            Self::consistent(n, 0, digits).is_ok()
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;

    use super::*;
    use crate::sudoku::rules::Constraint;
    use crate::sudoku::Verdict;

    #[test]
    fn the_rule_from_its_meaning() {
        assert!(ZipperLine::consistent(9, 0, &[1, 2, 5, 3, 4]).is_ok());
        assert_eq!(
            ZipperLine::consistent(9, 0, &[1, 2, 6, 3, 4]).unwrap_err(),
            "cells 1 and 5 cannot add up to the middle digit"
        );
        assert!(ZipperLine::consistent(9, 0, &[1, 2, 3, 4]).is_ok());
        assert_eq!(
            ZipperLine::consistent(9, 0, &[1, 2, 4, 4]).unwrap_err(),
            "cells 2 and 3 cannot add up to the sum of cells 1 and 4"
        );
        assert!(ZipperLine::consistent(9, 0, &[8, 0, 0, 0, 1]).is_ok());
        assert!(ZipperLine::consistent(9, 0, &[8, 0, 8, 0, 1]).is_err());
    }

    #[test]
    fn round_trips_and_is_unexplained() {
        let text = include_str!("../../../../examples/zipperline.toml");
        let file = from_toml(text).unwrap();
        let lines = &file.rules.constraints().zipperline;
        let mut out = FpWriter::new(9);
        lines.write_fpuzzles(&mut out);
        let (keys, _) = out.finish();
        let mut back = ZipperLines::default();
        back.read_fpuzzles(FpReader::new(9, &[]).key("zipperline", &keys["zipperline"]))
            .unwrap();
        assert_eq!(&back, lines);
        let mut names = Vec::new();
        lines.unexplained(&mut names);
        assert_eq!(names.len(), lines.lines.len());
        let mut solver = Solver::new(file.rules);
        let (verdict, _) = solver.check(&file.givens).unwrap();
        assert!(matches!(verdict, Verdict::Unique(_)));
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(random_line(), 0..4).prop_map(ZipperLines::from_lines),
        );
    }
}
