//! The text of `givens` and `regions`: one string of lines, as TOML's multi-line strings write
//! it, or a list of rows, as JSON (which has no multi-line strings) and people write it.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};

/// The lines of a grid-shaped key, joined by newlines whichever way they were written.
#[derive(Debug, Default)]
pub(super) struct Rows(pub(super) String);

impl<'de> serde::Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rows, D::Error> {
        deserializer.deserialize_any(RowsVisitor)
    }
}

struct RowsVisitor;

impl<'de> Visitor<'de> for RowsVisitor {
    type Value = Rows;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string of lines, or a list of rows (strings)")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Rows, E> {
        Ok(Rows(text.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Rows, A::Error> {
        let mut text = String::new();
        while let Some(row) = seq.next_element::<String>()? {
            if row.contains('\n') {
                return Err(de::Error::custom(
                    "a row of the list holds a line break: write each row as one string",
                ));
            }
            text.push_str(&row);
            text.push('\n');
        }
        Ok(Rows(text))
    }
}
