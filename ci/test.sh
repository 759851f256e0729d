#!/usr/bin/env bash
# Format check, lints with warnings denied, and the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
