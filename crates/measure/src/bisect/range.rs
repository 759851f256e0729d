//! The range a bisection narrows, as pure logic: the commits from GOOD to BAD, what each
//! tested commit was found to be, the next commit to test, and the answer the evidence
//! allows.
//!
//! Index 0 is GOOD and the last index is BAD. The first slower commit lies after the last
//! good commit before the first bad one (`lo`) and at or before that bad one (`hi`). The
//! next commit tested is the untested one nearest the middle of `(lo, hi)`; commits that
//! did not build or that `ab` could not decide are passed over, as `git bisect skip`
//! passes over a commit. When no untested commit is left, the answer is `hi` itself when
//! it follows `lo` directly, else every commit of `(lo, hi]`: the ones passed over hide
//! where in that range the slowdown began.

/// What a tested commit was found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Verdict {
    /// Not slower than GOOD.
    Good,
    /// Slower than GOOD.
    Bad,
    /// Not tested: it did not build, or its values were wrong.
    Skipped,
    /// Timed, twice, and `ab` decided neither way.
    Undecided,
}

impl Verdict {
    /// Its name in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Good => "good",
            Verdict::Bad => "bad",
            Verdict::Skipped => "skipped",
            Verdict::Undecided => "undecided",
        }
    }
}

/// The commits from GOOD to BAD, oldest first, and what is known of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    verdicts: Vec<Option<Verdict>>,
}

/// Where the evidence leaves the first slower commit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// This index is the first slower commit.
    First(usize),
    /// The first slower commit is one of these indices (some could not be tested).
    OneOf(Vec<usize>),
}

impl Range {
    /// A range of `commits` commits (GOOD and BAD included), GOOD known good and BAD
    /// known bad.
    pub fn new(commits: usize) -> Range {
        assert!(commits >= 2, "a range holds GOOD and BAD");
        let mut verdicts = vec![None; commits];
        verdicts[0] = Some(Verdict::Good);
        verdicts[commits - 1] = Some(Verdict::Bad);
        Range { verdicts }
    }

    /// Records what commit `index` was found to be.
    pub fn record(&mut self, index: usize, verdict: Verdict) {
        self.verdicts[index] = Some(verdict);
    }

    /// The first bad commit's index.
    fn hi(&self) -> usize {
        self.verdicts
            .iter()
            .position(|v| *v == Some(Verdict::Bad))
            .expect("BAD is bad")
    }

    /// The last good commit before the first bad one.
    fn lo(&self) -> usize {
        let hi = self.hi();
        (0..hi)
            .rev()
            .find(|&i| self.verdicts[i] == Some(Verdict::Good))
            .expect("GOOD is good")
    }

    /// The next commit to test: the untested one nearest the middle of `(lo, hi)` (the
    /// earlier of two as near); `None` when every commit there has been tried.
    pub fn next(&self) -> Option<usize> {
        let (lo, hi) = (self.lo(), self.hi());
        let middle = (lo + hi) as f64 / 2.0;
        (lo + 1..hi)
            .filter(|&i| self.verdicts[i].is_none())
            .min_by(|&a, &b| {
                (a as f64 - middle)
                    .abs()
                    .total_cmp(&(b as f64 - middle).abs())
                    .then(a.cmp(&b))
            })
    }

    /// The answer the evidence allows now.
    pub fn answer(&self) -> Answer {
        let (lo, hi) = (self.lo(), self.hi());
        if hi == lo + 1 {
            Answer::First(hi)
        } else {
            Answer::OneOf((lo + 1..=hi).collect())
        }
    }
}
