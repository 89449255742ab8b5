//! Fuzz target `rule_file`: see `checks::rule_file`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::rule_file(data));
