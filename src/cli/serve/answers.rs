//! Each endpoint answered by the command's own functions: the puzzle read as `input.rs` reads
//! one, searched by `answer.rs`, written by `output.rs`, `candidates.rs`, `explain.rs`,
//! `render.rs`, `convert`'s library calls and `generate.rs`.

use serde_json::{json, Value};
use sudokux::sudoku::file::{file_to_toml, to_toml};
use sudokux::sudoku::generate::GenerateError;
use sudokux::sudoku::true_candidates::Tally;
use sudokux::sudoku::{fpuzzles, Engine, Grid, PuzzleFile, Solver};
use sudokux::xc::{Budget, Watch};

use super::request::{Endpoint, Refused, Request};
use crate::answer::{answer_within, make_engine};
use crate::args::{Command, ConvertTo, LimitArgs, RuleArgs};
use crate::candidates::{self, Puzzle};
use crate::explain::{self, Refusal};
use crate::input::{read_text, OnePuzzle};
use crate::output::json_record;
use crate::render::{picture, to_png};
use crate::report::{Status, Task};

/// What a request is answered with: a status, and a JSON text or a PNG.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Body,
}

#[derive(Debug)]
pub enum Body {
    Json(String),
    Png(Vec<u8>),
}

impl Answer {
    fn json(status: u16, value: &Value) -> Answer {
        Answer {
            status,
            body: Body::Json(value.to_string()),
        }
    }
}

/// The budget of one search under `limits` (held under the server's ceilings when the
/// request was read), stopped by `watch` too: a closed connection asks it to stop.
fn budget(limits: &LimitArgs, watch: &'static Watch) -> Budget {
    let budget = Budget {
        max_nodes: limits.max_nodes,
        ..Budget::UNLIMITED
    }
    .and_stop(watch);
    match limits.timeout {
        Some(time) => budget.and_time(time),
        None => budget,
    }
}

/// The request's puzzle, read as the command line reads a file holding it, with the givens
/// typed over it.
fn puzzle(request: &Request, flags: &RuleArgs) -> Result<OnePuzzle, Refused> {
    let mut puzzle =
        read_text("puzzle", &request.puzzle, flags).map_err(|e| Refused::bad(e.to_string()))?;
    if let Some(cells) = &request.givens {
        puzzle.givens = givens(&puzzle, cells)?;
        // Typed givens replace a pencilmark puzzle's marks too.
        puzzle.candidates = None;
    }
    Ok(puzzle)
}

/// Givens written one symbol per position, in the puzzle's alphabet.
fn givens(puzzle: &OnePuzzle, cells: &[String]) -> Result<Grid, Refused> {
    let rules = &puzzle.rules;
    let (rows, cols) = (rules.rows(), rules.cols());
    if cells.len() != rows * cols {
        return Err(Refused::bad(format!(
            "\"givens\" has {} cells, the puzzle {rows}x{cols} = {}",
            cells.len(),
            rows * cols
        )));
    }
    let symbols = rules.symbols();
    let size = symbols.len() as u8;
    let mut grid = rules.empty_grid();
    for (p, name) in cells.iter().enumerate() {
        let name = name.trim();
        if name.is_empty() || name == "." || name == "0" && symbols.name(1) == "1" {
            continue;
        }
        let digit = (1..=size)
            .find(|&d| symbols.name(d) == name)
            .ok_or_else(|| {
                Refused::bad(format!(
                    "\"givens\": {}: {name:?} is not a symbol of this puzzle",
                    rules.cell(p)
                ))
            })?;
        grid.set(p / cols, p % cols, digit);
    }
    Ok(grid)
}

/// Answers a request, its searches stopped by `watch` (reset for it, and heeded through
/// every budget).
pub fn answer(request: Request, watch: &'static Watch) -> Result<Answer, Refused> {
    match &request.command {
        Command::Check { input, witness, .. } => {
            batch(&request, Task::Check { witness: *witness }, input, watch)
        }
        Command::Solve { input, first, .. } => {
            batch(&request, Task::Solve { first: *first }, input, watch)
        }
        Command::Count { input, limit, .. } => {
            batch(&request, Task::Count { limit: *limit }, input, watch)
        }
        Command::Candidates(args) => {
            let one = puzzle(&request, &args.rules)?;
            let tally = match args.counts {
                true => Tally::Counts {
                    limit: Some(args.limit),
                },
                false => Tally::Digits,
            };
            let found = Solver::new(one.rules.clone())
                .true_candidates(
                    &one.givens,
                    one.candidates.as_ref(),
                    tally,
                    budget(&args.limits, watch),
                )
                .map_err(|e| unanswerable(&one, e.to_string()))?;
            let (status, _) = candidates::status(&found);
            let record = candidates::json_record(
                &Puzzle {
                    name: &one.name,
                    index: 1,
                    line: one.line,
                    rules: &one.rules,
                    givens: &one.givens,
                    candidates: one.candidates.as_ref(),
                },
                &found,
                status,
            );
            Ok(Answer::json(200, &record))
        }
        Command::Hint(args) | Command::Explain(args) => {
            let one = puzzle(&request, &args.rules)?;
            let (rules, givens) = (&one.rules, &one.givens);
            let limits = budget(&args.limits, watch);
            let refuse = |refusal: Refusal| match refusal {
                Refusal::Puzzle(e) => Err(unanswerable(&one, e.to_string())),
                Refusal::Logic {
                    exit: crate::error::Exit::Unknown,
                    message,
                } => Ok(Answer::json(
                    200,
                    &json!({"status": "unknown", "message": message}),
                )),
                Refusal::Logic { message, .. } => Err(unanswerable(&one, message)),
            };
            let prepared = &explain::Prepared::new(rules);
            let text = match request.endpoint {
                // A hint proves uniqueness only as far as `HINT_PROOF` goes, as `sudokux hint`.
                Endpoint::Hint => {
                    match explain::prove(prepared, givens, limits.and_time(explain::HINT_PROOF)) {
                        Ok(proof) => explain::hint(args, prepared, givens, &proof),
                        Err(refusal) => return refuse(refusal),
                    }
                }
                _ => match explain::unique_solution(
                    prepared,
                    givens,
                    limits,
                    &args.limits.describe(),
                ) {
                    Ok(solution) => explain::explain(args, prepared, givens, &solution),
                    Err(refusal) => return refuse(refusal),
                },
            }
            .map_err(|e| unanswerable(&one, e.to_string()))?;
            let mut value: Value = serde_json::from_str(&text)
                .map_err(|e| Refused::bad(format!("cannot read the answer: {e}")))?;
            value["puzzle"] = json!(rules.format_line(givens));
            Ok(Answer::json(200, &value))
        }
        Command::Render(args) => {
            // Unlike `sudokux render`, givens that clash are drawn: the page shows the puzzle
            // as typed, and Check names the clash.
            let one = puzzle(&request, &args.rules)?;
            let solution = if args.solve {
                Solver::new(one.rules.clone())
                    .enumerate_bounded(&one.givens, Some(1), 1, budget(&args.limits, watch))
                    .map_err(|e| unanswerable(&one, e.to_string()))?
                    .solutions
                    .into_iter()
                    .next()
            } else {
                None
            };
            let cell = f64::from(args.cell);
            let svg = picture(&one, solution.as_ref(), cell).map_err(|e| Refused {
                status: 422,
                message: e.to_string(),
            })?;
            if request.png {
                let png = to_png(&svg).map_err(|e| Refused {
                    status: 422,
                    message: e.to_string(),
                })?;
                return Ok(Answer {
                    status: 200,
                    body: Body::Png(png),
                });
            }
            Ok(Answer::json(200, &drawing(&one, &svg, cell)))
        }
        Command::Convert(args) => {
            let one = puzzle(&request, &args.rules)?;
            let file = PuzzleFile {
                rules: one.rules.clone(),
                givens: one.givens.clone(),
                meta: one.meta.clone(),
            };
            let value = match args.to {
                ConvertTo::Toml => json!({"to": "toml", "text": file_to_toml(&file)}),
                ConvertTo::Fpuzzles => {
                    let value =
                        fpuzzles::to_json(&file).map_err(|e| unanswerable(&one, e.to_string()))?;
                    json!({"to": "fpuzzles", "text": fpuzzles::to_text(&value, true)})
                }
                ConvertTo::Url => {
                    let (load, sudokupad) =
                        fpuzzles::links(&file).map_err(|e| unanswerable(&one, e.to_string()))?;
                    let payload = load.split_once("?load=").map_or("", |(_, p)| p);
                    json!({
                        "to": "url", "fpuzzles": load, "sudokupad": sudokupad,
                        "payload": payload, "text": format!("{load}\n{sudokupad}\n"),
                    })
                }
            };
            Ok(Answer::json(200, &value))
        }
        Command::Generate(args) => {
            let (generator, says_all) =
                crate::generate::generator(args).map_err(|e| Refused::bad(e.to_string()))?;
            let seed = args.seed.unwrap_or_else(crate::generate::fresh_seed);
            match generator.generate(seed, 1) {
                Ok(made) => {
                    let line = made.rules.format_line(&made.puzzle);
                    Ok(Answer::json(
                        200,
                        &json!({
                            "status": if made.out_of_time { "unknown" } else { "ok" },
                            "seed": seed,
                            "givens": made.givens,
                            "puzzle": line,
                            "toml": to_toml(&made.rules, &made.puzzle),
                            // Cages, regions and layouts are written in a puzzle file only.
                            "line_says_all": says_all
                                && !(args.jigsaw || args.killer || args.layout.is_some()),
                        }),
                    ))
                }
                Err(GenerateError::OutOfTime) => Ok(Answer::json(
                    200,
                    &json!({"status": "unknown", "seed": seed,
                            "message": GenerateError::OutOfTime.to_string()}),
                )),
                Err(e) => Err(Refused {
                    status: 422,
                    message: e.to_string(),
                }),
            }
        }
        _ => Err(Refused::bad("not an endpoint")),
    }
}

/// A puzzle that was read but cannot be answered (givens that break its rules): 422.
fn unanswerable(one: &OnePuzzle, message: String) -> Refused {
    Refused {
        status: 422,
        message: format!("{}: {}{message}", one.name, one.at()),
    }
}

/// `check`, `solve` and `count`: the report of `answer.rs`, written as `--json` writes it.
fn batch(
    request: &Request,
    task: Task,
    input: &crate::args::InputArgs,
    watch: &'static Watch,
) -> Result<Answer, Refused> {
    let one = puzzle(request, &input.rules)?;
    let mut engine = make_engine(input.engine, !input.no_symmetry, one.rules.clone());
    let mut report = answer_within(
        engine.as_mut(),
        (task, budget(&input.limits, watch)),
        watch,
        &one.givens,
        one.candidates.as_ref(),
    );
    report.index = 1;
    report.line = one.line;
    report.puzzle = Some(one.givens.clone());
    report.candidates = one.candidates.clone();
    report.meta = one.meta.clone();
    let status = if report.status == Status::Error {
        422
    } else {
        200
    };
    if let Some(error) = &mut report.error {
        *error = format!("{}: {}{error}", one.name, one.at());
    }
    let record = json_record(&one.name, &report, |g| one.rules.format_line(g), true);
    let text = serde_json::to_string(&record)
        .map_err(|e| Refused::bad(format!("cannot write the answer: {e}")))?;
    Ok(Answer {
        status,
        body: Body::Json(text),
    })
}

/// A picture with what the page needs to lay cells over it: the grid's place in the SVG,
/// the symbols, the givens, the title.
fn drawing(one: &OnePuzzle, svg: &str, cell: f64) -> Value {
    let rules = &one.rules;
    let (rows, cols) = (rules.rows(), rules.cols());
    let attribute = |name: &str| -> f64 {
        let key = format!(" {name}=\"");
        svg.find(&key)
            .and_then(|k| svg[k + key.len()..].split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let (width, height) = (attribute("width"), attribute("height"));
    // The renderer's frame: equal margins left, right and below; the caption above.
    let margin = (width - cols as f64 * cell) / 2.0;
    let top = height - margin - rows as f64 * cell;
    let symbols = rules.symbols();
    let names: Vec<&str> = (1..=symbols.len() as u8).map(|d| symbols.name(d)).collect();
    let givens: Vec<&str> = one
        .givens
        .cells()
        .iter()
        .map(|&d| if d == 0 { "" } else { symbols.name(d) })
        .collect();
    let active: Vec<bool> = (0..rows * cols).map(|p| rules.is_active(p)).collect();
    json!({
        "svg": svg,
        "rows": rows,
        "cols": cols,
        "cell": cell,
        "left": margin,
        "top": top,
        "width": width,
        "height": height,
        "symbols": names,
        "givens": givens,
        "active": active,
        "puzzle": rules.format_line(&one.givens),
        "title": one.meta.title,
        "author": one.meta.author,
        "ruleset": one.meta.ruleset,
        "caption": sudokux::sudoku::render::caption(rules),
        "notes": one.notes,
    })
}
