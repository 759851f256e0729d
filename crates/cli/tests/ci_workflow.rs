//! The example GitHub Actions workflow, `ci/github-actions-example.yml`: it is a valid
//! workflow by the published schema (`tests/data/github-workflow.schema.json`, a copy of
//! SchemaStore's <https://json.schemastore.org/github-workflow.json>, the schema editors and
//! `action-validator` check workflows against), and every `abbench` command its steps run
//! is one this binary accepts: the subcommand, every option and every option's value. The
//! same for the sharded example, `ci/github-actions-sharded.yml`, whose matrix sweeps
//! every shard and whose last job merges them.

use crate::support;
use serde_json::Value;
use support::abbench;

const WORKFLOW: &str = include_str!("../../../ci/github-actions-example.yml");
const SHARDED: &str = include_str!("../../../ci/github-actions-sharded.yml");

fn workflow() -> Value {
    serde_yaml_ng::from_str(WORKFLOW).expect("the example workflow is YAML")
}

fn sharded() -> Value {
    serde_yaml_ng::from_str(SHARDED).expect("the sharded workflow is YAML")
}

fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(include_str!("data/github-workflow.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

#[test]
fn the_example_workflow_is_a_valid_workflow() {
    assert_valid(&workflow());
}

#[test]
fn the_sharded_workflow_is_a_valid_workflow() {
    assert_valid(&sharded());
}

fn assert_valid(workflow: &Value) {
    let errors: Vec<String> = validator()
        .iter_errors(workflow)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn the_schema_refuses_a_broken_workflow() {
    let mut broken = workflow();
    // A step with both `run` and `uses`, and a job without `runs-on`.
    let job = &mut broken["jobs"]["benchmark"];
    job["steps"][0]["run"] = Value::from("true");
    job.as_object_mut().unwrap().remove("runs-on");
    assert!(!validator().is_valid(&broken));
}

/// The `abbench` command lines of the workflow's `run` steps, as words, with the matrix's
/// `${{ matrix.shard }}` as shard 1.
fn abbench_commands(workflow: &Value) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    for job in workflow["jobs"].as_object().unwrap().values() {
        for step in job["steps"].as_array().unwrap() {
            let Some(run) = step["run"].as_str() else {
                continue;
            };
            let run = run.replace("${{ matrix.shard }}", "1");
            for command in run.split(['&', ';', '\n']) {
                // The command's own words end at the first redirection or pipe.
                let words: Vec<String> = command
                    .split_whitespace()
                    .take_while(|w| !w.starts_with(['>', '<', '|']))
                    .map(String::from)
                    .collect();
                if words
                    .first()
                    .is_some_and(|w| w == "abbench" || w.ends_with("/abbench"))
                {
                    commands.push(words[1..].to_vec());
                }
            }
        }
    }
    commands
}

#[test]
fn every_abbench_command_of_the_workflow_parses() {
    let commands = abbench_commands(&workflow());
    let subcommands: Vec<&str> = commands.iter().map(|c| c[0].as_str()).collect();
    assert_eq!(
        subcommands,
        [
            "ab", "sweep", "compare", "export", "bisect", "sweep", "history"
        ]
    );
    // `ab` runs on pull requests only, between the base branch's build and this one's.
    let ab = &commands[0];
    assert_eq!(ab[1], "../abbench-base/target/release/abbench");
    assert_eq!(ab[2], "target/release/abbench");
    assert_every_command_parses(&commands);
    // The check can fail: a misspelt option or value does not parse.
    for wrong in [
        vec![
            "export",
            "run",
            "--format",
            "custom-biger-is-better",
            "--help",
        ],
        vec!["compare", "a", "b", "--treshold", "50", "--help"],
        vec!["sweep", "--shard", "5/4", "--help"],
    ] {
        assert_eq!(abbench(&wrong).status.code(), Some(2), "{wrong:?}");
    }
}

#[test]
fn the_sharded_workflow_sweeps_every_shard_of_its_matrix_and_merges_them_after() {
    let workflow = sharded();
    let jobs = &workflow["jobs"];
    let shards: Vec<u64> = jobs["shard"]["strategy"]["matrix"]["shard"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    let count = shards.len() as u64;
    assert_eq!(shards, (1..=count).collect::<Vec<_>>());
    assert_eq!(jobs["shard"]["needs"], "build");
    assert_eq!(jobs["merge"]["needs"], "shard");
    let commands = abbench_commands(&workflow);
    let mut subcommands: Vec<&str> = commands.iter().map(|c| c[0].as_str()).collect();
    subcommands.sort();
    assert_eq!(subcommands, ["merge", "sweep"]);
    let find = |name: &str| commands.iter().find(|c| c[0] == name).unwrap();
    let sweep = find("sweep");
    let shard = sweep.iter().position(|w| w == "--shard").unwrap();
    assert_eq!(sweep[shard + 1], format!("1/{count}"));
    // The merge names every shard's folder, as the download step lays them out.
    let merge = find("merge");
    for k in 1..=count {
        let folder = format!("shards/abbench-shard-{k}");
        assert!(merge.contains(&folder), "{merge:?} lacks {folder}");
    }
    assert_every_command_parses(&commands);
}

/// Each command, with `--help` after its words, exits 0.
fn assert_every_command_parses(commands: &[Vec<String>]) {
    for words in commands {
        // `--help` after the words: clap reports an unknown subcommand, option or value
        // before it reaches the help, and prints the help (exit 0) only when every word
        // before it parsed.
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let output = abbench(&args);
        assert!(
            output.status.success(),
            "abbench {}: {}",
            words.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// The steps of the example's job that use github-action-benchmark, with the condition
/// each runs under.
fn benchmark_action_steps(workflow: &Value) -> Vec<(String, &Value)> {
    workflow["jobs"]["benchmark"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("benchmark-action/github-action-benchmark@"))
        })
        .map(|s| (s["if"].as_str().unwrap_or("").to_string(), &s["with"]))
        .collect()
}

#[test]
fn pull_requests_compare_without_storing_and_pushes_store_on_a_fresh_repository() {
    let workflow = workflow();
    let steps = benchmark_action_steps(&workflow);
    let truthy = |v: &Value| v.as_bool() == Some(true) || v.as_str() == Some("true");
    // A pull request's run is compared with the history and never stored in it.
    let on_pull_request: Vec<_> = steps
        .iter()
        .filter(|(condition, _)| !condition.contains("'push'"))
        .collect();
    assert_eq!(on_pull_request.len(), 1, "{steps:?}");
    let (condition, with) = on_pull_request[0];
    assert!(
        condition.contains("github.event_name == 'pull_request'"),
        "{condition}"
    );
    assert!(!truthy(&with["auto-push"]), "{with}");
    assert_eq!(with["save-data-file"], Value::Bool(false), "{with}");
    // A push stores it.
    let on_push: Vec<_> = steps
        .iter()
        .filter(|(condition, _)| condition.contains("github.event_name == 'push'"))
        .collect();
    assert_eq!(on_push.len(), 1, "{steps:?}");
    assert!(truthy(&on_push[0].1["auto-push"]), "{:?}", on_push[0]);
    assert!(
        !on_push[0].1["save-data-file"].is_boolean(),
        "the default, true"
    );
    // The action switches to gh-pages, which a fresh repository lacks: an earlier step
    // creates it on a push, and the pull-request step runs only where it exists.
    let all_steps = workflow["jobs"]["benchmark"]["steps"].as_array().unwrap();
    let creates = all_steps
        .iter()
        .position(|s| {
            s["run"]
                .as_str()
                .is_some_and(|r| r.contains("refs/heads/gh-pages"))
        })
        .expect("a step creates gh-pages");
    let stores = all_steps
        .iter()
        .position(|s| s["if"].as_str() == Some(on_push[0].0.as_str()) && s["uses"].is_string())
        .unwrap();
    assert!(creates < stores);
    assert!(
        condition.contains("steps.history.outputs.exists == 'true'"),
        "{condition}"
    );
}

/// The job's `if:` and the text of its `run` steps.
fn job(workflow: &Value, name: &str) -> (String, String) {
    let job = &workflow["jobs"][name];
    let runs: Vec<&str> = job["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["run"].as_str())
        .collect();
    (
        job["if"].as_str().unwrap_or("").to_string(),
        runs.join("\n"),
    )
}

#[test]
fn a_nightly_job_keeps_main_runs_and_reads_the_last_30_and_a_manual_one_bisects() {
    let workflow = workflow();
    let on = &workflow["on"];
    assert!(on["schedule"][0]["cron"].is_string(), "{on}");
    let inputs = &on["workflow_dispatch"]["inputs"];
    assert_eq!(inputs["good"]["required"], true);
    assert_eq!(inputs["bad"]["required"], true);
    // Each job runs on its own event only: a night's run is not a pull request's check.
    let (benchmark, _) = job(&workflow, "benchmark");
    assert!(!benchmark.contains("schedule") && !benchmark.contains("workflow_dispatch"));
    let (history_if, history) = job(&workflow, "history");
    assert_eq!(history_if, "github.event_name == 'schedule'");
    assert!(
        history.contains("push --quiet origin HEAD:refs/heads/abbench-runs"),
        "{history}"
    );
    assert!(history.contains("sort | tail -n 30"), "{history}");
    assert!(
        history.contains("abbench history \"${last[@]}\""),
        "{history}"
    );
    let (bisect_if, bisect) = job(&workflow, "bisect");
    assert_eq!(bisect_if, "github.event_name == 'workflow_dispatch'");
    assert!(
        bisect.contains("abbench bisect \"$GOOD\" \"$BAD\""),
        "{bisect}"
    );
    // Bisecting needs the commits between the two: the whole history is fetched.
    let checkout = &workflow["jobs"]["bisect"]["steps"][0];
    assert_eq!(checkout["with"]["fetch-depth"], 0, "{checkout}");
}
