//! abbench-search.
