//! `sudokux generate`: puzzles made on every core, written in order as they come.

use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use sudokux::sudoku::file::{layout, to_toml};
use sudokux::sudoku::fpuzzles;
use sudokux::sudoku::generate::{GenerateError, Generated, Generator, Settings, Symmetry};
use sudokux::sudoku::rules::default_box;
use sudokux::sudoku::{Alphabet, Meta, PuzzleFile, Spec};

use crate::args::{GenerateArgs, GenerateFormat, RuleArgs, SymmetryArg};
use crate::batch;
use crate::error::{reader_gone, CliError, Exit};
use crate::interrupt;
use crate::progress;
use crate::spec::RuleFlags;

impl From<SymmetryArg> for Symmetry {
    fn from(arg: SymmetryArg) -> Symmetry {
        match arg {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

/// The rules the flags describe ([`RuleFlags`]), on the grids of a named layout; 9x9 unless a
/// size, box or alphabet says otherwise.
fn spec(flags: &RuleArgs, layout_name: Option<&str>) -> Result<Spec, CliError> {
    let flags = RuleFlags::new(flags)?;
    let size = flags.size.unwrap_or(9);
    let grids = match layout_name {
        None => Vec::new(),
        Some(name) => {
            let grids = layout(name).ok_or_else(|| {
                CliError::Usage(format!(
                    "--layout: unknown layout {name:?} (known: samurai, twodoku, butterfly, flower)"
                ))
            })?;
            if size != 9 {
                return Err(CliError::Usage(format!(
                    "--layout: the named layouts are made of 9x9 grids, not {size}x{size}"
                )));
            }
            grids
        }
    };
    let spec = flags
        .spec(size)
        .map_err(|e| CliError::Usage(format!("--symbols: {e}")))?;
    Ok(Spec { grids, ..spec })
}

/// Whether a puzzle line says all of `spec`: a line read back without flags is a plain
/// sudoku of its side, with the most square boxes, in the default alphabet.
fn line_says_all(spec: &Spec) -> bool {
    let n = spec.size;
    let default_symbols = Alphabet::Default.symbols_for(n).ok();
    let normal = Spec {
        box_shape: spec.box_shape.filter(|&shape| shape != default_box(n)),
        symbols: spec
            .symbols
            .clone()
            .filter(|s| Some(s) != default_symbols.as_ref()),
        ..spec.clone()
    };
    normal == Spec::new(n)
}

/// The rule flags given, as typed: what `check` needs to read bare lines back.
fn rule_flags(rules: &RuleArgs) -> String {
    let mut flags = Vec::new();
    if let Some(n) = rules.size {
        flags.push(format!("--size {n}"));
    }
    if let Some((r, c)) = rules.box_shape {
        flags.push(format!("--box {r}x{c}"));
    }
    if let Some(symbols) = &rules.symbols {
        flags.push(format!("--symbols {symbols}"));
    }
    for (on, flag) in [
        (rules.diagonals, "--diagonals"),
        (rules.windoku, "--windoku"),
        (rules.anti_knight, "--anti-knight"),
        (rules.anti_king, "--anti-king"),
        (rules.non_consecutive, "--non-consecutive"),
    ] {
        if on {
            flags.push(flag.to_string());
        }
    }
    flags.join(" ")
}

/// A seed when none is given: the clock and the process id.
pub fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut rng = sudokux::sudoku::generate::Rng::new(nanos ^ u64::from(std::process::id()) << 32);
    // Keep it short enough to type back.
    rng.next_u64() % 1_000_000_000
}

/// The generator the arguments describe (rules, settings, the difficulty asked for), and
/// whether a puzzle line says all of its rules.
pub fn generator(args: &GenerateArgs) -> Result<(Generator, bool), CliError> {
    if args.jigsaw && args.box_shape_given() {
        return Err(CliError::Usage(
            "--jigsaw replaces the boxes: leave out --box".into(),
        ));
    }
    let spec = spec(&args.rules, args.layout.as_deref())?;
    let says_all = line_says_all(&spec);
    let settings = {
        let mut settings = Settings::default();
        settings.symmetry = args.symmetry.into();
        settings.minimal = args.minimal;
        settings.givens = args.givens;
        settings.jigsaw = args.jigsaw;
        settings.killer = args.killer;
        settings.check_nodes = args.check_nodes;
        settings.timeout = args.timeout;
        settings
    };
    let mut generator = Generator::new(spec, settings).map_err(|e| match e {
        GenerateError::Rules(e) => CliError::Usage(e.to_string()),
        e => CliError::Usage(e.to_string()),
    })?;
    if let Some(wanted) = args.difficulty {
        // The grade of `explain`: the hardest technique logic needs, or needs-search.
        generator = generator.with_filter(move |rules, puzzle| {
            sudokux::sudoku::logic::grade(rules, puzzle).is_ok_and(|grade| grade == wanted)
        });
    }
    Ok((generator, says_all))
}

pub fn run(args: GenerateArgs) -> Result<Exit, CliError> {
    let (mut generator, says_all) = generator(&args)?;
    let state = Arc::new(progress::Generating::default());
    let shared = Arc::clone(&state);
    generator = generator.with_progress(move |index, givens| {
        shared.index.store(index, Ordering::Relaxed);
        shared.givens.store(givens as u64, Ordering::Relaxed);
    });
    // Rules a line cannot say are written in a puzzle file, unless lines are asked for.
    let lines_lose_rules = !says_all && args.format == Some(GenerateFormat::Line);
    let files = args.jigsaw
        || args.killer
        || args.layout.is_some()
        || args.toml
        || args.format == Some(GenerateFormat::Toml)
        || (!says_all && args.format.is_none());
    if files && args.count > 1 && args.dir.is_none() && args.format != Some(GenerateFormat::Url) {
        return Err(CliError::Usage(
            if args.jigsaw || args.killer || args.layout.is_some() {
                "jigsaw, killer and multi-grid puzzles are TOML files, one puzzle each: give --dir DIR to write several".into()
            } else {
                format!(
                    "puzzle lines do not carry the rules of {}: puzzles are TOML files, one \
                 each, so give --dir DIR to write several (or --format line for bare lines, \
                 read back with the same flags, or --format url)",
                    rule_flags(&args.rules)
                )
            },
        ));
    }
    if lines_lose_rules && !(args.jigsaw || args.killer || args.layout.is_some() || args.toml) {
        say!(
            "sudokux: note: puzzle lines do not carry the rules: read them back with the same \
             flags (sudokux check {})",
            rule_flags(&args.rules)
        );
    }
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).map_err(|source| CliError::Write {
            path: dir.clone(),
            source,
        })?;
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(usize::try_from(args.count).unwrap_or(usize::MAX));
    interrupt::install();

    let started = Instant::now();
    let mut written = Written::default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let interactive = io::IsTerminal::is_terminal(&io::stdout());
    let make = |k| generator.generate(seed, k);
    let shown = progress::wanted(args.progress) && !args.quiet;
    let result = progress::generate(shown, args.count, &state, || {
        batch::in_order(jobs, args.count, make, |made| {
            // Puzzles are made in any order; they are written in order 1, 2, ...
            for (k, made) in made {
                write(&args, files, k, made, &mut out, &mut written)?;
                state.written.fetch_add(1, Ordering::Relaxed);
                if interactive {
                    out.flush()?;
                }
                if written.failed > 0 {
                    break;
                }
            }
            out.flush()
        })
    });
    match reader_gone(result) {
        Ok(false) => {}
        Ok(true) => return Ok(Exit::Ok),
        Err(error) => return Err(written.error.take().unwrap_or(CliError::Output(error))),
    }
    if !args.quiet {
        let seconds = started.elapsed().as_secs_f64();
        let rate = written.puzzles as f64 / seconds.max(1e-9);
        let average = written.givens as f64 / (written.puzzles.max(1)) as f64;
        if written.puzzles == 0 {
            say!("sudokux: no puzzle written, in {seconds:.2} s, seed {seed}");
        } else {
            say!(
                "sudokux: {} puzzle{}, {average:.1} givens on average, in {seconds:.2} s ({rate:.1} puzzles/s), seed {seed}",
                written.puzzles,
                if written.puzzles == 1 { "" } else { "s" },
            );
        }
    }
    if interrupt::interrupted() {
        return Ok(Exit::Interrupted);
    }
    Ok(if written.out_of_time > 0 {
        Exit::Unknown
    } else if written.failed > 0 {
        Exit::NotUnique
    } else {
        Exit::Ok
    })
}

impl GenerateArgs {
    fn box_shape_given(&self) -> bool {
        self.rules.box_shape.is_some()
    }
}

/// What has been written so far.
#[derive(Default)]
struct Written {
    puzzles: u64,
    givens: u64,
    failed: u64,
    /// Puzzles that --timeout cut short (written or not).
    out_of_time: u64,
    /// A file that could not be written.
    error: Option<CliError>,
}

/// Writes puzzle `k`, or says why it could not be made.
fn write(
    args: &GenerateArgs,
    files: bool,
    k: u64,
    made: Result<Generated, GenerateError>,
    out: &mut impl Write,
    written: &mut Written,
) -> io::Result<()> {
    let made = match made {
        Ok(made) => made,
        Err(error) => {
            say!("sudokux: puzzle {k}: {error}");
            if matches!(error, GenerateError::OutOfTime) {
                written.out_of_time += 1;
            }
            written.failed += 1;
            return Ok(());
        }
    };
    if made.out_of_time {
        written.out_of_time += 1;
        say!(
            "sudokux: puzzle {k}: --timeout reached at {} givens; the puzzle is unique{}",
            made.givens,
            if args.minimal {
                " but not proved minimal"
            } else {
                ", more givens might go"
            }
        );
    }
    if !made.target_reached {
        if let Some(target) = args.givens {
            say!(
                "sudokux: puzzle {k}: the target of {target} givens was not reached; the best found has {}",
                made.givens
            );
        }
    }
    // Counted once written: the summary says what was written.
    let count = |written: &mut Written| {
        written.puzzles += 1;
        written.givens += made.givens as u64;
    };
    if args.format == Some(GenerateFormat::Url) {
        let file = PuzzleFile {
            rules: made.rules.clone(),
            givens: made.puzzle.clone(),
            meta: Meta::default(),
        };
        return match fpuzzles::links(&file) {
            Ok((_, sudokupad)) => {
                writeln!(out, "{sudokupad}")?;
                count(written);
                Ok(())
            }
            Err(error) => {
                say!("sudokux: puzzle {k}: {error}");
                written.failed += 1;
                Ok(())
            }
        };
    }
    match &args.dir {
        Some(dir) => {
            let width = args.count.to_string().len().max(4);
            let path = dir.join(format!("puzzle-{k:0width$}.toml"));
            write_file(&path, to_toml(&made.rules, &made.puzzle).as_bytes()).map_err(|e| {
                let message = e.to_string();
                written.error = Some(CliError::Write { path, source: e });
                io::Error::other(message)
            })?;
        }
        None if files => out.write_all(to_toml(&made.rules, &made.puzzle).as_bytes())?,
        None => writeln!(out, "{}", made.rules.format_line(&made.puzzle))?,
    }
    count(written);
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
}
