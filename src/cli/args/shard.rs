//! Options that split a count into shards and count shards: `--split K`, `--count-shard`.

use clap::Args;

/// A count spread over processes or machines: `--split K` writes the shards, one JSON line
/// each; `--count-shard` counts the shards read on stdin.
#[derive(Debug, Args)]
pub struct ShardArgs {
    /// Split the count into shards by fixing the first K choices of the search, and write one
    /// self-contained JSON line per shard (the problem and the choices) instead of counting;
    /// the shards' counts add up to the count. An empty grid of plain boxes, counted band by
    /// band, is split by the classes of its top band instead (kind `bands`, the choices are
    /// class numbers): one shard per class for K >= 1, one shard of them all for K = 0, and
    /// for K past the classes (63 at 9x9) K shards of about one size, pieces of classes.
    #[arg(long, value_name = "K", conflicts_with = "count_shard")]
    pub split: Option<usize>,
    /// Read shards written by --split on stdin, one JSON line each, and write one JSON line per
    /// shard with its exact count and work (shard, shards, count, complete, nodes, updates).
    #[arg(long)]
    pub count_shard: bool,
    /// With --count-shard: FILE holds the lines of an earlier --count-shard of the same split
    /// (a missing FILE holds none; one of another split or plan version is refused); the shards
    /// it records complete are not counted again, the others are, and a last line on stderr
    /// says how many shards are counted and their total.
    /// `--count-shard --resume counts.jsonl < shards.jsonl >> counts.jsonl` picks up a count
    /// stopped by Ctrl-C or a lost machine.
    #[arg(long, value_name = "FILE", requires = "count_shard")]
    pub resume: Option<std::path::PathBuf>,
}
