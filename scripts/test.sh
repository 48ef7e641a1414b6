#!/usr/bin/env bash
# Builds ptosim and runs every test. Usage: scripts/test.sh [preset]   (presets: ci (default), release, debug, asan,
# tsan: ThreadSanitizer over the suites labelled `threads`, which its build preset lists as its targets)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-ci}"
scripts/deps.sh
jobs="$(nproc 2>/dev/null || echo 2)"
scripts/configure.sh "$preset"
cmake --build --preset "$preset" -j "$jobs"
ctest --preset "$preset" -j "$jobs"
