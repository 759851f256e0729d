//! The fits of a calibration on known points.

use super::*;

#[test]
fn a_cost_growing_linearly_is_recovered() {
    // c(p) = 100 (1 + 0.5 (p − 1)): 150, 250, 450 at p = 2, 4, 8.
    let points = [(2, 150.0), (4, 250.0), (8, 450.0)];
    let cost = fit_growth(&points, Growth::Linear).unwrap();
    assert!((cost.nanos - 100.0).abs() < 1e-9, "{cost:?}");
    assert!((cost.growth - 0.5).abs() < 1e-12, "{cost:?}");
}

#[test]
fn one_thread_count_or_a_falling_cost_gives_a_flat_one() {
    assert_eq!(
        fit_growth(&[(2, 300.0)], Growth::Linear),
        Some(EventCost::flat(300.0))
    );
    assert_eq!(
        fit_growth(&[(2, 300.0), (4, 100.0)], Growth::Linear),
        Some(EventCost::flat(200.0))
    );
    assert_eq!(fit_growth(&[], Growth::Linear), None);
}

#[test]
fn the_position_slowdown_is_fitted_through_one_at_one_core() {
    // 1.1 at 2 cores, 1.3 at 4: g = 0.1 per further core.
    let g = growth_through_origin(&[(2, 1.1), (4, 1.3)], Growth::Linear);
    assert!((g - 0.1).abs() < 1e-12, "{g}");
    assert_eq!(growth_through_origin(&[(2, 0.9)], Growth::Linear), 0.0);
    assert_eq!(growth_through_origin(&[], Growth::Linear), 0.0);
}

#[test]
fn the_bookkeeping_fit_recovers_known_costs() {
    // y = 150 a + 200 b exactly.
    let rows = [
        (10.0, 100.0, 21_500.0),
        (40.0, 120.0, 30_000.0),
        (5.0, 300.0, 60_750.0),
    ];
    let (a, b) = bookkeeping::fit(&rows).unwrap();
    assert!(
        (a - 150.0).abs() < 1e-6 && (b - 200.0).abs() < 1e-6,
        "{a} {b}"
    );
}

#[test]
fn the_speed_spread_is_the_threads_relative_deviation_corrected_for_the_sample() {
    use positions::BusyTimes;
    assert_eq!(BusyTimes(vec![4.0]).spread(), None);
    assert_eq!(BusyTimes(vec![4.0, 4.0, 4.0]).spread(), Some(0.0));
    // 3.6 and 4.4 around 4: ±10%, a sample of two spreads sqrt(1/2) of its population.
    let s = BusyTimes(vec![3.6, 4.4]).spread().unwrap();
    assert!((s - 0.1 / 0.5f64.sqrt()).abs() < 1e-12, "{s}");
    assert!((BusyTimes(vec![3.6, 4.4]).mean() - 4.0).abs() < 1e-12);
}

#[test]
fn the_cache_line_ping_pong_gives_up_when_the_cores_are_oversubscribed() {
    // With no budget left, no trial starts: no time at all.
    assert!(events::line_transfer(1000, 0, Duration::ZERO).is_nan());
    // Eight spinning readers per core beside the two players: every round trip waits
    // for the scheduler. Unbounded, 1,000 trials of 1,000 round trips would take many
    // minutes; the budget ends it, with NaN or the time of a trial that finished within
    // it (1,000 round trips, 1,998 one-way transfers, in at most 200 ms).
    let sharers = 8 * abbench_results::available_threads();
    let budget = Duration::from_millis(200);
    let t = std::time::Instant::now();
    let line = events::line_transfer(1000, sharers, budget);
    let took = t.elapsed();
    assert!(took < Duration::from_secs(20), "took {took:?}");
    let most = budget.as_nanos() as f64 / 1998.0;
    assert!(
        line.is_nan() || (line > 0.0 && line <= most),
        "{line} ns, at most {most}"
    );
}

#[test]
fn the_serial_searches_are_timed_against_f2_iter_on_the_same_tree() {
    let spec = abbench_tree::ModelSpec::new(Model::Random, 6, 6, 1);
    let costs = spec
        .visit_implicit(serial::SerialTime { repeats: 2 })
        .unwrap()
        .expect("every serial search sets up on a small tree");
    for (algo, ratio) in costs.named() {
        // Each runs a kernel of f2-iter's kind: within a small factor of its time per
        // position, on any machine.
        assert!(
            ratio.is_finite() && ratio > 0.1 && ratio < 20.0,
            "{algo}: {ratio}"
        );
    }
    // What the simulator reads back: the same figures in thousandths.
    let permille = costs.permille();
    assert_eq!(permille.mtdf, (costs.mtdf * 1000.0).round() as u64);
}

#[test]
fn a_calibration_measures_the_serial_searches_and_the_table_on_every_model() {
    let machine = abbench_results::MachineInfo::default();
    let calibration = calibrate(
        &CalibrateOptions {
            threads: vec![2],
            full: false,
            repeats: 1,
        },
        &machine,
    )
    .unwrap();
    let profile = calibration.profile;
    let models: Vec<&str> = profile
        .serial_position_cost
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(models, ["branch-sum", "dependent", "ordered", "random"]);
    let probe = profile.table_probe.expect("the table probe is measured");
    let store = profile.table_store.expect("the table store is measured");
    assert!(
        probe.nanos > 0.0 && store.nanos > 0.0,
        "{probe:?} {store:?}"
    );
    // Nothing but the per-model position times a quick calibration leaves to the sweep
    // is defaulted for a model it measured.
    assert_eq!(
        profile.for_model("random").defaulted(),
        Vec::<String>::new()
    );
    assert!(
        calibration
            .notes
            .iter()
            .any(|n| n.starts_with("random: time per position against f2-iter's: f2-soft ")),
        "{:?}",
        calibration.notes
    );
}
