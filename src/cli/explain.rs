//! `sudokux explain` and `sudokux hint`: one puzzle solved step by step in a solver's words
//! (the library's [`logic`](sudokux::sudoku::logic)). `explain` first has the exact-cover
//! engine prove the puzzle unique; `hint` gives that proof [`HINT_PROOF`] at most (unless
//! limits are given), since a hint must come at once and every step holds for every solution.

use std::io::{self, Write};
use std::time::Duration;

use serde_json::{json, Value};
use sudokux::sudoku::encode::Encoding;
use sudokux::sudoku::logic::{explain_from, RuleIndex, State, Step, CUT_SHORT_NOTE};
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
    let prepared = &Prepared::new(rules);
    let where_ = puzzle.at();
    let at = |message: String| puzzle.error(format!("{where_}{message}"));
    let shown = progress::wanted(args.progress);
    let proving = "proving the puzzle has one solution";
    let refuse = |refusal: Refusal| match refusal {
        Refusal::Puzzle(error) => Err(at(error.to_string())),
        Refusal::Logic { exit, message } => {
            say!("sudokux: {name}: {where_}{message}");
            Ok(exit)
        }
    };
    let limits = args.limits.describe();
    let text = match mode {
        Mode::Explain => {
            let solution = progress::busy(shown, proving, || {
                unique_solution(prepared, givens, args.limits.budget(), &limits)
            });
            let solution = match solution {
                Ok(solution) => solution,
                Err(refusal) => return refuse(refusal),
            };
            progress::busy(shown, "solving step by step", || {
                explain(&args, prepared, givens, &solution)
            })
        }
        Mode::Hint => {
            // Without limits given, uniqueness is proved only as far as `HINT_PROOF` goes.
            let proof = progress::busy(shown, proving, || match args.limits.given() {
                true => unique_solution(prepared, givens, args.limits.budget(), &limits)
                    .map(Proof::Unique),
                false => prove(prepared, givens, args.limits.budget().and_time(HINT_PROOF)),
            });
            let proof = match proof {
                Ok(proof) => proof,
                Err(refusal) => return refuse(refusal),
            };
            progress::busy(shown, "solving step by step", || {
                hint(&args, prepared, givens, &proof)
            })
        }
    }
    .map_err(|e| at(e.to_string()))?;
    let mut out = io::stdout().lock();
    written(
        out.write_all(text.as_bytes()).and_then(|()| out.flush()),
        Exit::Ok,
    )
}

/// The rules of one puzzle, encoded once for both the proof of uniqueness and the logic
/// ([`Encoding::shared`]): for long arrows an encoding costs about what the rest of a hint does.
pub struct Prepared<'r> {
    /// The rules.
    pub rules: &'r Rules,
    encoding: Option<Encoding>,
}

impl<'r> Prepared<'r> {
    /// The rules encoded.
    pub fn new(rules: &'r Rules) -> Prepared<'r> {
        Prepared {
            rules,
            encoding: Encoding::shared(rules),
        }
    }

    /// The search of the rules.
    fn solver(&self) -> Solver {
        match &self.encoding {
            Some(encoding) => Solver::encoded(self.rules.clone(), encoding),
            None => Solver::new(self.rules.clone()),
        }
    }

    /// The pencil marks of `givens`.
    fn state(&self, givens: &Grid) -> Result<State<'r>, PuzzleError> {
        match &self.encoding {
            Some(encoding) => State::encoded(self.rules, givens, encoding),
            None => State::new(self.rules, givens),
        }
    }
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

/// How long `hint` searches for the proof that a puzzle has one solution when no limit is
/// given (`--timeout`, `--max-nodes`): a hint must come at once, and proving uniqueness is the
/// `check` command's job. Past it, the hint is given all the same, saying that uniqueness was
/// not proved: a step holds for every solution, since no solution has what it eliminates.
pub const HINT_PROOF: Duration = Duration::from_millis(40);

/// What the search proved of a puzzle that has a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// Its one solution, proved the only one.
    Unique(Grid),
    /// The budget ran out before the proof: the solution found by then, if any.
    NotProved(Option<Grid>),
}

impl Proof {
    /// Whether the puzzle was proved to have one solution.
    pub fn unique(&self) -> bool {
        matches!(self, Proof::Unique(_))
    }
}

/// The one solution of a puzzle, proved unique within `budget` (`limits` names the limits in
/// the message when they stop it): what logic needs before it explains. A puzzle without
/// solution is told where it goes wrong when that is quick to find.
pub fn unique_solution(
    prepared: &Prepared<'_>,
    givens: &Grid,
    budget: Budget,
    limits: &str,
) -> Result<Grid, Refusal> {
    match prove(prepared, givens, budget)? {
        Proof::Unique(solution) => Ok(solution),
        Proof::NotProved(_) => Err(Refusal::Logic {
            exit: Exit::Unknown,
            message: format!(
                "{limits} stopped the search before it proved the puzzle has one solution; \
                 logic needs a unique one"
            ),
        }),
    }
}

/// What the search finds of a puzzle's solutions within `budget`: its one solution, or
/// [`Proof::NotProved`] when the budget runs out first; refused when it finds none or two
/// (a puzzle without solution told where it goes wrong when that is quick to find).
pub fn prove(prepared: &Prepared<'_>, givens: &Grid, budget: Budget) -> Result<Proof, Refusal> {
    let answer = prepared
        .solver()
        .enumerate_bounded(givens, Some(2), 2, budget)
        .map_err(Refusal::Puzzle)?;
    let cut_short = answer.cut_short(Some(2));
    let mut solutions = answer.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (found, None) if cut_short => Ok(Proof::NotProved(found)),
        (Some(solution), None) => Ok(Proof::Unique(solution)),
        (None, _) => Err(Refusal::Logic {
            exit: Exit::NotUnique,
            message: format!(
                "the puzzle has no solution{}",
                why_no_solution(prepared, givens)
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
fn why_no_solution(prepared: &Prepared<'_>, givens: &Grid) -> String {
    let rules = prepared.rules;
    let cols = rules.cols();
    let cell = |p: usize| Cell::from_index(p, cols);
    if let Some(why) = impossible_cell(rules, givens) {
        return format!(": {why}");
    }
    // Search without each given in turn; a puzzle of many givens only up to a few hundred.
    let mut solver = prepared.solver();
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
    prepared: &Prepared<'_>,
    givens: &Grid,
    solution: &Grid,
) -> Result<String, sudokux::sudoku::PuzzleError> {
    let rules = prepared.rules;
    let start = prepared.state(givens)?;
    let explanation = explain_from(start.clone(), args.guess.then_some(solution));
    let grade = explanation.grade();
    let solved = explanation.solved();
    let hardest = explanation.hardest();
    if args.json {
        let index = RuleIndex::new(&start);
        let mut object = json!({
            "status": if solved { "solved" } else { "stalled" },
            "grade": grade.to_string(),
            "hardest": hardest.map(|(t, _)| t.name()),
            "hardest_steps": hardest.map_or(0, |(_, count)| count),
            "grade_exact": explanation.grade_is_exact(),
            "unexplained": explanation.unexplained,
            "steps": explanation
                .steps
                .iter()
                .map(|s| step_json(rules, &index, s))
                .collect::<Vec<_>>(),
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

/// The next step of a puzzle, as text or JSON, after `proof`: a hint on a puzzle not proved
/// unique says so (`proved_unique` in JSON); a guess takes the digit of the solution found,
/// searched for within the command's limits when the proof found none.
pub fn hint(
    args: &ExplainArgs,
    prepared: &Prepared<'_>,
    givens: &Grid,
    proof: &Proof,
) -> Result<String, sudokux::sudoku::PuzzleError> {
    let rules = prepared.rules;
    let state = prepared.state(givens)?;
    let left_out = state.unexplained();
    let (found, complete) = state.hint_step();
    let (step, status) = if state.is_solved() {
        (None, "solved")
    } else if let Some(step) = found {
        (Some(step), "step")
    } else if args.guess {
        let solution = match proof {
            Proof::Unique(solution) | Proof::NotProved(Some(solution)) => Some(solution.clone()),
            Proof::NotProved(None) => prepared
                .solver()
                .enumerate_bounded(givens, Some(1), 1, args.limits.budget())?
                .solutions
                .into_iter()
                .next(),
        };
        match solution.and_then(|solution| state.guess(&solution)) {
            Some(step) => (Some(step), "guess"),
            None => (None, "stalled"),
        }
    } else {
        (None, "stalled")
    };
    if args.json {
        let mut object = json!({
            "status": status,
            "step": step.as_ref().map(|s| step_json(rules, &RuleIndex::new(&state), s)),
            "unexplained": left_out,
            "proved_unique": proof.unique(),
            "complete": complete,
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
    if !proof.unique() {
        out.push_str(&not_proved_note(HINT_PROOF));
    }
    out.push_str(&unexplained_note(&left_out, "hint below does"));
    if !complete {
        out.push_str(CUT_SHORT_NOTE);
    }
    match (step, status) {
        (Some(step), _) => out.push_str(&step.describe(rules.symbols())),
        (None, "solved") => out.push_str("the grid is full: nothing left to do"),
        (None, _) if !complete => {
            out.push_str("no step found within the hint's bound (--guess for a guess)")
        }
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

/// The line saying that the search did not prove the puzzle unique within `time`.
fn not_proved_note(time: Duration) -> String {
    format!(
        "note: the search did not prove within {} ms that the puzzle has one solution (`sudokux \
         check` does); the hint holds for every solution\n",
        time.as_millis()
    )
}

/// A step as JSON: the technique, the sentence, what it places and eliminates, its pattern,
/// and the rule instances it used (`rules`: `{family, instance, words}`).
fn step_json(rules: &Rules, index: &RuleIndex, step: &Step) -> Value {
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
        "rules": index
            .rules_of(step)
            .iter()
            .map(|r| json!({"family": r.family, "instance": r.instance, "words": r.words}))
            .collect::<Vec<_>>(),
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
