//! What each fuzz target checks, shared by the cargo-fuzz targets (`fuzz_targets/*.rs`) and by
//! `tests/fuzz_corpus.rs`, which replays the kept corpus through the same functions under
//! `cargo test`. Every function takes arbitrary bytes and panics only on a real finding.
#![allow(dead_code)]

use std::io::Cursor;

use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::parse::Dialect;
use sudokux::sudoku::rules::Cage;
use sudokux::sudoku::{validate, Alphabet, Backtracker, Engine, Grid, Reader, Rules, Solver, Spec};
use sudokux::xc::knuth;
use sudokux::xc::{Budget, Watch};

/// Nodes a fuzzed search may take: enough for small puzzles, quick for big ones.
const NODES: u64 = 2_000;

/// Most matrix entries a fuzzed rule set may have before it is only parsed, not searched
/// (building a matrix of millions of entries per input would make fuzzing crawl).
const SEARCHED: usize = 40_000;

/// The line reader over arbitrary bytes: the first byte picks the dialect, the size and the
/// alphabet. It must never panic, and every puzzle it returns must have the shape it says.
pub fn lines(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let dialect = match head % 3 {
        0 => Dialect::Lines,
        1 => Dialect::Sdk,
        _ => Dialect::Pencilmark,
    };
    let size = match head / 3 % 4 {
        0 => None,
        1 => Some(9),
        2 => Some(4),
        _ => Some(16),
    };
    let alphabet = match head / 12 % 4 {
        0 => Alphabet::Default,
        1 => Alphabet::parse("hex").expect("a named alphabet"),
        2 => Alphabet::parse("letters").expect("a named alphabet"),
        _ => Alphabet::parse("0123456789").expect("ten symbols"),
    };
    let reader = Reader::with_alphabet(Cursor::new(rest), alphabet, size).dialect(dialect);
    for entry in reader.take(10_000) {
        let Ok(entry) = entry else { continue };
        let grid = entry.grid;
        assert_eq!(grid.cells().len(), grid.rows() * grid.cols());
        if let Some(candidates) = entry.candidates {
            assert_eq!(candidates.masks().len(), grid.cells().len());
        }
    }
}

/// A puzzle file: TOML when the first byte is even, else JSON. Files that read are searched
/// (when small) and every solution checked by the validator.
pub fn rule_file(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let read = if head % 2 == 0 {
        from_toml(text)
    } else {
        from_json(text)
    };
    if let Ok(file) = read {
        search_and_validate(&file.rules, &file.givens);
    }
}

/// Knuth's format: whatever reads is searched within a small budget.
pub fn knuth(data: &[u8]) {
    if let Ok(mut problem) = knuth::read(Cursor::new(data)) {
        let (dlx, labels) = problem.solver.parts();
        let mut search = dlx.search();
        search.bound(Budget::nodes(NODES));
        let mut found = 0;
        while let Some(solution) = search.next_solution() {
            for option in solution {
                assert!(option.index() < labels.len());
            }
            found += 1;
            if found == 10 {
                break;
            }
        }
    }
}

/// The whole pipeline: read puzzles (lines, or a puzzle file when the input starts with `{`
/// or a TOML key), encode, count to 2 within a node budget, and validate every solution.
pub fn pipeline(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let first = text.trim_start();
    if first.starts_with('{') {
        if let Ok(file) = from_json(first) {
            search_and_validate(&file.rules, &file.givens);
        }
        return;
    }
    if first.contains(" = ") {
        if let Ok(file) = from_toml(first) {
            search_and_validate(&file.rules, &file.givens);
        }
        return;
    }
    let reader = Reader::with_alphabet(Cursor::new(data), Alphabet::Default, None);
    for entry in reader.take(100) {
        let Ok(entry) = entry else { continue };
        let Ok(rules) = Rules::new(Spec::new(entry.grid.rows())) else {
            continue;
        };
        if let Some(candidates) = entry.candidates {
            let mut solver = Solver::new(rules.clone());
            let budget = Budget::nodes(NODES);
            if let Ok(answer) = solver.enumerate_candidates_bounded(&candidates, Some(2), 2, budget)
            {
                for solution in &answer.solutions {
                    validate(&rules, &entry.grid, solution).expect("a valid solution");
                }
            }
        } else {
            search_and_validate(&rules, &entry.grid);
        }
    }
}

/// Counts to 2 within the node budget and validates every solution; a small search both
/// engines finish must give both the same count.
fn search_and_validate(rules: &Rules, givens: &Grid) {
    if rules.cell_count() * rules.size() * 6 > SEARCHED {
        return;
    }
    let mut solver = Solver::new(rules.clone());
    let Ok(answer) = solver.enumerate_bounded(givens, Some(2), 2, Budget::nodes(NODES)) else {
        return;
    };
    assert!(answer.count <= 2);
    assert_eq!(answer.solutions.len() as u128, answer.count);
    for solution in &answer.solutions {
        validate(rules, givens, solution).expect("a valid solution");
    }
    if let [a, b] = &answer.solutions[..] {
        assert_ne!(a, b, "two solutions that are the same");
    }
}

/// Reads bits off the input, zeros when it runs out.
struct Bits<'a> {
    data: &'a [u8],
}

impl Bits<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n.max(1)
    }
}

/// A small random rule set and puzzle (4x4 or 6x6, rule flags, jigsaw regions grown from
/// seeds, cages, an extra unit) made from the bytes; the dancing-links solver and the
/// reference backtracker must agree on the count, up to 50 solutions.
pub fn differential(data: &[u8]) {
    let mut bits = Bits { data };
    let flags = bits.byte();
    let n = if flags & 1 == 0 { 4 } else { 6 };
    let mut spec = Spec::new(n);
    spec.box_shape = match (n, flags >> 1 & 1) {
        (6, 1) => Some((3, 2)),
        _ => None,
    };
    spec.constraints.grid_units.diagonals = flags >> 2 & 1 == 1;
    spec.constraints.chess.anti_knight = flags >> 3 & 1 == 1;
    spec.constraints.chess.anti_king = flags >> 4 & 1 == 1;
    spec.constraints.kropki.non_consecutive = flags >> 5 & 1 == 1;
    spec.constraints.grid_units.windoku = flags >> 6 & 1 == 1 && n == 4;
    let extra = bits.byte();
    if extra & 1 == 1 {
        spec.regions = regions(n, &mut bits);
    }
    let cells = |bits: &mut Bits, count: usize| -> Vec<sudokux::sudoku::grid::Cell> {
        let mut list = Vec::new();
        while list.len() < count {
            let p = bits.below(n * n);
            let cell = sudokux::sudoku::grid::Cell {
                row: p / n,
                col: p % n,
            };
            if list.contains(&cell) {
                if bits.data.is_empty() {
                    break;
                }
                continue;
            }
            list.push(cell);
        }
        list
    };
    for _ in 0..(extra >> 1 & 3) {
        let count = 1 + bits.below(3);
        let list = cells(&mut bits, count);
        let sum = 1 + bits.below(n * list.len()) as u32;
        spec.constraints.cage.cages.push(Cage { sum, cells: list });
    }
    if extra >> 3 & 1 == 1 {
        let count = 2 + bits.below(n - 1);
        spec.constraints.unit.units.push(cells(&mut bits, count));
    }
    let Ok(rules) = Rules::new(spec) else { return };
    let mut grid = Grid::from_area(n, n, vec![0; n * n]).expect("an n x n grid");
    let givens = bits.below(n * n / 2);
    for _ in 0..givens {
        let p = bits.below(n * n);
        grid.set(p / n, p % n, 1 + bits.below(n) as u8);
    }
    let mut solver = Solver::new(rules.clone());
    let mut reference = Backtracker::new(rules.clone());
    let dlx = solver.count_bounded(&grid, Some(50), 1, &Watch::new(), Budget::nodes(200_000));
    let slow = reference.count_bounded(&grid, Some(50), 1, &Watch::new(), Budget::nodes(200_000));
    match (dlx, slow) {
        (Ok(a), Ok(b)) => {
            if !a.cut_short(Some(50)) && !b.cut_short(Some(50)) {
                assert_eq!(
                    (a.count, a.complete),
                    (b.count, b.complete),
                    "the engines disagree on {:?}\n{}",
                    rules.spec(),
                    grid.to_line()
                );
            }
        }
        (Err(_), Err(_)) => {}
        (a, b) => panic!("one engine refuses the givens: {a:?} / {b:?}"),
    }
}

/// Jigsaw regions grown from one seed per region, from the bytes; `None` when the growth gets
/// stuck (the rules then keep their boxes).
fn regions(n: usize, bits: &mut Bits) -> Option<Vec<char>> {
    let mut label = vec![usize::MAX; n * n];
    let mut sizes = vec![0; n];
    let mut order: Vec<usize> = (0..n * n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, bits.below(i + 1));
    }
    for (r, &p) in order.iter().take(n).enumerate() {
        label[p] = r;
        sizes[r] = 1;
    }
    for _ in 0..n * n * n {
        let r = bits.below(n);
        if sizes[r] == n {
            continue;
        }
        let frontier: Vec<usize> = (0..n * n)
            .filter(|&p| label[p] == usize::MAX)
            .filter(|&p| {
                let (row, col) = (p / n, p % n);
                [(0, 1), (2, 1), (1, 0), (1, 2)].iter().any(|&(dr, dc)| {
                    let (rr, cc) = (row + dr, col + dc);
                    rr >= 1 && cc >= 1 && rr <= n && cc <= n && label[(rr - 1) * n + cc - 1] == r
                })
            })
            .collect();
        if frontier.is_empty() {
            continue;
        }
        let p = frontier[bits.below(frontier.len())];
        label[p] = r;
        sizes[r] += 1;
    }
    if sizes.iter().any(|&s| s != n) {
        return None;
    }
    Some(label.iter().map(|&r| (b'A' + r as u8) as char).collect())
}
