//! Families of marks on cells or between them: what marks between two neighbours share
//! (`edge`) and what marks on single cells under two keys share (`cell_marks`), then one module per family (dots, XV, sum pairs, quadruples, odd and even
//! cells, minimum and maximum cells, clones).

pub(crate) mod cell_marks;
pub(crate) mod edge;

pub mod clone;
pub mod extremes;
pub mod kropki;
pub mod parity;
pub mod quadruple;
pub mod sum;
pub mod xv;
