//! `sudokux explain` and `sudokux hint`: one puzzle solved step by step in a solver's words
//! (the library's [`logic`](sudokux::sudoku::logic)), after the exact-cover engine has proved
//! it unique.

use std::io::{self, Write};

use serde_json::{json, Value};
use sudokux::sudoku::logic::{solve_logically, solve_with_guesses, unexplained, State, Step};
use sudokux::sudoku::{Cell, Engine, Grid, PuzzleError, Rules, Solver};
use sudokux::xc::Budget;

use crate::answer::impossible_cell;
use crate::args::ExplainArgs;
use crate::error::{written, CliError, Exit};
use crate::input::load_puzzle;
use crate::progress;

/// What the command prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every step to the end.
    Explain,
    /// The next step only.
    Hint,
}

pub fn run(args: ExplainArgs, mode: Mode) -> Result<Exit, CliError> {
    let puzzle = load_puzzle(args.input.as_deref(), args.index, &args.rules)?;
    let (name, rules, givens) = (&puzzle.name, &puzzle.rules, &puzzle.givens);
    let where_ = puzzle.at();
    let at = |message: String| puzzle.error(format!("{where_}{message}"));
    let shown = progress::wanted(args.progress);
    let solution = progress::busy(shown, "proving the puzzle has one solution", || {
        unique_solution(rules, givens, args.limits.budget(), &args.limits.describe())
    });
    let solution = match solution {
        Ok(solution) => solution,
        Err(Refusal::Puzzle(error)) => return Err(at(error.to_string())),
        Err(Refusal::Logic { exit, message }) => {
            say!("sudokux: {name}: {where_}{message}");
            return Ok(exit);
        }
    };
    let text = progress::busy(shown, "solving step by step", || match mode {
        Mode::Explain => explain(&args, rules, givens, &solution),
        Mode::Hint => hint(&args, rules, givens, &solution),
    })
    .map_err(|e| at(e.to_string()))?;
    let mut out = io::stdout().lock();
    written(
        out.write_all(text.as_bytes()).and_then(|()| out.flush()),
        Exit::Ok,
    )
}

/// Why logic is not run on a puzzle.
#[derive(Debug)]
pub enum Refusal {
    /// The puzzle cannot be searched (givens that break the rules).
    Puzzle(PuzzleError),
    /// It has no solution, several, or a limit stopped the proof: the message (without the
    /// input's name) and the exit code.
    Logic { exit: Exit, message: String },
}

/// The one solution of a puzzle, proved unique within `budget` (`limits` names the limits in
/// the message when they stop it): what logic needs before it explains. A puzzle without
/// solution is told where it goes wrong when that is quick to find.
pub fn unique_solution(
    rules: &Rules,
    givens: &Grid,
    budget: Budget,
    limits: &str,
) -> Result<Grid, Refusal> {
    let answer = Solver::new(rules.clone())
        .enumerate_bounded(givens, Some(2), 2, budget)
        .map_err(Refusal::Puzzle)?;
    if answer.cut_short(Some(2)) {
        return Err(Refusal::Logic {
            exit: Exit::Unknown,
            message: format!(
                "{limits} stopped the search before it proved the puzzle has one solution; \
                 logic needs a unique one"
            ),
        });
    }
    let mut solutions = answer.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(solution), None) => Ok(solution),
        (None, _) => Err(Refusal::Logic {
            exit: Exit::NotUnique,
            message: format!(
                "the puzzle has no solution{}",
                why_no_solution(rules, givens)
            ),
        }),
        (Some(_), Some(_)) => Err(Refusal::Logic {
            exit: Exit::NotUnique,
            message: "the puzzle has several solutions; logic needs a unique one".into(),
        }),
    }
}

/// Where a puzzle without solution goes wrong, as the rest of the sentence after "the puzzle
/// has no solution": an empty cell that no digit fits, else the givens without any one of
/// which the puzzle has a solution (one of them is likely a typo), else nothing.
fn why_no_solution(rules: &Rules, givens: &Grid) -> String {
    let cols = rules.cols();
    let cell = |p: usize| Cell::from_index(p, cols);
    if let Some(why) = impossible_cell(rules, givens) {
        return format!(": {why}");
    }
    // Search without each given in turn; a puzzle of many givens only up to a few hundred.
    let mut solver = Solver::new(rules.clone());
    let given: Vec<usize> = (0..givens.cells().len())
        .filter(|&p| givens.cells()[p] != 0)
        .take(400)
        .collect();
    let suspects: Vec<String> = given
        .iter()
        .filter(|&&p| {
            let mut without = givens.clone();
            without.set(p / cols, p % cols, 0);
            solver
                .solve_first(&without)
                .is_ok_and(|(found, _)| found.is_some())
        })
        .map(|&p| format!("{} = {}", cell(p), rules.symbols().name(givens.cells()[p])))
        .collect();
    match suspects.as_slice() {
        [] => String::new(),
        [one] => format!(": without the given {one} it has one, so that given is likely wrong"),
        many => format!(
            ": without any one of the givens {} it has some, so one of them is likely wrong",
            many.join(", ")
        ),
    }
}

pub fn explain(
    args: &ExplainArgs,
    rules: &Rules,
    givens: &Grid,
    solution: &Grid,
) -> Result<String, sudokux::sudoku::PuzzleError> {
    let start = State::new(rules, givens)?;
    let explanation = if args.guess {
        solve_with_guesses(rules, givens, solution)?
    } else {
        solve_logically(rules, givens)?
    };
    let grade = explanation.grade();
    let solved = explanation.solved();
    let hardest = explanation.hardest();
    if args.json {
        let mut object = json!({
            "status": if solved { "solved" } else { "stalled" },
            "grade": grade.to_string(),
            "hardest": hardest.map(|(t, _)| t.name()),
            "hardest_steps": hardest.map_or(0, |(_, count)| count),
            "grade_exact": explanation.grade_is_exact(),
            "unexplained": explanation.unexplained,
            "steps": explanation.steps.iter().map(|s| step_json(rules, s)).collect::<Vec<_>>(),
        });
        if solved {
            object["solution"] = json!(rules.format_line(&explanation.end.grid()));
        } else {
            object["candidates"] = candidates_json(&explanation.end);
        }
        if args.candidates {
            object["start_candidates"] = candidates_json(&start);
        }
        return Ok(format!("{object}\n"));
    }
    let mut out = String::new();
    if args.candidates {
        out.push_str("candidates:\n");
        out.push_str(&start.pencil_marks());
    }
    out.push_str(&unexplained_note(
        &explanation.unexplained,
        "steps below do",
    ));
    for (k, step) in explanation.steps.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", k + 1, step.describe(rules.symbols())));
    }
    if !solved {
        out.push_str(&format!(
            "stalled after {} steps: no technique applies; the candidates:\n",
            explanation.steps.len()
        ));
        out.push_str(&explanation.end.pencil_marks());
    }
    let guesses = explanation
        .steps
        .iter()
        .filter(|s| s.technique == sudokux::sudoku::Technique::Guess)
        .count();
    let detail = match (hardest, guesses) {
        (_, g) if g > 0 => format!(" ({g} guess{})", if g == 1 { "" } else { "es" }),
        _ if !solved => String::new(),
        (Some((technique, count)), _) => format!(
            " (hardest: {technique}, {count} step{})",
            if count == 1 { "" } else { "s" }
        ),
        (None, _) => " (nothing to do)".to_string(),
    };
    let detail = if explanation.grade_is_exact() {
        detail
    } else {
        format!(
            " (logic stalls without {}: reasoning with them may need less)",
            explanation.unexplained.join(", ")
        )
    };
    out.push_str(&format!("grade: {grade}{detail}\n"));
    if solved {
        out.push_str(&rules.format_line(&explanation.end.grid()));
        out.push('\n');
    }
    Ok(out)
}

pub fn hint(
    args: &ExplainArgs,
    rules: &Rules,
    givens: &Grid,
    solution: &Grid,
) -> Result<String, sudokux::sudoku::PuzzleError> {
    let state = State::new(rules, givens)?;
    let left_out = unexplained(rules);
    let (step, status) = if state.is_solved() {
        (None, "solved")
    } else if let Some(step) = state.next_step() {
        (Some(step), "step")
    } else if args.guess {
        (state.guess(solution), "guess")
    } else {
        (None, "stalled")
    };
    if args.json {
        let mut object = json!({
            "status": status,
            "step": step.as_ref().map(|s| step_json(rules, s)),
            "unexplained": left_out,
        });
        if args.candidates {
            object["candidates"] = candidates_json(&state);
        }
        return Ok(format!("{object}\n"));
    }
    let mut out = String::new();
    if args.candidates {
        out.push_str(&state.pencil_marks());
    }
    out.push_str(&unexplained_note(&left_out, "hint below does"));
    match (step, status) {
        (Some(step), _) => out.push_str(&step.describe(rules.symbols())),
        (None, "solved") => out.push_str("the grid is full: nothing left to do"),
        (None, _) => out.push_str("no technique applies: logic stalls here (--guess for a guess)"),
    }
    out.push('\n');
    Ok(out)
}

/// The line that names the constraints the logic does not reason with (`steps below do`, `hint
/// below does` say what leaves them out); nothing when it reasons with all.
fn unexplained_note(names: &[String], what: &str) -> String {
    if names.is_empty() {
        return String::new();
    }
    format!(
        "note: the {what} not use {} (not yet understood by the logic)\n",
        names.join(", ")
    )
}

/// A step as JSON: the technique, the sentence, and what it places and eliminates.
fn step_json(rules: &Rules, step: &Step) -> Value {
    let symbols = rules.symbols();
    let pairs = |list: &[(sudokux::sudoku::Cell, u8)]| {
        list.iter()
            .map(|(cell, d)| json!({"cell": cell.to_string(), "digit": symbols.name(*d)}))
            .collect::<Vec<_>>()
    };
    json!({
        "technique": step.technique.name(),
        "text": step.describe(symbols),
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
        "units": step.units,
        "cells": step.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "digits": step.digits.iter().map(|&d| symbols.name(d)).collect::<Vec<_>>(),
    })
}

/// The pencil marks as JSON: an object from each empty cell's name to its candidates.
fn candidates_json(state: &State) -> Value {
    let rules = state.rules();
    let symbols = rules.symbols();
    let mut map = serde_json::Map::new();
    for &p in rules.cells() {
        if state.value(p) == 0 {
            let digits: Vec<&str> = (1..=rules.size() as u8)
                .filter(|&d| state.candidates(p) >> (d - 1) & 1 == 1)
                .map(|d| symbols.name(d))
                .collect();
            map.insert(rules.cell(p).to_string(), json!(digits));
        }
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::unexplained_note;

    #[test]
    fn the_note_names_what_the_logic_leaves_out() {
        assert_eq!(unexplained_note(&[], "steps below do"), "");
        let names = ["thermometer 1".to_string(), "arrow 2".to_string()];
        assert_eq!(
            unexplained_note(&names, "steps below do"),
            "note: the steps below do not use thermometer 1, arrow 2 (not yet understood by the \
             logic)\n"
        );
    }
}
