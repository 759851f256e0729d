//! `abbench calibrate [--out FILE]`: this machine's cost profile for the simulator —
//! per-model position times, the parallel kernel's overhead and slowdown with busy
//! cores, and the event costs at each thread count up to the cores present (thin over
//! `abbench_measure::calibrate`). The profile goes to `--out` (written atomically) or
//! stdout; what was measured goes to stderr.

use crate::failure::Failure;
use crate::progress;
use abbench_measure::{CalibrateOptions, calibrate};
use abbench_report::write_profile;
use abbench_results::{MachineInfo, available_threads, check_output_file};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateCommand {
    /// Write the profile to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Measure only the growth with threads (no per-model position times, no
    /// bookkeeping fit): what a sweep keeps in its run folder.
    #[arg(long)]
    pub quick: bool,
}

impl CalibrateCommand {
    /// Runs the subcommand.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        if let Some(path) = &self.out {
            // Before the minute of measuring a profile that could not be written.
            check_output_file(path, &[])?;
        }
        let machine = MachineInfo::collect(crate::ALLOCATOR, super::command_line());
        let cores = available_threads();
        let options = if self.quick {
            CalibrateOptions::quick(&abbench_measure::thread_counts_up_to(cores))
        } else {
            CalibrateOptions::full(cores)
        };
        let calibration = calibrate(&options, &machine)?;
        for note in &calibration.notes {
            progress::note(note);
        }
        match &self.out {
            Some(path) => {
                write_profile(path, &calibration.profile)?;
                progress::note(&format!("profile written to {}", path.display()));
            }
            None => write!(out, "{}", calibration.profile.to_json()).map_err(Failure::stdout)?,
        }
        out.flush().map_err(Failure::stdout)
    }
}
