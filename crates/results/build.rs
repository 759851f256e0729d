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
    // The CPU features the code was compiled for (`-C target-cpu`, `-C target-feature`).
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    println!("cargo:rustc-env=ABBENCH_TARGET_FEATURES={features}");
    Ok(())
}
