//! Line constraints (thermometers, whispers, renban, between lines, ...): the lines each
//! family makes at random (`Family::random`) keep its rule as written here from its meaning
//! (`common::lines::keeps`), the solver and the reference backtracker count the same
//! solutions on them, and puzzle files and f-puzzles JSON read back what was written.

use crate::common;

use common::lines::{keeps, NAMES};
use common::{checked_count, family_instance, puzzle_from};
use proptest::prelude::*;
use sudokux::sudoku::file::{from_toml, to_toml};
use sudokux::sudoku::rules::fpuzzles_io::{FpReader, FpWriter};
use sudokux::sudoku::rules::Constraints;
use sudokux::sudoku::{validate, Backtracker, Cell, Engine, Grid, Rules, Solver, Spec};

/// A 4x4 grid, or a 6x6 one of 2x3 boxes.
fn base(six: bool) -> Spec {
    if six {
        Spec {
            box_shape: Some((2, 3)),
            ..Spec::new(6)
        }
    } else {
        Spec::new(4)
    }
}

/// The lines of family `family` in `rules`, read back from the puzzle file the rules write
/// (`[[family]]` tables): each line's digits in `solution`, and its number if it has one.
fn written_lines(rules: &Rules, family: &str, solution: &Grid) -> Vec<(Vec<u8>, Option<u32>)> {
    let file: toml::Table = to_toml(rules, &rules.empty_grid()).parse().unwrap();
    let Some(tables) = file.get(family) else {
        return Vec::new();
    };
    let line = |table: &toml::Value| {
        let cells = table["cells"].as_str().unwrap().split_whitespace();
        let cells = cells.map(|name| Cell::parse(name).unwrap());
        let digits = cells.map(|c| solution.get(c.row, c.col)).collect();
        let value = table.get("value").map(|v| v.as_integer().unwrap() as u32);
        (digits, value)
    };
    tables.as_array().unwrap().iter().map(line).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Each line family on random 4x4 and 6x6 grids: its random lines keep the rule as
    /// written here, and the solver and the reference backtracker count the same solutions,
    /// each checked by the validator.
    #[test]
    fn solver_agrees_with_the_backtracker_on_lines(
        family in proptest::sample::select(NAMES.to_vec()),
        seed in any::<u64>(),
        share in 0usize..=60,
        six in any::<bool>(),
    ) {
        let (rules, solution) = family_instance(family, base(six), seed);
        let n = rules.size();
        let lines = written_lines(&rules, family, &solution);
        prop_assume!(!lines.is_empty());
        for (digits, value) in &lines {
            let value = value.unwrap_or(n.div_ceil(2) as u32);
            prop_assert!(keeps(family, n, value, digits), "{} {:?}", family, digits);
        }
        validate(&rules, &rules.empty_grid(), &solution).unwrap();
        let puzzle = puzzle_from(&solution, rules.cell_count() * share / 100, seed);
        let dlx = checked_count(&mut Solver::new(rules.clone()), &puzzle, 30);
        let reference = checked_count(&mut Backtracker::new(rules.clone()), &puzzle, 30);
        prop_assert_eq!(dlx, reference, "family {} puzzle {}", family, puzzle);
        prop_assert!(dlx.0 >= 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn lines_round_trip_through_toml_and_fpuzzles(
        family in proptest::sample::select(NAMES.to_vec()),
        seed in any::<u64>(),
        six in any::<bool>(),
    ) {
        let (rules, _) = family_instance(family, base(six), seed);
        let n = rules.size();
        let givens = rules.empty_grid();

        let back = from_toml(&to_toml(&rules, &givens)).unwrap();
        prop_assert_eq!(back.rules.constraints(), rules.constraints());

        let mut out = FpWriter::new(n);
        rules.constraints().write_fpuzzles(&mut out);
        let (keys, negative) = out.finish();
        let reader = FpReader::new(n, &negative);
        let mut read = Constraints::default();
        for (key, value) in &keys {
            read.read_fpuzzles(reader.key(key, value)).expect("a key of some family").unwrap();
        }
        prop_assert_eq!(&read, rules.constraints());
    }
}

/// Puzzles with few givens, where the lines do most of the work (`tests/data/lines/`): the
/// solver proves each unique, with the known solution.
#[test]
fn hard_line_puzzles_are_unique() {
    let expected = std::fs::read_to_string(common::data("lines/lines.solution")).unwrap();
    for name in ["whispers", "entropicline", "betweenline"] {
        let text = std::fs::read_to_string(common::data(&format!("lines/{name}.toml"))).unwrap();
        let file = from_toml(&text).unwrap();
        let answer = Solver::new(file.rules.clone())
            .enumerate(&file.givens, Some(2), 2)
            .unwrap();
        assert_eq!(answer.count, 1, "{name}");
        validate(&file.rules, &file.givens, &answer.solutions[0]).unwrap();
        assert_eq!(
            file.rules.format_line(&answer.solutions[0]),
            expected.trim(),
            "{name}"
        );
    }
}

/// The line rules written here are rules of the library's families by the same name, and
/// the lines those families make at random are written under that name.
#[test]
fn the_rules_written_here_are_the_families_their_names_say() {
    let (mut seen, mut seed) = (0, 0);
    for family in NAMES {
        assert!(Constraints::FAMILIES.contains(&family), "{family}");
        while seed < 1000 {
            seed += 1;
            let (rules, solution) = family_instance(family, base(true), seed);
            if !written_lines(&rules, family, &solution).is_empty() {
                seen += 1;
                break;
            }
        }
    }
    assert_eq!(seen, NAMES.len());
}
