//! The integration tests of this crate, one module per file, linked into one test
//! binary: a binary per file cost a link each, most of a cold `cargo test`.

mod support;

mod ab_command;
mod algorithm_names;
mod bad_input;
mod bisect_command;
mod ci_workflow;
mod compare_command;
mod connect4_command;
mod cross_machine_report;
mod docs_claims;
mod docs_examples;
mod export_command;
mod first_run;
mod history_command;
mod hostile;
mod ignored_options;
mod interrupt;
mod json_schema;
mod non_utf8_paths;
mod notes_and_refusals;
mod nothing_lost;
mod othello_command;
mod reader_wording;
mod round_five_ab;
mod round_five_verdicts;
mod run_command;
mod settings_list;
mod shard_command;
mod signature_command;
mod simulate_command;
mod special_files;
mod sweep_command;
mod theory_command;
mod tree_command;
mod tree_files_hostile;
mod unwritable_stderr;
mod verify_command;
mod version;
mod whole_runs;
mod windows_command;
