//! The build's provenance, for `machine.json` and `abbench --version`, from build time so
//! that it names the binary, not the directory it runs in: the git commit it was built
//! from and whether the work tree had changes then, the compiler (release, commit, host),
//! the profile's optimisation level and debug setting, the target and its enabled CPU
//! features. `vergen-gitcl` asks `git` and cargo; cargo reruns this script when `HEAD`
//! or the checked-out branch moves, so a new commit is always seen. A change to a file
//! without a commit marks the build dirty only if this crate is rebuilt as well — the
//! flag says the tree was dirty, never that it was clean when it was not committed.
//! Without git (a source archive) the commit is recorded as unknown.

use vergen_gitcl::{CargoBuilder, Emitter, GitclBuilder, RustcBuilder};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let git = GitclBuilder::default().sha(false).dirty(false).build()?;
    let cargo = CargoBuilder::default()
        .opt_level(true)
        .debug(true)
        .target_triple(true)
        .build()?;
    let rustc = RustcBuilder::default()
        .semver(true)
        .commit_hash(true)
        .commit_date(true)
        .host_triple(true)
        .build()?;
    Emitter::default()
        .add_instructions(&git)?
        .add_instructions(&cargo)?
        .add_instructions(&rustc)?
        .emit()?;
    watch_branch_in_linked_work_tree();
    // The CPU features the code was compiled for (`-C target-cpu`, `-C target-feature`).
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    println!("cargo:rustc-env=ABBENCH_TARGET_FEATURES={features}");
    Ok(())
}

/// Watches the checked-out branch's ref where git keeps it. In a linked work tree (`git
/// worktree add`) `HEAD` names a branch whose ref lives in the main repository's git
/// folder, which `vergen-gitcl` does not watch: a commit there would leave the recorded
/// commit stale. A ref kept only in `packed-refs` is watched through that file; a path
/// that does not exist is not named (cargo would rerun this script on every build).
fn watch_branch_in_linked_work_tree() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let branch = git(&["symbolic-ref", "-q", "HEAD"]);
    for name in branch.iter().map(String::as_str).chain(["packed-refs"]) {
        if let Some(path) = git(&["rev-parse", "--path-format=absolute", "--git-path", name])
            && std::path::Path::new(&path).is_file()
        {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
