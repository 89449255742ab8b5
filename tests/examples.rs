//! The examples the guide invites people to run, on good and bad arguments: a bad argument is an
//! error that says what is wrong (never a panic), a good one gives the known answer.

#[allow(dead_code)]
#[path = "../examples/count_grids.rs"]
mod count_grids;
#[allow(dead_code)]
#[path = "../examples/langford.rs"]
mod langford;
#[allow(dead_code)]
#[path = "../examples/pentominoes.rs"]
mod pentominoes;
#[allow(dead_code)]
#[path = "../examples/queens.rs"]
mod queens;
#[allow(dead_code)]
#[path = "../examples/sudoku.rs"]
mod sudoku;

use std::error::Error;
use std::io::Write;

type Run = fn(&[String], &mut dyn Write) -> Result<(), Box<dyn Error>>;

/// What an example writes on `args`, or its error message.
fn run(example: Run, args: &[&str]) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let mut out = Vec::new();
    match example(&args, &mut out) {
        Ok(()) => Ok(String::from_utf8(out).unwrap()),
        Err(error) => Err(error.to_string()),
    }
}

#[test]
fn bad_arguments_are_errors_that_say_what_is_wrong() {
    let cases: [(Run, &[&str], &str); 12] = [
        (queens::run, &["abc"], "\"abc\" is not a board size"),
        (queens::run, &["0"], "is not a board size"),
        (queens::run, &["8", "9"], "usage: queens"),
        (
            count_grids::run,
            &["banana"],
            "\"banana\" is not a box shape",
        ),
        (count_grids::run, &["0x3"], "not supported"),
        (count_grids::run, &["2x3", "--fast"], "unknown flag --fast"),
        (pentominoes::run, &["7", "7"], "7x7 has 49 cells"),
        (pentominoes::run, &["six", "10"], "\"six\" is not a side"),
        (pentominoes::run, &["6"], "usage: pentominoes"),
        (langford::run, &["x"], "\"x\" is not a number"),
        (sudoku::run, &["123"], "expected 81 characters"),
        (
            sudoku::run,
            &["11..............................................................................."],
            "r1c1 and r1c2 both hold 1",
        ),
    ];
    for (example, args, message) in cases {
        let error = run(example, args).expect_err(&format!("{args:?} is refused"));
        assert!(error.contains(message), "{args:?}: {error}");
    }
}

#[test]
fn good_arguments_give_the_known_answers() {
    let queens = run(queens::run, &["6"]).unwrap();
    assert!(queens.starts_with("6-queens: 4 solutions"), "{queens}");
    assert_eq!(queens.lines().filter(|l| l.contains('Q')).count(), 6);
    let grids = run(count_grids::run, &["2x2"]).unwrap();
    assert!(
        grids.starts_with("4x4 with 2x2 boxes: 288 filled grids"),
        "{grids}"
    );
    // One line per class of the 6x6 top band (2x3, 3 classes), between a heading and a total.
    let costs = run(count_grids::run, &["2x3", "--costs"]).unwrap();
    assert!(costs.starts_with("2x3 boxes: 3 classes"), "{costs}");
    assert_eq!(costs.lines().count(), 2 + 3 + 1, "{costs}");
    assert!(
        costs.lines().last().unwrap().starts_with("estimated: "),
        "{costs}"
    );
    let plain = run(count_grids::run, &["--plain", "2x2"]).unwrap();
    assert!(plain.contains(": 288 filled grids"), "{plain}");
    let pairs = run(langford::run, &["4"]).unwrap();
    assert_eq!(
        pairs,
        "Langford pairs for n = 4: 2 arrangements\n[4, 1, 3, 1, 2, 4, 3, 2]\n"
    );
    // The guide's invitation `pentominoes -- --knuth`: the 6x10 problem in Knuth's format.
    let knuth = run(pentominoes::run, &["--knuth"]).unwrap();
    let mut lines = knuth.lines().skip(1);
    assert_eq!(lines.next().unwrap().split(' ').count(), 12 + 60);
    assert_eq!(
        lines.count(),
        2056,
        "placements of the twelve pieces in 6x10"
    );
    let sudoku = run(sudoku::run, &[]).unwrap();
    assert!(sudoku.contains("unique ("), "{sudoku}");
}
