//! A request's JSON body read into the arguments of the command it stands for: each option is
//! the command's own flag (`"max_nodes": 10` is `--max-nodes 10`), parsed by the command
//! line's own parser, so that the API takes what the command takes and says what it says.
//! Only the options listed for each endpoint are taken: none names a file.

use std::time::Duration;

use clap::Parser;
use serde_json::{json, Map, Value};

use crate::args::{Cli, Command, LimitArgs};

/// The endpoints of the API, each answering as one command does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Check,
    Solve,
    Count,
    Candidates,
    Hint,
    Explain,
    Render,
    Convert,
    Generate,
}

/// The rule flags for puzzle lines, which every endpoint reading a puzzle takes.
const RULES: &[&str] = &[
    "size",
    "box",
    "symbols",
    "diagonals",
    "diagonal_positive",
    "diagonal_negative",
    "windoku",
    "anti_knight",
    "anti_king",
    "non_consecutive",
];

/// The limits of a search, held under the server's own.
const LIMITS: &[&str] = &["timeout", "max_nodes"];

impl Endpoint {
    /// All of them, in the order the documentation lists them.
    pub const ALL: [Endpoint; 9] = [
        Endpoint::Check,
        Endpoint::Solve,
        Endpoint::Count,
        Endpoint::Candidates,
        Endpoint::Hint,
        Endpoint::Explain,
        Endpoint::Render,
        Endpoint::Convert,
        Endpoint::Generate,
    ];

    /// The command it answers as, and the last part of its path (`/api/check`).
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::Check => "check",
            Endpoint::Solve => "solve",
            Endpoint::Count => "count",
            Endpoint::Candidates => "candidates",
            Endpoint::Hint => "hint",
            Endpoint::Explain => "explain",
            Endpoint::Render => "render",
            Endpoint::Convert => "convert",
            Endpoint::Generate => "generate",
        }
    }

    /// The options of its own, besides the rule flags and limits.
    fn own_options(self) -> &'static [&'static str] {
        match self {
            Endpoint::Check => &["witness"],
            Endpoint::Solve => &["first"],
            Endpoint::Count => &["limit"],
            Endpoint::Candidates => &["counts", "limit"],
            Endpoint::Hint | Endpoint::Explain => &["guess", "candidates"],
            Endpoint::Render => &["solve", "cell", "png"],
            Endpoint::Convert => &["to"],
            Endpoint::Generate => &[
                "seed",
                "symmetry",
                "minimal",
                "givens",
                "difficulty",
                "jigsaw",
                "killer",
                "layout",
                "check_nodes",
            ],
        }
    }

    /// Whether it reads a puzzle (every endpoint but `generate`).
    pub fn reads_puzzle(self) -> bool {
        self != Endpoint::Generate
    }

    /// Whether its options are the flags of the command line (`png` is the API's own: the
    /// render command writes a PNG by file name).
    fn is_flag(self, key: &str) -> bool {
        !(self == Endpoint::Render && key == "png")
    }

    fn takes(self, key: &str) -> bool {
        self.own_options().contains(&key)
            || (self != Endpoint::Generate && LIMITS.contains(&key))
            || (self == Endpoint::Generate && key == "timeout")
            || RULES.contains(&key)
    }

    /// Every option it takes, for the message that refuses another.
    fn options(self) -> Vec<&'static str> {
        let mut keys = Vec::new();
        if self.reads_puzzle() {
            keys.extend(["puzzle", "givens"]);
        }
        keys.extend(self.own_options());
        keys.extend(LIMITS.iter().filter(|&&k| self.takes(k)));
        keys.extend(RULES);
        keys
    }
}

/// A request that cannot be answered: its HTTP status and the message.
#[derive(Debug)]
pub struct Refused {
    pub status: u16,
    pub message: String,
}

impl Refused {
    pub fn bad(message: impl Into<String>) -> Refused {
        Refused {
            status: 400,
            message: message.into(),
        }
    }

    /// The JSON body: `{"error": "..."}`.
    pub fn body(&self) -> Value {
        json!({ "error": self.message })
    }
}

/// The server's ceilings on every search.
#[derive(Debug, Clone, Copy)]
pub struct Ceilings {
    pub timeout: Duration,
    pub max_nodes: u64,
}

/// A request read: the command's arguments, the puzzle text and the givens typed over it.
#[derive(Debug)]
pub struct Request {
    pub endpoint: Endpoint,
    pub command: Command,
    pub puzzle: String,
    /// The givens to use instead of the puzzle's, one symbol per position (`""` or `.` for an
    /// empty cell): what the page sends after cells were typed.
    pub givens: Option<Vec<String>>,
    /// `render`: a PNG instead of an SVG.
    pub png: bool,
}

/// Reads a request's body for `endpoint`.
pub fn read(endpoint: Endpoint, body: &[u8], ceilings: Ceilings) -> Result<Request, Refused> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| Refused::bad(format!("the body is not JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err(Refused::bad(
            "the body is a JSON object: {\"puzzle\": \"...\", ...options}",
        ));
    };
    read_object(endpoint, object, ceilings)
}

fn read_object(
    endpoint: Endpoint,
    mut object: Map<String, Value>,
    ceilings: Ceilings,
) -> Result<Request, Refused> {
    let mut puzzle = String::new();
    let mut givens = None;
    if endpoint.reads_puzzle() {
        puzzle = match object.remove("puzzle") {
            Some(Value::String(text)) => text,
            Some(_) => return Err(Refused::bad("\"puzzle\" is a string: the puzzle's text")),
            None => {
                return Err(Refused::bad(
                    "no \"puzzle\": give the puzzle's text (a line, a grid, a TOML or JSON \
                     file, an f-puzzles or SudokuPad link)",
                ))
            }
        };
        givens = match object.remove("givens") {
            None | Some(Value::Null) => None,
            Some(Value::Array(cells)) => Some(
                cells
                    .into_iter()
                    .map(|cell| match cell {
                        Value::String(s) => Ok(s),
                        Value::Null => Ok(String::new()),
                        Value::Number(n) => Ok(n.to_string()),
                        _ => Err(Refused::bad(
                            "\"givens\" is a list of symbols, one per cell",
                        )),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Some(_) => {
                return Err(Refused::bad(
                    "\"givens\" is a list of symbols, one per cell",
                ))
            }
        };
    }
    let mut argv = vec!["sudokux".to_string(), endpoint.name().to_string()];
    let mut png = false;
    for (key, value) in object {
        if !endpoint.takes(&key) {
            return Err(Refused::bad(format!(
                "unknown option {key:?} for /api/{}: it takes {}",
                endpoint.name(),
                endpoint.options().join(", ")
            )));
        }
        if !endpoint.is_flag(&key) {
            png = value
                .as_bool()
                .ok_or_else(|| Refused::bad(format!("\"{key}\" is true or false")))?;
            continue;
        }
        let flag = format!("--{}", key.replace('_', "-"));
        match value {
            Value::Bool(true) => argv.push(flag),
            Value::Bool(false) | Value::Null => {}
            Value::Number(n) => argv.push(format!("{flag}={n}")),
            Value::String(s) => argv.push(format!("{flag}={s}")),
            _ => {
                return Err(Refused::bad(format!(
                    "\"{key}\" is a number, a string or true/false"
                )))
            }
        }
    }
    match endpoint {
        Endpoint::Check | Endpoint::Solve | Endpoint::Count => argv.push("--json".into()),
        Endpoint::Candidates | Endpoint::Hint | Endpoint::Explain => argv.push("--json".into()),
        Endpoint::Convert if !argv.iter().any(|a| a.starts_with("--to")) => {
            argv.push("--to=toml".into())
        }
        _ => {}
    }
    let cli = Cli::try_parse_from(&argv).map_err(|e| Refused::bad(clap_message(&e)))?;
    let mut command = cli.command;
    hold(&mut command, ceilings);
    Ok(Request {
        endpoint,
        command,
        puzzle,
        givens,
        png,
    })
}

/// The first line of clap's message, without its `error: `.
fn clap_message(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let first = text.lines().next().unwrap_or("bad options").trim();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// Holds a command's limits under the server's ceilings.
fn hold(command: &mut Command, ceilings: Ceilings) {
    let limits = |limits: &mut LimitArgs| {
        limits.timeout = Some(
            limits
                .timeout
                .map_or(ceilings.timeout, |t| t.min(ceilings.timeout)),
        );
        limits.max_nodes = Some(
            limits
                .max_nodes
                .map_or(ceilings.max_nodes, |n| n.min(ceilings.max_nodes)),
        );
    };
    match command {
        Command::Check { input, .. }
        | Command::Solve { input, .. }
        | Command::Count { input, .. } => limits(&mut input.limits),
        Command::Candidates(args) => limits(&mut args.limits),
        Command::Hint(args) | Command::Explain(args) => limits(&mut args.limits),
        Command::Render(args) => limits(&mut args.limits),
        Command::Generate(args) => {
            args.timeout = Some(
                args.timeout
                    .map_or(ceilings.timeout, |t| t.min(ceilings.timeout)),
            );
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CEILINGS: Ceilings = Ceilings {
        timeout: Duration::from_secs(10),
        max_nodes: 1000,
    };

    #[test]
    fn options_are_the_commands_flags() {
        let body = br#"{"puzzle": "1...", "witness": true, "max_nodes": 5000, "diagonals": true}"#;
        let request = read(Endpoint::Check, body, CEILINGS).unwrap();
        let Command::Check { input, witness, .. } = request.command else {
            panic!("not check")
        };
        assert!(witness && input.json && input.rules.diagonals);
        // Held under the server's ceiling.
        assert_eq!(input.limits.max_nodes, Some(1000));
        assert_eq!(input.limits.timeout, Some(Duration::from_secs(10)));
    }

    #[test]
    fn unknown_options_and_files_are_refused() {
        for body in [
            &br#"{"puzzle": "1", "output": "/tmp/x"}"#[..],
            br#"{"puzzle": "1", "dir": "/tmp"}"#,
            br#"{"puzzle": "1", "witness": [1]}"#,
            br#"[1, 2]"#,
            br#"{"puzzle": 5}"#,
            br#"{"witness": true}"#,
            b"{not json",
        ] {
            let refused = read(Endpoint::Check, body, CEILINGS).unwrap_err();
            assert_eq!(refused.status, 400, "{}", String::from_utf8_lossy(body));
        }
        let refused =
            read(Endpoint::Generate, br#"{"symmetry": "sideways"}"#, CEILINGS).unwrap_err();
        assert!(refused.message.contains("sideways"), "{}", refused.message);
    }
}
