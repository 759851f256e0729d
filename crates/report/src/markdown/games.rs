//! The `## Games` section: each algorithm on the positions of a real game (`connect4`),
//! as one who benchmarks game-playing programs reads it — mean time per position,
//! positions examined, the table's hit rate where a search keeps one, and the speedup
//! against the fastest serial search of the same positions.

use abbench_results::{Algorithm, Record};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One algorithm at one thread count over a game's positions.
#[derive(Default)]
struct Row {
    positions: u64,
    wall_ns: u128,
    nodes: u128,
    probes: u64,
    hits: u64,
}

/// The section, when any record is of a game; nothing otherwise.
pub(super) fn games(md: &mut String, records: &[Record]) {
    let mut rows: BTreeMap<(String, Algorithm, usize), Row> = BTreeMap::new();
    for r in records {
        let Some(model) = r
            .tree
            .model
            .as_deref()
            .filter(|_| r.tree.position.is_some())
        else {
            continue;
        };
        let row = rows
            .entry((model.to_string(), r.algo, r.threads))
            .or_default();
        row.positions += 1;
        row.wall_ns += u128::from(r.wall_ns.median);
        row.nodes += u128::from(r.nodes);
        if let Some(table) = &r.table {
            row.probes += table.probes;
            row.hits += table.hits;
        }
    }
    if rows.is_empty() {
        return;
    }
    md.push_str("## Games\n\n");
    md.push_str(
        "Each algorithm over a game's positions: the mean of each position's median time, \
         the mean positions examined, the hits of its table (MTD(f)'s, or the node table \
         the parallel searches share) over its probes, and the speedup against the \
         fastest serial search of the same positions (the least mean time among f2-iter, \
         pvs, aspiration and mtdf).\n\n",
    );
    md.push_str(
        "| game | algorithm | threads | positions | mean time per position | mean positions examined | table hit rate | speedup vs fastest serial |\n",
    );
    md.push_str("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    let mean = |row: &Row, total: u128| total as f64 / row.positions as f64;
    for ((game, algo, threads), row) in &rows {
        let fastest = rows
            .iter()
            .filter(|((g, a, _), other)| {
                g == game
                    && other.positions == row.positions
                    && matches!(a.name(), "f2-iter" | "pvs" | "aspiration" | "mtdf")
            })
            .map(|(_, other)| mean(other, other.wall_ns))
            .fold(f64::INFINITY, f64::min);
        let time = mean(row, row.wall_ns);
        let hit_rate = if row.probes > 0 {
            format!("{:.1}%", 100.0 * row.hits as f64 / row.probes as f64)
        } else {
            "-".to_string()
        };
        let speedup = if fastest.is_finite() && time > 0.0 {
            format!("{:.2}×", fastest / time)
        } else {
            "-".to_string()
        };
        let _ = writeln!(
            md,
            "| {game} | {algo} | {threads} | {} | {} | {:.0} | {hit_rate} | {speedup} |",
            row.positions,
            abbench_results::human_nanos(time as u64),
            mean(row, row.nodes),
        );
    }
    md.push('\n');
}
