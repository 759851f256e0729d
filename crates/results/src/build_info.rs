//! The build of this binary, as `build.rs` recorded it at build time: what
//! `machine.json` says and `abbench --version` prints.

/// What vergen writes in place of a value it could not find (no git, say).
const UNKNOWN: &str = "VERGEN_IDEMPOTENT_OUTPUT";

/// The binary's provenance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildInfo {
    /// The commit it was built from; `None` when built outside a git checkout.
    pub commit: Option<&'static str>,
    /// Whether the work tree had uncommitted changes when it was built.
    pub dirty: Option<bool>,
    /// The compiler: `rustc 1.95.0 (59807616e 2026-04-14)`.
    pub rustc: String,
    /// The compiler's host triple.
    pub rustc_host: &'static str,
    /// `release` or `debug` (whether debug assertions were on).
    pub profile: &'static str,
    /// The optimisation level, `0` to `3`, `s` or `z`.
    pub opt_level: &'static str,
    /// The target triple.
    pub target: &'static str,
    /// The target features enabled, comma-separated.
    pub target_features: &'static str,
}

fn known(value: &'static str) -> Option<&'static str> {
    (!value.is_empty() && value != UNKNOWN).then_some(value)
}

/// This binary's build.
pub fn build_info() -> BuildInfo {
    let rustc = match (
        known(env!("VERGEN_RUSTC_COMMIT_HASH")),
        known(env!("VERGEN_RUSTC_COMMIT_DATE")),
    ) {
        (Some(hash), Some(date)) => format!(
            "rustc {} ({} {date})",
            env!("VERGEN_RUSTC_SEMVER"),
            &hash[..hash.len().min(9)]
        ),
        _ => format!("rustc {}", env!("VERGEN_RUSTC_SEMVER")),
    };
    BuildInfo {
        commit: known(env!("VERGEN_GIT_SHA")),
        dirty: known(env!("VERGEN_GIT_DIRTY")).map(|d| d == "true"),
        rustc,
        rustc_host: env!("VERGEN_RUSTC_HOST_TRIPLE"),
        profile: if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        opt_level: env!("VERGEN_CARGO_OPT_LEVEL"),
        target: env!("VERGEN_CARGO_TARGET_TRIPLE"),
        target_features: env!("ABBENCH_TARGET_FEATURES"),
    }
}

impl BuildInfo {
    /// `--version`'s long form: the version, then one fact per line.
    pub fn long_version(&self, version: &str) -> String {
        let commit = match (self.commit, self.dirty) {
            (Some(c), Some(true)) => format!("{c} (with uncommitted changes)"),
            (Some(c), _) => c.to_string(),
            (None, _) => "unknown (not built in a git checkout)".to_string(),
        };
        format!(
            "{version}\ncommit: {commit}\ncompiler: {} ({})\nprofile: {}, opt-level {}\n\
             target: {}\ntarget features: {}",
            self.rustc,
            self.rustc_host,
            self.profile,
            self.opt_level,
            self.target,
            self.target_features
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_names_its_compiler_profile_and_target() {
        let build = build_info();
        assert!(build.rustc.starts_with("rustc 1."), "{}", build.rustc);
        assert_eq!(build.profile == "debug", cfg!(debug_assertions));
        assert!(!build.target.is_empty() && !build.opt_level.is_empty());
        if let Some(commit) = build.commit {
            assert_eq!(commit.len(), 40, "{commit}");
            assert!(build.dirty.is_some());
        }
        let text = build.long_version("0.1.0");
        assert!(text.starts_with("0.1.0\ncommit: "), "{text}");
        assert!(
            text.contains(&format!("target: {}", build.target)),
            "{text}"
        );
    }
}
