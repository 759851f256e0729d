//! abbench-theory.
