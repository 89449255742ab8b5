//! `sudokux render`, through the real binary: the SVG read back as XML and checked against the
//! puzzle files, the PNG decoded and looked at pixel by pixel.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use resvg::tiny_skia::Pixmap;
use roxmltree::{Document, Node};
use sudokux::sudoku::file::from_toml;
use sudokux::sudoku::PuzzleFile;

use common::sudokux;

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

fn puzzle_file(name: &str) -> PuzzleFile {
    from_toml(&std::fs::read_to_string(example(name)).unwrap()).unwrap()
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokux-render-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Renders with `args`, expecting success and an SVG on stdout.
fn render_svg(args: &[&str], stdin: &str) -> String {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    let output = sudokux(&all, stdin);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    String::from_utf8(output.stdout).unwrap()
}

fn class_is(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|c| c == class))
}

/// Elements named `tag` with class `class`.
fn elements<'a>(doc: &'a Document, tag: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && class_is(n, class))
        .collect()
}

/// The children named `tag` of the group with class `class`.
fn in_group<'a>(doc: &'a Document, class: &str, tag: &str) -> Vec<Node<'a, 'a>> {
    elements(doc, "g", class)
        .iter()
        .flat_map(|g| g.children().filter(|n| n.has_tag_name(tag)))
        .collect()
}

fn number(node: &Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// The grid read back from the digits' positions: the cell side is 48 and the grid starts at
/// (24, 24 + caption).
fn digits_at(doc: &Document, class: &str, top: f64) -> Vec<((usize, usize), String)> {
    elements(doc, "text", class)
        .iter()
        .map(|t| {
            let (x, y) = (number(t, "x"), number(t, "y"));
            let cell = (((y - top) / 48.0) as usize, ((x - 24.0) / 48.0) as usize);
            (cell, t.text().unwrap().to_string())
        })
        .collect()
}

/// A numeric attribute of an element.
fn coordinate(node: &roxmltree::Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

#[test]
fn killer_svg_has_every_given_and_every_cage_sum() {
    let file = puzzle_file("killer.toml");
    let svg = render_svg(&[&example("killer.toml")], "");
    let doc = Document::parse(&svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let givens = file.givens.cells().iter().filter(|&&d| d != 0).count();
    assert_eq!(elements(&doc, "text", "given").len(), givens);
    assert_eq!(elements(&doc, "text", "solved").len(), 0);
    let mut sums: Vec<String> = elements(&doc, "text", "sum")
        .iter()
        .map(|t| t.text().unwrap().to_string())
        .collect();
    let mut expected: Vec<String> = file
        .rules
        .cages()
        .map(|(cage, _)| cage.sum.to_string())
        .collect();
    sums.sort();
    expected.sort();
    assert_eq!(sums, expected);
    // One dashed outline per cage.
    assert_eq!(in_group(&doc, "cages", "path").len(), expected.len());
    // Each cage carries its number, 1 to n in the file's order, as explain names it
    // ("cage 10"), in the lower corner of its last cell: below its sum.
    let numbers = elements(&doc, "text", "cage-number");
    let sum_at: Vec<f64> = elements(&doc, "text", "sum")
        .iter()
        .map(|t| coordinate(t, "y"))
        .collect();
    let listed: Vec<String> = numbers.iter().map(|t| t.text().unwrap().into()).collect();
    let wanted: Vec<String> = (1..=expected.len()).map(|k| k.to_string()).collect();
    assert_eq!(listed, wanted);
    for (number, sum_y) in numbers.iter().zip(&sum_at) {
        assert!(coordinate(number, "y") > *sum_y);
    }
    let caption = elements(&doc, "text", "caption");
    assert_eq!(caption[0].text(), Some("killer (31 cages)"));
}

#[test]
fn jigsaw_borders_follow_the_regions() {
    let text = std::fs::read_to_string(example("jigsaw.toml")).unwrap();
    // The region map, read straight from the file: the lines after `regions = """`.
    let map: Vec<Vec<char>> = text
        .split("regions = \"\"\"")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take(9)
        .map(|l| l.chars().collect())
        .collect();
    let mut inner = 0;
    for r in 0..9 {
        for c in 0..9 {
            inner += usize::from(c + 1 < 9 && map[r][c] != map[r][c + 1]);
            inner += usize::from(r + 1 < 9 && map[r][c] != map[r + 1][c]);
        }
    }
    let svg = render_svg(&[&example("jigsaw.toml")], "");
    let doc = Document::parse(&svg).unwrap();
    // One thick line per cell edge between regions, and 36 around the grid.
    assert_eq!(in_group(&doc, "borders", "line").len(), inner + 36);
    // A classic grid for comparison: two box lines each way.
    let svg = render_svg(&[], PUZZLE);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(in_group(&doc, "borders", "line").len(), 36 + 36);
}

#[test]
fn samurai_holes_are_blank_and_the_solution_is_drawn_where_it_lies() {
    let file = puzzle_file("samurai.toml");
    let svg = render_svg(&["--solve", &example("samurai.toml")], "");
    let doc = Document::parse(&svg).unwrap();
    let cells = in_group(&doc, "cells", "rect");
    assert_eq!(cells.len(), file.rules.cell_count());
    // Caption line: the grid starts 36 lower.
    let top = 24.0 + 36.0;
    for rect in &cells {
        let (r, c) = (
            ((number(rect, "y") - top) / 48.0) as usize,
            ((number(rect, "x") - 24.0) / 48.0) as usize,
        );
        assert!(file.rules.is_active(r * 21 + c), "a cell drawn at r{r}c{c}");
    }
    // No line crosses the hole left of the centre grid (rows 10-12, columns 1-6).
    for line in in_group(&doc, "borders", "line")
        .iter()
        .chain(in_group(&doc, "cells", "rect").iter())
    {
        let x = number(line, if line.has_tag_name("line") { "x1" } else { "x" });
        let y = number(line, if line.has_tag_name("line") { "y1" } else { "y" });
        let inside_hole =
            x < 24.0 + 6.0 * 48.0 - 1.0 && y > top + 9.0 * 48.0 && y < top + 12.0 * 48.0;
        assert!(!inside_hole, "something drawn at ({x}, {y})");
    }
    // Givens and solved digits together spell the solution file.
    let solution = std::fs::read_to_string(example("samurai.solution")).unwrap();
    let solution: Vec<char> = solution.trim().chars().collect();
    let mut drawn = vec!['.'; 21 * 21];
    for class in ["given", "solved"] {
        for ((r, c), text) in digits_at(&doc, class, top) {
            assert_eq!(text.chars().count(), 1);
            assert_eq!(drawn[r * 21 + c], '.', "two digits at r{r}c{c}");
            drawn[r * 21 + c] = text.chars().next().unwrap();
        }
    }
    assert_eq!(drawn, solution);
    let givens = file.givens.cells().iter().filter(|&&d| d != 0).count();
    assert_eq!(elements(&doc, "text", "given").len(), givens);
}

#[test]
fn variants_are_shaded_and_named() {
    let doc_of = |name: &str| render_svg(&[&example(name)], "");
    let x = doc_of("x-sudoku.toml");
    let doc = Document::parse(&x).unwrap();
    // Two diagonals of nine cells.
    assert_eq!(in_group(&doc, "diagonal", "rect").len(), 18);
    let windoku = doc_of("windoku.toml");
    let doc = Document::parse(&windoku).unwrap();
    assert_eq!(in_group(&doc, "window", "rect").len(), 36);
    let unit = doc_of("unit.toml");
    let doc = Document::parse(&unit).unwrap();
    assert_eq!(in_group(&doc, "unit", "rect").len(), 9);
    let knight = doc_of("anti-knight.toml");
    assert!(knight.contains("anti-knight: no digit repeats a knight's move away"));
}

#[test]
fn puzzle_lines_from_stdin_and_by_index() {
    let svg = render_svg(&["--solve"], PUZZLE);
    let doc = Document::parse(&svg).unwrap();
    let givens = PUZZLE.chars().filter(|&c| c != '.').count();
    assert_eq!(elements(&doc, "text", "given").len(), givens);
    assert_eq!(elements(&doc, "text", "solved").len(), 81 - givens);

    let two = format!("{}\n{PUZZLE}\n", ".".repeat(81));
    let svg = render_svg(&["--index", "2"], &two);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(elements(&doc, "text", "given").len(), givens);
    let output = sudokux(&["render", "--index", "3"], &two);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "sudokux: -: puzzle 3 asked, the input has 2\n"
    );
}

#[test]
fn bad_input_says_where_and_exits_2() {
    let conflict = format!("{}\n..5....5.{}\n", ".".repeat(81), ".".repeat(72));
    let output = sudokux(&["render", "--index", "2"], &conflict);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "sudokux: -: line 2: r1c3 and r1c8 both hold 5 (row 1)\n"
    );
    assert!(output.stdout.is_empty());
    let output = sudokux(&["render", "no/such/file.toml"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("sudokux: no/such/file.toml: cannot open: "));
    let output = sudokux(
        &["render", &example("killer.toml"), "-o", "no/such/dir/k.svg"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("sudokux: cannot write no/such/dir/k.svg: "));
    // A name that says another format is refused before anything is written, never given an
    // SVG under a name that says JPEG.
    let dir = scratch("jpg");
    let jpg = dir.join("k.jpg");
    let output = sudokux(
        &[
            "render",
            &example("killer.toml"),
            "-o",
            jpg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!(
            "sudokux: {}: render writes SVG or PNG pictures: give a name that ends in .svg or \
             .png, or - for stdout\n",
            jpg.display()
        )
    );
    assert!(!jpg.exists());
}

#[test]
fn no_solution_draws_the_givens_and_exits_1() {
    let none = "12345678.........9...............................................................";
    let output = sudokux(&["render", "--solve"], none);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "sudokux: -: line 1: no solution; drawing the givens alone\n"
    );
    let doc_text = String::from_utf8(output.stdout).unwrap();
    let doc = Document::parse(&doc_text).unwrap();
    assert_eq!(elements(&doc, "text", "given").len(), 9);
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |k: usize| u32::from_be_bytes(bytes[k..k + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn png_has_the_signature_the_size_and_visible_digits() {
    let dir = scratch("png");
    let png = dir.join("killer.png");
    let output = sudokux(
        &[
            "render",
            "--solve",
            &example("killer.toml"),
            "-o",
            png.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let bytes = std::fs::read(&png).unwrap();
    // 9 cells of 48 and a margin of 24 each side; a caption line of 36 on top.
    assert_eq!(png_size(&bytes), (9 * 48 + 48, 9 * 48 + 48 + 36));

    // A 4x4 with one given and its solution, read back pixel by pixel: the digits are drawn
    // with the embedded font (no system font is looked up), black for the given, blue for
    // the solved ones.
    let four = "1...............";
    let output = sudokux(&["render", "--solve", "--png", "-o", "-"], four);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(png_size(&output.stdout), (4 * 48 + 48, 4 * 48 + 48));
    let pixmap = Pixmap::decode_png(&output.stdout).unwrap();
    // Pixels well inside the cell (r, c), clear of its lines.
    let inside = |r: u32, c: u32| {
        let (x0, y0) = (24 + c * 48 + 8, 24 + r * 48 + 8);
        let pixmap = &pixmap;
        (y0..y0 + 32).flat_map(move |y| {
            (x0..x0 + 32).map(move |x| {
                let p = pixmap.pixel(x, y).unwrap();
                (p.red(), p.green(), p.blue())
            })
        })
    };
    let black = |(r, g, b): (u8, u8, u8)| r < 60 && g < 60 && b < 60;
    let blue = |(r, g, b): (u8, u8, u8)| b > 150 && r < 100 && g < 150;
    assert!(inside(0, 0).filter(|&p| black(p)).count() > 40);
    assert_eq!(inside(0, 0).filter(|&p| blue(p)).count(), 0);
    for (r, c) in [(0, 1), (2, 2), (3, 3)] {
        assert!(inside(r, c).filter(|&p| blue(p)).count() > 40, "r{r}c{c}");
        assert_eq!(inside(r, c).filter(|&p| black(p)).count(), 0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn png_beside_an_svg() {
    let dir = scratch("both");
    let svg = dir.join("jigsaw.svg");
    let output = sudokux(
        &[
            "render",
            "--png",
            &example("jigsaw.toml"),
            "-o",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = std::fs::read_to_string(&svg).unwrap();
    Document::parse(&text).unwrap();
    let png = std::fs::read(dir.join("jigsaw.png")).unwrap();
    assert_eq!(png_size(&png), (480, 480 + 36));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readme_picture_is_what_render_draws() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/samurai.svg");
    let committed = std::fs::read_to_string(&path).unwrap();
    let drawn = render_svg(&[&example("samurai.toml")], "");
    assert!(
        committed == drawn,
        "docs/samurai.svg is out of date: run `sudokux render examples/samurai.toml -o docs/samurai.svg`"
    );
}

/// Lines and arrows carry their numbers, 1 to n in the file's order, as `explain` and the
/// error messages name them (`thermometer 3`, `arrow 2`): a line's in its first cell, an
/// arrow's in its tip's cell.
#[test]
fn lines_and_arrows_are_numbered_as_explain_names_them() {
    for (file, key, field, class, at_end) in [
        (
            "thermometer.toml",
            "thermometer",
            "cells",
            "line-number",
            false,
        ),
        ("whispers.toml", "whispers", "cells", "line-number", false),
        ("arrow.toml", "arrow", "shaft", "arrow-number", true),
    ] {
        let text = std::fs::read_to_string(example(file)).unwrap();
        let table: toml::Table = text.parse().unwrap();
        let cells: Vec<(usize, usize)> = table[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|instance| {
                let list: Vec<&str> = instance[field].as_str().unwrap().split(' ').collect();
                let cell = if at_end {
                    list[list.len() - 1]
                } else {
                    list[0]
                };
                let (r, c) = cell[1..].split_once('c').unwrap();
                (
                    r.parse::<usize>().unwrap() - 1,
                    c.parse::<usize>().unwrap() - 1,
                )
            })
            .collect();
        let svg = render_svg(&[&example(file)], "");
        let doc = Document::parse(&svg).expect("well-formed XML");
        let numbers = elements(&doc, "text", class);
        let listed: Vec<String> = numbers.iter().map(|t| t.text().unwrap().into()).collect();
        let wanted: Vec<String> = (1..=cells.len()).map(|k| k.to_string()).collect();
        assert_eq!(listed, wanted, "{file}");
        // The cells' backgrounds, in reading order, say where each cell is.
        let rects = in_group(&doc, "cells", "rect");
        assert_eq!(rects.len(), 81, "{file}");
        for (number, &(r, c)) in numbers.iter().zip(&cells) {
            let rect = &rects[r * 9 + c];
            let (x, y) = (coordinate(number, "x"), coordinate(number, "y"));
            let (left, top) = (coordinate(rect, "x"), coordinate(rect, "y"));
            let side = coordinate(rect, "width");
            assert!(
                (left..=left + side).contains(&x) && (top..=top + side).contains(&y),
                "{file}: number {} at ({x}, {y}) is not in r{}c{}",
                number.text().unwrap(),
                r + 1,
                c + 1
            );
        }
    }
}
