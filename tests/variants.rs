//! Every rule, cross-checked: the exact-cover solver against the reference backtracker on
//! random small instances (4x4 and 6x6 grids, random jigsaw regions, random cages, random
//! extra units, small samurai), with every solution checked by the independent validator;
//! and real puzzles of each kind from `examples/`.

use crate::common;

use common::{checked_count, instance, kinds, puzzle_from};
use proptest::prelude::*;
use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::{validate, Backtracker, Engine, Grid, Rules, Solver, Spec};
use sudokux::xc::{Budget, Watch};

const LIMIT: u128 = 30;

/// A random instance of `kind` (see [`instance`]) and a puzzle: `share` percent of its
/// solution's cells as givens (the solution checked by the validator), or the empty grid when
/// no solution was found.
fn instance_puzzle(kind: &str, seed: u64, share: usize) -> (Rules, Option<Grid>, Grid) {
    let (rules, solution) = instance(kind, seed);
    let puzzle = match &solution {
        Some(solution) => {
            validate(&rules, &rules.empty_grid(), solution).unwrap();
            puzzle_from(solution, rules.cell_count() * share / 100, seed)
        }
        None => rules.empty_grid(),
    };
    (rules, solution, puzzle)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_agrees_with_the_backtracker_on_every_rule(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
        share in 0usize..=100,
    ) {
        let (rules, solution, puzzle) = instance_puzzle(kind, seed, share);
        let dlx = checked_count(&mut Solver::new(rules.clone()), &puzzle, LIMIT);
        let reference = checked_count(&mut Backtracker::new(rules.clone()), &puzzle, LIMIT);
        prop_assert_eq!(dlx, reference, "kind {} puzzle {}", kind, puzzle);
        if solution.is_some() {
            prop_assert!(dlx.0 >= 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// With locked candidates on the matrix (item domination) on every rule, including those
    /// encoded with colors: the same counts as the backtracker, by enumeration and by counts
    /// on one thread or two (with the memory of subproblems when the count goes on).
    #[test]
    fn item_domination_agrees_with_the_backtracker_on_every_rule(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
        share in 0usize..=100,
        max in prop_oneof![Just(2u32), Just(3), Just(u32::MAX)],
        threads in 1usize..=2,
    ) {
        let (rules, _, puzzle) = instance_puzzle(kind, seed, share);
        let mut solver = Solver::new(rules.clone()).with_domination(Some(max));
        let reduced = checked_count(&mut solver, &puzzle, LIMIT);
        let reference = checked_count(&mut Backtracker::new(rules.clone()), &puzzle, LIMIT);
        prop_assert_eq!(reduced, reference, "kind {} puzzle {}", kind, puzzle);
        let counted = Solver::new(rules.clone())
            .with_domination(Some(max))
            .with_symmetry(false)
            .count_threads(&puzzle, Some(LIMIT), threads)
            .unwrap();
        prop_assert_eq!((counted.count, counted.complete), reference);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Sparse puzzles, where counts take the digits no given uses as interchangeable (on rules
    /// that allow it): the same count, up to a limit, as the backtracker's enumeration and as
    /// the solver's plain count, on one thread or two.
    #[test]
    fn counts_by_interchangeable_digits_agree_with_the_backtracker(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
        share in 0usize..=40,
        threads in 1usize..=2,
        limit in 1u128..=300,
    ) {
        let (rules, _, puzzle) = instance_puzzle(kind, seed, share);
        let watch = Watch::new();
        let relabelled = Solver::new(rules.clone())
            .count_bounded(&puzzle, Some(limit), threads, &watch, Budget::UNLIMITED)
            .unwrap();
        let plain = Solver::new(rules.clone())
            .with_symmetry(false)
            .count_threads(&puzzle, Some(limit), threads)
            .unwrap();
        let reference = checked_count(&mut Backtracker::new(rules.clone()), &puzzle, limit);
        prop_assert_eq!((relabelled.count, relabelled.complete), reference, "kind {} puzzle {}", kind, puzzle);
        prop_assert_eq!((plain.count, plain.complete), reference);
        prop_assert!(relabelled.count <= limit);
        // What the watch saw is the count, not the count of classes.
        prop_assert!(u128::from(watch.solutions()) >= relabelled.count.min(u128::from(u64::MAX)));
    }
}

/// Every filled 6x6 grid, both box shapes, counted in full: the empty grid's digits are all
/// interchangeable, so one grid in 720 is searched.
#[test]
fn every_filled_6x6_grid_counts_by_interchangeable_digits() {
    for (rows, cols) in [(2, 3), (3, 2)] {
        let rules = Rules::with_boxes(rows, cols).unwrap();
        let empty = rules.empty_grid();
        for threads in [1, 2] {
            let watch = Watch::new();
            let answer = Solver::new(rules.clone())
                .count_watched(&empty, None, threads, &watch)
                .unwrap();
            assert!(answer.complete);
            assert_eq!(answer.count, 28_200_960);
            assert_eq!(watch.solutions(), 28_200_960);
            assert_eq!(watch.explored(), 1.0);
            // A plain count visits every grid: far more nodes.
            assert!(
                answer.stats.nodes < 1_000_000,
                "{} nodes",
                answer.stats.nodes
            );
        }
        // A limit below the count: stopped there, a lower bound.
        let limited = Solver::new(rules.clone())
            .count_threads(&empty, Some(1_000_000), 2)
            .unwrap();
        assert_eq!((limited.count, limited.complete), (1_000_000, false));
        // A budget that runs out: cut short, a lower bound below the count (the count by
        // bands finishes within a few hundred nodes, so the budget is a handful).
        let bounded = Solver::new(rules.clone())
            .count_bounded(&empty, None, 1, &Watch::new(), Budget::nodes(5))
            .unwrap();
        assert!(bounded.cut_short(None));
        assert!(bounded.count < 28_200_960 && bounded.count % 720 == 0);
    }
    // Two digits given in row 1: the other four are interchangeable, 24 classes a puzzle.
    let rules = Rules::with_boxes(2, 3).unwrap();
    let mut puzzle = rules.empty_grid();
    puzzle.set(0, 0, 1);
    puzzle.set(0, 1, 2);
    let by_classes = Solver::new(rules.clone())
        .count_threads(&puzzle, None, 2)
        .unwrap();
    let plain = Solver::new(rules.clone())
        .with_symmetry(false)
        .count_threads(&puzzle, None, 2)
        .unwrap();
    assert_eq!(by_classes.count, plain.count);
    assert_eq!(by_classes.count, 28_200_960 / 30);
}

/// A long count by classes (an empty 9x9 grid) stopped through its watch from another
/// thread: a lower bound, a whole number of classes, and the watch saw it all.
#[test]
fn a_count_by_classes_stops_when_its_watch_asks() {
    // The diagonals keep the digits interchangeable but not the bands (an empty classic grid
    // is counted by bands instead, which counts nothing until its top band is done).
    let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonals = true)).unwrap();
    let empty = rules.empty_grid();
    let watch = Watch::new();
    let answer = std::thread::scope(|scope| {
        let count = scope.spawn(|| {
            Solver::new(rules.clone())
                .count_watched(&empty, None, 2, &watch)
                .unwrap()
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        watch.stop();
        count.join().unwrap()
    });
    assert!(answer.cut_short(None));
    assert!(
        answer.count > 0 && answer.count % 362_880 == 0,
        "{}",
        answer.count
    );
    assert_eq!(u128::from(watch.solutions()), answer.count);
    assert!(watch.nodes() >= answer.stats.nodes);
}

/// 36 digits and more: the classes of an empty grid (36! solutions each) pass what a count
/// holds, so the count is a plain one, bounded here.
#[test]
fn too_many_interchangeable_digits_count_plainly() {
    let rules = Rules::with_boxes(6, 6).unwrap();
    let answer = Solver::new(rules.clone())
        .count_bounded(
            &rules.empty_grid(),
            None,
            1,
            &Watch::new(),
            Budget::nodes(3000),
        )
        .unwrap();
    assert!(answer.cut_short(None));
    assert!(answer.stats.nodes <= 3000);
}

#[test]
fn every_filled_4x4_and_twodoku_counts() {
    // 288 filled 4x4 grids; two 4x4 grids sharing a 2x2 box: 288 * (288 / 24 * 2)... counted
    // by both engines instead of by formula.
    for spec in [
        Spec::new(4),
        Spec {
            grids: vec![(0, 0), (2, 2)],
            ..Spec::new(4)
        },
    ] {
        let rules = Rules::new(spec).unwrap();
        let empty = rules.empty_grid();
        let a = Solver::new(rules.clone()).count(&empty, None).unwrap();
        let b = Backtracker::new(rules.clone()).count(&empty, None).unwrap();
        assert!(a.complete && b.complete);
        assert_eq!(a.count, b.count);
        if rules.grids().len() == 1 {
            assert_eq!(a.count, 288);
        } else {
            // Once the shared box is filled (24 ways), each grid completes in 288 / 24 ways.
            assert_eq!(a.count, 24 * 12 * 12);
        }
    }
}

/// Every example puzzle file: solved, unique, its solution valid; the backtracker agrees
/// where it is fast enough.
#[test]
fn example_puzzles_of_every_kind() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let text = || std::fs::read_to_string(&path).unwrap();
        let file = match path.extension().and_then(|e| e.to_str()) {
            Some("toml") => from_toml(&text()),
            Some("json") => from_json(&text()),
            _ => continue,
        }
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut solver = Solver::new(file.rules.clone());
        let answer = solver.enumerate(&file.givens, Some(2), 2).unwrap();
        assert_eq!(answer.count, 1, "{} is not unique", path.display());
        validate(&file.rules, &file.givens, &answer.solutions[0]).unwrap();
        let expected = path.with_extension("solution");
        let expected = std::fs::read_to_string(&expected)
            .unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
        assert_eq!(
            file.rules.format_line(&answer.solutions[0]),
            expected.trim(),
            "{}",
            path.display()
        );
        let single = file.rules.grids().len() == 1;
        // The reference judges X-sums and skyscrapers only on nearly full lines: too slow on
        // 9x9 (the random instances cross-check them on 4x4 and 6x6).
        let constraints = &file.rules.spec().constraints;
        let slow = !constraints.xsum.clues.is_empty() || !constraints.skyscraper.clues.is_empty();
        if single
            && file.rules.size() <= 9
            && !file.rules.spec().constraints.kropki.non_consecutive
            && !slow
        {
            let mut backtracker = Backtracker::new(file.rules.clone());
            let reference = backtracker.enumerate(&file.givens, Some(2), 2).unwrap();
            assert_eq!(reference.solutions, answer.solutions, "{}", path.display());
        }
        seen += 1;
    }
    assert!(seen >= 15, "only {seen} example puzzles");
}

/// Large grids, up to 64x64: a patterned solution with 35% of its cells emptied is solved, and the
/// solution is valid.
#[test]
fn grids_up_to_64x64() {
    for (box_rows, box_cols) in [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (3, 5)] {
        let n = box_rows * box_cols;
        let rules = Rules::with_boxes(box_rows, box_cols).unwrap();
        // The classic pattern: each row shifts the previous one by a box width, each band by
        // one more.
        let cells: Vec<u8> = (0..n * n)
            .map(|p| {
                let (r, c) = (p / n, p % n);
                ((box_cols * (r % box_rows) + r / box_rows + c) % n + 1) as u8
            })
            .collect();
        let solution = Grid::from_cells(n, cells).unwrap();
        validate(&rules, &rules.empty_grid(), &solution).unwrap();
        let puzzle = puzzle_from(&solution, n * n * 13 / 20, n as u64);
        let (found, stats) = Solver::new(rules.clone()).solve_first(&puzzle).unwrap();
        let found = found.unwrap_or_else(|| panic!("{n}x{n}: no solution"));
        validate(&rules, &puzzle, &found).unwrap();
        let empty = n * n - n * n * 13 / 20;
        assert!(
            stats.nodes >= empty as u64,
            "{n}x{n}: every empty cell is a choice"
        );
    }
}

/// A random instance of `kind` and givens for it: a third of its solution's cells, or none
/// where the instance has no solution to take them from.
fn random_puzzle(kind: &str, seed: u64) -> (Rules, Grid) {
    let (rules, solution) = instance(kind, seed);
    let givens = match &solution {
        Some(solution) => puzzle_from(solution, rules.cell_count() / 3, seed),
        None => rules.empty_grid(),
    };
    (rules, givens)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every random instance of every kind that f-puzzles can hold reads back from the
    /// f-puzzles JSON it exports as the same rules and givens; the rest is refused saying
    /// what f-puzzles cannot hold (windoku, several grids), never written without it.
    #[test]
    fn every_random_instance_round_trips_through_f_puzzles(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
    ) {
        use sudokux::sudoku::file::PuzzleFile;
        use sudokux::sudoku::fpuzzles::{self, ExportError};
        let (rules, givens) = random_puzzle(kind, seed);
        let file = PuzzleFile { rules, givens, meta: Default::default() };
        match fpuzzles::to_json(&file) {
            Ok(json) => {
                let back = fpuzzles::from_json(&json.to_string())
                    .unwrap_or_else(|e| panic!("{kind}: the JSON written is refused: {e}\n{json}"))
                    .file;
                // The same grid, houses and rules (a box shape left to its default reads
                // back as named, regions under other labels).
                let houses = |rules: &Rules| {
                    let mut cells: Vec<Vec<usize>> =
                        rules.units().iter().map(|unit| unit.cells.clone()).collect();
                    cells.sort();
                    (rules.size(), cells)
                };
                prop_assert_eq!(houses(&back.rules), houses(&file.rules), "{}: {}", kind, json);
                prop_assert_eq!(
                    back.rules.constraints(), file.rules.constraints(), "{}: {}", kind, json
                );
                prop_assert_eq!(&back.givens, &file.givens, "{}: {}", kind, json);
            }
            Err(ExportError::Rules(what) | ExportError::Shape(what)) => {
                prop_assert!(!what.is_empty(), "{}", kind);
            }
            Err(other) => panic!("{kind}: {other}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every random instance of every kind, families and shapes alike, reads back from the
    /// puzzle file it writes: `from_toml(to_toml(rules))` gives the same rules. (`Rules::new`
    /// takes lines whose cells are not king steps apart, which `from_toml` refuses: the
    /// double arrows and zipper lines of `Family::random` were such lines.)
    #[test]
    fn every_random_instance_round_trips_through_toml(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
    ) {
        let (rules, givens) = random_puzzle(kind, seed);
        let text = sudokux::sudoku::file::to_toml(&rules, &givens);
        let back = from_toml(&text)
            .unwrap_or_else(|e| panic!("{kind}: the file written is refused: {e}\n{text}"));
        prop_assert_eq!(&back.rules, &rules, "{}: {}", kind, text);
        prop_assert_eq!(&back.givens, &givens, "{}: {}", kind, text);
    }
}

/// An X-sum clue that no line of different digits makes (7 on a 4x4: digits that repeat
/// could, 3 + 1 + 3) is refused as the rules are read, with an error naming the clue: neither
/// engine ever sees it, so they cannot answer it differently.
#[test]
fn a_clue_no_digits_make_is_refused_as_the_rules_are_read() {
    let error = from_toml("size = 4\n[[xsum]]\ncell = \"r1c0\"\nvalue = 7\n")
        .unwrap_err()
        .to_string();
    assert!(error.contains("make the clue 7"), "{error}");
    assert!(error.starts_with("X-sum 1:"), "{error}");
    // The same clue of a value some line makes is read.
    assert!(from_toml("size = 4\n[[xsum]]\ncell = \"r1c0\"\nvalue = 6\n").is_ok());
}

/// Clues that each hold on some line but not all together: two sandwiches facing row 5 from
/// both ends with different sums, two at one place, and three X-sums the 6x6's units cannot
/// all take. Both engines answer none, the reference within a few thousand nodes (it judges
/// the clues of a line together; alone, each clue let every line through and it tried every
/// grid).
#[test]
fn clues_that_cannot_hold_together_are_answered_none_at_once() {
    let files = [
        "size = 6\nbox = \"2x3\"\n[[sandwichsum]]\ncell = \"r5c0\"\nvalue = 5\n\
         [[sandwichsum]]\ncell = \"r5c7\"\nvalue = 6\n",
        "size = 6\nbox = \"2x3\"\n[[sandwichsum]]\ncell = \"r5c7\"\nvalue = 5\n\
         [[sandwichsum]]\ncell = \"r5c7\"\nvalue = 6\n",
        "size = 6\nbox = \"2x3\"\n[[xsum]]\ncell = \"r6c7\"\nvalue = 20\n\
         [[xsum]]\ncell = \"r5c7\"\nvalue = 15\n[[xsum]]\ncell = \"r1c7\"\nvalue = 18\n",
    ];
    for text in files {
        let file = from_toml(text).unwrap();
        let budget = Budget {
            max_nodes: Some(20_000),
            ..Budget::UNLIMITED
        };
        let reference = Backtracker::new(file.rules.clone())
            .count_bounded(&file.givens, Some(2), 1, &Watch::new(), budget)
            .unwrap();
        assert_eq!((reference.count, reference.complete), (0, true), "{text}");
        let dlx = Solver::new(file.rules.clone())
            .count(&file.givens, Some(2))
            .unwrap();
        assert_eq!((dlx.count, dlx.complete), (0, true), "{text}");
    }
}

/// Every family of the library's list makes random instances of itself that say something
/// (a family whose hook gave an empty family would leave it out of every property test), and
/// some keep the plain solution they were cut from or have solutions of their own (on 4x4
/// grids, an anti-king rule alone has none).
#[test]
fn every_family_makes_random_instances_that_say_something() {
    use sudokux::sudoku::rules::Constraints;
    for family in Constraints::FAMILIES {
        let (mut said, mut solved) = (0, 0);
        for seed in 0..20 {
            let (rules, solution) = instance(family, seed);
            said += usize::from(rules.constraints() != &Constraints::default());
            solved += usize::from(solution.is_some());
        }
        assert!(said >= 15, "{family}: {said} of 20 instances say something");
        assert!(
            solved >= 5,
            "{family}: {solved} of 20 instances have a solution"
        );
    }
}

/// The round trip above checks something for every kind but overlapping grids: each exports
/// to f-puzzles for most seeds (disjoint groups on jigsaw regions and box indexers on them
/// are refused, saying so).
#[test]
fn every_kind_but_overlapping_grids_exports_to_f_puzzles() {
    use sudokux::sudoku::file::PuzzleFile;
    use sudokux::sudoku::fpuzzles;
    for kind in kinds() {
        let exported = (0..20)
            .filter(|&seed| {
                let (rules, _) = instance(kind, seed);
                let givens = rules.empty_grid();
                fpuzzles::to_json(&PuzzleFile {
                    rules,
                    givens,
                    meta: Default::default(),
                })
                .is_ok()
            })
            .count();
        if kind == "samurai" {
            assert_eq!(exported, 0);
        } else {
            assert!(exported >= 10, "{kind}: {exported} of 20 exported");
        }
    }
}
