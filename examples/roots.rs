//! What sudokux's search knows at its root, after the root's reductions (item domination,
//! the promised sums, relations and automata) and before any move: per puzzle, one line with
//! the puzzle's name (its file's stem) then, per cell (row by row), the digits left, `.`
//! between cells, as `bench/iss/roots.mjs` prints the Interactive Sudoku Solver's. A
//! candidate ISS removes and this keeps names a deduction the search lacks (ISS also
//! places its singles before its root; this makes no move at all). With `--sums`, each
//! puzzle's line is preceded by one line per sum promised to the search (the clues' own and
//! those made of them), `sum cells=[...] target=T`, as `roots.mjs --handlers` prints ISS's.
//!
//!     cargo run --release --example roots -- [--sums] FILE...

use std::path::Path;

use sudokux::sudoku::encode::encode_with_sums;
use sudokux::sudoku::file::{from_json, from_toml, PuzzleFile};
use sudokux::sudoku::{fpuzzles, Solver};

fn load(path: &Path) -> Result<PuzzleFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if path.extension().and_then(|e| e.to_str()) == Some("toml") {
        from_toml(&text).map_err(|e| e.to_string())
    } else if fpuzzles::is_fpuzzles_json(&text) {
        Ok(fpuzzles::read(&text).map_err(|e| e.to_string())?.into())
    } else {
        from_json(&text).map_err(|e| e.to_string())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sums = args.iter().any(|a| a == "--sums");
    for arg in args.iter().filter(|a| *a != "--sums") {
        let path = Path::new(&arg);
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or(arg);
        let file = match load(path) {
            Ok(file) => file,
            Err(e) => {
                println!("{name} unread: {e}");
                continue;
            }
        };
        if sums {
            let (_, numbering, promised) = encode_with_sums(&file.rules);
            for sum in promised {
                let mut cells: Vec<usize> = sum
                    .slots
                    .iter()
                    .filter_map(|slot| numbering.cell_digit(slot.first()?.0).map(|(p, _)| p))
                    .collect();
                cells.sort_unstable();
                println!("sum cells={cells:?} target={}", sum.target);
            }
        }
        let geometry = file.rules.geometry().clone();
        let mut solver = Solver::new(file.rules);
        match solver.root_candidates(&file.givens) {
            Ok(Some(masks)) => {
                let cells: Vec<String> = geometry
                    .cells()
                    .iter()
                    .map(|&p| {
                        (1..=64u32)
                            .filter(|d| masks[p] >> (d - 1) & 1 == 1)
                            .map(|d| char::from_digit(d, 36).unwrap_or('?'))
                            .collect()
                    })
                    .collect();
                println!("{name} {}", cells.join("."));
            }
            Ok(None) => println!("{name} no solution at the root"),
            Err(e) => println!("{name} {e}"),
        }
    }
}
