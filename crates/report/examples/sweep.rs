//! Sweeps a suite into a run folder without the CLI:
//! `cargo run --release -p abbench-report --example sweep -- SUITE [OUT] [--threads 1,2]`,
//! where `SUITE` is `quick`, `default` or a TOML file and `OUT` defaults to
//! `reports/runs/<date>-<host>`.

use abbench_measure::{Interrupt, Suite, SweepEvent, default_run_folder, sweep_to_folder};
use abbench_report::RunReport;
use abbench_results::MachineInfo;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut positional = Vec::new();
    let mut threads: Option<Vec<usize>> = None;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        if arg == "--threads" {
            let list = rest.next().expect("--threads needs a list such as 1,2,4");
            threads = Some(
                list.split(',')
                    .map(|t| t.trim().parse().expect("a thread count"))
                    .collect(),
            );
        } else {
            positional.push(arg.clone());
        }
    }
    let suite_name = positional.first().map_or("quick", String::as_str);
    let suite = match Suite::load(suite_name) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let out = positional
        .get(1)
        .map_or_else(|| default_run_folder(Path::new(".")), PathBuf::from);
    let machine = MachineInfo::collect("system", args.clone());
    let started = Instant::now();
    let outcome = sweep_to_folder(
        &suite,
        threads.as_deref(),
        &out,
        &machine,
        &Interrupt::new(),
        &RunReport,
        |event| {
            if let SweepEvent::TreeFinished {
                done, total, tree, ..
            } = event
            {
                eprintln!(
                    "[{done:>3}/{total}] {:>6.1}s {} seed {}",
                    started.elapsed().as_secs_f64(),
                    tree.workload().label(),
                    tree.seed.map_or("-".into(), |s| s.to_string())
                );
            }
        },
    );
    match outcome {
        Ok(o) => {
            eprint!("{}", o.summary());
            eprintln!("wrote {}", out.display());
            if o.failures > 0 {
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
