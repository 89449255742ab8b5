//! Option groups and value parsers shared by several commands: the rule flags for puzzle
//! lines, the limits of a search.

use clap::Args;

/// Bounds on a search, for every command that searches.
#[derive(Debug, Clone, Copy, Args)]
#[command(next_help_heading = "Limits")]
pub struct LimitArgs {
    /// Stop each search after SECONDS (fractions allowed, e.g. 0.5), per puzzle; its status
    /// is then `unknown` (exit code 3) and a count a lower bound (`>=N`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    /// Stop each search after N nodes (options tried), per puzzle; its status is then
    /// `unknown` (exit code 3) and a count a lower bound (`>=N`).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

/// Rules for puzzle lines and grids; puzzle files (.toml, .json) carry their own.
#[derive(Debug, Args)]
#[command(next_help_heading = "Rules for puzzle lines (puzzle files carry their own)")]
pub struct RuleArgs {
    /// Digits, the side of the grid (1 to 64); when left out, read off each puzzle (4 to 35).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Box shape, rows x columns, e.g. 2x3; default the most square one. `none`: no boxes,
    /// only rows and columns (Latin squares).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,
    /// The alphabet: `1-9A-Z`, `0-9A-F` (or `hex`), `A-Z` (or `letters`), whose first N
    /// symbols write an NxN grid; or the characters of every digit in order, e.g. 0123456789ABCDEF.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<String>,
    /// Both main diagonals hold every digit once (X-sudoku).
    #[arg(long)]
    pub diagonals: bool,
    /// The positive diagonal alone (bottom left to top right) holds every digit once
    /// (f-puzzles' `diagonal+`).
    #[arg(long, visible_alias = "diagonal+")]
    pub diagonal_positive: bool,
    /// The negative diagonal alone (top left to bottom right) holds every digit once
    /// (f-puzzles' `diagonal-`).
    #[arg(long, visible_alias = "diagonal-")]
    pub diagonal_negative: bool,
    /// The windows between the boxes hold every digit once (windoku).
    #[arg(long)]
    pub windoku: bool,
    /// Cells a knight's move apart differ.
    #[arg(long)]
    pub anti_knight: bool,
    /// Cells a king's move apart differ.
    #[arg(long)]
    pub anti_king: bool,
    /// Orthogonal neighbours never hold consecutive digits.
    #[arg(long)]
    pub non_consecutive: bool,
}

impl LimitArgs {
    /// The budget of one search, its deadline counted from now; Ctrl-C stops it as well.
    pub fn budget(&self) -> sudokux::xc::Budget {
        // Ctrl-C stops every search too (the handler is installed by the commands that
        // report what they found; elsewhere it kills the process as usual).
        let budget = sudokux::xc::Budget {
            max_nodes: self.max_nodes,
            ..sudokux::xc::Budget::UNLIMITED
        }
        .and_stop(&crate::interrupt::INTERRUPT);
        match self.timeout {
            Some(time) => budget.and_time(time),
            None => budget,
        }
    }

    /// Whether any limit was given.
    pub fn given(&self) -> bool {
        self.timeout.is_some() || self.max_nodes.is_some()
    }

    /// The limits given, as flags: `--timeout 0.5` and/or `--max-nodes 10`.
    pub fn describe(&self) -> String {
        let mut flags = Vec::new();
        if let Some(time) = self.timeout {
            flags.push(format!("--timeout {}", time.as_secs_f64()));
        }
        if let Some(nodes) = self.max_nodes {
            flags.push(format!("--max-nodes {nodes}"));
        }
        match flags.is_empty() {
            true => "a limit".into(),
            false => flags.join(" or "),
        }
    }
}

pub(super) fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        Ok(_) => Err("between 1 and 1024 workers".into()),
        Err(e) => Err(e.to_string()),
    }
}

pub(super) fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds like 10 or 0.5, found {text:?}"))?;
    if !(0.0..=1e9).contains(&seconds) {
        return Err("the timeout is between 0 and 1e9 seconds".into());
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

pub(super) fn parse_limit(text: &str) -> Result<u128, String> {
    match text.parse::<u128>() {
        Ok(0) => Err("the limit is at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

pub(super) fn parse_index(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("puzzles are counted from 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// What `--box none` reads as: no shape of its own, one row per box once the size is known.
pub const NO_BOXES: (usize, usize) = (0, 0);

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(NO_BOXES);
    }
    let bad = || format!("expected rows x columns like 2x3, found {text:?}");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| match s.trim().parse::<usize>() {
        Ok(0) => Err(format!(
            "a box has at least one row and one column, found {text:?}"
        )),
        Ok(k) => Ok(k),
        Err(_) => Err(bad()),
    };
    Ok((side(r)?, side(c)?))
}
