//! Families drawn as lines through cells: the shape they share ([`line`](mod@line): a
//! [`LineKind`](line::LineKind) gives a family its rule, the rest is common), then one module
//! per family. Arrows, double arrows, zipper and region-sum lines are the sums among them.

pub mod line;
pub(crate) mod toolkit;

pub mod arrow;
pub mod betweenline;
pub mod doublearrow;
pub mod entropicline;
pub mod lockout;
pub mod modularline;
pub mod nabner;
pub mod palindrome;
pub mod regionsumline;
pub mod renban;
pub mod slowthermometer;
pub mod thermometer;
pub mod whispers;
pub mod zipperline;
