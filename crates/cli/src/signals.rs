//! SIGINT, SIGTERM, SIGHUP and SIGQUIT, handled alike: what `timeout`, CI runners and
//! containers send (SIGTERM), what a closed terminal or SSH connection sends (SIGHUP) and
//! Ctrl-\\ (SIGQUIT) are treated as Ctrl-C is, so that none of them leaves a run folder
//! without its report.
//!
//! The first signal of any of them is only recorded (an atomic store, all a signal
//! handler may safely do); the command polls [`Signals::received`] and stops in an
//! orderly way, exiting with `128 + signal` (130 for SIGINT, 143 for SIGTERM, 129 for
//! SIGHUP, 131 for SIGQUIT). A second
//! signal exits at once, from the handler, after writing one line prepared beforehand and
//! killing `abbench ab`'s workers, if any (`write(2)`, `kill(2)` and `_exit(2)` are
//! async-signal-safe; nothing is allocated or locked there).

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signals a long command stops on.
pub const STOP_SIGNALS: [i32; 4] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT];

/// [`STOP_SIGNALS`] by name, for messages.
pub const STOP_SIGNAL_NAMES: &str = "SIGINT, SIGTERM, SIGHUP and SIGQUIT";

/// The stop signals' handlers, installed for the life of the process.
pub struct Signals {
    /// The first signal received, 0 before any.
    received: Arc<AtomicI32>,
}

impl Signals {
    /// Installs the handlers; a second signal writes `second` (one line) to stderr and
    /// exits with `128 + signal`.
    pub fn install(second: &str) -> std::io::Result<Signals> {
        let received = Arc::new(AtomicI32::new(0));
        // Made once, before any handler can run, and never freed: the handler only reads it.
        let line: &'static [u8] =
            Box::leak(format!("abbench: {second}\n").into_boxed_str()).as_bytes();
        for signal in STOP_SIGNALS {
            let first = Arc::clone(&received);
            let handler = move || {
                if first
                    .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                    .is_err()
                {
                    // SAFETY: `write` to stderr with a buffer that lives forever; no
                    // allocation or lock.
                    unsafe {
                        libc::write(libc::STDERR_FILENO, line.as_ptr().cast(), line.len());
                    }
                    // `abbench ab`'s workers (and what they started) go too.
                    abbench_measure::ab::kill_running_workers();
                    signal_hook::low_level::exit(128 + signal);
                }
            };
            // SAFETY: the handler performs only async-signal-safe operations: atomic
            // compare-exchanges and swaps, `write(2)`, `kill(2)` and `_exit(2)`.
            unsafe { signal_hook::low_level::register(signal, handler) }?;
        }
        Ok(Signals { received })
    }

    /// The first stop signal received, if any.
    pub fn received(&self) -> Option<i32> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }

    /// The exit code after stopping on `signal`: `128 + signal`, as a shell reports it.
    pub fn exit_code(signal: i32) -> u8 {
        u8::try_from(128 + signal).unwrap_or(u8::MAX)
    }

    /// The signal's name.
    pub fn name(signal: i32) -> &'static str {
        match signal {
            SIGINT => "SIGINT",
            SIGTERM => "SIGTERM",
            SIGHUP => "SIGHUP",
            SIGQUIT => "SIGQUIT",
            _ => "a signal",
        }
    }
}
