//! Compares two `results.jsonl` files without the CLI:
//! `cargo run --release -p abbench-report --example compare -- BASE NEW [THRESHOLD_PCT]`.
//! Exits 0 when nothing regressed, 1 on a regression, 2 on unusable input.

use abbench_report::{EXIT_UNUSABLE_INPUT, compare_files};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, new, threshold) = match args.as_slice() {
        [base, new] => (base, new, 10.0),
        [base, new, t] => match t.parse() {
            Ok(t) => (base, new, t),
            Err(_) => {
                eprintln!("error: threshold '{t}' is not a number");
                std::process::exit(i32::from(EXIT_UNUSABLE_INPUT));
            }
        },
        _ => {
            eprintln!("usage: compare BASE NEW [THRESHOLD_PCT]");
            std::process::exit(i32::from(EXIT_UNUSABLE_INPUT));
        }
    };
    match compare_files(Path::new(base), Path::new(new), threshold) {
        Ok(comparison) => {
            print!("{}", comparison.to_markdown());
            std::process::exit(i32::from(comparison.exit_code()));
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(i32::from(EXIT_UNUSABLE_INPUT));
        }
    }
}
