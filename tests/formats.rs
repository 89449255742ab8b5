//! Input formats and CSV output, through the real binary: SadMan `.sdk`, Simple Sudoku `.ss`,
//! pencilmark lines, named alphabets, whitespace-separated numbers, `--format`.

use crate::common;

use std::path::PathBuf;

use sudokux::sudoku::{validate, Grid, Rules};

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
const SOLUTION: &str =
    "294518736615372894783964215357691482946823157821457963468239571139745628572186349";

fn path(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/data/formats", name]
        .iter()
        .collect();
    path.to_str().unwrap().to_string()
}

fn text(name: &str) -> String {
    std::fs::read_to_string(path(name)).unwrap()
}

/// A solution file of `examples/` on one line.
fn example_solution(name: &str) -> String {
    let path = format!("{}/examples/{name}.solution", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .split_whitespace()
        .collect()
}

/// Runs the binary without its end-of-batch summary, so that stderr holds only messages.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut args = args.to_vec();
    args.push("--quiet");
    common::sudokux_text(&args, stdin)
}

#[test]
fn sdk_with_header_and_sections() {
    let (code, out, err) = run(&["solve", &path("sections.sdk")], "");
    assert_eq!(
        (code, out, err),
        (0, format!("{SOLUTION}\n"), String::new())
    );
    // Without sections, as SudoCue writes it; detected from stdin by its [Puzzle] line too.
    let (code, out, _) = run(&["solve", &path("plain.sdk")], "");
    assert_eq!(code, 0);
    let given = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";
    let solution = Grid::from_line(out.trim()).unwrap();
    validate(
        &Rules::classic(),
        &Grid::from_line(given).unwrap(),
        &solution,
    )
    .unwrap();
    let (code, out, _) = run(&["solve"], &text("sections.sdk"));
    assert_eq!((code, out), (0, format!("{SOLUTION}\n")));
}

#[test]
fn simple_sudoku_with_frames_separators_and_underscores() {
    for name in ["framed.ss", "plain.ss"] {
        let (code, out, err) = run(&["solve", &path(name)], "");
        assert_eq!(
            (code, out, err),
            (0, format!("{SOLUTION}\n"), String::new()),
            "{name}"
        );
    }
}

#[test]
fn pencilmarks_restrict_candidates() {
    let expected = "\
794518236615372894283964715357691482946823157821457963468239571139745628572186349
294518736615372894783964215357691482946823157821457963468239571139745628572186349
";
    for engine in ["dlx", "backtrack"] {
        let (code, out, err) = run(&["solve", "--engine", engine, &path("pencilmarks.txt")], "");
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        // The first line leaves r1c1 only 7 and 9: of the givens' two solutions, the one with 7.
        assert_eq!(lines[..2].join("\n") + "\n", expected, "{engine}");
        // The same givens with every candidate: two solutions.
        assert!(lines[2].ends_with(" multiple"), "{engine}: {}", lines[2]);
    }
    let (code, out, _) = run(&["count", &path("pencilmarks.txt")], "");
    assert_eq!((code, out.as_str()), (0, "1\n1\n2\n"));
    // A cell with no candidate is named; forcing the format, a puzzle line is refused.
    let mut bad = text("pencilmarks.txt").lines().nth(1).unwrap().to_string();
    bad.replace_range(9..18, ".........");
    let (code, out, err) = run(
        &["solve", "--format", "pencilmark"],
        &format!("{bad}\n{PUZZLE}\n"),
    );
    assert_eq!((code, out.as_str()), (2, "error\nerror\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1, column 10 (r1c2): the cell has no candidate\n\
         sudokux: -: line 2: expected a pencilmark line of n^3 characters for an nxn grid (64 for 4x4, 729 for 9x9, 4096 for 16x16, ...), found 81\n"
    );
}

#[test]
fn named_alphabets_hex_and_letters() {
    for name in ["0-9A-F", "hex"] {
        let (code, out, err) = run(&["solve", "--symbols", name, &path("hex16.txt")], "");
        assert_eq!(
            (code, out, err),
            (0, text("hex16.solution"), String::new()),
            "{name}"
        );
    }
    for name in ["A-Z", "letters"] {
        let (code, out, _) = run(&["solve", "--symbols", name, &path("letters.txt")], "");
        assert_eq!((code, out), (0, text("letters.solution")), "{name}");
    }
    let (code, out, _) = run(&["solve", "--symbols", "1-9A-Z"], &format!("{PUZZLE}\n"));
    assert_eq!((code, out), (0, format!("{SOLUTION}\n")));
    // Too small an alphabet, fixed by the flags or met in the input.
    let (code, _, err) = run(&["solve", "--symbols", "hex", "--size", "25"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudokux: the alphabet 0-9A-F has 16 symbols, too few for a 25x25 grid\n"
    );
    let (code, out, err) = run(
        &["solve", "--symbols", "letters"],
        &format!("{}\n", ".".repeat(729)),
    );
    assert_eq!((code, out.as_str()), (2, "error\n"));
    assert_eq!(
        err,
        "sudokux: -: line 1: the alphabet A-Z has 26 symbols, too few for a 27x27 grid\n"
    );
}

#[test]
fn whitespace_separated_numbers_16_and_25() {
    let (code, out, err) = run(&["solve", &path("numbers16.txt")], "");
    assert_eq!(
        (code, out, err),
        (0, example_solution("16x16") + "\n", String::new())
    );
    let (code, out, _) = run(&["solve", &path("numbers25.txt")], "");
    assert_eq!((code, out), (0, example_solution("25x25") + "\n"));
    let (code, _, err) = run(&["solve"], "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99\n");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudokux: -: line 1, column 37 (r1c16): 99 is not a digit of this 16x16 grid\n"
    );
}

#[test]
fn forced_format_overrides_detection() {
    // The extension says sdk; forced to plain lines, the [Puzzle] line is bad input.
    let (code, out, err) = run(&["solve", "--format", "line", &path("sections.sdk")], "");
    assert_eq!(code, 2);
    assert!(out.starts_with("error\n"), "{out}");
    assert!(
        err.contains("line 5, column 1 (r1c1): unexpected character '['"),
        "{err}"
    );
    // A [Puzzle] section after a puzzle line: detection sees lines, --format sdk sections.
    let rows: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let input = format!("{PUZZLE}\n[Puzzle]\n{rows}[State]\n{}\n", &SOLUTION[..9]);
    let (code, _, _) = run(&["solve"], &input);
    assert_eq!(code, 2);
    let (code, out, err) = run(&["solve", "--format", "sdk"], &input);
    assert_eq!(
        (code, out, err),
        (0, format!("{SOLUTION}\n{SOLUTION}\n"), String::new())
    );
    // A rule file named .txt, forced.
    let toml = std::fs::read_to_string(format!("{}/examples/6x6.toml", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let (code, out, _) = run(&["solve", "--format", "toml"], &toml);
    assert_eq!((code, out), (0, example_solution("6x6") + "\n"));
    let (code, _, err) = run(&["solve", "--format", "sdk,toml"], "");
    assert_eq!(code, 2);
    assert!(err.contains("one input format at most"), "{err}");
}

#[test]
fn csv_header_rows_in_order_errors_and_quoting() {
    let two = ".94518.36615372894.83964.15357691482946823157821457963468239571139745628572186349";
    let bad = format!("{}x", &PUZZLE[..80]);
    let input = format!("{PUZZLE}\n{bad}\n{two}\n");
    let (code, out, err) = run(&["solve", "--format", "csv"], &input);
    assert_eq!(code, 2);
    let two_solution = out
        .lines()
        .nth(3)
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .to_string();
    assert_eq!(
        out,
        format!(
            "puzzle,solution,status,count\n\
             {PUZZLE},{SOLUTION},unique,1\n\
             ,,error,\n\
             {two},{two_solution},multiple,>=2\n"
        )
    );
    assert_eq!(
        err,
        "sudokux: -: line 2, column 81 (r9c9): unexpected character 'x'\n"
    );
    // check and count, and --format given with an input format.
    let (_, out, _) = run(&["check", "--format", "csv"], &input);
    assert_eq!(
        out,
        format!("puzzle,solution,status,count\n{PUZZLE},{SOLUTION},unique,1\n,,error,\n{two},,multiple,>=2\n")
    );
    let (_, out, _) = run(
        &["count", "--format", "line,csv", "--limit", "1"],
        &format!("{two}\n"),
    );
    assert_eq!(
        out,
        format!("puzzle,solution,status,count\n{two},,solved,>=1\n")
    );
    let (code, out, _) = run(&["count", "--format", "csv"], &format!("{two}\n"));
    assert_eq!(
        (code, out),
        (
            0,
            format!("puzzle,solution,status,count\n{two},,multiple,2\n")
        )
    );
    // A symbol that needs quoting: `"` for 1, written `""` inside quotes.
    let quoted = PUZZLE.replace('1', "\"");
    let (code, out, _) = run(
        &["solve", "--format", "csv", "--symbols", "\"23456789"],
        &format!("{quoted}\n"),
    );
    assert_eq!(code, 0);
    let field = |s: &str| format!("\"{}\"", s.replace('1', "\"\""));
    assert_eq!(
        out,
        format!(
            "puzzle,solution,status,count\n{},{},unique,1\n",
            field(PUZZLE),
            field(SOLUTION)
        )
    );
    // Input order holds with several workers.
    let many: String = (0..300)
        .map(|k| {
            if k % 7 == 3 {
                format!("{bad}\n")
            } else {
                format!("{PUZZLE}\n")
            }
        })
        .collect();
    let (_, out, _) = run(&["solve", "--format", "csv", "--jobs", "2"], &many);
    let statuses: Vec<&str> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    let expected: Vec<&str> = (0..300)
        .map(|k| if k % 7 == 3 { "error" } else { "unique" })
        .collect();
    assert_eq!(statuses, expected);
    // CSV is its own output.
    let (code, _, err) = run(&["solve", "--format", "csv", "--json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("leave out --json and --pretty"), "{err}");
}

#[test]
fn csv_for_rule_files_and_pencilmarks() {
    let toml = format!("{}/examples/6x6.toml", env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = run(&["solve", "--format", "csv", &toml], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "puzzle,solution,status,count\n.5.1...4....2.1....3.........5.1364.,{},unique,1\n",
            example_solution("6x6")
        )
    );
    // A pencilmark puzzle is written back as its pencilmark line.
    let line = text("pencilmarks.txt")
        .lines()
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let (_, out, _) = run(&["check", "--format", "csv"], &format!("{line}\n"));
    assert!(out.ends_with(&format!("{line},794518236615372894283964715357691482946823157821457963468239571139745628572186349,unique,1\n")), "{out}");
}

#[test]
fn project_euler_titles_name_the_grids_below_them() {
    // Project Euler's p096 layout: `Grid NN` directly above each 9-line grid, 0 for blanks.
    let input = path("p096_sample.txt");
    let expected = text("p096_sample.solution");
    let (code, out, err) = run(&["solve", &input], "");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, expected.as_str(), "")
    );
    let rules = Rules::classic();
    let sample = text("p096_sample.txt");
    let puzzles = sudokux::sudoku::parse::Reader::new(sample.as_bytes(), 9);
    for (puzzle, line) in puzzles.zip(out.lines()) {
        let solution = Grid::from_line(line).unwrap();
        validate(&rules, &puzzle.unwrap().grid, &solution).unwrap();
    }
    let (_, json, _) = run(&["check", "--json", &input], "");
    let titles: Vec<(String, u64)> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| {
            (
                v["title"].as_str().unwrap().to_string(),
                v["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        titles,
        [
            ("Grid 01".into(), 2),
            ("Grid 02".into(), 12),
            ("Grid 03".into(), 22)
        ]
    );
    let (_, pretty, _) = run(&["solve", "--pretty", &input], "");
    assert!(pretty.starts_with(&format!(
        "# Grid 01\n# {input}, puzzle 1 (line 2): unique\n+-------+"
    )));
    // A bad grid under its title is one error, and the grid after it is still read.
    let text = text("p096_sample.txt").replacen("003020600", "0030x0600", 1);
    let (code, out, err) = run(&["solve"], &text);
    let mut lines = expected.lines().skip(1);
    assert_eq!(
        (code, out.lines().collect::<Vec<_>>()),
        (
            2,
            vec!["error", lines.next().unwrap(), lines.next().unwrap()]
        )
    );
    assert_eq!(
        err,
        "sudokux: -: line 2, column 5 (r1c5): unexpected character 'x'\n"
    );
}

#[test]
fn pencil_marks_combine_with_cages_regions_and_any_size() {
    // A 4x4 jigsaw with a cage: pencil marks in the puzzle file restrict it further, and the
    // exact cover and the reference backtracker agree with and without them.
    let base = "size = 4\nregions = \"\"\"\nAABB\nACBB\nACDD\nCCDD\n\"\"\"\n\
                [[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"\n";
    let marked = format!(
        "{base}[[pencilmarks]]\ncell = \"r1c1\"\ndigits = [2]\n\
         [[pencilmarks]]\ncell = \"r4c4\"\ndigits = [1, 3]\n"
    );
    let count = |text: &str, engine: &str| {
        let (code, out, err) = run(&["count", "--format", "toml", "--engine", engine], text);
        assert_eq!((code, err.as_str()), (0, ""));
        out.trim().parse::<u64>().unwrap()
    };
    let (all, some) = (count(base, "dlx"), count(&marked, "dlx"));
    assert_eq!(
        (all, some),
        (count(base, "backtrack"), count(&marked, "backtrack"))
    );
    assert!(0 < some && some < all, "{some} of {all}");
    // A 16x16 with pencil marks: the marked cells hold one of their digits.
    let mut text = String::from("size = 16\n");
    for (cell, digits) in [
        ("r1c1", "[16]"),
        ("r16c16", "[2, 3]"),
        ("r8c9", "[9, 10, 11]"),
    ] {
        text.push_str(&format!(
            "[[pencilmarks]]\ncell = \"{cell}\"\ndigits = {digits}\n"
        ));
    }
    let (code, out, _) = run(&["solve", "--first", "--format", "toml"], &text);
    assert_eq!(code, 0);
    let file = sudokux::sudoku::file::from_toml(&text).unwrap();
    let grid = sudokux::sudoku::Reader::inferring(out.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .grid;
    validate(&file.rules, &file.givens, &grid).unwrap();
    let solution: Vec<char> = out.trim().chars().collect();
    assert_eq!(solution.len(), 256);
    assert_eq!(solution[0], 'G');
    assert!(['2', '3'].contains(&solution[255]));
    assert!(['9', 'A', 'B'].contains(&solution[7 * 16 + 8]));
}

/// A pencilmark line for `solution` (default alphabet): each cell's own digit, and the next
/// one (cyclically) where `two` says so.
fn pencilmark_line(solution: &str, two: impl Fn(usize) -> bool) -> String {
    const ALPHABET: &str = "123456789ABCDEFG";
    let n = (solution.len() as f64).sqrt() as usize;
    let mut line = String::new();
    for (k, symbol) in solution.chars().enumerate() {
        let d = ALPHABET.find(symbol).unwrap();
        let next = (d + 1) % n;
        for (place, name) in ALPHABET.chars().take(n).enumerate() {
            let mark = place == d || (two(k) && place == next);
            line.push(if mark { name } else { '.' });
        }
    }
    line
}

#[test]
fn pencilmark_lines_of_4x4_and_16x16_are_n_cubed_characters() {
    let s4 = "1234341221434321";
    let s16 = "123456789ABCDEFG9ABC1234DEFG56785678DEFG12349ABCDEFG9ABC5678123431427586B9EAFCGD\
               B9EA3142FCGD75867586FCGD3142B9EAFCGDB9EA7586314224136857AF9BCGDEAF9B2413CGDE6857\
               6857CGDE2413AF9BCGDEAF9B6857241343218765EBA9GDCFEBA94321GDCF87658765GDCF4321EBA9\
               GDCFEBA987654321";
    for (solution, size) in [(s4, 4), (s16, 16)] {
        let rules = Rules::new(sudokux::sudoku::Spec::new(size)).unwrap();
        let cells = solution
            .chars()
            .map(|c| c.to_digit(36).unwrap() as u8)
            .collect();
        let grid = Grid::from_cells(size, cells).unwrap();
        validate(&rules, &rules.empty_grid(), &grid).unwrap();
    }
    // Two candidates in most cells, one in every third (4x4) or fifth (16x16): unique; two
    // everywhere in the 4x4: the solution and its digits turned by one.
    let lines = [
        pencilmark_line(s4, |k| k % 3 != 0),
        pencilmark_line(s4, |_| true),
        pencilmark_line(s16, |k| k % 5 != 0),
    ];
    assert_eq!(
        lines.iter().map(String::len).collect::<Vec<_>>(),
        [64, 64, 4096]
    );
    let input = lines.join("\n") + "\n";
    for engine in ["dlx", "backtrack"] {
        let (code, out, err) = run(&["solve", "--engine", engine], &input);
        assert_eq!(
            (code, out, err),
            (0, format!("{s4}\n{s4} multiple\n{s16}\n"), String::new()),
            "{engine}"
        );
    }
    let (code, out, _) = run(&["count"], &input);
    assert_eq!((code, out.as_str()), (0, "1\n2\n1\n"));
    // Forced, the line must have the length of --size; a letter out of its place is named.
    let (code, _, err) = run(
        &["count", "--format", "pencilmark", "--size", "9"],
        &lines[0],
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "sudokux: -: line 1: expected a pencilmark line of 729 characters (9 per cell of a \
             9x9 grid), found 64\n"
        )
    );
    let mut bad = lines[2].clone();
    bad.replace_range(16..17, "C"); // r1c2, place 1
    let (code, _, err) = run(&["count", "--format", "pencilmark"], &bad);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "sudokux: -: line 1, column 17 (r1c2): 'C' in place 1 of a pencilmark cell, where \
             only 1, `.` or `0` may stand\n"
        )
    );
}
