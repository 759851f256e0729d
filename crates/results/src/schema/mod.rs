//! The JSON schema of every line abbench writes, generated from the types that write
//! them (`schemars`): `schema/abbench-output.schema.json` is [`OutputSchema::document`]
//! of the list of kinds the command line keeps, and a test holds the committed file to it.
//!
//! Each kind is a `Serialize` struct deriving `JsonSchema`. Its doc comment is the kind's
//! description and its fields' doc comments describe the keys. It names its kind with
//! `#[schemars(extend("const" = "…"))]` on `kind` and its version with
//! [`SchemaVersion`] on `schema`; the values many kinds share are in [`names`].
//!
//! The document is draft-07 and written for what the tool writes (serde's serialize
//! contract): a key the writer always writes is required. [`tidy`] makes the rest
//! read as the hand-written schema did: a key the writer leaves out when it has
//! nothing is never null, and a one-value enum is a `const`.

pub mod names;
mod tidy;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value};

pub use names::{
    AlgoName, FastestSerialName, Hash16, ModelName, ParallelAlgoName, SchemaVersion, Threads,
};

/// Where the committed schema lives, from the repository's root.
pub const SCHEMA_FILE: &str = "schema/abbench-output.schema.json";

/// One kind of JSON line: its name (`kind`) and the description of its type.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputKind {
    /// The value of its `kind` key.
    pub name: String,
    /// Its doc comment, as the schema describes it.
    pub description: String,
}

/// The schema of a list of kinds, built a kind at a time.
pub struct OutputSchema {
    generator: SchemaGenerator,
    /// Each kind with where its schema is among schemars' definitions.
    kinds: Vec<(OutputKind, Source)>,
}

/// Where a kind's schema is: a type's definition, or one alternative of an enum's
/// (a `#[serde(tag = "kind")]` enum of several kinds).
#[derive(Clone, Debug)]
enum Source {
    Definition(String),
    Alternative(String, usize),
}

impl Default for OutputSchema {
    fn default() -> Self {
        OutputSchema::new()
    }
}

impl OutputSchema {
    /// An empty list of kinds.
    pub fn new() -> OutputSchema {
        let generator = SchemaSettings::draft07().for_serialize().into_generator();
        OutputSchema {
            generator,
            kinds: Vec::new(),
        }
    }

    /// Adds `T`: a kind, a struct with `schema` and a `kind` whose schema is a `const`; or
    /// an enum tagged by `kind`, whose variants are kinds.
    ///
    /// # Panics
    ///
    /// When `T` is neither, or one of its kinds is taken: a bug the schema's test finds.
    pub fn kind<T: JsonSchema>(mut self) -> OutputSchema {
        let reference = self.generator.subschema_for::<T>();
        let definition = reference
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/definitions/"))
            .unwrap_or_else(|| panic!("{} is not a definition", T::schema_name()))
            .to_string();
        let schema = self.generator.definitions()[&definition].clone();
        let found: Vec<(&Value, Source)> = match schema.get("oneOf") {
            Some(Value::Array(alternatives)) if tidy::kind_of(&schema).is_none() => alternatives
                .iter()
                .enumerate()
                .map(|(i, a)| (a, Source::Alternative(definition.clone(), i)))
                .collect(),
            _ => vec![(&schema, Source::Definition(definition.clone()))],
        };
        for (schema, source) in found {
            let name = tidy::kind_of(schema)
                .unwrap_or_else(|| panic!("{definition} has no const kind"))
                .to_string();
            assert!(
                self.kinds.iter().all(|(k, _)| k.name != name),
                "two types write kind {name}"
            );
            let description = schema.get("description").and_then(Value::as_str);
            let description = tidy::prose(description.unwrap_or_default());
            self.kinds.push((OutputKind { name, description }, source));
        }
        self
    }

    /// The kinds in the order they were added.
    pub fn kinds(&self) -> Vec<OutputKind> {
        self.kinds.iter().map(|(k, _)| k.clone()).collect()
    }

    /// The whole document: every line is a snake_case object and exactly one of the kinds.
    ///
    /// # Panics
    ///
    /// When a kind has no `schema` key, or a key at any depth of any kind is not
    /// snake_case.
    pub fn document(mut self) -> Value {
        self.generator.subschema_for::<AlgoName>();
        self.generator.subschema_for::<ParallelAlgoName>();
        self.generator.subschema_for::<FastestSerialName>();
        self.generator.subschema_for::<ModelName>();
        let mut definitions = self.generator.take_definitions(true);
        let mut renames = Vec::new();
        let mut kinds = Map::new();
        for (kind, source) in &self.kinds {
            let schema = match source {
                Source::Definition(definition) => {
                    renames.push((definition.clone(), kind.name.clone()));
                    definitions[definition].clone()
                }
                Source::Alternative(definition, i) => {
                    tidy::merge_variant(&definitions[definition]["oneOf"][*i], &definitions)
                }
            };
            assert!(
                schema.pointer("/properties/schema").is_some(),
                "kind {} has no schema key",
                kind.name
            );
            kinds.insert(kind.name.clone(), schema);
        }
        for (_, source) in &self.kinds {
            let (Source::Definition(definition) | Source::Alternative(definition, _)) = source;
            definitions.remove(definition);
        }
        for name in kinds.keys() {
            assert!(
                !definitions.contains_key(name),
                "kind {name} is also a type's name"
            );
        }
        definitions.extend(kinds);
        for schema in definitions.values_mut() {
            tidy::tidy(schema, &renames);
        }
        let shared = [
            AlgoName::schema_name(),
            ParallelAlgoName::schema_name(),
            FastestSerialName::schema_name(),
            ModelName::schema_name(),
        ];
        let shared: Vec<&str> = shared.iter().map(|n| n.as_ref()).collect();
        tidy::share_enums(&mut definitions, &shared);
        tidy::assert_snake_case(&definitions);
        definitions.extend(tidy::snake_case_definitions());
        let names: Vec<String> = self.kinds.iter().map(|(k, _)| k.name.clone()).collect();
        tidy::keep_reachable(&mut definitions, &names);
        envelope(&self.kinds(), definitions)
    }
}

/// The document around the definitions: its identity, and every line a snake_case object
/// that is one of `kinds`.
fn envelope(kinds: &[OutputKind], definitions: Map<String, Value>) -> Value {
    let reference = |name: &str| {
        let mut object = Map::new();
        object.insert("$ref".into(), format!("#/definitions/{name}").into());
        Value::Object(object)
    };
    let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    let one_of: Vec<Value> = names.iter().map(|n| reference(n)).collect();
    let mut choice = Map::new();
    choice.insert("oneOf".into(), one_of.into());
    let mut document = Map::new();
    let mut put = |key: &str, value: Value| document.insert(key.to_string(), value);
    put("$schema", "http://json-schema.org/draft-07/schema#".into());
    put(
        "$id",
        "https://abbench.invalid/schema/abbench-output.schema.json".into(),
    );
    put("title", "abbench JSON output, schema 1".into());
    put(
        "description",
        format!(
            "Every JSON line abbench writes, generated from the types that write them \
             (UPDATE_SCHEMA=1 cargo test -p abbench --bin abbench output_schema rewrites \
             this file). Every object has `schema` (1) and `kind`, one of: {}. The same \
             thing has the same name everywhere (`algo`, `threads`, `tree`); every key, at \
             every depth, is snake_case.",
            names.join(", ")
        )
        .into(),
    );
    put(
        "allOf",
        vec![reference("snake_case_object"), Value::Object(choice)].into(),
    );
    put("definitions", Value::Object(definitions));
    Value::Object(document)
}

/// Makes `kind` optional in a kind's schema: lines of `results.jsonl` written before the
/// key existed have none, and read as their kind (`#[schemars(transform = …)]`).
pub fn kind_may_be_absent(schema: &mut Schema) {
    if let Some(Value::Array(required)) = schema.get_mut("required") {
        required.retain(|name| name != "kind");
    }
}

/// The schema of `T` alone, tidied as in the document, for a test of one type.
pub fn schema_of<T: JsonSchema>() -> Value {
    let mut schema = SchemaSettings::draft07()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    tidy::tidy(&mut schema, &[]);
    schema
}
