//! Derived scaling metrics shared by the summary, the report and the plots.

/// The Karp–Flatt metric, the experimentally determined serial fraction
/// `e = (1/S - 1/p) / (1 - 1/p)` for speedup `S` on `p` threads; undefined (`None`) at
/// `p = 1` and for a speedup that is not a positive finite number.
pub fn karp_flatt(speedup: f64, threads: usize) -> Option<f64> {
    if threads < 2 || !speedup.is_finite() || speedup <= 0.0 {
        return None;
    }
    let p = threads as f64;
    Some((1.0 / speedup - 1.0 / p) / (1.0 - 1.0 / p))
}

/// Statistics live below the crates that measure and report: the one median.
pub use abbench_results::median;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn karp_flatt_of_known_speedups() {
        assert_eq!(karp_flatt(1.0, 1), None);
        // Perfect speedup: no serial fraction.
        assert!(karp_flatt(4.0, 4).unwrap().abs() < 1e-12);
        // No speedup at all: everything is serial.
        assert!((karp_flatt(1.0, 4).unwrap() - 1.0).abs() < 1e-12);
        // S = 1.6 on 2 threads: (0.625 - 0.5) / 0.5 = 0.25.
        assert!((karp_flatt(1.6, 2).unwrap() - 0.25).abs() < 1e-12);
        assert_eq!(karp_flatt(0.0, 2), None);
        assert_eq!(karp_flatt(f64::NAN, 2), None);
    }
}
