//! Shell completions and the man page, both generated from the clap definition.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use clap::CommandFactory;

use crate::args::Cli;
use crate::error::{written, CliError, Exit};

/// Writes the completion script for `shell` to stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<Exit, CliError> {
    let mut command = Cli::command();
    // clap_complete panics when its writer fails (a closed pipe, a full disk): the script is
    // made in memory, where writing cannot fail, and written out like every other output.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "sudokux", &mut script);
    let mut out = io::stdout().lock();
    written(out.write_all(&script).and_then(|()| out.flush()), Exit::Ok)
}

/// Writes the man page (roff) of `sudokux` to stdout or, with a directory, one page per
/// command into it (`sudokux.1`, `sudokux-solve.1`, ...), made first if it does not exist.
pub fn man(dir: Option<&Path>) -> Result<Exit, CliError> {
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let Some(dir) = dir else {
        let mut out = io::stdout().lock();
        let result = clap_mangen::Man::new(command).render(&mut out);
        return written(result.and_then(|()| out.flush()), Exit::Ok);
    };
    // Made when missing, as `mkdir -p` would (`man --dir share/man/man1` in a fresh prefix).
    std::fs::create_dir_all(dir).map_err(|e| CliError::Usage(format!("{}: {e}", dir.display())))?;
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
