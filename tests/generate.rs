//! `sudokux generate` and the generator behind it: puzzles are unique (by both engines),
//! minimal when asked, symmetric, reproducible from a seed whatever the thread count, and
//! readable by `sudokux check`.

use crate::common;

use std::process::Output;

use sudokux::sudoku::generate::{Generator, Settings, Symmetry};
use sudokux::sudoku::{validate, Backtracker, Engine, Grid, Rules, Solver, Spec};

use common::sudokux;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn ok(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    stdout(output)
}

fn generator(spec: Spec, settings: impl FnOnce(&mut Settings)) -> Generator {
    let mut s = Settings::default();
    settings(&mut s);
    Generator::new(spec, s).unwrap()
}

/// Counts with both engines (the reference backtracker only where it is quick) and checks the
/// solution with the validator.
fn assert_unique(rules: &Rules, puzzle: &Grid, solution: &Grid, backtrack: bool) {
    let mut solver = Solver::new(rules.clone());
    let answer = solver.enumerate(puzzle, Some(2), 1).unwrap();
    assert_eq!(answer.count, 1, "{puzzle}");
    assert_eq!(&answer.solutions[0], solution);
    if backtrack {
        let mut reference = Backtracker::new(rules.clone());
        assert_eq!(
            reference.count(puzzle, Some(2)).unwrap().count,
            1,
            "{puzzle}"
        );
    }
    validate(rules, puzzle, solution).unwrap();
    for &p in rules.cells() {
        let d = puzzle.cells()[p];
        assert!(
            d == 0 || d == solution.cells()[p],
            "a given differs from the solution"
        );
    }
}

#[test]
fn puzzles_are_unique_by_both_engines_and_their_solutions_valid() {
    let shapes: [(Spec, bool); 4] = [
        (Spec::new(4), true),
        (
            Spec {
                box_shape: Some((2, 3)),
                ..Spec::new(6)
            },
            true,
        ),
        (
            Spec {
                box_shape: Some((3, 2)),
                ..Spec::new(6)
            },
            true,
        ),
        (Spec::new(9), true),
    ];
    for (spec, backtrack) in shapes {
        let generator = generator(spec, |_| {});
        for k in 1..=8 {
            let made = generator.generate(2024, k).unwrap();
            assert_unique(&made.rules, &made.puzzle, &made.solution, backtrack);
            assert_eq!(made.givens, made.puzzle.filled());
        }
    }
}

#[test]
fn variants_are_unique_by_both_engines() {
    let variants = [
        Spec::new(9).with(|c| c.grid_units.diagonals = true),
        Spec::new(9).with(|c| c.grid_units.windoku = true),
        Spec::new(9).with(|c| c.chess.anti_knight = true),
        Spec::new(9).with(|c| c.chess.anti_king = true),
        Spec::new(9).with(|c| c.kropki.non_consecutive = true),
        Spec::new(6).with(|c| c.grid_units.diagonals = true),
        Spec::new(6).with(|c| c.chess.anti_king = true),
    ];
    for spec in variants {
        // Non-consecutive 9x9 puzzles are the slow ones for the reference backtracker (up to
        // ten seconds each in the test build): one of them here; `tests/variants.rs` checks
        // the rule against the backtracker on random small grids.
        let seeds = if spec.constraints.kropki.non_consecutive {
            2..=2
        } else {
            1..=3
        };
        let generator = generator(spec, |_| {});
        for k in seeds {
            let made = generator.generate(5, k).unwrap();
            assert_unique(&made.rules, &made.puzzle, &made.solution, true);
        }
    }
    let jigsaw = generator(Spec::new(6), |s| s.jigsaw = true);
    let killer = generator(Spec::new(6), |s| s.killer = true);
    for k in 1..=4 {
        for made in [
            jigsaw.generate(8, k).unwrap(),
            killer.generate(8, k).unwrap(),
        ] {
            assert_unique(&made.rules, &made.puzzle, &made.solution, true);
        }
    }
    // A small multi-grid layout: two 4x4 grids sharing a box.
    let twins = generator(
        Spec {
            grids: vec![(0, 0), (2, 2)],
            ..Spec::new(4)
        },
        |_| {},
    );
    for k in 1..=4 {
        let made = twins.generate(1, k).unwrap();
        assert_unique(&made.rules, &made.puzzle, &made.solution, true);
    }
}

/// Where a symmetry sends a position of an `n`x`n` grid, written here from the definitions.
fn mapped(symmetry: Symmetry, n: usize, p: usize) -> usize {
    let (r, c) = (p / n, p % n);
    let (r, c) = match symmetry {
        Symmetry::None => (r, c),
        Symmetry::Rot180 => (n - 1 - r, n - 1 - c),
        Symmetry::Rot90 => (c, n - 1 - r),
        Symmetry::Mirror => (r, n - 1 - c),
        Symmetry::Diagonal => (c, r),
    };
    r * n + c
}

/// Whether taking away any single given leaves several solutions.
fn is_minimal(rules: &Rules, puzzle: &Grid) -> bool {
    is_minimal_for(rules, puzzle, Symmetry::None)
}

/// Whether taking away any orbit of givens under `symmetry` leaves several solutions.
fn is_minimal_for(rules: &Rules, puzzle: &Grid, symmetry: Symmetry) -> bool {
    let mut solver = Solver::new(rules.clone());
    let n = rules.cols();
    rules.cells().iter().all(|&p| {
        if puzzle.cells()[p] == 0 {
            return true;
        }
        let mut less = puzzle.clone();
        let mut q = p;
        for _ in 0..4 {
            less.set(q / n, q % n, 0);
            q = mapped(symmetry, n, q);
        }
        solver.count(&less, Some(2)).unwrap().count >= 2
    })
}

#[test]
fn symmetric_puzzles_are_symmetric_and_minimal_ones_are_minimal() {
    for symmetry in Symmetry::ALL {
        for minimal in [false, true] {
            let generator = generator(Spec::new(9), |s| {
                s.symmetry = symmetry;
                s.minimal = minimal;
            });
            for k in 1..=3 {
                let made = generator.generate(77, k).unwrap();
                assert_unique(&made.rules, &made.puzzle, &made.solution, false);
                let cells = made.puzzle.cells();
                for p in 0..81 {
                    let q = mapped(symmetry, 9, p);
                    assert_eq!(
                        cells[p] == 0,
                        cells[q] == 0,
                        "{symmetry}: {} and {q} of {}",
                        p,
                        made.puzzle
                    );
                }
                if minimal {
                    assert!(
                        is_minimal_for(&made.rules, &made.puzzle, symmetry),
                        "{symmetry}: {}",
                        made.puzzle
                    );
                }
            }
        }
    }
}

#[test]
fn without_symmetry_one_pass_is_already_minimal() {
    // Removals only ever add solutions, so a removal refused once stays refused.
    let generator = generator(Spec::new(9), |_| {});
    for k in 1..=5 {
        let made = generator.generate(3, k).unwrap();
        assert!(is_minimal(&made.rules, &made.puzzle), "{}", made.puzzle);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let one = ok(&sudokux(
        &["generate", "--count", "12", "--seed", "99", "--jobs", "1"],
        "",
    ));
    let two = ok(&sudokux(
        &["generate", "--count", "12", "--seed", "99", "--jobs", "2"],
        "",
    ));
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 12);
    let other = ok(&sudokux(
        &["generate", "--count", "12", "--seed", "100"],
        "",
    ));
    assert_ne!(one, other);
    // Puzzle k depends on the seed and k alone: the first of twelve is the first of one.
    let first = ok(&sudokux(&["generate", "--seed", "99", "--quiet"], ""));
    assert_eq!(first.lines().next(), one.lines().next());
}

#[test]
fn generate_piped_into_check_is_unique_for_every_line_rule_set() {
    let cases: [&[&str]; 9] = [
        &[],
        &["--size", "4"],
        &["--box", "2x3"],
        &["--box", "3x2"],
        &["--diagonals"],
        &["--windoku"],
        &["--anti-king"],
        // Two rules at once. Non-consecutive puzzles are slow to make (about a second each in
        // the test build with anti-king beside it, three alone): with anti-knight, a quarter.
        &["--anti-knight", "--non-consecutive"],
        &["--size", "16", "--symbols", "hex"],
    ];
    for flags in cases {
        // Lines asked for: they carry no rules, so check is given the same flags.
        let mut args = vec!["generate", "--count", "4", "--seed", "11", "--quiet"];
        args.extend_from_slice(&["--format", "line"]);
        args.extend_from_slice(flags);
        let puzzles = ok(&sudokux(&args, ""));
        assert_eq!(puzzles.lines().count(), 4, "{flags:?}");
        let mut check = vec!["check"];
        check.extend_from_slice(flags);
        let checked = ok(&sudokux(&check, &puzzles));
        assert_eq!(checked, "unique\n".repeat(4), "{flags:?}: {puzzles}");
    }
}

#[test]
fn rules_a_line_cannot_say_are_written_in_a_puzzle_file() {
    // Each of these reads back as another puzzle from a bare line: the file keeps the rule,
    // and check needs no flag.
    let cases: [&[&str]; 5] = [
        &["--anti-knight"],
        &["--diagonals"],
        &["--box", "3x2"],
        &["--size", "16", "--symbols", "hex"],
        &["--windoku", "--anti-king"],
    ];
    for flags in cases {
        let mut args = vec!["generate", "--seed", "5", "--quiet"];
        args.extend_from_slice(flags);
        let file = ok(&sudokux(&args, ""));
        assert!(file.contains("givens = "), "{flags:?}: {file}");
        let checked = sudokux(&["check"], &file);
        assert_eq!(ok(&checked), "unique\n", "{flags:?}: {file}");
        assert_eq!(stderr(&checked), "", "{flags:?}");
        // Several need a folder, and the refusal says why and what else there is.
        let mut args = vec!["generate", "--seed", "5", "--count", "2"];
        args.extend_from_slice(flags);
        let refused = sudokux(&args, "");
        assert_eq!(refused.status.code(), Some(2), "{flags:?}");
        assert!(
            stderr(&refused).contains("puzzle lines do not carry the rules of")
                && stderr(&refused).contains("--dir DIR"),
            "{}",
            stderr(&refused)
        );
    }
    // Bare lines when asked for, with a note that says how to read them back.
    let output = sudokux(
        &["generate", "--anti-knight", "--format", "line", "--quiet"],
        "",
    );
    assert_eq!(ok(&output).len(), 82);
    assert_eq!(
        stderr(&output),
        "sudokux: note: puzzle lines do not carry the rules: read them back with the same \
         flags (sudokux check --anti-knight)\n"
    );
    // Classic rules of any size stay lines, read back without flags.
    for flags in [&["--size", "4"][..], &["--box", "2x3", "--size", "6"], &[]] {
        let mut args = vec!["generate", "--seed", "5", "--quiet", "--count", "2"];
        args.extend_from_slice(flags);
        let lines = ok(&sudokux(&args, ""));
        assert_eq!(lines.lines().count(), 2, "{flags:?}");
        assert_eq!(ok(&sudokux(&["check"], &lines)), "unique\n".repeat(2));
    }
}

#[test]
fn a_givens_target_is_reached_and_kept() {
    let puzzles = ok(&sudokux(
        &["generate", "--count", "5", "--seed", "4", "--givens", "30"],
        "",
    ));
    for line in puzzles.lines() {
        let givens = line.chars().filter(|&c| c != '.').count();
        assert_eq!(givens, 30, "{line}");
    }
    assert_eq!(ok(&sudokux(&["check"], &puzzles)), "unique\n".repeat(5));
    // Out of reach: the best found, with a note.
    let output = sudokux(&["generate", "--seed", "4", "--givens", "5", "--quiet"], "");
    assert!(
        stderr(&output).contains("the target of 5 givens was not reached"),
        "{}",
        stderr(&output)
    );
    assert_eq!(ok(&sudokux(&["check"], &stdout(&output))), "unique\n");
}

#[test]
fn minimal_and_symmetric_from_the_command_line() {
    let puzzles = ok(&sudokux(
        &[
            "generate",
            "--count",
            "3",
            "--seed",
            "8",
            "--symmetry",
            "rot90",
            "--minimal",
        ],
        "",
    ));
    let rules = Rules::classic();
    for line in puzzles.lines() {
        let puzzle = Grid::from_line(line).unwrap();
        assert!(is_minimal_for(&rules, &puzzle, Symmetry::Rot90), "{line}");
        for p in 0..81 {
            let q = mapped(Symmetry::Rot90, 9, p);
            assert_eq!(puzzle.cells()[p] == 0, puzzle.cells()[q] == 0, "{line}");
        }
    }
}

#[test]
fn rule_files_round_trip_through_check() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str]); 4] = [
        ("jigsaw", &["--jigsaw"]),
        ("killer", &["--killer"]),
        ("samurai", &["--layout", "samurai"]),
        ("twodoku", &["--layout", "twodoku", "--diagonals"]),
    ];
    // Seeds 7 and 8: a samurai puzzle takes about 0.1 s to make with these in the test build,
    // where some seeds take seconds (seed 6: ten).
    for (name, flags) in cases {
        let out = dir.path().join(name);
        let mut args = vec!["generate", "--count", "3", "--seed", "7", "--quiet"];
        args.extend_from_slice(flags);
        args.extend_from_slice(&["--dir", out.to_str().unwrap()]);
        assert_eq!(ok(&sudokux(&args, "")), "", "{name}: files only");
        let mut files: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.file_name().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(
            names,
            ["puzzle-0001.toml", "puzzle-0002.toml", "puzzle-0003.toml"],
            "{name}"
        );
        let mut check = vec!["check".to_string()];
        check.extend(files.iter().map(|f| f.display().to_string()));
        let check: Vec<&str> = check.iter().map(String::as_str).collect();
        assert_eq!(ok(&sudokux(&check, "")), "unique\n".repeat(3), "{name}");
        // One puzzle goes to stdout, and reads back from stdin.
        let mut args = vec!["generate", "--seed", "8", "--quiet"];
        args.extend_from_slice(flags);
        let text = ok(&sudokux(&args, ""));
        assert_eq!(
            ok(&sudokux(&["check"], &text)),
            "unique\n",
            "{name}:\n{text}"
        );
    }
}

#[test]
fn killer_puzzles_keep_their_cages() {
    let text = ok(&sudokux(
        &["generate", "--killer", "--seed", "2", "--quiet"],
        "",
    ));
    let file = sudokux::sudoku::file::from_toml(&text).unwrap();
    let cages = file.rules.spec().constraints.cage.cages.len();
    assert!(cages >= 81 / 5, "{cages} cages");
    let covered: usize = file
        .rules
        .spec()
        .constraints
        .cage
        .cages
        .iter()
        .map(|c| c.cells.len())
        .sum();
    assert_eq!(covered, 81, "every cell is in a cage");
}

#[test]
fn bad_usage_is_refused_with_a_reason() {
    let output = sudokux(
        &["generate", "--layout", "twodoku", "--symmetry", "mirror"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "sudokux: symmetry mirror does not fit the layout: it maps r1c1 to r1c15, outside every grid\n"
    );
    let output = sudokux(&["generate", "--jigsaw", "--count", "2"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--dir DIR"), "{}", stderr(&output));
    let output = sudokux(&["generate", "--minimal", "--givens", "30"], "");
    assert_eq!(output.status.code(), Some(2));
    let output = sudokux(&["generate", "--count", "0"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn rules_without_a_filled_grid_end_with_exit_code_1() {
    // Anti-king and non-consecutive leave a 4x4 no solution at all.
    let output = sudokux(
        &[
            "generate",
            "--size",
            "4",
            "--anti-king",
            "--non-consecutive",
            "--quiet",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("no puzzle found"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn difficulty_keeps_only_puzzles_of_that_grade() {
    use sudokux::sudoku::logic::{grade, Grade};
    let rules = Rules::classic();
    for (name, wanted) in [("easy", Grade::Easy), ("hard", Grade::Hard)] {
        let out = ok(&sudokux(
            &[
                "generate",
                "--count",
                "3",
                "--seed",
                "11",
                "--difficulty",
                name,
                "--quiet",
            ],
            "",
        ));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        for line in lines {
            let puzzle = Grid::from_line(line).unwrap();
            // Graded independently of the generator's filter, and proved unique.
            assert_eq!(grade(&rules, &puzzle).unwrap(), wanted, "{name}: {line}");
            let answer = Solver::new(rules.clone())
                .enumerate(&puzzle, Some(2), 1)
                .unwrap();
            assert_eq!(answer.count, 1, "{line}");
            assert!(validate(&rules, &puzzle, &answer.solutions[0]).is_ok());
        }
    }
    let bad = sudokux(&["generate", "--difficulty", "impossible"], "");
    assert_eq!(bad.status.code(), Some(2));
}
