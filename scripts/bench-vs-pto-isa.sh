#!/usr/bin/env bash
# Times the same kernels (bench/pto_api/side_by_side.cpp: pto-isa's public C++ API only) built against ptosim and
# against pto-isa's CPU simulation, both with -O3 on this machine, and prints one line per case:
#   <OP> <case> ptosim_ns=<t> reference_ns=<t> reference_1thread_ns=<t> speedup=<ref/ptosim> speedup_1thread=<..>
# The reference runs its element-wise loops on std::threads for tiles of 16384 elements or more; the
# 1-thread column builds it with PTO_CPU_MAX_THREADS=1. ptosim runs these kernels on one thread.
#
# Usage: scripts/bench-vs-pto-isa.sh <pto-isa checkout> [--cxx CXX] [--ref-cxx CXX]
# Not part of CI (CI has no copy of the reference). docs/performance.md records the figures.
set -euo pipefail

[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
ref_root="$(cd "$1" && pwd)"
shift
cxx="${CXX:-g++}"
ref_cxx=""
while [ $# -gt 0 ]; do
    case "$1" in
        --cxx) cxx="$2"; shift ;;
        --ref-cxx) ref_cxx="$2"; shift ;;
        *) echo "bench-vs-pto-isa: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$ref_cxx" ]; then
    for c in clang++-19 clang++ g++; do
        if command -v "$c" >/dev/null; then ref_cxx="$c"; break; fi
    done
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/build/bench-vs-pto-isa"
mkdir -p "$work"
src="$root/bench/pto_api/side_by_side.cpp"

"$root/scripts/deps.sh"
(cd "$root" && cmake --preset release >/dev/null)
cmake --build "$root/build/release" --target ptosim_core -j "$(nproc)" >/dev/null
echo "bench-vs-pto-isa: building (ptosim with $cxx, the reference with $ref_cxx) ..." >&2
common=(-std=c++20 -O3 -DNDEBUG -D__CPU_SIM -w)
"$cxx" "${common[@]}" -I"$root/include" "$src" "$root/build/release/src/libptosim.a" -lhwy -pthread \
    -o "$work/ptosim"
"$ref_cxx" "${common[@]}" -I"$ref_root/include" "$src" -pthread -o "$work/reference"
"$ref_cxx" "${common[@]}" -DPTO_CPU_MAX_THREADS=1u -I"$ref_root/include" "$src" -pthread -o "$work/reference-1"

"$work/ptosim" >"$work/ptosim.txt"
"$work/reference" >"$work/reference.txt"
"$work/reference-1" >"$work/reference-1.txt"
paste -d' ' "$work/ptosim.txt" "$work/reference.txt" "$work/reference-1.txt" | awk '{
    split($3, p, "="); split($6, r, "="); split($9, r1, "=");
    printf "%s %s ptosim_ns=%s reference_ns=%s reference_1thread_ns=%s speedup=%.1f speedup_1thread=%.1f\n",
           $1, $2, p[2], r[2], r1[2], r[2] / p[2], r1[2] / p[2] }'
