//! Langford pairs as exact cover: place two 1s, two 2s, ..., two ns in a row of 2n slots so
//! that the two ks have exactly k other numbers between them.
//!
//! ```text
//! cargo run --release --example langford -- 7           # 52 arrangements (26 and their mirror images)
//! cargo run --release --example langford -- 7 --knuth   # the problem in Knuth's format
//! ```

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use sudokux::xc::{CountOptions, Labelled, LabelledSolver};

/// Items: the numbers `1..=n` and the slots `s1..=s2n`; option "k at slots j and j+k+1".
pub fn langford(n: usize) -> LabelledSolver<String, String> {
    let mut p = Labelled::new();
    for k in 1..=n {
        p.primary(k.to_string()).expect("distinct labels");
    }
    for slot in 1..=2 * n {
        p.primary(format!("s{slot}")).expect("distinct labels");
    }
    for k in 1..=n {
        for j in 1..=2 * n {
            let other = j + k + 1;
            if other <= 2 * n {
                let items = [k.to_string(), format!("s{j}"), format!("s{other}")];
                p.option(items.join(" "), items).expect("known labels");
            }
        }
    }
    p.build()
}

/// Runs the example on its arguments; usage errors and failed writes come back as errors
/// (a reader that went away, as in `| head`, is not one).
#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_closed_pipe(error.as_ref()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("langford: {error}");
            ExitCode::from(2)
        }
    }
}

fn is_closed_pipe(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `langford [N] [--knuth]`: counts the Langford arrangements for N (7 by default) and shows
/// one, or with `--knuth` writes the problem in Knuth's format.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    const USAGE: &str = "usage: langford [N] [--knuth], N >= 1";
    let mut knuth = false;
    let mut n = None;
    for arg in args {
        match arg.as_str() {
            "--knuth" => knuth = true,
            flag if flag.starts_with('-') => {
                return Err(format!("unknown flag {flag}: {USAGE}").into())
            }
            _ if n.is_some() => return Err(USAGE.into()),
            number => {
                n = Some(
                    number
                        .parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| format!("{number:?} is not a number: {USAGE}"))?,
                );
            }
        }
    }
    let n = n.unwrap_or(7);
    let mut solver = langford(n);
    if knuth {
        writeln!(out, "| Langford pairs for n = {n}: numbers, then slots.")?;
        let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
        let slots: Vec<String> = (1..=2 * n).map(|s| format!("s{s}")).collect();
        writeln!(out, "{} {}", numbers.join(" "), slots.join(" "))?;
        for option in solver.options() {
            writeln!(out, "{option}")?;
        }
        return Ok(());
    }
    let count = solver.count(CountOptions::new());
    writeln!(
        out,
        "Langford pairs for n = {n}: {} arrangements",
        count.count
    )?;
    if let (Some(solution), _) = solver.first() {
        // Each option is written "k sJ sK" by `langford` above: the number, then its slots.
        let mut row = vec![0; 2 * n];
        for option in solution {
            let mut parts = option.split(' ');
            let k: usize = parts
                .next()
                .and_then(|k| k.parse().ok())
                .ok_or("an option without its number")?;
            for slot in parts {
                let slot: usize = slot[1..].parse()?;
                row[slot - 1] = k;
            }
        }
        writeln!(out, "{row:?}")?;
    }
    Ok(())
}
