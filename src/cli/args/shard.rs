//! Options that split a count into shards and count shards: `--split K`, `--count-shard`.

use clap::Args;

/// A count spread over processes or machines: `--split K` writes the shards, one JSON line
/// each; `--count-shard` counts the shards read on stdin.
#[derive(Debug, Args)]
pub struct ShardArgs {
    /// Split the count into shards by fixing the first K choices of the search, and write one
    /// self-contained JSON line per shard (the problem and the choices) instead of counting;
    /// the shards' counts add up to the count.
    #[arg(long, value_name = "K", conflicts_with = "count_shard")]
    pub split: Option<usize>,
    /// Read shards written by --split on stdin, one JSON line each, and write one JSON line per
    /// shard with its exact count and work (shard, shards, count, complete, nodes, updates).
    #[arg(long)]
    pub count_shard: bool,
}
