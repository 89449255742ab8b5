//! Where answers go: stdout, or with `--output FILE` a temporary file beside FILE that is
//! renamed to FILE only when the run is complete, so that FILE is never half-written.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

/// The answers' destination.
pub enum Out {
    Stdout(BufWriter<StdoutLock<'static>>),
    File(AtomicFile),
}

impl Out {
    /// Stdout, or an atomic file at `path`.
    pub fn open(path: Option<&Path>) -> io::Result<Out> {
        match path {
            None => Ok(Out::Stdout(BufWriter::new(io::stdout().lock()))),
            Some(path) => AtomicFile::create(path).map(Out::File),
        }
    }

    /// Whether answers go to a terminal (then each is flushed as it comes).
    pub fn is_terminal(&self) -> bool {
        matches!(self, Out::Stdout(_)) && io::stdout().is_terminal()
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(out) => out.write(buf),
            Out::File(out) => out.writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.write_all(buf),
            Out::File(out) => out.writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.flush(),
            Out::File(out) => out.writer.flush(),
        }
    }
}

/// A file written under a temporary name in the target's directory; dropped without
/// [`AtomicFile::commit`], the temporary file is removed.
pub struct AtomicFile {
    writer: BufWriter<File>,
    temp: TempPath,
    path: PathBuf,
}

impl AtomicFile {
    fn create(path: &Path) -> io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            // The answers are no secret: the usual mode of a new file, not the temporary's 0600.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o644));
        }
        let temp = builder
            .tempfile_in(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let (file, temp) = temp.into_parts();
        Ok(AtomicFile {
            writer: BufWriter::new(file),
            temp,
            path: path.to_path_buf(),
        })
    }

    /// The final name.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes everything out and renames the file to its final name; `path` instead of the
    /// final name when given (for the partial answers of an interrupted run).
    pub fn commit(self, path: Option<&Path>) -> io::Result<()> {
        let file = self.writer.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        drop(file);
        self.temp
            .persist(path.unwrap_or(&self.path))
            .map_err(|e| e.error)
    }
}
