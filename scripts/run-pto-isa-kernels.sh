#!/usr/bin/env bash
# Builds the public pto-isa repository's CPU demos and example kernels unchanged against ptosim, runs each and
# reports whether its own check passed. Kernels that launch with `Kernel<<<blockDim, l2ctrl, stream>>>(...)`
# compile through ptosim-chevron (docs/compat.md, "Kernel launches").
#
# Usage: scripts/run-pto-isa-kernels.sh <pto-isa checkout> [--work DIR] [--only NAME,...] [--preset P]
#   --preset P   the ptosim build to use (default: release)
#
# Not part of CI (CI has no network to fetch the reference). Programs: flash_attention_demo, gemm_demo,
# mla_attention_demo (demos/cpu), fused_add_relu_mul (kernels/custom), topk (kernels/manual/a2a3, inputs and
# goldens from its gen_data.py with Debian's python3-numpy).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
[ $# -ge 1 ] || { usage >&2; exit 2; }
case "$1" in -h | --help) usage; exit 0 ;; esac
ref_root="$(cd "$1" && pwd)"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/build/pto-isa-kernels"
only=""
preset=release
while [ $# -gt 0 ]; do
    case "$1" in
        --work) work="$2"; shift ;;
        --only) only=",$2,"; shift ;;
        --preset) preset="$2"; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "run-pto-isa-kernels: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

"$root/scripts/deps.sh"
if ! /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    echo "run-pto-isa-kernels: topk's gen_data.py needs Debian's python3-numpy (apt-get install python3-numpy)" >&2
    exit 2
fi
(cd "$root" && cmake --preset "$preset" >/dev/null)
cmake --build "$root/build/$preset" --target ptosim_core ptosim-chevron -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
chevron="$root/build/$preset/tools/chevron/ptosim-chevron"
library="$root/build/$preset/src/libptosim.a"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

pass=0
fail=0
# run NAME DIR SUCCESS_REGEX DEFINES SOURCES... : compile DIR's sources into $work/NAME/build/NAME, run it there
# (after DIR's scripts/gen_data.py, when it has one, wrote ../input and ../output); it passes when it exits with
# status 0 and prints a line matching SUCCESS_REGEX (each program's own verdict).
run() {
    local name="$1" dir="$2" success="$3" defines="$4"
    shift 4
    [ -z "$only" ] || [[ "$only" == *",$name,"* ]] || return 0
    local out="$work/$name"
    rm -rf "$out"
    mkdir -p "$out/build" "$out/input" "$out/output"
    local sources=()
    for s in "$@"; do sources+=("$ref_root/$dir/$s"); done
    local status=ok
    if [ -f "$ref_root/$dir/scripts/gen_data.py" ]; then
        (cd "$out" && /usr/bin/python3 "$ref_root/$dir/scripts/gen_data.py" >"$out/gen_data.log" 2>&1) || status="gen_data failed"
    fi
    # shellcheck disable=SC2086
    if [ "$status" = ok ] && ! "$chevron" g++ -std=c++20 -O2 -w $defines -I"$root/include" \
        -I"$ref_root/tests/common" "${sources[@]}" "$library" -lhwy -pthread -o "$out/build/$name" \
        >"$out/compile.log" 2>&1; then
        status="compile failed (log: $out/compile.log)"
    fi
    if [ "$status" = ok ]; then
        local t0 t1
        t0=$(date +%s%N)
        if ! (cd "$out/build" && timeout 600 "./$name") >"$out/run.log" 2>&1; then
            status="run failed (log: $out/run.log)"
        elif ! grep -Eq "$success" "$out/run.log"; then
            status="check failed (log: $out/run.log)"
        fi
        t1=$(date +%s%N)
        [ "$status" = ok ] && status="ok ($(((t1 - t0) / 1000000)) ms)"
    fi
    case "$status" in ok*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
    printf '%-22s %s\n' "$name" "$status"
}

run flash_attention_demo demos/cpu/flash_attention_demo "\\[PASS\\]" "-D__CPU_SIM -D__PTO_AUTO__" \
    flash_attention_demo.cpp
run gemm_demo demos/cpu/gemm_demo "max_abs_diff=" "-D__CPU_SIM -D__PTO_AUTO__" gemm_demo.cpp
run mla_attention_demo demos/cpu/mla_attention_demo "\\[PASS\\]" "-D__CPU_SIM -D__PTO_AUTO__" \
    mla_attention_demo.cpp
run fused_add_relu_mul kernels/custom/fused_add_relu_mul "All tests PASSED" "-D__CPU_SIM" main.cpp \
    fused_add_relu_mul_kernel.cpp
run topk kernels/manual/a2a3/topk "All tests passed" "-DPTO_NPU_ARCH_A2A3" main.cpp topk_kernel.cpp
echo "TOTAL: pass=$pass fail=$fail"
