//! Shell completions and the man page, both generated from the clap definition.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use clap::CommandFactory;

use crate::args::Cli;
use crate::error::{CliError, Exit};

/// Writes the completion script for `shell` to stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<Exit, CliError> {
    let mut command = Cli::command();
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut command, "sudokux", &mut out);
    finish(out.flush())
}

/// Writes the man page (roff) of `sudokux` to stdout or, with a directory, one page per
/// command into it (`sudokux.1`, `sudokux-solve.1`, ...).
pub fn man(dir: Option<&Path>) -> Result<Exit, CliError> {
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let Some(dir) = dir else {
        let mut out = io::stdout().lock();
        let result = clap_mangen::Man::new(command).render(&mut out);
        return finish(result.and_then(|()| out.flush()));
    };
    let mut pages = vec![("sudokux".to_string(), command.clone())];
    for sub in command.get_subcommands() {
        // clap names are `&'static str`; a handful of short names, made once per run.
        let name: &'static str = format!("sudokux-{}", sub.get_name()).leak();
        pages.push((name.to_string(), sub.clone().name(name)));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let write = || -> io::Result<()> {
            let mut file = io::BufWriter::new(File::create(&path)?);
            clap_mangen::Man::new(page).render(&mut file)?;
            file.flush()
        };
        write().map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    }
    Ok(Exit::Ok)
}

/// A closed pipe (`sudokux man | head`) is not an error.
fn finish(result: io::Result<()>) -> Result<Exit, CliError> {
    match result {
        Ok(()) => Ok(Exit::Ok),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Exit::Ok),
        Err(e) => Err(e.into()),
    }
}
