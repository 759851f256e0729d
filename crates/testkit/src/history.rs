//! A history of runs made from one real run, for `abbench history`'s tests and evidence:
//! each run's times moved by a machine speed of its own (its yardstick moved with it), by
//! noise of its own per search, and by a planted slowdown of one algorithm from a given
//! run on.
//!
//! The runs are made from the record lines as JSON, so that any `results.jsonl` can be
//! the source: per run `r`, a machine speed `sᵣ = exp(machine_sd · z)`; per record, its
//! yardstick (`machine_ns`) times `sᵣ · exp(yardstick_sd · z)`, and its samples (drawn
//! again from its own when `resample`: the real run's scatter within a run), each times
//! `sᵣ · exp(noise_sd · z)` (one draw per record: what a run moves a search by beyond the
//! machine's speed) and times the step's factor where it applies; the median, extremes
//! and percentiles are computed again from the new samples. Counts and values are kept.
//! Everything is drawn from one seed: the same recipe gives the same runs.

use serde_json::Value;

/// How a history is made.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRecipe {
    /// Runs to make.
    pub runs: usize,
    /// The seed of every draw.
    pub seed: u64,
    /// Standard deviation of a run's log machine speed.
    pub machine_sd: f64,
    /// Standard deviation of a yardstick timing's own log noise.
    pub yardstick_sd: f64,
    /// Standard deviation of a search's log noise per run, beyond the machine's speed.
    pub noise_sd: f64,
    /// Draw each run's samples again from the source's (its scatter within a run); else
    /// scale the source's samples as they are (a source timed on a loaded machine
    /// scatters far more than the runs it stands for).
    pub resample: bool,
    /// A slowdown planted from a run on.
    pub step: Option<PlantedStep>,
}

/// One algorithm's searches slower by `factor` from run `from_run` (0-based) on.
#[derive(Clone, Debug, PartialEq)]
pub struct PlantedStep {
    /// The algorithm's name, as records spell it.
    pub algo: String,
    /// The first slower run.
    pub from_run: usize,
    /// Its times are multiplied by this.
    pub factor: f64,
}

/// One made run: its `results.jsonl` and its `machine.json`.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntheticRun {
    /// The records, one JSON line each.
    pub results: String,
    /// The machine description, with a commit of its own.
    pub machine: String,
}

/// The runs `recipe` makes from the lines of `results` and the `machine` description.
pub fn synthetic_history(
    results: &str,
    machine: &str,
    recipe: &HistoryRecipe,
) -> Vec<SyntheticRun> {
    let mut rng = Rng::new(recipe.seed);
    (0..recipe.runs)
        .map(|run| {
            let speed = (recipe.machine_sd * rng.normal()).exp();
            let lines: Vec<String> = results
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|line| {
                    let mut record: Value = serde_json::from_str(line).expect("a JSON line");
                    move_record(&mut record, run, speed, recipe, &mut rng);
                    record.to_string()
                })
                .collect();
            let mut machine: Value = serde_json::from_str(machine).expect("a machine description");
            machine["git_commit"] = Value::from(format!("{:016x}{:024x}", rng.next(), run));
            machine["git_dirty"] = Value::from(false);
            SyntheticRun {
                results: lines.join("\n") + "\n",
                machine: machine.to_string(),
            }
        })
        .collect()
}

/// Moves one record's yardstick and times; a line that is not a record is left.
fn move_record(record: &mut Value, run: usize, speed: f64, recipe: &HistoryRecipe, rng: &mut Rng) {
    let Some(samples) = record["wall_ns"]["samples"].as_array().cloned() else {
        return;
    };
    if let Some(ns) = record["machine_ns"].as_f64() {
        record["machine_ns"] = Value::from(ns * speed * (recipe.yardstick_sd * rng.normal()).exp());
    }
    let stepped = recipe
        .step
        .as_ref()
        .is_some_and(|s| run >= s.from_run && record["algo"].as_str() == Some(s.algo.as_str()));
    let factor = speed
        * (recipe.noise_sd * rng.normal()).exp()
        * if stepped {
            recipe.step.as_ref().map_or(1.0, |s| s.factor)
        } else {
            1.0
        };
    let old: Vec<f64> = samples.iter().filter_map(Value::as_f64).collect();
    if old.is_empty() {
        return;
    }
    let mut new: Vec<u64> = (0..old.len())
        .map(|i| {
            let sample = if recipe.resample {
                old[rng.below(old.len())]
            } else {
                old[i]
            };
            (sample * factor).round().max(1.0) as u64
        })
        .collect();
    let wall = &mut record["wall_ns"];
    wall["samples"] = Value::from(new.clone());
    new.sort_unstable();
    let q = |q: f64| {
        let position = q * (new.len() - 1) as f64;
        let (lo, hi) = (
            new[position.floor() as usize] as f64,
            new[position.ceil() as usize] as f64,
        );
        (lo + (hi - lo) * position.fract()).round() as u64
    };
    let median = q(0.5);
    for (key, value) in [
        ("median", median),
        ("p50", median),
        ("p90", q(0.9)),
        ("p99", q(0.99)),
    ] {
        wall[key] = Value::from(value);
    }
    wall["min"] = Value::from(new[0]);
    wall["max"] = Value::from(new[new.len() - 1]);
    if wall.get("median_ci").is_some() {
        wall["median_ci"] = Value::from(vec![new[0], new[new.len() - 1]]);
    }
    if let Some(nodes) = record["nodes"].as_f64() {
        record["nps"] = Value::from(nodes / (median as f64 / 1e9));
    }
}

/// `rand_xoshiro`'s SplitMix64 with a normal draw: small and seeded.
struct Rng(rand_xoshiro::SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(<rand_xoshiro::SplitMix64 as rand_core::SeedableRng>::seed_from_u64(seed))
    }

    fn next(&mut self) -> u64 {
        rand_core::Rng::next_u64(&mut self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    /// A standard normal draw (Box–Muller).
    fn normal(&mut self) -> f64 {
        let u = ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let v = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}
