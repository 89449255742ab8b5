//! The logic report: explains every puzzle file given (TOML, sudokux JSON or f-puzzles JSON)
//! by logic alone, checks every step against the puzzle's solution, and prints per puzzle
//! whether logic solved it, its grade, its hardest technique, the time of the whole
//! explanation and of the slowest hint, and the steps that were wrong (there must be none);
//! then a summary per kind of rule.
//!
//! ```text
//! cargo run --release --example logic_report -- [--solutions DIR] [--budget SECONDS] FILE...
//! cargo run --release --example logic_report -- --solutions /tmp/sol \
//!     ../shared/data/variants/*.json ../shared/data/killers/*.toml
//! ```
//!
//! The solution of each puzzle comes from the exact-cover engine (checked by the independent
//! validator), within 120 s (`--budget SECONDS`); with `--solutions DIR` it is kept in `DIR/<name>.solution` and
//! read from there the next time. A puzzle whose solution is not found is left out. The kind
//! of rule is the puzzle file's own keys (f-puzzles' `thermometer`, sudokux's `cage`), less
//! those every puzzle has. Times are the CPU time of the thread: `hint` is the longest a
//! single next step took, from a fresh state on the givens for the first and along the way
//! for the others (each as long as `sudokux hint` takes at that point, less the search that
//! proves the puzzle unique).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use sudokux::sudoku::file::{from_json, from_toml, PuzzleFile};
use sudokux::sudoku::logic::{State, Step, Technique};
use sudokux::sudoku::{fpuzzles, validate, Engine, Grid, Solver};
use sudokux::xc::Budget;

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

fn load(path: &Path) -> (PuzzleFile, String) {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let (file, keys): (PuzzleFile, Vec<String>) = if ext == "toml" {
        let value: toml::Table = toml::from_str(&text).expect("TOML");
        (
            from_toml(&text).expect("a puzzle file"),
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
            fpuzzles::read(&text).expect("f-puzzles JSON").into()
        } else {
            from_json(&text).expect("a puzzle file")
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
    (file, kind)
}

fn solution(file: &PuzzleFile, name: &str, cache: Option<&Path>, budget: f64) -> Option<Grid> {
    let (rows, cols) = (file.rules.rows(), file.rules.cols());
    let cached = cache.map(|dir| dir.join(format!("{name}.solution")));
    if let Some(text) = cached
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
    {
        let cells: Option<Vec<u8>> = text.split_whitespace().map(|d| d.parse().ok()).collect();
        return cells.and_then(|cells| Grid::from_area(rows, cols, cells));
    }
    let answer = Solver::new(file.rules.clone())
        .enumerate_bounded(
            &file.givens,
            Some(1),
            1,
            Budget::time(Duration::from_secs_f64(budget)),
        )
        .ok()?;
    let grid = match answer.solutions.into_iter().next() {
        Some(grid) => grid,
        None => search(State::new(&file.rules, &file.givens).ok()?, &mut 500)?,
    };
    validate(&file.rules, &file.givens, &grid).expect("a valid solution");
    if let Some(path) = cached {
        let text: Vec<String> = grid.cells().iter().map(u8::to_string).collect();
        std::fs::write(path, text.join(" ")).expect("a writable cache");
    }
    Some(grid)
}

/// A solution by the logic and trial: steps until logic stalls, then each candidate of the
/// cell with the fewest in turn. For puzzles the engine does not finish within the budget;
/// the solution is checked by the validator all the same. At most `left` more stalls are
/// tried.
fn search(mut state: State, left: &mut usize) -> Option<Grid> {
    if *left == 0 {
        return None;
    }
    *left -= 1;
    while !state.is_solved() {
        if state.is_broken() {
            return None;
        }
        match state.next_step() {
            Some(step) => state.apply(&step),
            None => break,
        }
    }
    if state.is_solved() {
        return (!state.is_broken()).then(|| state.grid());
    }
    let rules = state.rules();
    let p = rules
        .cells()
        .iter()
        .copied()
        .filter(|&p| state.value(p) == 0)
        .min_by_key(|&p| state.candidates(p).count_ones())?;
    let cell = rules.cell(p);
    (1..=rules.size() as u8)
        .filter(|&d| state.candidates(p) >> (d - 1) & 1 == 1)
        .find_map(|d| {
            let mut trial = state.clone();
            trial.apply(&Step {
                technique: Technique::Guess,
                placements: vec![(cell, d)],
                eliminations: Vec::new(),
                units: Vec::new(),
                cells: vec![cell],
                digits: vec![d],
            });
            search(trial, left)
        })
}

#[derive(Default)]
struct Kind {
    puzzles: usize,
    solved: usize,
    hardest: Option<Technique>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut cache = None;
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
    if let Some(dir) = &cache {
        std::fs::create_dir_all(dir).expect("a cache directory");
    }
    println!("puzzle\tkind\tstatus\tgrade\thardest\tsteps\twrong\texplain_ms\thint_ms");
    let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
    let (mut total, mut solved, mut wrong_total) = (0, 0, 0);
    let mut slowest_hint = (Duration::ZERO, String::new());
    let mut slowest_explain = (Duration::ZERO, String::new());
    for file in &files {
        let path = Path::new(file);
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or(file);
        let (puzzle, kind) = load(path);
        let Some(solution) = solution(&puzzle, name, cache.as_deref(), budget) else {
            println!("{name}\t{kind}\tno-solution-found");
            continue;
        };
        let rules = &puzzle.rules;
        let (first, first_time) = timed(|| {
            State::new(rules, &puzzle.givens)
                .expect("givens that keep the rules")
                .next_step()
        });
        let mut hint = first_time;
        let mut state = State::new(rules, &puzzle.givens).expect("givens that keep the rules");
        let mut steps = Vec::new();
        let mut wrong = 0;
        let (_, explain_time) = timed(|| {
            while !state.is_solved() {
                let (step, time) = timed(|| state.next_step());
                hint = hint.max(time);
                let Some(step) = step else { break };
                for &(cell, d) in &step.placements {
                    wrong += usize::from(solution.get(cell.row, cell.col) != d);
                }
                for &(cell, d) in &step.eliminations {
                    wrong += usize::from(solution.get(cell.row, cell.col) == d);
                }
                state.apply(&step);
                steps.push(step);
            }
        });
        let _ = first;
        let done = state.is_solved() && state.grid() == solution;
        let hardest = steps.iter().map(|s| s.technique).max();
        let grade = {
            let explanation = sudokux::sudoku::logic::solve_logically(rules, &puzzle.givens)
                .expect("givens that keep the rules");
            explanation.grade()
        };
        println!(
            "{name}\t{kind}\t{}\t{grade}\t{}\t{}\t{wrong}\t{:.1}\t{:.1}",
            if done { "solved" } else { "stalled" },
            hardest.map_or("-", Technique::name),
            steps.len(),
            explain_time.as_secs_f64() * 1e3,
            hint.as_secs_f64() * 1e3,
        );
        total += 1;
        solved += usize::from(done);
        wrong_total += wrong;
        if rules.size() == 9 && hint > slowest_hint.0 {
            slowest_hint = (hint, name.to_string());
        }
        if explain_time > slowest_explain.0 {
            slowest_explain = (explain_time, name.to_string());
        }
        let entry = kinds.entry(kind).or_default();
        entry.puzzles += 1;
        if done {
            entry.solved += 1;
            entry.hardest = entry.hardest.max(hardest);
        }
    }
    println!();
    println!("kind\tpuzzles\tsolved\thardest step (solved ones)");
    for (kind, k) in &kinds {
        println!(
            "{kind}\t{}\t{}\t{}",
            k.puzzles,
            k.solved,
            k.hardest.map_or("-", Technique::name)
        );
    }
    println!();
    println!(
        "solved {solved} of {total} ({:.0} %), wrong steps {wrong_total}; slowest 9x9 hint \
         {:.1} ms ({}), slowest explain {:.1} ms ({})",
        100.0 * solved as f64 / total.max(1) as f64,
        slowest_hint.0.as_secs_f64() * 1e3,
        slowest_hint.1,
        slowest_explain.0.as_secs_f64() * 1e3,
        slowest_explain.1
    );
}
