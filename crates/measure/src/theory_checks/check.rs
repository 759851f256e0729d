//! One comparison of the paper's prediction with what the search crate measured, and how
//! it is judged and printed.
//!
//! An exact check passes when the two are equal. A statistical check passes when the
//! sample mean lies within [`TOLERANCE_SE`] standard errors of the prediction, the
//! standard error being the sample standard deviation over `sqrt(N)`.

use abbench_results::schema::{AlgoName, SchemaVersion};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// How many standard errors a statistical check may miss its prediction by.
pub const TOLERANCE_SE: f64 = 4.0;

/// A predicted or measured quantity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Quantity {
    /// A count or an integer value.
    Integer(i128),
    /// An expectation or a mean.
    Real(f64),
    /// An exact rational, `numerator / denominator`.
    Fraction(u128, u128),
}

/// A quantity in JSON is a number: an integer where it fits 64 bits, else a real (null
/// where it is not finite).
impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Quantity::Integer(n) => match i64::try_from(n) {
                Ok(n) => serializer.serialize_i64(n),
                Err(_) => serializer.serialize_f64(n as f64),
            },
            Quantity::Real(_) | Quantity::Fraction(..) => self.as_f64().serialize(serializer),
        }
    }
}

impl JsonSchema for Quantity {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "quantity".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        Option::<f64>::json_schema(generator)
    }
}

impl Quantity {
    fn as_f64(self) -> f64 {
        match self {
            Quantity::Integer(n) => n as f64,
            Quantity::Real(x) => x,
            Quantity::Fraction(n, d) => n as f64 / d as f64,
        }
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Quantity::Integer(n) => write!(f, "{n}"),
            Quantity::Real(x) => write!(f, "{x:.3}"),
            Quantity::Fraction(n, d) => write!(f, "{n}/{d} = {:.6}", n as f64 / d as f64),
        }
    }
}

/// A parameter's value, as the params object holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// A number.
    Int(i64),
    /// A probability or other real.
    Real(f64),
    /// A name.
    Text(String),
    /// A list of numbers, such as the heights a row covers.
    Ints(Vec<u32>),
    /// A list of names, such as the algorithms a row covers.
    Texts(Vec<String>),
}

impl From<u32> for Param {
    fn from(n: u32) -> Self {
        Param::Int(i64::from(n))
    }
}

impl From<u64> for Param {
    fn from(n: u64) -> Self {
        Param::Int(n as i64)
    }
}

impl From<f64> for Param {
    fn from(x: f64) -> Self {
        Param::Real(x)
    }
}

impl From<&str> for Param {
    fn from(s: &str) -> Self {
        Param::Text(s.to_string())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Self {
        Param::Text(s)
    }
}

/// One row of `abbench theory`.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The check's name, e.g. `corollary1`.
    pub check: &'static str,
    /// Its parameters, in the order they are shown.
    pub params: Vec<(&'static str, Param)>,
    /// What the paper predicts.
    pub predicted: Quantity,
    /// What the searches found (a mean for statistical checks).
    pub measured: Quantity,
    /// The standard error of a mean; `None` for an exact check.
    pub stderr: Option<f64>,
    /// Whether the measurement agrees with the prediction.
    pub ok: bool,
    /// Where an exact check went wrong, when it did.
    pub detail: Option<String>,
}

impl Check {
    /// An exact check: `ok` when equal, or as the caller judged (for checks that compare
    /// more than the two numbers shown, e.g. every level of a search).
    pub fn exact(
        check: &'static str,
        params: Vec<(&'static str, Param)>,
        predicted: Quantity,
        measured: Quantity,
        detail: Option<String>,
    ) -> Check {
        Check {
            check,
            params,
            predicted,
            measured,
            stderr: None,
            ok: predicted == measured && detail.is_none(),
            detail,
        }
    }

    /// A statistical check of `sample`'s mean against `predicted`.
    pub fn statistical(
        check: &'static str,
        params: Vec<(&'static str, Param)>,
        predicted: f64,
        sample: &Sample,
    ) -> Check {
        let se = sample.standard_error();
        let miss = (sample.mean - predicted).abs();
        let ok = if se > 0.0 {
            miss <= TOLERANCE_SE * se
        } else {
            // Every sample equal: the prediction must be that value.
            miss <= 1e-9 * predicted.abs().max(1.0)
        };
        Check {
            check,
            params,
            predicted: Quantity::Real(predicted),
            measured: Quantity::Real(sample.mean),
            stderr: Some(se),
            ok,
            detail: None,
        }
    }

    /// `(measured - predicted) / stderr`, for a statistical check with spread.
    pub fn z_score(&self) -> Option<f64> {
        let se = self.stderr.filter(|&se| se > 0.0)?;
        Some((self.measured.as_f64() - self.predicted.as_f64()) / se)
    }

    /// The params as `name=value` words.
    pub fn params_text(&self) -> String {
        self.params
            .iter()
            .map(|(name, value)| match value {
                Param::Int(n) => format!("{name}={n}"),
                Param::Real(x) => format!("{name}={x}"),
                Param::Text(s) => format!("{name}={s}"),
                Param::Ints(list) => format!("{name}={}", compact(list)),
                Param::Texts(list) => format!("{name}={}", list.join(",")),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The check as [`TheoryCheckLine`], the line `theory --json` prints.
    pub fn line(&self) -> TheoryCheckLine<'_> {
        TheoryCheckLine {
            schema: abbench_results::SCHEMA,
            kind: "theory_check",
            check: self.check,
            params: ParamsInOrder(&self.params),
            predicted: self.predicted,
            measured: self.measured,
            stderr: self.stderr,
            ok: self.ok,
            detail: self.detail.as_deref(),
        }
    }

    /// The JSON line, its keys in this order: `schema`, `kind` (`theory_check`), `check`,
    /// `params` (in the order shown),
    /// `predicted`, `measured`, `stderr` (`null` for exact checks), `ok`, and `detail`
    /// when an exact check failed.
    pub fn json_line(&self) -> String {
        serde_json::to_string(&self.line()).expect("a check always serialises")
    }
}

/// One prediction of Knuth & Moore (or Pearl) against measured searches (`theory
/// --json`).
///
/// Written by `abbench theory` alone, through this crate, so the type lives here.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TheoryCheckLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `theory_check`.
    #[schemars(extend("const" = "theory_check"))]
    pub kind: &'static str,
    /// The check's name.
    #[schemars(regex(pattern = r"^[a-z0-9-]+$"))]
    pub check: &'a str,
    /// The parameters it was checked at, in the order shown.
    pub params: ParamsInOrder<'a>,
    /// What the paper predicts.
    pub predicted: Quantity,
    /// What the searches measured.
    pub measured: Quantity,
    /// The standard error of a statistical check's mean; null for an exact check.
    pub stderr: Option<f64>,
    /// Whether the check passed.
    pub ok: bool,
    /// Why an exact check failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<&'a str>,
}

/// The params as a JSON object whose keys keep the order they are shown in.
pub struct ParamsInOrder<'a>(&'a [(&'static str, Param)]);

impl Serialize for ParamsInOrder<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

/// The parameters' schema: an object of parameters, each [`Param`]'s schema; an
/// algorithm (`algo`) or a list of them (`algos`) by its name.
impl JsonSchema for ParamsInOrder<'_> {
    fn schema_name() -> Cow<'static, str> {
        "theory_params".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = Schema::default();
        schema.insert("type".into(), "object".into());
        let mut properties = serde_json::Map::new();
        let algo = generator.subschema_for::<AlgoName>().to_value();
        let algos = generator.subschema_for::<Vec<AlgoName>>().to_value();
        properties.insert("algo".into(), algo);
        properties.insert("algos".into(), algos);
        schema.insert("properties".into(), properties.into());
        let param = generator.subschema_for::<Param>().to_value();
        schema.insert("additionalProperties".into(), param);
        schema
    }
}

/// A parameter in JSON is its value: a number, a text, or a list of either.
impl Serialize for Param {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Param::Int(n) => n.serialize(serializer),
            Param::Real(x) => x.serialize(serializer),
            Param::Text(s) => s.serialize(serializer),
            Param::Ints(list) => list.serialize(serializer),
            Param::Texts(list) => list.serialize(serializer),
        }
    }
}

impl JsonSchema for Param {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "theory_param".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let alternatives: Vec<serde_json::Value> = [
            f64::json_schema(generator),
            String::json_schema(generator),
            Vec::<i64>::json_schema(generator),
            Vec::<String>::json_schema(generator),
        ]
        .into_iter()
        .map(Schema::to_value)
        .collect();
        let mut schema = Schema::default();
        schema.insert("anyOf".into(), alternatives.into());
        schema
    }
}

/// A list of numbers for people: `2..9` for a run of consecutive numbers, else
/// comma-separated.
fn compact(list: &[u32]) -> String {
    let consecutive = list.windows(2).all(|w| w[1] == w[0] + 1);
    match list {
        [first, .., last] if consecutive && list.len() > 2 => format!("{first}..{last}"),
        _ => list
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// Mean and spread of a measured count over `N` trees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// `N`.
    pub count: u64,
    /// The sample mean.
    pub mean: f64,
    /// The sample standard deviation (divisor `N - 1`; 0 for one sample).
    pub sd: f64,
}

impl Sample {
    /// The sample of these values (Welford's update, so large counts lose no precision).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Sample {
        let (mut count, mut mean, mut m2) = (0u64, 0.0f64, 0.0f64);
        for x in values {
            count += 1;
            let delta = x - mean;
            mean += delta / count as f64;
            m2 += delta * (x - mean);
        }
        let sd = if count > 1 {
            (m2 / (count - 1) as f64).sqrt()
        } else {
            0.0
        };
        Sample { count, mean, sd }
    }

    /// `sd / sqrt(N)`.
    pub fn standard_error(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sd / (self.count as f64).sqrt()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;

    #[test]
    fn samples_have_the_textbook_mean_and_deviation() {
        let s = Sample::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(s.count, 8);
        assert!((s.mean - 5.0).abs() < 1e-12);
        assert!((s.sd - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert!((s.standard_error() - s.sd / 8f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn statistical_checks_allow_four_standard_errors() {
        let sample = Sample {
            count: 100,
            mean: 10.0,
            sd: 5.0,
        };
        assert!(Check::statistical("t", vec![], 12.0, &sample).ok);
        assert!(!Check::statistical("t", vec![], 12.1, &sample).ok);
        let constant = Sample::of([3.0, 3.0, 3.0]);
        assert!(Check::statistical("t", vec![], 3.0, &constant).ok);
        assert!(!Check::statistical("t", vec![], 3.01, &constant).ok);
    }

    #[test]
    fn lists_of_heights_are_short() {
        assert_eq!(compact(&[1, 2, 3, 4]), "1..4");
        assert_eq!(compact(&[3, 5]), "3,5");
        assert_eq!(compact(&[4, 5]), "4,5");
        assert_eq!(compact(&[7]), "7");
        assert_eq!(compact(&[]), "");
    }

    #[test]
    fn json_lines_have_every_field() {
        let check = Check::exact(
            "fig1",
            vec![("algo", "f2".into()), ("degree", 3u32.into())],
            Quantity::Integer(31),
            Quantity::Integer(31),
            None,
        );
        let line = check.json_line();
        assert!(
            line.starts_with(
                r#"{"schema":1,"kind":"theory_check","check":"fig1","params":{"algo":"f2","degree":3},"predicted":31,"#
            ),
            "{line}"
        );
        let json: Json = serde_json::from_str(&line).unwrap();
        assert_eq!(json["params"]["algo"], "f2");
        assert_eq!(json["predicted"], 31);
        assert_eq!(json["stderr"], Json::Null);
        assert_eq!(json["ok"], true);
        assert!(json.get("detail").is_none());
    }
}
