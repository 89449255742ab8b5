//! How the list of constraint families (in `rules/mod.rs`, one line each) becomes the
//! [`Constraints`](super::Constraints) of a rule set. The macro declares the struct, one
//! field per family, and the few items only a macro can write: the families' names, every
//! family as a [`Constraint`](super::Constraint), and a visit of the families one by one,
//! each with its type ([`Visit`], [`VisitMut`]). What is done with all of them (keys, reading,
//! writing, random instances) is ordinary code over those visits, in `families.rs`.

use crate::sudoku::rules::constraint::Family;

/// What looks at every family of a [`Constraints`](super::Constraints), one by one in the
/// list's order, each with its type (`Constraints::each`).
pub(crate) trait Visit {
    /// Looks at `family`, the field named `name`.
    fn family<F: Family>(&mut self, name: &'static str, family: &F);
}

/// What may change every family of a [`Constraints`](super::Constraints), one by one in the
/// list's order (`Constraints::each_mut`).
pub(crate) trait VisitMut {
    /// Looks at `family`, the field named `name`, and may change it.
    fn family<F: Family>(&mut self, name: &'static str, family: &mut F);
}

/// Declares [`Constraints`](super::Constraints), one field per family, its list of names,
/// [`Constraints::all`](super::Constraints::all) and the visits.
macro_rules! families {
    ($($(#[$doc:meta])* $field:ident: $family:ty,)*) => {
        /// Every constraint of a puzzle, one field per family (an empty family changes
        /// nothing).
        #[derive(Debug, Clone, PartialEq, Eq, Default)]
        pub struct Constraints {
            $($(#[$doc])* pub $field: $family,)*
        }

        impl Constraints {
            /// The families by name, in the list's order: the field of each (which is also
            /// its module and, for a family of one key, its key: `thermometer`, `cage`).
            pub const FAMILIES: [&'static str; [$(stringify!($field)),*].len()] =
                [$(stringify!($field)),*];

            /// Every family, in the list's order.
            pub fn all(&self) -> [&dyn $crate::sudoku::rules::Constraint; Constraints::FAMILIES.len()] {
                [$(&self.$field),*]
            }

            /// Hands every family to `visit` with its name, in the list's order.
            pub(crate) fn each(&self, visit: &mut impl $crate::sudoku::rules::registry::Visit) {
                $(visit.family(stringify!($field), &self.$field);)*
            }

            /// Hands every family to `visit` with its name, in the list's order, to change.
            pub(crate) fn each_mut(&mut self, visit: &mut impl $crate::sudoku::rules::registry::VisitMut) {
                $(visit.family(stringify!($field), &mut self.$field);)*
            }
        }
    };
}

pub(crate) use families;
