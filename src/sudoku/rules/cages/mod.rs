//! Cages: killer cages ([`cage`], the `[[cage]]` key), cages without a total
//! ([`plaincage`]), the sums they imply over the units they nearly fill (`innies`), and the
//! human-style steps on them (`cage_logic`, and `cage_houses` for the cages of a house
//! together).

pub mod cage;
mod cage_houses;
mod cage_logic;
pub(crate) mod innies;
pub mod plaincage;

use crate::sudoku::grid::Cell;

/// The note for cage `what` whose `cells` are not connected side to side, if they are not
/// (f-puzzles allows such cages, so they stay legal).
fn disconnected(what: &str, cells: &[Cell]) -> Option<String> {
    let mut reached = vec![false; cells.len()];
    if cells.is_empty() {
        return None;
    }
    let mut stack = Vec::from([0]);
    reached[0] = true;
    while let Some(k) = stack.pop() {
        for (j, cell) in cells.iter().enumerate() {
            let touch = cell.row.abs_diff(cells[k].row) + cell.col.abs_diff(cells[k].col) == 1;
            if touch && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    let apart = cells.iter().zip(&reached).find(|(_, &r)| !r)?.0;
    Some(format!(
        "{what}: its cells are not connected (no path side to side from {} to {apart}); \
         read as written",
        cells[0]
    ))
}
