//! Families of marks on cells or between them: what marks between two neighbours share
//! ([`edge`]) and what marks on single cells under two keys share ([`cell_marks`]), then one module per family (dots, XV, sum pairs, quadruples, odd and even
//! cells, minimum and maximum cells, clones).

pub mod cell_marks;
pub mod edge;

pub mod clones;
pub mod extremes;
pub mod kropki;
pub mod parity;
pub mod quadruples;
pub mod sums;
pub mod xv;
