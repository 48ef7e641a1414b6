#!/usr/bin/env bash
# Build the libFuzzer targets (clang) and run each for a bounded time, seeded from the golden corpus. Any crash,
# leak or sanitizer report makes libFuzzer exit non-zero, and so this script.
# Usage: fuzz/run.sh [seconds per target, default 60] [preset, default fuzz; CI passes asan, which builds the
# fuzzers beside the sanitizer tests]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
preset="${2:-fuzz}"
build="build/$preset"
jobs="$(nproc 2>/dev/null || echo 2)"

scripts/configure.sh "$preset" >/dev/null
cmake --build "$build" -j "$jobs" --target fuzz_decoder fuzz_asm_parser fuzz_pto_as_parser fuzz_pto_as_module ptoas

# Seeds: every section of every golden file as text, and each program as binary. libFuzzer adds what it finds
# to these folders (inside the build tree).
corpus="$build/corpus"
mkdir -p "$corpus/asm" "$corpus/bin" "$corpus/pto" "$corpus/module"
for g in tests/asm/golden/*.golden; do
    name="$(basename "$g" .golden)"
    for section in text raw input; do
        awk -v want="$section" '/^## /{s=substr($0, 4); next} s==want' "$g" >"$corpus/asm/$name.$section.s"
        [ -s "$corpus/asm/$name.$section.s" ] || rm -f "$corpus/asm/$name.$section.s"
    done
    "$build/tools/ptoas/ptoas" asm "$corpus/asm/$name.text.s" -o "$corpus/bin/$name.bin"
done

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
cp examples/asm/*.pto examples/asm/*.s "$corpus/pto/"
cp examples/asm/*_module.pto "$corpus/module/"

# Each fuzzer is one process on one core: they run `jobs` at a time, each writing to a log of its own, which is
# printed when it ends (all of them if one fails).
pids=()
names=()
fuzz() {
    local name="$1"
    shift
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    "$build/fuzz/$name" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "$@" >"$build/$name.log" 2>&1 &
    pids+=($!)
    names+=("$name")
}
fuzz fuzz_decoder "$corpus/bin"
fuzz fuzz_asm_parser -dict=fuzz/asm.dict "$corpus/asm"
# PTO-AS and programs with directives: the examples, seeded from examples/asm/.
fuzz fuzz_pto_as_parser -rss_limit_mb=4096 -dict=fuzz/pto_as.dict "$corpus/pto"
# The module form: seeded from the module examples.
fuzz fuzz_pto_as_module -rss_limit_mb=4096 -dict=fuzz/pto_as.dict "$corpus/module"
status=0
for k in "${!pids[@]}"; do
    if wait "${pids[$k]}"; then
        echo "${names[$k]}: $(grep -E '^stat::number_of_executed_units' "$build/${names[$k]}.log" || echo done)"
    else
        status=1
        echo "${names[$k]} FAILED:"
        cat "$build/${names[$k]}.log"
    fi
done
exit $status
