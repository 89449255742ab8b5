//! What is done with every family of the list (`families!` in `mod.rs`): their keys and
//! other spellings, reading a puzzle file's key or an f-puzzles key into the family that owns
//! it, writing f-puzzles keys, random instances. Ordinary code over the visits that the
//! list's macro writes (`registry.rs`), each family seen with its type.

use std::sync::LazyLock;

use serde::de::MapAccess;

use crate::sudoku::rules::constraint::Family;
use crate::sudoku::rules::error::{FileError, ReadResult};
use crate::sudoku::rules::fpuzzles_io::{FpKey, FpWriter};
use crate::sudoku::rules::registry::{Visit, VisitMut};
use crate::sudoku::rules::sample::Sample;
use crate::sudoku::rules::Constraints;

/// What a family's type says of it: its name and the keys it reads.
struct Keys {
    name: &'static str,
    keys: &'static [&'static str],
    aliases: &'static [(&'static str, &'static str)],
    fpuzzles_negative: &'static [&'static str],
}

/// The [`Keys`] of every family, in the list's order (made once).
static KEYS: LazyLock<Vec<Keys>> = LazyLock::new(|| {
    struct Collect(Vec<Keys>);
    impl Visit for Collect {
        fn family<F: Family>(&mut self, name: &'static str, _: &F) {
            self.0.push(Keys {
                name,
                keys: F::KEYS,
                aliases: F::ALIASES,
                fpuzzles_negative: F::FPUZZLES_NEGATIVE,
            });
        }
    }
    let mut collect = Collect(Vec::new());
    Constraints::default().each(&mut collect);
    collect.0
});

impl Constraints {
    /// Each family by name with the keys of puzzle files it reads
    /// ([`Family::KEYS`]), in the list's order.
    pub fn family_keys() -> [(&'static str, &'static [&'static str]); Constraints::FAMILIES.len()] {
        let pairs: Vec<_> = KEYS.iter().map(|k| (k.name, k.keys)).collect();
        pairs.try_into().expect("one per family")
    }

    /// The keys of puzzle files the families read, family by family.
    pub fn keys() -> impl Iterator<Item = &'static str> {
        KEYS.iter().flat_map(|k| k.keys.iter().copied())
    }

    /// The other spellings of keys puzzle files may use, each with the key it stands for
    /// (`("killer", "cage")`), family by family ([`Family::ALIASES`]).
    pub fn aliases() -> impl Iterator<Item = (&'static str, &'static str)> {
        KEYS.iter().flat_map(|k| k.aliases.iter().copied())
    }

    /// The key an other spelling stands for (`killer`: `cage`); `None` when `key` is no
    /// family's alias.
    pub fn canonical(key: &str) -> Option<&'static str> {
        Self::aliases()
            .find(|(alias, _)| *alias == key)
            .map(|(_, canonical)| canonical)
    }

    /// The entries of f-puzzles' `negative` key the families honour.
    pub(crate) fn fpuzzles_negative() -> impl Iterator<Item = &'static str> {
        KEYS.iter()
            .flat_map(|k| k.fpuzzles_negative.iter().copied())
    }

    /// Reads `key`'s value into the family that owns the key; `None` when no family does.
    pub(crate) fn read<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Option<ReadResult<A::Error>> {
        struct Read<'k, 'm, A: MapAccess<'k>> {
            key: &'m str,
            map: &'m mut A,
            read: Option<ReadResult<A::Error>>,
            de: std::marker::PhantomData<&'k ()>,
        }
        impl<'k, A: MapAccess<'k>> VisitMut for Read<'k, '_, A> {
            fn family<F: Family>(&mut self, _: &'static str, family: &mut F) {
                if self.read.is_none() && F::KEYS.contains(&self.key) {
                    self.read = Some(family.read(self.key, self.map));
                }
            }
        }
        let mut read = Read {
            key,
            map,
            read: None,
            de: std::marker::PhantomData,
        };
        self.each_mut(&mut read);
        read.read
    }

    /// Reads an f-puzzles key into the family that owns it; `None` when no family does.
    pub fn read_fpuzzles(&mut self, entry: FpKey<'_>) -> Option<Result<(), FileError>> {
        struct Read<'e> {
            entry: Option<FpKey<'e>>,
            read: Option<Result<(), FileError>>,
        }
        impl VisitMut for Read<'_> {
            fn family<F: Family>(&mut self, _: &'static str, family: &mut F) {
                if let Some(entry) = self.entry.take_if(|e| F::FPUZZLES_KEYS.contains(&e.key)) {
                    self.read = Some(family.read_fpuzzles(entry));
                }
            }
        }
        let mut read = Read {
            entry: Some(entry),
            read: None,
        };
        self.each_mut(&mut read);
        read.read
    }

    /// No constraint but a random instance of `family` (one of [`Constraints::FAMILIES`]) on
    /// `sample`'s grid ([`Family::random`]); `None` when no family has that name.
    pub fn random(family: &str, sample: &mut Sample<'_>) -> Option<Constraints> {
        struct Random<'f, 's, 'a> {
            family: &'f str,
            sample: &'s mut Sample<'a>,
            made: bool,
        }
        impl VisitMut for Random<'_, '_, '_> {
            fn family<F: Family>(&mut self, name: &'static str, family: &mut F) {
                if name == self.family {
                    *family = F::random(self.sample);
                    self.made = true;
                }
            }
        }
        let mut constraints = Constraints::default();
        let mut random = Random {
            family,
            sample,
            made: false,
        };
        constraints.each_mut(&mut random);
        random.made.then_some(constraints)
    }

    /// Writes every family as f-puzzles keys.
    pub fn write_fpuzzles(&self, out: &mut FpWriter) {
        struct Write<'o>(&'o mut FpWriter);
        impl Visit for Write<'_> {
            fn family<F: Family>(&mut self, _: &'static str, family: &F) {
                family.write_fpuzzles(self.0);
            }
        }
        self.each(&mut Write(out));
    }
}
