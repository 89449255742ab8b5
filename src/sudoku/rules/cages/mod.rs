//! Cages: killer cages ([`killer`]), cages without a total ([`plaincage`]), the sums they
//! imply over the units they nearly fill ([`innies`]), and the human-style steps on them
//! (`cage_logic`).

mod cage_logic;
pub mod innies;
pub mod killer;
pub mod plaincage;
