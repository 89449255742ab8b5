//! Candidate masks (bit `d - 1` for digit `d`), the `k`-subsets that subsets and fish go
//! through, and bit sets over the matrix's options (words of 64 bits).

/// Bit of digit `d` (1-based) in a candidate mask.
pub(crate) fn bit(d: u8) -> u64 {
    1 << (d - 1)
}

/// The digits of a mask, in increasing order.
///
/// # Complexity
///
/// One step per digit (the lowest bit left, cleared), not per bit of the word: the sum walks
/// and chains go through candidate masks in their innermost loops.
pub(crate) fn digits_of(mask: u64) -> Digits {
    Digits(mask)
}

/// The digits of a mask, lowest first ([`digits_of`]). Invariant: the word holds the bits of
/// the digits not yet handed out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Digits(u64);

impl Iterator for Digits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(k + 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Digits {}

impl std::iter::FusedIterator for Digits {}

/// Calls `visit` with every `k`-subset of `0..len` (as index lists, in lexicographic order)
/// until it returns `Some`.
pub(crate) fn combinations<T>(
    len: usize,
    k: usize,
    visit: &mut dyn FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > len {
        return None;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        if let Some(found) = visit(&pick) {
            return Some(found);
        }
        // Advance the rightmost index that can move.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The words of a bit set over the options that hold some bit, with those bits, in increasing
/// order of word.
pub(crate) fn spans(options: impl Iterator<Item = u32>) -> Vec<(u32, u64)> {
    let mut spans: Vec<(u32, u64)> = Vec::new();
    for o in options {
        let (w, b) = (o / 64, 1u64 << (o % 64));
        match spans.last_mut() {
            Some((last, bits)) if *last == w => *bits |= b,
            _ => spans.push((w, b)),
        }
    }
    spans.sort_unstable_by_key(|&(w, _)| w);
    spans.dedup_by(|(w, b), (v, c)| {
        let same = w == v;
        if same {
            *c |= *b;
        }
        same
    });
    spans
}

/// The indices of the set bits of a bit set, in increasing order.
pub(crate) fn bits(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            if word == 0 {
                return None;
            }
            let b = word.trailing_zeros();
            word &= word - 1;
            Some(w as u32 * 64 + b)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits handed out are the set bits, lowest first, each once, counted right.
    #[test]
    fn digits_of_a_mask_are_its_bits_in_order() {
        for mask in [
            0u64,
            1,
            0b1011_0110,
            1 << 63,
            u64::MAX,
            0x8000_0000_0000_0001,
        ] {
            let slow: Vec<u8> = (0..64u8)
                .filter(|k| mask >> k & 1 == 1)
                .map(|k| k + 1)
                .collect();
            let digits = digits_of(mask);
            assert_eq!(digits.len(), slow.len());
            assert_eq!(digits.collect::<Vec<u8>>(), slow, "{mask:#x}");
        }
    }
}
