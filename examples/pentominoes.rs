//! Pentomino tilings as exact cover: the twelve pentominoes fill a rectangle of 60 cells.
//!
//! Items: the twelve pieces and the cells; one option per placement of a piece (every rotation
//! and reflection). Without symmetry breaking each tiling is found once per symmetry of the
//! rectangle: 9,356 = 4 x 2,339 for 6x10.
//!
//! ```text
//! cargo run --release --example pentominoes -- 6 10            # count the tilings of 6x10
//! cargo run --release --example pentominoes -- 6 10 --knuth    # the problem in Knuth's format
//! ```

use std::collections::BTreeSet;
use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

use sudokux::xc::{CountOptions, Labelled, LabelledSolver};

/// The twelve pentominoes, by their usual letters, as cells (row, column).
pub const PIECES: [(char, [(i32, i32); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations of a piece (rotations and reflections), each shifted to start at
/// row 0 and column 0.
fn orientations(cells: &[(i32, i32); 5]) -> BTreeSet<Vec<(i32, i32)>> {
    let mut all = BTreeSet::new();
    for transform in 0..8 {
        let mut shape: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if transform & 4 != 0 { (c, r) } else { (r, c) };
                let r = if transform & 1 != 0 { -r } else { r };
                let c = if transform & 2 != 0 { -c } else { c };
                (r, c)
            })
            .collect();
        let top = shape.iter().map(|p| p.0).min().unwrap_or(0);
        let left = shape.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut shape {
            *p = (p.0 - top, p.1 - left);
        }
        shape.sort_unstable();
        all.insert(shape);
    }
    all
}

/// Cell names: row digit then column letter, `0a` for the top left (Knuth's style).
fn cell(r: i32, c: i32) -> String {
    format!("{}{}", r, (b'a' + c as u8) as char)
}

/// Tiling a `rows` x `cols` rectangle (60 cells) with the twelve pentominoes.
pub fn pentominoes(rows: i32, cols: i32) -> LabelledSolver<String, String> {
    let mut p = Labelled::new();
    for (name, _) in PIECES {
        p.primary(name.to_string()).expect("distinct labels");
    }
    for r in 0..rows {
        for c in 0..cols {
            p.primary(cell(r, c)).expect("distinct labels");
        }
    }
    for (name, cells) in PIECES {
        for shape in orientations(&cells) {
            for r in 0..rows {
                for c in 0..cols {
                    let placed: Vec<(i32, i32)> =
                        shape.iter().map(|&(dr, dc)| (r + dr, c + dc)).collect();
                    if placed.iter().all(|&(r, c)| r < rows && c < cols) {
                        let mut items = vec![name.to_string()];
                        items.extend(placed.iter().map(|&(r, c)| cell(r, c)));
                        p.option(items.join(" "), items).expect("known labels");
                    }
                }
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
            eprintln!("pentominoes: {error}");
            ExitCode::from(2)
        }
    }
}

fn is_closed_pipe(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `pentominoes [ROWS COLS] [--knuth]`: counts the tilings of a 60-cell rectangle (6x10 by
/// default), or with `--knuth` writes the problem in Knuth's format.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    const USAGE: &str = "usage: pentominoes [ROWS COLS] [--knuth], e.g. 6 10";
    let mut knuth = false;
    let mut sides = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--knuth" => knuth = true,
            flag if flag.starts_with('-') => {
                return Err(format!("unknown flag {flag}: {USAGE}").into())
            }
            side => sides.push(
                side.parse::<i32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("{side:?} is not a side: {USAGE}"))?,
            ),
        }
    }
    let (rows, cols) = match sides[..] {
        [] => (6, 10),
        [rows, cols] => (rows, cols),
        _ => return Err(USAGE.into()),
    };
    if i64::from(rows) * i64::from(cols) != 60 {
        return Err(format!(
            "{rows}x{cols} has {} cells; the twelve pentominoes cover 60 (3x20, 4x15, 5x12, 6x10)",
            i64::from(rows) * i64::from(cols)
        )
        .into());
    }
    let mut solver = pentominoes(rows, cols);
    if knuth {
        writeln!(
            out,
            "| The twelve pentominoes in a {rows}x{cols} box: pieces, then cells."
        )?;
        let pieces: Vec<String> = PIECES.iter().map(|p| p.0.to_string()).collect();
        let cells: Vec<String> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| cell(r, c)))
            .collect();
        writeln!(out, "{} {}", pieces.join(" "), cells.join(" "))?;
        for option in solver.options() {
            writeln!(out, "{option}")?;
        }
        return Ok(());
    }
    let started = std::time::Instant::now();
    let count = solver.count(CountOptions::new());
    writeln!(
        out,
        "{rows}x{cols}: {} tilings ({} nodes, {} updates) in {:.2} s",
        count.count,
        count.stats.nodes,
        count.stats.updates,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
