//! Progress on stderr while a long command works (design: "logs and progress go to
//! stderr; stdout carries results only"), and one-line notes.
//!
//! The bar draws only when stderr is a terminal, so pipes, files and tests see nothing
//! but the log lines and notes. Notes are printed once a command has succeeded, and log
//! lines only once its input has been accepted, so that bad input stays the single line
//! `abbench: error: …`.
//!
//! `--quiet` silences all of it — bar, log lines and notes — for scripts and CI logs;
//! results on stdout and errors on stderr are unchanged.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
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

/// A remark for the person at the terminal that is not an error, e.g. that a run was
/// oversubscribed.
pub fn note(message: &str) {
    if quiet() {
        return;
    }
    stderr_line(&format!("abbench: note: {message}"));
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
