//! What the generated schema needs beyond `schemars`' output, so that it says what the
//! hand-written one said: no `format` annotations (validators ignore them), a one-value
//! enum as a `const`, no `null` for a key the writer leaves out when it has nothing, the
//! kinds' definitions under their kinds' names, and the rule that every key is snake_case.

use schemars::Schema;
use schemars::transform::{Transform, transform_subschemas};
use serde_json::{Map, Value};

/// The `kind` a kind's schema declares: its `kind` key's `const`, or the one value of
/// its enum.
pub(super) fn kind_of(schema: &Value) -> Option<&str> {
    let kind = schema.pointer("/properties/kind")?;
    let kind = match kind.get("oneOf") {
        Some(Value::Array(alternatives)) if alternatives.len() == 1 => &alternatives[0],
        _ => kind,
    };
    match kind.get("enum") {
        Some(Value::Array(values)) if values.len() == 1 => values[0].as_str(),
        _ => kind.get("const")?.as_str(),
    }
}

/// Tidies `schema` and every schema inside it; `renames` are definitions moved to new
/// names (from, to).
pub(super) fn tidy(schema: &mut Value, renames: &[(String, String)]) {
    if let Ok(schema) = <&mut Schema>::try_from(schema) {
        Tidy { renames }.transform(schema);
    }
}

/// The transform [`tidy`] applies at every depth.
struct Tidy<'a> {
    renames: &'a [(String, String)],
}

impl Transform for Tidy<'_> {
    fn transform(&mut self, schema: &mut Schema) {
        if let Some(object) = schema.as_object_mut() {
            object.remove("format");
            object.remove("default");
            one_alternative_is_the_schema(object);
            constants_are_an_enum(object);
            unwrap_description(object);
            if let Some(Value::Array(values)) = object.get("enum")
                && values.len() == 1
            {
                let only = values[0].clone();
                object.remove("enum");
                object.insert("const".into(), only);
            }
            rename_reference(object, self.renames);
            omitted_keys_are_never_null(object);
        }
        transform_subschemas(self, schema);
    }
}

/// Merges a `oneOf` of one alternative into its schema: a one-variant enum's variant,
/// whose own description says no more than the field's.
fn one_alternative_is_the_schema(object: &mut Map<String, Value>) {
    if let Some(Value::Array(alternatives)) = object.get("oneOf")
        && let [Value::Object(only)] = alternatives.as_slice()
    {
        let only = only.clone();
        object.remove("oneOf");
        for (key, value) in only {
            object.entry(key).or_insert(value);
        }
    }
}

/// Makes a `oneOf` of constants (an enum whose variants have doc comments) one `enum`:
/// the same values, read at a glance.
fn constants_are_an_enum(object: &mut Map<String, Value>) {
    let Some(Value::Array(alternatives)) = object.get("oneOf") else {
        return;
    };
    let values: Option<Vec<Value>> = alternatives
        .iter()
        .map(|a| a.get("const").cloned())
        .collect();
    let Some(values) = values else {
        return;
    };
    if let Some(kind) = alternatives[0].get("type").cloned() {
        object.insert("type".into(), kind);
    }
    object.remove("oneOf");
    object.insert("enum".into(), values.into());
}

/// Tidies a schema's description ([`prose`]).
fn unwrap_description(object: &mut Map<String, Value>) {
    if let Some(Value::String(text)) = object.get_mut("description") {
        *text = prose(text);
    }
}

/// A doc comment's lines joined into sentences, its paragraphs apart, and its links to
/// Rust items as plain code.
pub(super) fn prose(text: &str) -> String {
    text.split("\n\n")
        .map(|paragraph| paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
        .replace("[`", "`")
        .replace("`]", "`")
}

/// Points a `$ref` to a renamed definition at its new name.
fn rename_reference(object: &mut Map<String, Value>, renames: &[(String, String)]) {
    if let Some(Value::String(reference)) = object.get_mut("$ref") {
        for (from, to) in renames {
            if *reference == format!("#/definitions/{from}") {
                *reference = format!("#/definitions/{to}");
            }
        }
    }
}

/// Drops `null` from every property that is not required: serde writes a key that can be
/// left out only when it has something to say (`skip_serializing_if`). A key that is
/// written as null though not required (a field of a flattened `Option`, one old lines
/// lack) says so with `#[schemars(extend("nullable" = true))]`.
fn omitted_keys_are_never_null(object: &mut Map<String, Value>) {
    let required: Vec<String> = match object.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|n| n.as_str().map(String::from))
            .collect(),
        _ => Vec::new(),
    };
    let Some(Value::Object(properties)) = object.get_mut("properties") else {
        return;
    };
    for (name, property) in properties.iter_mut() {
        if let Value::Object(property) = property {
            let written_as_null = property.remove(NULLABLE) == Some(Value::Bool(true));
            if !required.contains(name) && !written_as_null {
                drop_null(property);
            }
        }
    }
}

/// The keyword by which a property keeps its `null` though not required; the document
/// does not keep it.
const NULLABLE: &str = "nullable";

/// `property` without `null` among its types, its values or its alternatives.
fn drop_null(property: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = property.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            property.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(values)) = property.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    let Some(Value::Array(alternatives)) = property.get_mut("anyOf") else {
        return;
    };
    alternatives.retain(|a| a.get("type").and_then(Value::as_str) != Some("null"));
    if alternatives.len() == 1 {
        let only = alternatives.remove(0);
        property.remove("anyOf");
        match only {
            Value::Object(only) if property.is_empty() => property.extend(only),
            only => {
                property.insert("allOf".into(), vec![only].into());
            }
        }
    }
}

/// An enum's variant as a kind of its own: a newtype variant (`allOf` its struct's
/// definition, and the tag) becomes one object with the struct's keys and the tag.
pub(super) fn merge_variant(variant: &Value, definitions: &Map<String, Value>) -> Value {
    let mut variant = variant.clone();
    let Some(Value::Object(object)) = Some(&mut variant) else {
        return variant;
    };
    let inner = match object.get("allOf") {
        Some(Value::Array(parts)) if parts.len() == 1 => parts[0]
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/definitions/"))
            .and_then(|name| definitions.get(name)),
        _ => None,
    };
    let Some(Value::Object(inner)) = inner else {
        return variant;
    };
    object.remove("allOf");
    for (key, value) in inner {
        match (key.as_str(), object.get_mut(key)) {
            ("properties", Some(Value::Object(mine))) => {
                let theirs = value.as_object().into_iter().flatten();
                mine.extend(theirs.map(|(k, v)| (k.clone(), v.clone())));
            }
            ("required", Some(Value::Array(mine))) => {
                mine.extend(value.as_array().into_iter().flatten().cloned());
            }
            ("description", Some(_)) => {}
            _ => {
                object.insert(key.clone(), value.clone());
            }
        }
    }
    variant
}

/// Removes the definitions no kind refers to, at any depth.
///
/// # Panics
///
/// On a reference to a definition that does not exist.
pub(super) fn keep_reachable(definitions: &mut Map<String, Value>, kinds: &[String]) {
    let mut reached: Vec<String> = kinds.to_vec();
    reached.push("snake_case_object".into());
    let mut i = 0;
    while i < reached.len() {
        let schema = definitions
            .get(&reached[i])
            .unwrap_or_else(|| panic!("no definition {}", reached[i]));
        let mut found = Vec::new();
        references(schema, &mut found);
        for name in found {
            if !reached.contains(&name) {
                reached.push(name);
            }
        }
        i += 1;
    }
    definitions.retain(|name, _| reached.contains(name));
}

/// Every definition `value` refers to.
fn references(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, value) in object {
                match (key.as_str(), value) {
                    ("$ref", Value::String(r)) => {
                        found.extend(r.strip_prefix("#/definitions/").map(String::from));
                    }
                    _ => references(value, found),
                }
            }
        }
        Value::Array(values) => values.iter().for_each(|v| references(v, found)),
        _ => {}
    }
}

/// Makes every inline list equal to a shared definition's (`shared`: the algorithms'
/// names, the models') a reference to it: a type that cannot name the shared schema
/// (the simulator's, below this crate) writes the same list from the same source.
pub(super) fn share_enums(definitions: &mut Map<String, Value>, shared: &[&str]) {
    let lists: Vec<(String, Value)> = shared
        .iter()
        .filter_map(|name| {
            let list = definitions.get(*name)?.get("enum")?.clone();
            Some((name.to_string(), list))
        })
        .collect();
    let mut share = Share(&lists);
    for (name, schema) in definitions.iter_mut() {
        if shared.contains(&name.as_str()) {
            continue;
        }
        if let Ok(schema) = <&mut Schema>::try_from(schema) {
            share.transform(schema);
        }
    }
}

/// The transform [`share_enums`] applies at every depth: (definition, its list).
struct Share<'a>(&'a [(String, Value)]);

impl Transform for Share<'_> {
    fn transform(&mut self, schema: &mut Schema) {
        if let Some(object) = schema.as_object_mut()
            && let Some(list) = object.get("enum")
            && let Some((name, _)) = self.0.iter().find(|(_, l)| l == list)
        {
            object.remove("enum");
            object.remove("type");
            let mut reference = Map::new();
            reference.insert("$ref".into(), format!("#/definitions/{name}").into());
            if object.is_empty() {
                object.extend(reference);
            } else {
                object.insert("allOf".into(), vec![Value::Object(reference)].into());
            }
        }
        transform_subschemas(self, schema);
    }
}

/// Fails on a property name, at any depth of any definition, that is not snake_case.
pub(super) fn assert_snake_case(definitions: &Map<String, Value>) {
    let mut check = SnakeCase(Vec::new());
    for schema in definitions.values() {
        let mut schema = schema.clone();
        if let Ok(schema) = <&mut Schema>::try_from(&mut schema) {
            check.transform(schema);
        }
    }
    assert!(check.0.is_empty(), "keys not in snake_case: {:?}", check.0);
}

/// Collects the property names that are not snake_case.
struct SnakeCase(Vec<String>);

impl Transform for SnakeCase {
    fn transform(&mut self, schema: &mut Schema) {
        if let Some(Value::Object(properties)) = schema.get("properties") {
            let bad = properties.keys().filter(|k| !is_snake_case(k));
            self.0.extend(bad.cloned());
        }
        transform_subschemas(self, schema);
    }
}

/// `^[a-z][a-z0-9_]*$`.
fn is_snake_case(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The rule every line keeps whatever its kind: an object whose keys, at every depth,
/// are snake_case. It holds for the parts the types leave open too (a theory check's
/// parameters, a cost profile's figures by model).
const SNAKE_CASE: &str = r##"{
  "snake_case_object": {
    "type": "object",
    "propertyNames": { "pattern": "^[a-z][a-z0-9_]*$" },
    "additionalProperties": { "$ref": "#/definitions/snake_case_value" }
  },
  "snake_case_value": {
    "anyOf": [
      { "type": ["string", "number", "boolean", "null"] },
      { "type": "array", "items": { "$ref": "#/definitions/snake_case_value" } },
      { "$ref": "#/definitions/snake_case_object" }
    ]
  }
}"##;

/// The definitions of [`SNAKE_CASE`].
pub(super) fn snake_case_definitions() -> Map<String, Value> {
    serde_json::from_str(SNAKE_CASE).expect("the snake_case rule is JSON")
}
