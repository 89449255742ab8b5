//! How the list of constraint families (in `rules/mod.rs`, one line each) becomes the
//! [`Constraints`](super::Constraints) of a rule set: one field per family, and what is done
//! with all of them.

/// Declares [`Constraints`](super::Constraints), one field per
/// family, with the code that goes over all of them.
macro_rules! families {
    ($($(#[$doc:meta])* $field:ident: $family:ty,)*) => {
        /// Every constraint of a puzzle, one field per family (an empty family changes
        /// nothing).
        #[derive(Debug, Clone, PartialEq, Eq, Default)]
        pub struct Constraints {
            $($(#[$doc])* pub $field: $family,)*
        }

        /// Number of families.
        const FAMILIES: usize = [$(stringify!($field)),*].len();

        impl Constraints {
            /// The families by name, in the list's order: the field of each (which is also
            /// its module and, for a family of one key, its key: `thermometer`, `cage`).
            pub const FAMILIES: [&'static str; FAMILIES] = [$(stringify!($field)),*];

            /// Each family by name with the keys of puzzle files it reads
            /// ([`Family::KEYS`](crate::sudoku::rules::Family::KEYS)), in the list's order.
            pub fn family_keys() -> [(&'static str, &'static [&'static str]); FAMILIES] {
                [$((stringify!($field), <$family as $crate::sudoku::rules::Family>::KEYS)),*]
            }

            /// Every family, in the list's order.
            pub fn all(&self) -> [&dyn $crate::sudoku::rules::Constraint; FAMILIES] {
                [$(&self.$field),*]
            }

            /// The keys of puzzle files the families read, family by family.
            pub fn keys() -> impl Iterator<Item = &'static str> {
                [$(<$family as $crate::sudoku::rules::Family>::KEYS),*].into_iter().flatten().copied()
            }

            /// The other spellings of keys puzzle files may use, each with the key it stands
            /// for (`("killer", "cage")`), family by family
            /// ([`Family::ALIASES`](crate::sudoku::rules::Family::ALIASES)).
            pub fn aliases() -> impl Iterator<Item = (&'static str, &'static str)> {
                [$(<$family as $crate::sudoku::rules::Family>::ALIASES),*].into_iter().flatten().copied()
            }

            /// The key an other spelling stands for (`killer`: `cage`); `None` when `key` is
            /// no family's alias.
            pub fn canonical(key: &str) -> Option<&'static str> {
                Self::aliases().find(|(alias, _)| *alias == key).map(|(_, canonical)| canonical)
            }

            /// Reads `key`'s value into the family that owns the key; `None` when no family
            /// does.
            pub(crate) fn read<'de, A: serde::de::MapAccess<'de>>(
                &mut self,
                key: &str,
                map: &mut A,
            ) -> Option<$crate::sudoku::rules::error::ReadResult<A::Error>> {
                $(
                    if <$family as $crate::sudoku::rules::Family>::KEYS.contains(&key) {
                        return Some($crate::sudoku::rules::Family::read(&mut self.$field, key, map));
                    }
                )*
                None
            }

            /// The entries of f-puzzles' `negative` key the families honour.
            pub(crate) fn fpuzzles_negative() -> impl Iterator<Item = &'static str> {
                [$(<$family as $crate::sudoku::rules::Family>::FPUZZLES_NEGATIVE),*].into_iter().flatten().copied()
            }

            /// Reads an f-puzzles key into the family that owns it; `None` when no family
            /// does.
            pub fn read_fpuzzles(
                &mut self,
                entry: $crate::sudoku::rules::fpuzzles_io::FpKey<'_>,
            ) -> Option<Result<(), $crate::sudoku::rules::FileError>> {
                $(
                    if <$family as $crate::sudoku::rules::Family>::FPUZZLES_KEYS.contains(&entry.key) {
                        return Some($crate::sudoku::rules::Family::read_fpuzzles(&mut self.$field, entry));
                    }
                )*
                None
            }

            /// No constraint but a random instance of `family` (one of
            /// [`Constraints::FAMILIES`]) on `sample`'s grid
            /// ([`Family::random`](crate::sudoku::rules::Family::random)); `None` when no
            /// family has that name.
            pub fn random(
                family: &str,
                sample: &mut $crate::sudoku::rules::sample::Sample<'_>,
            ) -> Option<Constraints> {
                $(
                    if family == stringify!($field) {
                        return Some(Constraints {
                            $field: <$family as $crate::sudoku::rules::Family>::random(sample),
                            ..Constraints::default()
                        });
                    }
                )*
                None
            }

            /// Writes every family as f-puzzles keys.
            pub fn write_fpuzzles(&self, out: &mut $crate::sudoku::rules::fpuzzles_io::FpWriter) {
                $($crate::sudoku::rules::Family::write_fpuzzles(&self.$field, out);)*
            }
        }
    };
}

pub(crate) use families;
