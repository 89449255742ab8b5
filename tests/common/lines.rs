//! The rules of the line families that take no number but whispers' written here again from
//! their meaning, by family name, to check the lines the families make at random
//! (`Family::random`) and what the library's validator says of them.

/// The line families whose rule [`keeps`] knows, by name (their field and key).
pub const NAMES: [&str; 10] = [
    "thermometer",
    "slowthermometer",
    "whispers",
    "nabner",
    "palindrome",
    "renban",
    "entropicline",
    "modularline",
    "betweenline",
    "lockout",
];

/// Whether the digits `ds` of a line keep family `family`'s rule (one of [`NAMES`]; on an
/// `n`-digit grid, whispers with least difference `value`).
///
/// # Panics
///
/// For a family not in [`NAMES`].
pub fn keeps(family: &str, n: usize, value: u32, ds: &[u8]) -> bool {
    let len = ds.len();
    let mut pairs = (0..len).flat_map(|i| (i + 1..len).map(move |j| (i, j)));
    let third = |d: u8| {
        let (q, r) = (n / 3, n % 3);
        let low = if r == 2 { q + 1 } else { q };
        let middle = if r == 1 { q + 1 } else { q };
        let d = usize::from(d);
        usize::from(d > low) + usize::from(d > low + middle)
    };
    let (lo, hi) = (ds[0].min(ds[len - 1]), ds[0].max(ds[len - 1]));
    let inner = &ds[1..len - 1];
    match family {
        "thermometer" => ds.windows(2).all(|w| w[0] < w[1]),
        "slowthermometer" => ds.windows(2).all(|w| w[0] <= w[1]),
        "whispers" => ds
            .windows(2)
            .all(|w| u32::from(w[0].abs_diff(w[1])) >= value),
        "nabner" => pairs.all(|(i, j)| ds[i].abs_diff(ds[j]) >= 2),
        "palindrome" => (0..len).all(|i| ds[i] == ds[len - 1 - i]),
        "renban" => {
            pairs.all(|(i, j)| ds[i] != ds[j])
                && usize::from(ds.iter().max().unwrap() - ds.iter().min().unwrap()) == len - 1
        }
        "entropicline" => pairs.all(|(i, j)| (third(ds[i]) == third(ds[j])) == ((j - i) % 3 == 0)),
        "modularline" => pairs.all(|(i, j)| (ds[i] % 3 == ds[j] % 3) == ((j - i) % 3 == 0)),
        "betweenline" => len == 2 || inner.iter().all(|&e| lo < e && e < hi),
        "lockout" => usize::from(hi - lo) >= n / 2 && inner.iter().all(|&e| e < lo || e > hi),
        other => panic!("no line rule is written here for {other:?}"),
    }
}
