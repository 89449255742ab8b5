//! `sudokux render`: one puzzle drawn as an SVG (by the library) or a PNG (rasterized here with
//! resvg, using fonts built into the binary).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use resvg::{tiny_skia, usvg};
use sudokux::sudoku::render::{svg, Style};
use sudokux::sudoku::{Engine, Grid, Solver};

use crate::args::RenderArgs;
use crate::error::{reader_gone, CliError, Exit};
use crate::input::{load_puzzle, OnePuzzle};

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
    /// Where `-o FILE` (or none) sends the picture. A file's name says what it holds, so a
    /// name that ends in neither `.svg` nor `.png` (`x.jpg`, `picture`) is refused rather
    /// than given an SVG under a name that says otherwise.
    fn of(output: Option<&Path>, png: bool) -> Result<Target, CliError> {
        Ok(match output {
            None => Target::Stdout { png },
            Some(path) if path.as_os_str() == "-" => Target::Stdout { png },
            Some(path) if has_extension(path, "png") => Target::Png(path.to_path_buf()),
            Some(path) if has_extension(path, "svg") => Target::Svg {
                path: path.to_path_buf(),
                png: png.then(|| path.with_extension("png")),
            },
            Some(path) => {
                return Err(CliError::Usage(format!(
                    "{}: render writes SVG or PNG pictures: give a name that ends in .svg or \
                     .png, or - for stdout",
                    path.display()
                )))
            }
        })
    }
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

pub fn run(args: RenderArgs) -> Result<Exit, CliError> {
    let target = Target::of(args.output.as_deref(), args.png)?;
    if target == (Target::Stdout { png: true }) && io::stdout().is_terminal() {
        return Err(CliError::Usage(
            "a PNG is not for a terminal: give -o FILE.png, or redirect stdout".into(),
        ));
    }
    let puzzle = load_puzzle(args.input.as_deref(), args.index, &args.rules)?;
    let (name, rules, givens) = (&puzzle.name, &puzzle.rules, &puzzle.givens);
    let at = |message: String| puzzle.error(format!("{}{message}", puzzle.at()));
    rules.check_givens(givens).map_err(|e| at(e.to_string()))?;

    let mut exit = Exit::Ok;
    let solution = if args.solve {
        let answer = Solver::new(rules.clone())
            .enumerate_bounded(givens, Some(2), 1, args.limits.budget())
            .map_err(|e| at(e.to_string()))?;
        let where_ = puzzle.at();
        let stopped = answer.cut_short(Some(2));
        let limit = args.limits.describe();
        match answer.count {
            0 if stopped => {
                say!(
                    "sudokux: {name}: {where_}{limit} stopped the search before it found a \
                     solution; drawing the givens alone"
                );
                exit = Exit::Unknown;
            }
            0 => {
                say!("sudokux: {name}: {where_}no solution; drawing the givens alone");
                exit = Exit::NotUnique;
            }
            1 if stopped => {
                say!(
                    "sudokux: {name}: {where_}{limit} stopped the search before it proved \
                     the solution unique; drawing the one found"
                );
                exit = Exit::Unknown;
            }
            1 => {}
            _ => say!("sudokux: {name}: {where_}several solutions; drawing one of them"),
        }
        answer.solutions.into_iter().next()
    } else {
        None
    };

    let picture = picture(&puzzle, solution.as_ref(), f64::from(args.cell))?;
    match target {
        Target::Stdout { png } => {
            let bytes = if png {
                to_png(&picture)?
            } else {
                picture.into_bytes()
            };
            let mut out = io::stdout().lock();
            reader_gone(out.write_all(&bytes).and_then(|()| out.flush()))?;
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

/// The SVG of a puzzle, with `solution`'s digits when given, cells of `cell` units: its
/// title and author (from its file) above the rules' own caption.
pub fn picture(puzzle: &OnePuzzle, solution: Option<&Grid>, cell: f64) -> Result<String, CliError> {
    let title = puzzle
        .meta
        .title
        .as_ref()
        .map(|title| match &puzzle.meta.author {
            Some(author) => format!("{title}, by {author}"),
            None => title.clone(),
        });
    let caption = title.map(|title| {
        let rules_caption = sudokux::sudoku::render::caption(&puzzle.rules);
        if rules_caption.is_empty() {
            title
        } else {
            format!("{title} · {rules_caption}")
        }
    });
    let style = Style { cell, caption };
    svg(&puzzle.rules, &puzzle.givens, solution, &style)
        .map_err(|e| puzzle.error(format!("{}{e}", puzzle.at())))
}

/// Writes a file, or says which one could not be written.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|source| CliError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The SVG rasterized at one pixel per user unit, on the embedded fonts only.
pub fn to_png(svg: &str) -> Result<Vec<u8>, CliError> {
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
        let of = |path: Option<&str>, png| Target::of(path.map(Path::new), png).ok();
        assert_eq!(of(None, false), Some(Target::Stdout { png: false }));
        assert_eq!(of(Some("-"), true), Some(Target::Stdout { png: true }));
        assert_eq!(
            of(Some("x/a.PNG"), false),
            Some(Target::Png("x/a.PNG".into()))
        );
        for refused in ["a.jpg", "a", "a.svg.txt", "dir/"] {
            assert_eq!(of(Some(refused), false), None, "{refused}");
        }
        assert_eq!(
            of(Some("a.svg"), true),
            Some(Target::Svg {
                path: svg.into(),
                png: Some("a.png".into())
            })
        );
        assert_eq!(
            of(Some("a.svg"), false),
            Some(Target::Svg {
                path: svg.into(),
                png: None
            })
        );
    }
}
