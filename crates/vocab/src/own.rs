//! What a parallel search reports of its own, beyond the counters every search keeps
//! (positions, splits, aborts, the table's probes): a value of the search's own type,
//! which its record carries under the type's keys.

use serde::{Deserialize, Serialize};

/// A search's own statistics, by kind. A record writes the fields of the one it holds
/// beside its other fields, as it always has; a reader tells the kinds apart by their
/// fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OwnStats {
    /// What a search that keeps positions beyond its split points kept (ER's e-nodes,
    /// the best-first search's explicit tree), within `--keep-limit`.
    Kept(Kept),
}

/// The most positions a search kept at once beyond its split points, and their bytes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Kept {
    /// The most positions kept at once, over the whole search.
    pub kept_positions: u64,
    /// The bytes those positions took.
    pub kept_bytes: u64,
}

impl OwnStats {
    /// What was kept, for a search that keeps positions.
    pub fn kept(&self) -> Option<Kept> {
        match self {
            OwnStats::Kept(kept) => Some(*kept),
        }
    }
}

impl schemars::JsonSchema for OwnStats {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "OwnStats".into()
    }

    /// Inlined: a record that flattens a search's own statistics lists their keys among
    /// its own.
    fn inline_schema() -> bool {
        true
    }

    /// An object with every kind's keys, none required: a record holds one kind or none.
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = <Kept as schemars::JsonSchema>::json_schema(generator);
        schema.remove("required");
        schema.remove("title");
        schema
    }
}
