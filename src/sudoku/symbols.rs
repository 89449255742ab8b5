//! The alphabet of a puzzle: how digits are written and read.
//!
//! Digit `d` (1-based) is written as the `d`-th symbol. The default alphabet is `1`-`9` then
//! `A`-`Z` (up to 35 digits), and the numbers `1`..`n` beyond. Blanks are `.`, and `0`, `_`,
//! `*`, `-` unless the alphabet uses them as symbols.
//!
//! An [`Alphabet`] names a family of alphabets for grids of any side up to its length: the
//! common conventions `1-9A-Z`, `0-9A-F` (hexadecimal) and `A-Z` (letters) take their first
//! `n` symbols for an `n`x`n` grid.

use std::collections::HashMap;

use thiserror::Error;

use super::grid::ALPHABET;

/// What a character or token of a puzzle means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellChar {
    /// An empty cell.
    Blank,
    /// A digit `1..=size`.
    Digit(u8),
    /// A symbol of the default alphabet, but beyond this puzzle's digits.
    OutOfRange(u8),
    /// Not a cell at all.
    Other,
}

/// Why an alphabet was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SymbolsError {
    /// No symbols, or more than a grid can use.
    #[error("an alphabet needs 1 to {max} symbols, found {found}")]
    Count {
        /// Symbols given.
        found: usize,
        /// The most a grid can use.
        max: usize,
    },
    /// A symbol given twice.
    #[error("symbol {0:?} appears twice")]
    Repeated(String),
    /// A named alphabet shorter than the grid's side.
    #[error("the alphabet {name} has {len} symbols, too few for a {size}x{size} grid")]
    TooFew {
        /// The alphabet's name.
        name: &'static str,
        /// Its number of symbols.
        len: usize,
        /// The side asked for.
        size: usize,
    },
    /// An empty symbol, one with whitespace, or `.`.
    #[error("{0:?} cannot be a symbol (empty, whitespace, `.` and `#` are reserved)")]
    Reserved(String),
}

/// An alphabet: the names of the digits `1..=n`, in order.
///
/// Invariant: names are distinct, non-empty, free of whitespace, and never `.` or `#`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbols {
    names: Vec<String>,
    /// Every name is one character.
    single: bool,
    by_name: HashMap<String, u8>,
    /// What every ASCII character reads as: the hot path of reading puzzle lines.
    ascii: [CellChar; 128],
}

impl Symbols {
    /// The default alphabet for `n` digits: `1`-`9` then `A`-`Z`, or the numbers `1`..`n`
    /// when `n` is larger than 35.
    pub fn default_for(n: usize) -> Symbols {
        let names = if n <= ALPHABET.len() {
            ALPHABET[..n]
                .iter()
                .map(|&b| (b as char).to_string())
                .collect()
        } else {
            (1..=n).map(|d| d.to_string()).collect()
        };
        Symbols::new(names).expect("the default alphabet is valid")
    }

    /// An alphabet of one character per symbol, e.g. `"0123456789ABCDEF"`.
    ///
    /// # Errors
    ///
    /// As [`Symbols::new`].
    pub fn from_chars(chars: &str) -> Result<Symbols, SymbolsError> {
        Symbols::new(chars.chars().map(String::from).collect())
    }

    /// An alphabet from its symbols, in digit order.
    ///
    /// # Errors
    ///
    /// [`SymbolsError`] for a repeated, empty or reserved symbol, or a count beyond
    /// [`super::grid::MAX_SIZE`].
    pub fn new(names: Vec<String>) -> Result<Symbols, SymbolsError> {
        let max = super::grid::MAX_SIZE;
        if names.is_empty() || names.len() > max {
            return Err(SymbolsError::Count {
                found: names.len(),
                max,
            });
        }
        let mut by_name = HashMap::with_capacity(names.len());
        for (k, name) in names.iter().enumerate() {
            if name.is_empty()
                || name.chars().any(char::is_whitespace)
                || name == "."
                || name == "#"
            {
                return Err(SymbolsError::Reserved(name.clone()));
            }
            if by_name.insert(name.clone(), k as u8 + 1).is_some() {
                return Err(SymbolsError::Repeated(name.clone()));
            }
        }
        let single = names.iter().all(|n| n.chars().count() == 1);
        let mut symbols = Symbols {
            names,
            single,
            by_name,
            ascii: [CellChar::Other; 128],
        };
        for b in 0..128u8 {
            symbols.ascii[b as usize] = symbols.read_slow(&(b as char).to_string());
        }
        Ok(symbols)
    }

    /// Number of digits.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Never true: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether every symbol is a single character, so that a grid can be written one
    /// character per cell.
    pub fn is_single_char(&self) -> bool {
        self.single
    }

    /// How digit `d` is written; `.` for 0.
    ///
    /// # Panics
    ///
    /// If `d` is larger than the alphabet.
    pub fn name(&self, d: u8) -> &str {
        if d == 0 {
            "."
        } else {
            &self.names[d as usize - 1]
        }
    }

    /// Reads one token: a symbol, a blank, or something else. Letters of the default alphabet
    /// are read in either case when the other case is not a symbol of its own.
    pub fn read(&self, token: &str) -> CellChar {
        match token.as_bytes() {
            &[b] if b.is_ascii() => self.ascii[b as usize],
            _ => self.read_slow(token),
        }
    }

    fn read_slow(&self, token: &str) -> CellChar {
        if let Some(&d) = self.by_name.get(token) {
            return CellChar::Digit(d);
        }
        let mut chars = token.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return CellChar::Other;
        };
        if matches!(c, '.' | '0' | '_' | '*' | '-') {
            return CellChar::Blank;
        }
        let other_case = if c.is_ascii_lowercase() {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        };
        if other_case != c {
            let mut buf = [0u8; 4];
            if let Some(&d) = self.by_name.get(&*other_case.encode_utf8(&mut buf)) {
                return CellChar::Digit(d);
            }
        }
        match ALPHABET
            .iter()
            .position(|&a| a as char == c.to_ascii_uppercase())
        {
            // Letters are digits only in grids larger than 9x9.
            Some(k) if self.is_default_prefix() && (k < 9 || self.len() > 9) => {
                CellChar::OutOfRange(k as u8 + 1)
            }
            _ => CellChar::Other,
        }
    }

    /// Reads one character (see [`Symbols::read`]).
    pub fn read_char(&self, c: char) -> CellChar {
        if c.is_ascii() {
            return self.ascii[c as usize];
        }
        let mut buf = [0u8; 4];
        self.read(c.encode_utf8(&mut buf))
    }

    /// Whether this is the start of the default alphabet (so that a later default symbol is
    /// "out of range" rather than unknown).
    fn is_default_prefix(&self) -> bool {
        self.single
            && self
                .names
                .iter()
                .zip(ALPHABET.iter())
                .all(|(n, &a)| n.as_bytes() == [a])
    }
}

/// The symbols of the grids a puzzle input may hold, whatever their side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Alphabet {
    /// `1`-`9` then `A`-`Z` up to 35 digits, the numbers `1`..`n` beyond
    /// ([`Symbols::default_for`]).
    Default,
    /// A named convention (see [`Alphabet::named`]): its first `n` symbols for `n` digits.
    Named {
        /// The name, as written on the command line (`1-9A-Z`, `0-9A-F`, `A-Z`).
        name: &'static str,
        /// Every symbol, one character each.
        chars: &'static str,
    },
    /// Exactly these symbols: grids of side `symbols.len()` only.
    Fixed(Box<Symbols>),
}

impl Alphabet {
    /// The named conventions, with the names they answer to: `1-9A-Z` (also `digits`),
    /// `0-9A-F` (also `hex`), `A-Z` (also `letters`); any case. `None` for any other name.
    pub fn named(name: &str) -> Option<Alphabet> {
        let (name, chars) = match name.to_ascii_uppercase().as_str() {
            "1-9A-Z" | "DIGITS" => ("1-9A-Z", "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
            "0-9A-F" | "HEX" => ("0-9A-F", "0123456789ABCDEF"),
            "A-Z" | "LETTERS" => ("A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
            _ => return None,
        };
        Some(Alphabet::Named { name, chars })
    }

    /// A named alphabet ([`Alphabet::named`]), or else the characters given, one symbol each.
    ///
    /// # Errors
    ///
    /// As [`Symbols::from_chars`].
    pub fn parse(text: &str) -> Result<Alphabet, SymbolsError> {
        match Alphabet::named(text) {
            Some(alphabet) => Ok(alphabet),
            None => Symbols::from_chars(text).map(|s| Alphabet::Fixed(Box::new(s))),
        }
    }

    /// The only side this alphabet allows, for a fixed one.
    pub fn fixed_size(&self) -> Option<usize> {
        match self {
            Alphabet::Fixed(symbols) => Some(symbols.len()),
            _ => None,
        }
    }

    /// The symbols of an `n`-digit grid.
    ///
    /// # Errors
    ///
    /// [`SymbolsError::TooFew`] when a named alphabet is shorter than `n`;
    /// [`SymbolsError::Count`] when `n` is 0, beyond [`super::grid::MAX_SIZE`], or not the
    /// length of a fixed alphabet.
    pub fn symbols_for(&self, n: usize) -> Result<Symbols, SymbolsError> {
        let max = super::grid::MAX_SIZE;
        match self {
            _ if n == 0 || n > max => Err(SymbolsError::Count { found: n, max }),
            Alphabet::Default => Ok(Symbols::default_for(n)),
            Alphabet::Named { name, chars } if chars.len() < n => Err(SymbolsError::TooFew {
                name,
                len: chars.len(),
                size: n,
            }),
            Alphabet::Named { chars, .. } => Symbols::from_chars(&chars[..n]),
            Alphabet::Fixed(symbols) if symbols.len() == n => Ok((**symbols).clone()),
            Alphabet::Fixed(symbols) => Err(SymbolsError::Count {
                found: n,
                max: symbols.len(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_and_custom_alphabets() {
        let nine = Symbols::default_for(9);
        assert_eq!(nine.read("9"), CellChar::Digit(9));
        assert_eq!(nine.read("0"), CellChar::Blank);
        assert_eq!(nine.read("A"), CellChar::Other);
        assert_eq!(nine.read("x"), CellChar::Other);
        let four = Symbols::default_for(4);
        assert_eq!(four.read("5"), CellChar::OutOfRange(5));
        let sixteen = Symbols::default_for(16);
        assert_eq!(sixteen.read("g"), CellChar::Digit(16));
        assert_eq!(sixteen.name(10), "A");
        let hex = Symbols::from_chars("0123456789ABCDEF").unwrap();
        assert_eq!(hex.read("0"), CellChar::Digit(1));
        assert_eq!(hex.read("."), CellChar::Blank);
        assert_eq!(hex.read("G"), CellChar::Other);
        let big = Symbols::default_for(40);
        assert_eq!(big.read("40"), CellChar::Digit(40));
        assert!(!big.is_single_char());
        assert_eq!(
            Symbols::from_chars("1231").unwrap_err().to_string(),
            "symbol \"1\" appears twice"
        );
        assert!(Symbols::from_chars("12.").is_err());
    }

    #[test]
    fn named_alphabets_take_their_first_symbols() {
        let hex = Alphabet::parse("0-9A-F").unwrap();
        assert_eq!(Alphabet::parse("hex").unwrap(), hex);
        let sixteen = hex.symbols_for(16).unwrap();
        assert_eq!((sixteen.name(1), sixteen.name(16)), ("0", "F"));
        assert_eq!(sixteen.read("0"), CellChar::Digit(1));
        assert_eq!(sixteen.read("."), CellChar::Blank);
        assert_eq!(
            hex.symbols_for(25).unwrap_err().to_string(),
            "the alphabet 0-9A-F has 16 symbols, too few for a 25x25 grid"
        );
        let letters = Alphabet::parse("A-Z").unwrap();
        let nine = letters.symbols_for(9).unwrap();
        assert_eq!((nine.name(1), nine.name(9)), ("A", "I"));
        assert_eq!(nine.read("0"), CellChar::Blank);
        assert_eq!(nine.read("j"), CellChar::Other);
        assert_eq!(nine.read("c"), CellChar::Digit(3));
        assert_eq!(
            Alphabet::parse("letters")
                .unwrap()
                .symbols_for(27)
                .unwrap_err()
                .to_string(),
            "the alphabet A-Z has 26 symbols, too few for a 27x27 grid"
        );
        let digits = Alphabet::parse("1-9A-Z").unwrap();
        assert_eq!(digits.symbols_for(12).unwrap(), Symbols::default_for(12));
        assert!(digits.symbols_for(36).is_err());
        let fixed = Alphabet::parse("abcd").unwrap();
        assert_eq!(fixed.fixed_size(), Some(4));
        assert!(fixed.symbols_for(9).is_err());
    }
}
