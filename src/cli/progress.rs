//! Progress on stderr for long jobs: a bar for batches (share of the input read, puzzles
//! answered, rate, time left) and for long counts (share of the search tree explored,
//! solutions so far). Shown when stderr is a terminal, or when `--progress` asks; never
//! mixed into stdout. Colors follow `NO_COLOR` (through the `console` crate).

use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use sudokux::xc::Watch;

use crate::interrupt::INTERRUPT;

/// How long a job runs before a bar appears: quick jobs stay quiet.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// Inputs from this size (bytes) get a bar with a percentage; smaller ones a spinner.
const SIZED_FROM: u64 = 1 << 20;

/// How often a bar is redrawn, and a count's watch looked at.
const TICK: Duration = Duration::from_millis(100);

/// Whether to draw progress: asked for, or stderr is a terminal.
pub fn wanted(asked: bool) -> bool {
    asked || io::stderr().is_terminal()
}

fn bar(len: u64, template: &str) -> ProgressBar {
    let target = if io::stderr().is_terminal() {
        ProgressDrawTarget::stderr_with_hz(10)
    } else {
        // `--progress` with stderr redirected: the bar as a terminal would show it, each
        // redraw after a carriage return, twice a second.
        ProgressDrawTarget::term_like_with_hz(Box::new(PlainStderr), 2)
    };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// Stderr that is not a terminal, drawn on anyway: no cursor moves, `\r` to redraw a line.
#[derive(Debug)]
struct PlainStderr;

impl TermLike for PlainStderr {
    fn width(&self) -> u16 {
        100
    }

    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        writeln!(io::stderr(), "{s}")
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        write!(io::stderr(), "{s}")
    }

    fn clear_line(&self) -> io::Result<()> {
        write!(io::stderr(), "\r")
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// A reader that counts the bytes taken from it, for a batch's share of its input.
pub struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R> Counting<R> {
    pub fn new(inner: R, read: Arc<AtomicU64>) -> Counting<R> {
        read.store(0, Ordering::Relaxed);
        Counting { inner, read }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Progress of a batch: puzzles answered, of an input whose size may be known.
pub struct Batch {
    enabled: bool,
    name: String,
    /// Input size in bytes, when it is a file.
    size: Option<u64>,
    read: Arc<AtomicU64>,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Batch {
    pub fn new(enabled: bool, name: &str, size: Option<u64>, read: Arc<AtomicU64>) -> Batch {
        Batch {
            enabled,
            name: name.to_string(),
            // Reading runs ahead of answering by up to a buffer and a batch: only on a large
            // file does the share read stand for the share answered.
            size: size.filter(|&s| s >= SIZED_FROM),
            read,
            started: Instant::now(),
            bar: None,
        }
    }

    /// Records that `done` puzzles of this input are answered.
    pub fn update(&mut self, done: u64) {
        if !self.enabled || (self.bar.is_none() && self.started.elapsed() < SHOW_AFTER) {
            return;
        }
        let read = self.read.load(Ordering::Relaxed);
        if self.bar.is_none() && self.size.is_some_and(|size| read >= size) {
            // Nothing left to show progress on (a long single puzzle, say).
            return;
        }
        let size = self.size;
        let name = &self.name;
        let bar = self.bar.get_or_insert_with(|| match size {
            // The share of the input read stands for the share of the puzzles answered.
            Some(size) => bar(
                size,
                "{prefix} [{bar:30.cyan/blue}] {percent:>3}% {msg} ({eta} left)",
            ),
            None => bar(0, "{prefix} {spinner} {msg}"),
        });
        if bar.prefix().is_empty() {
            bar.set_prefix(name.clone());
        }
        if let Some(size) = size {
            bar.set_position(read.min(size));
        } else {
            bar.tick();
        }
        let rate = done as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} answered, {}/s",
            HumanCount(done),
            HumanCount(rate as u64)
        ));
    }

    /// Runs `f` (which writes to stderr) with the bar, if shown, out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Runs a count (`work`, which publishes to `watch`) while another thread forwards Ctrl-C to
/// the watch and, when `enabled` and the count lasts, draws its progress.
pub fn count<R>(enabled: bool, watch: &Watch, work: impl FnOnce() -> R) -> R {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let display = scope.spawn(|| watch_count(enabled, watch, &finished));
        let result = work();
        finished.store(true, Ordering::Release);
        display.thread().unpark();
        let _ = display.join();
        result
    })
}

fn watch_count(enabled: bool, watch: &Watch, finished: &AtomicBool) {
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !finished.load(Ordering::Acquire) {
        std::thread::park_timeout(TICK);
        if INTERRUPT.stop_requested() {
            watch.stop();
        }
        if !enabled || started.elapsed() < SHOW_AFTER || finished.load(Ordering::Acquire) {
            continue;
        }
        let bar = bar.get_or_insert_with(|| self::bar(1000, "counting [{bar:30.cyan/blue}] {msg}"));
        let explored = watch.explored();
        bar.set_position((explored * 1000.0) as u64);
        let seconds = started.elapsed().as_secs_f64();
        let rate = watch.nodes() as f64 / seconds.max(1e-9);
        // Time left at the pace so far, once the estimate says anything.
        let left = if explored >= 0.001 {
            format!(
                ", about {:.0} s left",
                seconds * (1.0 - explored) / explored
            )
        } else {
            String::new()
        };
        bar.set_message(format!(
            "{:.1}% explored (estimate), {} solutions so far, {} nodes/s, {seconds:.0} s{left}",
            explored * 100.0,
            match watch.solutions() {
                // The watch saturates: 9x9 grids pass it.
                u64::MAX => format!("over {}", HumanCount(u64::MAX)),
                some => HumanCount(some).to_string(),
            },
            HumanCount(rate as u64),
        ));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// Runs `work` (a search that publishes nothing as it goes: true candidates, a proof of
/// uniqueness before logic) while another thread shows, when `enabled` and the work lasts, a
/// spinner saying `what` is being done and for how long, so that a long job is never silent.
pub fn busy<R>(enabled: bool, what: &str, work: impl FnOnce() -> R) -> R {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let display = scope.spawn(|| {
            let started = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            while !finished.load(Ordering::Acquire) {
                std::thread::park_timeout(TICK);
                if !enabled || started.elapsed() < SHOW_AFTER || finished.load(Ordering::Acquire) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| self::bar(0, "{spinner} {msg}"));
                bar.set_message(format!("{what}, {:.0} s", started.elapsed().as_secs_f64()));
                bar.tick();
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        let result = work();
        finished.store(true, Ordering::Release);
        display.thread().unpark();
        let _ = display.join();
        result
    })
}

/// What `generate` reports to its progress line: puzzles written, and the givens left in the
/// puzzle made last (updated by the workers after every check of a removal).
#[derive(Debug, Default)]
pub struct Generating {
    pub written: AtomicU64,
    pub index: AtomicU64,
    pub givens: AtomicU64,
}

/// Runs `work` (generation, which updates `state`) while another thread draws its progress
/// when `enabled` and the run lasts: puzzles written of `total`, and the givens left in the
/// puzzle being made.
pub fn generate<R>(enabled: bool, total: u64, state: &Generating, work: impl FnOnce() -> R) -> R {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let display = scope.spawn(|| {
            let started = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            while !finished.load(Ordering::Acquire) {
                std::thread::park_timeout(TICK);
                if !enabled || started.elapsed() < SHOW_AFTER || finished.load(Ordering::Acquire) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| {
                    self::bar(total, "generating [{bar:30.cyan/blue}] {msg}")
                });
                let written = state.written.load(Ordering::Relaxed);
                bar.set_position(written);
                bar.set_message(format!(
                    "{written}/{total} written; puzzle {}: {} givens left, {:.0} s",
                    state.index.load(Ordering::Relaxed),
                    state.givens.load(Ordering::Relaxed),
                    started.elapsed().as_secs_f64(),
                ));
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        let result = work();
        finished.store(true, Ordering::Release);
        display.thread().unpark();
        let _ = display.join();
        result
    })
}
