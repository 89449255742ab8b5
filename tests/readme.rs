//! Every transcript in README.md, in the guide (every Markdown file under `docs/`) and in the
//! commands' `--help` is run, and its output compared; the links between them lead somewhere,
//! and README stays a short front door.
//!
//! A transcript is a fenced code block (any info string; README writes them as `console`)
//! whose lines start with `$ `: each such line is a command, and the lines after it, up to the
//! next command or the end of the block, are what it prints, stdout and stderr together as a
//! terminal shows them. In `--help`, a transcript is a run of indented lines starting with
//! `$ `, up to the first blank line. The command runs under `sh` with the `sudokux` just built
//! first on `PATH`, in a scratch directory where `examples`, `tests` and `docs` are the
//! repository's, so that a command writing a file writes it there.
//!
//! Two placeholders stand for what changes from run to run (timings, how far a count got
//! before a signal), and nothing else is skipped:
//! - a line that is `...` alone matches any number of lines, none included;
//! - `…` inside a line matches any text within that line.
//!
//! A line `<!-- readme: interrupt after N s -->` just before a block sends Ctrl-C (SIGINT, to
//! the command's whole process group) N seconds after its command started; a line `^C` in
//! the block's output is then what the terminal echoes, not output, and is not compared.
//!
//! A line `<!-- readme: serve -->` just before a block starts `sudokux serve` on a free port
//! of 127.0.0.1 for each of its commands (stopped after it), and the commands' address
//! `127.0.0.1:8080` (the default one, as a reader types it) is replaced by the server's.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One command and what it is shown to print.
#[derive(Debug)]
struct Transcript {
    /// Where it is shown (`README.md:212`).
    place: String,
    command: String,
    expected: Vec<String>,
    /// Seconds after which Ctrl-C is sent.
    interrupt: Option<u64>,
    /// Run with `sudokux serve` listening.
    serve: bool,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The transcripts of a Markdown text.
fn markdown_transcripts(name: &str, text: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k];
        let trimmed = line.trim_start();
        if !trimmed.starts_with("```") {
            k += 1;
            continue;
        }
        let indent = line.len() - trimmed.len();
        let interrupt = k
            .checked_sub(1)
            .and_then(|p| {
                lines[p]
                    .trim()
                    .strip_prefix("<!-- readme: interrupt after ")
            })
            .map(|rest| {
                let seconds = rest.trim_end_matches(" s -->");
                seconds
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}:{k}: bad interrupt directive"))
            });
        let serve = k
            .checked_sub(1)
            .is_some_and(|p| lines[p].trim() == "<!-- readme: serve -->");
        k += 1;
        let mut block = Vec::new();
        while k < lines.len() && !lines[k].trim_start().starts_with("```") {
            let body = lines[k];
            let cut = indent.min(body.len() - body.trim_start().len());
            block.push((k + 1, &body[cut..]));
            k += 1;
        }
        k += 1;
        let mut current: Option<Transcript> = None;
        for (number, body) in block {
            if let Some(command) = body.strip_prefix("$ ") {
                found.extend(current.take());
                current = Some(Transcript {
                    place: format!("{name}:{number}"),
                    command: command.to_string(),
                    expected: Vec::new(),
                    interrupt,
                    serve,
                });
            } else if let Some(t) = current.as_mut() {
                t.expected.push(body.to_string());
            }
        }
        found.extend(current);
    }
    found
}

/// The transcripts of a `--help` text: indented `$ ` lines and the lines after them, up to a
/// blank line.
fn help_transcripts(name: &str, text: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut current: Option<(usize, Transcript)> = None;
    for (k, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(command) = trimmed.strip_prefix("$ ").filter(|_| indent > 0) {
            found.extend(current.take().map(|(_, t)| t));
            current = Some((
                indent,
                Transcript {
                    place: format!("{name}:{}", k + 1),
                    command: command.to_string(),
                    expected: Vec::new(),
                    interrupt: None,
                    serve: false,
                },
            ));
        } else if line.trim().is_empty() {
            found.extend(current.take().map(|(_, t)| t));
        } else if let Some((indent, t)) = current.as_mut() {
            let cut = (*indent).min(line.len() - trimmed.len());
            t.expected.push(line[cut..].to_string());
        }
    }
    found.extend(current.map(|(_, t)| t));
    found
}

/// Whether `actual` matches `pattern`, where `…` matches any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines `actual` match the lines `expected`, where a line `...` matches any
/// number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| line_matches(first, a) && lines_match(rest, tail)),
    }
}

/// A scratch directory where `examples`, `tests` and `docs` are the repository's.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["examples", "tests", "docs"] {
        std::os::unix::fs::symlink(root().join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// What `command` prints, stdout and stderr in the order written.
fn run(t: &Transcript, dir: &Path) -> String {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_sudokux"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let server = t.serve.then(|| Server::start(&binary));
    let command = match &server {
        Some(server) => t.command.replace("127.0.0.1:8080", &server.address),
        None => t.command.clone(),
    };
    // The shell sends stderr where stdout goes: one pipe, in the order written.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{{\n{command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("{}: cannot run sh: {e}", t.place));
    if let Some(seconds) = t.interrupt {
        std::thread::sleep(Duration::from_secs(seconds));
        let group = format!("-{}", child.id());
        let status = Command::new("kill")
            .args(["-INT", "--", &group])
            .status()
            .unwrap();
        assert!(status.success(), "{}: kill failed", t.place);
    }
    let mut output = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut output)
        .unwrap();
    child.wait().unwrap();
    String::from_utf8(output).unwrap_or_else(|e| panic!("{}: not UTF-8: {e}", t.place))
}

/// `sudokux serve` on a free port, for the commands of a `<!-- readme: serve -->` block;
/// stopped when dropped.
struct Server {
    child: std::process::Child,
    address: String,
}

impl Server {
    fn start(binary: &Path) -> Server {
        use std::io::BufRead;
        let mut child = Command::new(binary)
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, address }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs every transcript; panics with every mismatch at once.
fn check_all(transcripts: &[Transcript]) {
    let dir = scratch();
    let mut failures = Vec::new();
    for t in transcripts {
        let output = run(t, dir.path());
        let actual: Vec<&str> = output.lines().map(str::trim_end).collect();
        let expected: Vec<String> = t
            .expected
            .iter()
            .filter(|l| !(t.interrupt.is_some() && l.trim_end() == "^C"))
            .map(|l| l.trim_end().to_string())
            .collect();
        if !lines_match(&expected, &actual) {
            failures.push(format!(
                "{}: $ {}\n--- shown:\n{}\n--- printed:\n{}",
                t.place,
                t.command,
                expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} transcripts differ:\n\n{}",
        failures.len(),
        transcripts.len(),
        failures.join("\n\n")
    );
}

/// README.md and every Markdown file under `docs/` (the guide's chapters among them), by path
/// from the repository's root, in a fixed order.
fn documents() -> Vec<String> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&root().join("docs"), &mut found);
    let mut names: Vec<String> = found
        .iter()
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    names.sort();
    names.insert(0, "README.md".to_string());
    names
}

/// The text of a document, after checking that its fences pair up: a block left open turns the
/// next closing fence into an opening one and hides every transcript after it, so every opening
/// fence names its language.
fn document(name: &str) -> String {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let mut open = false;
    for (k, line) in text.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            assert!(
                open || !info.trim().is_empty(),
                "{name}:{}: a code block opens without a language (or the one before it \
                 was left open)",
                k + 1
            );
            open = !open;
        }
    }
    assert!(!open, "{name}: the last code block is left open");
    text
}

#[test]
fn every_transcript_in_the_readme_prints_what_it_shows() {
    let text = document("README.md");
    let transcripts = markdown_transcripts("README.md", &text);
    // The front door's tour shows ten; finding none would mean the convention was lost.
    assert!(transcripts.len() >= 8, "{transcripts:#?}");
    check_all(&transcripts);
}

#[test]
fn every_transcript_in_the_guide_prints_what_it_shows() {
    let mut transcripts = Vec::new();
    for name in documents().iter().filter(|n| *n != "README.md") {
        transcripts.extend(markdown_transcripts(name, &document(name)));
    }
    // The chapters show a score of them; finding none would mean the files were not found.
    assert!(transcripts.len() >= 15, "{transcripts:#?}");
    check_all(&transcripts);
}

#[test]
fn the_readme_is_a_short_front_door() {
    let lines = document("README.md").lines().count();
    assert!(
        lines < 300,
        "README.md has {lines} lines: it is the front door, the full text belongs in docs/guide/"
    );
    // The two commands CI runs, exactly as a new user copies them.
    let text = document("README.md");
    for command in [
        "cargo run --release -- solve examples/puzzles.txt",
        "cargo test",
    ] {
        assert!(text.contains(command), "README.md lacks `{command}`");
    }
}

/// The anchor GitHub gives a heading: lower case, spaces as `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of a Markdown text's inline links and images (`](target)`), outside code blocks,
/// with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (k, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for piece in line.split("](").skip(1) {
            if let Some(end) = piece.find(')') {
                found.push((k + 1, piece[..end].to_string()));
            }
        }
    }
    found
}

#[test]
fn every_link_of_the_readme_and_the_guide_leads_somewhere() {
    let mut broken = Vec::new();
    for name in documents() {
        let text = document(&name);
        let dir = root().join(&name).parent().unwrap().to_path_buf();
        for (line, target) in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                root().join(&name)
            } else {
                dir.join(file)
            };
            if !path.exists() {
                broken.push(format!("{name}:{line}: {target}: no such file"));
                continue;
            }
            if !fragment.is_empty() {
                let linked = std::fs::read_to_string(&path).unwrap_or_default();
                if !anchors(&linked).iter().any(|a| a == fragment) {
                    broken.push(format!("{name}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_chapter_of_the_guide_is_in_its_index() {
    let index = document("docs/guide/README.md");
    let linked: Vec<String> = links(&index).into_iter().map(|(_, t)| t).collect();
    let chapters: Vec<String> = documents()
        .into_iter()
        .filter_map(|n| n.strip_prefix("docs/guide/").map(str::to_string))
        .filter(|n| n != "README.md")
        .collect();
    assert!(chapters.len() >= 10, "{chapters:?}");
    for chapter in chapters {
        assert!(
            linked
                .iter()
                .any(|t| t.split('#').next() == Some(chapter.as_str())),
            "docs/guide/{chapter} is not listed in docs/guide/README.md"
        );
    }
}

#[test]
fn anchors_and_links_are_read_as_github_reads_them() {
    assert_eq!(
        anchor(" Hard killers: the 45 rule"),
        "hard-killers-the-45-rule"
    );
    assert_eq!(
        anchor(" Exact cover on its own: `sudokux xc`"),
        "exact-cover-on-its-own-sudokux-xc"
    );
    let text = "# A b\n```sh\n# not a heading [x](y)\n```\nsee [x](a.md#a-b) and ![p](i.png)\n";
    assert_eq!(anchors(text), ["a-b"]);
    assert_eq!(
        links(text),
        [(5, "a.md#a-b".to_string()), (5, "i.png".to_string())]
    );
}

/// Each subcommand's name, as `sudokux --help` lists them.
fn subcommands() -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_sudokux"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_transcript_in_the_help_prints_what_it_shows() {
    let commands = subcommands();
    assert!(commands.len() >= 10, "{commands:?}");
    let mut transcripts = Vec::new();
    for command in [None].into_iter().chain(commands.iter().map(Some)) {
        let mut args: Vec<&str> = command.iter().map(|c| c.as_str()).collect();
        args.push("--help");
        let output = Command::new(env!("CARGO_BIN_EXE_sudokux"))
            .args(&args)
            .output()
            .unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        let name = format!("sudokux {}", args.join(" "));
        transcripts.extend(help_transcripts(&name, &help));
    }
    // explain's help shows one.
    assert!(!transcripts.is_empty());
    check_all(&transcripts);
}

#[test]
fn the_placeholders_match_what_they_say_and_nothing_more() {
    assert!(line_matches(
        "in … s (… puzzles/s)",
        "in 0.31 s (322.6 puzzles/s)"
    ));
    assert!(line_matches(">=…", ">=1572462097920"));
    assert!(!line_matches(">=…", "1572462097920"));
    assert!(!line_matches("a…c", "a b c d"));
    assert!(line_matches("exact", "exact"));
    assert!(!line_matches("exact", "exactly"));
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &shown(&["1", "...", "4"]),
        &["1", "2", "3", "4"]
    ));
    assert!(lines_match(&shown(&["1", "...", "2"]), &["1", "2"]));
    assert!(!lines_match(&shown(&["1", "...", "4"]), &["1", "2", "3"]));
    assert!(!lines_match(&shown(&["1"]), &["1", "2"]));
}

#[test]
fn transcripts_are_found_in_any_fenced_block_and_in_help() {
    let text = "x\n```text\n$ a\nb\n$ c\n```\n  ```\n  $ d\n  e\n  ```\n```sh\nplain\n```\n";
    let found = markdown_transcripts("t", text);
    let pairs: Vec<(&str, Vec<String>)> = found
        .iter()
        .map(|t| (t.command.as_str(), t.expected.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("a", vec!["b".to_string()]),
            ("c", vec![]),
            ("d", vec!["e".to_string()])
        ]
    );
    let help = "Examples:\n  $ echo x\n  x\n\n  sudokux solve f\n";
    let found = help_transcripts("h", help);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].expected, ["x"]);
}
