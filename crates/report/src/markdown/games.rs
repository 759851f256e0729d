//! The `## Games` section: each algorithm on the positions of a real game (`connect4`),
//! as one who benchmarks game-playing programs reads it — mean time per position,
//! positions examined, the table's hit rate where a search keeps one, and the speedup
//! against the fastest serial search of the same positions.
//!
//! A game searched with `--path-keys` (its table keyed by path, as if it had no
//! transpositions) is a workload of its own, `connect4 (path keys)`: its rows, hit rates
//! and fastest serial search are never pooled with the position-keyed searches of the
//! same positions, whose table sees the transpositions.

use abbench_results::{Algorithm, Record};
use abbench_search::SerialAlgorithm;
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
        let Some(game) = game_label(r) else {
            continue;
        };
        let row = rows.entry((game, r.algo, r.threads)).or_default();
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
    md.push_str(&format!(
        "Each algorithm over a game's positions: the mean of each position's median time, \
         the mean positions examined, the hits of its table (MTD(f)'s, or the node table \
         the parallel searches share) over its probes, and the speedup against the \
         fastest serial search of the same positions (the least mean time among {}).\n\n",
        abbench_vocab::and_list(&SerialAlgorithm::EXACT.map(SerialAlgorithm::name))
    ));
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
                    && matches!(a, Algorithm::Serial(s) if SerialAlgorithm::EXACT.contains(s))
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
    decided_at_the_root(md, records);
}

/// A sentence per game whose positions include some decided at the root (a win, a loss
/// or a full board, where a search examines the one position): their times are set-up,
/// not search, and they weigh on the means of the table.
fn decided_at_the_root(md: &mut String, records: &[Record]) {
    use std::collections::BTreeSet;
    let mut games: BTreeMap<String, (BTreeSet<&str>, BTreeSet<&str>)> = BTreeMap::new();
    for r in records {
        let (Some(game), Some(position)) = (game_label(r), r.tree.position.as_deref()) else {
            continue;
        };
        let (all, decided) = games.entry(game).or_default();
        all.insert(position);
        if r.nodes <= 1 {
            decided.insert(position);
        }
    }
    for (game, (all, decided)) in games.iter().filter(|(_, (_, d))| !d.is_empty()) {
        let _ = writeln!(
            md,
            "{} of the {} positions of {game} are decided at the root: a search there \
             examines one position, so their times measure a search's set-up, not a search. \
             They are in the means above.\n",
            decided.len(),
            all.len()
        );
    }
}

/// The workload a game's record belongs to: its model, and `(path keys)` when its table
/// was keyed by path; `None` for a record that is not of a game's position.
fn game_label(r: &Record) -> Option<String> {
    let model = r
        .tree
        .model
        .map(|m| m.name())
        .filter(|_| r.tree.position.is_some())?;
    Some(if r.tree.path_keys == Some(true) {
        format!("{model} (path keys)")
    } else {
        model.to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_results::{TableRecord, TreeInfo, WallTimes};

    /// MTD(f) on one Connect Four position, its table probed 100 times.
    fn mtdf(path_keys: bool, hits: u64, nodes: u64) -> Record {
        Record {
            schema: abbench_results::SCHEMA,
            kind: abbench_results::SearchKind::Search,
            tree: TreeInfo {
                model: Some(abbench_tree::Model::Connect4),
                seed: Some(1),
                position: Some("4453".into()),
                path_keys: path_keys.then_some(true),
                layout: abbench_tree::Layout::Implicit,
                ..TreeInfo::default()
            },
            algo: "mtdf".parse::<Algorithm>().unwrap(),
            threads: 1,
            value: 0,
            best_move: Some(3),
            nodes,
            leaves: nodes / 2,
            levels: Vec::new(),
            cutoffs: None,
            nps: 1e6,
            wall_ns: WallTimes::of(&[std::time::Duration::from_micros(100)]).unwrap(),
            verified: true,
            checked_by: None,
            parallel: None,
            used: Default::default(),
            bound: None,
            kinds: None,
            guess_source: None,
            searches: None,
            passes: Vec::new(),
            table: Some(TableRecord {
                probes: 100,
                hits,
                stores: 90,
                hit_rate: hits as f64 / 100.0,
                bytes: None,
            }),
            fastest: None,
            machine_ns: None,
            settings: None,
            own: None,
        }
    }

    #[test]
    fn positions_decided_at_the_root_are_counted_where_they_are_timed() {
        let mut md = String::new();
        let mut decided = mtdf(false, 0, 1);
        decided.tree.position = Some("4455443".into());
        games(&mut md, &[mtdf(false, 40, 1000), decided.clone(), decided]);
        assert!(
            md.contains("1 of the 2 positions of connect4 are decided at the root"),
            "{md}"
        );
        let mut md = String::new();
        games(&mut md, &[mtdf(false, 40, 1000)]);
        assert!(!md.contains("decided at the root"), "{md}");
    }

    #[test]
    fn path_keyed_searches_are_rows_of_their_own() {
        let mut md = String::new();
        games(&mut md, &[mtdf(false, 40, 1000), mtdf(true, 2, 3000)]);
        let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| connect4")).collect();
        assert_eq!(rows.len(), 2, "{md}");
        assert!(
            rows[0].starts_with("| connect4 | mtdf | 1 | 1 |")
                && rows[0].contains("| 1000 | 40.0% |"),
            "{}",
            rows[0]
        );
        assert!(
            rows[1].starts_with("| connect4 (path keys) | mtdf | 1 | 1 |")
                && rows[1].contains("| 3000 | 2.0% |"),
            "{}",
            rows[1]
        );
    }
}
