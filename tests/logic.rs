//! Human-style solving (`sudoku::logic`): every step of every explained puzzle is checked
//! against the puzzle's solution, found by the exact-cover engine and checked by the
//! independent validator. A placement must agree with it; an elimination must never remove its
//! digit. Each technique has a puzzle on which it fires.

use crate::common;

use common::{engine_solution, instance, kinds, puzzle_from};

use proptest::prelude::*;
use sudokux::sudoku::logic::{
    grade, solve_logically, solve_with_guesses, Explanation, Grade, State, Technique,
};
use sudokux::sudoku::{validate, Engine, Grid, Rules, Solver, Spec, Verdict};

/// The unique solution of a puzzle, from the engine, checked by the validator.
fn unique_solution(rules: &Rules, puzzle: &Grid) -> Grid {
    let Verdict::Unique(solution) = Solver::new(rules.clone()).check(puzzle).unwrap().0 else {
        panic!("{puzzle} is not unique");
    };
    validate(rules, puzzle, &solution).expect("the engine's solution is valid");
    solution
}

/// Every step agrees with `solution`: placements put its digit, eliminations never take it.
fn assert_sound(explanation: &Explanation, solution: &Grid, puzzle: &Grid) {
    for step in &explanation.steps {
        for &(cell, d) in &step.placements {
            assert_eq!(
                solution.get(cell.row, cell.col),
                d,
                "{puzzle}: wrong placement: {step}"
            );
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(
                solution.get(cell.row, cell.col),
                d,
                "{puzzle}: removes the solution's digit: {step}"
            );
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{puzzle}: a step that does nothing: {step:?}"
        );
    }
    // The pencil marks left never exclude the solution.
    let end = &explanation.end;
    for &p in end.rules().cells() {
        let d = solution.cells()[p];
        assert!(
            end.value(p) == d || (end.value(p) == 0 && end.candidates(p) >> (d - 1) & 1 == 1),
            "{puzzle}: the end state excludes the solution at position {p}"
        );
    }
}

/// Explains a unique puzzle with logic alone and with guesses, checking every step, and
/// returns the logic-only explanation's techniques.
fn explain_checked(rules: &Rules, puzzle: &Grid) -> Vec<Technique> {
    let solution = unique_solution(rules, puzzle);
    let logic = solve_logically(rules, puzzle).unwrap();
    assert_sound(&logic, &solution, puzzle);
    if logic.solved() {
        assert_eq!(logic.end.grid(), solution);
        assert!(!logic.guessed());
    } else {
        assert_eq!(logic.grade(), Grade::NeedsSearch);
        assert!(logic.end.next_step().is_none());
    }
    let guessed = solve_with_guesses(rules, puzzle, &solution).unwrap();
    assert_sound(&guessed, &solution, puzzle);
    assert!(
        guessed.solved(),
        "{puzzle}: guesses from the solution always finish"
    );
    assert_eq!(guessed.end.grid(), solution);
    assert_eq!(guessed.guessed(), !logic.solved());
    // Logic is deterministic: the guessing run starts with the same steps.
    assert_eq!(guessed.steps[..logic.steps.len()], logic.steps[..]);
    assert_eq!(grade(rules, puzzle).unwrap(), logic.grade());
    logic.steps.iter().map(|s| s.technique).collect()
}

/// For each technique, a puzzle on which it fires, found by explaining magictour's top 1465,
/// the first puzzles of the 17-clue and forum-hardest lists, and the test data. Logic alone
/// solves each of them, except the naked quad's (no puzzle looked at needed one and was
/// solved).
const BY_TECHNIQUE: &[(Technique, &str)] = &[
    (
        Technique::NakedSingle,
        "..43.1.7...2...3..8.......1....9..2..2...8.6...5.7.1...4..5..9......76...9...67..",
    ),
    (
        Technique::HiddenSingle,
        "..43.1.7...2...3..8.......1....9..2..2...8.6...5.7.1...4..5..9......76...9...67..",
    ),
    (
        Technique::Pointing,
        "..43.1.7...2...3..8.......1....9..2..2...8.6...5.7.1...4..5..9......76...9...67..",
    ),
    (
        Technique::Claiming,
        ".....7.95.....1...86..2.....2..73..85......6...3..49..3.5...41724................",
    ),
    (
        Technique::NakedPair,
        "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
    ),
    (
        Technique::HiddenPair,
        "..43.1.7...2...3..8.......1....9..2..2...8.6...5.7.1...4..5..9......76...9...67..",
    ),
    (
        Technique::NakedTriple,
        ".2.......3.5.62..9.68...3...5..........64.8.2..47..9....3.....1.....6...17.43....",
    ),
    (
        Technique::HiddenTriple,
        "4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9....",
    ),
    (
        Technique::XWing,
        "2..6.34..17.....9............64....59...................53..6...8..7..1.....1....",
    ),
    (
        Technique::XyWing,
        "........1.......23..4..5........64...3...1...7...........38......6.2...8.19......",
    ),
    (
        Technique::NakedQuad,
        "7.4.6.8..25..4...1.....7......8...5..6..251.7...1..28......3.6.9.........25...4..",
    ),
    (
        Technique::Swordfish,
        "................12..3.45.................63.714...2.......1.4....7.8.9..6........",
    ),
    (
        Technique::Jellyfish,
        "................12..3.45................567..18......9.....35...2.......91.2.....",
    ),
    (
        Technique::XyzWing,
        "412.3.....7.5.............43.4.98....59....2....2..9...6.78...384......1..7......",
    ),
];

#[test]
fn each_technique_fires_on_its_puzzle_and_every_step_is_sound() {
    let rules = Rules::classic();
    for &(technique, line) in BY_TECHNIQUE {
        let puzzle = Grid::from_line(line).unwrap();
        let used = explain_checked(&rules, &puzzle);
        assert!(
            used.contains(&technique),
            "{technique} does not fire on {line}"
        );
    }
}

#[test]
fn real_puzzles_are_explained_soundly() {
    let rules = Rules::classic();
    for name in [
        "articles.txt",
        "sample_top1465.txt",
        "sample_17_clue.txt",
        "sample_hardest_1106.txt",
    ] {
        for line in common::lines(name) {
            let puzzle = Grid::from_line(&line[..81]).unwrap();
            explain_checked(&rules, &puzzle);
        }
    }
}

#[test]
fn steps_read_as_solvers_write_them() {
    let rules = Rules::classic();
    let puzzle = Grid::from_line(
        "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9",
    )
    .unwrap();
    let explanation = solve_logically(&rules, &puzzle).unwrap();
    let text: Vec<String> = explanation.steps.iter().map(ToString::to_string).collect();
    assert_eq!(text[0], "r3c6 = 4: hidden single in box 2");
    assert_eq!(text[3], "r1c7, r1c9 <> 5: pointing pair in box 2");
    assert_eq!(text[4], "r4c4, r6c6 <> 5: claiming pair in column 5");
    assert_eq!(explanation.grade(), Grade::Medium);
    assert_eq!(explanation.hardest().unwrap().0, Technique::NakedPair);
}

#[test]
fn grades_are_ordered_and_named() {
    for pair in Grade::ALL.windows(2) {
        assert!(pair[0] < pair[1]);
    }
    for grade in Grade::ALL {
        assert_eq!(grade.to_string().parse::<Grade>().unwrap(), grade);
    }
    assert_eq!(Grade::NeedsSearch.to_string(), "needs-search");
    assert_eq!(
        "impossible".parse::<Grade>().unwrap_err().to_string(),
        "unknown grade \"impossible\": easy, medium, hard, expert or needs-search"
    );
    for technique in Technique::ALL {
        assert!(technique.level() <= Grade::NeedsSearch);
    }
}

#[test]
fn a_hidden_single_in_a_diagonal_is_a_hidden_single() {
    let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonals = true)).unwrap();
    // Found among random X-sudoku puzzles: the diagonal is the only unit with one place left
    // for 1 when the step comes.
    let puzzle = Grid::from_line(
        "..9.86.3..76...........1....2......6..7.....33.1..278...3......7821.4.9.1..67.32.",
    )
    .unwrap();
    assert!(explain_checked(&rules, &puzzle).contains(&Technique::HiddenSingle));
    let text: Vec<String> = solve_logically(&rules, &puzzle)
        .unwrap()
        .steps
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(text[16], "r7c7 = 1: hidden single in diagonal");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random puzzles of every rule (4x4 and 6x6: plain, jigsaw, diagonals, windoku,
    /// anti-knight, anti-king, non-consecutive, cages, extra units, samurai), unique or not:
    /// every step agrees with the solution the puzzle was cut from.
    #[test]
    fn every_step_agrees_with_the_solution_on_every_rule(
        kind in proptest::sample::select(kinds()),
        seed in any::<u64>(),
        givens in 0usize..30,
    ) {
        let (rules, solution) = instance(kind, seed);
        if let Some(solution) = solution {
            let puzzle = puzzle_from(&solution, givens, seed);
            let explanation = solve_logically(&rules, &puzzle).unwrap();
            assert_sound(&explanation, &solution, &puzzle);
        }
    }

    /// Random 9x9 puzzles, classic and X-sudoku.
    #[test]
    fn every_step_agrees_with_the_solution_on_9x9(
        seed in any::<u64>(),
        givens in 20usize..40,
        diagonals in any::<bool>(),
    ) {
        let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonals = diagonals)).unwrap();
        if let Some(solution) = engine_solution(&rules, seed) {
            let puzzle = puzzle_from(&solution, givens, seed);
            let explanation = solve_logically(&rules, &puzzle).unwrap();
            assert_sound(&explanation, &solution, &puzzle);
        }
    }
}

#[test]
fn states_start_from_the_givens() {
    let rules = Rules::with_boxes(2, 2).unwrap();
    let puzzle = sudokux::sudoku::parse::parse_one("1...............", 4).unwrap();
    let state = State::new(&rules, &puzzle).unwrap();
    assert_eq!(state.candidates(1), 0b1110);
    assert_eq!(state.candidates(15), 0b1111);
    assert_eq!(state.value(0), 1);
}

#[test]
fn the_killer_family_offers_the_cage_sum_and_45_rule_steps() {
    use sudokux::sudoku::grid::Cell;
    use sudokux::sudoku::{Cage, Constraint};
    let cage = Cage {
        sum: 3,
        cells: vec![Cell { row: 0, col: 0 }, Cell { row: 0, col: 1 }],
    };
    let rules = Rules::new(Spec::new(4).with(|c| c.cage.cages = vec![cage])).unwrap();
    let logic = rules
        .constraints()
        .cage
        .logic(rules.geometry(), rules.unit_index())
        .expect("a cage has a step");
    let values = vec![0; 16];
    let mut candidates = vec![0b1111; 16];
    let step = logic.step(&values, &candidates).expect("3 and 4 go");
    assert_eq!(step.technique, Technique::CageSum);
    assert_eq!(step.to_string(), "r1c1, r1c2 <> 3, 4: cage sum in cage 1");
    candidates[0] = 0b0011;
    candidates[1] = 0b0011;
    // The cage then leaves 7 to the rest of row 1 (the 45 rule, a 10 rule on 4x4).
    let step = logic.step(&values, &candidates).expect("innies of row 1");
    assert_eq!(step.technique, Technique::InniesOuties);
    assert_eq!(
        step.to_string(),
        "r1c3, r1c4 <> 1, 2: 45 rule in row 1: r1c3 + r1c4 = 7"
    );
    let classic = Rules::classic();
    let no_cages = &classic.constraints().cage;
    assert!(no_cages
        .logic(classic.geometry(), classic.unit_index())
        .is_none());
}

/// The grades that `examples/puzzles.txt` names in its comments, `(grade: a, b, ...)`, one
/// per puzzle that follows, are the grades the puzzles get: a label cannot drift.
#[test]
fn the_example_puzzles_grade_as_their_comments_say() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let rules = Rules::classic();
    let mut named: std::collections::VecDeque<Grade> = Default::default();
    let mut checked = 0;
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            if let Some((_, list)) = comment.split_once("(grade: ") {
                let list = list.split(')').next().unwrap();
                assert!(named.is_empty(), "grades left unused before: {line}");
                named.extend(list.split(", ").map(|g| g.parse::<Grade>().unwrap()));
            }
            continue;
        }
        let puzzle = Grid::from_line(line).unwrap();
        let wanted = named
            .pop_front()
            .unwrap_or_else(|| panic!("no grade named for {line}"));
        let got = grade(&rules, &puzzle).unwrap();
        assert_eq!(got, wanted, "{line}");
        checked += 1;
    }
    assert!(
        named.is_empty() && checked >= 6,
        "{checked} puzzles, {named:?} left"
    );
}

/// The puzzle file at `path`: TOML, f-puzzles JSON or our JSON.
/// The words of the steps of `logic` made by `technique`, in order.
fn steps_by(logic: &Explanation, technique: Technique) -> Vec<String> {
    logic
        .steps
        .iter()
        .filter(|s| s.technique == technique)
        .map(ToString::to_string)
        .collect()
}

fn read_puzzle(path: &std::path::Path) -> sudokux::sudoku::file::PuzzleFile {
    use sudokux::sudoku::file::{from_json, from_toml};
    let text = std::fs::read_to_string(path).unwrap();
    match path.extension().and_then(|e| e.to_str()) {
        Some("toml") => from_toml(&text).unwrap(),
        _ if sudokux::sudoku::fpuzzles::is_fpuzzles_json(&text) => {
            sudokux::sudoku::fpuzzles::read(&text).unwrap().into()
        }
        _ => from_json(&text).unwrap(),
    }
}

/// Every step of the explanation of a puzzle file checked against its solution (itself
/// checked by the validator): what logic alone does with every example of `examples/` and a
/// sample of published variant puzzles (`tests/data/logic/`, from the Interactive Sudoku
/// Solver's collections; the whole set runs in `examples/logic_report.rs`). Returns whether
/// logic solved it.
fn file_explained_soundly(path: &std::path::Path, solution: &str) -> bool {
    let file = read_puzzle(path);
    let (rules, puzzle) = (&file.rules, &file.givens);
    let cells: Vec<u8> = if solution.contains(' ') {
        solution
            .split_whitespace()
            .map(|d| d.parse().unwrap())
            .collect()
    } else {
        // Any size: the default alphabet (letters past 9), and `.` for the holes of an
        // overlapping layout.
        let alphabet = sudokux::sudoku::grid::ALPHABET;
        let line = solution.lines().next().unwrap().trim();
        line.bytes()
            .map(|c| match c {
                b'.' => 0,
                c => alphabet.iter().position(|&a| a == c).map_or_else(
                    || panic!("{}: {c:?} is not a digit", path.display()),
                    |k| k as u8 + 1,
                ),
            })
            .collect()
    };
    let solution = Grid::from_area(rules.rows(), rules.cols(), cells).unwrap();
    validate(rules, puzzle, &solution).expect("the solution on file is valid");
    let logic = solve_logically(rules, puzzle).unwrap();
    assert_sound(&logic, &solution, puzzle);
    if logic.solved() {
        assert_eq!(logic.end.grid(), solution, "{}", path.display());
    } else {
        assert!(logic.end.next_step().is_none());
    }
    logic.solved()
}

#[test]
fn every_example_is_explained_soundly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let solution = path.with_extension("solution");
        if path.extension().is_some_and(|e| e == "toml") && solution.exists() {
            file_explained_soundly(&path, &std::fs::read_to_string(&solution).unwrap());
            seen += 1;
        }
    }
    assert!(seen >= 40, "only {seen} examples with solutions");
}

/// The solutions of the published puzzles (`tests/data/logic/solutions.txt`): name, then the
/// solution in the default alphabet.
fn published_solutions() -> std::collections::BTreeMap<String, String> {
    let text = std::fs::read_to_string(common::data("logic").join("solutions.txt")).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (name, grid) = line.split_once(' ').unwrap();
            (name.to_string(), grid.to_string())
        })
        .collect()
}

/// Published variant puzzles (`tests/data/logic/`, a sample of the Interactive Sudoku
/// Solver's collections: the whole set runs in `examples/logic_report.rs`): every step
/// checked against the solution on file (itself checked by the validator), and logic alone
/// solves those it solves in `BENCHMARKS.md`'s table (a stall there is a regression).
#[test]
fn published_variants_are_explained_soundly() {
    let solved_by_logic = [
        "159_sudoku",
        "16x16_jigsaw",
        "anti_knight_anti_king",
        "elementary",
        "german_whispers",
        "killer_sudoku_overlap",
        "kropki_sudoku",
        "little_killer_2",
        "little_killer_snipes_05",
        "merry_x_v_mas",
        "odd_even",
        "pencilmark_sudoku",
        "quadruple_repeated_values",
        "sudoku_variants_series_173_between_lines_sudoku",
        "jigsaw_boxes_disconnected",
        "windoku",
        "hs-killers-01",
        "6x6",
        "i_bet_someone_did_this_already",
        "triple_digits",
    ];
    let solutions = published_solutions();
    let dir = common::data("logic");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let solution = solutions
            .get(&name)
            .unwrap_or_else(|| panic!("{name}: no solution in solutions.txt"));
        let solved = file_explained_soundly(&path, solution);
        assert!(
            solved || !solved_by_logic.contains(&name.as_str()),
            "{name}: logic no longer solves it"
        );
        seen += 1;
    }
    assert_eq!(seen, 23);
}

/// The sums the rules promise (here arrows and little killers) give the sum steps, in the
/// family's words, each sound against the example's solution.
#[test]
fn sum_rules_give_sum_steps_in_their_own_words() {
    use sudokux::sudoku::file::from_toml;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for (name, family) in [("arrow", "arrow "), ("littlekiller", "little killer ")] {
        let path = dir.join(format!("{name}.toml"));
        let file = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let logic = solve_logically(&file.rules, &file.givens).unwrap();
        let solution = unique_solution(&file.rules, &file.givens);
        assert_sound(&logic, &solution, &file.givens);
        let sums: Vec<String> = logic
            .steps
            .iter()
            .filter(|s| {
                matches!(
                    s.technique,
                    Technique::SumOutOfReach | Technique::SumCombinations
                )
            })
            .map(ToString::to_string)
            .collect();
        for s in &sums {
            println!("{s}");
        }
        assert!(!sums.is_empty(), "{name}: no sum step");
        assert!(sums.iter().all(|s| s.contains(family)), "{sums:?}");
    }
}

/// The 45 rule with lines on a published arrow that runs through the whole grid but its
/// circle, `r1c1 r1c2 r1c3`: less the nine rows it reads `405 = 101r1c1 + 11r1c2 + 2r1c3`,
/// whose one filling places 3, 8 and 7 (before it, logic stalled after one step).
#[test]
fn the_45_rule_with_lines_reads_an_arrow_through_the_grid() {
    let path = common::data("logic").join("i_bet_someone_did_this_already.json");
    let file = read_puzzle(&path);
    let logic = solve_logically(&file.rules, &file.givens).unwrap();
    let solution = &published_solutions()["i_bet_someone_did_this_already"];
    assert!(file_explained_soundly(&path, solution) == logic.solved());
    let k = logic
        .steps
        .iter()
        .position(|s| s.technique == Technique::HouseSums)
        .expect("a 45 rule with lines");
    let text = logic.steps[k].to_string();
    assert!(
        text.starts_with("r1c1 <> 1, 2, 4, 5, 6; r1c2 <> 1, 2, 3, 4, 5, 6, 7, 9;")
            && text.ends_with(
                "45 rule with lines on arrow 1, row 2, row 3, row 4, row 5, row 6, row 7, \
                 row 8, row 9, row 1: 405 = 101r1c1 + 11r1c2 + 2r1c3"
            ),
        "{text}"
    );
    let placed: Vec<String> = logic.steps[k + 1..k + 4]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        placed,
        [
            "r1c1 = 3: naked single",
            "r1c2 = 8: naked single",
            "r1c3 = 7: naked single"
        ]
    );
}

/// A published little killer that the sum steps make a medium puzzle: before them it took
/// contradiction chains (expert).
#[test]
fn sum_combinations_grade_a_published_little_killer_medium() {
    let path = common::data("logic").join("little_killer_2.json");
    let file = read_puzzle(&path);
    let logic = solve_logically(&file.rules, &file.givens).unwrap();
    let solution = unique_solution(&file.rules, &file.givens);
    assert_sound(&logic, &solution, &file.givens);
    assert!(logic.solved());
    assert_eq!(logic.grade(), Grade::Medium);
    assert_eq!(logic.hardest().unwrap().0, Technique::SumCombinations);
}

/// A published arrow puzzle without givens (`arrow_slow`), where the chains on the rules'
/// options alone stall: the sum chains, whose rounds keep the arrows' sums within reach, go
/// on, every step sound against the solution, each naming the sum or item it left without a
/// way.
#[test]
fn sum_chains_keep_the_arrows_within_reach() {
    let path = common::data("logic").join("arrow_slow.json");
    let file = read_puzzle(&path);
    let logic = solve_logically(&file.rules, &file.givens).unwrap();
    let solutions = published_solutions();
    let solution = Grid::from_line(&solutions["arrow_slow"]).unwrap();
    assert_sound(&logic, &solution, &file.givens);
    let chains = steps_by(&logic, Technique::SumChain);
    for s in &chains {
        println!("{s}");
    }
    assert!(!chains.is_empty(), "no sum chain");
    assert!(chains
        .iter()
        .all(|s| s.contains(": sum chain: ") && s.contains(" leaves no way for ")));
    assert_eq!(Technique::SumChain.level(), Grade::Hard);
}

/// Ordering across a house: two thermometers into `r2c4`, from `r1c5` and `r2c5` (both in box
/// 2 and column 5), make it greater than two different digits, where each alone says only
/// greater than one. The puzzle is one of the forum's hardest (logic stalls on it after 4
/// steps without the thermometers), with two thermometers its solution keeps; every step is
/// checked against the solution.
#[test]
fn two_thermometers_into_one_cell_order_it_across_a_house() {
    use sudokux::sudoku::file::from_toml;
    let givens = "\
        .......24..3...7..41..7...6.....3.....5.9.8.....8.5...2...4...9..7...4..96.....1.";
    let rows: Vec<&str> = (0..9).map(|r| &givens[9 * r..9 * r + 9]).collect();
    let text = format!(
        "givens = \"\"\"\n{}\n\"\"\"\n\
         [[thermometer]]\ncells = \"r1c5 r2c4\"\n\
         [[thermometer]]\ncells = \"r2c5 r2c4\"\n",
        rows.join("\n")
    );
    let file = from_toml(&text).unwrap();
    let used = explain_checked(&file.rules, &file.givens);
    assert!(used.contains(&Technique::HouseOrdering), "{used:?}");
    let logic = solve_logically(&file.rules, &file.givens).unwrap();
    let step = logic
        .steps
        .iter()
        .find(|s| s.technique == Technique::HouseOrdering)
        .unwrap()
        .to_string();
    assert!(
        step.contains(": ordering across a house in ")
            && step.contains("r2c4 is greater than r1c5, r2c5")
            && step.contains("on a thermometer"),
        "{step}"
    );
}

/// Squeezed neighbours (issue 32: whisper and kropki ranges): on the kropki example and the
/// published German whispers, a cell whose digit would leave its neighbours on the dots or
/// the line within one house fewer digits than cells loses it, in the rules' words; every
/// step of the whole explanation is checked against the solution (and never removes the
/// solution's digit).
#[test]
fn dots_and_whispers_squeeze_a_cells_neighbours_in_a_house() {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for (path, rule) in [
        (examples.join("kropki.toml"), " dot: "),
        (
            common::data("logic").join("german_whispers.json"),
            "whispers",
        ),
    ] {
        let name = path.display();
        let file = read_puzzle(&path);
        let used = explain_checked(&file.rules, &file.givens);
        let logic = solve_logically(&file.rules, &file.givens).unwrap();
        let squeezed = steps_by(&logic, Technique::SqueezedNeighbours);
        assert!(!squeezed.is_empty(), "{name}: {used:?}");
        for s in &squeezed {
            assert!(
                s.contains(": squeezed neighbours in ")
                    && s.contains(", its neighbours ")
                    && s.contains(rule),
                "{name}: {s}"
            );
        }
    }
}
