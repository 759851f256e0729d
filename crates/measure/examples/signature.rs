//! Prints the signature, or checks it against a file:
//! `cargo run --release -p abbench-measure --example signature [-- --check FILE]`.

use abbench_measure::{check_signature_file, signature};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.as_slice() {
        [flag, file] if flag == "--check" => match check_signature_file(Path::new(file)) {
            Ok(check) => {
                print!("{}", check.report());
                check.exit_code()
            }
            Err(e) => {
                eprintln!("error: {e}");
                abbench_results::EXIT_UNUSABLE_INPUT
            }
        },
        [] => match signature() {
            Ok(s) => {
                print!("{}", s.to_text());
                0
            }
            Err(e) => {
                eprintln!("error: {e}");
                abbench_results::EXIT_UNUSABLE_INPUT
            }
        },
        _ => {
            eprintln!("usage: signature [--check FILE]");
            abbench_results::EXIT_UNUSABLE_INPUT
        }
    };
    std::process::exit(i32::from(code));
}
