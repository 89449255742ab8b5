//! The logic report: explains every puzzle file given (TOML, sudokux JSON or f-puzzles JSON)
//! by logic alone, checks every step against the puzzle's solution, and prints, as the
//! Markdown tables of BENCHMARKS.md, a summary per kind of rule (puzzles, solved by logic, the
//! hardest step of the solved ones, the slowest explanation and hint), then per puzzle
//! whether logic solved it, its grade, its hardest technique, its steps, the steps that were
//! wrong (there must be none: the report exits with 1 otherwise), the time of the whole
//! explanation and of the slowest hint.
//!
//! ```text
//! cargo run --release --example logic_report -- [--solutions FILE] [--budget SECONDS] PUZZLE...
//! cargo run --release --example logic_report -- \
//!     ../shared/data/variants/*.json ../shared/data/killers/*.toml
//! ```
//!
//! The solution of each puzzle is read from `tests/data/logic/solutions.txt` (`--solutions
//! FILE`: one line per puzzle, its file name without extension, a space, the solution in the
//! default alphabet), and checked by the independent validator (a solution that breaks the
//! rules stops the report). A puzzle not in the file is solved by the exact-cover engine within
//! 120 s (`--budget SECONDS`) and, when the engine proves its solution the only one, checked
//! the same way and added to the file; a puzzle without one solution found is left out and
//! named (the published sets have a few with several solutions or none). The kind of rule is the puzzle file's own keys
//! (f-puzzles' `thermometer`, sudokux's `cage`), less those every puzzle has. Times are the CPU
//! time of the thread: `hint` is the longest a single next step took, from a fresh state on the
//! givens for the first and along the way for the others, each from a copy that remembers
//! none of the explanation's failed searches, with the hint's bound on the chains' work
//! (`State::hint_step`: as long as `sudokux hint` takes at that point, less the search that
//! proves the puzzle unique).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use sudokux::sudoku::file::{from_json, from_toml, PuzzleFile};
use sudokux::sudoku::grid::ALPHABET;
use sudokux::sudoku::logic::{State, Technique};
use sudokux::sudoku::{fpuzzles, validate, Engine, Grid, Solver};
use sudokux::xc::Budget;

/// The file of solutions, from the crate's root ([`read_solutions`]).
const SOLUTIONS: &str = "tests/data/logic/solutions.txt";

/// Keys every puzzle file may have that name no rule.
const PLAIN: &[&str] = &[
    "size",
    "title",
    "author",
    "ruleset",
    "grid",
    "givens",
    "highlightConflicts",
    "solution",
    "rules",
    "box",
    "symbols",
];

fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `f`, with its CPU time (wall time where Linux does not tell).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let (start, cpu) = (Instant::now(), cpu_time());
    let value = f();
    let time = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => start.elapsed(),
    };
    (value, time)
}

/// A puzzle file and its kind of rule; the reader's error when sudokux does not read it.
fn load(path: &Path) -> Result<(PuzzleFile, String), String> {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let (file, keys): (PuzzleFile, Vec<String>) = if ext == "toml" {
        let value: toml::Table = toml::from_str(&text).expect("TOML");
        (
            from_toml(&text).map_err(|e| e.to_string())?,
            value.keys().cloned().collect(),
        )
    } else {
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let keys = value
            .as_object()
            .map(|o| {
                o.iter()
                    .filter(|(_, v)| !v.as_array().is_some_and(|a| a.is_empty()))
                    .map(|(k, _)| k.clone())
                    .collect()
            })
            .unwrap_or_default();
        let file = if fpuzzles::is_fpuzzles_json(&text) {
            fpuzzles::read(&text).map_err(|e| e.to_string())?.into()
        } else {
            from_json(&text).map_err(|e| e.to_string())?
        };
        (file, keys)
    };
    let mut kind: Vec<String> = keys
        .into_iter()
        .filter(|k| !PLAIN.contains(&k.as_str()))
        .collect();
    kind.sort();
    let kind = if kind.is_empty() {
        "classic".to_string()
    } else {
        kind.join("+")
    };
    Ok((file, kind))
}

/// The solutions on file: one line per puzzle, its name then its solution in the default
/// alphabet (`1`-`9`, then `A`-`Z`; `.` for the holes of an overlapping layout).
fn read_solutions(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .map(|(name, grid)| (name.to_string(), grid.trim().to_string()))
        .collect()
}

/// A solution written in the default alphabet, on the puzzle's area.
fn from_alphabet(file: &PuzzleFile, line: &str) -> Option<Grid> {
    let cells: Option<Vec<u8>> = line
        .bytes()
        .map(|c| match c {
            b'.' => Some(0),
            c => ALPHABET
                .iter()
                .position(|&a| a == c.to_ascii_uppercase())
                .map(|k| k as u8 + 1),
        })
        .collect();
    Grid::from_area(file.rules.rows(), file.rules.cols(), cells?)
}

/// The puzzle's solution: from the file of solutions when it is there, else from the
/// exact-cover engine within `budget` seconds (then added to the file). Either way checked by
/// the independent validator: a solution on file that breaks the rules stops the report.
fn solution(
    file: &PuzzleFile,
    name: &str,
    known: &BTreeMap<String, String>,
    cache: Option<&Path>,
    budget: f64,
) -> Option<Grid> {
    if let Some(line) = known.get(name) {
        let grid = from_alphabet(file, line)
            .unwrap_or_else(|| panic!("{name}: the solution on file does not fit the grid"));
        if let Err(e) = validate(&file.rules, &file.givens, &grid) {
            panic!("{name}: the solution on file breaks the rules: {e}");
        }
        return Some(grid);
    }
    let answer = Solver::new(file.rules.clone())
        .enumerate_bounded(
            &file.givens,
            Some(2),
            1,
            Budget::time(Duration::from_secs_f64(budget)),
        )
        .ok()?;
    if answer.count != 1 || !answer.complete {
        return None;
    }
    let grid = answer.solutions.into_iter().next()?;
    validate(&file.rules, &file.givens, &grid).expect("a valid solution");
    if let Some(path) = cache {
        use std::io::Write;
        let mut out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("a writable file of solutions");
        writeln!(out, "{name} {}", grid.to_line()).expect("a writable file of solutions");
    }
    Some(grid)
}

#[derive(Default)]
struct Kind {
    puzzles: usize,
    solved: usize,
    /// The hardest technique of the solved ones.
    hardest: Option<Technique>,
    /// The longest whole explanation and the slowest hint.
    explain: Duration,
    hint: Duration,
}

/// One puzzle's line of the report.
struct Row {
    name: String,
    kind: String,
    size: usize,
    solved: bool,
    grade: String,
    hardest: Option<Technique>,
    steps: usize,
    wrong: usize,
    explain: Duration,
    hint: Duration,
}

fn ms(time: Duration) -> String {
    format!("{:.1}", time.as_secs_f64() * 1e3)
}

/// Explains one puzzle step by step, timing each step, and checks every step against the
/// solution.
fn report(name: &str, kind: String, puzzle: &PuzzleFile, solution: &Grid) -> Row {
    let rules = &puzzle.rules;
    let (_, mut hint) = timed(|| {
        State::new(rules, &puzzle.givens)
            .expect("givens that keep the rules")
            .hint_step()
    });
    let mut state = State::new(rules, &puzzle.givens).expect("givens that keep the rules");
    let mut steps = 0;
    let mut wrong = 0;
    let mut explain = Duration::ZERO;
    while !state.is_solved() {
        // The hint from a state made afresh here, as `sudokux hint` would make it; the
        // explanation's own states remember the searches that found nothing.
        let fresh = state.forgetful();
        let (_, time) = timed(|| fresh.hint_step());
        hint = hint.max(time);
        let (step, time) = timed(|| state.next_step());
        explain += time;
        let Some(step) = step else { break };
        for &(cell, d) in &step.placements {
            wrong += usize::from(solution.get(cell.row, cell.col) != d);
        }
        for &(cell, d) in &step.eliminations {
            wrong += usize::from(solution.get(cell.row, cell.col) == d);
        }
        let (_, time) = timed(|| state.apply(&step));
        explain += time;
        steps += 1;
    }
    let explanation = sudokux::sudoku::logic::solve_logically(rules, &puzzle.givens)
        .expect("givens that keep the rules");
    Row {
        name: name.to_string(),
        kind,
        size: rules.size(),
        solved: state.is_solved() && state.grid() == *solution,
        grade: explanation.grade().to_string(),
        hardest: explanation.steps.iter().map(|s| s.technique).max(),
        steps,
        wrong,
        explain,
        hint,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut cache = Some(Path::new(SOLUTIONS).to_path_buf());
    let mut budget = 120.0;
    let mut files = Vec::new();
    let mut at = 0;
    while at < args.len() {
        if args[at] == "--budget" {
            at += 1;
            budget = args.get(at).and_then(|b| b.parse().ok()).unwrap_or(budget);
        } else if args[at] == "--solutions" {
            at += 1;
            cache = args.get(at).map(|d| Path::new(d).to_path_buf());
        } else {
            files.push(args[at].clone());
        }
        at += 1;
    }
    let known = cache.as_deref().map(read_solutions).unwrap_or_default();
    let mut rows = Vec::new();
    let mut missing = Vec::new();
    let mut unread = Vec::new();
    for file in &files {
        let path = Path::new(file);
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or(file);
        let (puzzle, kind) = match load(path) {
            Ok(loaded) => loaded,
            Err(e) => {
                unread.push(format!("{name} ({e})"));
                continue;
            }
        };
        match solution(&puzzle, name, &known, cache.as_deref(), budget) {
            Some(solution) => {
                let row = report(name, kind, &puzzle, &solution);
                eprintln!(
                    "{name}: {} in {} ms",
                    if row.solved { "solved" } else { "stalled" },
                    ms(row.explain)
                );
                rows.push(row);
            }
            None => missing.push(name.to_string()),
        }
    }
    let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
    for row in &rows {
        let entry = kinds.entry(row.kind.clone()).or_default();
        entry.puzzles += 1;
        entry.explain = entry.explain.max(row.explain);
        entry.hint = entry.hint.max(row.hint);
        if row.solved {
            entry.solved += 1;
            entry.hardest = entry.hardest.max(row.hardest);
        }
    }
    println!("| kind of rule (file keys) | puzzles | solved by logic | hardest step of the solved ones | slowest explain ms | slowest hint ms |");
    println!("|---|---:|---:|---|---:|---:|");
    for (kind, k) in &kinds {
        println!(
            "| {kind} | {} | {} | {} | {} | {} |",
            k.puzzles,
            k.solved,
            k.hardest.map_or("-", Technique::name),
            ms(k.explain),
            ms(k.hint)
        );
    }
    let solved = rows.iter().filter(|r| r.solved).count();
    println!("| **all** | **{}** | **{solved}** | | | |", rows.len());
    println!();
    println!(
        "| puzzle | status | grade | hardest | steps | wrong | explain ms | slowest hint ms |"
    );
    println!("|---|---|---|---|---:|---:|---:|---:|");
    for row in &rows {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            row.name,
            if row.solved { "solved" } else { "stalled" },
            row.grade,
            row.hardest.map_or("-", Technique::name),
            row.steps,
            row.wrong,
            ms(row.explain),
            ms(row.hint)
        );
    }
    println!();
    let wrong: usize = rows.iter().map(|r| r.wrong).sum();
    let nines = rows.iter().filter(|r| r.size == 9);
    let hint = nines.clone().max_by_key(|r| r.hint);
    let explain = nines.max_by_key(|r| r.explain);
    println!(
        "Solved by logic alone: {solved} of {} ({:.0} %); wrong steps: {wrong}; slowest 9x9 \
         hint {} ms ({}); slowest 9x9 explanation {} ms ({}).",
        rows.len(),
        100.0 * solved as f64 / rows.len().max(1) as f64,
        hint.map_or("-".to_string(), |r| ms(r.hint)),
        hint.map_or("-", |r| r.name.as_str()),
        explain.map_or("-".to_string(), |r| ms(r.explain)),
        explain.map_or("-", |r| r.name.as_str()),
    );
    if !missing.is_empty() {
        println!(
            "Without one solution found (left out): {}.",
            missing.join(", ")
        );
    }
    if !unread.is_empty() {
        println!("Not read by sudokux (left out): {}.", unread.join("; "));
    }
    if wrong > 0 {
        std::process::exit(1);
    }
}
