//! The export formats' number writing: spreads and criterion's units.

use super::{criterion_elements, criterion_time, spread, thousands};

#[test]
fn spreads_are_written_as_the_offsets_they_are() {
    assert_eq!(spread(100.0, 90.0, 250.0), "-10 +150");
    assert_eq!(spread(5.0, 5.0, 5.0), "-0 +0");
    assert_eq!(spread(1000.5f64, 999.0, 1234.5678), "-1.5 +234");
    // Offsets a hair below a round figure are written as the figure, never as the
    // binary artefact of scaling by a power of ten below one.
    assert_eq!(
        spread(
            50_000_000.0,
            50_000_000.0 - 46_499_999.999_999_99,
            74_999_999.999_999_99
        ),
        "-46500000 +25000000"
    );
    assert_eq!(
        spread(1.0, 1.0 - 0.012_345_6, 1.000_987_65),
        "-0.0123 +0.000988"
    );
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1_000), "1,000");
    assert_eq!(thousands(37_174), "37,174");
    assert_eq!(thousands(1_234_567), "1,234,567");
}

#[test]
fn numbers_are_written_as_criterion_writes_them() {
    assert_eq!(criterion_time(0.5), "500.00 ps");
    assert_eq!(criterion_time(86.0), "86.000 ns");
    assert_eq!(criterion_time(1_234.0), "1.2340 µs");
    assert_eq!(criterion_time(123_456_789.0), "123.46 ms");
    assert_eq!(criterion_time(12_345_678_901.0), "12.346 s");
    assert_eq!(criterion_elements(12.0), "12.000  elem/s");
    assert_eq!(criterion_elements(148_620_000.0), "148.62 Melem/s");
    assert_eq!(criterion_elements(2.5e9), "2.5000 Gelem/s");
}
