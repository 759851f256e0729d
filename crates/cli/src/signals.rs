//! SIGINT, SIGTERM, SIGHUP and SIGQUIT, handled alike: what `timeout`, CI runners and
//! containers send (SIGTERM), what a closed terminal or SSH connection sends (SIGHUP) and
//! Ctrl-\\ (SIGQUIT) are treated as Ctrl-C is, so that none of them leaves a run folder
//! without its report.
//!
//! The first signal of any of them is only recorded (an atomic store, all a signal
//! handler may safely do); the command polls [`Signals::received`] and stops in an
//! orderly way, exiting with `128 + signal` (130 for SIGINT, 143 for SIGTERM, 129 for
//! SIGHUP, 131 for SIGQUIT). The same signal again within [`ECHO`] of the first is
//! taken for that first one delivered twice, as a Ctrl-C is to a command run under
//! `timeout` (the terminal sends it to both, and `timeout` passes its own on).
//!
//! A second signal exits at once, after writing one line prepared beforehand and
//! killing `abbench ab`'s workers, if any: from the handler (`write(2)`, `kill(2)` and
//! `_exit(2)` are async-signal-safe; nothing is allocated or locked there), or, for a
//! command that registered how to mark what it writes ([`Signals::install_marking`]),
//! from a thread of its own that marks it first. Should marking hang, an alarm set by
//! the handler ends the process two seconds later.

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::time::Duration;

/// The signals a long command stops on.
pub const STOP_SIGNALS: [i32; 4] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT];

/// [`STOP_SIGNALS`] by name, for messages.
pub const STOP_SIGNAL_NAMES: &str = "SIGINT, SIGTERM, SIGHUP and SIGQUIT";

/// How soon after the first the same signal is taken for the first delivered twice.
pub const ECHO: Duration = Duration::from_millis(250);

/// How long marking may take after a second signal before the process is ended anyway.
const MARKING_ALARM_S: u32 = 2;

/// The stop signals' handlers, installed for the life of the process.
pub struct Signals {
    /// The first signal received, 0 before any.
    received: Arc<AtomicI32>,
}

/// What the handlers share.
struct Shared {
    /// The first signal received, 0 before any.
    first: Arc<AtomicI32>,
    /// When the first arrived, in nanoseconds of the monotonic clock.
    first_at: AtomicU64,
    /// A second signal, 0 before any: set only when a thread marks before exiting.
    second: AtomicI32,
}

/// The monotonic clock in nanoseconds, read as a signal handler may
/// (`clock_gettime(2)` is async-signal-safe).
fn now_ns() -> u64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: one valid `timespec` for the length of the call.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
    (time.tv_sec as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(time.tv_nsec as u64)
}

impl Signals {
    /// Installs the handlers; a second signal writes `second` (one line) to stderr and
    /// exits with `128 + signal`.
    pub fn install(second: &str) -> std::io::Result<Signals> {
        Self::install_with(second, None)
    }

    /// [`Signals::install`], where a second signal first calls `mark` with it (from a
    /// thread of this module's, while the command's own threads go on): to leave what
    /// the command writes marked as stopped. The process then exits with
    /// `128 + signal`.
    pub fn install_marking(
        second: &str,
        mark: impl FnOnce(i32) + Send + 'static,
    ) -> std::io::Result<Signals> {
        Self::install_with(second, Some(Box::new(mark)))
    }

    fn install_with(
        second: &str,
        mark: Option<Box<dyn FnOnce(i32) + Send>>,
    ) -> std::io::Result<Signals> {
        let received = Arc::new(AtomicI32::new(0));
        let shared = Arc::new(Shared {
            first: Arc::clone(&received),
            first_at: AtomicU64::new(0),
            second: AtomicI32::new(0),
        });
        let marking = mark.is_some();
        // Made once, before any handler can run, and never freed: the handler only reads it.
        let line: &'static [u8] =
            Box::leak(format!("abbench: {second}\n").into_boxed_str()).as_bytes();
        for signal in STOP_SIGNALS {
            let shared = Arc::clone(&shared);
            let handler = move || {
                let now = now_ns();
                match shared
                    .first
                    .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                {
                    Ok(_) => {
                        shared.first_at.store(now, Ordering::SeqCst);
                        return;
                    }
                    Err(first) => {
                        let echo = u64::try_from(ECHO.as_nanos()).unwrap_or(u64::MAX);
                        let since = now.saturating_sub(shared.first_at.load(Ordering::SeqCst));
                        if first == signal && since < echo {
                            return;
                        }
                    }
                }
                // SAFETY: `write` to stderr with a buffer that lives forever; no
                // allocation or lock. Its failure (a full or closed stderr) is ignored.
                unsafe {
                    libc::write(libc::STDERR_FILENO, line.as_ptr().cast(), line.len());
                }
                // `abbench ab`'s workers (and what they started) go too.
                abbench_measure::ab::kill_running_workers();
                if marking {
                    if shared
                        .second
                        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                    {
                        // SAFETY: `alarm(2)` is async-signal-safe: SIGALRM ends the
                        // process should marking not end it first.
                        unsafe { libc::alarm(MARKING_ALARM_S) };
                    }
                } else {
                    signal_hook::low_level::exit(128 + signal);
                }
            };
            // SAFETY: the handler performs only async-signal-safe operations: atomic
            // loads, stores and compare-exchanges, `clock_gettime(2)`, `write(2)`,
            // `kill(2)`, `alarm(2)` and `_exit(2)`.
            unsafe { signal_hook::low_level::register(signal, handler) }?;
        }
        if let Some(mark) = mark {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("abbench-signals".into())
                .spawn(move || {
                    let signal = loop {
                        match shared.second.load(Ordering::SeqCst) {
                            0 => std::thread::sleep(Duration::from_millis(10)),
                            signal => break signal,
                        }
                    };
                    mark(signal);
                    std::process::exit(128 + signal);
                })?;
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
