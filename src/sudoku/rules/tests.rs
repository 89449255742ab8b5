//! Unit tests of the rules: shapes, units, pairs, cages.

use super::*;
use crate::sudoku::rules::cages::cage::count_digit_sets;
use crate::sudoku::rules::test_support::givens_refusal;

#[test]
fn boxes_tile_the_grid() {
    let rules = Rules::with_boxes(2, 3).unwrap();
    assert_eq!(rules.size(), 6);
    assert_eq!(rules.units().len(), 18);
    // Box 2 (the second box of the first band) starts at r1c4.
    assert_eq!(rules.units()[13].cells, [3, 4, 5, 9, 10, 11]);
    for cell in 0..36 {
        assert_eq!(rules.units_of(cell).len(), 3);
    }
    assert!(Rules::with_boxes(0, 3).is_err());
    assert!(Rules::with_boxes(9, 8).is_err());
    assert_eq!(default_box(12), (3, 4));
    assert_eq!(default_box(7), (1, 7));
    assert_eq!(
        Rules::new(Spec {
            box_shape: Some((2, 4)),
            ..Spec::new(9)
        })
        .unwrap_err()
        .to_string(),
        "box 2x4 does not tile the 9x9 grid"
    );
}

#[test]
fn conflicting_givens_name_both_cells_and_the_unit() {
    let rules = Rules::classic();
    for (givens, message) in [
        ([(0, 2, 5), (0, 7, 5)], "r1c3 and r1c8 both hold 5 (row 1)"),
        ([(1, 1, 4), (2, 2, 4)], "r2c2 and r3c3 both hold 4 (box 1)"),
        (
            [(3, 8, 1), (8, 8, 1)],
            "r4c9 and r9c9 both hold 1 (column 9)",
        ),
    ] {
        assert_eq!(givens_refusal(&rules, &givens), message);
    }
    assert!(rules.check_givens(&Grid::empty(4)).is_err());
}

#[test]
fn variant_units_and_pairs() {
    let x = Rules::new(Spec::new(9).with(|c| {
        c.grid_units.diagonals = true;
        c.grid_units.windoku = true;
    }))
    .unwrap();
    // 27 plus two diagonals plus four windows.
    assert_eq!(x.units().len(), 33);
    assert_eq!(x.units()[31].cells[0], 5 * 9 + 1);
    let knight = Rules::new(Spec::new(9).with(|c| c.chess.anti_knight = true)).unwrap();
    // r1c1-r2c3 share box 1: no pair; r1c1-r3c2 too; r1c3-r2c5 do not.
    assert!(knight
        .pairs()
        .iter()
        .all(|p| knight.relation(p).what() == "a knight's move apart"));
    assert!(!knight.pairs().iter().any(|p| (p.a, p.b) == (0, 11)));
    assert!(knight.pairs().iter().any(|p| (p.a, p.b) == (2, 13)));
    let samurai = Rules::new(Spec {
        grids: SAMURAI.to_vec(),
        ..Spec::new(9)
    })
    .unwrap();
    assert_eq!((samurai.rows(), samurai.cols()), (21, 21));
    assert_eq!(samurai.cell_count(), 5 * 81 - 4 * 9);
    // Five grids of 27 units, less the four shared boxes.
    assert_eq!(samurai.units().len(), 5 * 27 - 4);
    assert_eq!(samurai.units()[0].to_string(), "row 1 of grid 1");
}

#[test]
fn cages_and_their_sums() {
    assert_eq!(digit_sets(9, 2, 4), [0b101]);
    assert_eq!(digit_sets(9, 3, 6), [0b111]);
    assert_eq!(digit_sets(9, 2, 10).len(), 4);
    assert_eq!(count_digit_sets(9, 2, 10), 4);
    assert_eq!(count_digit_sets(9, 9, 45), 1);
    let cage = |sum, cells: &[(usize, usize)]| Cage {
        sum,
        cells: cells.iter().map(|&(row, col)| Cell { row, col }).collect(),
    };
    let spec = Spec::new(9).with(|c| c.cage.cages = vec![cage(18, &[(0, 0), (0, 1)])]);
    assert_eq!(
        Rules::new(spec).unwrap_err().to_string(),
        "cage 1: 2 different digits cannot add up to 18 (possible: 3 to 17)"
    );
    let spec = Spec::new(9).with(|c| c.cage.cages = vec![cage(3, &[(0, 0), (9, 1)])]);
    assert_eq!(
        Rules::new(spec).unwrap_err().to_string(),
        "cage 1: r10c2 is outside the grid"
    );
    let rules =
        Rules::new(Spec::new(9).with(|c| c.cage.cages = vec![cage(3, &[(0, 0), (0, 1)])])).unwrap();
    let mut grid = Grid::empty(9);
    grid.set(0, 0, 4);
    assert_eq!(
        rules.check_givens(&grid).unwrap_err().to_string(),
        "cage 1 must add up to 3, its givens add up to 4"
    );
}
