//! Every kind of bad input ends the same way. The table [`BAD_INPUTS`] is the one place
//! that lists them: a new flag gets a row there. Each row is run as a fresh `abbench`
//! process, in a scratch folder, with `RUST_BACKTRACE=1`, and must
//!
//! 1. exit with code 2,
//! 2. print exactly one line on stderr, `abbench: error: …`, containing each of the row's
//!    phrases — the problem and the range or form accepted,
//! 3. print no panic message,
//! 4. print no backtrace (and nothing on stdout),
//! 5. create no file: the scratch folder, where every output path points, is the same
//!    after as before.
//!
//! `{dir}` in a row stands for the scratch folder, which holds the files of [`FILES`].

use assert_cmd::Command;
use std::collections::BTreeMap;
use std::path::Path;

/// Which commands a row's arguments are given to.
#[derive(Clone, Copy, Debug)]
enum For {
    /// Tree options: `tree … --stats`, `tree … --write {dir}/out.tree`, `run --repeat 1
    /// …` and `verify …` must each refuse them.
    TreeCommands,
    /// The arguments as given, subcommand first.
    Command,
}

/// One bad input: the arguments, and the phrases the error line must contain.
struct BadInput {
    to: For,
    args: &'static [&'static str],
    names: &'static [&'static str],
}

const fn tree(args: &'static [&'static str], names: &'static [&'static str]) -> BadInput {
    BadInput {
        to: For::TreeCommands,
        args,
        names,
    }
}

const fn cmd(args: &'static [&'static str], names: &'static [&'static str]) -> BadInput {
    BadInput {
        to: For::Command,
        args,
        names,
    }
}

/// The scratch folder's files: name and contents.
const FILES: &[(&str, &[u8])] = &[
    // .tree files, one per class of malformed text.
    ("unbalanced.tree", b"(1 (2 3)\n"),
    ("extra-close.tree", b"(1 2))\n"),
    ("close-first.tree", b")\n"),
    ("empty-list.tree", b"(1\n  ())\n"),
    ("not-integer.tree", b"(1 two 3)\n"),
    ("out-of-range.tree", b"(1\n 4611686018427387904)\n"),
    ("negative-out-of-range.tree", b"(-4611686018427387904 1)\n"),
    ("sign-only.tree", b"(1 - 2)\n"),
    ("trailing.tree", b"(1 2)\n# fine\n3\n"),
    ("empty.tree", b""),
    ("only-comments.tree", b"# one\n# two\n"),
    ("not-utf8.tree", b"(1 \xff\xfe 2)\n"),
    ("nul.tree", b"(1\0 2)\n"),
    // Results files.
    ("garbage.jsonl", b"this is not a results file\n"),
    ("empty.jsonl", b""),
    (
        "schema-2.jsonl",
        br#"{"schema":2,"tree":{"layout":"implicit"},"algo":"f2","threads":1}
"#,
    ),
    (
        "incomplete.jsonl",
        br#"{"schema":1,"algo":"f2"}
"#,
    ),
    (
        "unfinished-with-value.jsonl",
        br#"{"schema":1,"tree":{"layout":"implicit"},"algo":"f0","threads":1,"timed_out":true,"time_limit_ns":5,"value":3}
"#,
    ),
    (
        "unfinished-without-limit.jsonl",
        br#"{"schema":1,"tree":{"layout":"implicit"},"algo":"f0","threads":1,"timed_out":true}
"#,
    ),
    // Suites.
    (
        "bad-key.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 3\nbogus = 1\n",
    ),
    ("bad-syntax.toml", b"name = \"x\"\nrepeat = \n"),
    (
        "bad-degree.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 0\nheight = 3\n",
    ),
    (
        "bad-type.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = \"eight\"\nheight = 3\n",
    ),
    (
        "bad-algorithm.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 3\nalgorithms = [\"f3\"]\n",
    ),
    (
        "many-trees.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\ntrees = 18446744073709551615\n",
    ),
    (
        "seed-wraps.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\nseed = 18446744073709551615\ntrees = 2\n",
    ),
    (
        "too-long.toml",
        b"[[workload]]\nmodel = \"random\"\ndegree = 16\nheight = 12\nalgorithms = [\"f0\"]\n",
    ),
    // Signature baselines.
    ("no-total.txt", b"random-d8-h6-s1/f0 5 100 80\n"),
    ("wrong-total.txt", b"random-d8-h6-s1/f0 5 100 80\ntotal 7\n"),
    ("bad-count.txt", b"random-d8-h6-s1/f0 5 many 80\ntotal 7\n"),
    // Connect Four positions files, one per malformed line.
    ("c4-column.txt", b"4453 2\n4458 1\n"),
    ("c4-full.txt", b"4453 2\n1111111 0\n"),
    ("c4-over.txt", b"12121213 5\n"),
    ("c4-score.txt", b"4453 2\n\n4453 two\n"),
    (
        "c4-suite.toml",
        b"[[workload]]\nmodel = \"connect4\"\npositions = \"c4-score.txt\"\n",
    ),
    // Something that is not a folder, to put output under.
    ("plain-file", b""),
];

/// Every bad input. Keep one row per problem; a new flag gets a row.
const BAD_INPUTS: &[BadInput] = &[
    // Connect Four positions, one line naming the move or the file's line.
    tree(
        &["--model", "connect4", "--position", "4458"],
        &[
            "invalid position 4458",
            "move 4 is '8', not a column 1 to 7",
        ],
    ),
    tree(
        &["--model", "connect4", "--position", "1111111"],
        &["move 7 plays column 1, which is full"],
    ),
    tree(
        &["--model", "connect4", "--position", "12121213"],
        &["move 8 comes after the game is over (move 7 won it)"],
    ),
    cmd(
        &[
            "run",
            "--model",
            "connect4",
            "--positions",
            "{dir}/c4-column.txt",
        ],
        &["c4-column.txt:2:1: move 4 is '8', not a column 1 to 7"],
    ),
    cmd(
        &[
            "verify",
            "--model",
            "connect4",
            "--positions",
            "{dir}/c4-full.txt",
        ],
        &["c4-full.txt:2:1: move 7 plays column 1, which is full"],
    ),
    cmd(
        &[
            "run",
            "--model",
            "connect4",
            "--positions",
            "{dir}/c4-over.txt",
        ],
        &["c4-over.txt:1:1: move 8 comes after the game is over (move 7 won it)"],
    ),
    cmd(
        &[
            "verify",
            "--model",
            "connect4",
            "--positions",
            "{dir}/c4-score.txt",
        ],
        &["c4-score.txt:3:6: score 'two' is not a number"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/c4-suite.toml",
            "--out",
            "{dir}/out",
        ],
        &["c4-score.txt:3:6: score 'two' is not a number"],
    ),
    // Tree options, refused by tree, run and verify alike.
    tree(
        &["--degree", "0"],
        &["invalid degree 0", "between 1 and 65536"],
    ),
    tree(
        &["--degree", "70000"],
        &["invalid degree 70000", "between 1 and 65536"],
    ),
    tree(
        &["--degree", "99999999999"],
        &["'99999999999' for '--degree", "0..=4294967295"],
    ),
    tree(
        &["--height", "1025"],
        &["invalid height 1025", "at most 1024"],
    ),
    tree(
        &["--model", "ordered", "--ordering", "1.5"],
        &["invalid ordering 1.5", "between 0 and 1"],
    ),
    tree(
        &["--model", "ordered", "--ordering", "-0.1"],
        &["invalid ordering -0.1", "between 0 and 1"],
    ),
    tree(
        &["--model", "ordered", "--terminal-prob", "1"],
        &["invalid terminal-prob 1", "at least 0 and less than 1"],
    ),
    tree(
        &["--model", "ordered", "--spread", "0"],
        &["invalid spread 0", "between 1 and"],
    ),
    tree(
        &[
            "--model",
            "ordered",
            "--degree-min",
            "5",
            "--degree-max",
            "3",
        ],
        &["invalid degree-max 3", "between degree-min (5) and 65536"],
    ),
    tree(
        &["--model", "random", "--values", "0"],
        &["invalid values 0", "between 1 and 4294967296"],
    ),
    tree(
        &["--model", "dependent", "--degree", "65"],
        &["invalid degree 65", "for dependent"],
    ),
    tree(
        &[
            "--model",
            "branch-sum",
            "--order",
            "static",
            "--degree",
            "65",
        ],
        &["invalid degree 65", "for branch-sum with static order"],
    ),
    tree(
        &["--model", "chess"],
        &["'chess' for '--model", "possible values: random, ordered"],
    ),
    tree(
        &["--order", "sorted"],
        &["'sorted' for '--order", "possible values: natural, static"],
    ),
    tree(
        &["--model", "random", "--tree-file", "x.tree"],
        &["'--model <MODEL>' cannot be used with '--tree-file <PATH>'"],
    ),
    tree(
        &["--model", "dependent", "--degree", "3", "--height", "40"],
        &["degree^height <= 2^62", "3^40"],
    ),
    tree(
        &["--model", "worst", "--degree", "2", "--height", "63"],
        &["degree^height <= 2^62"],
    ),
    tree(
        &["--degree", "65536", "--height", "5"],
        &["more than 2^64 positions", "node counters"],
    ),
    tree(
        &["--layout", "arena", "--memory-budget", "1000"],
        &["needs at least", "over the memory budget of 1000 bytes"],
    ),
    tree(
        &["--memory-budget", "lots"],
        &["'lots' for '--memory-budget", "such as 1000000, 512M or 4G"],
    ),
    tree(&["--trees", "0"], &["invalid trees 0", "at least 1"]),
    // Counts that cannot fit in memory are refused before any tree is made.
    tree(
        &["--trees", "18446744073709551615"],
        &["invalid trees 18446744073709551615", "at most 1000000"],
    ),
    cmd(
        &["run", "--trees", "1000000001"],
        &["invalid trees 1000000001", "at most 1000000"],
    ),
    cmd(
        &["simulate", "--trees", "18446744073709551615"],
        &["at most 1000000"],
    ),
    tree(
        &["--tree-file", "{dir}/missing.tree"],
        &["cannot read {dir}/missing.tree", "No such file"],
    ),
    tree(
        &["--degree", "2", "--height", "2", "--bogus"],
        &["unexpected argument '--bogus'"],
    ),
    // Malformed .tree files: the file, line and column, and what was expected.
    tree(
        &["--tree-file", "{dir}/unbalanced.tree"],
        &[
            "unbalanced.tree:2:1: unexpected end of input",
            "expected ')'",
        ],
    ),
    tree(
        &["--tree-file", "{dir}/extra-close.tree"],
        &[
            "extra-close.tree:1:6: expected end of input",
            "exactly one tree",
        ],
    ),
    tree(
        &["--tree-file", "{dir}/close-first.tree"],
        &["close-first.tree:1:1: unexpected ')'"],
    ),
    tree(
        &["--tree-file", "{dir}/empty-list.tree"],
        &["empty-list.tree:2:4: empty list", "at least one tree"],
    ),
    tree(
        &["--tree-file", "{dir}/not-integer.tree"],
        &["not-integer.tree:1:4: expected an integer"],
    ),
    tree(
        &["--tree-file", "{dir}/out-of-range.tree"],
        &["out-of-range.tree:2:2: integer", "|v| < 2^62"],
    ),
    tree(
        &["--tree-file", "{dir}/negative-out-of-range.tree"],
        &["negative-out-of-range.tree:1:2: integer", "|v| < 2^62"],
    ),
    tree(
        &["--tree-file", "{dir}/sign-only.tree"],
        &["sign-only.tree:1:4: expected an integer"],
    ),
    tree(
        &["--tree-file", "{dir}/trailing.tree"],
        &["trailing.tree:3:1: expected end of input"],
    ),
    tree(
        &["--tree-file", "{dir}/empty.tree"],
        &["empty.tree:1:1: expected a tree (an integer or '(')"],
    ),
    tree(
        &["--tree-file", "{dir}/only-comments.tree"],
        &["only-comments.tree:3:1: expected a tree"],
    ),
    tree(
        &["--tree-file", "{dir}/not-utf8.tree"],
        &["not-utf8.tree:1:4: expected an integer"],
    ),
    tree(
        &["--tree-file", "{dir}/nul.tree"],
        &["nul.tree:1:2: expected an integer, '(' or ')'"],
    ),
    tree(
        &["--tree-file", "{dir}/deep.tree"],
        &["deep.tree:1:1026: the tree is nested deeper than the maximum height 1024"],
    ),
    // Search options of run and verify.
    // The window options of the serial searches, on run and verify.
    // An end past the values' range is out of range, not "not a value"; infinite ends
    // are named as given.
    cmd(
        &["run", "--window=-9223372036854775808,0"],
        &[
            "window end -9223372036854775808 is out of range",
            "-inf, inf or an integer",
        ],
    ),
    cmd(
        &["run", "--window", "inf,inf"],
        &["window inf,inf is empty"],
    ),
    cmd(
        &["run", "--window", "5,3"],
        &[
            "'--window <LO,HI>'",
            "window 5,3 is empty",
            "LO must be less than HI",
        ],
    ),
    cmd(
        &["verify", "--window", "5,3"],
        &["'--window <LO,HI>'", "window 5,3 is empty"],
    ),
    cmd(
        &["run", "--window", "-40"],
        &["'--window <LO,HI>'", "not LO,HI"],
    ),
    cmd(
        &["run", "--window", "a,3"],
        &["'--window <LO,HI>'", "expected an integer, -inf or inf"],
    ),
    cmd(
        &["run", "--cutoff", "x"],
        &["'--cutoff <ge|gt>'", "cutoff 'x' is unknown", "expected ge"],
    ),
    cmd(
        &["verify", "--cutoff", "x"],
        &["'--cutoff <ge|gt>'", "cutoff 'x' is unknown"],
    ),
    // ER's memory bound must hold one node's children.
    cmd(
        &[
            "run",
            "--algo",
            "er",
            "--threads",
            "2",
            "--keep-limit",
            "2",
            "--degree",
            "3",
            "--height",
            "4",
            "--repeat",
            "1",
        ],
        &[
            "--keep-limit 2 is below the tree's largest degree 3",
            "at least 3",
        ],
    ),
    cmd(
        &[
            "simulate",
            "--algo",
            "er",
            "--procs",
            "2",
            "--keep-limit",
            "2",
            "--degree",
            "3",
        ],
        &[
            "--keep-limit 2 is below the tree's largest degree 3",
            "er keeps one node's children at once, so give at least 3",
        ],
    ),
    // Simulations estimated past ten minutes ask for --force, as run, verify and sweep do.
    cmd(
        &[
            "simulate", "--model", "worst", "--degree", "16", "--height", "12",
        ],
        &["simulating this would take about", "pass --force"],
    ),
    // A table larger than the memory trees may take (half the machine's by default):
    // refused before it is allocated, as an arena is.
    cmd(
        &[
            "run",
            "--algo",
            "mtdf",
            "--tt-mb",
            "128",
            "--memory-budget",
            "64MiB",
        ],
        &["transposition table of 128 MiB is more than the memory budget of 64 MiB"],
    ),
    cmd(
        &[
            "verify",
            "--algo",
            "mtdf",
            "--tt-mb",
            "128",
            "--memory-budget",
            "64MiB",
        ],
        &["transposition table of 128 MiB is more than the memory budget of 64 MiB"],
    ),
    cmd(
        &["run", "--tt-mb", "0"],
        &["'--tt-mb <MIB>'", "0 MiB is out of range", "1 ..= 65536"],
    ),
    cmd(
        &["verify", "--tt-mb", "0"],
        &["'--tt-mb <MIB>'", "0 MiB is out of range"],
    ),
    cmd(
        &["run", "--aspiration-delta", "-5"],
        &["'--aspiration-delta <DELTA>'", "more than 0"],
    ),
    cmd(
        &["run", "--guess", "x"],
        &["'--guess <VALUE>'", "'x' is not a value"],
    ),
    cmd(
        &["run", "--threads", "0"],
        &[
            "'--threads <LIST>'",
            "1 ..= 256",
            "(see 'abbench run --help')",
        ],
    ),
    cmd(
        &["run", "--threads", "1,0"],
        &["0 threads is out of range", "1 ..= 256"],
    ),
    cmd(&["run", "--threads", "257"], &["257 threads", "1 ..= 256"]),
    cmd(
        &["run", "--threads", "1,two"],
        &["'two' is not a thread count", "1 ..= 256"],
    ),
    cmd(&["run", "--threads", "-1"], &["-1 threads is out of range"]),
    cmd(&["run", "--threads", ""], &["'--threads <LIST>'"]),
    cmd(
        &["run", "--algo", "f3"],
        &[
            "unknown algorithm 'f3'",
            // The list goes on with every parallel algorithm (`algorithm_names.rs`).
            "expected f0, f1, f2, f2-iter, f2-soft, pvs, aspiration, mtdf, root-split, ybwc,",
        ],
    ),
    cmd(
        &["run", "--algo", "f2,alphabeta"],
        &["unknown algorithm 'alphabeta'"],
    ),
    cmd(
        &["run", "--algo", ","],
        &["invalid value ',' for '--algo <LIST>'"],
    ),
    cmd(
        &["run", "--repeat", "0"],
        &["'--repeat <K>': 0 is not in 1..=1000000"],
    ),
    cmd(
        &["run", "--repeat", "-1"],
        &["'--repeat <K>': -1 is not in 1..=1000000"],
    ),
    cmd(&["run", "--repeat", "1000001"], &["1..=1000000"]),
    cmd(
        &["run", "--warmup", "-1"],
        &["'--warmup <W>': -1 is not in 0..=1000000"],
    ),
    cmd(&["run", "--warmup", "1000001"], &["0..=1000000"]),
    cmd(
        &["run", "--split-height", "0"],
        &["'--split-height <N>': 0 is not in 1..=1024"],
    ),
    cmd(&["run", "--split-height", "-3"], &["-3 is not in 1..=1024"]),
    cmd(&["run", "--split-height", "1025"], &["1..=1024"]),
    cmd(&["run", "--json", "yes"], &["unexpected argument 'yes'"]),
    cmd(
        &["run", "--time-limit", "0"],
        &[
            "'--time-limit <SECONDS>'",
            "more than 0 and at most 1000000",
        ],
    ),
    cmd(
        &["run", "--time-limit", "-1"],
        &[
            "-1 seconds is out of range",
            "more than 0 and at most 1000000",
        ],
    ),
    cmd(
        &["run", "--time-limit", "soon"],
        &["'soon' is not a number of seconds", "more than 0"],
    ),
    cmd(
        &["run", "--time-limit", "NaN"],
        &["more than 0 and at most 1000000"],
    ),
    cmd(
        &["run", "--time-limit", "1e7"],
        &["more than 0 and at most 1000000"],
    ),
    cmd(
        &["run", "--degree", "16", "--height", "12", "--algo", "f0"],
        &[
            "this run would take about",
            "days",
            "random d=16 h=12 with f0",
            "--force",
        ],
    ),
    cmd(&["verify", "--threads", "0"], &["1 ..= 256"]),
    cmd(
        &["verify", "--algo", "mtd-f"],
        &["unknown algorithm 'mtd-f'"],
    ),
    cmd(&["verify", "--split-height", "0"], &["1..=1024"]),
    cmd(
        &["verify", "--trees", "0"],
        &["invalid trees 0", "at least 1"],
    ),
    cmd(
        &["verify", "--repeat", "3"],
        &["unexpected argument '--repeat'"],
    ),
    cmd(
        &["verify", "--tree-file", "x.tree", "--trees", "2"],
        &["a tree file is one tree"],
    ),
    cmd(
        &["verify", "--time-limit", "0"],
        &["more than 0 and at most 1000000"],
    ),
    cmd(
        &["verify", "--degree", "16", "--height", "14", "--algo", "f1"],
        &["this verification would take about", "--force"],
    ),
    cmd(
        &["verify", "--stress", "0"],
        &[
            "'--stress <N>': 0 searches is out of range",
            "1 ..= 100000000",
        ],
    ),
    cmd(
        &["verify", "--stress", "-5"],
        &["-5 searches is out of range", "1 ..= 100000000"],
    ),
    cmd(
        &["verify", "--stress", "5", "--model", "random"],
        &["'--stress <N>' cannot be used with '--model <MODEL>'"],
    ),
    cmd(
        &["verify", "--stress", "5", "--threads", "4"],
        &["'--stress <N>' cannot be used with '--threads <LIST>'"],
    ),
    cmd(
        &[
            "verify",
            "--stress",
            "300",
            "--seed",
            "18446744073709551615",
        ],
        &["invalid seed 18446744073709551615", "must fit in 64 bits"],
    ),
    // theory.
    cmd(
        &["theory", "--degree", "0"],
        &["degree 0 is out of range: each must be 1 ..= 65536"],
    ),
    cmd(&["theory", "--degree", "70000"], &["1 ..= 65536"]),
    cmd(&["theory", "--degree", "2,x"], &["'x' is not a degree"]),
    cmd(
        &["theory", "--height", "0"],
        &["height 0 is out of range: each must be 1 ..= 1024"],
    ),
    cmd(&["theory", "--height", "1025"], &["1 ..= 1024"]),
    cmd(&["theory", "--height", "-2"], &["'-2' is not a height"]),
    cmd(
        &["theory", "--trees", "1"],
        &[
            "'--trees <N>': 1 is not in 2..=1000000",
            "(see 'abbench theory --help')",
        ],
    ),
    cmd(&["theory", "--trees", "0"], &["2..=1000000"]),
    cmd(&["theory", "--trees", "-5"], &["-5 is not in 2..=1000000"]),
    cmd(
        &["theory", "--seed", "18446744073709551615"],
        &["seed + trees must fit in 64 bits"],
    ),
    cmd(
        &["theory", "--model", "random"],
        &["unexpected argument '--model'"],
    ),
    // tree's own options.
    cmd(&["tree", "--degree", "2"], &["--write <FILE>|--stats"]),
    cmd(
        &["tree", "--write"],
        &["a value is required for '--write <FILE>'"],
    ),
    cmd(
        &["tree", "--trees", "2", "--write", "{dir}/two.tree"],
        &["--write writes one tree", "--trees 1"],
    ),
    cmd(
        &[
            "tree",
            "--degree",
            "2",
            "--height",
            "2",
            "--write",
            "{dir}/no/such/dir/x.tree",
        ],
        &["cannot write {dir}/no/such/dir/x.tree", "No such file"],
    ),
    cmd(
        &[
            "tree",
            "--degree",
            "2",
            "--height",
            "2",
            "--write",
            "{dir}/plain-file/x.tree",
        ],
        &["cannot write {dir}/plain-file/x.tree", "Not a directory"],
    ),
    // sweep.
    cmd(
        &["sweep", "--suite", "nonesuch", "--out", "{dir}/out"],
        &[
            "invalid suite 'nonesuch'",
            "not a built-in suite (quick, default) and no such file",
        ],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/bad-key.toml",
            "--out",
            "{dir}/out",
        ],
        &["bad-key.toml:5: unknown field `bogus`", "expected one of"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/many-trees.toml",
            "--out",
            "{dir}/out",
        ],
        &[
            "many-trees.toml",
            "trees = 18446744073709551615: must be at most 1000000",
        ],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/seed-wraps.toml",
            "--out",
            "{dir}/out",
        ],
        &["seed 18446744073709551615 + trees - 1 must fit in 64 bits"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/bad-syntax.toml",
            "--out",
            "{dir}/out",
        ],
        &["bad-syntax.toml:2: "],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/bad-degree.toml",
            "--out",
            "{dir}/out",
        ],
        &["bad-degree.toml:1: invalid degree 0", "between 1 and 65536"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/bad-type.toml",
            "--out",
            "{dir}/out",
        ],
        &[
            "bad-type.toml:3: invalid type: string \"eight\"",
            "expected u32",
        ],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/bad-algorithm.toml",
            "--out",
            "{dir}/out",
        ],
        &["bad-algorithm.toml:5: ", "unknown algorithm 'f3'"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "{dir}/too-long.toml",
            "--out",
            "{dir}/out",
        ],
        &[
            "this sweep would take about",
            "random d=16 h=12 with f0",
            "--force",
        ],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--threads",
            "0",
            "--out",
            "{dir}/out",
        ],
        &["1 ..= 256"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--threads",
            "1,x",
            "--out",
            "{dir}/out",
        ],
        &["'x' is not a thread count"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--repeat",
            "0",
            "--out",
            "{dir}/out",
        ],
        &["'--repeat <K>': 0 is not in 1..=1000000"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--repeat",
            "-2",
            "--out",
            "{dir}/out",
        ],
        &["-2 is not in 1..=1000000"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--time-limit",
            "0",
            "--out",
            "{dir}/out",
        ],
        &[
            "'--time-limit <SECONDS>'",
            "more than 0 and at most 1000000",
        ],
    ),
    cmd(
        &["sweep", "--suite", "quick", "--out", "{dir}/plain-file/out"],
        &[
            "invalid output folder {dir}/plain-file/out",
            "Not a directory",
        ],
    ),
    cmd(
        &["sweep", "--suite", "quick", "--out", "/proc/abbench/run"],
        &[
            "invalid output folder /proc/abbench/run",
            "cannot be created",
        ],
    ),
    cmd(
        &["sweep", "--suite", "quick", "--out", "{dir}/used"],
        &["already holds results.jsonl", "does not overwrite"],
    ),
    // report.
    cmd(
        &["report", "{dir}/missing.jsonl", "--out", "{dir}/out"],
        &["{dir}/missing.jsonl: No such file"],
    ),
    cmd(
        &["report", "{dir}/garbage.jsonl", "--out", "{dir}/out"],
        &["garbage.jsonl:1: not a JSON record"],
    ),
    cmd(
        &["report", "{dir}/empty.jsonl", "--out", "{dir}/out"],
        &["empty.jsonl: no records: the file is empty"],
    ),
    cmd(
        &["report", "{dir}/blank-line.jsonl", "--out", "{dir}/out"],
        &["blank-line.jsonl:2: blank line"],
    ),
    cmd(
        &["report", "{dir}/schema-2.jsonl", "--out", "{dir}/out"],
        &["schema-2.jsonl:1: record of schema 2", "reads schema 1"],
    ),
    cmd(
        &["report", "{dir}/incomplete.jsonl", "--out", "{dir}/out"],
        &["incomplete.jsonl:1: not a complete record", "missing field"],
    ),
    cmd(
        &[
            "report",
            "{dir}/unfinished-with-value.jsonl",
            "--out",
            "{dir}/out",
        ],
        &[
            "unfinished-with-value.jsonl:1: not a complete timed-out or failed search",
            "value",
        ],
    ),
    cmd(
        &[
            "report",
            "{dir}/unfinished-without-limit.jsonl",
            "--out",
            "{dir}/out",
        ],
        &[
            "unfinished-without-limit.jsonl:1:",
            "`timed_out` without `time_limit_ns`",
        ],
    ),
    cmd(
        &["report", "{dir}/results.jsonl"],
        &["required arguments were not provided: --out <DIR>"],
    ),
    cmd(
        &[
            "report",
            "{dir}/results.jsonl",
            "--out",
            "{dir}/plain-file/out",
        ],
        &[
            "invalid output folder {dir}/plain-file/out",
            "Not a directory",
        ],
    ),
    // A machine.json that describes no machine, or one no machine could be.
    cmd(
        &[
            "report",
            "{dir}/machine-empty/results.jsonl",
            "--out",
            "{dir}/out",
        ],
        &["machine-empty/machine.json: not a machine description: it names no machine"],
    ),
    cmd(
        &[
            "report",
            "{dir}/machine-no-cores/results.jsonl",
            "--out",
            "{dir}/out",
        ],
        &["machine-no-cores/machine.json: not a machine description: `logical_cores` is 0"],
    ),
    cmd(
        &["compare", "{dir}/machine-share-huge", "{dir}/results.jsonl"],
        &["machine-share-huge/machine.json: not a machine description: `other_cpu_share` is 1e308"],
    ),
    cmd(
        &[
            "export",
            "{dir}/machine-share-negative",
            "--format",
            "bencher",
        ],
        &[
            "machine-share-negative/machine.json: not a machine description: `other_cpu_share` is -3",
        ],
    ),
    cmd(
        &["report", "{dir}/bom.jsonl", "--out", "{dir}/out"],
        &["bom.jsonl:1: the file starts with a UTF-8 byte-order mark"],
    ),
    cmd(
        &["compare", "{dir}/results.jsonl", "{dir}/bom.jsonl"],
        &["bom.jsonl:1: the file starts with a UTF-8 byte-order mark"],
    ),
    // A record whose figures cannot be: refused by every reader, naming its line.
    cmd(
        &["report", "{dir}/median-outside.jsonl", "--out", "{dir}/out"],
        &[
            "median-outside.jsonl:2: not a valid record: `wall_ns.median`",
            "samples give",
        ],
    ),
    cmd(
        &[
            "report",
            "{dir}/median-not-of-samples.jsonl",
            "--out",
            "{dir}/out",
        ],
        &["median-not-of-samples.jsonl:2: not a valid record: `wall_ns.min` is"],
    ),
    cmd(
        &["report", "{dir}/threads-0.jsonl", "--out", "{dir}/out"],
        &["threads-0.jsonl:2: not a valid record: `threads` is 0"],
    ),
    cmd(
        &["report", "{dir}/nps-negative.jsonl", "--out", "{dir}/out"],
        &["nps-negative.jsonl:2: not a valid record: `nps` is -1"],
    ),
    cmd(
        &["report", "{dir}/ci-reversed.jsonl", "--out", "{dir}/out"],
        &["ci-reversed.jsonl:2: not a valid record: `wall_ns.median_ci`"],
    ),
    cmd(
        &["report", "{dir}/no-samples.jsonl", "--out", "{dir}/out"],
        &["no-samples.jsonl:2: not a valid record: `wall_ns.samples` is empty"],
    ),
    cmd(
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/median-outside.jsonl",
        ],
        &["median-outside.jsonl:2: not a valid record"],
    ),
    cmd(
        &["compare", "{dir}/threads-0.jsonl", "{dir}/results.jsonl"],
        &["threads-0.jsonl:2: not a valid record"],
    ),
    cmd(
        &[
            "export",
            "{dir}/median-outside.jsonl",
            "--format",
            "bencher",
        ],
        &["median-outside.jsonl:2: not a valid record"],
    ),
    cmd(
        &[
            "export",
            "{dir}/no-samples.jsonl",
            "--format",
            "custom-smaller-is-better",
        ],
        &["no-samples.jsonl:2: not a valid record"],
    ),
    cmd(
        &["check-calibration", "{dir}/ci-reversed.jsonl"],
        &["ci-reversed.jsonl:2: not a valid record"],
    ),
    // compare: either side malformed or truncated, and its own options.
    cmd(
        &["compare", "{dir}/results.jsonl", "{dir}/missing.jsonl"],
        &["missing.jsonl: No such file"],
    ),
    cmd(
        &["compare", "{dir}/truncated.jsonl", "{dir}/results.jsonl"],
        &[
            "truncated.jsonl:2:",
            "the run is incomplete",
            "line 2",
            "is torn",
        ],
    ),
    cmd(
        &["compare", "{dir}/results.jsonl", "{dir}/no-newline.jsonl"],
        &["no-newline.jsonl:", "the run is incomplete", "is torn"],
    ),
    cmd(
        &["compare", "{dir}/results.jsonl", "{dir}/schema-2.jsonl"],
        &["record of schema 2"],
    ),
    cmd(
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--threshold",
            "-5",
        ],
        &["invalid threshold -5: must be a percentage of at least 0"],
    ),
    cmd(
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--threshold",
            "ten",
        ],
        &[
            "invalid value 'ten' for '--threshold <PCT>'",
            "a percentage of at least 0",
        ],
    ),
    cmd(
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--gate",
            "time",
        ],
        &[
            "invalid value 'time' for '--gate <GATE>'",
            "possible values: all, counts",
        ],
    ),
    cmd(
        &["compare", "{dir}/results.jsonl"],
        &["required arguments were not provided: <NEW>"],
    ),
    // signature baselines.
    cmd(
        &["signature", "--check", "{dir}/missing.txt"],
        &["missing.txt: No such file"],
    ),
    cmd(
        &["signature", "--check", "{dir}/garbage.jsonl"],
        &["garbage.jsonl:1: expected `name value nodes leaves` or `total N`"],
    ),
    cmd(
        &["signature", "--check", "{dir}/no-total.txt"],
        &["no-total.txt: no `total` line: the file is incomplete"],
    ),
    cmd(
        &["signature", "--check", "{dir}/wrong-total.txt"],
        &["wrong-total.txt: the total 7 is not the sum of the cases' nodes, 100"],
    ),
    cmd(
        &["signature", "--check", "{dir}/bad-count.txt"],
        &["bad-count.txt:1: nodes 'many' is not a count"],
    ),
    // Simulation options.
    cmd(
        &["simulate", "--procs", "0"],
        &[
            "0 processors is out of range",
            "1 ..= 4096",
            "(see 'abbench simulate --help')",
        ],
    ),
    cmd(
        &["simulate", "--procs", "1,4097"],
        &["4097 processors is out of range", "1 ..= 4096"],
    ),
    cmd(
        &["simulate", "--procs", "1,many"],
        &["'many' is not a processor count", "1 ..= 4096"],
    ),
    cmd(
        &["simulate", "--procs", "-2"],
        &["'-2' is not a processor count"],
    ),
    cmd(
        &["simulate", "--costs", "cheap"],
        &[
            "invalid value 'cheap' for '--costs <COSTS>'",
            "calibrated, free",
        ],
    ),
    cmd(
        &["simulate", "--position-ns", "0"],
        &["0 nanoseconds per position is out of range", "more than 0"],
    ),
    cmd(
        &["simulate", "--position-ns", "-1.5"],
        &[
            "-1.5 nanoseconds per position is out of range",
            "more than 0",
        ],
    ),
    cmd(
        &["simulate", "--position-ns", "fast"],
        &["'fast' is not a number of nanoseconds"],
    ),
    cmd(
        &["simulate", "--costs", "free", "--position-ns", "3"],
        &["--position-ns applies to calibrated costs, not to --costs free"],
    ),
    cmd(
        &["simulate", "--algo", "f2-iter"],
        &[
            "unknown algorithm 'f2-iter': expected root-split, ybwc,",
            "expected root-split, ybwc, jamboree,",
        ],
    ),
    cmd(
        &["simulate", "--split-height", "0"],
        &["'--split-height <N>': 0 is not in 1..=1024"],
    ),
    cmd(&["simulate", "--degree", "0"], &["degree"]),
    // --shard K/N: K counted from 1, at most N; N at least 1; two numbers.
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--out",
            "{dir}/out",
            "--shard",
            "0/3",
        ],
        &["'0/3'", "K must be 1 ..= N"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--out",
            "{dir}/out",
            "--shard",
            "4/3",
        ],
        &["'4/3'", "K must be 1 ..= N"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--out",
            "{dir}/out",
            "--shard",
            "1/0",
        ],
        &["'1/0'", "N must be 1 ..= 100000"],
    ),
    cmd(
        &[
            "sweep",
            "--suite",
            "quick",
            "--out",
            "{dir}/out",
            "--shard",
            "x/y",
        ],
        &["'x/y' is not a shard", "expected K/N"],
    ),
    cmd(
        &["simulate", "--json", "--shard", "0/3"],
        &["'0/3'", "K must be 1 ..= N"],
    ),
    cmd(
        &["simulate", "--shard", "4/3"],
        &["'4/3'", "K must be 1 ..= N"],
    ),
    cmd(
        &["verify", "--shard", "1/0"],
        &["'1/0'", "N must be 1 ..= 100000"],
    ),
    cmd(
        &["verify", "--stress", "10", "--shard", "x/y"],
        &["'x/y' is not a shard", "expected K/N"],
    ),
    cmd(
        &["simulate", "--shard", "1/2", "--svg", "{dir}/plot.svg"],
        &["'--shard <K/N>' cannot be used with '--svg <PATH>'"],
    ),
    cmd(
        &["merge", "{dir}/shard-a", "--out", "{dir}/merged"],
        &["is not a shard of a sweep", "shard.json"],
    ),
    // Usage.
    cmd(&["frobnicate"], &["unrecognized subcommand 'frobnicate'"]),
];

/// Writes [`FILES`] and the files made from a real run into `dir`.
fn scratch(dir: &Path) {
    for (name, contents) in FILES {
        std::fs::write(dir.join(name), contents).unwrap();
    }
    std::fs::write(dir.join("deep.tree"), "(".repeat(1_000_000)).unwrap();
    let records = Command::cargo_bin("abbench")
        .unwrap()
        .args([
            "run", "--degree", "3", "--height", "3", "--algo", "f2,ybwc", "--json",
        ])
        .output()
        .unwrap();
    assert!(records.status.success());
    let text = String::from_utf8(records.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2);
    std::fs::write(dir.join("results.jsonl"), &text).unwrap();
    // Cut in the middle of its second record, as a killed writer would leave it.
    let cut = lines[0].len() + 1 + lines[1].len() / 2;
    std::fs::write(dir.join("truncated.jsonl"), &text[..cut]).unwrap();
    std::fs::write(dir.join("no-newline.jsonl"), text.trim_end()).unwrap();
    std::fs::write(
        dir.join("blank-line.jsonl"),
        format!("{}\n\n{}\n", lines[0], lines[1]),
    )
    .unwrap();
    std::fs::write(dir.join("bom.jsonl"), format!("\u{feff}{text}")).unwrap();
    // Its second record with a figure changed to one that cannot be.
    let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    let bogus = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut record = second.clone();
        edit(&mut record);
        std::fs::write(dir.join(name), format!("{}\n{record}\n", lines[0])).unwrap();
    };
    bogus("median-outside.jsonl", &|r| {
        r["wall_ns"]["median"] = (r["wall_ns"]["max"].as_u64().unwrap() + 1).into();
    });
    bogus("median-not-of-samples.jsonl", &|r| {
        r["wall_ns"]["samples"] = serde_json::json!([1, 2, 3]);
    });
    bogus("threads-0.jsonl", &|r| r["threads"] = 0.into());
    bogus("nps-negative.jsonl", &|r| r["nps"] = (-1.0).into());
    bogus("ci-reversed.jsonl", &|r| {
        let w = &mut r["wall_ns"];
        w["median_ci"] = serde_json::json!([w["max"], w["min"]]);
    });
    bogus("no-samples.jsonl", &|r| {
        r["wall_ns"]["samples"] = serde_json::json!([]);
    });
    for (folder, machine) in [
        ("machine-empty", "{}"),
        (
            "machine-no-cores",
            r#"{"cpu_model": "x", "logical_cores": 0}"#,
        ),
        (
            "machine-share-huge",
            r#"{"cpu_model": "x", "other_cpu_share": 1e308}"#,
        ),
        (
            "machine-share-negative",
            r#"{"cpu_model": "x", "other_cpu_share": -3}"#,
        ),
    ] {
        std::fs::create_dir(dir.join(folder)).unwrap();
        std::fs::write(dir.join(folder).join("results.jsonl"), &text).unwrap();
        std::fs::write(dir.join(folder).join("machine.json"), machine).unwrap();
    }
    std::fs::create_dir(dir.join("used")).unwrap();
    std::fs::write(dir.join("used/results.jsonl"), "earlier\n").unwrap();
}

/// Every file under `dir` with its size: what a refused command must leave unchanged.
fn listing(dir: &Path) -> BTreeMap<String, u64> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let meta = entry.metadata().unwrap();
            if meta.is_dir() {
                pending.push(entry.path());
            }
            files.insert(entry.path().display().to_string(), meta.len());
        }
    }
    files
}

/// `abbench args`, run in `dir`, must show all five properties; the first it lacks.
fn refused(dir: &Path, args: &[String], names: &[String]) -> Result<(), String> {
    let before = listing(dir);
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let check = |ok: bool, what: &str| {
        if ok {
            Ok(())
        } else {
            Err(format!(
                "abbench {}: {what}; exit {:?}, stderr {stderr:?}, stdout {stdout:?}",
                args.join(" "),
                output.status.code()
            ))
        }
    };
    check(output.status.code() == Some(2), "exit code 2")?;
    check(stdout.is_empty(), "nothing on stdout")?;
    check(stderr.lines().count() == 1, "one line on stderr")?;
    check(stderr.starts_with("abbench: error: "), "an error line")?;
    for name in names {
        check(stderr.contains(name.as_str()), &format!("naming {name:?}"))?;
    }
    check(!stderr.contains("panicked"), "no panic")?;
    check(!stderr.contains("stack backtrace"), "no backtrace")?;
    check(listing(dir) == before, "no file created or changed")
}

#[test]
fn every_bad_input_is_one_line_exit_code_two_and_creates_nothing() {
    let dir = tempfile::TempDir::new().unwrap();
    let d = dir.path();
    scratch(d);
    let fill = |s: &str| s.replace("{dir}", &d.display().to_string());
    let mut runs = 0;
    let mut failures = Vec::new();
    for row in BAD_INPUTS {
        let args: Vec<String> = row.args.iter().map(|a| fill(a)).collect();
        let names: Vec<String> = row.names.iter().map(|n| fill(n)).collect();
        let commands: Vec<Vec<String>> = match row.to {
            For::Command => vec![args],
            For::TreeCommands => {
                let with = |before: &[&str], after: &[&str]| -> Vec<String> {
                    let mut full: Vec<String> = before.iter().map(|s| fill(s)).collect();
                    full.extend(args.iter().cloned());
                    full.extend(after.iter().map(|s| fill(s)));
                    full
                };
                vec![
                    with(&["tree"], &["--stats"]),
                    with(&["tree"], &["--write", "{dir}/out.tree"]),
                    with(&["run", "--repeat", "1"], &[]),
                    with(&["verify", "--threads", "1,2,3"], &[]),
                ]
            }
        };
        for command in commands {
            if let Err(failure) = refused(d, &command, &names) {
                failures.push(failure);
            }
            runs += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(runs > 200, "{runs} commands");
}

#[test]
fn help_and_version_succeed() {
    for args in [vec!["--help"], vec!["tree", "--help"], vec!["--version"]] {
        let output = Command::cargo_bin("abbench")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty());
    }
}

/// A table the process may not have (its address space limited below the table, as
/// `ulimit -v` does) is a one-line refusal with exit 2, not an abort with a backtrace:
/// serial MTD(f)'s transposition table and a parallel table search's node table alike.
#[test]
fn a_table_that_cannot_be_allocated_is_refused_not_aborted() {
    let abbench = assert_cmd::cargo::cargo_bin("abbench");
    for (algo, table) in [
        ("mtdf", "transposition table of 1024 MiB"),
        ("null-window", "node table of 1024 MiB"),
    ] {
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 819200 && exec '{}' run --model random --degree 3 --height 3 \
                 --algo {algo} --threads 1 --baseline f2-iter --tt-mb 1024 --repeat 1 \
                 --memory-budget 2G",
                abbench.display()
            ))
            .env("RUST_BACKTRACE", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{algo}: {stderr}");
        // One line, after the notes on the options (`--baseline f2-iter`'s).
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("abbench: note: "))
            .collect();
        assert_eq!(lines.len(), 1, "{algo}: {stderr}");
        assert!(lines[0].starts_with("abbench: error: "), "{algo}: {stderr}");
        assert!(stderr.contains(table), "{algo}: {stderr}");
        assert!(
            stderr.contains("could not be allocated"),
            "{algo}: {stderr}"
        );
    }
}
