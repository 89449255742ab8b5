//! Options of the `serve` command: where it listens, and the limits every request is held to.

use std::time::Duration;

use clap::Args;

use super::shared::{parse_jobs, parse_timeout};

/// Options of the `serve` command.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The address to listen on: loopback unless you mean to serve other machines.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: String,
    /// The port; 0 picks a free one (the address printed says which).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Largest request body, in bytes (a bigger one is answered 413).
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,
    /// Searches run at once; a request over it is answered 503 at once, never queued.
    /// Default: the number of cores.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub max_jobs: Option<usize>,
    /// The longest a request may search, in seconds; a request may ask for less
    /// (`"timeout"`). A search stopped by it answers `unknown`, as the command line does.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// The most nodes a request may search; a request may ask for fewer (`"max_nodes"`).
    #[arg(long, value_name = "N", default_value_t = 200_000_000)]
    pub max_nodes: u64,
}
