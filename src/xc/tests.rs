//! Tests of the engine that need more than one module: searches and counts over matrices built, committed and covered by hand.
