//! A count split into shards and counted shard by shard through the command line
//! (`--split K`, `--count-shard`): the shard counts add up to the one-process count.

use crate::common;

use std::process::Output;

use common::sudokux;
use serde_json::Value;

fn example(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Counts the shard lines with `command --count-shard`: all of them through one process, and
/// each of a sample in a process of its own, as a cluster would. The sample is every shard of
/// a small split, and one in eight of a large one (the first and the last among them): a
/// process per shard costs 15 ms in the test build, and the 3x20 pentominoes split at depth 3
/// make 362 shards. `SUDOKUX_HEAVY_TESTS=1` counts every shard alone. Checks what every count
/// line says, and that a shard counted alone gives the count it has among the others; returns
/// the total.
fn count_shards(command: &str, shard_lines: &str) -> u128 {
    let shards = json_lines(shard_lines);
    assert!(!shards.is_empty());
    let all = sudokux(&[command, "--count-shard"], shard_lines);
    assert_eq!(all.status.code(), Some(0), "{all:?}");
    let counted = json_lines(&stdout(&all));
    assert_eq!(counted.len(), shards.len());
    let every = if shards.len() <= 32 || common::heavy() {
        1
    } else {
        8
    };
    let mut total = 0;
    let lines = shards.iter().zip(shard_lines.lines()).zip(&counted);
    for (k, ((shard, line), counted)) in lines.enumerate() {
        assert_eq!(shard["shard"], k + 1);
        assert_eq!(shard["shards"], shards.len());
        assert_eq!(counted["shard"], k + 1);
        assert_eq!(counted["complete"], true);
        assert!(counted["nodes"].as_u64().is_some());
        let count = counted["count"].as_u64().unwrap();
        if k % every == 0 || k + 1 == shards.len() {
            let output = sudokux(&[command, "--count-shard"], &format!("{line}\n"));
            assert_eq!(output.status.code(), Some(0), "{output:?}");
            let alone = json_lines(&stdout(&output));
            assert_eq!(alone.len(), 1);
            assert_eq!(alone[0]["shard"], k + 1);
            assert_eq!(alone[0]["complete"], true);
            assert_eq!(alone[0]["count"], count, "shard {} alone", k + 1);
        }
        total += u128::from(count);
    }
    total
}

#[test]
fn xc_shards_add_up_to_the_count() {
    for (name, depth, expected) in [
        ("xc/langford-7.xc", 2, 52),
        ("xc/pentominoes-3x20.xc", 3, 8),
        ("xc/knuth.xc", 5, 1),
        ("xc/langford-7.xc", 0, 52),
    ] {
        let split = sudokux(&["xc", "--split", &depth.to_string(), &example(name)], "");
        assert_eq!(split.status.code(), Some(0), "{split:?}");
        let lines = stdout(&split);
        for shard in json_lines(&lines) {
            assert_eq!(shard["kind"], "xc");
            assert_eq!(shard["depth"], depth);
            assert!(shard["choices"].as_array().unwrap().len() <= depth);
        }
        assert_eq!(
            count_shards("xc", &lines),
            expected,
            "{name} at depth {depth}"
        );
    }
}

#[test]
fn puzzle_shards_add_up_to_the_count() {
    // An empty 4x4 grid: 288 solutions. A puzzle line read from stdin, with the rules made
    // into the shard's TOML puzzle file; without symmetries, as the search splits it (with
    // them, by the classes of its top band: below).
    let split = sudokux(
        &["count", "--no-symmetry", "--split", "2", "-"],
        "................\n",
    );
    assert_eq!(split.status.code(), Some(0), "{split:?}");
    let lines = stdout(&split);
    assert!(json_lines(&lines).iter().all(|s| s["kind"] == "sudoku"));
    assert_eq!(count_shards("count", &lines), 288);
    // A puzzle file with rules of its own (a killer: cages have options of their own).
    let split = sudokux(&["count", "--split", "3", &example("killer.toml")], "");
    assert_eq!(split.status.code(), Some(0), "{split:?}");
    assert_eq!(count_shards("count", &stdout(&split)), 1);
    // A 6x6 puzzle with its givens of the bottom half taken out: several solutions.
    let puzzle = "1.....\n..3...\n......\n......\n......\n......\n";
    let plain = sudokux(&["count", "-q"], puzzle);
    let expected: u128 = stdout(&plain).trim().parse().unwrap();
    assert!(expected > 1);
    let split = sudokux(&["count", "--split", "2"], puzzle);
    assert_eq!(count_shards("count", &stdout(&split)), expected);
}

/// The band shards of an empty grid: `--split K` writes one per class of the top band (one of
/// them all for K = 0; K pieces of classes for K past the classes), and their counts add up to
/// the published number.
fn band_shards(args: &[&str], grid: &str, depth: usize) -> String {
    let depth = depth.to_string();
    let mut all = vec!["count", "--split", &depth];
    all.extend_from_slice(args);
    all.push("-");
    let split = sudokux(&all, grid);
    assert_eq!(split.status.code(), Some(0), "{split:?}");
    let lines = stdout(&split);
    for shard in json_lines(&lines) {
        assert_eq!(shard["kind"], "bands");
        assert_eq!(shard["depth"], depth.parse::<usize>().unwrap());
        assert_eq!(shard["plan"]["version"], 2);
    }
    lines
}

#[test]
fn band_shards_add_up_to_the_published_counts() {
    let empty = |n: usize| format!("{}\n", ".".repeat(n * n));
    for (args, n, expected, shards) in [
        (&[][..], 4, 288, 2),
        (&["--box", "2x3"][..], 6, 28_200_960, 3),
        // Counted as its transpose, 2x3 boxes (fewer top bands).
        (&["--box", "3x2"][..], 6, 28_200_960, 3),
    ] {
        let lines = band_shards(args, &empty(n), 1);
        assert_eq!(json_lines(&lines).len(), shards, "{args:?}");
        assert_eq!(count_shards("count", &lines), expected, "{args:?}");
        // Depth 0: one shard, every class.
        let whole = band_shards(args, &empty(n), 0);
        assert_eq!(json_lines(&whole).len(), 1);
        assert_eq!(count_shards("count", &whole), expected, "{args:?}");
    }
    // Past the classes: pieces of classes, each one class and a slice of its second band's
    // first stack, as many as asked (6x6: 3 classes of 10 choices each).
    for k in [4, 12, 30] {
        let lines = band_shards(&["--box", "2x3"], &empty(6), k);
        let shards = json_lines(&lines);
        assert_eq!(shards.len(), k);
        for shard in &shards {
            assert_eq!(shard["choices"].as_array().unwrap().len(), 1, "{shard}");
            assert_eq!(
                shard["plan"],
                serde_json::json!({"boxes": "2x3", "version": 2, "classes": 3})
            );
        }
        let cut = shards.iter().filter(|s| s["first"].is_array()).count();
        assert!(cut >= k - 2, "{k}: {cut} pieces");
        assert_eq!(count_shards("count", &lines), 28_200_960, "--split {k}");
    }
    // 8x8, 2x4 boxes: five classes, seconds in the test build; with the heavy tests.
    if common::heavy() {
        let lines = band_shards(&["--box", "2x4"], &empty(8), 3);
        assert_eq!(json_lines(&lines).len(), 5);
        assert_eq!(count_shards("count", &lines), 29_136_487_207_403_520);
        let pieces = band_shards(&["--box", "2x4"], &empty(8), 12);
        assert_eq!(json_lines(&pieces).len(), 12);
        assert_eq!(count_shards("count", &pieces), 29_136_487_207_403_520);
    }
}

#[test]
fn a_resume_file_of_another_plan_or_split_is_refused() {
    let grid = format!("{}\n", ".".repeat(36));
    let classes = band_shards(&["--box", "2x3"], &grid, 1);
    let pieces = band_shards(&["--box", "2x3"], &grid, 12);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("counts.jsonl");
    let path = file.to_str().unwrap();
    // The counts of the split by classes, then the pieces resumed from them: refused, and
    // nothing counted.
    let counted = sudokux(&["count", "--count-shard"], &classes);
    assert_eq!(counted.status.code(), Some(0), "{counted:?}");
    let records = stdout(&counted);
    for record in json_lines(&records) {
        assert_eq!(record["split"], 1);
        assert_eq!(record["plan"]["boxes"], "2x3");
        assert_eq!(record["plan"]["version"], 2);
    }
    std::fs::write(&file, &records).unwrap();
    let output = sudokux(&["count", "--count-shard", "--resume", path], &pieces);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "sudokux: {path}: line 1: counts of another plan or split (2x3 boxes, plan version \
             2, 3 classes, 3 shards of --split 1) than the shards read (2x3 boxes, plan version \
             2, 3 classes, 12 shards of --split 12): resume from the counts of the same split, \
             or count into another file\n"
        )
    );
    // The same split resumes.
    let output = sudokux(&["count", "--count-shard", "--resume", path], &classes);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stdout.is_empty());
    // Counts written before plans were recorded (version 1: no plan, no split): refused.
    let old: String = json_lines(&records)
        .into_iter()
        .map(|mut record| {
            let object = record.as_object_mut().unwrap();
            object.remove("plan");
            object.remove("split");
            format!("{record}\n")
        })
        .collect();
    std::fs::write(&file, old).unwrap();
    let output = sudokux(&["count", "--count-shard", "--resume", path], &classes);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "line 1: counts of another plan or split (plan version 1, no plan recorded, 3 shards)"
        ),
        "{stderr}"
    );
    // A shard line of another plan version (or another shape's classes) is not counted.
    let line = json_lines(&classes)[0].clone();
    for (key, value) in [("version", Value::from(1)), ("classes", Value::from(4))] {
        let mut other = line.clone();
        other["plan"][key] = value;
        let output = sudokux(&["count", "--count-shard"], &format!("{other}\n"));
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("sudokux: -: line 1: the shard belongs to another plan"),
            "{stderr}"
        );
    }
    // A piece past its class's choices.
    let mut bad = json_lines(&pieces)[0].clone();
    bad["first"] = serde_json::json!([9, 11]);
    let output = sudokux(&["count", "--count-shard"], &format!("{bad}\n"));
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("choices 9..11 of class 0 do not exist"),
        "{output:?}"
    );
}

#[test]
fn a_lost_band_shard_is_counted_again_and_a_finished_one_is_not() {
    let lines = band_shards(&["--box", "3x2"], &format!("{}\n", ".".repeat(36)), 1);
    let all = sudokux(&["count", "--count-shard"], &lines);
    let counted = stdout(&all);
    let records = json_lines(&counted);
    assert_eq!(records.len(), 3);
    for (record, shard) in records.iter().zip(json_lines(&lines)) {
        // Each count line says what it counted.
        assert_eq!(record["kind"], "bands");
        assert_eq!(record["choices"], shard["choices"]);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("counts.jsonl");
    let file = file.to_str().unwrap();
    // Shard 1 counted; 2 stopped part way (a lower bound); 3 lost with its machine.
    let mut stopped = records[1].clone();
    stopped["complete"] = Value::Bool(false);
    stopped["count"] = Value::from(5);
    let earlier: Vec<String> = [&records[0], &stopped]
        .iter()
        .map(|r| r.to_string())
        .collect();
    std::fs::write(file, earlier.join("\n") + "\n").unwrap();
    let resumed = sudokux(&["count", "--count-shard", "--resume", file], &lines);
    assert_eq!(resumed.status.code(), Some(0), "{resumed:?}");
    let again = json_lines(&stdout(&resumed));
    let numbers: Vec<&Value> = again.iter().map(|r| &r["shard"]).collect();
    assert_eq!(numbers, [2, 3]);
    assert_eq!(again[0], records[1]);
    assert_eq!(again[1], records[2]);
    assert_eq!(
        String::from_utf8_lossy(&resumed.stderr),
        "sudokux: all 3 shards counted: 28200960 in all\n"
    );
    // Nothing recorded yet (no file): every shard counted; a count file recording only some
    // says what is left.
    let fresh = dir.path().join("none.jsonl");
    let output = sudokux(
        &[
            "count",
            "--count-shard",
            "--resume",
            fresh.to_str().unwrap(),
        ],
        &lines,
    );
    assert_eq!(stdout(&output), counted);
    let first_two: String = lines.lines().take(2).map(|l| format!("{l}\n")).collect();
    let output = sudokux(&["count", "--count-shard", "--resume", file], &first_two);
    assert_eq!(json_lines(&stdout(&output)).len(), 1);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "sudokux: 2 of 3 shards counted (2 read): {} so far, a lower bound\n",
            records[0]["count"].as_u64().unwrap() + records[1]["count"].as_u64().unwrap()
        )
    );
    // A class the top band does not have.
    let line = serde_json::json!({
        "kind": "bands", "shard": 1, "shards": 1, "depth": 1, "choices": [3],
        "problem": "size = 6\nbox = \"2x3\"\n",
    });
    let output = sudokux(&["count", "--count-shard"], &format!("{line}\n"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sudokux: -: line 1: the shard does not fit its problem: class 3 does not exist: the \
         top band of 2x3 boxes has 3 classes (numbered from 0)\n"
    );
}

#[test]
fn shard_lines_that_do_not_fit_are_errors_that_say_where() {
    let output = sudokux(&["xc", "--count-shard"], "\n{\"kind\": \"xc\"}\n");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("sudokux: -: line 2: not a shard line: missing field"),
        "{stderr}"
    );
    // A choice past the last option; a problem that does not read.
    let line = serde_json::json!({
        "kind": "xc", "shard": 1, "shards": 1, "depth": 1, "choices": [99],
        "problem": "a b\na\nb\n",
    });
    let output = sudokux(&["xc", "--count-shard"], &format!("{line}\n"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sudokux: -: line 1: the shard does not fit its problem: option 99 does not exist\n"
    );
    let line = serde_json::json!({
        "kind": "xc", "shard": 1, "shards": 1, "depth": 1, "choices": [0],
        "problem": "a b\na c\n",
    });
    let output = sudokux(&["xc", "--count-shard"], &format!("{line}\n"));
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("sudokux: -: line 1: line 2"), "{stderr}");
}

/// A worker lost mid-way, as on a machine that went down: `count --count-shard` is fed its
/// shards one by one (it counts each as it reads it), killed (SIGKILL) once it holds shard
/// `lost` (counting it, or just done), and whatever it wrote to its count file is all there is.
/// A second worker then resumes from the same shards and that file: it counts exactly the
/// shards the file does not hold, and prints the published total. Returns the shards the
/// resume counted.
fn lose_a_worker_and_resume(shard_lines: &str, lost: usize, published: u128) -> Vec<u64> {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    let lines: Vec<&str> = shard_lines.lines().collect();
    assert!(lost < lines.len(), "the worker is lost before the end");
    let mut worker = Command::new(env!("CARGO_BIN_EXE_sudokux"))
        .args(["count", "--count-shard"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = worker.stdin.take().unwrap();
    let mut output = BufReader::new(worker.stdout.take().unwrap());
    let mut written = String::new();
    // Shards 1 to lost - 1, each counted and written before the next is sent.
    for line in &lines[..lost - 1] {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let before = written.len();
        output.read_line(&mut written).unwrap();
        assert!(written.len() > before, "a count line for each shard sent");
    }
    // Shard `lost` sent, and the machine goes down.
    writeln!(input, "{}", lines[lost - 1]).unwrap();
    input.flush().unwrap();
    worker.kill().unwrap();
    worker.wait().unwrap();
    // What it flushed before it went is in its file too (shard `lost`, if it was done).
    output.read_to_string(&mut written).unwrap();
    let kept = json_lines(&written);
    assert!(kept.len() == lost - 1 || kept.len() == lost, "{written}");
    for (k, record) in kept.iter().enumerate() {
        assert_eq!(record["shard"], k + 1);
        assert_eq!(record["complete"], true);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("counts.jsonl");
    std::fs::write(&file, &written).unwrap();
    let resumed = sudokux(
        &["count", "--count-shard", "--resume", file.to_str().unwrap()],
        shard_lines,
    );
    assert_eq!(resumed.status.code(), Some(0), "{resumed:?}");
    let again = json_lines(&stdout(&resumed));
    let counted: Vec<u64> = again.iter().map(|r| r["shard"].as_u64().unwrap()).collect();
    let missing: Vec<u64> = (kept.len() as u64 + 1..=lines.len() as u64).collect();
    assert_eq!(counted, missing, "only the shards the file lacks");
    assert!(again.iter().all(|r| r["complete"] == true));
    assert_eq!(
        String::from_utf8_lossy(&resumed.stderr),
        format!(
            "sudokux: all {} shards counted: {published} in all\n",
            lines.len()
        )
    );
    // The file and the resume's lines together: every shard once, their sum the total.
    let all: Vec<Value> = kept.into_iter().chain(again).collect();
    let mut numbers: Vec<u64> = all.iter().map(|r| r["shard"].as_u64().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=lines.len() as u64).collect::<Vec<_>>());
    let sum: u128 = all
        .iter()
        .map(|r| r["count"].as_u64().unwrap() as u128)
        .sum();
    assert_eq!(sum, published);
    counted
}

#[test]
fn a_worker_lost_mid_way_is_resumed_from_its_file() {
    // 6x6 (2x3 boxes) in 12 pieces of its 3 classes, the worker lost at the fifth.
    let grid = format!("{}\n", ".".repeat(36));
    let pieces = band_shards(&["--box", "2x3"], &grid, 12);
    let counted = lose_a_worker_and_resume(&pieces, 5, 28_200_960);
    assert!(counted.len() >= 7, "{counted:?}");
    // The empty 8x8 (2x4 boxes) in 40 pieces, the worker lost at the fourth: seconds in the
    // test build, with the heavy tests.
    if common::heavy() {
        let pieces = band_shards(&["--box", "2x4"], &format!("{}\n", ".".repeat(64)), 40);
        let counted = lose_a_worker_and_resume(&pieces, 4, 29_136_487_207_403_520);
        assert!(counted.len() >= 36, "{counted:?}");
    }
}
