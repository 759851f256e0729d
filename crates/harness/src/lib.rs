//! abbench-harness.
