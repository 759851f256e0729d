//! The schemas of a record ([`Record`], kind `search`) and its tree ([`TreeInfo`]) as
//! the hand-written schema had them, until those types derive theirs: their fields are
//! being changed elsewhere, and the derive lands after that change.

use super::{AlgoName, FastestSerialName, ModelName, SchemaVersion, Threads};
use crate::{Record, TreeInfo, WallTimes};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use std::borrow::Cow;

/// The record's schema: one measured (tree, algorithm, threads).
const SEARCH: &str = r##"{"description": "One measured (tree, algorithm, threads): a line of results.jsonl or run --json. Lines written before `kind` existed have none.", "type": "object", "required": ["schema", "tree", "algo", "threads", "value", "nodes", "leaves", "wall_ns", "nps", "verified"], "properties": {"schema": {"$ref": "#/definitions/schema"}, "kind": {"const": "search"}, "tree": {"$ref": "#/definitions/tree"}, "algo": {"$ref": "#/definitions/algo"}, "threads": {"$ref": "#/definitions/threads"}, "value": {"type": "integer"}, "best_move": {"type": ["integer", "null"], "minimum": 0}, "nodes": {"type": "integer", "minimum": 0}, "leaves": {"type": "integer", "minimum": 0}, "levels": {"type": "array", "items": {"type": "integer", "minimum": 0}}, "wall_ns": {"$ref": "#/definitions/wall_ns"}, "nps": {"type": "number", "minimum": 0}, "verified": {"type": "boolean"}, "speedup": {"type": "number", "minimum": 0}, "search_overhead": {"type": "number"}, "fastest_serial": {"$ref": "#/definitions/fastest_serial_algo"}, "fastest_serial_ns": {"type": "integer", "minimum": 0}, "fastest_serial_nodes": {"type": "integer", "minimum": 0}, "speedup_vs_fastest": {"type": "number", "minimum": 0}, "overhead_vs_fastest": {"type": "number"}, "keep_limit": {"description": "er: the memory bound given (--keep-limit), the most positions its e-nodes may keep at once.", "type": "integer", "minimum": 1}, "kept_positions": {"type": "integer", "minimum": 0}, "kept_bytes": {"type": "integer", "minimum": 0}, "table": {"description": "mtdf: its transposition table's lookups, lookups that found their position, stores, hits / probes, and its size in bytes; abdada, lazy-smp, null-window: the same of their shared node table, of the same size for the same --tt-mb, present even where the search never reached it (a tree below its split height: 0 probes, hit rate 0) (its bytes are the entries'; ABDADA's busy marks, a sixteenth more, are not counted).", "type": "object", "required": ["probes", "hits", "stores", "hit_rate"], "properties": {"probes": {"type": "integer", "minimum": 0}, "hits": {"type": "integer", "minimum": 0}, "stores": {"type": "integer", "minimum": 0}, "hit_rate": {"type": "number", "minimum": 0, "maximum": 1}, "bytes": {"description": "The table's size in bytes: --tt-mb rounded down to a power of two of 32-byte slots, for the serial and the parallel table searches alike (absent from records written before the parallel ones carried it).", "type": "integer", "minimum": 32}}, "additionalProperties": false}, "fastest": {"description": "Serial records: the fastest exact serial search of this tree in the same run (the parallel records' fastest_serial, fastest_serial_ns, fastest_serial_nodes).", "type": "object", "required": ["algo", "wall_ns", "nodes"], "properties": {"algo": {"$ref": "#/definitions/fastest_serial_algo"}, "wall_ns": {"type": "integer", "minimum": 0}, "nodes": {"type": "integer", "minimum": 0}}, "additionalProperties": false}, "machine_ns": {"description": "The machine's yardstick (a fixed walk through a 64 KiB table, code no search shares) timed just before this search's timed runs, nanoseconds per walk: compare divides by it to tell a machine's drift from a change of the code.", "type": "number", "exclusiveMinimum": 0}}, "not": {"anyOf": [{"required": ["timed_out"]}, {"required": ["failed"]}]}}"##;

/// The tree's schema: a model and its parameters, or a file.
const TREE: &str = r##"{"type": "object", "properties": {"model": {"$ref": "#/definitions/model"}, "file": {"type": "string"}, "position": {"type": "string", "pattern": "^[1-7]*$"}, "score": {"type": "integer"}, "path_keys": {"type": "boolean"}, "degree": {"type": "integer", "minimum": 0}, "height": {"type": "integer", "minimum": 0}, "seed": {"type": "integer", "minimum": 0}, "layout": {"type": "string", "enum": ["implicit", "arena"]}}, "anyOf": [{"required": ["model", "degree", "height"]}, {"required": ["model", "position"]}, {"required": ["file"]}]}"##;

impl JsonSchema for Record {
    fn schema_name() -> Cow<'static, str> {
        "search".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        generator.subschema_for::<SchemaVersion>();
        generator.subschema_for::<TreeInfo>();
        generator.subschema_for::<AlgoName>();
        generator.subschema_for::<Threads>();
        generator.subschema_for::<WallTimes>();
        generator.subschema_for::<FastestSerialName>();
        serde_json::from_str(SEARCH).expect("the record's schema is JSON")
    }
}

impl JsonSchema for TreeInfo {
    fn schema_name() -> Cow<'static, str> {
        "tree".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        generator.subschema_for::<ModelName>();
        serde_json::from_str(TREE).expect("the tree's schema is JSON")
    }
}
