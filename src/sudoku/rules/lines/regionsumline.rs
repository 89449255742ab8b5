//! Region-sum lines: split a line into its segments, the maximal runs of consecutive cells in
//! one box (or jigsaw region); every segment adds up to the same sum. A line that enters a
//! region twice has two segments there. Digits may repeat on the line unless other rules
//! forbid it (within one segment they cannot: a segment lies in one region).
//!
//! In the exact cover two consecutive segments `A`, `B` of a line are the `LinearSum`
//! `A - B = 0` (cells of `A` weighted `+1`, of `B` `-1`), a chain of colored items holding the
//! partial sums (see `cover/linear_sum.rs`). The logic does not reason with the sums, so `explain`
//! names region-sum lines as left out.
//!
//! The rule needs the regions, which a [`LineKind`] does not see: reading, writing and drawing
//! are those of every line (a `LineKind` for the shape), the rule is this module's own.
//! With several grids (samurai) the boxes must line up across the grids, so that every cell
//! has one box.
//!
//! Key: `[[regionsumline]]` tables with `cells`; f-puzzles key `regionsumline`, one line per
//! instance.

use serde::de::MapAccess;

use crate::sudoku::grid::Grid;

use crate::sudoku::rules::constraint::{
    allowed_by_trial, Constraint, Family, FileWriter, Reference,
};
use crate::sudoku::rules::cover::encoder::Encoder;
use crate::sudoku::rules::cover::linear_sum::LinearSum;
use crate::sudoku::rules::draw::{Canvas, Caption};
use crate::sudoku::rules::error::{FileError, PuzzleError, ReadResult, RulesError, Violation};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::geometry::{Geometry, NO_REGION};
use crate::sudoku::rules::lines::line::{Line, LineKind, Lines, Style};
use crate::sudoku::rules::lines::toolkit::kept_paths;
use crate::sudoku::rules::pair::PairList;
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::unit_index::UnitIndex;

/// The shape of a region-sum line: its keys, name and picture. The rule is
/// [`RegionSumLines`]'s, which knows the regions; this kind is never asked for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RegionSumShape;

impl LineKind for RegionSumShape {
    const KEY: &'static str = "regionsumline";
    const NAME: &'static str = "region-sum line";
    const EXPLAINED: bool = false;
    const STYLE: Style = Style::Plain("#3d8fd9");
    const REPEAT: Option<&'static str> = Some(
        "a region-sum line would count that cell in two sums (or twice in one), which \
         sudokux does not read",
    );

    /// Never asked: [`RegionSumLines`] checks its lines with the regions in view.
    fn consistent(_: usize, _: u32, _: &[u8]) -> Result<(), String> {
        Ok(())
    }

    /// Never asked: [`RegionSumLines`] makes its random lines with the regions in view.
    fn random(sample: &mut Sample<'_>) -> Vec<Line> {
        RegionSumLines::random(sample).lines
    }
}

/// Every region-sum line of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RegionSumLines {
    /// The lines, numbered from 1 in messages in this order.
    pub lines: Vec<Line>,
}

/// The region of a position, for cells in one: the jigsaw label (`None` for a cell in no
/// region), or the box counted over the whole area (boxes line up across grids, which [`Constraint::check`] makes sure of).
pub(crate) fn region_of(geometry: &Geometry, p: usize) -> Option<usize> {
    let cols = geometry.cols();
    match geometry.regions() {
        Some(labels) => labels
            .get(p)
            .filter(|&&l| l != NO_REGION)
            .map(|&l| l as usize),
        None => {
            let (rows, columns) = geometry.box_shape();
            let (r, c) = (p / cols, p % cols);
            Some((r / rows) * cols + c / columns)
        }
    }
}

/// The segments of a line at `positions`: maximal runs of consecutive positions with one
/// region, in order along the line; a cell in no region is in no segment and ends a run.
pub(crate) fn segments(geometry: &Geometry, positions: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for &p in positions {
        let Some(region) = region_of(geometry, p) else {
            last = None;
            continue;
        };
        match out.last_mut() {
            Some(run) if last == Some(region) => run.push(p),
            _ => out.push(vec![p]),
        }
        last = Some(region);
    }
    out
}

/// The rule from its meaning, on a line's segments with some digits placed (0 where empty):
/// some sum must lie within every segment's reach (its placed digits plus 1..n per empty
/// cell). Exact on a full line; on a partial one it never refuses digits a completion keeps.
fn consistent(n: usize, segments: &[Vec<u8>]) -> Result<(), String> {
    let reach = |digits: &[u8]| {
        let placed: usize = digits.iter().map(|&d| usize::from(d)).sum();
        let empty = digits.iter().filter(|&&d| d == 0).count();
        (placed + empty, placed + empty * n)
    };
    let low = segments.iter().map(|s| reach(s).0).max().unwrap_or(0);
    let high = segments.iter().map(|s| reach(s).1).min().unwrap_or(0);
    if low <= high {
        return Ok(());
    }
    let full = segments.iter().flatten().all(|&d| d != 0);
    let sums: Vec<String> = segments
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let (a, b) = reach(s);
            match (full, a == b) {
                (true, _) | (false, true) => format!("segment {} adds up to {a}", k + 1),
                (false, false) => format!("segment {} to {a}..{b}", k + 1),
            }
        })
        .collect();
    if full {
        Err(format!("its segments differ: {}", sums.join(", ")))
    } else {
        Err(format!(
            "the placed digits leave its segments no common sum: {}",
            sums.join(", ")
        ))
    }
}

impl RegionSumLines {
    /// The lines as lines of their shape (for reading, writing and drawing).
    fn shape(&self) -> Lines<RegionSumShape> {
        Lines::from_lines(self.lines.clone())
    }

    /// How a person names line `k` (0-based).
    fn what(k: usize) -> String {
        format!("{} {}", RegionSumShape::NAME, k + 1)
    }

    /// The segments of every line, as positions (the lines passed the check).
    fn segments(&self, geometry: &Geometry) -> Vec<Vec<Vec<usize>>> {
        self.lines
            .iter()
            .enumerate()
            .map(|(k, line)| {
                let positions = geometry
                    .positions(&Self::what(k), &line.cells)
                    .expect("checked lines");
                segments(geometry, &positions)
            })
            .collect()
    }

    /// The sums `A - B = 0` of consecutive segments of a line.
    fn sums(segments: &[Vec<usize>]) -> Vec<LinearSum> {
        segments
            .windows(2)
            .map(|pair| LinearSum {
                terms: (pair[0].iter().map(|&p| (p, 1)))
                    .chain(pair[1].iter().map(|&p| (p, -1)))
                    .collect(),
                target: 0,
            })
            .collect()
    }

    /// Checks every line's digits in `grid`.
    fn check_digits(&self, geometry: &Geometry, grid: &Grid) -> Result<(), (String, String)> {
        let cells = grid.cells();
        for (k, line) in self.segments(geometry).iter().enumerate() {
            let digits: Vec<Vec<u8>> = line
                .iter()
                .map(|s| s.iter().map(|&p| cells[p]).collect())
                .collect();
            consistent(geometry.size(), &digits).map_err(|message| (Self::what(k), message))?;
        }
        Ok(())
    }
}

impl Constraint for RegionSumLines {
    fn check(&self, geometry: &Geometry) -> Result<(), RulesError> {
        self.shape().check(geometry)?;
        let (rows, cols) = geometry.box_shape();
        let aligned = geometry.regions().is_some()
            || geometry
                .grids()
                .iter()
                .all(|&(r, c)| r % rows == 0 && c % cols == 0);
        if !self.lines.is_empty() && !aligned {
            return Err(RulesError::Invalid {
                what: Self::what(0),
                message: "the boxes of the grids do not line up, so a cell has two boxes"
                    .to_string(),
            });
        }
        Ok(())
    }

    fn entries(&self, geometry: &Geometry) -> u64 {
        let n = geometry.size();
        self.segments(geometry)
            .iter()
            .flat_map(|line| Self::sums(line))
            .fold(0u64, |total, sum| total.saturating_add(sum.entries(n)))
    }

    fn digit_blind(&self) -> bool {
        self.lines.is_empty()
    }

    fn check_givens(&self, geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
        self.check_digits(geometry, givens)
            .map_err(|(what, message)| PuzzleError::Broken { what, message })
    }

    fn pairs(&self, geometry: &Geometry, units: &UnitIndex, out: &mut PairList) {
        // What each sum says about two of its cells, for the search and the logic.
        for (k, line) in self.segments(geometry).iter().enumerate() {
            for sum in Self::sums(line) {
                sum.push_pairs(geometry.size(), &Self::what(k), units, out);
            }
        }
    }

    fn encode(&self, encoder: &mut Encoder<'_>) {
        for (k, line) in self.segments(encoder.geometry()).into_iter().enumerate() {
            encoder.instance(k);
            for sum in Self::sums(&line) {
                sum.encode_refined(encoder);
            }
        }
    }

    fn validate(&self, geometry: &Geometry, solution: &Grid) -> Result<(), Violation> {
        self.check_digits(geometry, solution)
            .map_err(|(what, message)| Violation::Broken { what, message })
    }

    fn reference(&self, geometry: &Geometry) -> Option<Box<dyn Reference>> {
        if self.lines.is_empty() {
            return None;
        }
        let lines = self.segments(geometry);
        let mut lines_of = vec![Vec::new(); geometry.rows() * geometry.cols()];
        for (l, line) in lines.iter().enumerate() {
            for &p in line.iter().flatten() {
                lines_of[p].push(l);
            }
        }
        Some(Box::new(SegmentSums {
            n: geometry.size(),
            lines,
            lines_of,
        }))
    }

    fn words(&self, instance: Option<usize>) -> String {
        instance.map_or_else(|| "the region-sum lines".to_string(), Self::what)
    }

    fn unexplained(&self, out: &mut Vec<String>) {
        out.extend((0..self.lines.len()).map(Self::what));
    }

    fn draw(&self, geometry: &Geometry, canvas: &mut Canvas) {
        self.shape().draw(geometry, canvas);
    }

    fn caption(&self, geometry: &Geometry, caption: &mut Caption) {
        self.shape().caption(geometry, caption);
    }

    fn write(&self, out: &mut FileWriter) {
        self.shape().write(out);
    }
}

impl Family for RegionSumLines {
    const KEYS: &'static [&'static str] = &[RegionSumShape::KEY];
    const FPUZZLES_KEYS: &'static [&'static str] = RegionSumShape::FPUZZLES_KEYS;

    fn read<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> ReadResult<A::Error> {
        let mut shape = self.shape();
        let read = shape.read(key, map);
        self.lines = shape.lines;
        read
    }

    fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Result<(), FileError> {
        let FpKey {
            key: _,
            value: _,
            reader: _,
        } = entry;
        let mut shape = self.shape();
        let read = shape.read_fpuzzles(entry);
        self.lines = shape.lines;
        read
    }

    fn write_fpuzzles(&self, out: &mut FpWriter) {
        self.shape().write_fpuzzles(out);
    }

    /// Lines on king-step paths (`kept_paths`) of two segments or more, whose segments'
    /// digits in the sample's solution add up to one sum.
    fn random(sample: &mut Sample<'_>) -> Self {
        let (geometry, solution) = (sample.geometry(), sample.solution());
        let sum = |segment: &Vec<usize>| -> u32 {
            segment
                .iter()
                .map(|&p| u32::from(solution.cells()[p]))
                .sum()
        };
        let lines = kept_paths(sample, 2, false, |positions, _, _| {
            let segments = segments(geometry, positions);
            segments.len() >= 2 && segments.iter().all(|s| sum(s) == sum(&segments[0]))
        });
        RegionSumLines { lines }
    }
}

/// The lines as the reference backtracker sees them: each line's segments (positions) and the
/// lines through each position.
#[derive(Debug)]
struct SegmentSums {
    n: usize,
    lines: Vec<Vec<Vec<usize>>>,
    lines_of: Vec<Vec<usize>>,
}

impl SegmentSums {
    /// Whether line `l` can still be kept with digits `cells`.
    fn keeps(&self, l: usize, cells: &[u8]) -> bool {
        let digits: Vec<Vec<u8>> = self.lines[l]
            .iter()
            .map(|s| s.iter().map(|&p| cells[p]).collect())
            .collect();
        consistent(self.n, &digits).is_ok()
    }
}

impl Reference for SegmentSums {
    fn allowed(&self, cells: &[u8], p: usize) -> u64 {
        allowed_by_trial(self.n, cells, p, |trial| {
            self.lines_of[p].iter().all(|&l| self.keeps(l, trial))
        })
    }

    fn broken(&self, cells: &[u8], p: usize) -> bool {
        self.lines_of[p].iter().any(|&l| !self.keeps(l, cells))
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::rules::test_support::*;
    use proptest::prelude::*;

    use super::*;
    use crate::sudoku::{validate, Rules};

    fn four(givens: &str, tables: &str) -> String {
        format!("size = 4\ngivens = \"\"\"\n{givens}\"\"\"\n{tables}")
    }

    #[test]
    fn the_rule_from_its_meaning() {
        assert!(consistent(9, &[vec![3, 4], vec![7], vec![1, 6]]).is_ok());
        assert_eq!(
            consistent(9, &[vec![3, 4], vec![8]]).unwrap_err(),
            "its segments differ: segment 1 adds up to 7, segment 2 adds up to 8"
        );
        // Partial lines: refused only when the segments cannot meet.
        assert!(consistent(9, &[vec![9, 0], vec![0]]).is_err());
        assert!(consistent(9, &[vec![1, 0], vec![0]]).is_ok());
        assert_eq!(
            consistent(9, &[vec![9, 9, 0], vec![0, 0]]).unwrap_err(),
            "the placed digits leave its segments no common sum: segment 1 to 19..27, \
             segment 2 to 2..18"
        );
    }

    #[test]
    fn segments_follow_boxes_and_regions() {
        let file = from_toml(&four(
            "....\n....\n....\n....\n",
            "[[regionsumline]]\ncells = \"r1c1 r1c2 r1c3 r2c3 r2c2\"\n",
        ))
        .unwrap();
        let rules = &file.rules;
        let lines = rules.constraints().regionsumline.segments(rules.geometry());
        // Boxes 2x2: r1c1 r1c2 | r1c3 r2c3 | r2c2 (back in box 1: a new segment).
        assert_eq!(lines, [vec![vec![0, 1], vec![2, 6], vec![5]]]);
        // Jigsaw labels; a cell in no region (`.`) is in no segment and ends the run.
        let file = from_toml(&four(
            "....\n....\n....\n....\n",
            "regions = \"\"\"\naabb\naabb\ncc..\ncc..\n\"\"\"\n\
             [[regionsumline]]\ncells = \"r2c1 r2c2 r3c3 r4c2 r4c1\"\n",
        ))
        .unwrap();
        let rules = &file.rules;
        let lines = rules.constraints().regionsumline.segments(rules.geometry());
        assert_eq!(lines, [vec![vec![4, 5], vec![13, 12]]]);
    }

    #[test]
    fn the_search_adds_up_and_the_validator_agrees() {
        let file = from_toml(&four(
            "....\n....\n....\n....\n",
            "[[regionsumline]]\ncells = \"r1c2 r1c3 r2c3\"\n",
        ))
        .unwrap();
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&file.givens, Some(2000), 2000).unwrap();
        assert!(answer.complete && !answer.solutions.is_empty());
        for s in &answer.solutions {
            assert_eq!(s.get(0, 1), s.get(0, 2) + s.get(1, 2));
            validate(&file.rules, &file.givens, s).unwrap();
        }
        // A grid of the plain rules that breaks the line: the validator says where.
        let plain = Rules::with_boxes(2, 2).unwrap();
        let grids = Solver::new(plain.clone())
            .enumerate(&plain.empty_grid(), Some(300), 300)
            .unwrap();
        let broken = grids
            .solutions
            .iter()
            .find(|s| s.get(0, 1) != s.get(0, 2) + s.get(1, 2))
            .unwrap();
        let error = validate(&file.rules, &file.givens, broken).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("region-sum line 1: its segments differ"),
            "{error}"
        );
        let mut out = Vec::new();
        file.rules.constraints().regionsumline.unexplained(&mut out);
        assert_eq!(out, ["region-sum line 1"]);
    }

    #[test]
    fn reads_writes_and_refuses() {
        read_back(&four(
            "....\n....\n....\n....\n",
            "[[regionsumline]]\ncells = \"r1c1 r1c2 r1c3\"\n",
        ));
        let error =
            |givens: &str, tables: &str| from_toml(&four(givens, tables)).unwrap_err().to_string();
        assert!(error(
            "....\n....\n....\n....\n",
            "[[regionsumline]]\ncells = \"r1c1 r1c2\"\nvalue = 3\n"
        )
        .contains("takes no value"));
        assert_eq!(
            error(
                "....\n....\n....\n....\n",
                "[[regionsumline]]\ncells = \"r4c1 r5c1\"\n"
            ),
            "region-sum line 1: r5c1 is outside the grid"
        );
        // Givens that no sum can keep: r1c2 and r2c3 are one-cell segments of two boxes.
        let file = from_toml(&four(
            ".1..\n..2.\n....\n....\n",
            "[[regionsumline]]\ncells = \"r1c2 r2c3\"\n",
        ))
        .unwrap();
        assert_eq!(
            file.rules.check_givens(&file.givens).unwrap_err().to_string(),
            "region-sum line 1: its segments differ: segment 1 adds up to 1, segment 2 adds up to 2"
        );
    }

    #[test]
    fn fpuzzles_round_trip() {
        assert_fpuzzles_round_trip(
            proptest::collection::vec(random_line(), 0..4)
                .prop_map(|lines| RegionSumLines { lines }),
        );
    }
}
