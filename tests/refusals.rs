//! Inputs too large to take are refused before anything large is allocated, as the guide
//! promises (docs/guide/solving.md, "Limits and resources"): measured with an allocator that
//! records the peak of live heap bytes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use sudokux::xc::knuth::{read, KnuthErrorKind, MAX_ITEMS};

/// The system allocator, counting live bytes and their peak.
struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static ALLOCATOR: Peak = Peak;

/// Held by each test for its whole run: the counters are global, and `cargo test` runs tests
/// two at a time, so another test's allocations (the 8 MB line of the xc test) would count in
/// this one's peak.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most heap that `work` had live at once beyond what was live before it (the caller holds
/// [`ONE_AT_A_TIME`]).
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = work();
    (value, PEAK.load(Ordering::Relaxed) - before)
}

#[test]
fn an_xc_file_with_too_many_items_costs_only_its_line() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // One item more than the limit, on one line of about 8 MB.
    let names: Vec<String> = (0..=MAX_ITEMS).map(|k| format!("i{k}")).collect();
    let text = format!("{}\ni0 i1\n", names.join(" "));
    drop(names);
    let (result, peak) = peak_of(|| read(text.as_bytes()));
    let Err(error) = result else {
        panic!("one item too many was taken")
    };
    assert!(matches!(error.kind, KnuthErrorKind::TooLarge(_)), "{error}");
    assert!(
        error.to_string().contains("more than 1000000 items"),
        "{error}"
    );
    // The line itself is read into a buffer (which may have grown to twice its length);
    // nothing per item was stored.
    assert!(
        peak <= 2 * text.len() + (1 << 20),
        "{peak} bytes at the peak for a {}-byte line",
        text.len()
    );
}

/// Sudoku inputs too large are refused as cheaply: a puzzle file or f-puzzles JSON saying
/// `size = 100000` (a grid of 10^10 cells), and a puzzle line of 10 million characters, cost
/// about their text, never a grid of the size they claim.
#[test]
fn sudoku_inputs_too_large_cost_only_their_text() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use sudokux::sudoku::file::{from_json, from_toml};
    use sudokux::sudoku::{fpuzzles, Grid};

    let toml = "size = 100000\ngivens = \"\"\n";
    let (result, peak) = peak_of(|| from_toml(toml));
    let error = result.expect_err("a 100000x100000 grid was taken");
    assert!(peak <= 1 << 20, "{peak} bytes at the peak for: {error}");

    let json = r#"{"size": 100000, "givens": ""}"#;
    let (result, peak) = peak_of(|| from_json(json));
    let error = result.expect_err("a 100000x100000 grid was taken");
    assert!(peak <= 1 << 20, "{peak} bytes at the peak for: {error}");

    let fpuzzles_json = r#"{"size": 100000, "grid": []}"#;
    let (result, peak) = peak_of(|| fpuzzles::read(fpuzzles_json));
    let error = result.expect_err("a 100000x100000 f-puzzles grid was taken");
    assert!(peak <= 1 << 20, "{peak} bytes at the peak for: {error}");

    let line = ".".repeat(10_000_000);
    let (grid, peak) = peak_of(|| Grid::from_line(&line));
    assert!(grid.is_none(), "a line of 10^7 cells was taken as a grid");
    assert!(
        peak <= 2 * line.len() + (1 << 20),
        "{peak} bytes at the peak for a {}-byte line",
        line.len()
    );
}
