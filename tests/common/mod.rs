//! Helpers shared by the integration tests: test data, and small generators.
#![allow(dead_code)]

pub mod lines;
pub mod pencilmarks;
pub mod sumlines;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sudokux::sudoku::rules::fpuzzles_io::Place;
use sudokux::sudoku::rules::grid::indexers::{IndexKind, Indexer};
use sudokux::sudoku::rules::{Constraints, Diagonal, LittleKiller};
use sudokux::sudoku::{Arrow, Cage, Cell, Engine, Grid, Rules, Spec};

/// Path of a file under `tests/data`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The non-empty, non-comment lines of a test data file.
pub fn lines(name: &str) -> Vec<String> {
    let path = data(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// A small deterministic generator (xorshift64*), so that generated grids depend only on the
/// seed that proptest chose.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random filled grid: cells filled in order, each trying its digits in a random order,
/// backtracking on a dead end. Written here from the rules' meaning, with no solver.
pub fn random_solution(rules: &Rules, seed: u64) -> Grid {
    fn fill(cells: &mut [u8], at: usize, rules: &Rules, rng: &mut Rng) -> bool {
        let n = rules.size();
        if at == cells.len() {
            return true;
        }
        let (r, c) = (at / n, at % n);
        let (br, bc) = rules.box_shape();
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            let clash = (0..n).any(|k| {
                let (r2, c2) = ((r / br) * br + k / bc, (c / bc) * bc + k % bc);
                cells[r * n + k] == d || cells[k * n + c] == d || cells[r2 * n + c2] == d
            });
            if !clash {
                cells[at] = d;
                if fill(cells, at + 1, rules, rng) {
                    return true;
                }
                cells[at] = 0;
            }
        }
        false
    }
    let mut rng = Rng::new(seed);
    let mut cells = vec![0; rules.cell_count()];
    assert!(
        fill(&mut cells, 0, rules, &mut rng),
        "a grid can always be filled"
    );
    Grid::from_cells(rules.size(), cells).unwrap()
}

/// `solution` with all but `givens` cells emptied, chosen by `seed`.
pub fn puzzle_from(solution: &Grid, givens: usize, seed: u64) -> Grid {
    let mut rng = Rng::new(seed.rotate_left(17));
    let mut order: Vec<usize> = (0..solution.cells().len())
        .filter(|&k| solution.cells()[k] != 0)
        .collect();
    rng.shuffle(&mut order);
    let mut cells = vec![0; solution.cells().len()];
    for &k in order.iter().take(givens) {
        cells[k] = solution.cells()[k];
    }
    Grid::from_area(solution.rows(), solution.cols(), cells).unwrap()
}

/// A random solution of any rule set, or `None` if the search found none: a few random
/// givens that break no rule, then the first solution of the exact-cover solver, checked by
/// the independent validator before anyone uses it.
pub fn engine_solution(rules: &Rules, seed: u64) -> Option<Grid> {
    use sudokux::sudoku::{validate, Solver};
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(rules.clone());
    for _ in 0..8 {
        let mut grid = rules.empty_grid();
        for _ in 0..rules.size() {
            let p = rules.cells()[rng.below(rules.cell_count())];
            let d = 1 + rng.below(rules.size()) as u8;
            let before = grid.cells()[p];
            grid.set(p / rules.cols(), p % rules.cols(), d);
            if rules.check_givens(&grid).is_err() {
                grid.set(p / rules.cols(), p % rules.cols(), before);
            }
        }
        if let Some(solution) = solver.enumerate(&grid, Some(1), 1).unwrap().solutions.pop() {
            validate(rules, &grid, &solution).expect("the engine's solution is valid");
            return Some(solution);
        }
    }
    None
}

/// Enumerates with `engine`, checks every solution it returns with the independent validator,
/// and gives back the count and whether it is exact.
pub fn checked_count(engine: &mut dyn Engine, puzzle: &Grid, limit: u128) -> (u128, bool) {
    let answer = engine.enumerate(puzzle, Some(limit), 4).unwrap();
    assert_eq!(answer.solutions.len() as u128, answer.count.min(4));
    for solution in &answer.solutions {
        sudokux::sudoku::validate(engine.rules(), puzzle, solution)
            .unwrap_or_else(|v| panic!("invalid solution {solution} of {puzzle}: {v}"));
    }
    let distinct: std::collections::HashSet<_> = answer.solutions.iter().collect();
    assert_eq!(
        distinct.len(),
        answer.solutions.len(),
        "a solution was reported twice"
    );
    (answer.count, answer.complete)
}

/// Runs the binary: its exit code, stdout and stderr as text.
pub fn sudokux_text(args: &[&str], stdin: &str) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = sudokux(args, stdin);
    (
        status.code().unwrap(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

/// Runs the real binary with `args`, feeding it `stdin`.
pub fn sudokux(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A binary that stops reading early closes the pipe; that is its business.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

/// Whether `SUDOKUX_HEAVY_TESTS=1` asks for the heavy cases, as `.ci/run` does: the slow half
/// of a few tests (a full count, every puzzle of a sample through the reference backtracker),
/// which plain `cargo test` takes a sample of, to stay quick.
pub fn heavy() -> bool {
    std::env::var("SUDOKUX_HEAVY_TESTS").is_ok_and(|v| v == "1")
}

/// The kinds of random instance of [`instance`] that are no family: `plain`, `jigsaw`
/// (regions), `samurai` (overlapping grids) and `mix` (of the rules the command line's flags
/// give).
pub const SHAPES: [&str; 4] = ["plain", "jigsaw", "samurai", "mix"];

/// The kinds of random instance of [`instance`], by name: [`SHAPES`], then every family of
/// the library's list by its name ([`Constraints::FAMILIES`]), so that a family added there
/// is made here or the property tests fail naming it. A property test draws one with
/// `proptest::sample::select(kinds())` and names it in its messages.
pub fn kinds() -> Vec<&'static str> {
    SHAPES.into_iter().chain(Constraints::FAMILIES).collect()
}

/// A random Latin square of side `n`: cells filled in order with shuffled digits, backtracking.
pub fn latin_square(n: usize, rng: &mut Rng) -> Vec<u8> {
    fn fill(cells: &mut [u8], at: usize, n: usize, rng: &mut Rng) -> bool {
        if at == cells.len() {
            return true;
        }
        let (r, c) = (at / n, at % n);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if (0..n).all(|k| cells[r * n + k] != d && cells[k * n + c] != d) {
                cells[at] = d;
                if fill(cells, at + 1, n, rng) {
                    return true;
                }
                cells[at] = 0;
            }
        }
        false
    }
    let mut cells = vec![0; n * n];
    assert!(fill(&mut cells, 0, n, rng));
    cells
}

/// A random instance of kind `kind` (one of [`kinds`]): its rules and a solution, if one was
/// found.
///
/// # Panics
///
/// For a kind not in [`kinds`]: a family of the library's list that no arm here makes.
pub fn instance(kind: &str, seed: u64) -> (Rules, Option<Grid>) {
    let mut rng = Rng::new(seed);
    let (n, shape) = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2))][rng.below(3)];
    let base = Spec {
        box_shape: Some(shape),
        ..Spec::new(n)
    };
    let with = |spec: Spec| {
        let rules = Rules::new(spec).unwrap();
        let solution = engine_solution(&rules, seed);
        (rules, solution)
    };
    match kind {
        "plain" => with(base),
        "jigsaw" => {
            // Regions from a Latin square: region k takes, for every digit, one of the cells
            // holding it, so the square solves the jigsaw.
            let square = latin_square(n, &mut rng);
            let mut labels = vec!['?'; n * n];
            for d in 1..=n as u8 {
                let mut cells: Vec<usize> = (0..n * n).filter(|&p| square[p] == d).collect();
                rng.shuffle(&mut cells);
                for (k, p) in cells.into_iter().enumerate() {
                    labels[p] = (b'a' + k as u8) as char;
                }
            }
            let rules = Rules::new(Spec {
                regions: Some(labels),
                ..Spec::new(n)
            })
            .unwrap();
            (rules, Some(Grid::from_cells(n, square).unwrap()))
        }
        "units" => with(base.with(|c| match rng.below(5) {
            0 => c.units.diagonals = true,
            1 => c.units.diagonal_positive = true,
            2 => c.units.diagonal_negative = true,
            3 => c.units.windoku = true,
            _ => c.units.disjoint_groups = true,
        })),
        "chess" => with(base.with(|c| match rng.below(3) {
            0 => c.chess.anti_knight = true,
            1 => c.chess.anti_king = true,
            _ => (c.chess.anti_knight, c.chess.anti_king) = (true, true),
        })),
        "cage" | "unit" => {
            // Cages or extra units cut from a solution of the plain rules.
            let plain = Rules::new(base.clone()).unwrap();
            let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
            let mut order: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut order);
            let mut groups: Vec<Vec<usize>> = Vec::new();
            let mut current: Vec<usize> = Vec::new();
            let target = 1 + rng.below(if kind == "cage" { 3 } else { n });
            for p in order {
                let d = solution.cells()[p];
                if current.iter().all(|&q| solution.cells()[q] != d) {
                    current.push(p);
                }
                if current.len() >= target {
                    groups.push(std::mem::take(&mut current));
                }
            }
            if !current.is_empty() {
                groups.push(current);
            }
            let cells = |g: &[usize]| g.iter().map(|&p| Cell::from_index(p, n)).collect();
            let spec = if kind == "cage" {
                let cages = groups
                    .iter()
                    .map(|g| Cage {
                        sum: g.iter().map(|&p| u32::from(solution.cells()[p])).sum(),
                        cells: cells(g),
                    })
                    .collect();
                base.with(|c| c.cage.cages = cages)
            } else {
                let units = groups.iter().take(3).map(|g| cells(g)).collect();
                base.with(|c| c.unit.units = units)
            };
            (Rules::new(spec).unwrap(), Some(solution))
        }
        "samurai" => {
            let grids = if rng.below(2) == 0 {
                vec![(0, 0), (2, 2)]
            } else {
                vec![(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]
            };
            with(Spec {
                box_shape: Some((2, 2)),
                grids,
                ..Spec::new(4)
            })
        }
        line if lines::NAMES.contains(&line) => {
            let family = lines::NAMES.iter().position(|&l| l == line).unwrap();
            lines::instance(base, family, &mut rng, seed)
        }
        "indexers" => {
            // Random indexing cells of random kinds (a solution may not exist).
            let kinds = [IndexKind::Row, IndexKind::Column, IndexKind::Box];
            let groups = (0..1 + rng.below(3))
                .map(|_| Indexer {
                    kind: kinds[rng.below(3)],
                    cells: (0..1 + rng.below(n))
                        .map(|_| Cell::from_index(rng.below(n * n), n))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect(),
                })
                .collect();
            with(base.with(|c| c.indexers.groups = groups))
        }
        "kropki" if rng.below(4) == 0 => with(base.with(|c| c.kropki.non_consecutive = true)),
        "kropki" | "xv" | "parity" | "extremes" | "sum" | "clone" | "quadruple" => {
            let plain = Rules::new(base.clone()).unwrap();
            let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
            with(marks(kind, &solution, base, &mut rng))
        }
        "arrow" => {
            // Arrows cut from a solution of the plain rules: a circle and cells whose digits
            // add up to it (digits may repeat on a shaft).
            let plain = Rules::new(base.clone()).unwrap();
            let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
            let digit = |p: usize| u32::from(solution.cells()[p]);
            let mut arrows = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let circle = rng.below(n * n);
                let mut order: Vec<usize> = (0..n * n).filter(|&p| p != circle).collect();
                rng.shuffle(&mut order);
                let mut shaft = Vec::new();
                let mut sum = 0;
                for p in order {
                    if sum + digit(p) <= digit(circle) {
                        sum += digit(p);
                        shaft.push(Cell::from_index(p, n));
                    }
                }
                if sum == digit(circle) {
                    arrows.push(Arrow {
                        circle: vec![Cell::from_index(circle, n)],
                        shaft,
                    });
                }
            }
            let spec = base.with(|c| c.arrow.clues = arrows);
            (Rules::new(spec).unwrap(), Some(solution))
        }
        "littlekillersum" => {
            // Little killers read off a solution of the plain rules: a random place outside
            // the grid and direction, the value the diagonal's digits add up to.
            let plain = Rules::new(base.clone()).unwrap();
            let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
            let mut clues = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let k = 1 + rng.below(n);
                let clue = match rng.below(4) {
                    0 => Place { row: 0, col: k },
                    1 => Place { row: n + 1, col: k },
                    2 => Place { row: k, col: 0 },
                    _ => Place { row: k, col: n + 1 },
                };
                let direction = Diagonal::ALL[rng.below(4)];
                let mut clue = LittleKiller {
                    clue,
                    direction,
                    value: 0,
                };
                let cells = clue.cells(n, n);
                if !cells.is_empty() {
                    clue.value = cells
                        .iter()
                        .map(|c| i64::from(solution.get(c.row, c.col)))
                        .sum();
                    clues.push(clue);
                }
            }
            let spec = base.with(|c| c.littlekillersum.clues = clues);
            (Rules::new(spec).unwrap(), Some(solution))
        }
        "doublearrow" => double_arrows(base, n, &mut rng, seed),
        "zipperline" => sumlines::zipper(base, &mut rng, seed),
        "regionsumline" => sumlines::region_sum(base, &mut rng, seed),
        "pencilmarks" => pencilmarks::instance(base, &mut rng, seed),
        "sandwichsum" | "xsum" | "skyscraper" => outside_clues(kind, base, n, &mut rng, seed),
        "mix" => with(base.with(|c| {
            c.units.diagonals = rng.below(2) == 0;
            c.chess.anti_king = rng.below(3) == 0;
            c.kropki.non_consecutive = rng.below(4) == 0;
            c.chess.anti_knight = rng.below(3) == 0;
            c.units.disjoint_groups = rng.below(3) == 0;
        })),
        other => panic!("no kind of random instance is called {other:?}"),
    }
}

/// Marks between cells (`kind`: `kropki` dots, `xv`, `parity` (odd and even cells),
/// `extremes` (minimum and maximum cells), `sum` (sum pairs), `clone`, `quadruple`) read off
/// a solution of `base`: some true, with
/// rules on the unmarked neighbours at random (which the solution may break).
pub fn marks(kind: &str, solution: &Grid, base: Spec, rng: &mut Rng) -> Spec {
    use sudokux::sudoku::rules::marks::kropki::Dot;
    use sudokux::sudoku::rules::marks::xv::XvMark;
    let n = solution.rows();
    let at = |c: Cell| u32::from(solution.get(c.row, c.col));
    let mut spec = base;
    let k = &mut spec.constraints;
    if kind == "quadruple" {
        use sudokux::sudoku::rules::marks::quadruple::Quadruple;
        for _ in 0..1 + rng.below(3) {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .map(|&(i, j)| Cell {
                    row: r + i,
                    col: c + j,
                })
                .collect();
            let values = cells
                .iter()
                .filter(|_| rng.below(2) == 0)
                .map(|&a| at(a) as u8)
                .collect();
            k.quadruple.quads.push(Quadruple { cells, values });
        }
        return spec;
    }
    if kind == "clone" {
        use sudokux::sudoku::rules::marks::clone::CloneRegion;
        // Cells paired with others holding the same digit in the solution.
        let (mut cells, mut clone_cells) = (Vec::new(), Vec::new());
        for _ in 0..1 + rng.below(3) {
            let a = Cell::from_index(rng.below(n * n), n);
            let twins: Vec<Cell> = (0..n * n)
                .map(|q| Cell::from_index(q, n))
                .filter(|&b| at(b) == at(a))
                .collect();
            let b = twins[rng.below(twins.len())];
            if !cells.contains(&a) && !clone_cells.contains(&b) {
                cells.push(a);
                clone_cells.push(b);
            }
        }
        k.clone.clones.push(CloneRegion { cells, clone_cells });
        return spec;
    }
    if kind == "sum" {
        use sudokux::sudoku::rules::marks::sum::SumPair;
        for _ in 0..1 + rng.below(n) {
            let a = Cell::from_index(rng.below(n * n), n);
            let b = Cell::from_index(rng.below(n * n), n);
            if a != b {
                k.sum.pairs.push(SumPair {
                    cells: [a, b],
                    value: at(a) + at(b),
                });
            }
        }
        return spec;
    }
    if kind == "extremes" {
        for p in 0..n * n {
            let a = Cell::from_index(p, n);
            let around: Vec<u32> = [(0, 1), (2, 1), (1, 0), (1, 2)]
                .iter()
                .filter(|&&(r, c)| {
                    a.row + r >= 1 && a.col + c >= 1 && a.row + r <= n && a.col + c <= n
                })
                .map(|&(r, c)| {
                    at(Cell {
                        row: a.row + r - 1,
                        col: a.col + c - 1,
                    })
                })
                .collect();
            if around.iter().all(|&e| e > at(a)) && rng.below(2) == 0 {
                k.extremes.minimum.push(a);
            } else if around.iter().all(|&e| e < at(a)) && rng.below(2) == 0 {
                k.extremes.maximum.push(a);
            }
        }
        return spec;
    }
    if kind == "parity" {
        for p in 0..n * n {
            let a = Cell::from_index(p, n);
            if rng.below(4) == 0 {
                k.parity.add(a, at(a) % 2 == 1);
            }
        }
        return spec;
    }
    for p in 0..n * n {
        let a = Cell::from_index(p, n);
        for b in [
            Cell {
                row: a.row,
                col: a.col + 1,
            },
            Cell {
                row: a.row + 1,
                col: a.col,
            },
        ] {
            if b.row >= n || b.col >= n || rng.below(3) != 0 {
                continue;
            }
            let (d, e) = (at(a), at(b));
            let cells = [a, b];
            match kind {
                "xv" if d + e == 5 || d + e == 10 => k.xv.marks.push(XvMark {
                    cells,
                    x: d + e == 10,
                }),
                "xv" => {}
                _ if d.max(e) % d.min(e) == 0 && rng.below(2) == 0 => k.kropki.black.push(Dot {
                    cells,
                    value: d.max(e) / d.min(e),
                }),
                _ => k.kropki.white.push(Dot {
                    cells,
                    value: d.abs_diff(e),
                }),
            }
        }
    }
    if kind == "xv" {
        k.xv.negative = rng.below(2) == 0;
        return spec;
    }
    k.kropki.non_consecutive = rng.below(3) == 0;
    k.kropki.negative_ratio = rng.below(3) == 0;
    k.kropki.negative_difference = rng.below(4) == 0;
    spec
}

/// Double arrows cut from a solution of the plain rules: two ends and cells between them
/// whose digits add up to the ends' sum (digits may repeat).
fn double_arrows(base: Spec, n: usize, rng: &mut Rng, seed: u64) -> (Rules, Option<Grid>) {
    use sudokux::sudoku::rules::lines::line::Line;
    let plain = Rules::new(base.clone()).unwrap();
    let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
    let digit = |p: usize| u32::from(solution.cells()[p]);
    let mut lines = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        let (a, b) = (order[0], order[1]);
        let target = digit(a) + digit(b);
        let mut cells = vec![Cell::from_index(a, n)];
        let mut sum = 0;
        for &p in &order[2..] {
            if sum + digit(p) <= target {
                sum += digit(p);
                cells.push(Cell::from_index(p, n));
            }
        }
        cells.push(Cell::from_index(b, n));
        if sum == target {
            lines.push(Line::new(cells));
        }
    }
    let spec = base.with(|c| c.doublearrow.lines = lines);
    (Rules::new(spec).unwrap(), Some(solution))
}

/// Outside clues (`kind`: `sandwichsum`, `xsum` or `skyscraper`) read off a solution of the
/// plain rules: random places beside the grid, each with the value its line shows, and
/// at times one value changed (which the solution then breaks).
fn outside_clues(
    kind: &str,
    base: Spec,
    n: usize,
    rng: &mut Rng,
    seed: u64,
) -> (Rules, Option<Grid>) {
    use sudokux::sudoku::rules::outside::clues::{OutsideClue, OutsideKind};
    use sudokux::sudoku::rules::outside::{
        sandwichsum::Sandwich, skyscraper::Skyscraper, xsum::XSum,
    };
    let plain = Rules::new(base.clone()).unwrap();
    let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
    let mut clues = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let k = 1 + rng.below(n);
        let place = match rng.below(4) {
            0 => Place { row: 0, col: k },
            1 => Place { row: n + 1, col: k },
            2 => Place { row: k, col: 0 },
            _ => Place { row: k, col: n + 1 },
        };
        let mut clue = OutsideClue {
            clue: place,
            value: 0,
        };
        let digits: Vec<u8> = clue
            .cells(n)
            .unwrap()
            .iter()
            .map(|c| solution.get(c.row, c.col))
            .collect();
        // The value the line shows: the one value the rule from its meaning accepts.
        let holds = |value: i64| match kind {
            "sandwichsum" => Sandwich::holds(n, value, &digits).is_ok(),
            "xsum" => XSum::holds(n, value, &digits).is_ok(),
            _ => Skyscraper::holds(n, value, &digits).is_ok(),
        };
        clue.value = (0..=(n * n) as i64).find(|&v| holds(v)).unwrap();
        clues.push(clue);
    }
    let spec = |clues: Vec<OutsideClue>| {
        base.clone().with(|c| match kind {
            "sandwichsum" => c.sandwichsum.clues = clues,
            "xsum" => c.xsum.clues = clues,
            _ => c.skyscraper.clues = clues,
        })
    };
    // At times one value one less, where the rules and the empty grid take it.
    let mut changed = clues.clone();
    changed[0].value -= 1;
    let taken = Rules::new(spec(changed.clone()))
        .is_ok_and(|rules| rules.check_givens(&rules.empty_grid()).is_ok());
    let spec = if taken && rng.below(5) == 0 {
        spec(changed)
    } else {
        spec(clues)
    };
    let rules = Rules::new(spec).unwrap();
    let solution = engine_solution(&rules, seed);
    (rules, solution)
}
