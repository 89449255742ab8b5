//! The house rules of docs/ARCHITECTURE.md, checked on the source tree itself:
//! - no import circles: no file of `src/` uses a module that uses it back, directly or through
//!   others (paths through `crate::`, `super::`, `self::` and child modules, resolved through
//!   `pub use` re-exports to the file that defines the item);
//! - the layers depend one way: `xc` never names `sudoku`, the library never names the CLI or
//!   clap;
//! - no file of `src/` over 600 lines before its unit tests, or 800 for one algorithm that
//!   reads best whole and says so at its top;
//! - every file of `tests/` is compiled: declared by a suite of `tests/suites/` or a test
//!   target of its own (Cargo.toml has `autotests = false`).
//! - no folder of `src/` holds more than about 20 files (a larger one is grouped by kind);
//! - every constraint family is one file of its group of `src/sudoku/rules/`, named as its
//!   field of the `families!` list and declared in its group's `mod.rs`, and whatever
//!   implements a family is in that list;
//! - the map of `src/sudoku/rules/` in docs/ARCHITECTURE.md names every file there, and only
//!   files that exist;
//! - every family is named by its key (a family of one key) and has the rest of its checklist:
//!   an example in `examples/` that writes one of its keys, and its keys in the table of
//!   docs/guide/variants.md.
//!
//! The reading of Rust is deliberately simple (comments, strings and `#[cfg(test)]` modules
//! are cut; paths are read token by token), which is enough for this code base's style: one
//! `use` per module path, no macros that name modules.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Lines a file may have before its unit tests.
const MAX_LINES: usize = 600;
/// Lines a file may have when it says at its top why it reads best whole.
const MAX_LINES_WHOLE: usize = 800;
/// The words that say so, in the file's first lines.
const WHOLE_MARK: &str = "reads best whole";

/// One source file as a module of one crate.
#[derive(Debug)]
struct Module {
    /// `lib` or `bin`.
    krate: &'static str,
    /// The module path inside the crate (empty for the root).
    path: Vec<String>,
    /// The code, with comments, strings and test modules cut.
    code: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text before the file's first `#[cfg(test)]` line.
fn before_tests(text: &str) -> &str {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("#[cfg(test)]") {
            return &text[..offset];
        }
        offset += line.len();
    }
    text
}

/// `text` with comments, string and char literals blanked out.
fn strip(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(text.len(), |e| i + e);
            i = end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(text.len(), |e| i + e + 2);
            i = end;
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let start = 2 + hashes;
            let end = rest[start..]
                .find(&close)
                .map_or(text.len(), |e| i + start + e + close.len());
            out.push_str("\"\"");
            i = end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if bytes[i] == b'\''
            && rest.len() >= 3
            && (rest[1..].starts_with('\\') || rest[2..].starts_with('\''))
        {
            // A char literal ('a', '\n'); lifetimes ('a) are left alone.
            let end = rest[2..].find('\'').map_or(text.len(), |e| i + 2 + e + 1);
            out.push_str("' '");
            i = end;
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Reads the path tree that starts at `at` (`a::b::{c, d::e}`), pushing every full path.
fn read_tree(code: &[u8], mut at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        while at < code.len() && code[at].is_ascii_whitespace() {
            at += 1;
        }
        if at < code.len() && code[at] == b'{' {
            at += 1;
            loop {
                while at < code.len() && (code[at].is_ascii_whitespace() || code[at] == b',') {
                    at += 1;
                }
                if at >= code.len() || code[at] == b'}' {
                    return at + 1;
                }
                at = read_tree(code, at, &path, out);
            }
        }
        if at < code.len() && code[at] == b'*' {
            out.push(path);
            return at + 1;
        }
        let start = at;
        while at < code.len() && is_ident_byte(code[at]) {
            at += 1;
        }
        if start == at {
            out.push(path);
            return at;
        }
        let word = std::str::from_utf8(&code[start..at]).unwrap();
        if word != "self" {
            path.push(word.to_string());
        }
        let mut look = at;
        while look < code.len() && code[look].is_ascii_whitespace() {
            look += 1;
        }
        if code[look..].starts_with(b"::") {
            at = look + 2;
        } else {
            out.push(path);
            return at;
        }
    }
}

/// Every path the code names: `(re_export, absolute path in the crate)`.
fn paths(module: &Module, children: &BTreeSet<String>) -> Vec<(bool, Vec<String>)> {
    let code = module.code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if !is_ident_byte(code[i]) || (i > 0 && (is_ident_byte(code[i - 1]) || code[i - 1] == b':'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < code.len() && is_ident_byte(code[i]) {
            i += 1;
        }
        let word = &module.code[start..i];
        if !code[i..].starts_with(b"::") {
            continue;
        }
        let base: Option<Vec<String>> = match word {
            "crate" => Some(Vec::new()),
            "self" => Some(module.path.clone()),
            "super" => {
                let mut base = module.path.clone();
                base.pop();
                let mut j = i;
                while code[j + 2..].starts_with(b"super::") {
                    base.pop();
                    j += 7;
                }
                i = j;
                Some(base)
            }
            w if children.contains(w) => {
                let mut base = module.path.clone();
                base.push(w.to_string());
                Some(base)
            }
            _ => None,
        };
        let Some(base) = base else { continue };
        // A re-export: `pub use` or `pub(...) use` opens the statement.
        let line_start = module.code[..start]
            .rfind([';', '{', '}'])
            .map_or(0, |p| p + 1);
        let statement = module.code[line_start..start].trim_start();
        let re_export = statement.starts_with("pub use") || statement.starts_with("pub(");
        let mut trees = Vec::new();
        i = read_tree(code, i + 2, &base, &mut trees);
        found.extend(trees.into_iter().map(|t| (re_export, t)));
    }
    found
}

/// The file that defines what `path` names, following re-exports.
fn resolve(
    krate: &str,
    path: &[String],
    modules: &BTreeMap<(&'static str, Vec<String>), usize>,
    aliases: &BTreeMap<(&'static str, Vec<String>), Vec<String>>,
    depth: usize,
) -> Option<(&'static str, Vec<String>)> {
    let key = |p: &[String]| (if krate == "lib" { "lib" } else { "bin" }, p.to_vec());
    let mut longest = None;
    for len in (0..=path.len()).rev() {
        if modules.contains_key(&key(&path[..len])) {
            longest = Some(len);
            break;
        }
    }
    let len = longest?;
    if len < path.len() && depth < 8 {
        let mut name = path[..len].to_vec();
        name.push(path[len].clone());
        if let Some(target) = aliases.get(&key(&name)) {
            let mut through = target.clone();
            through.extend_from_slice(&path[len + 1..]);
            if let Some(found) = resolve(krate, &through, modules, aliases, depth + 1) {
                return Some(found);
            }
        }
    }
    Some(key(&path[..len]))
}

/// A file's path under `src/`, its lines before its tests, and its first lines.
type Size = (PathBuf, usize, String);

fn load() -> (Vec<(PathBuf, Module)>, Vec<Size>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut modules = Vec::new();
    let mut sizes = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let relative = file.strip_prefix(&root).unwrap();
        let mut parts: Vec<String> = relative
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        let krate = if parts[0] == "cli" {
            parts.remove(0);
            "bin"
        } else {
            "lib"
        };
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        let head = before_tests(&text);
        sizes.push((
            relative.to_path_buf(),
            head.lines().count(),
            text.lines().take(12).collect::<Vec<_>>().join("\n"),
        ));
        modules.push((
            relative.to_path_buf(),
            Module {
                krate,
                path: parts,
                code: strip(head),
            },
        ));
    }
    (modules, sizes)
}

#[test]
fn no_import_circles() {
    let (files, _) = load();
    let mut index = BTreeMap::new();
    for (k, (_, module)) in files.iter().enumerate() {
        index.insert((module.krate, module.path.clone()), k);
    }
    // Child modules of each file, and the names it re-exports.
    let mut children: Vec<BTreeSet<String>> = vec![BTreeSet::new(); files.len()];
    for (_, module) in &files {
        if let Some((last, parent)) = module.path.split_last() {
            if let Some(&p) = index.get(&(module.krate, parent.to_vec())) {
                children[p].insert(last.clone());
            }
        }
    }
    let mut named = Vec::new();
    let mut aliases = BTreeMap::new();
    for (k, (_, module)) in files.iter().enumerate() {
        let found = paths(module, &children[k]);
        for (re_export, path) in &found {
            if *re_export {
                if let Some(last) = path.last() {
                    let mut name = module.path.clone();
                    name.push(last.clone());
                    aliases.insert((module.krate, name), path.clone());
                }
            }
        }
        named.push(found);
    }
    let mut edges: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); files.len()];
    for (k, (_, module)) in files.iter().enumerate() {
        for (re_export, path) in &named[k] {
            if *re_export {
                continue;
            }
            if let Some(target) = resolve(module.krate, path, &index, &aliases, 0) {
                let t = index[&target];
                if t != k {
                    edges[k].insert(t);
                }
            }
        }
    }
    // Strongly connected components (Tarjan), iteratively small enough to recurse.
    struct Tarjan<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        circles: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in self.edges[v].iter() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.circles.push(component);
                }
            }
        }
    }
    let n = files.len();
    let mut tarjan = Tarjan {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        circles: Vec::new(),
    };
    for v in 0..n {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    let files = &files;
    let edges = &edges;
    let report: Vec<String> = tarjan
        .circles
        .iter()
        .map(|component| {
            let names: Vec<String> = component
                .iter()
                .map(|&k| files[k].0.display().to_string())
                .collect();
            let members: BTreeSet<usize> = component.iter().copied().collect();
            let links: Vec<String> = component
                .iter()
                .flat_map(|&k| {
                    edges[k]
                        .iter()
                        .filter(|t| members.contains(t))
                        .map(move |&t| {
                            format!("{} -> {}", files[k].0.display(), files[t].0.display())
                        })
                })
                .collect();
            format!("circle {{{}}}: {}", names.join(", "), links.join("; "))
        })
        .collect();
    assert!(
        report.is_empty(),
        "import circles in src/:\n{}",
        report.join("\n")
    );
}

#[test]
fn layers_depend_one_way() {
    let (files, _) = load();
    for (path, module) in &files {
        let first = module.path.first().map(String::as_str);
        if module.krate == "lib" && first == Some("xc") {
            assert!(
                !module.code.contains("sudoku::"),
                "{} names the sudoku layer",
                path.display()
            );
        }
        if module.krate == "lib" {
            assert!(
                !module.code.contains("clap"),
                "{} names clap",
                path.display()
            );
            assert!(
                !module.code.contains("cli::"),
                "{} names the CLI",
                path.display()
            );
        }
    }
}

#[test]
fn no_file_is_too_long_before_its_tests() {
    let (_, sizes) = load();
    let mut long = Vec::new();
    for (path, lines, top) in sizes {
        let limit = if top.contains(WHOLE_MARK) {
            MAX_LINES_WHOLE
        } else {
            MAX_LINES
        };
        if lines > limit {
            long.push(format!(
                "{}: {lines} lines before its tests (at most {limit})",
                path.display()
            ));
        }
    }
    assert!(long.is_empty(), "files too long:\n{}", long.join("\n"));
}

/// The crates the library itself uses; every other dependency belongs to the command line.
const LIBRARY_DEPENDENCIES: [&str; 5] = ["serde", "serde_json", "strsim", "thiserror", "toml"];

/// `sudokux = { default-features = false }` builds the engine and the sudoku library alone:
/// every dependency beyond the library's own is optional and switched on by the default `cli`
/// feature, which the binary requires, and no library file names one of them. (`.ci/run` also
/// builds the library that way and checks `cargo tree` for them.)
#[test]
fn the_library_builds_without_the_command_lines_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table = fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let features = manifest["features"].as_table().expect("[features]");
    let names = |key: &str| -> Vec<String> {
        features[key]
            .as_array()
            .unwrap_or_else(|| panic!("feature {key}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names("default"), ["cli"]);
    let cli = names("cli");
    let bins = manifest["bin"].as_array().expect("[[bin]]");
    for bin in bins {
        let required = bin.get("required-features").and_then(|r| r.as_array());
        assert_eq!(
            required.map(|r| r.iter().filter_map(|v| v.as_str()).collect::<Vec<_>>()),
            Some(vec!["cli"]),
            "{bin:?}"
        );
    }
    let dependencies = manifest["dependencies"].as_table().expect("[dependencies]");
    let mut binary_only = Vec::new();
    for (name, spec) in dependencies {
        if LIBRARY_DEPENDENCIES.contains(&name.as_str()) {
            continue;
        }
        let optional = spec.get("optional").and_then(|o| o.as_bool()) == Some(true);
        assert!(optional, "dependency {name} is not optional");
        assert!(
            cli.contains(&format!("dep:{name}")),
            "dependency {name} is not in `cli`"
        );
        binary_only.push(name.replace('-', "_"));
    }
    assert!(binary_only.iter().any(|n| n == "clap"), "{binary_only:?}");
    let (files, _) = load();
    for (path, module) in &files {
        if module.krate != "lib" {
            continue;
        }
        for krate in &binary_only {
            let named = module
                .code
                .match_indices(&format!("{krate}::"))
                .any(|(at, _)| at == 0 || !is_ident_byte(module.code.as_bytes()[at - 1]));
            assert!(!named, "{} names {krate}", path.display());
        }
    }
}

/// With `autotests = false`, a file of `tests/` that no test target reaches would silently
/// never run: every one must be a `[[test]]` target or declared by one (`#[path = "../x.rs"]`).
#[test]
fn every_test_file_is_in_a_test_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table = fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        manifest["package"].get("autotests"),
        Some(&toml::Value::Boolean(false))
    );
    let mut reached = BTreeSet::new();
    for target in manifest["test"].as_array().expect("[[test]]") {
        let path = root.join(target["path"].as_str().expect("a test target's path"));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let dir = path.parent().unwrap();
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("#[path = \"") {
                let name = rest.split('"').next().unwrap();
                reached.insert(fs::canonicalize(dir.join(name)).unwrap());
            }
        }
        reached.insert(fs::canonicalize(&path).unwrap());
    }
    let mut missing = Vec::new();
    for entry in fs::read_dir(root.join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs")
            && !reached.contains(&fs::canonicalize(&path).unwrap())
        {
            missing.push(path.display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "not compiled by any test target (declare them in tests/suites/): {missing:?}"
    );
}

/// `eprintln!` panics when stderr cannot be written (`2>/dev/full`): the command line says
/// everything through `say!` and `error::to_stderr`, which drop what cannot be written.
#[test]
fn the_command_line_never_writes_stderr_with_a_macro_that_panics() {
    let (files, _) = load();
    for (path, module) in &files {
        if module.krate != "bin" {
            continue;
        }
        for banned in ["eprintln!", "eprint!"] {
            assert!(
                !module.code.contains(banned),
                "{} calls {banned}: use say! or error::to_stderr",
                path.display()
            );
        }
    }
}

/// Files a folder of `src/` may hold before it is split into groups: "about 20" (`src/cli/`
/// holds 20, `src/xc/` 18 since its counts moved to `xc/count/`; `src/sudoku/rules/` held 54
/// before it was grouped).
const MAX_FOLDER_FILES: usize = 20;

#[test]
fn no_folder_of_src_holds_too_many_files() {
    fn walk(dir: &Path, over: &mut Vec<String>) {
        let mut files = 0;
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, over);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
            }
        }
        if files > MAX_FOLDER_FILES {
            over.push(format!("{} ({files} files)", dir.display()));
        }
    }
    let mut over = Vec::new();
    walk(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(),
        &mut over,
    );
    assert!(
        over.is_empty(),
        "folders over {MAX_FOLDER_FILES} files (group them by kind): {over:?}"
    );
}

/// The families of `src/sudoku/rules/mod.rs`'s `families!` list: `(field, path)`, the path
/// from `rules/` to the family's type (`lines::thermometer::Thermometers`).
fn families(rules: &Path) -> Vec<(String, Vec<String>)> {
    let text = fs::read_to_string(rules.join("mod.rs")).unwrap();
    let start = text.find("families! {").expect("the families! list");
    let end = start + text[start..].find("\n}").unwrap();
    text[start..end]
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .map(|line| {
            let (field, path) = line.trim_end_matches(',').split_once(':').unwrap();
            let path = path.trim().split("::").map(str::to_string).collect();
            (field.trim().to_string(), path)
        })
        .collect()
}

#[test]
fn every_family_is_one_file_of_its_group_named_as_its_field() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sudoku/rules");
    let listed = families(&rules);
    assert!(listed.len() > 20, "the families! list was not read");
    let mut files = BTreeSet::new();
    for (field, path) in &listed {
        let [group, module, _] = &path[..] else {
            panic!("{field}: {path:?} is not group::module::Type");
        };
        assert_eq!(field, module, "{field}: the field and its module differ");
        let file = rules.join(group).join(format!("{module}.rs"));
        assert!(file.is_file(), "{field}: {} does not exist", file.display());
        let group_mod = fs::read_to_string(rules.join(group).join("mod.rs")).unwrap();
        assert!(
            group_mod.contains(&format!("pub mod {module};")),
            "{field}: {group}/mod.rs does not declare it"
        );
        files.insert(file);
    }
    // Whatever implements a family, or a kind of a shared family shape, is in the list.
    let mut all = Vec::new();
    rust_files(&rules, &mut all);
    for file in all {
        let code = strip(before_tests(&fs::read_to_string(&file).unwrap()));
        let family = [
            "impl Family for ",
            "impl LineKind for ",
            "impl OutsideKind for ",
            "impl CellMarks for ",
        ]
        .iter()
        .any(|marker| code.contains(marker))
            || code.contains("impl SumClue for ");
        assert!(
            !family || files.contains(&file),
            "{} defines a family but is not in the families! list",
            file.display()
        );
    }
}

#[test]
fn the_architecture_map_names_the_files_of_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let start = doc
        .find("### `src/sudoku/rules/`")
        .expect("the map of rules/");
    let block = &doc[start..];
    let block = &block[..block.find("\n## ").unwrap_or(block.len())];
    let named: BTreeSet<&str> = block
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .filter(|word| word.ends_with(".rs") && word.len() > 3)
        .collect();
    let mut files = Vec::new();
    rust_files(&root.join("src/sudoku/rules"), &mut files);
    let names: BTreeSet<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_str().unwrap().to_string())
        .collect();
    for name in &named {
        assert!(
            names.contains(*name),
            "docs/ARCHITECTURE.md names rules/…/{name}, which does not exist"
        );
    }
    for name in &names {
        assert!(
            named.contains(name.as_str()),
            "docs/ARCHITECTURE.md's map of rules/ does not name {name}"
        );
    }
}

#[test]
fn every_family_is_named_by_its_key_with_an_example_and_a_row_in_the_guide() {
    use sudokux::sudoku::rules::Constraints;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = fs::read_to_string(root.join("docs/guide/variants.md")).unwrap();
    let table: Vec<&str> = guide
        .lines()
        .filter(|line| line.starts_with("| `"))
        .collect();
    let mut examples = Vec::new();
    for entry in fs::read_dir(root.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            examples.push(fs::read_to_string(path).unwrap());
        }
    }
    let writes = |text: &str, key: &str| {
        text.lines()
            .any(|line| line == format!("[[{key}]]") || line.starts_with(&format!("{key} = ")))
    };
    for (family, keys) in Constraints::family_keys() {
        if let [key] = keys {
            assert_eq!(family, *key, "a family of one key is named by it");
        }
        assert!(
            examples
                .iter()
                .any(|text| keys.iter().any(|k| writes(text, k))),
            "{family}: no example in examples/ writes one of {keys:?}"
        );
        for key in keys {
            let named = [
                format!("`{key}`"),
                format!("`[[{key}]]`"),
                format!("`{key} = "),
            ];
            let in_a_row = |row: &&str| named.iter().any(|n| row.contains(n.as_str()));
            assert!(
                table.iter().any(in_a_row),
                "{family}: docs/guide/variants.md's table of keys has no row for {key}"
            );
        }
    }
}
