//! The choice of item: Knuth's fewest-options rule (MRV), the inner loop of every search.
//!
//! Small problems scan the lengths of all primary items in item order (covered ones carry a
//! flag that makes them never the fewest), a few vector instructions per block of lengths,
//! with an AVX2 build where the processor has it; large ones walk the list of active items.
//! Both choose the same item, so node counts do not depend on the way.

use super::matrix::{at, length, link, Matrix, COVERED, ROOT};

/// The active primary item with the fewest options (Knuth's MRV heuristic), the first such in
/// item order, with two shortcuts: the last primary item a cover emptied, when it is still
/// active and empty (a dead end, found without a scan); else the scan stops at the first item
/// with 0 or 1 options. An item with no option further on is then missed, and found a few
/// forced moves later. [`choose_dense`] and [`choose_listed`] choose the same item.
#[inline]
pub(crate) fn choose_item(m: &Matrix) -> u32 {
    if m.primary > DENSE_SCAN_MAX {
        return choose_listed(m);
    }
    emptied(m).unwrap_or_else(|| choose_dense(m))
}

/// The primary item emptied by the last covers, if it is still active and empty: a dead end
/// found without a scan.
#[inline]
fn emptied(m: &Matrix) -> Option<u32> {
    let e = m.emptied;
    (e != ROOT && e <= m.primary && length(&m.len, e) == 0 && m.is_active(e)).then_some(e)
}

/// [`choose_item`] along the list of active items only. Counts that remember subproblems
/// choose this way: late in such counts most items are covered, and the list skips them.
#[inline]
pub(crate) fn choose_listed(m: &Matrix) -> u32 {
    if let Some(e) = emptied(m) {
        return e;
    }
    let mut best = ROOT;
    let mut best_len = u32::MAX;
    let mut p = link(&m.links, ROOT).right;
    while p != ROOT {
        let len = length(&m.len, p);
        if len < best_len {
            best = p;
            best_len = len;
            if len <= 1 {
                break;
            }
        }
        p = link(&m.links, p).right;
    }
    best
}

/// Conflict scores for the choice of item in searches with promises (sums, relations, automata: a weighted-degree rule, in
/// the spirit of the Interactive Sudoku Solver's conflict scores): each primary item counts
/// the dead ends charged to it ([`Conflicts::dead_end`]: the item of the last move, as ISS
/// charges the cell it set, and an item that runs out of options as well), halved every
/// [`DECAY_EVERY`] dead ends so that the recent weigh most, and the search branches on the
/// item with the most dead ends per option left: the items that keep failing are decided
/// first. Which item a search branches on never changes its solutions, only the size of its
/// tree.
///
/// A search with sums starts from priors instead of 0 (as ISS starts from its cell
/// priorities): every slot's item gets [`crate::xc::sums`]' prior for each sum it is in, the
/// slots of short sums the most, so that the first choices go where sums bind most; the
/// total is then divided by [`PRIOR_SHARE`]. On the
/// published killers this took `tarek-all-11` from 10,261 to 2,630 nodes and `bench/killers`'
/// median from 245.5 to 208 (BENCHMARKS.md).
///
/// Invariant: during a search `scores` has one entry per item header `0..=primary` (0 unused),
/// the priors seeded (or 0) when it starts; `countdown` is how many dead ends are left before
/// the next halving.
#[derive(Debug, Clone, Default)]
pub(crate) struct Conflicts {
    scores: Vec<u32>,
    countdown: u32,
}

/// Dead ends between two halvings of the conflict scores.
const DECAY_EVERY: u32 = 1 << 14;

/// What the sums' priors are divided by ([`Conflicts::share_priors`]): a dead end weighs as
/// much as a quarter of a prior's unit. A slot's item gets one prior per sum it is in, the
/// 45 rule's, innies' and outies' sums among them, so that whole priors outweighed the first
/// thousands of dead ends; shared by 4, 49 published killers of `../shared/data` took
/// 335,727 nodes instead of 431,846 (29 better, 9 worse; by 3, 412,223; by 6, 481,110; the
/// priors of the puzzle's own cages alone, 517,761: BENCHMARKS.md).
const PRIOR_SHARE: u32 = 4;

impl Conflicts {
    /// Clears the scores for a search of `m`.
    pub(crate) fn reset(&mut self, m: &Matrix) {
        self.scores.clear();
        self.scores.resize(m.primary as usize + 1, 0);
        self.countdown = DECAY_EVERY;
    }

    /// Adds `score` to primary item `item`'s score: a prior, given after [`Conflicts::reset`]
    /// and before the search's first dead end.
    pub(crate) fn seed(&mut self, item: u32, score: u32) {
        if let Some(s) = self.scores.get_mut(item as usize) {
            *s = s.saturating_add(score);
        }
    }

    /// Divides the priors seeded by [`PRIOR_SHARE`], rounded to the nearest (an item seeded
    /// at all keeps at least 1): called once, after the last [`Conflicts::seed`].
    pub(crate) fn share_priors(&mut self) {
        for s in &mut self.scores {
            if *s > 0 {
                *s = ((*s + PRIOR_SHARE / 2) / PRIOR_SHARE).max(1);
            }
        }
    }

    /// A dead end at the node below the path `stack` (the option nodes of its moves, forced
    /// or chosen): charged to the item of the last move (the item set, whose option led
    /// here), and to `emptied` as well when an item ran out of options (`None` when a
    /// promise found the dead end). Charging the item set, as ISS charges the cell it set,
    /// besides the item emptied took `bench/variants` from 105,317 to 79,440 nodes in all and
    /// `arrow_slow` from 166,980 to 100,339 (BENCHMARKS.md; the item emptied alone, or the
    /// last choice of two options or more for a promise's dead end, was the rule before).
    pub(crate) fn dead_end(&mut self, m: &Matrix, stack: &[u32], emptied: Option<u32>) {
        if let Some(i) = emptied {
            self.bump(i);
        }
        if let Some(&x) = stack.last() {
            self.bump(at(&m.nodes, x).top);
        }
    }

    /// A dead end charged to primary item `item`.
    pub(crate) fn bump(&mut self, item: u32) {
        if let Some(score) = self.scores.get_mut(item as usize) {
            *score = score.saturating_add(1);
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            for score in &mut self.scores {
                *score >>= 1;
            }
            self.countdown = DECAY_EVERY;
        }
    }

    /// The active primary item with the highest score per option, among those with the
    /// fewest options at equal ratios, the first such in list order; as [`choose_listed`], an
    /// item with 0 or 1 options first (a forced move or a dead end), and with every score 0
    /// the same item as [`choose_listed`].
    pub(crate) fn choose(&self, m: &Matrix) -> u32 {
        if let Some(e) = emptied(m) {
            return e;
        }
        let mut best = ROOT;
        let (mut best_score, mut best_len) = (0u64, u64::from(u32::MAX));
        let mut p = link(&m.links, ROOT).right;
        while p != ROOT {
            let len = length(&m.len, p);
            if len <= 1 {
                return p;
            }
            let len = u64::from(len);
            let score = u64::from(self.scores.get(p as usize).copied().unwrap_or(0));
            // score / len against best_score / best_len, without dividing.
            let (this, that) = (score * best_len, best_score * len);
            if this > that || (this == that && len < best_len) {
                best = p;
                best_score = score;
                best_len = len;
            }
            p = link(&m.links, p).right;
        }
        best
    }

    /// The choice of searches whose promises are relations or automata only (no sums): an
    /// item with 0 or 1 options first, as in [`Conflicts::choose`]; then an item with two
    /// options, the one with the highest score among them (the first such in list order);
    /// else [`Conflicts::choose`]'s item, the highest score per option. Scores alone sent
    /// renban lines (runs of a few options against cells of many) into trees eleven times
    /// larger than the fewest-options rule (`hard_renban_1`: 810,024 nodes by fewest options,
    /// 9.4 million by score per option, 903,007 this way), where two-way choices first keeps
    /// most of what scores gain on lines and outside clues (`merry_x_v_mas` 1.9 million
    /// nodes by fewest options, 3,473 by score per option, 9,156 this way; BENCHMARKS.md).
    pub(crate) fn choose_pairs_first(&self, m: &Matrix) -> u32 {
        if let Some(e) = emptied(m) {
            return e;
        }
        let (mut pair, mut pair_score) = (ROOT, 0u32);
        let mut best = ROOT;
        let (mut best_score, mut best_len) = (0u64, u64::from(u32::MAX));
        let mut p = link(&m.links, ROOT).right;
        while p != ROOT {
            let len = length(&m.len, p);
            if len <= 1 {
                return p;
            }
            let score = self.scores.get(p as usize).copied().unwrap_or(0);
            if len == 2 && (pair == ROOT || score > pair_score) {
                pair = p;
                pair_score = score;
            }
            let (len, score) = (u64::from(len), u64::from(score));
            // score / len against best_score / best_len, without dividing.
            let (this, that) = (score * best_len, best_score * len);
            if this > that || (this == that && len < best_len) {
                best = p;
                best_score = score;
                best_len = len;
            }
            p = link(&m.links, p).right;
        }
        if pair != ROOT {
            pair
        } else {
            best
        }
    }
}

/// Problems with at most this many primary items choose by [`choose_dense`], which is faster
/// on sudoku from 9x9 to 25x25 (figures in BENCHMARKS.md). Larger problems were not measured,
/// and late in their search most items are covered, which the list skips: they keep the list.
const DENSE_SCAN_MAX: u32 = 4096;

/// [`choose_item`]'s scan, over the lengths of the primary items in item order instead of
/// along the list of active items: covered items have [`COVERED`] in their length, which
/// makes them never the fewest. The lengths are consecutive words (see [`Matrix::len`]), so the
/// minimum of a block of them is a few vector instructions; the scan stops after the block
/// in which an item with 0 or 1 options appears, and chooses as [`choose_listed`] does.
#[inline]
fn choose_dense(m: &Matrix) -> u32 {
    let lens = &m.len[1..=m.primary as usize];
    #[cfg(target_arch = "x86_64")]
    if m.avx2 {
        // SAFETY: the processor has AVX2 (asked when the matrix was built).
        return unsafe { scan_lengths_avx2(lens) };
    }
    scan_lengths(lens)
}

/// [`scan_lengths`] compiled for AVX2: eight lengths an instruction instead of four.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_lengths_avx2(lens: &[u32]) -> u32 {
    scan_lengths(lens)
}

/// Items per block of [`scan_lengths`]: the scan stops at the end of a block that holds an
/// item with at most one option.
const SCAN_BLOCK: usize = 64;

/// The 1-based index of the first of `lens` with the fewest options, where 0 and 1 tie (so
/// that the first item with at most one option wins, as along the list); `lens` holds at
/// least one length without [`COVERED`].
#[inline(always)]
fn scan_lengths(lens: &[u32]) -> u32 {
    let mut best = u32::MAX;
    let mut best_block = 0;
    for (c, block) in lens.chunks(SCAN_BLOCK).enumerate() {
        // No early exit inside a block, so that the minimum vectorizes.
        let least = block.iter().fold(u32::MAX, |m, &len| m.min(len.max(1)));
        if least < best {
            best = least;
            best_block = c;
            if best <= 1 {
                break;
            }
        }
    }
    debug_assert!(best < COVERED, "no active primary item");
    // The first item of the block at the fewest, eight at a time: a mask of the matches
    // among eight lengths is a comparison and a move of their signs.
    let start = best_block * SCAN_BLOCK;
    let block = &lens[start..lens.len().min(start + SCAN_BLOCK)];
    let mut groups = block.chunks_exact(8);
    for (g, group) in groups.by_ref().enumerate() {
        let mask = group.iter().enumerate().fold(0u32, |mask, (k, &len)| {
            mask | u32::from(len.max(1) == best) << k
        });
        if mask != 0 {
            return (start + g * 8 + mask.trailing_zeros() as usize + 1) as u32;
        }
    }
    let rest = block.len() - groups.remainder().len();
    let k = groups
        .remainder()
        .iter()
        .position(|&len| len.max(1) == best);
    debug_assert!(k.is_some(), "the block of the fewest holds them");
    (start + rest + k.unwrap_or(0) + 1) as u32
}

#[cfg(test)]
mod tests {
    use super::super::matrix::tests::matrix;
    use super::*;
    use crate::xc::problem::{ItemId, OptionId, Problem, ProblemBuilder};

    fn problem(items: usize, options: &[&[u32]]) -> Problem {
        let mut b = ProblemBuilder::new();
        for _ in 0..items {
            b.primary();
        }
        for option in options {
            b.option(option.iter().map(|&i| ItemId(i))).unwrap();
        }
        b.build()
    }

    /// The first index (1-based) of the least `max(len, 1)`: what the scan must return.
    fn first_fewest(lens: &[u32]) -> u32 {
        let least = lens.iter().map(|&l| l.max(1)).min().unwrap();
        lens.iter().position(|&l| l.max(1) == least).unwrap() as u32 + 1
    }

    #[test]
    fn conflicts_choose_as_the_list_until_scored_then_by_score_per_option() {
        // Items 1..=4 with 3, 2, 4 and 2 options.
        let p = problem(
            4,
            &[
                &[0],
                &[0],
                &[0],
                &[1],
                &[1],
                &[2],
                &[2],
                &[2],
                &[2],
                &[3],
                &[3],
            ],
        );
        let m = matrix(&p);
        let mut conflicts = Conflicts::default();
        conflicts.reset(&m);
        assert_eq!(conflicts.choose(&m), choose_listed(&m));
        assert_eq!(conflicts.choose(&m), 2);
        // Item 3 (4 options) charged twice: 2 / 4 beats 0 / 2.
        conflicts.bump(3);
        conflicts.bump(3);
        assert_eq!(conflicts.choose(&m), 3);
        // Item 4 (2 options) charged once: 1 / 2 ties 2 / 4, and has fewer options.
        conflicts.bump(4);
        assert_eq!(conflicts.choose(&m), 4);
        // A halving every DECAY_EVERY charges keeps the order of the scores.
        for _ in 3..DECAY_EVERY {
            conflicts.bump(1);
        }
        assert_eq!(conflicts.scores[3], 1);
        assert_eq!(conflicts.choose(&m), 1);
        conflicts.reset(&m);
        assert_eq!(conflicts.choose(&m), choose_listed(&m));
    }

    #[test]
    fn priors_are_shared_rounded_and_a_seeded_item_keeps_one() {
        let p = problem(4, &[&[0], &[1], &[2], &[3]]);
        let m = matrix(&p);
        let mut conflicts = Conflicts::default();
        conflicts.reset(&m);
        // Item 1 seeded twice (two sums), item 2 with a prior below the share, item 4 never.
        conflicts.seed(1, 9);
        conflicts.seed(1, 8);
        conflicts.seed(2, 1);
        conflicts.seed(3, 6 * PRIOR_SHARE + PRIOR_SHARE / 2 - 1);
        conflicts.share_priors();
        assert_eq!(
            conflicts.scores[1..],
            [(17 + PRIOR_SHARE / 2) / PRIOR_SHARE, 1, 6, 0]
        );
    }

    #[test]
    fn a_dead_end_is_charged_to_the_item_set_and_to_the_item_emptied() {
        // Items 1..=3 with 2, 3 and 2 options.
        let p = problem(3, &[&[0], &[0], &[1], &[1], &[1], &[2], &[2]]);
        let m = matrix(&p);
        let mut conflicts = Conflicts::default();
        conflicts.reset(&m);
        // The path's last move is an option of item 2 (an option node of its list).
        let set = at(&m.nodes, 2).down;
        let path = [at(&m.nodes, 1).down, set];
        conflicts.dead_end(&m, &path, Some(3));
        assert_eq!(conflicts.scores[1..], [0, 1, 1]);
        // A promise's dead end: the item set alone.
        conflicts.dead_end(&m, &path, None);
        assert_eq!(conflicts.scores[1..], [0, 2, 1]);
        // At the root (no move yet): the item emptied alone.
        conflicts.dead_end(&m, &[], Some(1));
        conflicts.dead_end(&m, &[], None);
        assert_eq!(conflicts.scores[1..], [1, 2, 1]);
        assert_eq!(conflicts.choose(&m), 2);
    }

    #[test]
    fn pairs_first_takes_the_best_scored_two_way_item_then_score_per_option() {
        // Items 1..=5 with 3, 2, 4, 2 and 3 options.
        let p = problem(
            5,
            &[
                &[0],
                &[0],
                &[0],
                &[1],
                &[1],
                &[2],
                &[2],
                &[2],
                &[2],
                &[3],
                &[3],
                &[4],
                &[4],
                &[4],
            ],
        );
        let m = matrix(&p);
        let mut conflicts = Conflicts::default();
        conflicts.reset(&m);
        // No score: the first item with two options, as the list.
        assert_eq!(conflicts.choose_pairs_first(&m), 2);
        assert_eq!(conflicts.choose_pairs_first(&m), choose_listed(&m));
        // Item 3 (4 options) charged often: score per option would take it, a two-way item
        // still comes first.
        for _ in 0..10 {
            conflicts.bump(3);
        }
        assert_eq!(conflicts.choose(&m), 3);
        assert_eq!(conflicts.choose_pairs_first(&m), 2);
        // Among the two-way items, the higher score.
        conflicts.bump(4);
        assert_eq!(conflicts.choose_pairs_first(&m), 4);
        // With no two-way item left, score per option.
        let p = problem(
            3,
            &[&[0], &[0], &[0], &[1], &[1], &[1], &[1], &[2], &[2], &[2]],
        );
        let m = matrix(&p);
        conflicts.reset(&m);
        assert_eq!(conflicts.choose_pairs_first(&m), 1);
        conflicts.bump(2);
        conflicts.bump(2);
        assert_eq!(conflicts.choose_pairs_first(&m), 2);
        assert_eq!(conflicts.choose_pairs_first(&m), conflicts.choose(&m));
    }

    proptest::proptest! {
        /// Lengths of random items, some covered, across partial blocks: the scan (and its
        /// AVX2 build, where the processor has it) finds the first item with the fewest
        /// options, 0 and 1 tied.
        #[test]
        fn the_scan_finds_the_first_fewest(
            raw in proptest::collection::vec((2u32..6, proptest::bool::weighted(0.4)), 1..700),
            low in proptest::collection::vec(
                (proptest::prelude::any::<proptest::sample::Index>(), 0u32..4), 0..3),
            active in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            // Mostly lengths of 2 to 5, so that the fewest often lie past the first block and
            // tie across blocks; a few of 0 to 3 anywhere.
            let mut lens: Vec<u32> = raw
                .iter()
                .map(|&(len, covered)| if covered { len | COVERED } else { len })
                .collect();
            for (at, len) in low {
                let k = at.index(lens.len());
                lens[k] = (lens[k] & COVERED) | len;
            }
            let k = active.index(lens.len());
            lens[k] &= !COVERED;
            proptest::prop_assert_eq!(scan_lengths(&lens), first_fewest(&lens));
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2.
                let wide = unsafe { scan_lengths_avx2(&lens) };
                proptest::prop_assert_eq!(wide, first_fewest(&lens));
            }
        }

        /// On a random matrix of up to 200 items (several blocks) with random options
        /// committed (one by one or in one pass), removed, and items covered, the scan over
        /// the lengths and the walk along the list of active items choose the same item.
        #[test]
        fn the_scan_and_the_list_choose_alike(
            items in 1u32..200,
            options in proptest::collection::vec(
                proptest::collection::btree_set(0u32..200, 1..5), 1..300),
            commits in proptest::collection::vec(0usize..300, 0..10),
            one_pass in proptest::bool::ANY,
            removes in proptest::collection::vec(0usize..300, 0..10),
            covers in proptest::collection::vec(0u32..200, 0..8),
        ) {
            let options: Vec<Vec<u32>> = options
                .iter()
                .map(|o| {
                    let o: std::collections::BTreeSet<u32> = o.iter().map(|i| i % items).collect();
                    o.into_iter().collect()
                })
                .collect();
            let p = problem(
                items as usize,
                &options.iter().map(Vec::as_slice).collect::<Vec<_>>(),
            );
            let mut m = matrix(&p);
            // Options that agree with each other, committed together.
            let mut chosen: Vec<OptionId> = Vec::new();
            let mut probe = m.clone();
            for c in commits {
                let option = OptionId((c % options.len()) as u32);
                if !chosen.contains(&option) && probe.commit(option).is_ok() {
                    chosen.push(option);
                }
            }
            m.commit_all_with(&chosen, one_pass).unwrap();
            for r in removes {
                let _ = m.remove(OptionId((r % options.len()) as u32));
            }
            let mut updates = 0;
            for i in covers {
                let h = i % items + 1;
                if m.is_active(h) && link(&m.links, ROOT).right != h {
                    m.cover::<false>(h, &mut updates);
                }
            }
            m.check_links().unwrap();
            if link(&m.links, ROOT).right != ROOT {
                // The hint of an emptied item is a shortcut both share; compare the scans.
                m.emptied = ROOT;
                proptest::prop_assert_eq!(choose_dense(&m), choose_listed(&m));
            }
        }
    }
}
