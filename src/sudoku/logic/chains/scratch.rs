//! The buffers a contradiction chain ([`super::Follow`]) works in, kept from one assumed
//! option to the next, and the two moves that change them: an option killed, an option held.

use super::super::failed::ChainRead;
use super::super::matrix::{Matrix, View};
use super::sums::ChainSums;

/// The buffers of a [`Follow`](super::Follow), kept from one assumption to the next: each starts from the
/// view, and only what an assumption touched is set back.
///
/// Invariants between assumptions: `live` and `covered` are the view's, `killer` and
/// `dominated_by` are all `u32::MAX` (`killed` lists the entries set since the last reset),
/// `dirty` is all zero and `swept` 0. During one, `killed[..swept]` are the kills whose sums
/// were marked `dirty` (or checked since), `dominated_by[q]` is the item that dominated `q`
/// when `killer[q]` is [`DOMINATED`](super::DOMINATED), the sum that put it out of reach when it is
/// [`OUT_OF_REACH`](super::OUT_OF_REACH), and `read.options` and `read.items` hold every option whose liveness and
/// every item whose covering it has read so far (from the view, or as it changed them).
pub(super) struct Scratch {
    pub(super) live: Vec<u64>,
    pub(super) covered: Vec<bool>,
    pub(super) killer: Vec<u32>,
    pub(super) dominated_by: Vec<u32>,
    pub(super) killed: Vec<u32>,
    pub(super) acc: Vec<u64>,
    pub(super) seen: Vec<bool>,
    /// The promised sums whose cells lost a digit since they were last kept within reach
    /// (a bit per sum, the least first).
    pub(super) dirty: Vec<u64>,
    pub(super) swept: usize,
    pub(super) read: ChainRead,
}

impl Scratch {
    pub(super) fn new(matrix: &Matrix, view: &View, sums: Option<&ChainSums<'_>>) -> Scratch {
        Scratch {
            live: view.live.clone(),
            covered: view.covered.clone(),
            killer: vec![u32::MAX; matrix.count],
            dominated_by: vec![u32::MAX; matrix.count],
            killed: Vec::new(),
            acc: vec![0u64; matrix.words],
            seen: vec![false; matrix.items.len()],
            dirty: vec![0; sums.map_or(0, |s| s.len()).div_ceil(64)],
            swept: 0,
            read: ChainRead::new(matrix.words * 64, matrix.items.len()),
        }
    }

    /// Back to the view, for the next assumption.
    pub(super) fn reset(&mut self, view: &View) {
        self.live.copy_from_slice(&view.live);
        self.covered.copy_from_slice(&view.covered);
        for &q in &self.killed {
            self.killer[q as usize] = u32::MAX;
            self.dominated_by[q as usize] = u32::MAX;
        }
        self.killed.clear();
        self.swept = 0;
        self.read.options.fill(0);
        self.read.items.fill(0);
    }

    /// Takes out live option `q`, killed by `by` (an option, or [`DOMINATED`](super::DOMINATED) by item
    /// `item`), and puts its items on the frontier `next`.
    pub(super) fn kill(
        &mut self,
        matrix: &Matrix,
        q: usize,
        by: u32,
        item: u32,
        next: &mut Vec<u32>,
    ) {
        self.live[q / 64] &= !(1 << (q % 64));
        self.killer[q] = by;
        self.dominated_by[q] = item;
        self.killed.push(q as u32);
        next.extend(matrix.items_of[q].iter().copied());
    }

    /// Holds option `o`: covers its items and kills what conflicts with it (a word of its
    /// conflicts at a time, in increasing order of option).
    pub(super) fn force(&mut self, matrix: &Matrix, o: usize, next: &mut Vec<u32>) {
        for &i in &matrix.items_of[o] {
            self.covered[i as usize] = true;
        }
        let row = matrix.conflicts(o);
        for &w in &matrix.conflict_words[o] {
            let w = w as usize;
            self.read.options[w] |= row[w];
            let mut dead = row[w] & self.live[w];
            while dead != 0 {
                let q = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                self.kill(matrix, q, o as u32, u32::MAX, next);
            }
        }
    }
}
