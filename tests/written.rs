//! Rules as people write them, through the real binary: one diagonal alone, no boxes (Latin
//! squares), a 16x16 written with `A`-`P`, and sums over alphabets that start at `0`.

use crate::common;

use common::sudokux;
use sudokux::sudoku::file::from_toml;
use sudokux::sudoku::symbols::CellChar;
use sudokux::sudoku::{validate, Alphabet, Grid, Reader, Rules, Spec};

/// Runs the binary without its summary: exit code, stdout, stderr.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut args = args.to_vec();
    args.push("--quiet");
    let out = sudokux(&args, stdin);
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The count of a puzzle line under `flags`, by dancing links and by the reference
/// backtracker, which must agree.
fn count(line: &str, flags: &[&str]) -> u64 {
    let counts: Vec<u64> = ["dlx", "backtrack"]
        .iter()
        .map(|engine| {
            let mut args = vec!["count", "--engine", engine];
            args.extend_from_slice(flags);
            let (code, out, err) = run(&args, &format!("{line}\n"));
            assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
            out.trim().parse().unwrap()
        })
        .collect();
    assert_eq!(counts[0], counts[1], "{flags:?}");
    counts[0]
}

#[test]
fn one_diagonal_alone_and_no_boxes() {
    // A 5x5 (boxes of one row: a Latin square) with r1c1 = 1 and r1c2 = 2.
    let five = format!("12{}", ".".repeat(23));
    let plain = count(&five, &[]);
    let both = count(&five, &["--diagonals"]);
    let positive = count(&five, &["--diagonal+"]);
    let negative = count(&five, &["--diagonal-negative"]);
    assert_eq!((plain, both), (8064, 48));
    // One diagonal is a looser rule than both.
    assert!(both < positive && positive < plain, "{positive}");
    assert!(both < negative && negative < plain, "{negative}");
    // No boxes: the 576 Latin squares of order 4; `1x4` says the same.
    let empty = ".".repeat(16);
    assert_eq!(count(&empty, &[]), 288);
    assert_eq!(count(&empty, &["--box", "none"]), 576);
    assert_eq!(count(&empty, &["--box", "1x4"]), 576);
    // A solution with one diagonal holds it, checked by the validator.
    let (code, out, _) = run(
        &["solve", "--first", "--diagonal+", "--size", "9"],
        &".".repeat(81),
    );
    assert_eq!(code, 0);
    let rules = Rules::new(Spec::new(9).with(|c| c.grid_units.diagonal_positive = true)).unwrap();
    let solution = Grid::from_line(out.trim()).unwrap();
    validate(&rules, &rules.empty_grid(), &solution).unwrap();
    // `--box none` in --pretty draws the frame alone.
    let (_, pretty, _) = run(
        &["solve", "--first", "--pretty", "--box", "none"],
        "1...............\n",
    );
    assert_eq!(pretty.matches('+').count(), 4, "{pretty}");
}

#[test]
fn a_16x16_written_with_a_to_p() {
    // The hexadecimal sample rewritten with A for 1 ... P for 16.
    let root = env!("CARGO_MANIFEST_DIR");
    let hex = std::fs::read_to_string(format!("{root}/tests/data/formats/hex16.txt")).unwrap();
    let to_letters = |text: &str| -> String {
        text.chars()
            .map(|c| match c.to_digit(16) {
                Some(v) => char::from(b'A' + v as u8),
                None => c,
            })
            .collect()
    };
    let line = hex.lines().find(|l| !l.starts_with('#')).unwrap();
    let letters = to_letters(line);
    let (code, out, err) = run(&["solve", "--symbols", "letters"], &format!("{letters}\n"));
    assert_eq!((code, err.as_str()), (0, ""));
    let expected =
        std::fs::read_to_string(format!("{root}/tests/data/formats/hex16.solution")).unwrap();
    assert_eq!(out.trim(), to_letters(expected.trim()));
    let letters16 = Alphabet::parse("letters").unwrap();
    let puzzle = Reader::with_alphabet(letters.as_bytes(), letters16.clone(), Some(16))
        .next()
        .unwrap()
        .unwrap()
        .grid;
    let solution = Reader::with_alphabet(out.as_bytes(), letters16, Some(16))
        .next()
        .unwrap()
        .unwrap()
        .grid;
    validate(&Rules::with_boxes(4, 4).unwrap(), &puzzle, &solution).unwrap();
}

#[test]
fn sums_count_digits_from_1_whatever_the_symbols() {
    // With symbols 0-3, the cage r1c1+r1c2 = 3 holds the first two digits, written 0 and 1.
    let text = "symbols = \"0123\"\ngivens = \"\"\"\n....\n....\n....\n....\n\"\"\"\n\
                [[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"\n";
    let (code, out, _) = run(&["solve", "--first", "--format", "toml"], text);
    assert_eq!(code, 0);
    let first_two: String = out.chars().take(2).collect();
    assert!(first_two == "01" || first_two == "10", "{out}");
    let file = from_toml(text).unwrap();
    let symbols = file.rules.symbols();
    let cells: Vec<u8> = out
        .trim()
        .chars()
        .map(|c| match symbols.read_char(c) {
            CellChar::Digit(d) => d,
            other => panic!("{c:?} read as {other:?}"),
        })
        .collect();
    let solution = Grid::from_cells(4, cells).unwrap();
    validate(&file.rules, &file.givens, &solution).unwrap();
}
