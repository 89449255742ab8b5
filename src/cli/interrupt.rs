//! Ctrl-C: the first asks the run to wrap up (a count reports its lower bound, a batch writes
//! the answers it has), the second ends the process at once.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use sudokux::xc::Watch;

use crate::error::Exit;

/// Set by the first Ctrl-C; every search heeds it through its budget
/// (`LimitArgs::budget`).
pub static INTERRUPT: Watch = Watch::new();

/// Whether a Ctrl-C was already seen (the next one quits).
static SEEN: AtomicBool = AtomicBool::new(false);

/// Installs the handler; without it (if installing fails) Ctrl-C keeps its default, ending
/// the process.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if SEEN.swap(true, Ordering::SeqCst) {
            std::process::exit(Exit::Interrupted as i32);
        }
        INTERRUPT.stop();
        // On a terminal the message starts below the `^C` it echoed; in a log, no blank line.
        let newline = if std::io::stderr().is_terminal() {
            "\n"
        } else {
            ""
        };
        say!(
            "{newline}sudokux: interrupted: stopping the searches in progress (Ctrl-C again to \
             quit now)"
        );
    });
}

/// Whether the run was interrupted.
pub fn interrupted() -> bool {
    INTERRUPT.stop_requested()
}
