//! Building commits of a git checkout for `abbench bisect`, and timing them with
//! `abbench ab`'s coordinator.
//!
//! **One worktree, one target directory.** Every commit is checked out in the same
//! worktree (`BUILDS/worktree`, detached) and built into the same target directory
//! (`BUILDS/target`), so that a build compiles only the crates the commit changed: cargo
//! keys a crate's build on its path, and one path keeps every unchanged crate's build
//! valid. Each built binary is copied to `BUILDS/<full sha>/abbench`, and a commit found
//! there is never built again: a second bisection over the same commits only times them.
//! The build's output goes to `BUILDS/<full sha>.log`.
//!
//! **The build's profile.** The release profile links with fat LTO and one codegen unit:
//! minutes per build on a small machine, paid for every step. A bisection builds with the
//! release profile's LTO off and 16 codegen units ([`BISECT_PROFILE_ENV`], set through
//! cargo's environment so that any commit's `Cargo.toml` takes it). Every commit is built
//! the same way, GOOD too, and each step compares two such builds side by side, so a
//! slowdown in the code shows in them as it does in release builds; what the profile
//! changes is every build's speed alike. The search kernels are generic over the tree
//! and compiled in the crate that calls them, so they inline across crates without LTO.

use super::{BisectSteps, Timing, TimingVerdict};
use crate::MeasureError;
use crate::ab::{AbConfig, AbOutcome, AbVerdict, Decision, ab};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The environment each build gets: the release profile without LTO, in 16 codegen
/// units.
pub const BISECT_PROFILE_ENV: [(&str, &str); 2] = [
    ("CARGO_PROFILE_RELEASE_LTO", "false"),
    ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16"),
];

/// Builds commits of the checkout at `repo` under `builds` and times them with `ab`.
pub struct GitSteps {
    repo: PathBuf,
    builds: PathBuf,
    ab: AbConfig,
    log: Box<dyn FnMut(&str) + Send>,
}

impl GitSteps {
    /// Steps for the checkout at `repo`, building under `builds`; `ab` is the timing's
    /// configuration (its `base`, `new` and `max_time` are set per step); `log` sees a
    /// line as each build starts.
    pub fn new(
        repo: PathBuf,
        builds: PathBuf,
        ab: AbConfig,
        log: Box<dyn FnMut(&str) + Send>,
    ) -> Self {
        GitSteps {
            repo,
            builds,
            ab,
            log,
        }
    }

    fn worktree(&self) -> PathBuf {
        self.builds.join("worktree")
    }

    /// Checks `commit` out in the worktree, adding the worktree on first use.
    fn check_out(&self, commit: &str) -> Result<(), MeasureError> {
        let worktree = self.worktree();
        if worktree.join(".git").exists() {
            git(
                &worktree,
                &["checkout", "--quiet", "--detach", "--force", commit],
            )?;
            git(&worktree, &["clean", "--quiet", "-fdx", "--exclude=target"])?;
        } else {
            git(&self.repo, &["worktree", "prune"])?;
            let path = worktree.to_string_lossy().into_owned();
            git(
                &self.repo,
                &[
                    "worktree", "add", "--quiet", "--detach", "--force", &path, commit,
                ],
            )?;
        }
        Ok(())
    }
}

impl BisectSteps for GitSteps {
    fn build(&mut self, commit: &str) -> Result<Result<PathBuf, String>, MeasureError> {
        let kept = self.builds.join(commit).join("abbench");
        if kept.is_file() {
            return Ok(Ok(kept));
        }
        (self.log)(&format!("building {}", &commit[..commit.len().min(12)]));
        std::fs::create_dir_all(&self.builds).map_err(|e| io(&self.builds, e))?;
        self.check_out(commit)?;
        let log_path = self.builds.join(format!("{commit}.log"));
        let log = std::fs::File::create(&log_path).map_err(|e| io(&log_path, e))?;
        let target = self.builds.join("target");
        let build = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["build", "--release", "-p", "abbench"])
            .current_dir(self.worktree())
            .env("CARGO_TARGET_DIR", &target)
            .envs(BISECT_PROFILE_ENV)
            .stdout(log.try_clone().map_err(|e| io(&log_path, e))?)
            .stderr(log)
            .stdin(Stdio::null())
            // A process group of its own: stopped by the bisection, which a Ctrl-C
            // stops, and never taken for a commit that does not build.
            .process_group(0)
            .spawn()
            .map_err(|e| MeasureError::Bisect(format!("cannot run cargo: {e}")))?;
        let status = wait_for_build(build, &self.ab.interrupt)?;
        if !status.success() {
            return Ok(Err(format!(
                "cargo build failed, see {}",
                log_path.display()
            )));
        }
        let built = target.join("release").join("abbench");
        std::fs::create_dir_all(kept.parent().expect("a folder")).map_err(|e| io(&kept, e))?;
        std::fs::copy(&built, &kept).map_err(|e| io(&built, e))?;
        Ok(Ok(kept))
    }

    fn time(
        &mut self,
        good: &Path,
        candidate: &Path,
        max_time: Duration,
    ) -> Result<Timing, MeasureError> {
        let config = AbConfig {
            base: good.to_path_buf(),
            new: candidate.to_path_buf(),
            max_time,
            ..self.ab.clone()
        };
        Ok(timing_of(&ab(&config, |_| {})?))
    }
}

/// Waits for the build `child`; when `interrupt` is raised, or the build was ended by
/// a stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT), stops it and all it started ([`MeasureError::Interrupted`]).
fn wait_for_build(
    mut child: std::process::Child,
    interrupt: &crate::Interrupt,
) -> Result<std::process::ExitStatus, MeasureError> {
    use std::os::unix::process::ExitStatusExt;
    loop {
        let waited = child
            .try_wait()
            .map_err(|e| MeasureError::Bisect(format!("cannot wait for cargo: {e}")))?;
        if let Some(status) = waited {
            // Ended by a stop signal (a Ctrl-C at a terminal reaches it too).
            let stop_signals = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];
            if status.signal().is_some_and(|s| stop_signals.contains(&s)) {
                return Err(MeasureError::Interrupted);
            }
            return Ok(status);
        }
        if interrupt.is_requested() {
            // The build's process group: cargo and the compilers it started.
            if let Ok(group) = i32::try_from(child.id()) {
                // SAFETY: `kill(2)` with a process group id and a signal number.
                unsafe { libc::kill(-group, libc::SIGTERM) };
            }
            let _ = child.wait();
            return Err(MeasureError::Interrupted);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What an `ab` outcome says of a step: its verdict, and the ratio of the test that
/// decided slower (the overall test's when none did).
pub fn timing_of(outcome: &AbOutcome) -> Timing {
    let verdict = match outcome.verdict() {
        AbVerdict::Regression => TimingVerdict::Slower,
        AbVerdict::NoRegression => TimingVerdict::NotSlower,
        AbVerdict::Undecided => TimingVerdict::Undecided,
        AbVerdict::WrongValue | AbVerdict::ChangedSignature => TimingVerdict::Unusable,
    };
    let deciding = std::iter::once(&outcome.overall)
        .chain(&outcome.workloads)
        .find(|u| u.decision == Decision::Slower)
        .unwrap_or(&outcome.overall);
    Timing {
        verdict,
        ratio: deciding.effect.map(|e| e.ratio),
    }
}

/// Why GOOD and BAD naming one commit is refused.
pub(crate) const SAME_COMMIT: &str = "GOOD and BAD are the same commit: there is nothing to bisect";

/// The commits from `good` to `bad` along `bad`'s first parents, oldest first, as full
/// shas: `good`, the commits after it, `bad`. An error when either is not a commit of the
/// checkout at `repo`, they are the same commit, or `good` is not an ancestor of `bad`.
pub fn first_parent_commits(
    repo: &Path,
    good: &str,
    bad: &str,
) -> Result<Vec<String>, MeasureError> {
    let resolve = |name: &str| {
        git(
            repo,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                &format!("{name}^{{commit}}"),
            ],
        )
        .map(|s| s.trim().to_string())
        .map_err(|_| MeasureError::Bisect(format!("{name} is not a commit of {}", repo.display())))
    };
    let (good, bad) = (resolve(good)?, resolve(bad)?);
    if good == bad {
        return Err(MeasureError::Bisect(SAME_COMMIT.into()));
    }
    if git(repo, &["merge-base", "--is-ancestor", &good, &bad]).is_err() {
        return Err(MeasureError::Bisect(format!(
            "{good} is not an ancestor of {bad}: GOOD must come before BAD"
        )));
    }
    let after = git(
        repo,
        &[
            "rev-list",
            "--first-parent",
            "--reverse",
            &format!("{good}..{bad}"),
        ],
    )?;
    Ok(std::iter::once(good)
        .chain(after.lines().map(str::to_string))
        .collect())
}

/// The top folder of the git checkout holding `dir`.
pub fn checkout_root(dir: &Path) -> Result<PathBuf, MeasureError> {
    git(dir, &["rev-parse", "--show-toplevel"])
        .map(|s| PathBuf::from(s.trim()))
        .map_err(|_| {
            MeasureError::Bisect(format!(
                "{} is not in a git checkout: bisect runs inside a checkout of abbench",
                dir.display()
            ))
        })
}

/// `git -C dir args…`'s stdout; an error naming the command when it fails.
fn git(dir: &Path, args: &[&str]) -> Result<String, MeasureError> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| MeasureError::Bisect(format!("cannot run git: {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(MeasureError::Bisect(format!(
            "git {} failed: {}",
            args.join(" "),
            stderr.trim()
        )));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn io(path: &Path, source: std::io::Error) -> MeasureError {
    abbench_results::FileError::Io {
        path: path.to_path_buf(),
        source,
    }
    .into()
}
