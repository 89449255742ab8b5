//! The real binary: outputs, JSON lines, exit codes, bad input in the middle of a batch.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

use common::{data, lines, sudokux};

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
const SOLUTION: &str =
    "294518736615372894783964215357691482946823157821457963468239571139745628572186349";
/// Two solutions: an unavoidable rectangle left open.
const TWO: &str =
    ".94518.36615372894.83964.15357691482946823157821457963468239571139745628572186349";
/// No solution, though no two givens conflict: r1c9 has no candidate.
const NONE: &str =
    "12345678.........9...............................................................";
/// Two 5s in row 1.
const CONFLICT: &str =
    "..5....5.........................................................................";

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

#[test]
fn solve_a_file_prints_one_solution_per_line() {
    let path = data("sample_17_clue.txt");
    let output = sudokux(&["solve", path.to_str().unwrap()], "");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let expected: String = lines("sample_17_clue.solved.txt")
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(stdout(&output), expected);
    let n = expected.lines().count();
    let err = stderr(&output);
    assert!(
        err.starts_with(&format!(
            "sudokux: {n} puzzles: {n} solved ({n} unique, 0 multiple), 0 none, 0 errors in "
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // --quiet drops the summary, and nothing else changes.
    let quiet = sudokux(&["solve", "--quiet", path.to_str().unwrap()], "");
    assert_eq!(stdout(&quiet), expected);
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn solve_reports_multiple_and_none() {
    let output = sudokux(&["solve"], &format!("{PUZZLE}\n{TWO}\n{NONE}\n"));
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got[0], SOLUTION);
    let (first, word) = got[1].split_once(' ').unwrap();
    assert_eq!(word, "multiple");
    let first = sudokux::sudoku::Grid::from_line(first).unwrap();
    sudokux::sudoku::validate(
        &sudokux::sudoku::Rules::classic(),
        &sudokux::sudoku::Grid::from_line(TWO).unwrap(),
        &first,
    )
    .unwrap();
    assert_eq!(got[2], "none");
    assert_eq!(got.len(), 3);
}

#[test]
fn solve_first_does_not_prove_uniqueness() {
    let output = sudokux(&["solve", "--first", "--json"], &format!("{TWO}\n"));
    assert_eq!(code(&output), 0);
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["status"], "solved");
    assert_eq!(record["solution"].as_str().unwrap().len(), 81);
}

#[test]
fn pretty_draws_boxes() {
    let output = sudokux(&["solve", "--pretty"], &format!("{PUZZLE}\n"));
    assert_eq!(code(&output), 0);
    let expected = "\
# -, puzzle 1 (line 1): unique
+-------+-------+-------+
| 2 9 4 | 5 1 8 | 7 3 6 |
| 6 1 5 | 3 7 2 | 8 9 4 |
| 7 8 3 | 9 6 4 | 2 1 5 |
+-------+-------+-------+
| 3 5 7 | 6 9 1 | 4 8 2 |
| 9 4 6 | 8 2 3 | 1 5 7 |
| 8 2 1 | 4 5 7 | 9 6 3 |
+-------+-------+-------+
| 4 6 8 | 2 3 9 | 5 7 1 |
| 1 3 9 | 7 4 5 | 6 2 8 |
| 5 7 2 | 1 8 6 | 3 4 9 |
+-------+-------+-------+

";
    assert_eq!(stdout(&output), expected);
    // The picture reads back as input: its header is a comment, its frame separators.
    let again = sudokux(&["solve"], expected);
    assert_eq!((stdout(&again), code(&again)), (format!("{SOLUTION}\n"), 0));
}

#[test]
fn limits_and_unreadable_inputs_in_json() {
    let zero = sudokux(&["count", "--limit", "0"], "");
    assert_eq!(code(&zero), 2);
    let output = sudokux(
        &["check", "--json", "/no/such/file.txt", "-"],
        &format!("{PUZZLE}\n"),
    );
    assert_eq!(code(&output), 2);
    let records: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["index"], 0);
    assert_eq!(records[0]["status"], "error");
    assert!(records[0]["error"]
        .as_str()
        .unwrap()
        .starts_with("cannot open"));
    assert_eq!(records[1]["status"], "unique");
}

#[test]
fn grid_blocks_on_stdin() {
    let block = "\
2 . 4 | . 1 . | . . .
. 1 5 | . . . | . . 4
. . . | 9 6 . | . . .
------+-------+------
3 . 7 | . . 1 | . . .
. 4 . | . . . | . 5 .
. . . | 4 . . | 9 . 3
------+-------+------
. . . | . 3 9 | . . .
1 . . | . . . | 6 2 .
. . . | . 8 . | 3 . 9
";
    let output = sudokux(&["solve"], &format!("{block}\r\n{PUZZLE}\r\n"));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn check_exit_codes() {
    let unique = sudokux(&["check"], &format!("{PUZZLE}\n"));
    assert_eq!((stdout(&unique).as_str(), code(&unique)), ("unique\n", 0));
    let multiple = sudokux(&["check"], &format!("{PUZZLE}\n{TWO}\n"));
    assert_eq!(
        (stdout(&multiple).as_str(), code(&multiple)),
        ("unique\nmultiple\n", 1)
    );
    let none = sudokux(&["check"], &format!("{NONE}\n"));
    assert_eq!((stdout(&none).as_str(), code(&none)), ("none\n", 1));
    let bad = sudokux(&["check"], &format!("{CONFLICT}\n{TWO}\n"));
    assert_eq!(
        (stdout(&bad).as_str(), code(&bad)),
        ("error\nmultiple\n", 2)
    );
    let usage = sudokux(&["check", "--no-such-flag"], "");
    assert_eq!(code(&usage), 2);
}

#[test]
fn check_witness_shows_two_differing_solutions() {
    let output = sudokux(&["check", "--witness"], &format!("{TWO}\n"));
    let out = stdout(&output);
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words.len(), 3);
    assert_eq!(words[0], "multiple");
    assert_ne!(words[1], words[2]);
    let rules = sudokux::sudoku::Rules::classic();
    let puzzle = sudokux::sudoku::Grid::from_line(TWO).unwrap();
    for w in &words[1..] {
        let grid = sudokux::sudoku::Grid::from_line(w).unwrap();
        sudokux::sudoku::validate(&rules, &puzzle, &grid).unwrap();
    }
    let json = sudokux(&["check", "--witness", "--json"], &format!("{TWO}\n"));
    let record: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(record["status"], "multiple");
    assert_eq!(record["solutions"].as_array().unwrap().len(), 2);
}

#[test]
fn count_with_and_without_limit() {
    let sparse = format!("{}{}", &SOLUTION[..20], ".".repeat(61));
    let output = sudokux(&["count", "--limit", "1000"], &format!("{TWO}\n{sparse}\n"));
    assert_eq!(code(&output), 0);
    assert_eq!(stdout(&output), "2\n>=1000\n");
    let json = sudokux(
        &["count", "--json", "--limit", "1000"],
        &format!("{TWO}\n{sparse}\n"),
    );
    let records: Vec<serde_json::Value> = stdout(&json)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["count"], 2);
    assert_eq!(records[0]["complete"], true);
    assert_eq!(records[0]["status"], "multiple");
    assert_eq!(records[1]["count"], 1000);
    assert_eq!(records[1]["complete"], false);
    assert!(records[1]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn bad_input_mid_file_is_reported_and_the_rest_answered() {
    let short = &PUZZLE[..80];
    let mut typo = PUZZLE.to_string();
    typo.replace_range(40..41, "x");
    let input = format!("# a batch\n{PUZZLE}\n{CONFLICT}\n{short}\n{typo}\n\n{TWO}\n");
    let output = sudokux(&["solve", "--json"], &input);
    assert_eq!(code(&output), 2);
    let records: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let status: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(status, ["unique", "error", "error", "error", "multiple"]);
    let index: Vec<u64> = records
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    assert_eq!(index, [1, 2, 3, 4, 5]);
    assert_eq!(records[0]["solution"], SOLUTION);
    assert_eq!(
        records[1]["error"],
        "line 3: r1c3 and r1c8 both hold 5 (row 1)"
    );
    assert_eq!(
        records[2]["error"],
        "line 4: expected n*n cells (a puzzle line, 81 for a 9x9) or n (a row of a grid), for \
         a side n from 4 to 35, found 80; sides up to 64 are written as numbers, one row per line"
    );
    assert_eq!(
        records[3]["error"],
        "line 5, column 41 (r5c5): unexpected character 'x'"
    );
    assert_eq!(records[4]["line"], 7);
    let err = stderr(&output);
    assert!(
        err.contains("-: line 3: r1c3 and r1c8 both hold 5 (row 1)"),
        "{err}"
    );
    // Three errors, then the summary.
    assert_eq!(err.lines().count(), 4, "{err}");
    let summary = err.lines().last().unwrap();
    assert!(summary.contains(" 3 errors in "), "{summary}");
}

#[test]
fn unreadable_inputs_do_not_stop_the_others() {
    let dir = std::env::temp_dir();
    let good = data("articles.txt");
    let output = sudokux(
        &[
            "check",
            "/no/such/file.txt",
            dir.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&output), 2);
    assert_eq!(stdout(&output), "unique\nunique\nunique\n");
    let err = stderr(&output);
    assert!(err.contains("/no/such/file.txt"), "{err}");
    assert!(err.contains("is a directory"), "{err}");
}

#[test]
fn backtrack_engine_gives_the_same_answers() {
    let path = data("articles.txt");
    let dlx = sudokux(&["solve", path.to_str().unwrap()], "");
    let reference = sudokux(
        &["solve", "--engine", "backtrack", path.to_str().unwrap()],
        "",
    );
    assert_eq!(code(&reference), 0);
    assert_eq!(stdout(&dlx), stdout(&reference));
}

#[test]
fn stats_go_to_stderr() {
    let output = sudokux(&["solve", "--stats"], &format!("{PUZZLE}\n{PUZZLE}\n"));
    assert_eq!(stdout(&output), format!("{SOLUTION}\n{SOLUTION}\n"));
    let err = stderr(&output);
    assert!(
        err.contains("puzzle 2:") && err.contains("nodes") && err.contains("updates"),
        "{err}"
    );
    assert!(err.contains("total: 2 puzzles"), "{err}");
}

#[test]
fn stats_time_a_puzzle_files_reading_and_building() {
    let file = example("killer.toml");
    let output = sudokux(&["check", "--json", "--stats", &file], "");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert_eq!(record["solution"], expected_solution("killer.solution"));
    for field in ["read_ms", "build_ms", "time_ms"] {
        let ms = record[field].as_f64();
        assert!(ms.is_some_and(|ms| ms >= 0.0), "{field}: {record}");
    }
    // The matrix of a killer, with its sums' tables, is not built in no time.
    assert!(record["build_ms"].as_f64().unwrap() > 0.0, "{record}");
    let err = stderr(&output);
    let line = err.lines().next().unwrap();
    assert!(
        line.starts_with(&format!("stats: {file}: puzzle 1: "))
            && line.contains(" ms, read ")
            && line.ends_with(" ms"),
        "{err}"
    );
    assert!(line.contains(", build "), "{err}");
    // The guesses (nodes of one option among two or more) are among the nodes.
    let guesses = record["guesses"].as_u64().expect("guesses with --stats");
    assert!(guesses <= record["nodes"].as_u64().unwrap(), "{record}");
    // Without --stats, no times; puzzle lines share their engines, so they have none of the
    // file's two steps.
    let plain = sudokux(&["check", "--json", &file], "");
    let record: serde_json::Value = serde_json::from_str(stdout(&plain).trim()).unwrap();
    for field in ["read_ms", "build_ms", "time_ms", "guesses"] {
        assert!(record.get(field).is_none(), "{field}: {record}");
    }
    let lines = sudokux(&["check", "--json", "--stats"], &format!("{PUZZLE}\n"));
    let record: serde_json::Value = serde_json::from_str(stdout(&lines).trim()).unwrap();
    assert_eq!(record["solution"], SOLUTION);
    assert!(record["time_ms"].as_f64().is_some(), "{record}");
    assert!(record.get("read_ms").is_none() && record.get("build_ms").is_none());
    assert!(!stderr(&lines).contains(", read "), "{}", stderr(&lines));
    // An open unavoidable rectangle: one choice of two options, each side forced to a
    // solution, so 2 of the 8 nodes are guesses.
    let two = sudokux(&["check", "--json", "--stats"], &format!("{TWO}\n"));
    let record: serde_json::Value = serde_json::from_str(stdout(&two).trim()).unwrap();
    assert_eq!(record["status"], "multiple", "{record}");
    assert_eq!(
        (record["nodes"].as_u64(), record["guesses"].as_u64()),
        (Some(8), Some(2))
    );
}

#[test]
fn help_documents_exit_codes() {
    let output = sudokux(&["--help"], "");
    assert_eq!(code(&output), 0);
    assert!(stdout(&output).contains("Exit codes:"));
    let output = sudokux(&["check", "--help"], "");
    assert!(stdout(&output).contains("2  bad input or usage"));
    // xc reads one exact-cover problem: its exit codes speak of that, not of puzzles.
    let help = stdout(&sudokux(&["xc", "--help"], ""));
    let codes = &help[help.find("Exit codes:").expect("xc --help has exit codes")..];
    assert!(codes.contains("1  the problem has no solution"), "{codes}");
    assert!(!codes.to_lowercase().contains("puzzle"), "{codes}");
}

#[test]
fn generate_help_gives_the_size_it_uses() {
    // generate has no puzzle to read the size off: it makes 9x9 grids unless told otherwise.
    let help = stdout(&sudokux(&["generate", "--help"], ""));
    let size = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--size"))
        .nth(1)
        .unwrap_or_default();
    assert!(size.contains("9 unless given"), "{size}");
    assert!(!help.contains("read off each puzzle"), "{help}");
    let output = sudokux(&["generate", "--seed", "7", "--quiet"], "");
    assert_eq!(code(&output), 0);
    assert_eq!(stdout(&output).trim_end().len(), 81);
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // Far more output than a pipe buffer holds, so the writer must notice the closed pipe.
    let input: String = std::iter::repeat_n(format!("{PUZZLE}\n"), 20_000).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
        .args(["solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = [0u8; 81];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the pipe is closed.
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(std::str::from_utf8(&first).unwrap(), SOLUTION);
    assert_eq!(status.code(), Some(0), "{err}");
    assert_eq!(err, "");
}

fn example(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

fn expected_solution(name: &str) -> String {
    std::fs::read_to_string(example(name))
        .unwrap()
        .trim()
        .to_string()
}

/// Every puzzle file of `examples/` (each `NAME.toml` with its `NAME.solution`), solved by the
/// command line.
#[test]
fn puzzle_files_of_every_kind_are_solved() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().unwrap();
            name.strip_suffix(".toml").map(str::to_string)
        })
        .collect();
    stems.sort();
    assert!(
        stems.len() > 30,
        "examples/ holds {} puzzle files",
        stems.len()
    );
    for stem in stems {
        let output = sudokux(&["solve", &example(&format!("{stem}.toml"))], "");
        assert_eq!(code(&output), 0, "{stem}: {}", stderr(&output));
        assert_eq!(
            stdout(&output).trim(),
            expected_solution(&format!("{stem}.solution")),
            "{stem}"
        );
    }
    let json = sudokux(&["check", "--json", &example("jigsaw.json")], "");
    let record: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(record["status"], "unique");
}

#[test]
fn samurai_json_solution_marks_the_holes() {
    let output = sudokux(&["solve", "--json", &example("samurai.toml")], "");
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let solution = record["solution"].as_str().unwrap();
    assert_eq!(solution.len(), 21 * 21);
    // r1c10 lies between the two top grids.
    assert_eq!(&solution[9..12], "...");
    assert!(!solution[..9].contains('.'));
    let pretty = sudokux(&["solve", "--pretty", &example("samurai.toml")], "");
    let text = stdout(&pretty);
    assert!(text.contains("+-------+-------+-------+       +-------+-------+-------+"));
}

#[test]
fn rule_files_on_stdin_are_detected() {
    let toml = std::fs::read_to_string(example("6x6.toml")).unwrap();
    let output = sudokux(&["solve"], &toml);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), expected_solution("6x6.solution"));
    let json = std::fs::read_to_string(example("jigsaw.json")).unwrap();
    let output = sudokux(&["solve"], &json);
    assert_eq!(stdout(&output).trim(), expected_solution("jigsaw.solution"));
}

#[test]
fn bad_rule_files_say_what_and_where() {
    let cases = [
        ("size = 9\ncolor = true\n", "unknown field `color`"),
        (
            "size = 9\nbox = \"2x4\"\n",
            "box 2x4 does not tile the 9x9 grid",
        ),
        (
            "size = 4\nregions = \"\"\"\naabb\naabb\nccdd\ncddd\n\"\"\"\n",
            "region c has 3 cells, every region needs 4",
        ),
        (
            "size = 4\n[[cage]]\nsum = 20\ncells = \"r1c1 r1c2\"\n",
            "cage 1: 2 different digits cannot add up to 20 (possible: 3 to 7)",
        ),
        (
            "size = 4\n[[unit]]\ncells = \"r1c1 r5c5\"\n",
            "unit 1: r5c5 is outside the grid",
        ),
        (
            "size = 4\ngivens = \"\"\"\n11..\n....\n....\n....\n\"\"\"\n",
            "r1c1 and r1c2 both hold 1 (row 1)",
        ),
    ];
    for (text, message) in cases {
        let output = sudokux(&["solve", "--json"], text);
        assert_eq!(code(&output), 2, "{text}");
        let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
        assert_eq!(record["status"], "error");
        let error = record["error"].as_str().unwrap();
        assert!(error.contains(message), "{error:?} lacks {message:?}");
        assert!(stderr(&output).contains(message));
    }
}

#[test]
fn rule_flags_for_puzzle_lines() {
    // Sizes read off each line: a 4x4, a 9x9 and a 6x6 (2x3 boxes by default) in one input.
    let four = format!("1{}\n", ".".repeat(15));
    let six = std::fs::read_to_string(example("6x6.toml")).unwrap();
    let six_line: String = six
        .lines()
        .filter(|l| l.len() == 6 && !l.contains('='))
        .collect();
    let input = format!("{four}{PUZZLE}\n{six_line}\n");
    let output = sudokux(&["solve", "--first"], &input);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines[0].len(), 16);
    assert_eq!(lines[1], SOLUTION);
    assert_eq!(lines[2], expected_solution("6x6.solution"));

    // --box 3x2 reads the same 6x6 line with boxes three rows high: two givens now share a
    // box.
    let output = sudokux(&["count", "--box", "3x2"], &format!("{six_line}\n"));
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("r1c4 and r3c3 both hold 1 (box 2)"));

    // X-sudoku from flags: the example's givens as one line.
    let x = std::fs::read_to_string(example("x-sudoku.toml")).unwrap();
    let x_line: String = x.lines().filter(|l| l.len() == 9).collect();
    let output = sudokux(&["check", "--diagonals"], &format!("{x_line}\n"));
    assert_eq!(stdout(&output), "unique\n");
    let output = sudokux(&["check"], &format!("{x_line}\n"));
    assert_eq!(stdout(&output), "multiple\n");

    // A 16x16 written in hexadecimal, 0 to F.
    let sixteen = expected_solution("16x16.solution");
    let hex: String = sixteen
        .chars()
        .map(|c| {
            let d = "123456789ABCDEFG".find(c).unwrap();
            "0123456789ABCDEF".chars().nth(d).unwrap()
        })
        .collect();
    let mut puzzle = hex.clone();
    puzzle.replace_range(0..3, "...");
    let output = sudokux(
        &["solve", "--symbols", "0123456789ABCDEF"],
        &format!("{puzzle}\n"),
    );
    assert_eq!(stdout(&output).trim(), hex);

    let bad = sudokux(&["solve", "--size", "9", "--box", "2x3"], "");
    assert_eq!(code(&bad), 2);
    assert!(stderr(&bad).contains("disagree"));
    // A box of no rows or columns is named as such, not as a grid of 0 digits.
    for shape in ["0x9", "3x0"] {
        let bad = sudokux(&["solve", "--box", shape], "");
        assert_eq!(code(&bad), 2);
        assert!(
            stderr(&bad).contains("at least one row and one column"),
            "{shape}"
        );
    }
}

#[test]
fn parallel_batches_keep_input_order() {
    // Hard and easy puzzles mixed with bad lines: every worker count gives the same output.
    let mut input = String::new();
    for (k, line) in lines("sample_hardest_1106.txt").iter().enumerate() {
        input.push_str(line);
        input.push('\n');
        if k % 7 == 3 {
            input.push_str(CONFLICT);
            input.push('\n');
        }
        if k % 5 == 1 {
            input.push_str(TWO);
            input.push('\n');
        }
    }
    let one = sudokux(&["solve", "--json", "--jobs", "1"], &input);
    for jobs in ["2", "3", "8"] {
        let many = sudokux(&["solve", "--json", "--jobs", jobs], &input);
        assert_eq!(stdout(&many), stdout(&one), "--jobs {jobs}");
        assert_eq!(code(&many), 2);
    }
    let indexes: Vec<u64> = stdout(&one)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(indexes, (1..=indexes.len() as u64).collect::<Vec<_>>());
}

#[test]
fn one_puzzle_counted_on_every_worker() {
    let empty4 = format!("{}\n", ".".repeat(16));
    for jobs in ["1", "2", "3"] {
        let output = sudokux(&["count", "--jobs", jobs], &empty4);
        assert_eq!(stdout(&output), "288\n", "--jobs {jobs}");
        let limited = sudokux(&["count", "--jobs", jobs, "--limit", "100"], &empty4);
        assert_eq!(stdout(&limited), ">=100\n", "--jobs {jobs}");
    }
    let sparse = format!("{}{}\n", &SOLUTION[..40], ".".repeat(41));
    let one = sudokux(&["count", "--jobs", "1"], &sparse);
    let two = sudokux(&["count", "--jobs", "2"], &sparse);
    assert_eq!(stdout(&one), "10008\n");
    assert_eq!(stdout(&one), stdout(&two));
}

#[test]
fn check_witness_pretty_names_the_cells_where_the_two_solutions_differ() {
    let output = sudokux(&["check", "--witness", "--pretty"], &format!("{TWO}\n"));
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let text = stdout(&output);
    // Both grids, read back from the picture, differ exactly where the last line says.
    let grids: Vec<String> = text
        .split("\nand\n")
        .map(|part| {
            part.lines()
                .filter(|l| l.starts_with('|'))
                .flat_map(|l| l.chars().filter(|c| c.is_ascii_digit()))
                .collect()
        })
        .collect();
    assert_eq!(grids.len(), 2, "{text}");
    let differing: Vec<String> = (0..81)
        .filter(|&k| grids[0].as_bytes()[k] != grids[1].as_bytes()[k])
        .map(|k| {
            let (a, b) = (
                grids[0].as_bytes()[k] as char,
                grids[1].as_bytes()[k] as char,
            );
            format!("r{}c{} {a} and {b}", k / 9 + 1, k % 9 + 1)
        })
        .collect();
    let last = text.trim_end().lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "# they differ in {} cells: {}",
            differing.len(),
            differing.join(", ")
        )
    );
    assert_eq!(differing.len(), 4, "{text}");
}

/// Runs `sudokux ARGS` on a terminal (`script` gives it one), typing `typed` then Ctrl-D.
fn on_a_terminal(args: &str, typed: &str) -> String {
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_sudokux"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (bsdutils) runs a command on a terminal");
    // Read the terminal's output as it comes, so that typing waits for the prompt: typed
    // before it, the terminal's echo could land inside the prompt on a loaded machine.
    let shown = Arc::new(Mutex::new(Vec::new()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let shown = Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read) = stdout.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                shown.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        })
    };
    let prompted = |shown: &Mutex<Vec<u8>>| {
        let text = shown.lock().unwrap();
        String::from_utf8_lossy(&text).contains("from the terminal")
    };
    let start = Instant::now();
    while !prompted(&shown) && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(typed.as_bytes()).unwrap();
    // Ctrl-D on an empty line ends the input; wait for the line to be read first.
    std::thread::sleep(Duration::from_millis(500));
    // (a command that needs one puzzle may have ended already)
    let _ = stdin.write_all(b"\x04");
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
    let shown = shown.lock().unwrap();
    String::from_utf8_lossy(&shown).replace("\r\n", "\n")
}

#[test]
fn typing_at_a_terminal_is_prompted() {
    // The terminal echoes what is typed, maybe before the prompt: the prompt comes before
    // the answer.
    let shown = on_a_terminal("solve", &format!("{PUZZLE}\n"));
    let prompt = shown.find(
        "sudokux: reading puzzles (a line or a grid each) from the terminal; end with Ctrl-D \
         (or give a file name)\n",
    );
    let answer = shown.find(&format!("\n{SOLUTION}\n"));
    assert!(prompt.is_some() && prompt < answer, "{shown:?}");
    let shown = on_a_terminal("hint", &format!("{PUZZLE}\n"));
    let prompt = shown.find("sudokux: reading a puzzle from the terminal; end with Ctrl-D");
    let answer = shown.find("r3c6 = 4: hidden single in box 2");
    assert!(prompt.is_some() && prompt < answer, "{shown:?}");
    // Not on a pipe: stderr stays for answers and errors.
    let output = sudokux(&["solve"], &format!("{PUZZLE}\n"));
    assert_eq!(stderr(&output), "");
}

/// A puzzle without solution: `solve` and `check` say why when propagation from the givens
/// shows it (an empty cell no digit fits), on stderr beside `none` and as `why` in JSON, as
/// `hint` and `explain` do; a puzzle with a solution has no `why`.
#[test]
fn no_solution_names_the_cell_no_digit_fits() {
    // r1c9 sees 1-8 in its row and the 9 of r2c9.
    let stuck = format!("12345678.{}9{}\n", ".".repeat(8), ".".repeat(63));
    let reason = "no digit fits r1c9, the givens it sees rule out each one";
    for command in ["solve", "check"] {
        let output = sudokux(&[command], &stuck);
        assert_eq!(code(&output), 1, "{command}");
        assert_eq!(stdout(&output), "none\n", "{command}");
        assert_eq!(
            stderr(&output),
            format!("sudokux: -: line 1: no solution: {reason}\n"),
            "{command}"
        );
        let json = sudokux(&[command, "--json"], &stuck);
        let record: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
        assert_eq!(record["status"], "none", "{command}");
        assert_eq!(record["why"], reason, "{command}");
    }
    let hint = sudokux(&["hint"], &stuck);
    assert!(stderr(&hint).contains(reason), "{}", stderr(&hint));
    let solvable = format!("12345678.{}", ".".repeat(72));
    let json = sudokux(&["check", "--json"], &format!("{solvable}\n"));
    let record: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(record["status"], "multiple");
    assert!(record.get("why").is_none(), "{record}");
}

#[test]
fn count_stats_name_the_symmetries_used_and_no_symmetry_uses_none() {
    let stats = |args: &[&str], grid: &str| {
        let output = sudokux(args, grid);
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let line = stderr.lines().next().unwrap_or_default().to_string();
        (String::from_utf8(output.stdout).unwrap(), line)
    };
    let empty = |n: usize| format!("{}\n", ".".repeat(n * n));
    let bands = "symmetries: digits, rows-in-bands, columns-in-stacks, stacks";
    // An empty grid of plain boxes: counted by bands.
    let (out, line) = stats(&["count", "--stats"], &empty(4));
    assert_eq!(out, "288\n");
    assert!(line.ends_with(bands), "{line}");
    // 3x2 boxes, counted as their transpose.
    let (out, line) = stats(&["count", "--stats", "--box", "3x2"], &empty(6));
    assert_eq!(out, "28200960\n");
    assert!(line.ends_with(&format!("{bands}, transpose")), "{line}");
    // A given breaks every symmetry but the renaming of the digits it leaves alone.
    let (out, line) = stats(&["count", "--stats"], &format!("1{}\n", ".".repeat(15)));
    assert_eq!(out, "72\n");
    assert!(line.ends_with("symmetries: digits"), "{line}");
    // --no-symmetry: the plain search, the same count, no symmetry named.
    let (out, line) = stats(&["count", "--stats", "--no-symmetry"], &empty(4));
    assert_eq!(out, "288\n");
    assert!(
        line.starts_with("stats: -: puzzle 1: ") && !line.contains("symmetries"),
        "{line}"
    );
}
