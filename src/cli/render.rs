//! `sudokux render`: one puzzle drawn as an SVG (by the library) or a PNG (rasterized here with
//! resvg, using fonts built into the binary).

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use resvg::{tiny_skia, usvg};
use sudokux::sudoku::file::{from_json, from_toml};
use sudokux::sudoku::render::{svg, Style};
use sudokux::sudoku::{Engine, Grid, Rules, Solver};

use crate::args::{EngineKind, RenderArgs, RuleArgs};
use crate::error::{CliError, Exit};
use crate::run::{detect, Engines, Format, MAX_RULE_FILE};

/// DejaVu Sans, regular and bold (Bitstream Vera licence, in `assets/fonts/`): the PNG's
/// text never depends on the fonts of the machine it is drawn on.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// Where the picture goes.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// An SVG file, and a PNG beside it when `--png` asks for one.
    Svg { path: PathBuf, png: Option<PathBuf> },
    /// A PNG file.
    Png(PathBuf),
    /// Standard output, SVG or PNG.
    Stdout { png: bool },
}

impl Target {
    fn of(output: Option<&Path>, png: bool) -> Target {
        match output {
            None => Target::Stdout { png },
            Some(path) if path.as_os_str() == "-" => Target::Stdout { png },
            Some(path) if has_extension(path, "png") => Target::Png(path.to_path_buf()),
            Some(path) => Target::Svg {
                path: path.to_path_buf(),
                png: png.then(|| path.with_extension("png")),
            },
        }
    }
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

pub fn run(args: RenderArgs) -> Result<Exit, CliError> {
    let target = Target::of(args.output.as_deref(), args.png);
    if target == (Target::Stdout { png: true }) && io::stdout().is_terminal() {
        return Err(CliError::Usage(
            "a PNG is not for a terminal: give -o FILE.png, or redirect stdout".into(),
        ));
    }
    let (name, rules, givens, line) = load_puzzle(args.input.as_deref(), args.index, &args.rules)?;
    let input_error = |message: String| CliError::Input {
        name: name.clone(),
        message,
    };
    let at = |message: String| match line {
        Some(line) => input_error(format!("line {line}: {message}")),
        None => input_error(message),
    };
    rules.check_givens(&givens).map_err(|e| at(e.to_string()))?;

    let mut exit = Exit::Ok;
    let solution = if args.solve {
        let answer = Solver::new(rules.clone())
            .enumerate_bounded(&givens, Some(2), 1, args.limits.budget())
            .map_err(|e| at(e.to_string()))?;
        let where_ = line.map(|l| format!("line {l}: ")).unwrap_or_default();
        let stopped = answer.cut_short(Some(2));
        let limit = args.limits.describe();
        match answer.count {
            0 if stopped => {
                eprintln!(
                    "sudokux: {name}: {where_}{limit} stopped the search before it found a \
                     solution; drawing the givens alone"
                );
                exit = Exit::Unknown;
            }
            0 => {
                eprintln!("sudokux: {name}: {where_}no solution; drawing the givens alone");
                exit = Exit::NotUnique;
            }
            1 if stopped => {
                eprintln!(
                    "sudokux: {name}: {where_}{limit} stopped the search before it proved \
                     the solution unique; drawing the one found"
                );
                exit = Exit::Unknown;
            }
            1 => {}
            _ => eprintln!("sudokux: {name}: {where_}several solutions; drawing one of them"),
        }
        answer.solutions.into_iter().next()
    } else {
        None
    };

    let style = Style {
        cell: f64::from(args.cell),
        ..Style::default()
    };
    let picture = svg(&rules, &givens, solution.as_ref(), &style).map_err(|e| at(e.to_string()))?;
    match target {
        Target::Stdout { png } => {
            let bytes = if png {
                to_png(&picture)?
            } else {
                picture.into_bytes()
            };
            let mut out = io::stdout().lock();
            match out.write_all(&bytes).and_then(|()| out.flush()) {
                // A reader that went away is not an error.
                Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error.into()),
                _ => {}
            }
        }
        Target::Png(path) => write_file(&path, &to_png(&picture)?)?,
        Target::Svg { path, png } => {
            write_file(&path, picture.as_bytes())?;
            if let Some(png) = png {
                write_file(&png, &to_png(&picture)?)?;
            }
        }
    }
    Ok(exit)
}

/// Writes a file, or says which one could not be written.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|source| CliError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads the `index`-th puzzle (from 1) of a file, or of stdin for `None` or `-`: the input's
/// name, the puzzle's rules (from the file, or from the rule flags for puzzle lines), the
/// puzzle, and the line it starts at (for puzzle lines). Shared by the single-puzzle commands
/// (`render`, `explain`, `hint`).
pub(crate) fn load_puzzle(
    input: Option<&Path>,
    index: usize,
    flags: &RuleArgs,
) -> Result<(String, Rules, Grid, Option<usize>), CliError> {
    let name = input.map_or_else(|| "-".to_string(), |p| p.display().to_string());
    let input_error = |message: String| CliError::Input {
        name: name.clone(),
        message,
    };
    let (rules, givens, line) = if name == "-" {
        read_puzzle(&name, &mut io::stdin().lock(), index, flags)?
    } else {
        let file = File::open(&name).map_err(|e| input_error(format!("cannot open: {e}")))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(input_error("is a directory".into()));
        }
        read_puzzle(&name, &mut BufReader::new(file), index, flags)?
    };
    Ok((name, rules, givens, line))
}

/// The `index`-th puzzle of an input, its rules, and the line it starts at (for puzzle lines).
fn read_puzzle(
    name: &str,
    reader: &mut dyn BufRead,
    index: usize,
    flags: &RuleArgs,
) -> Result<(Rules, Grid, Option<usize>), CliError> {
    let input_error = |message: String| CliError::Input {
        name: name.to_string(),
        message,
    };
    let mut engines = Engines::new(EngineKind::Dlx, flags)?;
    match detect(name, reader) {
        Format::Lines(layout) => {
            let mut entries = engines.reader(reader, layout);
            let mut seen = 0;
            let entry = loop {
                match entries.next() {
                    None if seen == 0 => return Err(input_error("no puzzle in the input".into())),
                    None => {
                        return Err(input_error(format!(
                            "puzzle {} asked, the input has {seen}",
                            index
                        )))
                    }
                    Some(Ok(entry)) => {
                        seen += 1;
                        if seen == index {
                            break entry;
                        }
                    }
                    Some(Err(error)) => {
                        seen += 1;
                        if seen == index {
                            return Err(input_error(error.to_string()));
                        }
                    }
                }
            };
            drop(entries);
            let rules = engines
                .get(entry.grid.rows())
                .map_err(|e| input_error(format!("line {}: {e}", entry.line)))?
                .rules()
                .clone();
            Ok((rules, entry.grid, Some(entry.line)))
        }
        format => {
            if engines.flags_given {
                eprintln!(
                    "sudokux: {name}: rule flags ignored: a puzzle file carries its own rules"
                );
            }
            if index != 1 {
                return Err(input_error(format!(
                    "a puzzle file holds one puzzle, --index {} asked for another",
                    index
                )));
            }
            let mut text = String::new();
            reader
                .take(MAX_RULE_FILE + 1)
                .read_to_string(&mut text)
                .map_err(|e| input_error(format!("cannot read: {e}")))?;
            if text.len() as u64 > MAX_RULE_FILE {
                return Err(input_error(format!(
                    "a puzzle file is at most {} MiB",
                    MAX_RULE_FILE >> 20
                )));
            }
            let file = match format {
                Format::Json => from_json(&text),
                _ => from_toml(&text),
            }
            .map_err(|e| input_error(e.to_string()))?;
            Ok((file.rules, file.givens, None))
        }
    }
}

/// The SVG rasterized at one pixel per user unit, on the embedded fonts only.
fn to_png(svg: &str) -> Result<Vec<u8>, CliError> {
    let mut fonts = usvg::fontdb::Database::new();
    for font in FONTS {
        fonts.load_font_data(font.to_vec());
    }
    fonts.set_sans_serif_family("DejaVu Sans");
    let options = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| CliError::Png(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| CliError::Png(format!("{}x{} pixels", size.width(), size.height())))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| CliError::Png(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        let svg = Path::new("a.svg");
        assert_eq!(Target::of(None, false), Target::Stdout { png: false });
        assert_eq!(
            Target::of(Some(Path::new("-")), true),
            Target::Stdout { png: true }
        );
        assert_eq!(
            Target::of(Some(Path::new("x/a.PNG")), false),
            Target::Png("x/a.PNG".into())
        );
        assert_eq!(
            Target::of(Some(svg), true),
            Target::Svg {
                path: svg.into(),
                png: Some("a.png".into())
            }
        );
        assert_eq!(
            Target::of(Some(svg), false),
            Target::Svg {
                path: svg.into(),
                png: None
            }
        );
    }
}
