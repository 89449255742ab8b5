//! The keys of a puzzle file, and where in a TOML file a key's line is: an unknown key is
//! refused while the key itself is read, where the parser knows its place (with the known key
//! it most likely misspells, as clap names a misspelt flag), and an error in `givens` or
//! `regions`, whose lines count from the key's text, is moved to the file's line.

use serde::de::{self, Deserializer};
use toml::de::{DeTable, DeValue};

use crate::sudoku::rules::{Constraints, FileError};

/// The keys of the shape, before the constraints' keys in messages.
const SHAPE_KEYS: [&str; 5] = ["size", "box", "symbols", "givens", "regions"];

/// The keys of overlapping grids, after the constraints' keys in messages.
const GRID_KEYS: [&str; 2] = ["layout", "grids"];

/// The keys of what is shown but not solved with, last in messages.
const META_KEYS: [&str; 3] = ["title", "author", "ruleset"];

/// A key of a puzzle file, refused while it is read when no one knows it: the key as written,
/// and the key it stands for (the same, or the one an old spelling stands for:
/// [`Constraints::canonical`]).
pub(super) struct FileKey {
    /// The key as the file writes it.
    pub(super) written: String,
    /// The key read: `written`, or the key `written` is another spelling of.
    pub(super) key: &'static str,
}

impl<'de> serde::Deserialize<'de> for FileKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FileKey, D::Error> {
        let key = String::deserialize(deserializer)?;
        // In the order messages name them.
        let known = || {
            SHAPE_KEYS
                .into_iter()
                .chain(Constraints::keys())
                .chain(GRID_KEYS)
                .chain(META_KEYS)
        };
        if let Some(known) = known()
            .find(|k| *k == key)
            .or_else(|| Constraints::canonical(&key))
        {
            return Ok(FileKey {
                written: key,
                key: known,
            });
        }
        let known: Vec<String> = known().map(|k| format!("`{k}`")).collect();
        Err(de::Error::custom(format_args!(
            "unknown field `{key}`, expected one of {}",
            known.join(", ")
        )))
    }
}

/// How alike a misspelt key and a known one must be to be suggested: their normalized
/// Damerau-Levenshtein similarity (one edit in five letters is 0.8); a known key that starts
/// with four letters or more of what was written (`thermo`) counts as this alike.
const SIMILAR: f64 = 0.6;

/// How alike `written` is to the `known` key, for [`did_you_mean`].
fn similarity(written: &str, known: &str) -> f64 {
    let similar = strsim::normalized_damerau_levenshtein(written, known);
    if written.len() >= 4 && known.starts_with(written) {
        similar.max(SIMILAR)
    } else {
        similar
    }
}

/// `message` (serde's, from TOML or JSON) with its `unknown field `x`, expected ...` said as
/// `unknown key "x": did you mean "y"?` when one of the keys it lists is close enough to be
/// what was meant (the closest); any text around it, as toml's line and caret, kept. A key
/// close to an other spelling ([`Constraints::aliases`]: `kiler`) suggests the key that
/// spelling stands for (`cage`), the name files are written with.
pub(super) fn did_you_mean(message: &str) -> String {
    const UNKNOWN: &str = "unknown field `";
    let Some(start) = message.find(UNKNOWN) else {
        return message.to_string();
    };
    let rest = &message[start + UNKNOWN.len()..];
    let Some((key, rest)) = rest.split_once("`, expected ") else {
        return message.to_string();
    };
    // The list runs to the end of the line: `a`, `b` or `c`; `a` or `b`; one of `a`, `b`.
    let end = rest.find('\n').unwrap_or(rest.len());
    let (list, after) = rest.split_at(end);
    // JSON appends the place: ` at line 1 column 22`.
    let (list, place) = match list.rfind("` at line ") {
        Some(k) => (&list[..=k], &list[k + 1..]),
        None => (list, ""),
    };
    // Other spellings only for the keys of the file, not the fields of a table.
    let top = list.contains("`givens`");
    let aliases = Constraints::aliases().filter(|_| top);
    let best = list
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|known| (similarity(key, known), known))
        .chain(aliases.map(|(alias, known)| (similarity(key, alias), known)))
        .filter(|&(similar, _)| similar >= SIMILAR)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((_, known)) => format!(
            "{}unknown key {key:?}: did you mean {known:?}?{place}{after}",
            &message[..start]
        ),
        None => message.to_string(),
    }
}

/// `error` with the line of a `givens` or `regions` error counted in the TOML file `text`
/// instead of in the key's text, where the value is a multi-line string or a list of rows
/// (a one-line string's escaped line breaks have no line of the file: left as it is).
pub(super) fn in_toml(text: &str, error: FileError) -> FileError {
    match error {
        FileError::Value {
            key,
            line: Some(line),
            message,
        } if key == "givens" || key == "regions" => FileError::Value {
            line: Some(file_line(text, &key, line).unwrap_or(line)),
            key,
            message,
        },
        error => error,
    }
}

/// The line of `text` (1-based) that holds line `line` (1-based) of top-level key `key`'s
/// value; `None` where it cannot be told.
fn file_line(text: &str, key: &str, line: usize) -> Option<usize> {
    let table = DeTable::parse(text).ok()?;
    let (_, value) = table
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)?;
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    match value.get_ref() {
        DeValue::String(_) => {
            let span = value.span();
            let raw = text.get(span.clone())?;
            let multi = raw.starts_with("\"\"\"") || raw.starts_with("'''");
            if !multi {
                return (line == 1).then(|| line_of(span.start));
            }
            if raw.starts_with('"') && raw.contains("\\\n") {
                // A line-ending backslash joins lines of the file into one.
                return None;
            }
            // TOML drops a line break right after the opening quotes.
            let after = &raw[3..];
            let skipped = usize::from(after.starts_with('\n') || after.starts_with("\r\n"));
            Some(line_of(span.start) + skipped + line - 1)
        }
        DeValue::Array(rows) => rows
            .get(line.checked_sub(1)?)
            .map(|row| line_of(row.span().start)),
        _ => None,
    }
}
