#!/usr/bin/env bash
# Builds ptosim and runs the showcase. Extra arguments go to the showcase program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs="$(nproc 2>/dev/null || echo 2)"
scripts/configure.sh release
cmake --build --preset release -j "$jobs" --target ptosim-showcase
build/release/examples/ptosim-showcase "$@"
