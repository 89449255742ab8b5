//! The worker threads of the command line, in this one place.
//!
//! - The batch runner of `solve`, `count` and `check` ([`read_lines`]): puzzle lines read in
//!   batches, answered by worker threads (one set of engines each) while the next batch is
//!   read, and written in input order as each batch ends; a lone puzzle to count has its
//!   search tree split across the workers instead.
//! - The workers of `generate` ([`in_order`]): items made one by one on every worker and
//!   handed out in order as soon as each is next.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

use sudokux::sudoku::parse::{Dialect, Item};
use sudokux::sudoku::{Candidates, Grid, PuzzleFile, ReadError};
use sudokux::xc::Watch;

use crate::answer::{answer, count_report, make_engine, Engines};
use crate::args::LimitArgs;
use crate::error::Exit;
use crate::input::{read_link, Meter, LINK_FLAGS_IGNORED};
use crate::interrupt;
use crate::output::{Printer, Sink};
use crate::progress;
use crate::report::{Report, Task};

/// A puzzle read from a line input, or the report of one that could not be read.
enum Work {
    Puzzle {
        index: usize,
        line: usize,
        grid: Grid,
        candidates: Option<Candidates>,
        /// The title line above it, if any.
        title: Option<String>,
    },
    /// A link line: a puzzle with its own rules, answered by an engine of its own.
    File {
        index: usize,
        line: usize,
        file: Box<PuzzleFile>,
        /// What its import left out, and rule flags it ignores: notes said before its answer.
        notes: Vec<String>,
    },
    Failed(Box<Report>),
}

/// Puzzles per worker in the first batch: few, so that the first answers come soon even when
/// each puzzle takes long.
const BATCH_PER_WORKER: usize = 256;

/// Batches grow (doubling) while one takes less than this, up to [`MAX_BATCH_PER_WORKER`]:
/// every batch ends with a wait for its slowest puzzle and the writing of its answers, so
/// quick puzzles want long batches.
const BATCH_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// Puzzles per worker in the longest batch: memory stays flat whatever the input's length.
/// Batches shrink again (halving) while one takes over four times [`BATCH_TIME`].
const MAX_BATCH_PER_WORKER: usize = 4096;

/// Puzzles in the longest batch, however many workers.
const MAX_BATCH: usize = 16_384;

/// Puzzle lines and grid blocks, read in batches that the workers (one engine set each)
/// answer in parallel while the next batch is read; reports are written in input order as
/// each batch ends.
pub fn read_lines<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    dialect: Dialect,
    meter: &Meter,
    pool: &mut [Engines],
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut bar = progress::Batch::new(
        sink.progress,
        name,
        meter.size.get(),
        Arc::clone(&meter.read),
    );
    let result = answer_lines(name, reader, dialect, &mut bar, pool, sink);
    bar.finish();
    result
}

fn answer_lines<W: Write>(
    name: &str,
    reader: &mut dyn BufRead,
    dialect: Dialect,
    bar: &mut progress::Batch,
    pool: &mut [Engines],
    sink: &mut Sink<W>,
) -> io::Result<()> {
    let mut size = if pool.len() == 1 {
        1
    } else {
        BATCH_PER_WORKER * pool.len()
    };
    let given = pool[0].flags.given;
    let mut entries = pool[0].flags.reader(reader, dialect).items();
    let mut index = 0;
    let mut done = 0;
    let mut current = read_batch(&mut entries, &mut index, size, given);
    loop {
        let last = current.last;
        let job = (sink.task, sink.limits);
        let started = Instant::now();
        let render = Some((&sink.printer, name));
        let (results, next) = answer_all(&current.work, pool, job, sink.progress, render, || {
            (!last && !interrupt::interrupted())
                .then(|| read_batch(&mut entries, &mut index, size, given))
        });
        if pool.len() > 1 {
            let took = started.elapsed();
            if took < BATCH_TIME {
                size = (size * 2)
                    .min(MAX_BATCH_PER_WORKER * pool.len())
                    .min(MAX_BATCH);
            } else if took > 4 * BATCH_TIME {
                size = (size / 2).max(BATCH_PER_WORKER * pool.len());
            }
        }
        // After Ctrl-C the workers leave puzzles unanswered: write those before the first.
        for (report, size, text) in results.into_iter().map_while(|r| r) {
            let rules = size.and_then(|s| pool[0].get(s).ok()).map(|e| e.rules());
            sink.report_rendered(name, rules, &report, text.as_deref())?;
            done += 1;
        }
        // Messages (bad puzzles, stats) go out between two draws of the bar.
        bar.suspend(|| sink.err.flush())?;
        bar.update(done);
        if interrupt::interrupted() {
            return Ok(());
        }
        if let Some(error) = current.failure.take() {
            sink.note(name, &error.to_string())?;
            sink.exit = sink.exit.worse(Exit::BadInput);
        }
        match next {
            Some(batch) => current = batch,
            None if done == 0 => {
                // An empty file, or one of comments only: most likely not what was meant.
                sink.note(name, "no puzzle in the input")?;
                sink.exit = sink.exit.worse(Exit::BadInput);
                return Ok(());
            }
            None => return Ok(()),
        }
    }
}

/// Puzzles read for the workers, in input order.
struct Batch {
    work: Vec<Work>,
    /// The input failed after these.
    failure: Option<ReadError>,
    /// Nothing follows.
    last: bool,
}

/// The next `size` puzzles of `entries` (links decoded; `given` when rule flags were given,
/// which links ignore).
fn read_batch(
    entries: &mut impl Iterator<Item = Result<Item, ReadError>>,
    index: &mut usize,
    size: usize,
    given: bool,
) -> Batch {
    let mut batch = Batch {
        work: Vec::with_capacity(size),
        failure: None,
        last: false,
    };
    while batch.work.len() < size {
        match entries.next() {
            None => {
                batch.last = true;
                break;
            }
            Some(Ok(Item::Link(link))) => {
                *index += 1;
                batch.work.push(match read_link(&link) {
                    Ok((file, mut notes)) => {
                        if given {
                            notes.insert(0, LINK_FLAGS_IGNORED.to_string());
                        }
                        Work::File {
                            index: *index,
                            line: link.line,
                            file: Box::new(file),
                            notes,
                        }
                    }
                    Err(message) => {
                        let report = Report::error(*index, Some(link.line), message);
                        Work::Failed(Box::new(report))
                    }
                });
            }
            Some(Ok(Item::Puzzle(entry))) => {
                *index += 1;
                batch.work.push(Work::Puzzle {
                    index: *index,
                    line: entry.line,
                    grid: entry.grid,
                    candidates: entry.candidates,
                    title: entry.title,
                });
            }
            Some(Err(ReadError::Parse(error))) => {
                *index += 1;
                let report = Report::error(*index, Some(error.line), error.to_string());
                batch.work.push(Work::Failed(Box::new(report)));
            }
            Some(Err(error)) => {
                batch.failure = Some(error);
                batch.last = true;
                break;
            }
        }
    }
    batch
}

/// A report, the size of its puzzle, and its text when a worker rendered it.
type Answered = (Report, Option<usize>, Option<Vec<u8>>);

/// Answers a batch, in parallel when there are several workers, running `during` on this
/// thread meanwhile; results in input order. With `render` (a printer and the input's name),
/// parallel workers also render each answer's text.
fn answer_all<R>(
    work: &[Work],
    pool: &mut [Engines],
    job: (Task, LimitArgs),
    progress: bool,
    render: Option<(&Printer, &str)>,
    during: impl FnOnce() -> R,
) -> (Vec<Option<Answered>>, R) {
    let (task, limits) = job;
    if let (
        Task::Count { limit },
        [Work::Puzzle {
            index,
            line,
            grid,
            candidates: None,
            title,
        }],
    ) = (task, work)
    {
        if pool.len() > 1 {
            // One puzzle to count: split its search tree across the workers instead.
            let (mut report, size) =
                count_split(*index, *line, grid, (limit, limits), pool, progress);
            report.meta.title.clone_from(title);
            return (vec![Some((report, size, None))], during());
        }
    }
    if pool.len() == 1 || work.len() <= 1 {
        let results = work
            .iter()
            .map(|w| (!interrupt::interrupted()).then(|| answer_work(w, &mut pool[0], job, render)))
            .collect();
        return (results, during());
    }
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Answered>> = Vec::with_capacity(work.len());
    results.resize_with(work.len(), || None);
    let meanwhile = std::thread::scope(|scope| {
        let workers: Vec<_> = pool
            .iter_mut()
            .map(|engines| {
                let next = &next;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    while !interrupt::interrupted() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(w) = work.get(k) else { break };
                        let (report, size, text) = answer_work(w, engines, job, render);
                        let text = text.or_else(|| {
                            let (printer, name) = render?;
                            rendered(printer, name, engines, &report, size)
                        });
                        done.push((k, (report, size, text)));
                    }
                    done
                })
            })
            .collect();
        let meanwhile = during();
        for worker in workers {
            for (k, result) in worker.join().expect("a worker panicked") {
                results[k] = Some(result);
            }
        }
        meanwhile
    });
    (results, meanwhile)
}

fn count_split(
    index: usize,
    line: usize,
    grid: &Grid,
    (limit, limits): (Option<u128>, LimitArgs),
    pool: &mut [Engines],
    progress: bool,
) -> (Report, Option<usize>) {
    let threads = pool.len();
    let size = grid.rows();
    let started = Instant::now();
    let watch = Watch::new();
    let mut report = match pool[0].get(size) {
        Ok(engine) => {
            let counted = progress::count(progress, &watch, || {
                engine.count_bounded(grid, limit, threads, &watch, limits.budget())
            });
            match counted {
                Ok(answer) => count_report(&answer, limit),
                Err(error) => Report::error(0, None, error.to_string()),
            }
        }
        Err(error) => Report::error(0, None, error.to_string()),
    };
    report.index = index;
    report.line = Some(line);
    report.puzzle = Some(grid.clone());
    report.time = started.elapsed();
    if let Some(message) = &mut report.error {
        *message = format!("line {line}: {message}");
    }
    (report, Some(size))
}

/// The text `printer` writes for `report` (a puzzle's answer; `None` for the failure of an
/// input as a whole, which the sink handles itself).
fn rendered(
    printer: &Printer,
    name: &str,
    engines: &mut Engines,
    report: &Report,
    size: Option<usize>,
) -> Option<Vec<u8>> {
    if report.index == 0 {
        return None;
    }
    let rules = size.and_then(|s| engines.get(s).ok()).map(|e| e.rules());
    let mut text =
        Vec::with_capacity(2 * report.puzzle.as_ref().map_or(0, |g| g.cells().len()) + 16);
    printer.write(&mut text, name, rules, report).ok()?;
    Some(text)
}

/// One puzzle answered. A link's puzzle, whose rules are its own, has its text rendered
/// here when there is a `render`: the rules of the engines by size would not be its rules.
fn answer_work(
    work: &Work,
    engines: &mut Engines,
    job: (Task, LimitArgs),
    render: Option<(&Printer, &str)>,
) -> Answered {
    match work {
        Work::Failed(report) => ((**report).clone(), None, None),
        Work::File {
            index,
            line,
            file,
            notes,
        } => {
            let mut engine = make_engine(engines.kind(), engines.symmetry(), file.rules.clone());
            let mut report = answer(engine.as_mut(), job, &file.givens, None);
            report.index = *index;
            report.line = Some(*line);
            report.puzzle = Some(file.givens.clone());
            report.meta = file.meta.clone();
            // The file's notes first (what its import left out), then the answer's.
            report.notes.splice(0..0, notes.iter().cloned());
            if let Some(message) = &mut report.error {
                *message = format!("line {line}: {message}");
            }
            let text = render.and_then(|(printer, name)| {
                let mut text = Vec::new();
                printer
                    .write(&mut text, name, Some(engine.rules()), &report)
                    .ok()?;
                Some(text)
            });
            (report, None, text)
        }
        Work::Puzzle {
            index,
            line,
            grid,
            candidates,
            title,
        } => {
            let size = grid.rows();
            let mut report = match engines.get(size) {
                Ok(engine) => answer(engine, job, grid, candidates.as_ref()),
                Err(error) => Report::error(0, None, error),
            };
            report.index = *index;
            report.line = Some(*line);
            report.puzzle = Some(grid.clone());
            report.candidates = candidates.clone();
            report.meta.title.clone_from(title);
            if let Some(message) = &mut report.error {
                *message = format!("line {line}: {message}");
            }
            (report, Some(size), None)
        }
    }
}

/// Makes items 1, 2, ..., `count` with `make` on `jobs` worker threads, each taking the next
/// number until Ctrl-C, and hands them to `take` on this thread as an iterator in order 1, 2,
/// ..., each as soon as it is next. When `take` drops the iterator, the workers stop (those
/// making an item finish it); they are waited for after `take` returns.
pub fn in_order<T: Send, R>(
    jobs: usize,
    count: u64,
    make: impl Fn(u64) -> T + Sync,
    take: impl FnOnce(InOrder<'_, T>) -> R,
) -> R {
    let next = AtomicU64::new(1);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(u64, T)>();
        for _ in 0..jobs {
            let send = send.clone();
            let (next, stop, make) = (&next, &stop, &make);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) && !interrupt::interrupted() {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k > count {
                        break;
                    }
                    if send.send((k, make(k))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        take(InOrder {
            receive,
            waiting: BTreeMap::new(),
            next: 1,
            stop: &stop,
        })
    })
}

/// The items of [`in_order`], in order; dropping it stops the workers.
pub struct InOrder<'a, T> {
    receive: mpsc::Receiver<(u64, T)>,
    /// Items that came before their turn.
    waiting: BTreeMap<u64, T>,
    /// The number of the item handed out next.
    next: u64,
    stop: &'a AtomicBool,
}

impl<T> Iterator for InOrder<'_, T> {
    type Item = (u64, T);

    fn next(&mut self) -> Option<(u64, T)> {
        loop {
            if let Some(item) = self.waiting.remove(&self.next) {
                self.next += 1;
                return Some((self.next - 1, item));
            }
            // Items come in any order; `None` once every worker has stopped.
            let (k, item) = self.receive.recv().ok()?;
            self.waiting.insert(k, item);
        }
    }
}

impl<T> Drop for InOrder<'_, T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
