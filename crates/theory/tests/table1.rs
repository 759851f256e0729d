//! Table 1 (§7): the computed `r0`, `r1`, `r*` against every legible cell of the paper's
//! table, the rounding the paper uses, and the claims §7 makes about the table.

use abbench_theory::{PaperCell, paper_table1, r1, s_d, table1};

#[test]
fn every_legible_cell_is_reproduced_and_every_garbled_one_fits_its_fragments() {
    let computed = table1();
    let printed = paper_table1();
    assert_eq!(computed.len(), printed.len());
    for (row, paper) in computed.iter().zip(&printed) {
        assert_eq!(row.d, paper.d);
        for (name, value, cell) in [
            ("r0", row.r0, &paper.r0),
            ("r1", row.r1, &paper.r1),
            ("r*", row.r_star, &paper.r_star),
        ] {
            assert!(
                cell.agrees_with(value),
                "d={} {name}: computed {value:.6}, paper {cell:?}",
                row.d
            );
        }
    }
}

#[test]
fn the_table_rounds_rather_than_truncates() {
    // Of the legible cells, count those where truncating the computed value would give a
    // different printed number: rounding must explain all of them.
    let computed = table1();
    let mut decided_by_rounding = 0;
    for (row, paper) in computed.iter().zip(paper_table1()) {
        for (value, cell) in [
            (row.r0, paper.r0),
            (row.r1, paper.r1),
            (row.r_star, paper.r_star),
        ] {
            if let PaperCell::Printed { thousandths } = cell {
                let truncated = (value * 1000.0).floor() as u64;
                let rounded = (value * 1000.0).round() as u64;
                assert_eq!(rounded, thousandths, "d={}", row.d);
                if truncated != thousandths {
                    decided_by_rounding += 1;
                }
            }
        }
    }
    assert_eq!(decided_by_rounding, 40);
}

#[test]
fn no_cell_sits_on_a_rounding_edge() {
    // Each computed value is at least 1e-6 from a half-thousandth, so the comparison
    // above cannot hinge on the last bits of the computation.
    for row in table1() {
        for value in [row.r0, row.r1, row.r_star] {
            let frac = (value * 1000.0).fract();
            assert!((frac - 0.5).abs() > 1e-3, "d={} {value}", row.d);
        }
    }
}

#[test]
fn r1_is_the_better_bound_exactly_for_d_up_to_24() {
    // §7: "the table shows that r1(d) is actually a better bound for d <= 24".
    for row in table1() {
        assert_eq!(row.r1 < row.r_star, row.d <= 24, "d={}", row.d);
    }
}

#[test]
fn r1_is_the_growth_rate_of_recurrence_37() {
    // A_{n+2} = A_{n+1} + S_d A_n from A_0 = 1, A_1 = d: the ratio tends to r1(d).
    for d in [2u64, 3, 8, 16, 31] {
        let s = s_d(d).unwrap();
        let (mut previous, mut current) = (1.0f64, d as f64);
        // The other root is -(r1 - 1), so the error shrinks by (r1 - 1)/r1 a step.
        for _ in 0..5000 {
            (previous, current) = (current, current + s * previous);
            let scale = current;
            (previous, current) = (previous / scale, current / scale);
        }
        let ratio = current / previous;
        assert!((ratio - r1(d).unwrap()).abs() < 1e-12, "d={d}: {ratio}");
    }
}
