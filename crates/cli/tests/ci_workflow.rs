//! The example GitHub Actions workflow, `ci/github-actions-example.yml`: it is a valid
//! workflow by the published schema (`tests/data/github-workflow.schema.json`, a copy of
//! SchemaStore's <https://json.schemastore.org/github-workflow.json>, the schema editors and
//! `action-validator` check workflows against), and every `abbench` command its steps run
//! is one this binary accepts: the subcommand, every option and every option's value.

mod support;
use serde_json::Value;
use support::abbench;

const WORKFLOW: &str = include_str!("../../../ci/github-actions-example.yml");

fn workflow() -> Value {
    serde_yaml_ng::from_str(WORKFLOW).expect("the example workflow is YAML")
}

fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(include_str!("data/github-workflow.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

#[test]
fn the_example_workflow_is_a_valid_workflow() {
    let errors: Vec<String> = validator()
        .iter_errors(&workflow())
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

/// The `abbench` command lines of the workflow's `run` steps, as words.
fn abbench_commands() -> Vec<Vec<String>> {
    let workflow = workflow();
    let mut commands = Vec::new();
    for job in workflow["jobs"].as_object().unwrap().values() {
        for step in job["steps"].as_array().unwrap() {
            let Some(run) = step["run"].as_str() else {
                continue;
            };
            for command in run.split("&&") {
                let words: Vec<String> = command.split_whitespace().map(String::from).collect();
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
    let commands = abbench_commands();
    let subcommands: Vec<&str> = commands.iter().map(|c| c[0].as_str()).collect();
    assert_eq!(subcommands, ["sweep", "compare", "export"]);
    for words in &commands {
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
    ] {
        assert_eq!(abbench(&wrong).status.code(), Some(2), "{wrong:?}");
    }
}
