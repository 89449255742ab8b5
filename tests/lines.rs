//! Line constraints (thermometers, whispers, renban, between lines, ...): puzzle files and
//! f-puzzles JSON read back what was written, on random instances.

use crate::common;

use common::lines::{lines, with_lines, FAMILIES};
use common::{checked_count, engine_solution, puzzle_from, Rng};
use proptest::prelude::*;
use sudokux::sudoku::file::{from_toml, to_toml};
use sudokux::sudoku::rules::fpuzzles_io::{FpReader, FpWriter};
use sudokux::sudoku::rules::Constraints;
use sudokux::sudoku::{validate, Backtracker, Engine, Rules, Solver, Spec};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Each line family on random 4x4 and 6x6 grids: the solver and the reference
    /// backtracker count the same solutions, each checked by the validator.
    #[test]
    fn solver_agrees_with_the_backtracker_on_lines(
        family in 0..FAMILIES,
        seed in any::<u64>(),
        share in 0usize..=60,
        six in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let base = if six { Spec { box_shape: Some((2, 3)), ..Spec::new(6) } } else { Spec::new(4) };
        let plain = Rules::new(base.clone()).unwrap();
        let solution = engine_solution(&plain, seed).unwrap();
        let found = lines(family, &solution, 1 + rng.below(4), &mut rng);
        prop_assume!(!found.is_empty());
        let rules = Rules::new(with_lines(base, family, found)).unwrap();
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
        family in 0..FAMILIES,
        seed in any::<u64>(),
        six in any::<bool>(),
    ) {
        let n = if six { 6 } else { 4 };
        let mut rng = Rng::new(seed);
        let base = Spec::new(n);
        let plain = Rules::new(base.clone()).unwrap();
        let solution = engine_solution(&plain, seed).unwrap();
        let found = lines(family, &solution, 1 + rng.below(4), &mut rng);
        let rules = Rules::new(with_lines(base, family, found)).unwrap();
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

/// The random line families are named as the library names them: family `k` of the
/// generator is the family (field and key) `NAMES[k]`, so the property tests' kinds, drawn
/// from the library's list by name, make the family they say.
#[test]
fn the_generators_line_families_are_the_ones_their_names_say() {
    use common::lines::NAMES;
    use sudokux::sudoku::rules::lines::line::Line;
    use sudokux::sudoku::Cell;
    let line = Line::new((0..3).map(|k| Cell { row: k, col: k }).collect());
    for (k, name) in NAMES.iter().enumerate() {
        assert!(Constraints::FAMILIES.contains(name), "{name}");
        let rules = Rules::new(with_lines(Spec::new(6), k, vec![line.clone()])).unwrap();
        let text = to_toml(&rules, &rules.empty_grid());
        assert!(text.contains(&format!("[[{name}]]")), "family {k}: {text}");
    }
}
