//! Writes a history of runs made from one real run folder, for `abbench history`'s
//! evidence (`reports/history/`): `RUNS` run folders `OUT/run-00`, `OUT/run-01`, …, each
//! the source's records with a machine speed, a yardstick and noise of its own
//! (`abbench_testkit::synthetic_history`), and optionally one algorithm slower from a run
//! on.
//!
//! ```text
//! cargo run -p abbench-testkit --example synthetic_history -- \
//!     SOURCE_RUN OUT [--runs 30] [--seed 1] [--noise 0.02] [--machine 0.3] \
//!     [--yardstick 0.01] [--no-resample] [--step ALGO FROM FACTOR]
//! ```

use abbench_testkit::{HistoryRecipe, PlantedStep, synthetic_history};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("synthetic_history: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let [source, out, options @ ..] = args.as_slice() else {
        return Err("usage: SOURCE_RUN OUT [--runs N] [--seed S] [--noise SD] [--machine SD] [--yardstick SD] [--no-resample] [--step ALGO FROM FACTOR]".into());
    };
    let mut recipe = HistoryRecipe {
        runs: 30,
        seed: 1,
        machine_sd: 0.3,
        yardstick_sd: 0.01,
        noise_sd: 0.02,
        resample: true,
        step: None,
    };
    let mut rest = options.iter();
    let number = |v: Option<&String>| -> Result<f64, String> {
        v.and_then(|v| v.parse().ok())
            .ok_or("expected a number".to_string())
    };
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--runs" => recipe.runs = number(rest.next())? as usize,
            "--seed" => recipe.seed = number(rest.next())? as u64,
            "--noise" => recipe.noise_sd = number(rest.next())?,
            "--machine" => recipe.machine_sd = number(rest.next())?,
            "--yardstick" => recipe.yardstick_sd = number(rest.next())?,
            "--no-resample" => recipe.resample = false,
            "--step" => {
                let algo = rest.next().ok_or("--step ALGO FROM FACTOR")?.clone();
                let from_run = number(rest.next())? as usize;
                let factor = number(rest.next())?;
                recipe.step = Some(PlantedStep {
                    algo,
                    from_run,
                    factor,
                });
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    let source = PathBuf::from(source);
    let read =
        |name: &str| std::fs::read_to_string(source.join(name)).map_err(|e| format!("{name}: {e}"));
    let (results, machine) = (read("results.jsonl")?, read("machine.json")?);
    let out = PathBuf::from(out);
    for (i, run) in synthetic_history(&results, &machine, &recipe)
        .into_iter()
        .enumerate()
    {
        let folder = out.join(format!("run-{i:02}"));
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        std::fs::write(folder.join("results.jsonl"), run.results).map_err(|e| e.to_string())?;
        std::fs::write(folder.join("machine.json"), run.machine).map_err(|e| e.to_string())?;
    }
    Ok(())
}
