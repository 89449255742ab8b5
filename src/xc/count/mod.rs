//! What counts solutions: the table of counted subproblems (`table`), the memory of
//! subproblems that keeps it (`memo`), counts of small problems on bit
//! sets (`bits`), the options of a count (`options`), counting on the calling thread
//! (`serial`), on several threads (`parallel`, where [`Dlx::count`](super::Dlx::count) is) and
//! in independent shards (`shards`). Named here bottom to top: each imports only those before it
//! (and the rest of `xc`: `table`, `memo` and `bits` sit below `dlx`, the others above it).

pub(crate) mod bits;
pub(crate) mod memo;
pub(crate) mod options;
mod parallel;
mod serial;
pub(crate) mod shards;
mod table;
