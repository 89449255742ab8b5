//! Contradiction nets (`src/sudoku/logic/chains/nets.rs`), on the published killer that they
//! solve (`tarek-all-05`, which stalled after 23 steps without them): from the pencil marks of
//! that stall, the next step is a net, in its words, and sound against the solution.

use crate::common;

use sudokux::sudoku::file::from_toml;
use sudokux::sudoku::grid::Cell;
use sudokux::sudoku::logic::{Grade, State, Step, Technique};
use sudokux::sudoku::{validate, Grid};

/// The candidates where logic stalled without nets (`sudokux explain`, 23 steps), row by row.
const STALL: [&str; 9] = [
    "123456789 123456789 123456789 123456789 123456789 2456789 456789 123456789 123456789",
    "123456789 123567 2345678 123456789 1234 2456789 123567 123456789 123456789",
    "123456789 123456789 12345678 23456789 23456789 123456789 123456789 345789 234567",
    "123456789 12345678 12345678 23456789 1234567 123456789 3456789 123456789 123456789",
    "123456789 123456789 123456789 123456789 1235678 6789 123456789 3456789 123456789",
    "123456789 123456789 123456789 123456789 123456789 1234567 123456789 123456789 123456789",
    "123456789 123456789 123456789 123456789 123456789 123456789 123456789 1234567 123456789",
    "123456789 123456789 123456789 123456789 123456789 123456789 123456789 345789 123456789",
    "123456789 123456789 123456789 123456789 123456789 12345678 123456789 123456789 123456789",
];

#[test]
fn a_net_takes_a_published_killer_past_its_stall() {
    let text =
        std::fs::read_to_string(common::data("logic_nets").join("tarek-all-05.toml")).unwrap();
    let file = from_toml(&text).unwrap();
    let solutions = std::fs::read_to_string(common::data("logic").join("solutions.txt")).unwrap();
    let line = solutions
        .lines()
        .find_map(|l| l.strip_prefix("tarek-all-05 "))
        .unwrap();
    let solution = Grid::from_line(line.trim()).unwrap();
    validate(&file.rules, &file.givens, &solution).unwrap();
    let mut state = State::new(&file.rules, &file.givens).unwrap();
    // The stall's pencil marks, as one step taking out every other candidate.
    let mut eliminations = Vec::new();
    for (row, marks) in STALL.iter().enumerate() {
        for (col, mask) in marks.split(' ').enumerate() {
            for d in 1..=9u8 {
                if !mask.contains(char::from(b'0' + d)) {
                    eliminations.push((Cell { row, col }, d));
                }
            }
        }
    }
    for &(cell, d) in &eliminations {
        assert_ne!(
            solution.get(cell.row, cell.col),
            d,
            "the stall keeps the solution's digits"
        );
    }
    state.apply(&Step {
        technique: Technique::Guess,
        placements: Vec::new(),
        eliminations,
        units: Vec::new(),
        cells: Vec::new(),
        digits: Vec::new(),
    });
    let step = state.next_step().expect("a step past the stall");
    println!("{step}");
    assert_eq!(step.technique, Technique::ContradictionNet);
    assert_eq!(Technique::ContradictionNet.level(), Grade::Expert);
    assert!(step.placements.is_empty());
    for &(cell, d) in &step.eliminations {
        assert_ne!(
            solution.get(cell.row, cell.col),
            d,
            "{step}: takes out the solution's digit"
        );
    }
    let text = step.to_string();
    assert!(text.contains(": contradiction net: "), "{text}");
    assert!(
        text.contains(" ways: ") && text.contains(" leaves no way for "),
        "{text}"
    );
}
