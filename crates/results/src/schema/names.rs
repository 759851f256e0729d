//! The schemas of values that many outputs share, each made from its one list: the
//! algorithms' names (`abbench-vocab`), the tree models' names (`abbench-tree`), the
//! schema version, a thread count and a 16-digit hash.
//!
//! A field names one of them with `#[schemars(with = "…")]`, so its Rust type can stay
//! what it is (an [`abbench_vocab::Algorithm`], a `usize`): the schema of the field is
//! the shared one, a single definition the generated document refers to.

use abbench_tree::Model;
use abbench_vocab::{Algorithm, ParallelAlgorithm, SerialAlgorithm};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// A schema object of `pairs`.
fn object(pairs: impl IntoIterator<Item = (&'static str, Value)>) -> Schema {
    Schema::from(
        pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect::<Map<String, Value>>(),
    )
}

/// A string that is one of `names`.
fn one_of(names: impl IntoIterator<Item = &'static str>) -> Schema {
    let names: Vec<Value> = names.into_iter().map(Value::from).collect();
    object([("type", "string".into()), ("enum", names.into())])
}

/// Declares a type whose only use is its schema, made by `$schema`.
macro_rules! schema_only {
    ($(#[$doc:meta])* $name:ident = $definition:literal, $schema:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                $definition.into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

schema_only!(
    /// `schema`: the version of the output format, [`crate::SCHEMA`], as a constant.
    SchemaVersion = "schema",
    object([("const", crate::SCHEMA.into())])
);

schema_only!(
    /// `algo`: every algorithm's name, serial first ([`Algorithm::ALL`]).
    AlgoName = "algo",
    one_of(Algorithm::ALL.map(Algorithm::name))
);

schema_only!(
    /// `algo` where only a parallel search can be: [`ParallelAlgorithm::ALL`].
    ParallelAlgoName = "parallel_algo",
    one_of(ParallelAlgorithm::ALL.map(ParallelAlgorithm::name))
);

schema_only!(
    /// The fastest serial search of a tree: one of [`SerialAlgorithm::EXACT`], the
    /// candidates a parallel search is held to.
    FastestSerialName = "fastest_serial_algo",
    one_of(SerialAlgorithm::EXACT.map(SerialAlgorithm::name))
);

schema_only!(
    /// A tree model's name: the synthetic models, then the games ([`Model::ALL`],
    /// [`Model::GAMES`]).
    ModelName = "model",
    one_of(Model::ALL.into_iter().chain(Model::GAMES).map(Model::name))
);

schema_only!(
    /// `threads`: worker threads or virtual processors, at least one.
    Threads = "threads",
    object([("type", "integer".into()), ("minimum", 1.into())])
);

schema_only!(
    /// A 64-bit hash in 16 lowercase hex digits: a suite's, a tree's fingerprint.
    Hash16 = "hash16",
    object([
        ("type", "string".into()),
        ("pattern", "^[0-9a-f]{16}$".into()),
    ])
);
