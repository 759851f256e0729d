//! The one list of parallel searches, a line each: its variant of [`crate::ParallelAlgorithm`],
//! its name, the folder of `abbench-parallel` and the type there that searches, and what
//! it is to the rest of abbench (the settings it reads, whether it shares a node table,
//! the serial search it is on one worker).
//!
//! [`parallel_algorithms!`] hands the list to a macro of the caller's: this crate makes
//! [`crate::ParallelAlgorithm`] of it, `abbench-parallel` its modules and its dispatch.
//! A new parallel search is its folder and a line here.

/// Calls `$callback!` with the list of parallel searches, a line each:
///
/// ```text
/// /// What it is.
/// Variant = "name" => folder::Type { reads: [Setting, ...], table: bool, serial_form: SerialAlgorithm };
/// ```
#[macro_export]
macro_rules! parallel_algorithms {
    ($callback:ident) => {
        $callback! {
            /// The root's moves handed out to the workers.
            RootSplit = "root-split" => root_split::RootSplit { reads: [], table: false, serial_form: F2Iter };
            /// Young brothers wait at every node above the split height.
            Ybwc = "ybwc" => ybwc::Ybwc { reads: [SplitHeight, EldestGrain, CutWait], table: false, serial_form: F2Iter };
            /// Parallel principal variation search (Kuszmaul): young brothers wait whose younger
            /// brothers are null-window tests, searched again only when they fail high.
            Jamboree = "jamboree" => jamboree::Jamboree { reads: [SplitHeight, EldestGrain, CutWait], table: false, serial_form: Pvs };
            /// Every worker searches from the root; a younger brother another worker is
            /// searching is put off and revisited (Weill), through the shared node table.
            Abdada = "abdada" => abdada::Abdada { reads: [SplitHeight], table: true, serial_form: F2Iter };
            /// Every worker searches from the root in its own move order, sharing only the node
            /// table: the engines' control.
            LazySmp = "lazy-smp" => lazy_smp::LazySmp { reads: [SplitHeight], table: true, serial_form: F2Iter };
            /// The root value by null-window tests (MTD(f)'s schedule), each test searched by
            /// every worker through the shared node table: inside a test no bound can go stale.
            NullWindow = "null-window" => null_window::NullWindow { reads: [SplitHeight, CutWait, Guess], table: true, serial_form: Mtdf };
            /// ER (Steinberg & Solomon): at a node expected to search every child, every
            /// child's first line first, then the children in the order those lines say.
            Er = "er" => er::Er { reads: [SplitHeight, EldestGrain, CutWait, KeepLimit], table: false, serial_form: F2Iter };
            /// MTD(f)'s null-window tests, each searched best first over an explicit tree of
            /// the nodes above the split height: every worker takes the open node most likely
            /// to be needed.
            BestFirst = "best-first" => best_first::BestFirst { reads: [SplitHeight, Guess, KeepLimit], table: true, serial_form: Mtdf };
        }
    };
}
