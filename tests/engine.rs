//! The exact-cover engine on its own: known counts, brute force, restored links.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sudokux::xc::{Color, CountOptions, Dlx, ItemId, ItemKind, OptionId, Problem, ProblemBuilder};

#[allow(dead_code)]
#[path = "../examples/queens.rs"]
mod queens;

#[test]
fn n_queens_counts_for_n_up_to_10() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &want) in (1..=10).zip(&expected) {
        let problem = queens::queens(n);
        let mut dlx = Dlx::new(&problem);
        let count = dlx.count(CountOptions::new());
        assert_eq!((count.count, count.complete), (want, true), "{n}-queens");
        assert_eq!(count.stats.solutions, want);
        // Every solution places n queens, one per row and column, none sharing a diagonal.
        let (solutions, outcome) = dlx.collect(usize::MAX);
        assert!(outcome.complete);
        assert_eq!(solutions.len() as u128, want);
        for solution in &solutions {
            let squares: Vec<(usize, usize)> = solution
                .iter()
                .map(|o| (o.index() / n, o.index() % n))
                .collect();
            assert_eq!(squares.len(), n);
            for (i, &(r1, c1)) in squares.iter().enumerate() {
                for &(r2, c2) in &squares[i + 1..] {
                    assert!(r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2));
                }
            }
        }
        dlx.check_links().unwrap();
        assert!(dlx == Dlx::new(&problem), "{n}-queens: matrix not restored");
    }
}

/// The problem with items of `kinds` and `options` as item lists.
fn build(kinds: &[ItemKind], options: &[Vec<u32>]) -> Problem {
    let mut builder = ProblemBuilder::new();
    for &kind in kinds {
        builder.item(kind);
    }
    for option in options {
        builder.option(option.iter().map(|&i| ItemId(i))).unwrap();
    }
    builder.build()
}

/// A random small problem: `kinds[i]` for each item, options as item lists.
fn small_problem() -> impl Strategy<Value = (Vec<ItemKind>, Vec<Vec<u32>>)> {
    (1usize..=7, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let kinds: Vec<ItemKind> = (0..items)
            .map(|i| {
                if i < primary {
                    ItemKind::Primary
                } else {
                    ItemKind::Secondary
                }
            })
            .collect();
        // Each option: a random non-empty subset of the items that includes a primary one.
        let option = (1u32..(1 << items)).prop_filter("needs a primary item", move |mask| {
            mask & ((1 << primary) - 1) != 0
        });
        (
            Just(kinds),
            proptest::collection::vec(option, 0..=11).prop_map(move |masks| {
                masks
                    .into_iter()
                    .map(|mask| (0..items as u32).filter(|i| mask >> i & 1 == 1).collect())
                    .collect()
            }),
        )
    })
}

/// Every set of options that covers each primary item once and each secondary at most once.
fn brute_force(kinds: &[ItemKind], options: &[Vec<u32>]) -> BTreeSet<Vec<u32>> {
    let mut found = BTreeSet::new();
    for subset in 0u32..(1 << options.len()) {
        let mut uses = vec![0; kinds.len()];
        for (k, option) in options.iter().enumerate() {
            if subset >> k & 1 == 1 {
                for &i in option {
                    uses[i as usize] += 1;
                }
            }
        }
        let exact = kinds.iter().zip(&uses).all(|(kind, &u)| match kind {
            ItemKind::Primary => u == 1,
            ItemKind::Secondary => u <= 1,
        });
        if exact {
            found.insert(
                (0..options.len() as u32)
                    .filter(|k| subset >> k & 1 == 1)
                    .collect(),
            );
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_agrees_with_brute_force((kinds, options) in small_problem(), pick in any::<prop::sample::Index>()) {
        let problem = build(&kinds, &options);
        let original = Dlx::new(&problem);
        let mut dlx = original.clone();

        let expected = brute_force(&kinds, &options);
        let (solutions, outcome) = dlx.collect(usize::MAX);
        prop_assert!(outcome.complete);
        let got: BTreeSet<Vec<u32>> = solutions
            .iter()
            .map(|s| {
                let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                s.sort();
                s
            })
            .collect();
        prop_assert_eq!(got.len(), solutions.len(), "a solution was found twice");
        prop_assert_eq!(&got, &expected);
        prop_assert_eq!(dlx.count(CountOptions::new()).count, expected.len() as u128);
        dlx.check_links().unwrap();
        prop_assert!(dlx == original, "search did not restore the matrix");

        // Committing an option keeps exactly the solutions that contain it.
        if !options.is_empty() {
            let k = pick.index(options.len()) as u32;
            dlx.commit(OptionId(k)).unwrap();
            dlx.check_links().unwrap();
            let with_k = expected.iter().filter(|s| s.contains(&k)).count();
            let (solutions, _) = dlx.collect(usize::MAX);
            prop_assert_eq!(solutions.len(), with_k);
            for solution in &solutions {
                prop_assert_eq!(solution[0], OptionId(k));
            }
            // Every option that shares an item with k is refused.
            for (j, option) in options.iter().enumerate() {
                let shares = option.iter().any(|i| options[k as usize].contains(i));
                prop_assert_eq!(dlx.clone().commit(OptionId(j as u32)).is_err(), shares);
            }
            dlx.reset();
            dlx.check_links().unwrap();
            prop_assert!(dlx == original, "reset did not restore the matrix");
        }

        // A limit gives a lower bound, marked as such.
        if expected.len() >= 2 {
            let count = dlx.count(CountOptions::new().limit(Some(expected.len() as u128 - 1)));
            prop_assert_eq!((count.count, count.complete), (expected.len() as u128 - 1, false));
        }
    }

    #[test]
    fn option_order_does_not_change_the_count((kinds, options) in small_problem(), seed in any::<u64>()) {
        let count = |options: &[Vec<u32>]| {
            let mut builder = ProblemBuilder::new();
            for &kind in &kinds {
                builder.item(kind);
            }
            for option in options {
                builder.option(option.iter().rev().map(|&i| ItemId(i))).unwrap();
            }
            Dlx::new(&builder.build()).count(CountOptions::new()).count
        };
        let mut shuffled = options.clone();
        let mut state = seed | 1;
        for i in (1..shuffled.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            shuffled.swap(i, (state % (i as u64 + 1)) as usize);
        }
        prop_assert_eq!(count(&options), count(&shuffled));
    }

    #[test]
    fn a_matrix_built_in_any_option_order_has_the_same_solutions(
        (kinds, options) in small_problem(),
        seed in any::<u64>(),
    ) {
        let problem = build(&kinds, &options);
        let mut order: Vec<OptionId> = (0..options.len() as u32).map(OptionId).collect();
        let mut state = seed | 1;
        for i in (1..order.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let solutions = |dlx: &mut Dlx| -> BTreeSet<Vec<OptionId>> {
            dlx.solutions()
                .map(|mut s| {
                    s.sort();
                    s
                })
                .collect()
        };
        let mut plain = Dlx::new(&problem);
        let mut ordered = Dlx::with_option_order(&problem, &order).unwrap();
        ordered.check_links().unwrap();
        prop_assert_eq!(solutions(&mut plain), solutions(&mut ordered));
        ordered.check_links().unwrap();
        // Committing an option names the same option in both.
        if let Some(&first) = order.first() {
            prop_assert_eq!(plain.commit(first).is_ok(), ordered.commit(first).is_ok());
            prop_assert_eq!(plain.count(CountOptions::new()).count, ordered.count(CountOptions::new()).count);
        }
    }
}

/// A random small problem whose secondary items may carry colors 1 or 2 (0: no color).
type ColoredProblem = (usize, usize, Vec<Vec<(u32, u32)>>);

fn colored_problem() -> impl Strategy<Value = ColoredProblem> {
    (1usize..=5, 1usize..=3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = (
            1u32..(1 << items),
            proptest::collection::vec(0u32..=2, items),
        )
            .prop_filter("needs a primary item", move |(mask, _)| {
                mask & ((1 << primary) - 1) != 0
            })
            .prop_map(move |(mask, colors)| {
                (0..items as u32)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| {
                        let color = if (i as usize) < primary {
                            0
                        } else {
                            colors[i as usize]
                        };
                        (i, color)
                    })
                    .collect::<Vec<_>>()
            });
        (
            Just(primary),
            Just(secondary),
            proptest::collection::vec(option, 0..=10),
        )
    })
}

/// Knuth's XCC rule by brute force: primary items once; a secondary item either used by at
/// most one option, or by several that all give it the same color.
fn brute_force_colored(
    primary: usize,
    secondary: usize,
    options: &[Vec<(u32, u32)>],
) -> BTreeSet<Vec<u32>> {
    let mut found = BTreeSet::new();
    for subset in 0u32..(1 << options.len()) {
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); primary + secondary];
        for (k, option) in options.iter().enumerate() {
            if subset >> k & 1 == 1 {
                for &(i, color) in option {
                    uses[i as usize].push(color);
                }
            }
        }
        let ok = uses.iter().enumerate().all(|(i, colors)| {
            if i < primary {
                colors.len() == 1
            } else {
                colors.len() <= 1 || (colors[0] != 0 && colors.iter().all(|&c| c == colors[0]))
            }
        });
        if ok {
            found.insert(
                (0..options.len() as u32)
                    .filter(|k| subset >> k & 1 == 1)
                    .collect(),
            );
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn colored_engine_agrees_with_brute_force(
        (primary, secondary, options) in colored_problem(),
        pick in any::<prop::sample::Index>(),
    ) {
        let mut builder = ProblemBuilder::new();
        for _ in 0..primary {
            builder.primary();
        }
        for _ in 0..secondary {
            builder.secondary();
        }
        for option in &options {
            builder
                .colored_option(option.iter().map(|&(i, c)| (ItemId(i), Color::new(c))))
                .unwrap();
        }
        let problem = builder.build();
        let original = Dlx::new(&problem);
        let mut dlx = original.clone();
        let expected = brute_force_colored(primary, secondary, &options);
        let (solutions, outcome) = dlx.collect(usize::MAX);
        prop_assert!(outcome.complete);
        let got: BTreeSet<Vec<u32>> = solutions
            .iter()
            .map(|s| {
                let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                s.sort();
                s
            })
            .collect();
        prop_assert_eq!(got.len(), solutions.len(), "a solution was found twice");
        prop_assert_eq!(&got, &expected);
        dlx.check_links().unwrap();
        prop_assert!(dlx == original, "search did not restore the matrix");

        if !options.is_empty() {
            let k = pick.index(options.len()) as u32;
            // Committing k keeps the solutions containing k, if any solution could.
            match dlx.commit(OptionId(k)) {
                Ok(()) => {
                    let with_k = expected.iter().filter(|s| s.contains(&k)).count();
                    prop_assert_eq!(dlx.count(CountOptions::new()).count, with_k as u128);
                    dlx.reset();
                }
                Err(_) => prop_assert!(false, "a fresh matrix refused option {}", k),
            }
            prop_assert!(dlx == original, "reset did not restore the matrix");
        }
    }
}

#[test]
fn colors_only_on_secondary_items() {
    let mut b = ProblemBuilder::new();
    let p = b.primary();
    let s = b.secondary();
    assert!(b.colored_option([(p, Color::new(1))]).is_err());
    assert!(b.colored_option([(p, None), (s, Color::new(3))]).is_ok());
    assert!(Color::new(0).is_none() && Color::new(u32::MAX).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Split across threads, the count is the same, with or without a limit, and with options
    /// committed first.
    #[test]
    fn parallel_counts_equal_sequential_ones(
        (kinds, options) in small_problem(),
        threads in 2usize..=4,
        limit in proptest::option::of(1u128..6),
        pick in any::<prop::sample::Index>(),
    ) {
        let original = Dlx::new(&build(&kinds, &options));
        let mut dlx = original.clone();
        let sequential = dlx.count(CountOptions::new().limit(limit));
        let parallel = dlx.count(CountOptions::new().limit(limit).threads(threads));
        prop_assert_eq!((parallel.count, parallel.complete), (sequential.count, sequential.complete));
        prop_assert!(dlx == original);
        if !options.is_empty() {
            let k = pick.index(options.len()) as u32;
            dlx.commit(OptionId(k)).unwrap();
            let sequential = dlx.count(CountOptions::new()).count;
            prop_assert_eq!(dlx.count(CountOptions::new().threads(threads)).count, sequential);
        }
        // On dancing links (item domination keeps a count off bit sets), where the threads
        // share one memory of subproblems from the start: the plain search's count.
        let mut links = original.clone();
        links.set_domination(Some(3));
        let plain = original.clone().count_visiting(limit);
        let parallel = links.count(CountOptions::new().limit(limit).threads(threads));
        prop_assert_eq!((parallel.count, parallel.complete), (plain.count, plain.complete));
    }
}

#[test]
fn queens_counted_in_parallel() {
    for (n, expected) in [(6, 4), (8, 92), (10, 724)] {
        let mut dlx = Dlx::new(&queens::queens(n));
        let count = dlx.count(CountOptions::new().threads(2));
        assert_eq!(
            (count.count, count.complete),
            (expected, true),
            "{n}-queens"
        );
        let limited = dlx.count(CountOptions::new().limit(Some(50)).threads(2));
        assert_eq!(limited.count, expected.min(50));
        assert_eq!(limited.complete, expected < 50);
    }
}

/// Solutions as sorted lists of option numbers.
fn sorted(solutions: &[Vec<OptionId>]) -> BTreeSet<Vec<u32>> {
    solutions
        .iter()
        .map(|s| {
            let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
            s.sort();
            s
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// With locked candidates on the matrix (item domination), with conflict scores choosing
    /// the item, or both, every sink gives what brute force gives: all solutions, the count,
    /// a limited count, the count split across threads and into shards, with an option
    /// committed and one removed first; the matrix is restored after each.
    #[test]
    fn domination_keeps_every_solution(
        (kinds, options) in small_problem(),
        pick in any::<prop::sample::Index>(),
        drop in any::<prop::sample::Index>(),
        threads in 2usize..=3,
        depth in 1usize..=3,
        max in 1u32..=6,
        scores in any::<bool>(),
    ) {
        let problem = build(&kinds, &options);
        let mut dlx = Dlx::new(&problem);
        let max = (max >= 2 || !scores).then_some(max.max(2));
        dlx.set_domination(max);
        dlx.set_conflict_scores(scores);
        let original = dlx.clone();
        prop_assert_eq!(original.domination(), max);
        prop_assert_eq!(original.conflict_scores(), scores);
        let expected = brute_force(&kinds, &options);
        let (solutions, outcome) = dlx.collect(usize::MAX);
        prop_assert!(outcome.complete);
        prop_assert_eq!(sorted(&solutions).len(), solutions.len(), "a solution was found twice");
        prop_assert_eq!(sorted(&solutions), expected.clone());
        let all = expected.len() as u128;
        let count = dlx.count(CountOptions::new());
        prop_assert_eq!((count.count, count.complete), (all, true));
        let split = dlx.count(CountOptions::new().threads(threads));
        prop_assert_eq!((split.count, split.complete), (all, true));
        let shards = dlx.shards(depth);
        let total: u128 = shards
            .choices
            .iter()
            .map(|shard| dlx.count_shard(shard, CountOptions::new()).unwrap().count)
            .sum();
        prop_assert_eq!(total, all);
        if all >= 2 {
            let limited = dlx.count(CountOptions::new().limit(Some(all - 1)));
            prop_assert_eq!((limited.count, limited.complete), (all - 1, false));
        }
        dlx.check_links().unwrap();
        prop_assert!(dlx == original, "search did not restore the matrix");

        if !options.is_empty() {
            let k = pick.index(options.len()) as u32;
            let r = drop.index(options.len()) as u32;
            dlx.commit(OptionId(k)).unwrap();
            let removed = dlx.remove(OptionId(r)).unwrap();
            let kept: BTreeSet<Vec<u32>> = expected
                .iter()
                .filter(|s| s.contains(&k) && !(removed && s.contains(&r)))
                .cloned()
                .collect();
            let (solutions, _) = dlx.collect(usize::MAX);
            prop_assert_eq!(sorted(&solutions), kept.clone());
            let kept = kept.len() as u128;
            prop_assert_eq!(dlx.count(CountOptions::new()).count, kept);
            prop_assert_eq!(dlx.count(CountOptions::new().threads(threads)).count, kept);
            dlx.reset();
            dlx.check_links().unwrap();
            prop_assert!(dlx == original, "reset did not restore the matrix");
        }
    }

    /// The same with colors: item domination only looks at items without a color, and keeps
    /// exactly the solutions of Knuth's XCC rule, with conflict scores or without.
    #[test]
    fn domination_keeps_every_colored_solution(
        (primary, secondary, options) in colored_problem(),
        pick in any::<prop::sample::Index>(),
        max in 2u32..=6,
        scores in any::<bool>(),
    ) {
        let mut builder = ProblemBuilder::new();
        for _ in 0..primary {
            builder.primary();
        }
        for _ in 0..secondary {
            builder.secondary();
        }
        for option in &options {
            builder
                .colored_option(option.iter().map(|&(i, c)| (ItemId(i), Color::new(c))))
                .unwrap();
        }
        let mut dlx = Dlx::new(&builder.build());
        dlx.set_domination(Some(max));
        dlx.set_conflict_scores(scores);
        let original = dlx.clone();
        let expected = brute_force_colored(primary, secondary, &options);
        let (solutions, outcome) = dlx.collect(usize::MAX);
        prop_assert!(outcome.complete);
        prop_assert_eq!(sorted(&solutions).len(), solutions.len(), "a solution was found twice");
        prop_assert_eq!(sorted(&solutions), expected.clone());
        prop_assert_eq!(dlx.count(CountOptions::new()).count, expected.len() as u128);
        prop_assert!(dlx == original, "search did not restore the matrix");
        if !options.is_empty() {
            let k = pick.index(options.len()) as u32;
            dlx.commit(OptionId(k)).unwrap();
            let with_k = expected.iter().filter(|s| s.contains(&k)).count() as u128;
            prop_assert_eq!(dlx.count(CountOptions::new()).count, with_k);
            dlx.reset();
        }
        dlx.check_links().unwrap();
        prop_assert!(dlx == original, "reset did not restore the matrix");
    }
}

/// Counts long enough for the memory of subproblems (past 4,096 nodes) stay exact with item
/// domination on, on one thread and on two, and a count stopped early leaves the matrix as
/// it was.
#[test]
fn queens_counted_with_domination() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];
    for (n, &want) in (1..=11).zip(&expected) {
        let problem = queens::queens(n);
        let mut dlx = Dlx::new(&problem);
        dlx.set_domination(Some(u32::MAX));
        for threads in [1, 2] {
            let count = dlx.count(CountOptions::new().threads(threads));
            assert_eq!((count.count, count.complete), (want, true), "{n}-queens");
        }
        let stopped = dlx.count(CountOptions::new().budget(sudokux::xc::Budget::nodes(50)));
        assert!(stopped.count <= want);
        let mut search = dlx.search();
        let _ = search.next_solution();
        drop(search);
        dlx.check_links().unwrap();
        let mut fresh = Dlx::new(&problem);
        fresh.set_domination(Some(u32::MAX));
        assert!(dlx == fresh, "{n}-queens: matrix not restored");
    }
}

/// The 6x6 grids (boxes of 2 rows by 3 columns) as an exact-cover problem: an option per cell
/// and digit, numbered `(6 * row + column) * 6 + digit` (digits 0 to 5), covering the cell and
/// the digit in its row, column and box.
fn grids_6x6() -> Problem {
    let mut b = ProblemBuilder::new();
    let cells: Vec<ItemId> = (0..36).map(|_| b.primary()).collect();
    let mut units = || (0..36).map(|_| b.primary()).collect::<Vec<ItemId>>();
    let (rows, columns, boxes) = (units(), units(), units());
    for r in 0..6 {
        for c in 0..6 {
            let x = (r / 2) * 2 + c / 3;
            for d in 0..6 {
                b.option([
                    cells[6 * r + c],
                    rows[6 * r + d],
                    columns[6 * c + d],
                    boxes[6 * x + d],
                ])
                .unwrap();
            }
        }
    }
    b.build()
}

/// Many threads meeting in one shared memory of subproblems (reading and writing its slots
/// at once, its parts growing meanwhile) count exactly: the 6x6 grids whose first row is
/// 123456, 28,200,960 / 6! = 39,168 (the published number of 6x6 grids, over the renamings of
/// the digits), on bit sets and on dancing links, on 1, 2 and 8 threads.
#[test]
fn many_threads_sharing_one_memory_count_exactly() {
    let problem = grids_6x6();
    for domination in [None, Some(3)] {
        let mut dlx = Dlx::new(&problem);
        dlx.set_domination(domination);
        for c in 0..6 {
            dlx.commit(OptionId(c * 6 + c)).unwrap();
        }
        for threads in [1, 2, 8] {
            let count = dlx.count(CountOptions::new().threads(threads));
            assert_eq!(
                (count.count, count.complete),
                (28_200_960 / 720, true),
                "{threads} threads, domination {domination:?}"
            );
        }
    }
}
