#!/usr/bin/env bash
# Builds ptosim and runs every test. Usage: scripts/test.sh [preset]   (presets: ci (default), release, debug, asan,
# tsan: ThreadSanitizer over the suites labelled `threads`, which its build preset lists as its targets)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-ci}"
scripts/deps.sh
jobs="$(nproc 2>/dev/null || echo 2)"
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$jobs"
# The compile-fail tests only compile headers: the sanitizer build would repeat the main pass's result.
exclude=()
[ "$preset" = asan ] && exclude=(-LE compile_fail)
ctest --preset "$preset" -j "$jobs" "${exclude[@]}"
