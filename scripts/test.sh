#!/usr/bin/env bash
# Builds ptosim and runs every test. Usage: scripts/test.sh [preset]   (presets: ci (default), release, debug, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-ci}"
scripts/deps.sh
jobs="$(nproc 2>/dev/null || echo 2)"
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$jobs"
ctest --preset "$preset" -j "$jobs"
