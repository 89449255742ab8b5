//! Langford pairs as exact cover: place two 1s, two 2s, ..., two ns in a row of 2n slots so
//! that the two ks have exactly k other numbers between them.
//!
//! ```text
//! cargo run --release --example langford -- 7           # 52 arrangements (26 and their mirror images)
//! cargo run --release --example langford -- 7 --knuth   # the problem in Knuth's format
//! ```

use sudokux::xc::{CountOptions, Labelled, LabelledSolver};

/// Items: the numbers `1..=n` and the slots `s1..=s2n`; option "k at slots j and j+k+1".
pub fn langford(n: usize) -> LabelledSolver<String, String> {
    let mut p = Labelled::new();
    for k in 1..=n {
        p.primary(k.to_string()).expect("distinct labels");
    }
    for slot in 1..=2 * n {
        p.primary(format!("s{slot}")).expect("distinct labels");
    }
    for k in 1..=n {
        for j in 1..=2 * n {
            let other = j + k + 1;
            if other <= 2 * n {
                let items = [k.to_string(), format!("s{j}"), format!("s{other}")];
                p.option(items.join(" "), items).expect("known labels");
            }
        }
    }
    p.build()
}

#[allow(dead_code)]
fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map(|a| a.parse().expect("usage: langford N [--knuth]"))
        .unwrap_or(7);
    let mut solver = langford(n);
    if args.next().as_deref() == Some("--knuth") {
        println!("| Langford pairs for n = {n}: numbers, then slots.");
        let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
        let slots: Vec<String> = (1..=2 * n).map(|s| format!("s{s}")).collect();
        println!("{} {}", numbers.join(" "), slots.join(" "));
        for option in solver.options() {
            println!("{option}");
        }
        return;
    }
    let count = solver.count(CountOptions::new());
    println!("Langford pairs for n = {n}: {} arrangements", count.count);
    if let (Some(solution), _) = solver.first() {
        let mut row = vec![0; 2 * n];
        for option in solution {
            let parts: Vec<&str> = option.split(' ').collect();
            let k: usize = parts[0].parse().expect("a number");
            for slot in &parts[1..] {
                row[slot[1..].parse::<usize>().expect("a slot") - 1] = k;
            }
        }
        println!("{row:?}");
    }
}
