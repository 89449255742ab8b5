//! Nothing read is ever dropped, and what people type is read: through the real binary, every
//! link on a line of its own is a puzzle (in files and on stdin, among puzzle lines), a bad
//! line is one error and never swallows the grid below it, a puzzle written on the command
//! line is the puzzle, and every summary says what was written.

use crate::common;

use std::process::Output;

use common::sudokux;
use sudokux::sudoku::{fpuzzles, validate, Grid};

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";

/// Runs the binary without its end-of-batch summary: code, stdout, stderr.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut args = args.to_vec();
    args.push("--quiet");
    run_plain(&args, stdin)
}

/// Runs the binary as it is (commands without a summary): code, stdout, stderr.
fn run_plain(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::sudokux_text(args, stdin)
}

/// `PUZZLE` as a grid block of nine rows.
fn block() -> String {
    PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect()
}

/// Links `generate` writes: `count` of them, with the rule flags `rules`.
fn links(rules: &[&str], count: usize, seed: u64) -> Vec<String> {
    let count = count.to_string();
    let seed = seed.to_string();
    let mut args = vec![
        "generate", "--format", "url", "--count", &count, "--seed", &seed,
    ];
    args.extend_from_slice(rules);
    let (code, out, _) = run(&args, "");
    assert_eq!(code, 0);
    let links: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(links.len(), count.parse::<usize>().unwrap());
    links
}

#[test]
fn every_link_piped_or_in_a_file_is_a_puzzle() {
    // `generate --count 5 --format url | sudokux check` answers five times.
    let text = links(&[], 5, 1).join("\n") + "\n";
    let (code, out, err) = run(&["check"], &text);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "unique\n".repeat(5).as_str(), "")
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("five.url");
    std::fs::write(&path, &text).unwrap();
    let (code, out, _) = run(&["check", path.to_str().unwrap()], "");
    assert_eq!((code, out), (0, "unique\n".repeat(5)));
    // The summary counts them all.
    let Output { stderr, .. } = sudokux(&["check", path.to_str().unwrap()], "");
    let summary = String::from_utf8(stderr).unwrap();
    assert!(
        summary.starts_with("sudokux: 5 puzzles: 5 solved"),
        "{summary}"
    );
}

#[test]
fn links_mix_with_puzzle_lines_and_grids_each_read_with_its_own_rules() {
    // Killer cages with one or two givens: unique with their cages, not without.
    let killers = links(&["--killer"], 2, 3);
    let payload = killers[1]
        .strip_prefix("https://sudokupad.app/fpuzzles")
        .expect("a SudokuPad link")
        .to_string();
    let text = format!(
        "{PUZZLE}\n{}\nKiller two\n{payload}\n{}",
        killers[0],
        block()
    );
    let (code, out, err) = run(&["solve"], &text);
    assert_eq!((code, err.as_str()), (0, ""));
    let solutions: Vec<&str> = out.lines().collect();
    assert_eq!(solutions.len(), 4, "{out}");
    let classic = sudokux::sudoku::Rules::classic();
    let puzzle = Grid::from_line(PUZZLE).unwrap();
    for k in [0, 3] {
        let solution = Grid::from_line(solutions[k]).unwrap();
        validate(&classic, &puzzle, &solution).unwrap();
    }
    for (k, link) in [(1, &killers[0]), (2, &payload)] {
        let file = fpuzzles::read(link).unwrap().file;
        let solution = Grid::from_line(solutions[k]).unwrap();
        validate(&file.rules, &file.givens, &solution).unwrap();
    }
    // The title line above a link names its puzzle.
    let (_, out, _) = run(&["check", "--json"], &text);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 2, 4, 5]);
    assert_eq!(records[2]["title"], "Killer two");
    // Rule flags are for the puzzle lines; a link says it keeps its own.
    let (code, out, err) = run(&["check", "--size", "9"], &format!("{}\n", killers[0]));
    assert_eq!((code, out.as_str()), (0, "unique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1: note: rule flags ignored: a link carries its own rules\n"
    );
}

#[test]
fn a_bad_link_is_one_error_among_the_others() {
    let text = format!("{PUZZLE}\nhttps://sudokupad.app/fpuzzlesN4IgXXXX\n{PUZZLE}\n");
    let (code, out, err) = run(&["check"], &text);
    assert_eq!((code, out.as_str()), (2, "unique\nerror\nunique\n"));
    assert!(
        err.starts_with("sudokux: -: line 2: f-puzzles payload"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_stray_line_is_one_error_and_the_grid_below_it_is_read() {
    // A short line directly above a grid: the side read off it is the stray line's.
    let text = format!("12345\n{}", block());
    let (code, out, err) = run(&["check"], &text);
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1: row 1 of the grid has 5 cells but row 2 has 9: the side is read \
         off the first row (give --size if row 1 is right)\n"
    );
    // A line of nine cells with a bad one: one error, then the grid.
    let text = format!("12345678x\n{}", block());
    let (code, out, err) = run(&["check"], &text);
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1, column 9 (r1c9): unexpected character 'x'\n"
    );
    // The same with the side given, and with numbers.
    let (code, out, _) = run(&["check", "--size", "9"], &format!("12345\n{}", block()));
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    let numbers: String = block()
        .lines()
        .map(|row| {
            let spaced: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            spaced.join(" ") + "\n"
        })
        .collect();
    let (code, out, _) = run(&["check"], &format!("1 2 3 4 5\n{numbers}"));
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    // A grid's own bad first or second row is that grid's one error, as any of its rows.
    let mut rows: Vec<String> = block().lines().map(str::to_string).collect();
    rows[0].replace_range(0..1, "x");
    let (code, out, err) = run(&["check"], &(rows.join("\n") + "\n" + PUZZLE + "\n"));
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1, column 1 (r1c1): unexpected character 'x'\n"
    );
    let mut rows: Vec<String> = block().lines().map(str::to_string).collect();
    rows[1].truncate(8);
    let (code, out, err) = run(&["check"], &(rows.join("\n") + "\n" + &block()));
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 2: row 2 of the grid has 8 cells, expected 9\n"
    );
    // A bad row inside a grid stays that grid's one error.
    let mut rows: Vec<String> = block().lines().map(str::to_string).collect();
    rows[2].truncate(7);
    let (code, out, err) = run(&["check"], &(rows.join("\n") + "\n\n" + PUZZLE + "\n"));
    assert_eq!((code, out.as_str()), (2, "error\nunique\n"));
    assert_eq!(
        err,
        "sudokux: -: line 3: row 3 of the grid has 7 cells, expected 9\n"
    );
}

#[test]
fn the_summary_of_generate_counts_what_was_written() {
    // f-puzzles has no windoku: nothing is written, and the summary says so.
    let Output {
        status,
        stdout,
        stderr,
    } = sudokux(
        &["generate", "--windoku", "--format", "url", "--seed", "1"],
        "",
    );
    let err = String::from_utf8(stderr).unwrap();
    assert_eq!((status.code(), stdout.len()), (Some(1), 0));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        "sudokux: puzzle 1: f-puzzles has no key for: windoku; nothing written"
    );
    assert!(
        lines[1].starts_with("sudokux: no puzzle written, in "),
        "{err}"
    );
    assert!(lines[1].ends_with(" s, seed 1"), "{err}");
    assert_eq!(lines.len(), 2, "{err}");
}

#[test]
fn a_puzzle_written_on_the_command_line_is_the_puzzle() {
    let (code, out, err) = run(&["solve", PUZZLE], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let puzzle = Grid::from_line(PUZZLE).unwrap();
    let solution = Grid::from_line(out.trim()).unwrap();
    validate(&sudokux::sudoku::Rules::classic(), &puzzle, &solution).unwrap();
    // With rule flags, beside files, and for the single-puzzle commands.
    let (code, out, _) = run(&["check", "--size", "9", PUZZLE, PUZZLE], "");
    assert_eq!((code, out.as_str()), (0, "unique\nunique\n"));
    let Output { status, stdout, .. } = sudokux(&["render", PUZZLE], "");
    assert_eq!(status.code(), Some(0));
    assert!(stdout.starts_with(b"<svg"));
    // A bad cell is named as in a file.
    let bad = PUZZLE.replacen('2', "x", 1);
    let (code, _, err) = run(&["check", &bad], "");
    assert_eq!(code, 2);
    // Named by its start, as a link is.
    assert_eq!(
        err,
        format!(
            "sudokux: {}...: line 1, column 1 (r1c1): unexpected character 'x'\n",
            &bad[..48]
        )
    );
    // Not a puzzle's worth of cells: the error says how to give one.
    let (code, _, err) = run(&["solve", "4.....8.5.3...."], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudokux: 4.....8.5.3....: not a file, nor a puzzle: a puzzle on the command line is one \
         line of n*n cells (81 for 9x9, blanks as `.` or `0`); else pipe puzzles in, or give `-` \
         for stdin\n"
    );
    // A missing file is still a missing file, even with a square number of characters.
    let (code, _, err) = run(&["check", "sample_top16.txt"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sudokux: sample_top16.txt: cannot open: "),
        "{err}"
    );
}

#[test]
fn a_misspelt_key_gets_the_key_it_most_likely_means() {
    let dir = tempfile::tempdir().unwrap();
    let toml = dir.path().join("typo.toml");
    std::fs::write(&toml, "size = 9\n[[thermometr]]\ncells = \"r1c1 r1c2\"\n").unwrap();
    let (code, _, err) = run(&["check", toml.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(
        err.ends_with("\nunknown key \"thermometr\": did you mean \"thermometer\"?\n"),
        "{err}"
    );
    assert!(err.contains("2 | [[thermometr]]"), "{err}");
    // Inside a table, and in JSON.
    std::fs::write(&toml, "size = 9\n[[thermometer]]\ncels = \"r1c1 r1c2\"\n").unwrap();
    let (_, _, err) = run(&["check", toml.to_str().unwrap()], "");
    assert!(
        err.ends_with("\nunknown key \"cels\": did you mean \"cells\"?\n"),
        "{err}"
    );
    let json = dir.path().join("typo.json");
    std::fs::write(&json, r#"{"size": 9, "anti-knight": true}"#).unwrap();
    let (_, _, err) = run(&["check", json.to_str().unwrap()], "");
    assert!(
        err.contains("JSON: unknown key \"anti-knight\": did you mean \"anti_knight\"?"),
        "{err}"
    );
    // Nothing close: every key is listed, as before.
    std::fs::write(&toml, "size = 9\nkropki = 1\n").unwrap();
    let (_, _, err) = run(&["check", toml.to_str().unwrap()], "");
    assert!(
        err.contains("unknown field `kropki`, expected one of `size`"),
        "{err}"
    );
}

#[test]
fn convert_writes_every_puzzle_of_a_file_as_a_link_or_says_index() {
    // Three puzzles, the second bad: three lines out, in order, the bad one `error`.
    let killer = links(&["--killer"], 1, 4).remove(0);
    let text = format!("{PUZZLE}\n12345\n{killer}\n");
    let (code, out, err) = run_plain(&["convert", "--to", "url"], &text);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[1], "error");
    assert!(err.starts_with("sudokux: -: line 2: "), "{err}");
    // Each link is its puzzle: the classic one and the killer with its cages.
    let first = fpuzzles::read(lines[0]).unwrap().file;
    assert_eq!(first.givens, Grid::from_line(PUZZLE).unwrap());
    let third = fpuzzles::read(lines[2]).unwrap().file;
    let original = fpuzzles::read(&killer).unwrap().file;
    assert_eq!(third.givens, original.givens);
    assert_eq!(third.rules.constraints(), original.rules.constraints());
    // Read back, they are the same puzzles.
    let (_, answers, _) = run(&["check"], &(lines[0].to_string() + "\n" + lines[2] + "\n"));
    assert_eq!(answers.lines().collect::<Vec<_>>(), ["unique", "unique"]);
    // JSON and TOML hold one puzzle: refused, saying --index; --index picks one.
    for to in ["toml", "fpuzzles"] {
        let (code, out, err) = run_plain(&["convert", "--to", to], &text);
        assert_eq!((code, out.as_str()), (2, ""));
        assert!(
            err.contains("3 puzzles") && err.contains("--index N (1 to 3)"),
            "{err}"
        );
    }
    let (code, out, _) = run_plain(&["convert", "--to", "toml", "--index", "3"], &text);
    assert_eq!(code, 0);
    assert_eq!(
        sudokux::sudoku::file::from_toml(&out)
            .unwrap()
            .rules
            .constraints(),
        original.rules.constraints()
    );
    // One puzzle writes both links, as before.
    let (code, out, _) = run_plain(&["convert", "--to", "url"], &format!("{PUZZLE}\n"));
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert!(out
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("https://sudokupad.app/"));
}
