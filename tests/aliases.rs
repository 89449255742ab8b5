//! Every family is named by the key puzzle files write (field = module = key); the names a
//! family had before (`killer` for `cage`, `sandwich` for `sandwichsum`) are other spellings
//! of that key, read as it: a file written with one reads to the same puzzle, in TOML and in
//! JSON, and is written back with the key.

use sudokux::sudoku::file::{file_to_toml, from_json, from_toml};
use sudokux::sudoku::rules::Constraints;

/// The example of `key`'s family, with `key`'s tables (`[[key]]`) written as `alias`.
fn example_as(example: &str, key: &str, alias: &str) -> (String, String) {
    let path = format!("{}/examples/{example}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let table = format!("[[{key}]]\n");
    assert!(text.contains(&table), "{path} has no {table}");
    let renamed = text.replace(&table, &format!("[[{alias}]]\n"));
    (text, renamed)
}

/// A file writing `alias` for `key` reads to the same puzzle, which writes `key` back; the
/// same in JSON (a list of objects under `alias`).
fn reads_as_key(example: &str, key: &str, alias: &str) {
    assert_eq!(Constraints::canonical(alias), Some(key));
    let (text, renamed) = example_as(example, key, alias);
    let puzzle = from_toml(&text).unwrap();
    let read = from_toml(&renamed).unwrap_or_else(|e| panic!("[[{alias}]]: {e}"));
    assert_eq!(read, puzzle, "[[{alias}]] reads as [[{key}]]");
    let written = file_to_toml(&read);
    assert!(written.contains(&format!("[[{key}]]")), "{written}");
    assert!(!written.contains(&format!("[[{alias}]]")), "{written}");

    let mut json: serde_json::Value = toml::from_str(&text).unwrap();
    let value = json.as_object_mut().unwrap().remove(key).unwrap();
    json.as_object_mut()
        .unwrap()
        .insert(alias.to_string(), value);
    let read = from_json(&json.to_string()).unwrap_or_else(|e| panic!("JSON {alias}: {e}"));
    assert_eq!(read, puzzle, "JSON {alias:?} reads as {key:?}");
}

/// The aliases the tests below try, as (alias, key, example file).
const TRIED: [(&str, &str, &str); 11] = [
    ("killer", "cage", "killer"),
    ("extra", "unit", "unit"),
    ("slow_thermometer", "slowthermometer", "slowthermometer"),
    ("entropic", "entropicline", "entropicline"),
    ("modular", "modularline", "modularline"),
    ("between", "betweenline", "betweenline"),
    ("sums", "sum", "sum"),
    ("clones", "clone", "clone"),
    ("quadruples", "quadruple", "quadruple"),
    ("littlekiller", "littlekillersum", "littlekiller"),
    ("sandwich", "sandwichsum", "sandwichsum"),
];

macro_rules! alias_tests {
    ($($test:ident: $k:literal,)*) => {
        $(
            #[test]
            fn $test() {
                let (alias, key, example) = TRIED[$k];
                reads_as_key(example, key, alias);
            }
        )*
    };
}

alias_tests! {
    killer_reads_as_cage: 0,
    extra_reads_as_unit: 1,
    slow_thermometer_reads_as_slowthermometer: 2,
    entropic_reads_as_entropicline: 3,
    modular_reads_as_modularline: 4,
    between_reads_as_betweenline: 5,
    sums_reads_as_sum: 6,
    clones_reads_as_clone: 7,
    quadruples_reads_as_quadruple: 8,
    littlekiller_reads_as_littlekillersum: 9,
    sandwich_reads_as_sandwichsum: 10,
}

#[test]
fn every_alias_a_family_declares_is_tried_above() {
    let mut declared: Vec<(&str, &str)> = Constraints::aliases().collect();
    let mut tried: Vec<(&str, &str)> = TRIED.iter().map(|&(a, k, _)| (a, k)).collect();
    declared.sort_unstable();
    tried.sort_unstable();
    assert_eq!(declared, tried);
    // No alias is a key itself, and each stands for a key of the files.
    let keys: Vec<&str> = Constraints::keys().collect();
    for (alias, key) in declared {
        assert!(!keys.contains(&alias), "{alias} is a key");
        assert!(keys.contains(&key), "{alias} stands for {key}, no key");
    }
}

#[test]
fn a_key_written_twice_under_two_spellings_is_refused_naming_both() {
    let text = "size = 4\n[[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"\n\
                [[killer]]\nsum = 7\ncells = \"r2c1 r2c2\"\n";
    let err = from_toml(text).unwrap_err().to_string();
    assert!(
        err.contains("duplicate field `killer`: `cage` above is the same key (`cage`)"),
        "{err}"
    );
}

#[test]
fn a_misspelt_old_spelling_suggests_the_key() {
    let err = from_toml("size = 4\n[[kiler]]\nsum = 3\ncells = \"r1c1 r1c2\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("unknown key \"kiler\": did you mean \"cage\"?"),
        "{err}"
    );
    // The message lists the keys, never the other spellings.
    let err = from_toml("size = 4\nzzzzzz = 1\n").unwrap_err().to_string();
    assert!(err.contains("`cage`") && !err.contains("`killer`"), "{err}");
}
