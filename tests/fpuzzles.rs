//! f-puzzles import and export: the lz-string vectors and the example links of fpuzzles.md,
//! what is refused and how it is said, and the round trip import(export(p)) == p over random
//! puzzles with every family that has f-puzzles keys.

use crate::common;

use proptest::prelude::*;
use serde_json::Value;

use common::{data, Rng};
use sudokux::sudoku::fpuzzles::{self, lzstring};
use sudokux::sudoku::rules::Constraints;
use sudokux::sudoku::validate::validate;
use sudokux::sudoku::{Cage, Cell, Engine, Grid, Meta, PuzzleFile, Rules, Solver, Spec, Verdict};

fn text(name: &str) -> String {
    std::fs::read_to_string(data(&format!("fpuzzles/{name}"))).unwrap()
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn the_example_links_decompress_to_the_objects_shown() {
    for letter in ["a", "b", "c"] {
        let shown = json(&text(&format!("example_{letter}.json")));
        let compact = text(&format!("example_{letter}.compact"));
        let links = text(&format!("example_{letter}.links"));
        let links: Vec<&str> = links.lines().collect();
        assert_eq!(links.len(), 2);
        for link in &links {
            assert_eq!(json(&fpuzzles::decode(link).unwrap()), shown, "{link}");
        }
        // Compressing the same text gives the same payload, byte for byte.
        let payload = lzstring::compress_to_base64(compact.trim_end());
        assert_eq!(
            links[0],
            format!("https://www.f-puzzles.com/?load={payload}")
        );
        assert_eq!(links[1], format!("https://sudokupad.app/fpuzzles{payload}"));
    }
}

#[test]
fn example_c_imports_its_givens_and_jigsaw_regions() {
    let object = json(&text("example_c.json"));
    let imported = fpuzzles::from_json(&object.to_string()).unwrap();
    let file = imported.file;
    assert_eq!(file.givens.get(5, 1), 1);
    assert_eq!(file.givens.get(5, 2), 4);
    assert_eq!(file.givens.filled(), 2);
    let regions: String = file.rules.geometry().regions().unwrap().iter().collect();
    assert_eq!(
        regions,
        "000111\
         022211\
         002331\
         422355\
         443355\
         444355"
    );
    assert_eq!(
        file.meta.title.as_deref(),
        Some("Example C: jigsaw, arrow, sandwich")
    );
    assert_eq!(file.meta.author.as_deref(), Some("fpuzzles.md"));
    assert!(file
        .meta
        .ruleset
        .as_deref()
        .unwrap()
        .starts_with("Each row"));
    // The published solution keeps the rows, columns and jigsaw regions.
    let digits: Vec<u8> = text("example_c.solution")
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    let solution = Grid::from_cells(6, digits).unwrap();
    validate(&file.rules, &file.givens, &solution).unwrap();
}

/// The published solution of an example, as a grid.
fn published(name: &str, n: usize) -> Grid {
    let digits: Vec<u8> = text(name)
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    Grid::from_cells(n, digits).unwrap()
}

#[test]
fn example_a_is_proved_unique_with_its_published_solution() {
    // Thermometer, black and white kropki dots, from both of its links.
    for link in text("example_a.links").lines() {
        let file = fpuzzles::read(link).unwrap().file;
        let mut solver = Solver::new(file.rules.clone());
        let (verdict, _) = solver.check(&file.givens).unwrap();
        let Verdict::Unique(solution) = verdict else {
            panic!("example A is unique, found {verdict:?}")
        };
        validate(&file.rules, &file.givens, &solution).unwrap();
        assert_eq!(solution, published("example_a.solution", 4));
    }
}

#[test]
fn example_b_is_proved_unique_with_its_published_solution() {
    // Cages, a little killer and negative XV, from both of its links.
    for link in text("example_b.links").lines() {
        let file = fpuzzles::read(link).unwrap().file;
        assert_eq!(file.rules.constraints().littlekillersum.clues.len(), 1);
        let mut solver = Solver::new(file.rules.clone());
        let (verdict, _) = solver.check(&file.givens).unwrap();
        let Verdict::Unique(solution) = verdict else {
            panic!("example B is unique, found {verdict:?}")
        };
        validate(&file.rules, &file.givens, &solution).unwrap();
        assert_eq!(solution, published("example_b.solution", 6));
    }
}

#[test]
fn example_c_is_proved_unique_with_its_published_solution() {
    // Jigsaw regions, an arrow, a sandwich, odd and even cells, from both of its links.
    for link in text("example_c.links").lines() {
        let file = fpuzzles::read(link).unwrap().file;
        let sandwiches = &file.rules.constraints().sandwichsum.clues;
        assert_eq!(sandwiches.len(), 1);
        assert_eq!(
            (
                sandwiches[0].clue.row,
                sandwiches[0].clue.col,
                sandwiches[0].value
            ),
            (5, 0, 4)
        );
        let mut solver = Solver::new(file.rules.clone());
        let (verdict, _) = solver.check(&file.givens).unwrap();
        let Verdict::Unique(solution) = verdict else {
            panic!("example C is unique, found {verdict:?}")
        };
        validate(&file.rules, &file.givens, &solution).unwrap();
        assert_eq!(solution, published("example_c.solution", 6));
        // Exported and read back, the same rules.
        let back = fpuzzles::from_json(&fpuzzles::to_json(&file).unwrap().to_string()).unwrap();
        assert_eq!(back.file.rules, file.rules);
    }
}

#[test]
fn a_negative_entry_holds_without_marks_of_its_kind() {
    // `negative: ["xv"]` and no X or V: no two neighbours sum to 5 or 10.
    let mut object =
        json(r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#);
    let plain = fpuzzles::from_json(&object.to_string()).unwrap().file;
    object["negative"] = serde_json::json!(["xv"]);
    let file = fpuzzles::from_json(&object.to_string()).unwrap().file;
    assert!(file.rules.constraints().xv.negative);
    let count = |f: &PuzzleFile| {
        Solver::new(f.rules.clone())
            .count(&f.givens, None)
            .unwrap()
            .count
    };
    assert!(count(&file) < count(&plain));
}

#[test]
fn legacy_cell_fields_are_their_constraints() {
    let mut grid = json(r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#);
    grid[0][0] = serde_json::json!({"parity": "Odd"});
    grid[1][2] = serde_json::json!({"extreme": "Maximum"});
    let object = serde_json::json!({"size": 4, "grid": grid, "odd": [{"cell": "R4C4"}]});
    let file = fpuzzles::from_json(&object.to_string()).unwrap().file;
    let mut from_keys =
        json(r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#);
    from_keys["odd"] = serde_json::json!([{"cell": "R4C4"}, {"cell": "R1C1"}]);
    from_keys["maximum"] = serde_json::json!([{"cell": "R2C3"}]);
    let expected = fpuzzles::from_json(&from_keys.to_string()).unwrap().file;
    assert_eq!(file.rules.spec(), expected.rules.spec());
}

/// The error that importing `object` (merged into an empty 4x4) gives.
fn refusal(extra: Value) -> String {
    let mut object =
        json(r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#);
    for (k, v) in extra.as_object().unwrap() {
        object[k] = v.clone();
    }
    fpuzzles::from_json(&object.to_string())
        .unwrap_err()
        .to_string()
}

#[test]
fn what_cannot_be_imported_is_refused_by_key_instance_and_cell() {
    use serde_json::json as j;
    let cases = [
        (
            j!({"unknownline": [{"lines": [["R1C1", "R1C2"]]}, {"lines": []}]}),
            "f-puzzles: unknownline: unsupported f-puzzles constraint (2 instances); nothing imported",
        ),
        (
            j!({"negative": ["ratio", "sandwichsum"]}),
            "f-puzzles: negative: unsupported entry \"sandwichsum\" (\"all such marks are shown\"); nothing imported",
        ),
        (
            j!({"killercage": [{"cells": ["R1C1"], "value": "3"}, {"cells": ["R1C1", "R2C1"], "value": "x2"}]}),
            "f-puzzles: killercage 2: \"value\": cannot read \"x2\" as a whole number",
        ),
        (
            j!({"killercage": [{"cells": ["R1C1", "R5C1"], "value": "3"}]}),
            "f-puzzles: killercage 1: R5C1 is outside the 4x4 grid",
        ),
        (
            j!({"extraregion": [{"cells": ["R1C1"], "colour": "red"}]}),
            "f-puzzles: extraregion 1: unknown field \"colour\"; nothing imported",
        ),
        (
            j!({"antiknight": "yes"}),
            "f-puzzles: antiknight: expected true or false, found \"yes\"",
        ),
        (
            j!({"size": 17}),
            "f-puzzles: size: expected a size from 4 to 16, found 17",
        ),
    ];
    for (extra, says) in cases {
        assert_eq!(refusal(extra.clone()), says, "{extra}");
    }
    let mut grid = json(r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#);
    for (field, value, says) in [
        (
            "colour",
            j!("red"),
            "unknown cell field \"colour\"; nothing imported",
        ),
        (
            "parity",
            j!("Round"),
            "cannot read the cell field \"parity\" (\"Round\"); nothing imported",
        ),
        (
            "extreme",
            j!(2),
            "cannot read the cell field \"extreme\" (2); nothing imported",
        ),
        ("value", j!(5), "\"value\": expected a digit 0..4, found 5"),
    ] {
        grid[1][2] = j!({ field: value });
        assert_eq!(
            refusal(j!({"grid": grid.clone()})),
            format!("f-puzzles: grid R2C3: {says}"),
            "{field}"
        );
    }
}

#[test]
fn drawings_and_solver_digits_are_left_out_with_a_notice() {
    let text = r##"{"size":4,"title":"T","grid":[[{"value":1},{},{},{}],[{},{"value":2,"given":true,"c":"#fff","centerPencilMarks":[1]},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "text":[{"cells":["R0C1"],"value":"12"}],"cage":[{"cells":[],"value":"title: T"}],"line":[],"highlightConflicts":false}"##;
    let imported = fpuzzles::from_json(text).unwrap();
    assert_eq!(imported.file.givens.filled(), 1);
    assert_eq!(imported.file.givens.get(1, 1), 2);
    assert_eq!(
        imported.notices,
        [
            "1 digits without \"given\": true are a solver's progress, not clues; left out",
            "left out what only draws (cage, text): check `ruleset` for rules they carry",
        ]
    );
}

#[test]
fn a_cage_without_a_total_is_a_cage_whose_digits_differ() {
    let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R2C2"]},{"cells":["R1C2","R1C3"],"value":""},{"cells":["R3C3","R3C4"],"value":"7"}]}"#;
    let file = fpuzzles::from_json(text).unwrap().file;
    let c = file.rules.constraints();
    assert_eq!(
        c.cage.cages,
        [Cage {
            sum: 7,
            cells: vec![Cell { row: 2, col: 2 }, Cell { row: 2, col: 3 }]
        }]
    );
    assert_eq!(
        c.cage.plain.cages,
        [
            vec![Cell { row: 0, col: 0 }, Cell { row: 1, col: 1 }],
            vec![Cell { row: 0, col: 1 }, Cell { row: 0, col: 2 }]
        ]
    );
    assert!(c.unit.units.is_empty());
    // Written back as `killercage` without `value`, after the cages with a total.
    let back = fpuzzles::to_json(&file).unwrap();
    assert_eq!(
        back["killercage"],
        serde_json::json!([
            {"cells": ["R3C3", "R3C4"], "value": "7"},
            {"cells": ["R1C1", "R2C2"]},
            {"cells": ["R1C2", "R1C3"]}
        ])
    );
}

/// Regions labelled by first appearance: two rule sets cut the grid the same way exactly when
/// these agree.
fn partition(rules: &Rules) -> Vec<usize> {
    let g = rules.geometry();
    let n = g.size();
    let (h, w) = g.box_shape();
    let labels: Vec<char> = match g.regions() {
        Some(labels) => labels.to_vec(),
        None => (0..n * n)
            .map(|k| char::from_u32(((k / n / h) * (n / w) + (k % n) / w) as u32 + 65).unwrap())
            .collect(),
    };
    let mut seen: Vec<char> = Vec::new();
    labels
        .iter()
        .map(|l| {
            if !seen.contains(l) {
                seen.push(*l);
            }
            seen.iter().position(|s| s == l).unwrap()
        })
        .collect()
}

/// A random puzzle with every family that f-puzzles can hold.
fn random_puzzle(seed: u64) -> Option<PuzzleFile> {
    let mut rng = Rng::new(seed);
    let sizes = [4, 5, 6, 7, 8, 9, 10, 12, 16];
    let n = sizes[rng.below(sizes.len())];
    let jigsaw = rng.below(3) == 0;
    let regions = jigsaw.then(|| {
        let (h, w) = sudokux::sudoku::rules::default_box(n);
        let mut labels: Vec<char> = (0..n * n)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                char::from_u32('A' as u32 + ((r / h) * h + c / w) as u32).unwrap()
            })
            .collect();
        for _ in 0..rng.below(4) + 1 {
            let (a, b) = (rng.below(n * n), rng.below(n * n));
            labels.swap(a, b);
        }
        labels
    });
    let mut constraints = Constraints::default();
    let u = &mut constraints.grid_units;
    match rng.below(4) {
        0 => {}
        1 => u.diagonals = true,
        2 => u.diagonal_positive = true,
        _ => u.diagonal_negative = true,
    }
    u.disjoint_groups = !jigsaw && rng.below(3) == 0;
    constraints.chess.anti_knight = rng.below(3) == 0;
    constraints.chess.anti_king = rng.below(3) == 0;
    let mut cells: Vec<Cell> = (0..n * n).map(|k| Cell::from_index(k, n)).collect();
    rng.shuffle(&mut cells);
    let mut free = cells.into_iter();
    for _ in 0..rng.below(4) {
        let k = rng.below(3) + 1;
        let cells: Vec<Cell> = free.by_ref().take(k).collect();
        let (min, max) = ((1..=k).sum::<usize>(), (n + 1 - k..=n).sum::<usize>());
        constraints.cage.cages.push(Cage {
            sum: (min + rng.below(max - min + 1)) as u32,
            cells,
        });
    }
    for _ in 0..rng.below(3) {
        let k = rng.below(n) + 1;
        constraints.unit.units.push(free.by_ref().take(k).collect());
    }
    // Cages without a total.
    for _ in 0..rng.below(3) {
        let k = rng.below(4) + 1;
        constraints
            .cage
            .plain
            .cages
            .push(free.by_ref().take(k).collect());
    }
    for _ in 0..rng.below(3) {
        if let Some(cell) = free.next() {
            let digits: Vec<u8> = (1..=n as u8).filter(|_| rng.below(2) == 0).collect();
            if !digits.is_empty() {
                constraints.pencilmarks.push(cell, digits);
            }
        }
    }
    let spec = Spec {
        regions,
        constraints,
        ..Spec::new(n)
    };
    let rules = Rules::new(spec).ok()?;
    let mut givens = rules.empty_grid();
    for _ in 0..rng.below(n) {
        givens.set(rng.below(n), rng.below(n), (rng.below(n) + 1) as u8);
    }
    let meta = Meta {
        title: (rng.below(2) == 0).then(|| "A \"title\"".to_string()),
        author: (rng.below(2) == 0).then(|| "someone".to_string()),
        ruleset: (rng.below(2) == 0).then(|| "Normal rules.\nAnd more.".to_string()),
    };
    Some(PuzzleFile {
        rules,
        givens,
        meta,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn import_of_export_is_the_same_puzzle(seed in any::<u64>()) {
        let Some(file) = random_puzzle(seed) else { return Ok(()); };
        let object = fpuzzles::to_json(&file).unwrap();
        let back = fpuzzles::from_json(&object.to_string()).unwrap();
        prop_assert!(back.notices.is_empty());
        let back = back.file;
        prop_assert_eq!(back.rules.constraints(), file.rules.constraints());
        prop_assert_eq!(partition(&back.rules), partition(&file.rules));
        prop_assert_eq!(&back.givens, &file.givens);
        prop_assert_eq!(&back.meta, &file.meta);
        // Through the links as well, and the second export is the first.
        let (load, pad) = fpuzzles::links(&file).unwrap();
        for link in [load, pad] {
            let again = fpuzzles::read(&link).unwrap().file;
            prop_assert_eq!(fpuzzles::to_json(&again).unwrap(), object.clone());
        }
    }
}

#[test]
fn what_f_puzzles_cannot_hold_is_not_exported() {
    let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.windoku = true)).unwrap();
    let file = PuzzleFile {
        givens: rules.empty_grid(),
        rules,
        meta: Meta::default(),
    };
    assert_eq!(
        fpuzzles::to_json(&file).unwrap_err().to_string(),
        "f-puzzles has no key for: windoku; nothing written"
    );
    let samurai = sudokux::sudoku::file::from_toml("layout = \"samurai\"").unwrap();
    assert_eq!(
        fpuzzles::to_json(&samurai).unwrap_err().to_string(),
        "f-puzzles cannot hold several overlapping grids"
    );
}

/// Runs the binary, with the working directory the crate's.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = common::sudokux(args, stdin);
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn example(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

const FOUR_BY_FOUR: &str = "N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9lQ0IA3GAOwQBcMBXGVCgQwBtmEBGE40uko16TFiHZc48AMxEAuskL8VpBUrLDa8Bs1adus1Zqrbd4yYcQrFytfeLz5RIA=";

#[test]
fn convert_writes_json_links_and_toml() {
    let four = example("4x4.toml");
    let (code, out, _) = run(&["convert", &four, "--to", "url"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "https://www.f-puzzles.com/?load={FOUR_BY_FOUR}\nhttps://sudokupad.app/fpuzzles{FOUR_BY_FOUR}\n"
        )
    );
    let (code, out, _) = run(&["convert", &four, "--to", "fpuzzles"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        r#"{
  "size": 4,
  "grid": [
    [{},{"given":true,"value":1},{},{"given":true,"value":3}],
    [{},{},{},{}],
    [{"given":true,"value":3},{},{"given":true,"value":4},{}],
    [{},{},{},{}]
  ]
}
"#
    );
    let (code, out, _) = run(&["convert", "--to", "toml"], FOUR_BY_FOUR);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "size = 4\ngivens = \"\"\"\n.1.3\n....\n3.4.\n....\n\"\"\"\n"
    );
    let (code, _, err) = run(&["convert", &example("samurai.toml"), "--to", "url"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("f-puzzles cannot hold several overlapping grids"),
        "{err}"
    );
}

#[test]
fn links_are_puzzles_on_the_command_line_and_on_stdin() {
    for link in [
        format!("https://www.f-puzzles.com/?load={FOUR_BY_FOUR}"),
        format!("https://sudokupad.app/fpuzzles{FOUR_BY_FOUR}"),
        FOUR_BY_FOUR.to_string(),
    ] {
        assert_eq!(
            run(&["check", &link], ""),
            (0, "unique\n".into(), String::new())
        );
        assert_eq!(
            run(&["check"], &link),
            (0, "unique\n".into(), String::new())
        );
    }
    let (code, out, _) = run(&["render", FOUR_BY_FOUR], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg") || out.starts_with("<?xml"), "{out}");
    let (code, out, _) = run(&["hint", FOUR_BY_FOUR], "");
    assert_eq!(code, 0, "{out}");
}

#[test]
fn json_files_are_told_apart_by_content() {
    let dir = tempfile::tempdir().unwrap();
    let fpuzzles = dir.path().join("puzzle.json");
    let (_, json, _) = run(&["convert", &example("4x4.toml"), "--to", "fpuzzles"], "");
    std::fs::write(&fpuzzles, json).unwrap();
    let path = fpuzzles.to_str().unwrap();
    assert_eq!(run(&["check", path], "").1, "unique\n");
    // sudokux's own JSON still reads as before.
    assert_eq!(run(&["check", &example("jigsaw.json")], "").1, "unique\n");
}

#[test]
fn links_that_cannot_be_read_are_refused_with_the_reason() {
    let (code, out, err) = run(&["check", "https://f-puzzles.com/?id=abc123"], "");
    assert_eq!((code, out.as_str()), (2, "error\n"));
    assert!(
        err.contains("stored on the f-puzzles server (?id=); nothing is fetched"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "N4IgzglgXgpiBc"], "");
    assert_eq!(code, 2);
    assert!(err.contains("f-puzzles payload: decompress"), "{err}");
    let (code, _, err) = run(&["convert", "--to", "toml"], "N4IgzglgXgpiBcAWAvkA");
    assert_eq!(code, 2);
    assert!(err.contains("f-puzzles: grid: missing"), "{err}");
}

#[test]
fn generate_writes_links_that_read_back() {
    let (code, out, _) = run(
        &[
            "generate", "--size", "4", "--seed", "7", "--count", "2", "--format", "url", "-q",
        ],
        "",
    );
    assert_eq!(code, 0);
    let links: Vec<&str> = out.lines().collect();
    assert_eq!(links.len(), 2);
    for link in links {
        assert!(
            link.starts_with("https://sudokupad.app/fpuzzlesN4Ig"),
            "{link}"
        );
        assert_eq!(run(&["check", link], "").1, "unique\n");
    }
}

#[test]
fn title_author_and_ruleset_are_kept_and_shown() {
    let link = text("example_c.links");
    let link = link.lines().next().unwrap();
    // Example C without its constraints (the jigsaw alone has several solutions).
    let mut object = json(&fpuzzles::decode(link).unwrap());
    for key in ["arrow", "sandwichsum", "odd", "even"] {
        object.as_object_mut().unwrap().remove(key);
    }
    let payload = lzstring::compress_to_base64(&object.to_string());
    let (code, out, _) = run(&["check", "--pretty", &payload], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("# Example C: jigsaw, arrow, sandwich, by fpuzzles.md\n# "),
        "{out}"
    );
    let (_, out, _) = run(&["solve", "--json", &payload], "");
    let record = json(&out);
    assert_eq!(record["title"], "Example C: jigsaw, arrow, sandwich");
    assert_eq!(record["author"], "fpuzzles.md");
    assert!(record["ruleset"].as_str().unwrap().starts_with("Each row"));
    let (_, toml, _) = run(&["convert", &payload, "--to", "toml"], "");
    assert!(toml.starts_with("title = \"Example C: jigsaw, arrow, sandwich\"\nauthor = \"fpuzzles.md\"\nruleset = \"Each row"), "{toml}");
    let (_, back, _) = run(&["convert", "--to", "fpuzzles"], &toml);
    assert_eq!(json(&back), object);
}

#[test]
fn given_pencil_marks_are_a_rule() {
    // The 4x4 example without its r1c2 given, which pencil marks on r1c2 bring back.
    let text = r#"{"size":4,"grid":[[{},{"givenPencilMarks":[1]},{},{"value":3,"given":true}],[{},{},{},{}],[{"value":3,"given":true},{},{"value":4,"given":true},{}],[{},{},{},{}]]}"#;
    let file = fpuzzles::from_json(text).unwrap().file;
    let marks = &file.rules.constraints().pencilmarks.marks;
    assert_eq!(marks.len(), 1);
    assert_eq!(
        (marks[0].cell, marks[0].digits.clone()),
        (Cell { row: 0, col: 1 }, vec![1])
    );
    let (code, out, _) = run(&["solve", &lzstring::compress_to_base64(text)], "");
    assert_eq!((code, out.as_str()), (0, "4123231432411432\n"));
    let back = fpuzzles::to_json(&file).unwrap();
    assert_eq!(back, json(text));
    let toml = sudokux::sudoku::file::file_to_toml(&file);
    assert!(
        toml.contains("[[pencilmarks]]\ncell = \"r1c2\"\ndigits = [1]\n"),
        "{toml}"
    );
    let error = fpuzzles::from_json(&text.replace("[1]", "[5]")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "f-puzzles: grid R1C2: \"givenPencilMarks\": expected digits 1..4, found 5"
    );
}

#[test]
fn entries_that_carry_no_rule_are_left_out_with_a_notice_naming_them() {
    let json = r#"{"size":4,"grid":[[{},{"given":true,"value":1},{},{"given":true,"value":3}],[{},{},{},{}],[{"given":true,"value":3},{},{"given":true,"value":4},{}],[{},{},{},{}]],
        "arrow":[{"cells":["R1C1"],"lines":[]},{"cells":["R4C4"],"lines":[["R4C4"]]}],
        "clone":[{"cells":["R2C2"],"cloneCells":["R2C2"]}],
        "littlekillersum":[{"cell":"R0C2","direction":"DL","value":""}]}"#;
    let notes = [
        "arrow 1: a circle without a shaft (R1C1) has no rule; left out",
        "arrow 2: a circle without a shaft (R4C4) has no rule; left out",
        "clone 1: R2C2 is paired with itself, which has no rule",
        "littlekillersum 1: a clue without a value (R0C2) has no rule; left out",
    ];
    let imported = fpuzzles::from_json(json).unwrap();
    assert_eq!(imported.notices, notes);
    assert!(imported.file.rules.constraints().arrow.clues.is_empty());
    // The command line prints them on stderr, naming the file, and answers.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzle.json");
    std::fs::write(&path, json).unwrap();
    let (code, out, err) = run(&["check", path.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (0, "unique\n"));
    let expected: String = notes
        .iter()
        .map(|n| format!("sudokux: {}: note: {n}\n", path.display()))
        .collect();
    assert_eq!(err, expected);
}

#[test]
fn cells_in_no_region_are_in_no_box_and_export_as_null() {
    // Box 4 of a 4x4 taken apart: two cells with `null`, two with `-1`.
    let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{"region":null},{"region":-1}],[{},{},{"region":-1},{"region":null}]]}"#;
    let file = fpuzzles::from_json(text).unwrap().file;
    let rules = &file.rules;
    let labels = rules.geometry().regions().unwrap();
    let none: Vec<usize> = (0..16).filter(|&p| labels[p] == '.').collect();
    assert_eq!(none, [10, 11, 14, 15]);
    // In its row and its column, and nothing else.
    assert_eq!(rules.units_of(10).len(), 2);
    assert_eq!(rules.units_of(0).len(), 3);
    let count = Solver::new(rules.clone())
        .count_threads(&rules.empty_grid(), None, 1)
        .unwrap();
    assert_eq!((count.count, count.complete), (288, true));
    // Written back as `null`, and read back the same.
    let json = fpuzzles::to_json(&file).unwrap();
    assert_eq!(json["grid"][2][2], serde_json::json!({"region": null}));
    assert_eq!(json["grid"][3][2], serde_json::json!({"region": null}));
    assert_eq!(json["grid"][0][0], serde_json::json!({}));
    let back = fpuzzles::from_json(&json.to_string()).unwrap().file;
    assert_eq!(back.rules.geometry().regions(), rules.geometry().regions());
    // A region left with fewer than n cells is still refused.
    let short = text.replace(
        r#"{"region":null},{"region":-1}],[{},{}"#,
        r#"{"region":null},{}],[{},{}"#,
    );
    assert!(fpuzzles::from_json(&short).is_err());
}
