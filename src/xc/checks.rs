//! What a search looks at every so many nodes: its progress hook and its budget.
//!
//! The search's hot path tests one number (the node count of the next checkpoint); everything
//! else happens at the checkpoint, out of line.

use std::ops::ControlFlow;

use super::budget::Budget;
use super::stats::{progress, Progress, Stats};

type ProgressFn<'a> = Box<dyn FnMut(&Progress) -> ControlFlow<()> + 'a>;

struct ProgressHook<'a> {
    every: u64,
    report: ProgressFn<'a>,
}

/// What a search looks at every so many nodes: its progress hook and its budget.
pub(crate) struct Checks<'a> {
    /// Called every so many nodes; may stop the search.
    hook: Option<ProgressHook<'a>>,
    /// Node count at which the hook is called next (`u64::MAX` without a hook).
    next_hook: u64,
    /// How far the search may go.
    budget: Budget,
    /// Node count at which the search next looks at its hook or its budget: the earlier of
    /// `next_hook` and the budget's next check (`u64::MAX` with neither). The only test on
    /// the search's hot path.
    next_check: u64,
}

impl<'a> Checks<'a> {
    /// No hook, no budget: never due.
    pub(crate) fn new() -> Self {
        Checks {
            hook: None,
            next_hook: u64::MAX,
            budget: Budget::UNLIMITED,
            next_check: u64::MAX,
        }
    }

    /// Calls `report` every `every` nodes (at least 1) from `nodes` on.
    pub(crate) fn set_hook(
        &mut self,
        nodes: u64,
        every: u64,
        report: impl FnMut(&Progress) -> ControlFlow<()> + 'a,
    ) {
        let every = every.max(1);
        self.next_hook = nodes + every;
        self.hook = Some(ProgressHook {
            every,
            report: Box::new(report),
        });
        self.schedule(nodes);
    }

    /// Bounds the work from `nodes` on.
    pub(crate) fn set_budget(&mut self, nodes: u64, budget: Budget) {
        self.budget = budget;
        self.schedule(nodes);
    }

    /// Whether the checkpoint is due at `nodes`: the only test on a search's hot path.
    #[inline(always)]
    pub(crate) fn due(&self, nodes: u64) -> bool {
        nodes >= self.next_check
    }

    /// Sets the next checkpoint, after `nodes`: the hook's turn or the budget's, whichever
    /// comes first.
    fn schedule(&mut self, nodes: u64) {
        self.next_check = self.next_hook.min(self.budget.next_check(nodes));
    }

    /// The periodic checkpoint: calls the hook when its turn has come and looks at the
    /// budget; `true` when the search must stop.
    #[cold]
    #[inline(never)]
    pub(crate) fn checkpoint(&mut self, branch: &[[u32; 2]], stats: Stats) -> bool {
        let nodes = stats.nodes;
        if nodes >= self.next_hook {
            if let Some(hook) = &mut self.hook {
                self.next_hook = nodes + hook.every;
                if (hook.report)(&progress(branch, stats)).is_break() {
                    return true;
                }
            }
        }
        if self.budget.exhausted(nodes) {
            return true;
        }
        self.schedule(nodes);
        false
    }
}
