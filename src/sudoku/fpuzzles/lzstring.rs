//! lz-string's `compressToBase64` and `decompressFromBase64`, the compression of f-puzzles
//! and SudokuPad links: LZW over UTF-16 code units, written six bits per base64 character
//! (codes least significant bit first, characters filled from their top bit). Written here
//! rather than taken from a crate so that links come out byte for byte as f-puzzles writes
//! them; the test vectors are those of the reference library.

use std::collections::{HashMap, HashSet};

/// The base64 alphabet, index 0..63.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Bits written six to a base64 character, top bit first.
struct BitWriter {
    out: String,
    value: u8,
    filled: u32,
}

impl BitWriter {
    fn bit(&mut self, bit: u32) {
        self.value = (self.value << 1) | (bit & 1) as u8;
        self.filled += 1;
        if self.filled == 6 {
            self.out.push(ALPHABET[usize::from(self.value)] as char);
            self.value = 0;
            self.filled = 0;
        }
    }

    /// `width` bits of `code`, least significant first.
    fn write(&mut self, code: u32, width: u32) {
        for k in 0..width {
            self.bit(code >> k);
        }
    }
}

/// `text` compressed as lz-string's `compressToBase64` does, `=`-padded.
///
/// ```
/// use sudokux::sudoku::fpuzzles::lzstring::compress_to_base64;
///
/// assert_eq!(compress_to_base64("{\"size\":4}"), "N4IgzglgXgpiBcAWAvkA");
/// ```
pub fn compress_to_base64(text: &str) -> String {
    let mut state = Compressor {
        out: BitWriter {
            out: String::new(),
            value: 0,
            filled: 0,
        },
        dict: HashMap::new(),
        fresh: HashSet::new(),
        width: 2,
        countdown: 2,
    };
    let mut next_code = 3u32;
    let mut w: Vec<u16> = Vec::new();
    for c in text.encode_utf16() {
        if !state.dict.contains_key(&[c][..]) {
            state.dict.insert(vec![c], next_code);
            next_code += 1;
            state.fresh.insert(c);
        }
        let mut wc = w.clone();
        wc.push(c);
        if state.dict.contains_key(&wc) {
            w = wc;
            continue;
        }
        state.emit(&w);
        state.dict.insert(wc, next_code);
        next_code += 1;
        w = vec![c];
    }
    if !w.is_empty() {
        state.emit(&w);
    }
    let mut out = state.out;
    out.write(2, state.width);
    // Flush: at least one zero bit, then up to the end of the character.
    loop {
        out.bit(0);
        if out.filled == 0 {
            break;
        }
    }
    let mut text = out.out;
    while text.len() % 4 != 0 {
        text.push('=');
    }
    text
}

/// The compressor's state: the phrases with their codes, the single units given a code but
/// not yet written, and the current code width.
struct Compressor {
    out: BitWriter,
    dict: HashMap<Vec<u16>, u32>,
    fresh: HashSet<u16>,
    width: u32,
    countdown: u64,
}

impl Compressor {
    fn tick(&mut self) {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = 1u64 << self.width;
            self.width += 1;
        }
    }

    /// Writes phrase `w`: a new unit as a literal (which costs a tick of its own), any other
    /// phrase as its code.
    fn emit(&mut self, w: &[u16]) {
        if w.len() == 1 && self.fresh.remove(&w[0]) {
            let u = u32::from(w[0]);
            if u < 256 {
                self.out.write(0, self.width);
                self.out.write(u, 8);
            } else {
                self.out.write(1, self.width);
                self.out.write(u, 16);
            }
            self.tick();
        } else {
            self.out.write(self.dict[w], self.width);
        }
        self.tick();
    }
}

/// Bits read from base64 characters, top bit first; characters outside the alphabet read
/// as 0, and reads past the end give 0 bits.
struct BitReader<'a> {
    input: &'a [u8],
    /// Index of the next character to load.
    next: usize,
    value: u8,
    /// The bit of `value` read next (32, 16, ..., 1).
    position: u8,
}

impl BitReader<'_> {
    fn sextet(c: u8) -> u8 {
        ALPHABET.iter().position(|&a| a == c).map_or(0, |k| k as u8)
    }

    fn load(&mut self) {
        self.value = self.input.get(self.next).map_or(0, |&c| Self::sextet(c));
        self.next += 1;
        self.position = 32;
    }

    /// `width` bits, the k-th read worth 2^k.
    fn read(&mut self, width: u32) -> u32 {
        let mut code = 0;
        for k in 0..width {
            if self.value & self.position != 0 {
                code |= 1 << k;
            }
            self.position >>= 1;
            if self.position == 0 {
                self.load();
            }
        }
        code
    }

    fn exhausted(&self) -> bool {
        self.next > self.input.len()
    }
}

/// The text of an lz-string `compressToBase64` payload; `None` when it is empty, truncated,
/// holds an invalid code or does not decode to UTF-16 text.
///
/// ```
/// use sudokux::sudoku::fpuzzles::lzstring::decompress_from_base64;
///
/// assert_eq!(decompress_from_base64("BIUwNmD2AEDukCcwBMg=").as_deref(), Some("Hello world"));
/// assert_eq!(decompress_from_base64("nonsense!"), None);
/// ```
pub fn decompress_from_base64(payload: &str) -> Option<String> {
    if payload.is_empty() {
        return None;
    }
    let mut bits = BitReader {
        input: payload.as_bytes(),
        next: 0,
        value: 0,
        position: 0,
    };
    bits.load();
    let mut table: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let first = match bits.read(2) {
        0 => bits.read(8),
        1 => bits.read(16),
        2 => return Some(String::new()),
        _ => return None,
    } as u16;
    table.push(vec![first]);
    let mut w = vec![first];
    let mut output: Vec<u16> = vec![first];
    let mut width = 3u32;
    let mut countdown = 4u64;
    let tick = |width: &mut u32, countdown: &mut u64| {
        *countdown -= 1;
        if *countdown == 0 {
            *countdown = 1u64 << *width;
            *width += 1;
        }
    };
    loop {
        if bits.exhausted() {
            return None;
        }
        let mut code = bits.read(width) as usize;
        match code {
            2 => return String::from_utf16(&output).ok(),
            0 | 1 => {
                let unit = bits.read(if code == 0 { 8 } else { 16 }) as u16;
                table.push(vec![unit]);
                code = table.len() - 1;
                tick(&mut width, &mut countdown);
            }
            _ => {}
        }
        let entry = match code.cmp(&table.len()) {
            std::cmp::Ordering::Less => table[code].clone(),
            std::cmp::Ordering::Equal => {
                let mut e = w.clone();
                e.push(w[0]);
                e
            }
            std::cmp::Ordering::Greater => return None,
        };
        output.extend_from_slice(&entry);
        let mut phrase = w;
        phrase.push(entry[0]);
        table.push(phrase);
        w = entry;
        tick(&mut width, &mut countdown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vectors of the reference library (fpuzzles.md §1.3).
    const VECTORS: [(&str, &str); 5] = [
        ("", "Q==="),
        ("a", "IZA="),
        ("Hello world", "BIUwNmD2AEDukCcwBMg="),
        ("{\"size\":4}", "N4IgzglgXgpiBcAWAvkA"),
        ("\u{e9}\u{20ac}\u{1f600}", "JeGoJLwbgAe0A==="),
    ];

    #[test]
    fn the_reference_vectors_byte_for_byte() {
        for (text, payload) in VECTORS {
            assert_eq!(compress_to_base64(text), payload, "{text:?}");
            assert_eq!(
                decompress_from_base64(payload).as_deref(),
                Some(text),
                "{payload}"
            );
        }
    }

    #[test]
    fn long_texts_round_trip() {
        let text: String = (0..3000)
            .map(|k| char::from_u32(32 + (k * 7919 % 300) as u32).unwrap_or('x'))
            .collect();
        assert_eq!(
            decompress_from_base64(&compress_to_base64(&text)).as_deref(),
            Some(text.as_str())
        );
    }

    #[test]
    fn damaged_payloads_give_none() {
        assert_eq!(decompress_from_base64(""), None);
        assert_eq!(decompress_from_base64("N4Ig"), None);
        assert_eq!(decompress_from_base64("////////"), None);
    }
}
