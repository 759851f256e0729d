//! Progress on stderr while a long command works (design: "logs and progress go to
//! stderr; stdout carries results only"), and one-line notes.
//!
//! The bar draws only when stderr is a terminal, so pipes, files and tests see nothing
//! but the log lines and notes. Log lines are printed only once a command's input has
//! been accepted, and notes given before then are held back until it is (or the
//! command ends without refusing it), so that bad input stays the single line
//! `abbench: error: …`.
//!
//! `--quiet` silences all of it — bar, log lines and notes — for scripts and CI logs;
//! results on stdout and errors on stderr are unchanged.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether `--quiet` was given.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences progress, log lines and notes for the rest of the process (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A bar of `len` steps on stderr, labelled `what`; hidden unless stderr is a terminal.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let target = if quiet() {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    let style = ProgressStyle::with_template(
        "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed}, eta {eta})",
    )
    .expect("a valid progress template")
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(what.to_string());
    bar
}

/// Log lines on stderr, each prefixed `abbench: `, printed above `bar` when it is drawn.
pub fn log(bar: &ProgressBar, lines: &[String]) {
    // A log line means the work has begun.
    accept_input();
    if quiet() {
        return;
    }
    bar.suspend(|| {
        for line in lines {
            stderr_line(&format!("abbench: {line}"));
        }
    });
}

/// Whether stdout is a pipe whose reader has gone (`abbench … | head -1` after `head`
/// exits): a command whose results would go nowhere stops early instead of working to
/// the end, which it would otherwise learn only at its next write.
pub fn stdout_closed() -> bool {
    let mut stdout = libc::pollfd {
        fd: libc::STDOUT_FILENO,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid `pollfd` for the length of the call, and a timeout of 0: the
    // call only reports the descriptor's state.
    let ready = unsafe { libc::poll(&mut stdout, 1, 0) };
    // A pipe's write end reports POLLERR once no reader is left; a terminal or a file
    // never does.
    ready == 1 && stdout.revents & libc::POLLERR != 0
}

/// `text` on one line: control characters (a newline in a path, say) written as
/// escapes (`\n`), so that a line of output is never split in two.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Notes given before the command's input was accepted ([`accept_input`]), held back:
/// a command refused for bad input prints only its one error line.
static HELD_NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Whether the command's input has been accepted (notes then print at once).
static ACCEPTED: AtomicBool = AtomicBool::new(false);

/// A remark for the person at the terminal that is not an error, e.g. that a run was
/// oversubscribed. Until the command's input is accepted ([`accept_input`]) it is held
/// back, and dropped if the input is refused ([`refused`]).
pub fn note(message: &str) {
    if quiet() {
        return;
    }
    let line = format!("abbench: note: {message}");
    if ACCEPTED.load(Ordering::SeqCst) {
        stderr_line(&line);
    } else {
        held_notes().push(line);
    }
}

fn held_notes() -> std::sync::MutexGuard<'static, Vec<String>> {
    HELD_NOTES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The command's input is accepted (its work has begun, or it has ended without a
/// refusal): the notes held back are printed, and later ones print at once.
pub fn accept_input() {
    ACCEPTED.store(true, Ordering::SeqCst);
    for line in std::mem::take(&mut *held_notes()) {
        stderr_line(&line);
    }
}

/// The command's input is refused: the notes held back are dropped, so that the
/// refusal is its one line.
pub fn refused() {
    if !ACCEPTED.load(Ordering::SeqCst) {
        held_notes().clear();
    }
}

/// Writes `line` and a newline to stderr, ignoring any failure: stderr full (`2>/dev/full`)
/// or a pipe whose reader has gone (`2>&1 | head -1`) never stops a command nor changes
/// its exit code, as `eprintln!` would by panicking.
pub fn stderr_line(line: &str) {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    let _ = stderr
        .write_all(line.as_bytes())
        .and_then(|()| stderr.write_all(b"\n"));
}
