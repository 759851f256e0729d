//! A worker process of `abbench ab`: started once, spoken to in JSON lines, and killed
//! when dropped, so that no path out of the coordinator — an error, a panic, a signal it
//! handles — leaves a worker running. A worker whose stdin closes (the coordinator killed
//! outright) exits by itself.
//!
//! Each worker runs in a process group of its own, and stopping it kills the group: a
//! build that starts processes of its own leaves none behind. (The group also keeps a
//! terminal's Ctrl-C from reaching the workers: the coordinator stops them itself.) A
//! signal handler that must exit at once calls [`kill_running_workers`]. Every read from
//! a worker has a deadline and gives way to the run's [`Interrupt`].

use super::protocol::{Hello, PROTOCOL, Reply, Request};
use crate::{Interrupt, MeasureError};
use abbench_results::SCHEMA;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a worker has to say hello once started.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(20);

/// How often a read from a worker looks at the run's interrupt while it waits.
const POLL: Duration = Duration::from_millis(50);

/// The process groups of the workers running now (0: a free slot), for
/// [`kill_running_workers`]. A run has two at a time; a restart stops the old pair first.
static RUNNING: [AtomicI32; 4] = [const { AtomicI32::new(0) }; 4];

/// Kills every running worker's process group, its children too. Async-signal-safe
/// (atomic swaps and `kill(2)` only): for a signal handler that exits the process at once.
pub fn kill_running_workers() {
    for slot in &RUNNING {
        let group = slot.swap(0, Ordering::SeqCst);
        if group > 0 {
            kill_group(group);
        }
    }
}

/// `SIGKILL` to the process group `group`.
fn kill_group(group: i32) {
    #[cfg(unix)]
    // SAFETY: `kill(2)` with a negative pid signals that process group; it touches no
    // memory of this process.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// Records a running worker's group in [`RUNNING`].
fn register(group: i32) {
    for slot in &RUNNING {
        if slot
            .compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

/// Forgets a stopped worker's group.
fn unregister(group: i32) {
    for slot in &RUNNING {
        let _ = slot.compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// The most of a worker's stderr kept to name when it dies.
const STDERR_KEPT: usize = 4096;

/// Which build a worker runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The baseline.
    Base,
    /// The build under test.
    New,
}

impl Side {
    /// `BASE` or `NEW`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Base => "BASE",
            Side::New => "NEW",
        }
    }
}

/// A running worker.
pub struct Worker {
    side: Side,
    path: PathBuf,
    child: Child,
    /// Its process group (its own pid), killed when it stops.
    group: i32,
    interrupt: Interrupt,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Its hello.
    pub hello: Hello,
}

/// Why a worker cannot be used: unusable input, exit 2.
fn unusable(side: Side, path: &Path, what: impl std::fmt::Display) -> MeasureError {
    MeasureError::AbWorker(format!("{} {}: {what}", side.name(), path.display()))
}

impl Worker {
    /// Starts `path ab-worker` and waits for its hello, which must speak this schema and
    /// protocol. A path without a folder names a file in the current folder, never one
    /// found on `PATH`: the build run is the one at the path given. The wait gives way to
    /// `interrupt` ([`MeasureError::Interrupted`]).
    pub fn start(side: Side, path: &Path, interrupt: &Interrupt) -> Result<Worker, MeasureError> {
        let exe = executable(side, path)?;
        let mut command = Command::new(&exe);
        command
            .arg("ab-worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| unusable(side, path, format!("cannot be started: {e}")))?;
        let group = i32::try_from(child.id()).unwrap_or(0);
        register(group);
        let stdin = child.stdin.take();
        let mut worker = Worker {
            side,
            path: path.to_path_buf(),
            child,
            group,
            interrupt: interrupt.clone(),
            stdin,
            lines: channel().1,
            stderr: Arc::default(),
            hello: Hello {
                schema: 0,
                kind: String::new(),
                protocol: 0,
                version: String::new(),
                build: String::new(),
            },
        };
        // From here on, dropping `worker` stops the process.
        (worker.lines, worker.stderr) = readers(side, path, &mut worker.child)?;
        let line = worker.line(HELLO_TIMEOUT, "hello")?;
        let hello: Hello = serde_json::from_str(&line)
            .ok()
            .filter(|h: &Hello| h.kind == "ab_hello")
            .ok_or_else(|| {
                unusable(
                    side,
                    path,
                    format!(
                        "is not an abbench ab worker: its first line is '{}'",
                        line.chars().take(80).collect::<String>()
                    ),
                )
            })?;
        if hello.schema != SCHEMA || hello.protocol != PROTOCOL {
            return Err(unusable(
                side,
                path,
                format!(
                    "speaks schema {} protocol {}, this abbench schema {SCHEMA} protocol {PROTOCOL}",
                    hello.schema, hello.protocol
                ),
            ));
        }
        worker.hello = hello;
        Ok(worker)
    }

    /// Which build it runs.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its executable.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Sends `request` and waits up to `timeout` for the reply; an error reply is
    /// unusable input naming the worker.
    pub fn ask(&mut self, request: &Request, timeout: Duration) -> Result<Reply, MeasureError> {
        self.send(request)?;
        self.receive(timeout)
    }

    /// Sends `request` without waiting for its reply (two workers can then work on one
    /// request each at once); [`Worker::receive`] takes the reply.
    pub fn send(&mut self, request: &Request) -> Result<(), MeasureError> {
        let text = serde_json::to_string(request).expect("a request always serialises");
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{text}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("its stdin is closed")),
        };
        if sent.is_err() {
            return Err(self.died("stopped before a request could be sent"));
        }
        Ok(())
    }

    /// The reply to the request sent last, waiting up to `timeout`; an error reply is
    /// unusable input naming the worker.
    pub fn receive(&mut self, timeout: Duration) -> Result<Reply, MeasureError> {
        let line = self.line(timeout, "reply")?;
        match serde_json::from_str::<Reply>(&line) {
            Ok(Reply::AbError { message, .. }) => Err(unusable(self.side, &self.path, message)),
            Ok(reply) => Ok(reply),
            Err(e) => Err(unusable(
                self.side,
                &self.path,
                format!("answered what is not a reply ({e})"),
            )),
        }
    }

    /// The next line, waiting up to `timeout` for it (`what` names it in the error), and
    /// no longer once the run is interrupted.
    fn line(&mut self, timeout: Duration, what: &str) -> Result<String, MeasureError> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.interrupt.is_requested() {
                return Err(MeasureError::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(unusable(
                    self.side,
                    &self.path,
                    format!("gave no {what} within {:.0} s", timeout.as_secs_f64()),
                ));
            }
            match self.lines.recv_timeout(left.min(POLL)) {
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(e)) => return Err(self.died(&format!("could not be read ({e})"))),
                Err(RecvTimeoutError::Disconnected) => return Err(self.died("stopped")),
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The error for a worker that went away: how it ended and the last line of its
    /// stderr.
    fn died(&mut self, what: &str) -> MeasureError {
        // Its stdout is closed: it has exited or is about to.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let ended = match status {
            Some(s) => match (s.code(), signal_of(&s)) {
                (Some(code), _) => format!("exited {code}"),
                (None, Some(signal)) => format!("was killed by signal {signal}"),
                (None, None) => "ended".to_string(),
            },
            None => "closed its output".to_string(),
        };
        // The stderr reader may still be copying the last bytes.
        std::thread::sleep(Duration::from_millis(20));
        let stderr = self.stderr.lock().unwrap_or_else(|p| p.into_inner());
        let text = String::from_utf8_lossy(&stderr);
        let last = text.lines().rev().find(|l| !l.trim().is_empty());
        let said = match last {
            Some(line) => format!("; its stderr: {}", line.trim()),
            None => "; its stderr was empty".to_string(),
        };
        unusable(self.side, &self.path, format!("{what}: it {ended}{said}"))
    }
}

/// Threads that read a worker's stdout (a line at a time, into a channel) and stderr (its
/// last [`STDERR_KEPT`] bytes, to name when it dies).
#[allow(clippy::type_complexity)]
fn readers(
    side: Side,
    path: &Path,
    child: &mut Child,
) -> Result<(Receiver<std::io::Result<String>>, Arc<Mutex<Vec<u8>>>), MeasureError> {
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr_pipe = child.stderr.take().expect("stderr is piped");
    let (sender, lines) = channel();
    std::thread::Builder::new()
        .name(format!("abbench-ab-{}", side.name()))
        .spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let failed = line.is_err();
                if sender.send(line).is_err() || failed {
                    break;
                }
            }
        })
        .map_err(|e| unusable(side, path, format!("no thread to read it: {e}")))?;
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&stderr);
    std::thread::Builder::new()
        .name(format!("abbench-ab-{}-err", side.name()))
        .spawn(move || {
            let mut pipe = stderr_pipe;
            let mut buf = [0u8; 1024];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut kept = kept.lock().unwrap_or_else(|p| p.into_inner());
                kept.extend_from_slice(&buf[..n]);
                let excess = kept.len().saturating_sub(STDERR_KEPT);
                kept.drain(..excess);
            }
        })
        .map_err(|e| unusable(side, path, format!("no thread to read it: {e}")))?;
    Ok((lines, stderr))
}

#[cfg(unix)]
fn signal_of(status: &std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal_of(_: &std::process::ExitStatus) -> Option<i32> {
    None
}

impl Worker {
    /// Stops the worker now, as dropping it does: its stdin closed, its process group
    /// killed (the processes it started too) and it reaped.
    pub fn stop(&mut self) {
        drop(self.stdin.take());
        if self.group > 0 {
            unregister(self.group);
            kill_group(self.group);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The absolute path of the build at `path` — relative to the current folder when it is
/// relative, a bare name included, so that it is never looked up on `PATH` — if it is a
/// regular file with an execute bit (on Unix); else unusable input.
fn executable(side: Side, path: &Path) -> Result<PathBuf, MeasureError> {
    let exe = std::path::absolute(path).map_err(|e| {
        unusable(
            side,
            path,
            format!("is not an executable: {}", io_reason(&e)),
        )
    })?;
    let meta = std::fs::metadata(&exe).map_err(|e| {
        unusable(
            side,
            path,
            format!("is not an executable: {}", io_reason(&e)),
        )
    })?;
    if !meta.is_file() {
        return Err(unusable(side, path, "is not an executable: not a file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(unusable(
                side,
                path,
                "is not an executable: it has no execute permission",
            ));
        }
    }
    Ok(exe)
}

/// An I/O error in words, without the OS's error number.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}
