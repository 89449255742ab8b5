//! Tests of the engine across its modules: searches, counts and commits through [`Dlx`], with
//! a look at the matrix inside.

use proptest::prelude::*;

use super::budget::Budget;
use super::commit::{CommitError, COPY_ADVANTAGE};
use super::count::memo::Memo;
use super::count::options::CountOptions;
use super::dlx::Dlx;
use super::matrix::tests::knuth_example;
use super::matrix::ROOT;
use super::problem::{ItemId, ItemKind, OptionId, Problem, ProblemBuilder};
use super::stats::Count;
use super::watch::Watch;

/// Counts with a memory of subproblems, as a count that goes on does after its first look.
fn count_memo(dlx: &mut Dlx, memo: &mut Memo, limit: Option<u128>, budget: Budget) -> Count {
    let mut search = dlx.search();
    search.bound(budget);
    memo.count(search, limit)
}

fn problem(items: usize, secondary: usize, options: &[&[u32]]) -> Problem {
    let mut b = ProblemBuilder::new();
    for _ in 0..items {
        b.primary();
    }
    for _ in 0..secondary {
        b.secondary();
    }
    for option in options {
        b.option(option.iter().map(|&i| ItemId(i))).unwrap();
    }
    b.build()
}

#[test]
fn knuths_example_has_one_solution() {
    let p = problem(
        7,
        0,
        &[
            &[2, 4],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ],
    );
    let mut dlx = Dlx::new(&p);
    let (solutions, outcome) = dlx.collect(10);
    assert!(outcome.complete);
    let mut only = solutions[0].clone();
    only.sort();
    assert_eq!(only, [OptionId(0), OptionId(3), OptionId(4)]);
    assert_eq!(outcome.stats.solutions, 1);
    assert!(outcome.stats.nodes >= 3);
    dlx.check_links().unwrap();
    assert!(dlx == Dlx::new(&p));
}

#[test]
fn limits_mark_counts_as_lower_bounds() {
    // Two independent items with two options each: 4 solutions.
    let p = problem(2, 0, &[&[0], &[0], &[1], &[1]]);
    let mut dlx = Dlx::new(&p);
    let all = dlx.count(CountOptions::new());
    assert_eq!((all.count, all.complete), (4, true));
    let some = dlx.count(CountOptions::new().limit(Some(3)));
    assert_eq!((some.count, some.complete), (3, false));
    let exact = dlx.count(CountOptions::new().limit(Some(5)));
    assert_eq!((exact.count, exact.complete), (4, true));
    assert!(!dlx.count(CountOptions::new().limit(Some(0))).complete);
    let (found, outcome) = dlx.collect(2);
    assert_eq!((found.len(), outcome.complete), (2, false));
    assert!(dlx == Dlx::new(&p));
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    // Primary a, b; secondary s. Options: {a, s}, {b, s}, {a}, {b}.
    let p = problem(2, 1, &[&[0, 2], &[1, 2], &[0], &[1]]);
    let mut dlx = Dlx::new(&p);
    // {a,s}+{b}, {a}+{b,s}, {a}+{b}; never {a,s}+{b,s}.
    assert_eq!(dlx.count(CountOptions::new()).count, 3);
}

#[test]
fn dropping_a_search_midway_restores_the_matrix() {
    let p = problem(2, 0, &[&[0], &[0], &[1], &[1]]);
    let original = Dlx::new(&p);
    let mut dlx = original.clone();
    {
        let mut search = dlx.search();
        assert!(search.next_solution().is_some());
        assert_eq!(search.depth(), 2);
    }
    dlx.check_links().unwrap();
    assert!(dlx == original);
}

#[test]
fn committed_options_lead_every_solution() {
    let p = problem(3, 0, &[&[0], &[1, 2], &[1], &[2], &[0, 1]]);
    let mut dlx = Dlx::new(&p);
    dlx.commit(OptionId(2)).unwrap();
    let (solutions, outcome) = dlx.collect(10);
    assert!(outcome.complete);
    assert_eq!(solutions, [vec![OptionId(2), OptionId(0), OptionId(3)]]);
    dlx.reset();
    assert_eq!(dlx.count(CountOptions::new()).count, 3);
}

#[test]
fn a_problem_without_primary_items_has_the_empty_solution() {
    let p = problem(0, 0, &[]);
    let mut dlx = Dlx::new(&p);
    let (solutions, outcome) = dlx.collect(5);
    assert_eq!(solutions, [Vec::<OptionId>::new()]);
    assert!(outcome.complete);
}

/// Both ways of resetting (undoing commits one by one, copying the pristine links back)
/// restore the matrix as built, in clones made after commits too.
#[test]
fn reset_restores_by_undoing_or_by_copying() {
    // 200 items, options {k, k+1} and {k}: a commit touches a handful of nodes.
    let mut b = ProblemBuilder::new();
    let items: Vec<_> = (0..200).map(|_| b.primary()).collect();
    for k in 0..200 {
        b.option([items[k], items[(k + 1) % 200]]).unwrap();
        b.option([items[k]]).unwrap();
    }
    let original = Dlx::new(&b.build());
    let mut dlx = original.clone();
    dlx.commit(OptionId(0)).unwrap();
    assert!(dlx.matrix.commit_updates * COPY_ADVANTAGE < dlx.matrix.nodes.len() as u64);
    dlx.reset();
    assert!(dlx == original, "undone one by one");
    for k in (0..200).step_by(2) {
        dlx.commit(OptionId(2 * k as u32)).unwrap();
    }
    assert_eq!(dlx.remove(OptionId(3)), Ok(false));
    assert!(dlx.matrix.commit_updates * COPY_ADVANTAGE >= dlx.matrix.nodes.len() as u64);
    let mut copy = dlx.clone();
    assert_eq!(dlx.count(CountOptions::new()).count, 1);
    dlx.reset();
    assert!(dlx == original, "copied back");
    dlx.check_links().unwrap();
    copy.reset();
    assert!(copy == original, "a clone made after commits");
    assert_eq!(
        copy.count(CountOptions::new()).count,
        original.clone().count(CountOptions::new()).count
    );
}

/// The active items with the options in their lists, in order: what a search sees.
fn lists(dlx: &Dlx) -> Vec<(u32, u32, Vec<u32>)> {
    let mut out = Vec::new();
    for head in [ROOT, dlx.matrix.items + 1] {
        let mut i = dlx.matrix.links[head as usize].right;
        while i != head {
            let mut options = Vec::new();
            let mut x = dlx.matrix.nodes[i as usize].down;
            while x != i {
                options.push(dlx.matrix.node_option[x as usize]);
                x = dlx.matrix.nodes[x as usize].down;
            }
            out.push((i, dlx.matrix.len[i as usize], options));
            i = dlx.matrix.links[i as usize].right;
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Committing in one pass leaves the same lists, the same committed options and the
    /// same solutions as committing one by one, also after later removals, commits and
    /// partial undos; and reset restores the matrix as built.
    #[test]
    fn one_pass_commits_equal_commits_one_by_one(
        primary in 1usize..8,
        secondary in 0usize..3,
        raw in proptest::collection::vec(proptest::collection::vec(0usize..64, 1..4), 1..30),
        picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 0..6),
        extra in proptest::prelude::any::<proptest::sample::Index>(),
        keep in 0usize..4,
    ) {
        let items = primary + secondary;
        let mut b = ProblemBuilder::new();
        let ids: Vec<_> = (0..items)
            .map(|k| if k < primary { b.primary() } else { b.secondary() })
            .collect();
        for option in &raw {
            // Every option has a primary item.
            let mut set: Vec<usize> = option.iter().map(|&i| i % items).collect();
            set[0] = option[0] % primary;
            set.sort_unstable();
            set.dedup();
            b.option(set.into_iter().map(|i| ids[i])).unwrap();
        }
        let original = Dlx::new(&b.build());
        let chosen: Vec<OptionId> =
            picks.iter().map(|p| OptionId(p.index(raw.len()) as u32)).collect();
        let mut slow = original.clone();
        let mut fast = original.clone();
        proptest::prop_assert_eq!(
            slow.matrix.commit_all_with(&chosen, false),
            fast.matrix.commit_all_with(&chosen, true)
        );
        fast.check_links().unwrap();
        proptest::prop_assert_eq!(lists(&slow), lists(&fast));
        proptest::prop_assert_eq!(
            slow.matrix.committed().collect::<Vec<_>>(),
            fast.matrix.committed().collect::<Vec<_>>()
        );
        proptest::prop_assert_eq!(slow.collect(100).0, fast.collect(100).0);
        // Later removals and commits, then a partial undo.
        let other = OptionId(extra.index(raw.len()) as u32);
        proptest::prop_assert_eq!(slow.remove(other), fast.remove(other));
        let next = OptionId((other.0 + 1) % raw.len() as u32);
        proptest::prop_assert_eq!(slow.commit(next), fast.commit(next));
        proptest::prop_assert_eq!(lists(&slow), lists(&fast));
        let len = keep.min(slow.matrix.committed.len());
        slow.uncommit_to(len);
        fast.uncommit_to(len);
        fast.check_links().unwrap();
        proptest::prop_assert_eq!(lists(&slow), lists(&fast));
        proptest::prop_assert_eq!(slow.count_visiting(None).count, fast.count_visiting(None).count);
        slow.reset();
        fast.reset();
        proptest::prop_assert!(slow == original);
        proptest::prop_assert!(fast == original);
    }
}

#[test]
fn remove_interleaves_with_commits_and_reset_restores() {
    let original = Dlx::new(&knuth_example());
    let mut dlx = original.clone();
    // Knuth's example has one solution: options 0 (c e), 3 (a d f), 4 (b g).
    assert_eq!(dlx.remove(OptionId(1)), Ok(true)); // a d g
    dlx.check_links().unwrap();
    assert_eq!(dlx.count(CountOptions::new()).count, 1);
    dlx.commit(OptionId(0)).unwrap(); // c e
    assert_eq!(dlx.remove(OptionId(5)), Ok(false)); // d e g: gone with e
    assert_eq!(dlx.remove(OptionId(4)), Ok(true)); // b g: the solution's
    dlx.check_links().unwrap();
    assert_eq!(dlx.count(CountOptions::new()).count, 0);
    dlx.uncommit_to(1);
    assert_eq!(
        dlx.count(CountOptions::new()).count,
        0,
        "a removal after the last commit stays"
    );
    dlx.uncommit_to(0);
    dlx.check_links().unwrap();
    assert_eq!(
        dlx.count(CountOptions::new()).count,
        1,
        "only a d g is still removed"
    );
    dlx.reset();
    dlx.check_links().unwrap();
    assert!(dlx == original);
    assert_eq!(
        dlx.remove(OptionId(9)),
        Err(CommitError::UnknownOption {
            option: OptionId(9)
        })
    );
}

/// A random problem with many solutions: up to 14 primary and 3 secondary items, options
/// of one to three items, so that different paths of the search often cover the same
/// items.
fn problem_with_repeats() -> impl Strategy<Value = (usize, usize, Vec<Vec<u32>>)> {
    (6usize..=14, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = (
            0..primary as u32,
            proptest::collection::btree_set(0..items as u32, 0..=2),
        )
            .prop_map(|(first, mut rest)| {
                rest.insert(first);
                rest.into_iter().collect::<Vec<u32>>()
            });
        (
            Just(primary),
            Just(secondary),
            proptest::collection::vec(option, 10..=45),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The count that remembers subproblems equals the count that visits every
    /// solution, with a limit or none, with options removed and committed first, with
    /// a fresh memory or one kept from the count before; and the matrix is restored.
    #[test]
    fn remembered_counts_equal_visited_ones(
        (primary, secondary, options) in problem_with_repeats(),
        limit in proptest::option::of(1u128..40),
        remove in any::<prop::sample::Index>(),
        commit in any::<prop::sample::Index>(),
    ) {
        let mut b = ProblemBuilder::new();
        for k in 0..primary + secondary {
            b.item(if k < primary { ItemKind::Primary } else { ItemKind::Secondary });
        }
        for option in &options {
            b.option(option.iter().map(|&i| ItemId(i))).unwrap();
        }
        let mut dlx = Dlx::new(&b.build());
        let original = dlx.clone();
        let mut kept = Memo::for_items(dlx.matrix.items).unwrap();
        for step in 0..3 {
            match step {
                1 => {
                    dlx.remove(OptionId(remove.index(options.len()) as u32)).unwrap();
                    kept.clear();
                }
                2 => {
                    // The option may conflict with nothing left; the counts agree anyway.
                    let _ = dlx.commit(OptionId(commit.index(options.len()) as u32));
                }
                _ => {}
            }
            let before = dlx.clone();
            let visited = dlx.count_visiting(limit);
            for memo in [&mut Memo::for_items(dlx.matrix.items).unwrap(), &mut kept] {
                let counted = count_memo(&mut dlx, memo, limit, Budget::UNLIMITED);
                prop_assert_eq!(
                    (counted.count, counted.complete),
                    (visited.count, visited.complete),
                    "step {}", step
                );
                prop_assert!(counted.stats.nodes <= visited.stats.nodes);
                dlx.check_links().unwrap();
                prop_assert!(dlx == before, "the count did not restore the matrix");
            }
        }
        dlx.reset();
        prop_assert!(dlx == original);
    }
}

/// Every filled 4x4 sudoku grid as exact cover: cell, row-digit, column-digit, box-digit.
fn grids_4x4() -> Dlx {
    let mut b = ProblemBuilder::new();
    let items: Vec<ItemId> = (0..64).map(|_| b.primary()).collect();
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let bx = r / 2 * 2 + c / 2;
                b.option([
                    items[r * 4 + c],
                    items[16 + r * 4 + d],
                    items[32 + c * 4 + d],
                    items[48 + bx * 4 + d],
                ])
                .unwrap();
            }
        }
    }
    Dlx::new(&b.build())
}

#[test]
fn remembered_subproblems_are_found_again() {
    let mut dlx = grids_4x4();
    let original = dlx.clone();
    let mut memo = Memo::for_items(64).unwrap();
    let counted = count_memo(&mut dlx, &mut memo, None, Budget::UNLIMITED);
    assert_eq!((counted.count, counted.complete), (288, true));
    assert_eq!(counted.stats.solutions, 288);
    let visited = dlx.count_visiting(None);
    assert_eq!(visited.count, 288);
    assert!(counted.stats.nodes <= visited.stats.nodes);
    assert!(dlx == original);
    // A second count with the same memory finds the whole problem remembered.
    let again = count_memo(&mut dlx, &mut memo, None, Budget::UNLIMITED);
    assert_eq!((again.count, again.stats.nodes), (288, 0));
}

#[test]
fn counts_far_beyond_visiting_every_solution() {
    // 40 items with two options each: every choice leads to the same subproblem, so
    // the 2^40 solutions are counted without visiting them.
    let mut b = ProblemBuilder::new();
    for _ in 0..40 {
        let item = b.primary();
        b.option([item]).unwrap();
        b.option([item]).unwrap();
    }
    let mut dlx = Dlx::new(&b.build());
    let original = dlx.clone();
    let mut memo = Memo::for_items(40).unwrap();
    let counted = count_memo(&mut dlx, &mut memo, None, Budget::UNLIMITED);
    assert_eq!((counted.count, counted.complete), (1 << 40, true));
    assert!(memo.hits > 0);
    assert!(
        counted.stats.nodes < 100_000,
        "{} nodes",
        counted.stats.nodes
    );
    assert!(dlx == original);
}

/// `n` items with two options each: 2^n solutions.
fn binary(n: usize) -> Dlx {
    let mut b = ProblemBuilder::new();
    for _ in 0..n {
        let item = b.primary();
        b.option([item]).unwrap();
        b.option([item]).unwrap();
    }
    Dlx::new(&b.build())
}

#[test]
fn a_count_past_u128_max_saturates_and_says_so() {
    let mut dlx = binary(130);
    for threads in [1, 2] {
        let count = dlx.count(CountOptions::new().threads(threads));
        assert_eq!(
            (count.count, count.complete),
            (u128::MAX, false),
            "{threads}"
        );
    }
    let exact = binary(127).count(CountOptions::new());
    assert_eq!((exact.count, exact.complete), (1 << 127, true));
}

#[test]
fn starting_again_with_the_memory_never_lowers_the_bound() {
    // The first 4,096 nodes count without the memory; a budget that stops the count just
    // after it starts again must not report less than the first look found.
    let mut dlx = binary(30);
    let mut last = 0;
    for max in [4_000, 4_096, 4_097, 4_100] {
        let count = dlx.count(CountOptions::new().budget(Budget::nodes(max)));
        assert!(!count.complete || count.count == 1 << 30);
        assert!(count.count >= last, "{max} nodes: {} < {last}", count.count);
        last = count.count;
    }
}

#[test]
fn a_count_stopped_by_its_budget_is_a_lower_bound() {
    let mut dlx = grids_4x4();
    let original = dlx.clone();
    for max_nodes in [1, 10, 50, 100] {
        let mut memo = Memo::for_items(64).unwrap();
        let counted = count_memo(&mut dlx, &mut memo, None, Budget::nodes(max_nodes));
        assert!(!counted.complete, "{max_nodes} nodes");
        assert!(counted.count < 288);
        assert_eq!(counted.stats.nodes, max_nodes);
        assert!(dlx == original);
    }
}

#[test]
fn a_limit_stops_the_count_there() {
    let mut dlx = grids_4x4();
    let mut memo = Memo::for_items(64).unwrap();
    let counted = count_memo(&mut dlx, &mut memo, Some(100), Budget::UNLIMITED);
    assert_eq!((counted.count, counted.complete), (100, false));
    let counted = count_memo(&mut dlx, &mut memo, Some(288), Budget::UNLIMITED);
    assert_eq!((counted.count, counted.complete), (288, false));
    let counted = count_memo(&mut dlx, &mut memo, Some(289), Budget::UNLIMITED);
    assert_eq!((counted.count, counted.complete), (288, true));
}

/// Counting independent subproblems (each of the first item's options committed in turn) adds
/// up to the whole count, with weights, limits, threads, a watch and its stop request.
#[test]
fn counting_each_subproblem_adds_up_to_the_whole() {
    // Four independent items with three options each: 81 solutions; options 0 to 2 are the
    // first item's.
    let mut b = ProblemBuilder::new();
    for _ in 0..4 {
        let item = b.primary();
        for _ in 0..3 {
            b.option([item]).unwrap();
        }
    }
    let mut dlx = Dlx::new(&b.build());
    let original = dlx.clone();
    let setup = |dlx: &mut Dlx, k: usize| dlx.commit(OptionId(k as u32)).is_ok();
    for threads in [1, 2] {
        let watch = Watch::new();
        let options = CountOptions::new().threads(threads).watch(&watch);
        let all = dlx.count_each(3, 1, setup, options);
        assert_eq!((all.count, all.complete), (81, true), "{threads} threads");
        assert_eq!(watch.solutions(), 81);
        assert!(dlx == original);
        // One subproblem whose solutions stand for three each.
        let weighted = dlx.count_each(1, 3, setup, CountOptions::new().threads(threads));
        assert_eq!((weighted.count, weighted.complete), (81, true));
        let limited = dlx.count_each(3, 1, setup, options.limit(Some(30)));
        assert_eq!((limited.count, limited.complete), (30, false));
        let limited = dlx.count_each(1, 3, setup, options.limit(Some(31)));
        assert_eq!((limited.count, limited.complete), (31, false));
    }
    // A subproblem without solutions counts nothing; a stopped watch stops the count.
    let none = dlx.count_each(2, 1, |_: &mut Dlx, k: usize| k == 0, CountOptions::new());
    assert_eq!((none.count, none.complete), (81, true));
    let watch = Watch::new();
    watch.stop();
    let stopped = dlx.count_each(3, 1, setup, CountOptions::new().watch(&watch));
    assert!(!stopped.complete);
    assert!(dlx == original);
}
