//! Helpers shared by the integration tests: test data, and small generators.
#![allow(dead_code)]

pub mod lines;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sudokux::sudoku::rules::{Constraints, Sample};
use sudokux::sudoku::{validate, Engine, Grid, Rules, Spec};

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
/// found. A family's instance is the family's own ([`Constraints::random`], which each family
/// file makes) on a 4x4 or 6x6 grid, cut from a solution of the plain rules; that solution is
/// kept when the independent validator takes it, else the solver looks for one.
///
/// # Panics
///
/// For a kind not in [`kinds`].
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
        "mix" => with(base.with(|c| {
            c.grid_units.diagonals = rng.below(2) == 0;
            c.chess.anti_king = rng.below(3) == 0;
            c.kropki.non_consecutive = rng.below(4) == 0;
            c.chess.anti_knight = rng.below(3) == 0;
            c.grid_units.disjoint_groups = rng.below(3) == 0;
        })),
        family => {
            let (rules, solution) = family_instance(family, base, seed);
            let kept = validate(&rules, &rules.empty_grid(), &solution).is_ok();
            let solution = if kept {
                Some(solution)
            } else {
                engine_solution(&rules, seed)
            };
            (rules, solution)
        }
    }
}

/// The rules of `base` with a random instance of `family` (one of
/// [`Constraints::FAMILIES`]), made by the family ([`Constraints::random`]) from a solution of
/// `base`'s plain rules, and that solution (which the instance may break).
///
/// # Panics
///
/// When no family is called `family`.
pub fn family_instance(family: &str, base: Spec, seed: u64) -> (Rules, Grid) {
    let plain = Rules::new(base.clone()).unwrap();
    let solution = engine_solution(&plain, seed).expect("plain grids have solutions");
    let mut sample = Sample::new(plain.geometry(), &solution, seed.rotate_left(29));
    let constraints = Constraints::random(family, &mut sample)
        .unwrap_or_else(|| panic!("no kind of random instance is called {family:?}"));
    let rules = Rules::new(Spec {
        constraints,
        ..base
    })
    .unwrap_or_else(|e| panic!("a random instance of {family} is refused: {e}"));
    (rules, solution)
}
