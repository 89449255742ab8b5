//! The ways a band takes its digits out of what the columns still need, and the partitions a
//! stack's columns may start from.
//!
//! A *state* is the set of digits each column still needs, `k * r` of them with `k` bands
//! left. In each stack a digit is needed by exactly `k` of its columns (once per band left).
//! The next band takes `r` digits from every column and each of its boxes holds every digit
//! once: in each stack, every digit goes to exactly one of the columns that need it, each
//! column getting `r`. The stacks choose independently.

/// The choices of one stack (`stack`: the digit sets its columns still need) for the next
/// band: for each digit one column that needs it, `r` digits per column; each choice as the
/// column sets it gives the band, `stack.len()` masks in a row of the flat vector.
pub fn stack_splits(r: usize, stack: &[u32]) -> Vec<u32> {
    let digits = stack.iter().fold(0u32, |m, &s| m | s);
    let mut out = Vec::new();
    let mut taken = vec![0u32; stack.len()];
    choose(r, stack, digits, &mut taken, &mut out);
    out
}

/// Gives the lowest digit of `left` a column, then the rest.
fn choose(r: usize, stack: &[u32], left: u32, taken: &mut [u32], out: &mut Vec<u32>) {
    if left == 0 {
        out.extend_from_slice(taken);
        return;
    }
    let bit = left & left.wrapping_neg();
    for j in 0..stack.len() {
        if stack[j] & bit != 0 && (taken[j].count_ones() as usize) < r {
            taken[j] |= bit;
            choose(r, stack, left ^ bit, taken, out);
            taken[j] ^= bit;
        }
    }
}

/// The partitions of `n` digits into blocks of `r`, each as its blocks in increasing order of
/// their lowest digit (so each unordered partition once).
pub fn partitions(n: usize, r: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut blocks = Vec::new();
    partition((1u32 << n) - 1, r, &mut blocks, &mut out);
    out
}

fn partition(left: u32, r: usize, blocks: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if left == 0 {
        out.push(blocks.clone());
        return;
    }
    let low = left & left.wrapping_neg();
    // The block of the lowest digit left: it and r - 1 of the others.
    subsets(left ^ low, r - 1, low, &mut |block| {
        blocks.push(block);
        partition(left ^ block, r, blocks, out);
        blocks.pop();
    });
}

/// Calls `f` with `base` joined by each `k`-subset of `from`.
fn subsets(from: u32, k: usize, base: u32, f: &mut dyn FnMut(u32)) {
    if k == 0 {
        f(base);
        return;
    }
    let mut rest = from;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        subsets(rest, k - 1, base | bit, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_counted_as_the_formula_says() {
        // n! / ((r!)^(n/r) (n/r)!)
        assert_eq!(partitions(4, 2).len(), 3);
        assert_eq!(partitions(6, 2).len(), 15);
        assert_eq!(partitions(6, 3).len(), 10);
        assert_eq!(partitions(8, 2).len(), 105);
        assert_eq!(partitions(9, 3).len(), 280);
        for p in partitions(9, 3) {
            assert_eq!(p.iter().fold(0, |m, &b| m | b), 0x1ff);
            assert!(p.iter().all(|b| b.count_ones() == 3));
        }
    }

    #[test]
    fn a_stack_of_sixes_splits_in_56_ways() {
        // The columns of a 3x3 stack after the first band: each digit is needed by two of
        // the three columns. 56 = 1 + 27 + 27 + 1 (Felgenhauer and Jarvis's 56).
        let stack = [0b111_111_000, 0b111_000_111, 0b000_111_111];
        let splits = stack_splits(3, &stack);
        assert_eq!(splits.len() / 3, 56);
        for choice in splits.chunks(3) {
            assert_eq!(choice.iter().fold(0, |m, &s| m | s), 0x1ff);
            for (j, &set) in choice.iter().enumerate() {
                assert_eq!(set.count_ones(), 3);
                assert_eq!(set & !stack[j], 0);
            }
        }
    }
}
