//! The searches a server runs at once: at most `--max-jobs`, each with a watch of its own
//! that a closed connection stops. A request finding none free is answered 503 at once:
//! nothing waits in a queue.

use std::sync::{Arc, Mutex, PoisonError};

use sudokux::xc::Watch;

/// The free watches, one per search that may run.
///
/// Invariant: a watch is either in `free` or held by exactly one [`Slot`]; the watches are
/// leaked once, at start (a search's budget heeds only `'static` watches), so their number
/// never grows past `max`.
#[derive(Debug)]
pub struct Jobs {
    free: Mutex<Vec<&'static Watch>>,
    max: usize,
}

/// One running search's place: its watch, given back when the slot is dropped (by the last
/// of the request and its search to finish).
#[derive(Debug)]
pub struct Slot {
    pub watch: &'static Watch,
    jobs: Arc<Jobs>,
}

impl Jobs {
    /// Room for `max` searches at once.
    pub fn new(max: usize) -> Arc<Jobs> {
        let watches: &'static [Watch] = Box::leak(
            (0..max)
                .map(|_| Watch::new())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        );
        Arc::new(Jobs {
            free: Mutex::new(watches.iter().collect()),
            max,
        })
    }

    /// A slot with its watch cleared, or `None` when `max` searches are running.
    pub fn take(self: &Arc<Jobs>) -> Option<Slot> {
        let watch = self.free().pop()?;
        watch.reset();
        Some(Slot {
            watch,
            jobs: Arc::clone(self),
        })
    }

    /// The searches running now.
    pub fn running(&self) -> usize {
        self.max - self.free().len()
    }

    /// The most searches at once.
    pub fn max(&self) -> usize {
        self.max
    }

    fn free(&self) -> std::sync::MutexGuard<'_, Vec<&'static Watch>> {
        // The list stays whole whatever panicked while holding it.
        self.free.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.jobs.free().push(self.watch);
    }
}

/// Held by a request while its search runs: dropped with the request (the client went away,
/// or the answer was sent), it asks the search to stop.
#[derive(Debug)]
pub struct StopOnDrop(pub Arc<Slot>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.watch.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_bounded_and_given_back() {
        let jobs = Jobs::new(2);
        let a = jobs.take().unwrap();
        let b = jobs.take().unwrap();
        assert!(jobs.take().is_none());
        assert_eq!(jobs.running(), 2);
        a.watch.stop();
        drop(a);
        let c = jobs.take().unwrap();
        assert!(!c.watch.stop_requested(), "a slot taken again is cleared");
        drop((b, c));
        assert_eq!(jobs.running(), 0);
    }
}
