//! Fuzz target `knuth`: see `checks::knuth`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::knuth(data));
