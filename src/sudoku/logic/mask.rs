//! Candidate masks (bit `d - 1` for digit `d`) and the `k`-subsets that subsets and fish go
//! through.

/// Bit of digit `d` (1-based) in a candidate mask.
pub(crate) fn bit(d: u8) -> u64 {
    1 << (d - 1)
}

/// The digits of a mask, in increasing order.
pub(crate) fn digits_of(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |k| mask >> k & 1 == 1).map(|k| k + 1)
}

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
