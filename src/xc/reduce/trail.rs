//! The undo bookkeeping of the reductions the search makes at every node (item domination,
//! sums, relations, automata, exclusions): what a level changed, put back when the search
//! leaves it.
//!
//! Each reduction keeps its own state (removed options, fixed slots, cached masks and
//! lengths) and writes down, as it changes that state, what it must put back. The search
//! enters a level before it looks at a node and leaves it, once per enter and newest first,
//! when it backtracks; leaving hands back the entries written since the level was entered,
//! newest first, so that undoing each in turn puts the state back as it was at the enter.

/// A stack of undo entries in levels (see the module documentation).
///
/// Invariants: `marks` is non-decreasing and every mark is at most `entries.len()`;
/// `marks[l]` is the length of `entries` when level `l` was entered, so the entries written
/// at level `l` (and not yet undone) are `entries[marks[l]..marks[l + 1]]`, the last level's
/// run to the end. [`Trail::leave`] hands back exactly the last level's entries, newest
/// first, and drops its mark. Entries are written only while a level is entered, so with no
/// level entered the trail is empty.
#[derive(Debug, Clone)]
pub(crate) struct Trail<T> {
    /// The undo entries, oldest first.
    entries: Vec<T>,
    /// Per level entered and not yet left, the length of `entries` when it was entered.
    marks: Vec<usize>,
}

impl<T> Default for Trail<T> {
    fn default() -> Self {
        Trail {
            entries: Vec::new(),
            marks: Vec::new(),
        }
    }
}

impl<T> Trail<T> {
    /// Makes room for `entries` entries and `levels` levels, so that a search within them
    /// allocates nothing.
    pub(crate) fn reserve(&mut self, entries: usize, levels: usize) {
        self.entries.reserve(entries);
        self.marks.reserve(levels);
    }

    /// Enters a level: the entries written from now on are the new level's.
    #[inline]
    pub(crate) fn enter(&mut self) {
        self.marks.push(self.entries.len());
    }

    /// Writes down an entry of the level entered last.
    #[inline]
    pub(crate) fn push(&mut self, entry: T) {
        debug_assert!(
            !self.marks.is_empty(),
            "an entry written outside every level"
        );
        self.entries.push(entry);
    }

    /// Leaves the level entered last, handing `undo` its entries newest first.
    ///
    /// # Panics
    ///
    /// If no level is entered.
    #[inline]
    pub(crate) fn leave(&mut self, mut undo: impl FnMut(T)) {
        let mark = self.marks.pop().expect("a level to leave");
        while self.entries.len() > mark {
            undo(self.entries.pop().expect("longer than the mark"));
        }
    }

    /// Levels entered and not yet left.
    #[inline]
    pub(crate) fn depth(&self) -> usize {
        self.marks.len()
    }

    /// Whether no entry is left to undo.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::Trail;

    #[test]
    fn leaving_hands_back_the_level_newest_first() {
        let mut trail = Trail::default();
        trail.enter();
        trail.push(1);
        trail.push(2);
        trail.enter();
        trail.enter();
        trail.push(3);
        trail.push(4);
        assert_eq!(trail.depth(), 3);
        let mut undone = Vec::new();
        trail.leave(|e| undone.push(e));
        assert_eq!(undone, [4, 3]);
        // A level that wrote nothing hands back nothing.
        trail.leave(|e| undone.push(e));
        assert_eq!(undone, [4, 3]);
        trail.leave(|e| undone.push(e));
        assert_eq!(undone, [4, 3, 2, 1]);
        assert_eq!(trail.depth(), 0);
        assert!(trail.is_empty());
    }

    /// A state changed at random levels and put back on the way out is, at every level, as
    /// it was when the level was entered.
    #[test]
    fn undoing_every_level_restores_the_state_it_entered() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut state = [0u32; 8];
        let mut trail: Trail<(usize, u32)> = Trail::default();
        let mut at_enter: Vec<[u32; 8]> = Vec::new();
        for step in 0..2000 {
            match next() % 4 {
                0 if trail.depth() < 20 => {
                    trail.enter();
                    at_enter.push(state);
                }
                1 if trail.depth() > 0 => {
                    trail.leave(|(k, old)| state[k] = old);
                    assert_eq!(Some(state), at_enter.pop(), "step {step}");
                }
                _ if trail.depth() > 0 => {
                    let k = (next() % 8) as usize;
                    trail.push((k, state[k]));
                    state[k] = next() as u32;
                }
                _ => {}
            }
        }
        while trail.depth() > 0 {
            trail.leave(|(k, old)| state[k] = old);
            assert_eq!(Some(state), at_enter.pop());
        }
        assert!(trail.is_empty());
    }
}
