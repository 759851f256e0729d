//! What `abbench ab` found: a verdict per unit and for the run, as Markdown fit for a
//! pull-request comment or as one JSON object (`kind` `ab`).

use super::sequential::{Decision, Effect, MIN_OBSERVATIONS};
use abbench_results::schema::{AlgoName, SchemaVersion, Threads};
use abbench_results::{SCHEMA, human_percent as fmt_pct};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;
use std::time::Duration;

/// One build under comparison.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "ab_build", deny_unknown_fields)]
pub struct Build {
    /// Its executable, as given.
    pub path: String,
    /// Its package version.
    pub version: String,
    /// Its build (commit, profile, compiler), as its worker said.
    pub build: String,
}

/// A value that is wrong, or a serial search's positions that changed.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "ab_problem", deny_unknown_fields)]
pub struct ValueProblem {
    /// The tree, seed included.
    pub tree: String,
    /// The algorithm.
    #[schemars(with = "AlgoName")]
    pub algo: String,
    /// Its threads.
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// What differs.
    pub what: String,
}

/// A test's judgement (the overall test, or a workload's), or one search's effect (a
/// workload, algorithm and thread count: an estimate, never decided).
#[derive(Clone, Debug, PartialEq)]
pub struct UnitOutcome {
    /// The workload (`overall` for the overall test).
    pub workload: String,
    /// The algorithm (empty for a test).
    pub algo: String,
    /// Its threads (0 for a test).
    pub threads: usize,
    /// What the sequential test decided ([`Decision::Undecided`] for a search's effect).
    pub decision: Decision,
    /// NEW's time over BASE's with its 95% confidence sequence; `None` before two epochs.
    pub effect: Option<Effect>,
    /// ABBA blocks timed.
    pub blocks: usize,
    /// Epochs with a block of it: the observations its test and effect are made of.
    pub epochs: usize,
    /// The test's log-likelihood ratio of a slowdown over none (NaN for a search's
    /// effect).
    pub llr: f64,
}

/// The run's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum AbVerdict {
    /// A value disagrees: between the builds, with serial F2, or with the plan.
    WrongValue,
    /// A serial search's positions changed, and that was not allowed.
    ChangedSignature,
    /// The overall test or a workload's decided slower.
    Regression,
    /// None slower, but some test undecided when the time was spent.
    Undecided,
    /// Every test decided not slower.
    NoRegression,
}

impl AbVerdict {
    /// Its name in JSON.
    pub fn name(self) -> &'static str {
        match self {
            AbVerdict::WrongValue => "wrong_value",
            AbVerdict::ChangedSignature => "changed_signature",
            AbVerdict::Regression => "regression",
            AbVerdict::Undecided => "undecided",
            AbVerdict::NoRegression => "no_regression",
        }
    }

    /// Whether it fails the run (exit 1).
    pub fn fails(self) -> bool {
        matches!(
            self,
            AbVerdict::WrongValue | AbVerdict::ChangedSignature | AbVerdict::Regression
        )
    }
}

/// Everything `abbench ab` found.
#[derive(Clone, Debug, PartialEq)]
pub struct AbOutcome {
    /// The suite's name.
    pub suite: String,
    /// The baseline.
    pub base: Build,
    /// The build under test.
    pub new: Build,
    /// The slowdown tested for, as a fraction.
    pub threshold: f64,
    /// The family-wise false-alarm rate.
    pub alpha: f64,
    /// The miss rate per unit at the threshold.
    pub beta: f64,
    /// The time allowed.
    pub max_time: Duration,
    /// The time the blocks took.
    pub elapsed: Duration,
    /// How long a pair of workers timed before both were started afresh.
    pub epoch: Duration,
    /// ABBA blocks timed.
    pub blocks: usize,
    /// Epochs: pairs of workers, each a test's observation.
    pub epochs: usize,
    /// Searches (trees × algorithms × threads) behind the units.
    pub searches: usize,
    /// The overall test, over every block.
    pub overall: UnitOutcome,
    /// Each workload's test, in the suite's order.
    pub workloads: Vec<UnitOutcome>,
    /// Each (workload, algorithm, threads)'s effect, in the suite's order.
    pub units: Vec<UnitOutcome>,
    /// Wrong values: each fails the run.
    pub wrong_values: Vec<ValueProblem>,
    /// Serial searches whose positions changed between the builds.
    pub changed_signatures: Vec<ValueProblem>,
    /// Whether changed signatures were allowed (`--allow-changed-signature`).
    pub allow_changed_signature: bool,
}

impl AbOutcome {
    /// The run's verdict.
    pub fn verdict(&self) -> AbVerdict {
        let tests = || std::iter::once(&self.overall).chain(&self.workloads);
        if !self.wrong_values.is_empty() {
            AbVerdict::WrongValue
        } else if !self.changed_signatures.is_empty() && !self.allow_changed_signature {
            AbVerdict::ChangedSignature
        } else if tests().any(|u| u.decision == Decision::Slower) {
            AbVerdict::Regression
        } else if tests().any(|u| u.decision == Decision::Undecided) {
            AbVerdict::Undecided
        } else {
            AbVerdict::NoRegression
        }
    }

    /// 1 when the verdict fails the run, else 0.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.verdict().fails())
    }

    /// The overall test's effect: NEW's time over BASE's over every block.
    pub fn overall(&self) -> Option<Effect> {
        self.overall.effect
    }

    fn count(&self, decision: Decision) -> usize {
        self.workloads
            .iter()
            .filter(|u| u.decision == decision)
            .count()
    }

    fn tests(&self) -> usize {
        self.workloads.len() + 1
    }

    /// Why nothing could be decided, when the run ended before any test had the epochs it
    /// needs; else nothing.
    fn too_few_epochs(&self) -> String {
        if self.epochs >= MIN_OBSERVATIONS {
            return String::new();
        }
        format!(
            "; only {} epochs were timed and a test decides after {MIN_OBSERVATIONS} at the \
             least: give a longer --max-time or a shorter --epoch",
            self.epochs
        )
    }

    /// One line for stderr when the run fails, or for a log.
    pub fn summary_line(&self) -> String {
        let pct = fmt_pct(self.threshold);
        match self.verdict() {
            AbVerdict::WrongValue => format!(
                "wrong value: {} of NEW's or BASE's searches disagree ({})",
                self.wrong_values.len(),
                problem_line(&self.wrong_values[0])
            ),
            AbVerdict::ChangedSignature => format!(
                "changed signature: {} serial searches examine other positions in NEW ({}); --allow-changed-signature times them anyway",
                self.changed_signatures.len(),
                problem_line(&self.changed_signatures[0])
            ),
            AbVerdict::Regression => {
                let overall = if self.overall.decision == Decision::Slower {
                    "overall and "
                } else {
                    ""
                };
                format!(
                    "regression: NEW slower by {pct} {overall}in {} of {} workloads{}",
                    self.count(Decision::Slower),
                    self.workloads.len(),
                    effect_text(self.overall.effect)
                )
            }
            AbVerdict::Undecided => format!(
                "undecided: {} of {} tests not decided in {:.0} s, none slower{}{}",
                self.count(Decision::Undecided)
                    + usize::from(self.overall.decision == Decision::Undecided),
                self.tests(),
                self.max_time.as_secs_f64(),
                effect_text(self.overall.effect),
                self.too_few_epochs()
            ),
            AbVerdict::NoRegression => format!(
                "no regression: NEW not slower by {pct} overall nor in any of {} workloads{}",
                self.workloads.len(),
                effect_text(self.overall.effect)
            ),
        }
    }

    /// The outcome as Markdown: a headline, the overall effect, the units that are
    /// slower or undecided, then every unit in a folded table.
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let head = match self.verdict() {
            AbVerdict::WrongValue => "❌ wrong value",
            AbVerdict::ChangedSignature => "❌ changed signature",
            AbVerdict::Regression => "❌ regression",
            AbVerdict::Undecided => "⚠️ undecided",
            AbVerdict::NoRegression => "✅ no regression",
        };
        let _ = writeln!(s, "## abbench ab: {head}\n");
        let _ = writeln!(s, "{}\n", self.summary_line());
        let _ = writeln!(
            s,
            "NEW `{}` ({}) against BASE `{}` ({}); suite `{}`: {} searches in {} workloads, {} ABBA blocks in {} epochs of {} s in {:.1} s (at most {:.0} s).\n",
            md(&self.new.path),
            md(&self.new.build),
            md(&self.base.path),
            md(&self.base.build),
            md(&self.suite),
            self.searches,
            self.workloads.len(),
            self.blocks,
            self.epochs,
            self.epoch.as_secs_f64(),
            self.elapsed.as_secs_f64(),
            self.max_time.as_secs_f64()
        );
        let _ = writeln!(
            s,
            "A test is *slower* when its paired times favour a slowdown of {} over none: a sequential probability ratio test on the log time ratios of ABBA blocks, averaged per epoch (both builds' workers start afresh every epoch, so that neither keeps a lucky memory layout), one test overall and one per workload, {} false-alarm rate over the {} tests together, {} miss rate at {}.\n",
            fmt_pct(self.threshold),
            fmt_pct(self.alpha),
            self.tests(),
            fmt_pct(self.beta),
            fmt_pct(self.threshold),
        );
        problems_section(&mut s, "Wrong values", &self.wrong_values);
        let title = if self.allow_changed_signature {
            "Changed signatures (allowed)"
        } else {
            "Changed signatures"
        };
        problems_section(&mut s, title, &self.changed_signatures);
        let _ = writeln!(s, "| | test | NEW/BASE | 95% interval | blocks | epochs |");
        let _ = writeln!(s, "| --- | --- | ---: | --- | ---: | ---: |");
        for u in std::iter::once(&self.overall).chain(&self.workloads) {
            let (ratio, interval) = ratio_cells(u.effect);
            let _ = writeln!(
                s,
                "| {} | {} | {ratio} | {interval} | {} | {} |",
                mark(u.decision),
                md(&u.workload),
                u.blocks,
                u.epochs
            );
        }
        let _ = writeln!(
            s,
            "\n<details><summary>Each search's effect (estimates, not tests)</summary>\n"
        );
        let _ = writeln!(
            s,
            "| workload | algorithm | threads | NEW/BASE | 95% interval | blocks | epochs |"
        );
        let _ = writeln!(s, "| --- | --- | ---: | ---: | --- | ---: | ---: |");
        for u in &self.units {
            let (ratio, interval) = ratio_cells(u.effect);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {ratio} | {interval} | {} | {} |",
                md(&u.workload),
                md(&u.algo),
                u.threads,
                u.blocks,
                u.epochs
            );
        }
        let _ = writeln!(s, "\n</details>");
        s
    }

    /// The outcome as one JSON object: `schema`, `kind` (`ab`), the verdict, the
    /// settings, the overall effect and every unit.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.report()).expect("an ab outcome serialises")
    }

    /// The outcome as [`AbReport`], the line `ab --json` prints.
    pub fn report(&self) -> AbReport<'_> {
        AbReport {
            schema: SCHEMA,
            kind: "ab",
            verdict: self.verdict(),
            fails: self.verdict().fails(),
            suite: &self.suite,
            base: &self.base,
            new: &self.new,
            threshold_pct: self.threshold * 100.0,
            alpha: self.alpha,
            beta: self.beta,
            max_time_s: self.max_time.as_secs_f64(),
            elapsed_s: self.elapsed.as_secs_f64(),
            epoch_s: self.epoch.as_secs_f64(),
            blocks: self.blocks,
            epochs: self.epochs,
            searches: self.searches,
            overall: AbTest::of(&self.overall),
            workloads: self.workloads.iter().map(AbTest::of).collect(),
            search_effects: self.units.iter().map(SearchEffect::of).collect(),
            wrong_values: &self.wrong_values,
            changed_signatures: &self.changed_signatures,
            allow_changed_signature: self.allow_changed_signature,
        }
    }
}

/// `ab --json`: two builds timed in alternation, a sequential test overall and per
/// workload, and each search's effect.
///
/// Written by `abbench ab` alone, through this crate, so the type lives here.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AbReport<'a> {
    /// [`SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `ab`.
    #[schemars(extend("const" = "ab"))]
    pub kind: &'static str,
    /// The run's verdict.
    pub verdict: AbVerdict,
    /// Whether the verdict fails the run (exit 1).
    pub fails: bool,
    /// The suite's name.
    pub suite: &'a str,
    /// The baseline.
    pub base: &'a Build,
    /// The build under test.
    pub new: &'a Build,
    /// The slowdown tested for, percent.
    #[schemars(extend("exclusiveMinimum" = 0, "maximum" = 100))]
    pub threshold_pct: f64,
    /// The family-wise false-alarm rate.
    #[schemars(extend("exclusiveMinimum" = 0, "exclusiveMaximum" = 1))]
    pub alpha: f64,
    /// The miss rate per unit at the threshold.
    #[schemars(extend("exclusiveMinimum" = 0, "exclusiveMaximum" = 1))]
    pub beta: f64,
    /// The time allowed, seconds.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub max_time_s: f64,
    /// The time the blocks took, seconds.
    #[schemars(range(min = 0.0))]
    pub elapsed_s: f64,
    /// How long a pair of workers timed before both were started afresh, seconds.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub epoch_s: f64,
    /// ABBA blocks timed.
    pub blocks: usize,
    /// Epochs: pairs of workers, each a test's observation.
    pub epochs: usize,
    /// Searches (trees × algorithms × threads) behind the units.
    pub searches: usize,
    /// The overall test, over every block.
    pub overall: AbTest<'a>,
    /// Each workload's test, in the suite's order.
    pub workloads: Vec<AbTest<'a>>,
    /// Each (workload, algorithm, threads)'s effect: estimates, not tests.
    pub search_effects: Vec<SearchEffect<'a>>,
    /// Wrong values: each fails the run.
    pub wrong_values: &'a [ValueProblem],
    /// Serial searches whose positions changed between the builds.
    pub changed_signatures: &'a [ValueProblem],
    /// Whether changed signatures were allowed (`--allow-changed-signature`).
    pub allow_changed_signature: bool,
}

/// One sequential test of ab: overall, or a workload's.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "ab_test", deny_unknown_fields)]
pub struct AbTest<'a> {
    /// The workload (`overall` for the overall test).
    pub workload: &'a str,
    /// What the test decided.
    pub decision: Decision,
    /// NEW's time over BASE's with its 95% confidence sequence; null before two epochs.
    pub effect: Option<Effect>,
    /// ABBA blocks timed.
    pub blocks: usize,
    /// Epochs with a block of it.
    pub epochs: usize,
    /// The log-likelihood ratio of a slowdown over none; null when it is not finite.
    pub llr: Option<f64>,
}

impl<'a> AbTest<'a> {
    /// The test `unit` is.
    fn of(unit: &'a UnitOutcome) -> AbTest<'a> {
        AbTest {
            workload: &unit.workload,
            decision: unit.decision,
            effect: unit.effect,
            blocks: unit.blocks,
            epochs: unit.epochs,
            llr: Some(unit.llr).filter(|llr| llr.is_finite()),
        }
    }
}

/// One (workload, algorithm, threads)'s effect in `ab --json`: an estimate, not a test.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SearchEffect<'a> {
    /// The workload.
    pub workload: &'a str,
    /// The algorithm.
    #[schemars(with = "AlgoName")]
    pub algo: &'a str,
    /// Its threads.
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// NEW's time over BASE's with its 95% confidence sequence; null before two epochs.
    pub effect: Option<Effect>,
    /// ABBA blocks timed.
    pub blocks: usize,
    /// Epochs with a block of it.
    pub epochs: usize,
}

impl<'a> SearchEffect<'a> {
    /// The effect `unit` is.
    fn of(unit: &'a UnitOutcome) -> SearchEffect<'a> {
        SearchEffect {
            workload: &unit.workload,
            algo: &unit.algo,
            threads: unit.threads,
            effect: unit.effect,
            blocks: unit.blocks,
            epochs: unit.epochs,
        }
    }
}

fn mark(decision: Decision) -> &'static str {
    match decision {
        Decision::Slower => "🐢 slower",
        Decision::Undecided => "⚠️ undecided",
        Decision::NotSlower => "✅ not slower",
    }
}

fn ratio_cells(effect: Option<Effect>) -> (String, String) {
    match effect {
        Some(e) => (
            format!("{:.4}", e.ratio),
            format!("{:.4}–{:.4}", e.low, e.high),
        ),
        None => ("–".into(), "–".into()),
    }
}

/// `; NEW/BASE 1.0123 (0.9990–1.0258)`, or nothing without an effect.
fn effect_text(effect: Option<Effect>) -> String {
    match effect {
        Some(e) => format!("; NEW/BASE {:.4} ({:.4}–{:.4})", e.ratio, e.low, e.high),
        None => String::new(),
    }
}

fn problems_section(s: &mut String, title: &str, problems: &[ValueProblem]) {
    if problems.is_empty() {
        return;
    }
    let _ = writeln!(s, "### {title}\n");
    for p in problems {
        let _ = writeln!(s, "* {}", md(&problem_line(p)));
    }
    s.push('\n');
}

fn problem_line(p: &ValueProblem) -> String {
    format!("{} {} at {} threads: {}", p.tree, p.algo, p.threads, p.what)
}

/// Text from outside made safe inside a Markdown table: one line, no pipes or tags.
fn md(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '|' => '¦',
            '<' => '‹',
            '>' => '›',
            '`' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod test {
    use super::*;

    fn test_outcome(name: &str, decision: Decision, ratio: f64) -> UnitOutcome {
        UnitOutcome {
            workload: name.into(),
            algo: String::new(),
            threads: 0,
            decision,
            effect: Some(Effect::of_log(ratio.ln(), 0.01)),
            blocks: 10,
            epochs: 4,
            llr: 1.0,
        }
    }

    fn outcome(overall: Decision, workloads: Vec<UnitOutcome>) -> AbOutcome {
        let build = Build {
            path: "a|b".into(),
            version: "0.1.0".into(),
            build: "abc".into(),
        };
        AbOutcome {
            suite: "quick".into(),
            base: build.clone(),
            new: build,
            threshold: 0.03,
            alpha: 0.01,
            beta: 0.05,
            max_time: Duration::from_secs(60),
            elapsed: Duration::from_secs(3),
            epoch: Duration::from_secs(3),
            blocks: 20,
            epochs: 8,
            searches: 2,
            overall: test_outcome("overall", overall, 1.01),
            units: vec![UnitOutcome {
                algo: "f2-iter".into(),
                threads: 1,
                decision: Decision::Undecided,
                llr: f64::NAN,
                ..test_outcome("random d=8 h=8", Decision::Undecided, 1.05)
            }],
            workloads,
            wrong_values: Vec::new(),
            changed_signatures: Vec::new(),
            allow_changed_signature: false,
        }
    }

    #[test]
    fn the_verdict_follows_the_worst_finding() {
        let mut o = outcome(
            Decision::NotSlower,
            vec![
                test_outcome("random d=8 h=8", Decision::NotSlower, 1.0),
                test_outcome("worst d=4 h=9", Decision::NotSlower, 1.01),
            ],
        );
        assert_eq!(o.verdict(), AbVerdict::NoRegression);
        assert_eq!(o.exit_code(), 0);
        o.workloads[1].decision = Decision::Undecided;
        assert_eq!(o.verdict(), AbVerdict::Undecided);
        assert_eq!(o.exit_code(), 0);
        o.workloads[1].decision = Decision::NotSlower;
        o.overall.decision = Decision::Undecided;
        assert_eq!(o.verdict(), AbVerdict::Undecided);
        o.overall.decision = Decision::Slower;
        assert_eq!(o.verdict(), AbVerdict::Regression);
        assert_eq!(o.exit_code(), 1);
        o.overall.decision = Decision::NotSlower;
        o.workloads[0].decision = Decision::Slower;
        assert_eq!(o.verdict(), AbVerdict::Regression);
        let problem = ValueProblem {
            tree: "t".into(),
            algo: "f2".into(),
            threads: 1,
            what: "positions 1 → 2".into(),
        };
        o.changed_signatures.push(problem.clone());
        assert_eq!(o.verdict(), AbVerdict::ChangedSignature);
        assert_eq!(o.exit_code(), 1);
        o.allow_changed_signature = true;
        assert_eq!(o.verdict(), AbVerdict::Regression);
        o.wrong_values.push(problem);
        assert_eq!(o.verdict(), AbVerdict::WrongValue);
        assert!(o.summary_line().starts_with("wrong value"));
    }

    #[test]
    fn a_small_threshold_keeps_its_digits() {
        let mut o = outcome(Decision::NotSlower, vec![]);
        o.threshold = 0.000_001;
        let line = o.summary_line();
        assert!(line.contains("not slower by 0.0001%"), "{line}");
        assert!(!line.contains(" 0%"), "{line}");
        assert!(o.to_markdown().contains("a slowdown of 0.0001% over none"));
    }

    #[test]
    fn an_undecided_run_says_when_too_few_epochs_were_timed() {
        let mut o = outcome(
            Decision::Undecided,
            vec![test_outcome("random d=8 h=8", Decision::Undecided, 1.0)],
        );
        o.epochs = 3;
        let line = o.summary_line();
        assert!(line.starts_with("undecided"), "{line}");
        assert!(
            line.contains("only 3 epochs were timed and a test decides after 8 at the least"),
            "{line}"
        );
        o.epochs = 40;
        assert!(!o.summary_line().contains("epochs were timed"));
    }

    #[test]
    fn markdown_and_json_say_the_same() {
        let o = outcome(
            Decision::NotSlower,
            vec![
                test_outcome("random d=8 h=8", Decision::Slower, 1.05),
                test_outcome("worst d=4 h=9", Decision::NotSlower, 1.0),
            ],
        );
        let text = o.to_markdown();
        assert!(text.starts_with("## abbench ab: ❌ regression"), "{text}");
        assert!(
            text.contains("regression: NEW slower by 3% in 1 of 2 workloads"),
            "{text}"
        );
        assert!(
            text.contains("| 🐢 slower | random d=8 h=8 | 1.0500 |"),
            "{text}"
        );
        assert!(
            text.contains("| random d=8 h=8 | f2-iter | 1 | 1.0500 |"),
            "{text}"
        );
        assert!(text.contains("`a¦b`"), "{text}");
        let j = o.to_json();
        assert_eq!(j["kind"], "ab");
        assert_eq!(j["verdict"], "regression");
        assert_eq!(j["fails"], true);
        assert_eq!(j["workloads"][0]["decision"], "slower");
        assert_eq!(j["overall"]["decision"], "not_slower");
        assert_eq!(j["search_effects"][0]["algo"], "f2-iter");
        assert_eq!(j["threshold_pct"], 3.0);
        assert_eq!(fmt_pct(0.025), "2.5%");
        assert_eq!(fmt_pct(0.1), "10%");
    }
}
