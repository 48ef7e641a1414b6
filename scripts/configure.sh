#!/usr/bin/env bash
# Configures a CMake preset (scripts/test.sh and scripts/showcase.sh call it). A build folder left by an older
# checkout with another generator is configured afresh: CMake refuses to switch generators in place.
# Usage: scripts/configure.sh <preset> [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="$1"
shift
cache="build/$preset/CMakeCache.txt"
if [ -f "$cache" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$cache"; then
    echo "ptosim: build/$preset was made with another generator; configuring it afresh"
    rm -rf "build/$preset"
fi
cmake --preset "$preset" "$@"
