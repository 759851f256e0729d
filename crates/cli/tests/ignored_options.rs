//! An option the chosen model or algorithms do not use is not silently ignored: a note on
//! stderr names it, the run goes on, and stdout (JSON included) is untouched. An option
//! that applies gives no note.

mod support;
use support::abbench;

/// The notes `abbench args…` printed, after checking that it succeeded.
fn notes(args: &[&str]) -> Vec<String> {
    let output = abbench(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    assert!(
        !String::from_utf8_lossy(&output.stdout).contains("note:"),
        "notes go to stderr only"
    );
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("abbench: note: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_model_parameter_of_another_model_is_named() {
    let tree = ["--degree", "3", "--height", "3", "--algo", "f2", "--json"];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    assert_eq!(
        run(&["--model", "random", "--ordering", "0.5"]),
        ["--ordering applies only to the ordered model; the random model ignores it"]
    );
    assert_eq!(
        run(&["--model", "worst", "--values", "10", "--edge-range", "3"]),
        [
            "--values applies only to the random model; the worst model ignores it",
            "--edge-range applies only to the branch-sum model; the worst model ignores it",
        ]
    );
    assert!(run(&["--model", "ordered", "--ordering", "0.5"]).is_empty());
    assert!(run(&["--model", "random", "--values", "10"]).is_empty());
}

#[test]
fn ybwc_options_without_ybwc_or_without_a_second_thread_are_named() {
    let tree = ["--model", "random", "--degree", "4", "--height", "4"];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    assert_eq!(
        run(&[
            "--algo",
            "root-split",
            "--threads",
            "1,2",
            "--split-height",
            "2"
        ]),
        ["--split-height applies only to ybwc, which is not among the algorithms"]
    );
    assert_eq!(
        run(&["--algo", "ybwc", "--threads", "1", "--eldest-grain", "10"]),
        ["--eldest-grain changes nothing at one thread: ybwc splits only for other workers"]
    );
    assert!(run(&["--algo", "ybwc", "--threads", "1,2", "--split-height", "2"]).is_empty());
    let simulate = notes(&[
        "simulate",
        "--model",
        "random",
        "--degree",
        "4",
        "--height",
        "4",
        "--algo",
        "root-split",
        "--procs",
        "1,2",
        "--cut-wait",
        "2",
    ]);
    assert_eq!(
        simulate,
        ["--cut-wait applies only to ybwc, which is not among the algorithms"]
    );
}
