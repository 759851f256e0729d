//! abbench-parallel.
