//! The exact-cover engine as a tool: Knuth's format, the example problems and their known
//! counts, colors, the `sudokux xc` command.

use crate::common;

use std::collections::HashSet;

use common::sudokux;
use sudokux::xc::knuth::read;
use sudokux::xc::CountOptions;

#[allow(dead_code)]
#[path = "../examples/langford.rs"]
mod langford;
#[allow(dead_code)]
#[path = "../examples/pentominoes.rs"]
mod pentominoes;

fn example(name: &str) -> String {
    format!("{}/examples/xc/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn count_file(name: &str) -> u128 {
    let text = std::fs::read_to_string(example(name)).unwrap();
    let mut problem = read(text.as_bytes()).unwrap();
    let count = problem.solver.count(CountOptions::new());
    assert!(count.complete);
    count.count
}

#[test]
fn example_files_have_their_known_counts() {
    assert_eq!(count_file("knuth.xc"), 1);
    // Langford pairs, n = 7: 26 arrangements and their mirror images.
    assert_eq!(count_file("langford-7.xc"), 52);
    // The pentominoes fill a 3x20 box in 2 ways, each found in its 4 symmetric versions.
    assert_eq!(count_file("pentominoes-3x20.xc"), 8);
}

/// The pentominoes fill a 4x15 box in 368 ways and a 6x10 one in 2,339, each tiling found once
/// per symmetry of the rectangle. The 6x10 count takes six seconds in the test build: it runs
/// under `SUDOKUX_HEAVY_TESTS=1` (`.ci/run`); plain `cargo test` counts the 4x15 box (one
/// second), written by the generator that wrote the 6x10 file (and the 3x20 one), which is
/// checked to be the same text.
#[test]
fn pentominoes_fill_4x15_in_368_ways_and_6x10_in_2339() {
    let knuth = |rows: &str, cols: &str| {
        let args = [rows.to_string(), cols.to_string(), "--knuth".to_string()];
        let mut out = Vec::new();
        pentominoes::run(&args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    for (rows, cols) in [("3", "20"), ("6", "10")] {
        let file = std::fs::read_to_string(example(&format!("pentominoes-{rows}x{cols}.xc")));
        assert_eq!(knuth(rows, cols), file.unwrap(), "{rows}x{cols}");
    }
    let mut problem = read(knuth("4", "15").as_bytes()).unwrap();
    let count = problem.solver.count(CountOptions::new());
    assert_eq!((count.count, count.complete), (4 * 368, true));
    if common::heavy() {
        assert_eq!(count_file("pentominoes-6x10.xc"), 4 * 2339);
    }
}

#[test]
fn langford_pairs_from_the_builder() {
    for (n, expected) in [(1, 0), (2, 0), (3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let mut solver = langford::langford(n);
        let mut count = 0;
        for solution in solver.solutions() {
            count += 1;
            // Check the arrangement itself: every slot once, the two ks k apart.
            let mut row = vec![0usize; 2 * n];
            for option in &solution {
                let parts: Vec<&str> = option.split(' ').collect();
                let k: usize = parts[0].parse().unwrap();
                let a: usize = parts[1][1..].parse().unwrap();
                let b: usize = parts[2][1..].parse().unwrap();
                assert_eq!(b - a, k + 1);
                for slot in [a, b] {
                    assert_eq!(row[slot - 1], 0, "slot {slot} used twice");
                    row[slot - 1] = k;
                }
            }
            assert!(row.iter().all(|&k| k > 0));
        }
        assert_eq!(count, expected, "n = {n}");
    }
}

#[test]
fn word_squares_match_brute_force() {
    let text = std::fs::read_to_string(example("word-square.xc")).unwrap();
    // The words, read back from the options of the first row: "row1 c11:a c12:c c13:e".
    let words: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("row1 c"))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|t| t.split_once(':').unwrap().1)
                .collect()
        })
        .collect();
    assert!(words.len() > 100);
    // Every choice of three rows, kept when its three columns are words too. The words are
    // looked up in a table by their letters: the 336^3 triples then take no allocation each
    // (a string and a hash per column took 7 s in the test build).
    let letter = |w: &str, i: usize| usize::from(w.as_bytes()[i] - b'a');
    let mut is_word = vec![false; 26 * 26 * 26];
    for w in &words {
        assert!(
            w.len() == 3 && w.bytes().all(|b| b.is_ascii_lowercase()),
            "{w}"
        );
        is_word[(letter(w, 0) * 26 + letter(w, 1)) * 26 + letter(w, 2)] = true;
    }
    let rows: Vec<[usize; 3]> = words
        .iter()
        .map(|w| [letter(w, 0), letter(w, 1), letter(w, 2)])
        .collect();
    let mut brute = 0u128;
    for a in &rows {
        for b in &rows {
            for c in &rows {
                if (0..3).all(|i| is_word[(a[i] * 26 + b[i]) * 26 + c[i]]) {
                    brute += 1;
                }
            }
        }
    }
    assert_eq!(count_file("word-square.xc"), brute);
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn the_xc_command_prints_options_as_written() {
    let output = sudokux(&["xc", &example("knuth.xc")], "");
    assert_eq!(output.status.code(), Some(0));
    let out = text(&output.stdout);
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort();
    assert_eq!(lines, ["a d f", "b g", "c e"]);
    assert_eq!(
        text(&output.stderr),
        "",
        "no progress line when not on a terminal"
    );

    // Two solutions, separated by a blank line.
    let output = sudokux(&["xc"], "x y\nx\ny\nx y\n");
    assert_eq!(text(&output.stdout), "x\ny\n\nx y\n");

    let count = sudokux(&["xc", "--count", &example("langford-7.xc")], "");
    assert_eq!(text(&count.stdout), "52\n");
    let limited = sudokux(
        &["xc", "--count", "--limit", "10", &example("langford-7.xc")],
        "",
    );
    assert_eq!(text(&limited.stdout), ">=10\n");

    let json = sudokux(
        &["xc", "--json", "--limit", "2", &example("langford-7.xc")],
        "",
    );
    let records: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[1]["solution"], 2);
    assert_eq!(records[0]["options"].as_array().unwrap().len(), 7);
    assert_eq!(records[2]["count"], 2);
    assert_eq!(records[2]["complete"], false);
    assert!(records[2]["nodes"].as_u64().unwrap() > 0);

    let none = sudokux(&["xc"], "a b\na\n");
    assert_eq!(
        (none.status.code(), text(&none.stdout).as_str()),
        (Some(1), "")
    );
}

#[test]
fn xc_errors_name_the_line_and_the_item() {
    let output = sudokux(&["xc"], "| items\na b | c\na c\nb z\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "sudokux: -: line 4: unknown item \"z\"\n"
    );
    let output = sudokux(&["xc", "/no/such/problem.xc"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn progress_and_stats_when_asked() {
    let output = sudokux(
        &["xc", "--count", "--stats", &example("pentominoes-3x20.xc")],
        "",
    );
    assert_eq!(text(&output.stdout), "8\n");
    let err = text(&output.stderr);
    assert!(
        err.contains("stats: 72 items (72 primary), 1236 options; 8 solutions"),
        "{err}"
    );
    // The progress line of a count shows once it has run half a second (quick ones stay
    // quiet), and of a search from its first check.
    let counted = sudokux(
        &[
            "xc",
            "--count",
            "--progress",
            "--timeout",
            "1.5",
            &example("pentominoes-6x10.xc"),
        ],
        "",
    );
    let err = text(&counted.stderr);
    assert!(err.contains("% explored"), "{err}");
    let searched = sudokux(&["xc", "--progress", &example("pentominoes-3x20.xc")], "");
    let err = text(&searched.stderr);
    assert!(err.contains("% explored"), "{err}");
}

/// `--domination K` (locked candidates on the matrix) finds the same solutions, counted or
/// printed, in no more nodes than the plain search; nonsense values are refused.
#[test]
fn domination_keeps_the_solutions_and_saves_nodes() {
    let nodes = |output: &std::process::Output| -> u64 {
        let stats = text(&output.stderr);
        let at = stats.find(" nodes").expect("stats name the nodes");
        let number = stats[..at].rsplit(' ').next().unwrap();
        number.parse().unwrap()
    };
    // A solution's options, in any order; the set of solutions.
    let solutions = |output: &std::process::Output| -> HashSet<Vec<String>> {
        text(&output.stdout)
            .split("\n\n")
            .map(|solution| {
                let mut options: Vec<String> = solution.lines().map(String::from).collect();
                options.sort();
                options
            })
            .collect()
    };
    for file in ["langford-7.xc", "pentominoes-3x20.xc", "knuth.xc"] {
        let plain = sudokux(&["xc", "--stats", &example(file)], "");
        let printed = solutions(&plain);
        for k in ["2", "3", "100"] {
            let reduced = sudokux(&["xc", "--stats", "--domination", k, &example(file)], "");
            assert_eq!(reduced.status.code(), Some(0), "{file} {k}");
            let got = solutions(&reduced);
            assert_eq!(got, printed, "{file} with --domination {k}");
            assert!(
                nodes(&reduced) <= nodes(&plain),
                "{file} with --domination {k}"
            );
            let counted = sudokux(
                &[
                    "xc",
                    "--count",
                    "--jobs",
                    "2",
                    "--domination",
                    k,
                    &example(file),
                ],
                "",
            );
            assert_eq!(
                text(&counted.stdout),
                format!("{}\n", count_file(file)),
                "{file} {k}"
            );
        }
    }
    for bad in ["1", "-2", "many"] {
        let flag = format!("--domination={bad}");
        let refused = sudokux(&["xc", &flag, &example("knuth.xc")], "");
        assert_eq!(refused.status.code(), Some(2), "{bad}");
        assert!(text(&refused.stderr).contains("at least 2"), "{bad}");
    }
}

/// `--count` counts with the engine's counting path (subproblems remembered, the tree split
/// across `--jobs` threads): the same count as the solutions the search prints, on one thread
/// or several, with `--limit` and in JSON.
#[test]
fn counting_agrees_with_the_solutions_printed() {
    for (file, expected) in [
        ("langford-7.xc", 52),
        ("pentominoes-3x20.xc", 8),
        ("knuth.xc", 1),
    ] {
        let printed = sudokux(&["xc", "--json", &example(file)], "");
        let records = text(&printed.stdout).lines().count() - 1;
        assert_eq!(records, expected, "{file}");
        for jobs in ["1", "2", "3"] {
            let output = sudokux(&["xc", "--count", "--jobs", jobs, &example(file)], "");
            assert_eq!(output.status.code(), Some(0), "{file}");
            assert_eq!(text(&output.stdout), format!("{expected}\n"), "{file}");
        }
    }
    let limited = sudokux(
        &[
            "xc",
            "--count",
            "--jobs",
            "2",
            "--limit",
            "10",
            &example("langford-7.xc"),
        ],
        "",
    );
    assert_eq!(
        (limited.status.code(), text(&limited.stdout).as_str()),
        (Some(0), ">=10\n")
    );
    let json = sudokux(
        &[
            "xc",
            "--count",
            "--json",
            "--jobs",
            "1",
            &example("langford-7.xc"),
        ],
        "",
    );
    let summary: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(summary["status"], "solved");
    assert_eq!(summary["count"], 52);
    assert_eq!(summary["complete"], true);
    let none = sudokux(&["xc", "--count"], "a b\na\n");
    assert_eq!(
        (none.status.code(), text(&none.stdout).as_str()),
        (Some(1), "0\n")
    );
    // 40 independent items with two options each: 2^40 solutions, which the search would
    // visit one by one for hours; counting remembers that the subproblems repeat.
    let mut problem: String = (1..=40).map(|i| format!("i{i} ")).collect();
    problem.push('\n');
    for i in 1..=40 {
        problem.push_str(&format!("i{i}\ni{i}\n"));
    }
    let output = sudokux(
        &["xc", "--count", "--jobs", "1", "--timeout", "60", "-"],
        &problem,
    );
    assert_eq!(text(&output.stdout), format!("{}\n", 1u64 << 40));
    // --jobs is for counting only.
    let refused = sudokux(&["xc", "--jobs", "2", &example("knuth.xc")], "");
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn guesses_count_the_nodes_with_two_options_or_more() {
    use sudokux::xc::{Dlx, ProblemBuilder};
    // Items b and c have one option each (forced moves, nodes but not guesses); item a has
    // two, each tried: a guess each.
    let mut p = ProblemBuilder::new();
    let (a, b, c) = (p.primary(), p.primary(), p.primary());
    for items in [vec![a], vec![a], vec![b], vec![c]] {
        p.option(items).unwrap();
    }
    let mut dlx = Dlx::new(&p.build());
    let (found, outcome) = dlx.collect(10);
    assert_eq!(found.len(), 2);
    assert_eq!((outcome.stats.nodes, outcome.stats.guesses), (4, 2));
    // A search with nothing to choose makes no guess.
    let mut p = ProblemBuilder::new();
    let (a, b) = (p.primary(), p.primary());
    p.option([a, b]).unwrap();
    let (found, outcome) = Dlx::new(&p.build()).collect(10);
    assert_eq!(found.len(), 1);
    assert_eq!((outcome.stats.nodes, outcome.stats.guesses), (1, 0));
}
