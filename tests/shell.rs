//! The long-job side of the command line, on the real binary: the output file written
//! atomically, progress bars only where they belong, Ctrl-C, completions and the man page.

use crate::common;

use std::fs;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::Duration;

use common::{data, lines, sudokux};

const EMPTY: &str =
    ".................................................................................";

/// Digits 1 to 8 in the first row: a count that takes every solution in turn (with two or more
/// digits unused, counts take them as interchangeable and go far faster).
const SPARSE: &str =
    "12345678.........................................................................";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokux-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn output_file_holds_what_stdout_would_and_nothing_else_is_left() {
    let dir = scratch("output");
    let path = data("sample_17_clue.txt");
    let out = dir.join("answers.txt");
    let output = sudokux(
        &["solve", "-o", out.to_str().unwrap(), path.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "", "answers go to the file only");
    let expected: String = lines("sample_17_clue.solved.txt")
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(fs::read_to_string(&out).unwrap(), expected);
    // Only the final file: the temporary one was renamed, not copied.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["answers.txt"]);
    // A directory that does not exist is a usage error, before any work.
    let bad = dir.join("no/such/dir/answers.txt");
    let output = sudokux(
        &["solve", "-o", bad.to_str().unwrap(), path.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("--output"),
        "{}",
        text(&output.stderr)
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// How much processor time a run spends on its job before the tests interrupt it: past the
/// reading of its input (40 ms for an empty 64x64 grid in the test build), and deep enough into
/// a count to have found solutions (the 6x10 pentominoes have 18 after 50 ms).
const BUSY: Duration = Duration::from_millis(300);

/// Whether the process `pid` has installed its Ctrl-C handler (SIGINT is among the signals it
/// catches) and spent `cpu` of processor time, from `/proc`: `None` where there is no `/proc`.
fn busy(pid: u32, cpu: Duration) -> Option<bool> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let caught = status.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
    let caught = u64::from_str_radix(caught.trim(), 16).ok()?;
    // SIGINT is signal 2: bit 1 of the mask.
    let handled = caught & (1 << 1) != 0;
    // Fields 14 and 15 of `stat` (counted after the command name, which may hold spaces): user
    // and system time of all the threads, in clock ticks of 1/100 s (USER_HZ on Linux).
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some(handled && Duration::from_millis((user + system) * 10) >= cpu)
}

/// Starts the binary with `args` and `input` on stdin, waits until it is busy with its job,
/// sends SIGINT, and returns what the binary printed. Busy is [`busy`]: a wait on the run's
/// own progress rather than on the clock, so that a loaded machine waits longer and an idle
/// one a fraction of a second; without `/proc`, a fixed `fallback`.
fn interrupted(args: &[&str], input: &str, fallback: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
    }
    let started = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            let output = child.wait_with_output().unwrap();
            panic!("{args:?} ended before it was interrupted: {output:?}");
        }
        match busy(child.id(), BUSY) {
            Some(true) => break,
            Some(false) => {}
            None => {
                sleep(fallback);
                break;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{args:?} was not busy within a minute"
        );
        sleep(Duration::from_millis(10));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // A run that ignores the interrupt would never end: give it a minute, then fail.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("{args:?} did not stop within a minute of SIGINT");
        }
        sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Starts a count of the empty grid (which never ends in a test's time), waits until it is
/// busy, sends SIGINT, and returns what the binary printed.
fn interrupted_count(extra: &[&str]) -> Output {
    // The search, not the count by bands (which has counted nothing of an empty 9x9 grid
    // after a second and a half: its top band takes seconds).
    let mut args = vec!["count", "--no-symmetry"];
    args.extend_from_slice(extra);
    args.push("-");
    interrupted(&args, &format!("{EMPTY}\n"), Duration::from_millis(1500))
}

/// Runs the binary once for each `(args, stdin)`, all at the same time, and returns what each
/// printed, in order: runs that end at their `--timeout` take one timeout of wall time in all,
/// and their processor time is bounded by the cores rather than added up.
fn at_once(runs: &[(&[&str], &str)]) -> Vec<Output> {
    let children: Vec<_> = runs
        .iter()
        .map(|(args, input)| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
                .args(*args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            // A binary that stops reading early closes the pipe; that is its business.
            let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
            child
        })
        .collect();
    children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap())
        .collect()
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_solve_and_an_xc_search_too() {
    // An empty 64x64 grid: beyond the search, so only Ctrl-C ends it.
    let mut empty = String::from("size = 64\ngivens = \"\"\"\n");
    for _ in 0..64 {
        empty.push_str(&".".repeat(64));
        empty.push('\n');
    }
    empty.push_str("\"\"\"\n");
    let dir = scratch("interrupt-solve");
    let path = dir.join("empty64.toml");
    fs::write(&path, empty).unwrap();
    let started = std::time::Instant::now();
    let output = interrupted(
        &["solve", path.to_str().unwrap()],
        "",
        Duration::from_millis(2500),
    );
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(130), "{out}{err}");
    assert_eq!(out, "unknown\n");
    assert!(err.contains("stopping the searches in progress"), "{err}");
    assert!(!err.contains("--max-nodes"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(30));
    fs::remove_dir_all(&dir).unwrap();

    // The pentominoes in a 6x10 box: seconds of counting, even remembering subproblems.
    let pentominoes = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/xc/pentominoes-6x10.xc"
    );
    let output = interrupted(
        &["xc", "--count", "--jobs", "1", pentominoes],
        "",
        Duration::from_millis(1500),
    );
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(130), "{out}{err}");
    let count = out.trim().strip_prefix(">=").expect("a lower bound");
    assert!(count.parse::<u64>().unwrap() > 0, "{out}");
    assert!(err.contains("interrupted after"), "{err}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_count_prints_a_lower_bound_and_exits_130() {
    for jobs in ["1", "2"] {
        let output = interrupted_count(&["--jobs", jobs]);
        let out = text(&output.stdout);
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "{out}{err}");
        let count = out.trim().strip_prefix(">=").expect("a lower bound");
        assert!(count.parse::<u64>().unwrap() > 0, "{out}");
        assert!(err.contains("interrupted"), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_the_top_band_of_a_count_by_bands_says_that_nothing_is_counted_yet() {
    // An empty 9x9 grid counted by bands: its top band takes seconds (far more in the test
    // build), and no class is counted before it is done.
    let output = interrupted(
        &["count", "-"],
        &format!("{EMPTY}\n"),
        Duration::from_millis(1500),
    );
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(130), "{out}{err}");
    assert_eq!(out, ">=0\n");
    assert!(
        err.contains(
            "sudokux: -: line 1: note: the count by bands was stopped in its top band, before \
             any class of it was counted: 0 is no bound yet"
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_with_an_output_file_leaves_the_final_name_alone() {
    let dir = scratch("interrupt");
    let out = dir.join("counts.txt");
    let output = interrupted_count(&["-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(130));
    assert!(
        !out.exists(),
        "an interrupted run must not write the final name"
    );
    let partial = dir.join("counts.txt.partial");
    let kept = fs::read_to_string(&partial).unwrap();
    assert!(kept.starts_with(">="), "{kept}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn progress_stays_off_when_stderr_is_not_a_terminal_unless_asked() {
    // Long enough (over half a second) for a bar to appear when one is wanted: each run ends
    // at its timeout, and the three run at once.
    let args = ["count", "--timeout", "1", "--jobs", "2"];
    let mut asked = args.to_vec();
    asked.push("--progress");
    // A count by classes of relabellings (every digit of an empty grid is unused) shows
    // solutions, not classes, until its timeout. The diagonals keep it from being counted by
    // bands, which plain rules would be.
    let classes = [
        "count",
        "--progress",
        "--timeout",
        "1",
        "--jobs",
        "2",
        "--diagonals",
    ];
    let [quiet, shown, classes] = at_once(&[(&args, SPARSE), (&asked, SPARSE), (&classes, EMPTY)])
        .try_into()
        .unwrap();
    assert_eq!(quiet.status.code(), Some(3));
    assert!(text(&quiet.stdout).starts_with(">="), "{quiet:?}");
    let err = text(&quiet.stderr);
    assert!(!err.contains("counting") && !err.contains('\r'), "{err:?}");

    assert_eq!(shown.status.code(), Some(3));
    assert!(text(&shown.stdout).starts_with(">="), "{shown:?}");
    let err = text(&shown.stderr);
    assert!(
        err.contains("counting [") && err.contains("solutions so far"),
        "{err:?}"
    );

    assert_eq!(classes.status.code(), Some(3));
    let count: u128 = text(&classes.stdout)
        .trim()
        .trim_start_matches(">=")
        .parse()
        .unwrap();
    assert!(count > 0 && count % 362_880 == 0, "{count}");
    let err = text(&classes.stderr);
    let last = err
        .rsplit("explored (estimate), ")
        .next()
        .and_then(|bar| bar.split(" solutions so far").next())
        .map(|n| n.replace(',', ""))
        .unwrap_or_default();
    let shown_count: u128 = last.parse().unwrap_or_else(|_| panic!("{err:?}"));
    assert!(
        shown_count > 0 && shown_count % 362_880 == 0,
        "{shown_count}"
    );
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "_sudokux()"),
        ("zsh", "#compdef sudokux"),
        ("fish", "complete -c sudokux"),
    ] {
        let output = sudokux(&["completions", shell], "");
        assert_eq!(output.status.code(), Some(0));
        let script = text(&output.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(
            script.contains("solve") && script.contains("json"),
            "{shell}"
        );
    }
    assert_eq!(
        sudokux(&["completions", "cmd.exe"], "").status.code(),
        Some(2)
    );
}

#[test]
fn man_page_from_the_command_line_definition() {
    let output = sudokux(&["man"], "");
    assert_eq!(output.status.code(), Some(0));
    let page = text(&output.stdout);
    assert!(page.contains(".TH sudokux 1"), "{page}");
    assert!(page.contains("solve") && page.contains("count") && page.contains("check"));

    // A directory that does not exist yet is made, as `mkdir -p` would.
    let top = scratch("man");
    let dir = top.join("share/man/man1");
    let output = sudokux(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let solve = fs::read_to_string(dir.join("sudokux-solve.1")).unwrap();
    assert!(
        solve.contains("\\-\\-pretty") || solve.contains("--pretty"),
        "{solve}"
    );
    assert!(dir.join("sudokux.1").exists());
    // A file where the directory should be is an error that names it.
    let file = top.join("file");
    fs::write(&file, "").unwrap();
    let output = sudokux(&["man", "--dir", file.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains(file.to_str().unwrap()));
    fs::remove_dir_all(&top).unwrap();
}

/// Every command that writes to stdout, with the exit code of a run whose output is read.
fn writers() -> Vec<(Vec<String>, i32)> {
    let example = |name: &str| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name)
            .display()
            .to_string()
    };
    let puzzles = example("puzzles.txt");
    let killer = example("killer.toml");
    let four = example("4x4.toml");
    let commands: Vec<Vec<&str>> = vec![
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["completions", "fish"],
        vec!["completions", "elvish"],
        vec!["completions", "powershell"],
        vec!["man"],
        vec!["--help"],
        vec!["solve", "--help"],
        vec!["--version"],
        vec!["solve", &puzzles],
        vec!["solve", "--pretty", &killer],
        vec!["count", &puzzles],
        vec!["check", "--json", &puzzles],
        vec!["candidates", &four],
        vec!["render", &killer],
        vec!["explain", &killer],
        vec!["hint", &killer],
        vec!["convert", "--to", "fpuzzles", &killer],
        vec!["generate", "--seed", "1", "--quiet"],
    ];
    let xc = example("xc/langford-7.xc");
    let mut commands: Vec<Vec<String>> = commands
        .into_iter()
        .map(|c| c.into_iter().map(String::from).collect())
        .collect();
    commands.push(vec!["xc".into(), "--count".into(), xc.clone()]);
    commands.push(vec!["xc".into(), xc]);
    commands
        .into_iter()
        .map(|args| {
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let output = sudokux(&refs, "");
            let code = output.status.code().unwrap();
            assert!(!output.stdout.is_empty(), "{args:?} writes nothing");
            (args, code)
        })
        .collect()
}

/// A full disk is an error (exit code 2, said on stderr), never a panic or a silent success.
#[cfg(target_os = "linux")]
#[test]
fn every_output_on_a_full_disk_is_an_error() {
    for (args, _) in writers() {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_sudokux"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A reader that goes away (`sudokux completions zsh | head -1`) is not an error: the exit
/// code is the one the command has when its output is read.
#[test]
fn every_output_into_a_closed_pipe_ends_cleanly() {
    for (args, code) in writers() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the command has started writing.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn every_subcommand_has_examples_in_its_help() {
    for sub in [
        "solve",
        "count",
        "check",
        "xc",
        "render",
        "explain",
        "hint",
        "completions",
        "man",
        "generate",
    ] {
        let output = sudokux(&[sub, "--help"], "");
        assert_eq!(output.status.code(), Some(0), "{sub}");
        let help = text(&output.stdout);
        assert!(help.contains("Examples:"), "{sub}: {help}");
        assert!(help.contains(&format!("sudokux {sub}")), "{sub}: {help}");
    }
}

/// Messages go to stderr; when stderr cannot be written (`2>/dev/full`, so every message of
/// the run fails) the command still writes its answers and ends with the exit code it has
/// otherwise: no panic, and a failed message is not taken for a failed answer.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_changes_neither_the_answers_nor_the_exit_code() {
    let example = |name: &str| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name)
            .display()
            .to_string()
    };
    let (puzzles, killer, four) = (
        example("puzzles.txt"),
        example("killer.toml"),
        example("4x4.toml"),
    );
    let xc = example("xc/langford-7.xc");
    let broken = data("invalid/conflict-row.txt").display().to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["solve", "--stats", &puzzles],
        vec!["solve", &broken],
        vec!["solve", "no-such-file.txt"],
        vec!["count", "--stats", &puzzles],
        vec!["check", "--stats", &puzzles],
        vec!["candidates", "--stats", &four],
        vec!["explain", "--max-nodes", "1", &killer],
        vec!["hint", &broken],
        vec!["generate", "--seed", "1"],
        vec!["xc", "--count", "--stats", &xc],
        vec!["solve", "--no-such-flag"],
    ];
    for args in commands {
        let piped = sudokux(&args, "");
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_sudokux"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(full)
            .output()
            .unwrap();
        assert!(!piped.stderr.is_empty(), "{args:?} says nothing on stderr");
        assert_eq!(output.status.code(), piped.status.code(), "{args:?}");
        assert_eq!(text(&output.stdout), text(&piped.stdout), "{args:?}");
    }
}

/// `candidates`, `explain` and `hint` show a progress line too (a spinner saying what they
/// are doing, and for how long) once they have run half a second: on a terminal, or when
/// `--progress` asks. An empty 64x64 grid keeps them busy until their timeout.
#[test]
fn candidates_explain_and_hint_show_progress_when_asked() {
    let mut empty = String::from("size = 64\ngivens = \"\"\"\n");
    for _ in 0..64 {
        empty.push_str(&".".repeat(64));
        empty.push('\n');
    }
    empty.push_str("\"\"\"\n");
    let dir = scratch("busy-progress");
    let path = dir.join("empty64.toml");
    fs::write(&path, empty).unwrap();
    let path = path.to_str().unwrap();
    let commands = [
        ("candidates", "deciding every candidate"),
        ("explain", "proving the puzzle has one solution"),
        ("hint", "proving the puzzle has one solution"),
    ];
    // Each command quiet and with `--progress`, all six at once: they end at their timeout.
    let runs: Vec<Vec<&str>> = commands
        .iter()
        .flat_map(|&(command, _)| {
            [
                vec![command, "--timeout", "1", path],
                vec![command, "--progress", "--timeout", "1", path],
            ]
        })
        .collect();
    let runs: Vec<(&[&str], &str)> = runs.iter().map(|r| (r.as_slice(), "")).collect();
    let outputs = at_once(&runs);
    for ((command, what), pair) in commands.into_iter().zip(outputs.chunks(2)) {
        let (quiet, shown) = (&pair[0], &pair[1]);
        assert_eq!(quiet.status.code(), Some(3), "{command}");
        let err = text(&quiet.stderr);
        assert!(!err.contains(what), "{command}: {err:?}");
        assert_eq!(shown.status.code(), Some(3), "{command}");
        let err = text(&shown.stderr);
        assert!(
            err.contains(what) && err.contains(" s"),
            "{command}: {err:?}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}
