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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows: i32 = args.first().map_or(6, |a| a.parse().expect("rows"));
    let cols: i32 = args.get(1).map_or(10, |a| a.parse().expect("columns"));
    assert_eq!(rows * cols, 60, "the twelve pentominoes cover 60 cells");
    let mut solver = pentominoes(rows, cols);
    if args.iter().any(|a| a == "--knuth") {
        println!("| The twelve pentominoes in a {rows}x{cols} box: pieces, then cells.");
        let pieces: Vec<String> = PIECES.iter().map(|p| p.0.to_string()).collect();
        let cells: Vec<String> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| cell(r, c)))
            .collect();
        println!("{} {}", pieces.join(" "), cells.join(" "));
        for option in solver.options() {
            println!("{option}");
        }
        return;
    }
    let started = std::time::Instant::now();
    let count = solver.count(CountOptions::new());
    println!(
        "{rows}x{cols}: {} tilings ({} nodes, {} updates) in {:.2} s",
        count.count,
        count.stats.nodes,
        count.stats.updates,
        started.elapsed().as_secs_f64()
    );
}
