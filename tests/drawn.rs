//! Lines and cages read as they are drawn, through the real binary: a line's consecutive
//! cells are neighbours (else an error pointing at the place), `r1c1-r5c5` is a straight run,
//! an f-puzzles line may pass a cell twice where its rule holds between cells along it (a
//! thermometer may not), a cage not connected is read with a note, and every published
//! variant puzzle copied into `tests/data/variants/` is read.

use crate::common;

use common::data;
use sudokux::sudoku::file::{from_toml, PuzzleFile};
use sudokux::sudoku::{fpuzzles, validate, Grid};

/// Runs the binary (without the end-of-batch summary of `solve`): code, stdout, stderr.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut args = args.to_vec();
    if args[0] == "solve" {
        args.push("--quiet");
    }
    common::sudokux_text(&args, stdin)
}

/// A puzzle file written to a fresh directory under the target's temporary space.
fn file(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("drawn");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The solution `solve` writes first on its line for `path`, checked by the independent
/// validator against the puzzle `puzzle` reads.
fn solved(path: &str, puzzle: &PuzzleFile) -> Grid {
    let (code, out, err) = run(&["solve", "--first", path], "");
    assert_eq!(code, 0, "{err}");
    let line = out.split_whitespace().next().unwrap();
    let solution = Grid::from_line(line).unwrap();
    validate(&puzzle.rules, &puzzle.givens, &solution).unwrap();
    solution
}

#[test]
fn an_f_puzzles_line_that_passes_a_cell_twice_is_read_and_drawn_as_drawn() {
    // "Merry X-V-mas": whispers 4 comes back to r5c7; it was refused as "listed twice".
    let path = data("variants/merry_x_v_mas.json");
    let path = path.to_str().unwrap();
    let puzzle = fpuzzles::read(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .file;
    let whispers = &puzzle.rules.constraints().whispers.lines[3];
    assert_eq!(whispers.cells.len(), 6);
    assert_eq!(whispers.cells[1], whispers.cells[5]);
    let solution = solved(path, &puzzle);
    // Each consecutive pair of the loop differs by at least 5 (the validator said so; the
    // two pairs through r5c7 by hand).
    let digit = |cell: &str| {
        let cell = sudokux::sudoku::Cell::parse(cell).unwrap();
        i32::from(solution.get(cell.row, cell.col))
    };
    assert!((digit("r5c7") - digit("r6c7")).abs() >= 5);
    assert!((digit("r4c6") - digit("r5c7")).abs() >= 5);
    // Drawn through every cell in order, r5c7 twice.
    let (code, svg, err) = run(&["render", path, "-o", "-"], "");
    assert_eq!(code, 0, "{err}");
    let polyline = svg
        .lines()
        .filter(|l| l.contains("<polyline class=\"line\""))
        .nth(3)
        .unwrap();
    let points: Vec<&str> = polyline
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(points.len(), 6, "{polyline}");
    assert_eq!(points[1], points[5]);
}

/// An f-puzzles puzzle with one line under `key` through `cells`.
fn fpuzzles_line(key: &str, cells: &[&str]) -> String {
    serde_json::json!({
        "size": 9,
        "grid": vec![vec![serde_json::json!({}); 9]; 9],
        key: [{"lines": [cells]}],
    })
    .to_string()
}

#[test]
fn a_line_whose_rule_cannot_hold_a_cell_twice_is_refused_saying_why() {
    let looped = ["R1C1", "R1C2", "R2C2", "R1C1"];
    for (key, why) in [
        (
            "thermometer",
            "thermometer 1: r1c1 is passed twice: a thermometer's digits rise",
        ),
        (
            "slowthermometer",
            "slow thermometer 1: r1c1 is passed twice",
        ),
        (
            "renban",
            "renban 1: r1c1 is passed twice: a renban's digits all differ",
        ),
        ("regionsumline", "region-sum line 1: r1c1 is passed twice"),
    ] {
        let path = file(&format!("{key}-loop.json"), &fpuzzles_line(key, &looped));
        let (code, out, err) = run(&["solve", &path], "");
        assert_eq!(code, 2, "{key}: {out}{err}");
        assert!(err.contains(why), "{key}: {err}");
    }
    // A line turning back on whispers: each consecutive pair differs by 5 or more.
    let path = file(
        "whispers-back.json",
        &fpuzzles_line("whispers", &["R1C1", "R1C2", "R1C1"]),
    );
    let puzzle = fpuzzles::read(&std::fs::read_to_string(&path).unwrap())
        .unwrap()
        .file;
    solved(&path, &puzzle);
}

#[test]
fn consecutive_cells_of_a_line_are_neighbours_unless_the_line_jumps() {
    let path = file(
        "far.toml",
        "size = 9\n[[thermometer]]\ncells = \"r1c1 r5c5\"\n",
    );
    let (code, _, err) = run(&["solve", &path], "");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "thermometer 1: r1c1 and r5c5 are not neighbours: a line goes from a cell to one of \
             the 8 around it (the straight run between them is \"r1c1-r5c5\"; `jumps = true` \
             reads the cells as listed, as f-puzzles does)"
        ),
        "{err}"
    );
    // Said so, the line reads its cells as listed: the thermometer rises from r1c1 to r5c5.
    let path = file(
        "far-jumps.toml",
        "size = 9\n[[thermometer]]\ncells = \"r1c1 r5c5\"\njumps = true\n",
    );
    let puzzle = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let grid = solved(&path, &puzzle);
    assert!(grid.get(0, 0) < grid.get(4, 4));
    // Every line family: an arrow's shaft, a between line, in JSON puzzle files too.
    for (name, text, cells) in [
        (
            "arrow.toml",
            "size = 9\n[[arrow]]\ncircle = \"r1c1\"\nshaft = \"r1c2 r1c4\"\n",
            "r1c2 and r1c4",
        ),
        (
            "between.json",
            "{\"size\": 9, \"betweenline\": [{\"cells\": \"r1c1 r2c2 r4c2\"}]}",
            "r2c2 and r4c2",
        ),
    ] {
        let (code, _, err) = run(&["solve", &file(name, text)], "");
        assert_eq!(code, 2, "{name}");
        assert!(
            err.contains(&format!("{cells} are not neighbours")),
            "{err}"
        );
    }
}

#[test]
fn f_puzzles_lines_that_skip_cells_convert_to_toml_that_reads_them_the_same() {
    let json = serde_json::json!({
        "size": 9,
        "grid": vec![vec![serde_json::json!({}); 9]; 9],
        "thermometer": [{"lines": [["R1C1", "R1C3", "R3C3"]]}],
        "renban": [{"lines": [["R5C1", "R5C4"]]}],
        "whispers": [{"lines": [["R7C1", "R7C2"]]}],
        "arrow": [{"cells": ["R9C9"], "lines": [["R9C9", "R9C7", "R7C7"]]}],
    })
    .to_string();
    let path = file("jumps.json", &json);
    let (code, toml, err) = run(&["convert", &path, "--to", "toml"], "");
    assert_eq!(code, 0, "{err}");
    for table in [
        "[[thermometer]]\ncells = \"r1c1 r1c3 r3c3\"\njumps = true\n",
        "[[renban]]\ncells = \"r5c1 r5c4\"\njumps = true\n",
        "[[arrow]]\ncircle = \"r9c9\"\nshaft = \"r9c7 r7c7\"\njumps = true\n",
    ] {
        assert!(toml.contains(table), "{toml}");
    }
    // The whispers' cells are neighbours: no `jumps` written.
    assert!(
        toml.contains("[[whispers]]\ncells = \"r7c1 r7c2\"\n\n") || toml.ends_with("r7c2\"\n"),
        "{toml}"
    );
    let read = from_toml(&toml).unwrap();
    let again = fpuzzles::read(&json).unwrap().file;
    assert_eq!(read, again);
    solved(&file("jumps.toml", &toml), &read);
}

#[test]
fn a_straight_run_is_its_cells_and_a_bent_one_is_refused() {
    let path = file(
        "runs.toml",
        "size = 9\n[[thermometer]]\ncells = \"r1c1-r1c4 r2c4-r5c4 r6c3\"\n\
         [[whispers]]\ncells = [\"r9c9-r6c6\"]\n",
    );
    let (code, out, err) = run(&["convert", &path, "--to", "toml"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("cells = \"r1c1 r1c2 r1c3 r1c4 r2c4 r3c4 r4c4 r5c4 r6c3\""),
        "{out}"
    );
    assert!(out.contains("cells = \"r9c9 r8c8 r7c7 r6c6\""), "{out}");
    let puzzle = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
    solved(&path, &puzzle);
    let path = file("bent.toml", "size = 9\n[[renban]]\ncells = \"r1c1-r2c3\"\n");
    let (code, _, err) = run(&["solve", &path], "");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "\"r1c1-r2c3\" is not a straight run: a run goes along a row, a column or a diagonal"
        ),
        "{err}"
    );
}

#[test]
fn a_cage_whose_cells_are_not_connected_is_read_with_a_note() {
    let path = file(
        "apart.toml",
        "size = 9\n[[cage]]\nsum = 3\ncells = \"r1c1 r2c2\"\n[[cage]]\nsum = 7\ncells = \"r3c3-r3c4\"\n",
    );
    let note = "note: cage 1: its cells are not connected (no path side to side from r1c1 to \
                r2c2); read as written";
    let (code, out, err) = run(&["solve", &path], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("apart.toml: {note}")), "{err}");
    assert!(!err.contains("cage 2"), "{err}");
    let puzzle = from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let solution = Grid::from_line(out.split_whitespace().next().unwrap()).unwrap();
    validate(&puzzle.rules, &puzzle.givens, &solution).unwrap();
    // In the JSON answer too.
    let (_, out, _) = run(&["solve", "--json", &path], "");
    let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["notes"][0], note.trim_start_matches("note: "));
}

#[test]
fn every_published_variant_copied_here_is_read() {
    let dir = data("variants");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let (code, out, err) = run(&["convert", path.to_str().unwrap(), "--to", "toml"], "");
        assert_eq!(code, 0, "{}: {err}", path.display());
        from_toml(&out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        read += 1;
    }
    assert_eq!(read, 8);
}
