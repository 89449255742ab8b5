//! Shards smaller than a class: a class of the top band cut by the choices of its second
//! band's first stack, so that a count split into many shards gets shards of about one size
//! (63 classes at 9x9, up to 3,528 pieces; since the last two bands are counted together,
//! [`super::pair`], a 9x9 class is a fraction of a second of CPU, so pieces matter more for
//! shapes whose classes cost more than for balance at 9x9).
//!
//! The grids below a class are a sum over the ways the second band takes its digits out of
//! each stack ([`stack_splits`]), the stacks independently: the first stack's choices
//! (numbered from 0 in the order `stack_splits` gives them) cut that sum into disjoint parts
//! whose counts add up to the class's, exactly. The cost of a class is taken as the number of
//! second bands it sums over (the product of its stacks' choices: `56^3` for every 9x9
//! class); a piece costs its share of its class's choices.

use std::ops::Range;

use super::split::stack_splits;
use super::top::Plan;
use super::ClassError;

/// The version of the way a [`Plan`] numbers its classes and cuts them into pieces: a shard
/// (or a shard's count) made under another version names other work, and is refused. Version
/// 1 was one shard per class, without pieces; version 2 cuts classes into [`Piece`]s.
pub const PLAN_VERSION: u32 = 2;

/// Some of the grids of a count by bands: those whose top band leaves a state of class
/// `class` (numbered from 0 in the plan's order) and, when `first` is given, whose second
/// band's first stack takes one of the choices `first` (all of them when `None`).
///
/// Invariant (checked by [`Plan::count_pieces`]): `class` is a class of the plan and `first`
/// a non-empty range within [`Plan::first_choices`] of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The class of the top band.
    pub class: usize,
    /// The choices of the second band's first stack, or all of them.
    pub first: Option<Range<usize>>,
}

impl Piece {
    /// The whole of class `class`.
    pub fn whole(class: usize) -> Piece {
        Piece { class, first: None }
    }
}

/// A piece that the plan does not have: a shard made for another shape, or by another version
/// of the plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// A class number past the plan's classes.
    #[error(transparent)]
    Class(#[from] ClassError),
    /// Choices of the first stack that the class does not have.
    #[error("choices {from}..{to} of class {class} do not exist: the first stack of its second band has {choices} choices (numbered from 0; a piece takes at least one)")]
    Part {
        /// The class.
        class: usize,
        /// The choices asked for, `from..to`.
        from: usize,
        /// See `from`.
        to: usize,
        /// The choices the class has.
        choices: usize,
    },
}

impl Plan {
    /// The choices of the second band's first stack below class `class` (9x9: 56 for every
    /// class): how finely the class can be cut. 1 when the class is not cut (a shape of two
    /// bands, whose second band is the last, fitted whole) or does not exist.
    pub fn first_choices(&self, class: usize) -> usize {
        let (r, c) = (self.shape().rows, self.shape().cols);
        match self.classes().get(class) {
            Some((state, _)) if c > 2 => (stack_splits(r, &state[..c]).len() / c).max(1),
            _ => 1,
        }
    }

    /// The cost of class `class` as [`Plan::shards`] weighs it: the second bands it sums over
    /// (the product of its stacks' choices; 1 for a shape of two bands).
    pub fn cost(&self, class: usize) -> u128 {
        let (r, c) = (self.shape().rows, self.shape().cols);
        match self.classes().get(class) {
            Some((state, _)) if c > 2 => state
                .chunks(c)
                .map(|stack| (stack_splits(r, stack).len() / c) as u128)
                .product(),
            _ => 1,
        }
    }

    /// The shards of a count split `k` ways, each a list of pieces; their counts add up to the
    /// whole count, exactly. `k = 0`: one shard of every class; `1 <= k <= classes`: one shard
    /// per class; more: `k` shards (or as many as the classes can be cut into, if fewer), each
    /// class cut into pieces of its first stack's choices so that the costliest piece is as
    /// cheap as it can be (9x9, `k = 200`: pieces of 18 or 19 of a class's 56 choices).
    /// Deterministic, like the plan: the same `k` gives the same shards anywhere.
    pub fn shards(&self, k: usize) -> Vec<Vec<Piece>> {
        let classes = self.classes().len();
        if k == 0 {
            return vec![(0..classes).map(Piece::whole).collect()];
        }
        if k <= classes {
            return (0..classes)
                .map(|class| vec![Piece::whole(class)])
                .collect();
        }
        let most: Vec<usize> = (0..classes).map(|i| self.first_choices(i)).collect();
        let cost: Vec<u128> = (0..classes).map(|i| self.cost(i)).collect();
        let mut parts = vec![1usize; classes];
        let mut total = classes;
        while total < k {
            // The class whose pieces cost the most (cost / parts), among those that can be cut
            // further; the first such in the plan's order.
            let next = (0..classes).filter(|&i| parts[i] < most[i]).reduce(|a, b| {
                if cost[b] * parts[a] as u128 > cost[a] * parts[b] as u128 {
                    b
                } else {
                    a
                }
            });
            let Some(i) = next else { break };
            parts[i] += 1;
            total += 1;
        }
        let mut shards = Vec::with_capacity(total);
        for class in 0..classes {
            let (p, m) = (parts[class], most[class]);
            if p == 1 {
                shards.push(vec![Piece::whole(class)]);
                continue;
            }
            for j in 0..p {
                let first = Some(j * m / p..(j + 1) * m / p);
                shards.push(vec![Piece { class, first }]);
            }
        }
        shards
    }

    /// Checks that `piece` is one of this plan's.
    pub(super) fn check(&self, piece: &Piece) -> Result<(), PieceError> {
        let classes = self.classes().len();
        if piece.class >= classes {
            return Err(ClassError {
                class: piece.class,
                classes,
                rows: self.shape().rows,
                cols: self.shape().cols,
            }
            .into());
        }
        if let Some(first) = &piece.first {
            let choices = self.first_choices(piece.class);
            let cut = self.shape().cols > 2;
            if !cut || first.start >= first.end || first.end > choices {
                return Err(PieceError::Part {
                    class: piece.class,
                    from: first.start,
                    to: first.end,
                    choices: if cut { choices } else { 0 },
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::bands::Shape;
    use crate::xc::{Budget, Watch};

    #[test]
    fn pieces_cover_each_class_once_and_are_about_one_size() {
        let plan = Plan::new(
            &Shape { rows: 2, cols: 4 },
            &Watch::new(),
            Budget::UNLIMITED,
        );
        let classes = plan.classes().len();
        assert_eq!(plan.shards(0).len(), 1);
        assert_eq!(plan.shards(1).len(), classes);
        assert_eq!(plan.shards(classes).len(), classes);
        let most: usize = (0..classes).map(|i| plan.first_choices(i)).sum();
        for k in [classes + 1, 12, 40, most, most + 10] {
            let shards = plan.shards(k);
            assert_eq!(shards.len(), k.min(most), "k = {k}");
            for class in 0..classes {
                let mut cut: Vec<Range<usize>> = shards
                    .iter()
                    .flatten()
                    .filter(|p| p.class == class)
                    .map(|p| p.first.clone().unwrap_or(0..plan.first_choices(class)))
                    .collect();
                cut.sort_by_key(|r| r.start);
                assert_eq!(cut.first().map(|r| r.start), Some(0));
                assert_eq!(cut.last().map(|r| r.end), Some(plan.first_choices(class)));
                assert!(cut
                    .windows(2)
                    .all(|w| w[0].end == w[1].start && w[0].start < w[0].end));
            }
            assert!(shards.iter().flatten().all(|p| plan.check(p).is_ok()));
        }
    }

    #[test]
    fn pieces_the_plan_does_not_have_are_refused() {
        let plan = Plan::new(
            &Shape { rows: 2, cols: 3 },
            &Watch::new(),
            Budget::UNLIMITED,
        );
        let m = plan.first_choices(0);
        assert!(m > 1);
        let part = |class, first| Piece { class, first };
        assert!(plan.check(&part(0, Some(0..m))).is_ok());
        assert!(matches!(
            plan.check(&part(plan.classes().len(), None)),
            Err(PieceError::Class(_))
        ));
        #[allow(clippy::reversed_empty_ranges)]
        for bad in [0..0, 0..m + 1, 2..1] {
            let error = plan.check(&part(0, Some(bad))).unwrap_err();
            assert!(error.to_string().contains("do not exist"), "{error}");
        }
        // Two bands (4x4): a class is not cut.
        let two = Plan::new(
            &Shape { rows: 2, cols: 2 },
            &Watch::new(),
            Budget::UNLIMITED,
        );
        assert_eq!(two.first_choices(0), 1);
        assert_eq!(two.shards(50).len(), two.classes().len());
        assert!(two.check(&part(0, Some(0..1))).is_err());
    }
}
