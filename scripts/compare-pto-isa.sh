#!/usr/bin/env bash
# Builds the public pto-isa repository's CPU test suites (tests/cpu/st/testcase/<suite>/) unchanged against
# ptosim, runs every test in its own process and prints one line per suite plus a total. With
# --against-reference the same suites are also built against the reference's own headers, side by side.
#
# Usage: scripts/compare-pto-isa.sh <pto-isa checkout> [options]
#   --against-reference   also build and run each suite against the reference's headers
#   --suites a,b,c        only these suites (default: every suite with a main.cpp)
#   --work DIR            scratch directory (default: build/compare-pto-isa)
#   --jobs N              suites built and run at once (default: nproc)
#   --timeout S           seconds per test process (default: 120)
#   --markdown FILE       also write the result table, in Markdown, to FILE
#   --cxx CXX             compiler for the ptosim side (default: g++)
#   --ref-cxx CXX         compiler for the reference side (default: clang++-19, else clang++, else g++)
#   --report-only         print the table of the last run in --work without building or running anything
#
# Not part of CI (CI has no network to fetch the reference). docs/compat.md explains the output and lists the
# known differences from the reference. The goldens come from each suite's gen_data.py, run with Debian's
# python3 and python3-numpy; suites whose gen_data.py needs PyPI-only packages (ml_dtypes, en_dtypes) report
# golden=fail and their tests fail for want of input files.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

[ $# -ge 1 ] || { usage >&2; exit 2; }
case "$1" in -h | --help) usage; exit 0 ;; esac
ref_root="$(cd "$1" && pwd)"
shift

root="$(cd "$(dirname "$0")/.." && pwd)"
against_ref=0
suites=""
work="$root/build/compare-pto-isa"
jobs="$(nproc 2>/dev/null || echo 2)"
timeout_s=120
markdown=""
cxx="${CXX:-g++}"
ref_cxx=""
report_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --against-reference) against_ref=1 ;;
        --suites) suites="$2"; shift ;;
        --work) work="$2"; shift ;;
        --jobs) jobs="$2"; shift ;;
        --timeout) timeout_s="$2"; shift ;;
        --markdown) markdown="$2"; shift ;;
        --cxx) cxx="$2"; shift ;;
        --ref-cxx) ref_cxx="$2"; shift ;;
        --report-only) report_only=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "compare-pto-isa: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$ref_cxx" ]; then
    for c in clang++-19 clang++ g++; do
        if command -v "$c" >/dev/null; then ref_cxx="$c"; break; fi
    done
fi

testcases="$ref_root/tests/cpu/st/testcase"
[ -d "$testcases" ] || { echo "compare-pto-isa: $testcases not found (not a pto-isa checkout?)" >&2; exit 2; }
python=/usr/bin/python3
if ! "$python" -c 'import numpy' 2>/dev/null; then
    echo "compare-pto-isa: the goldens need Debian's python3-numpy (apt-get install python3-numpy)" >&2
    exit 2
fi

if [ -z "$suites" ]; then
    suites="$(cd "$testcases" && for d in */; do [ -f "$d/main.cpp" ] && echo "${d%/}"; done | tr '\n' ',')"
fi
IFS=',' read -r -a suite_list <<<"$suites"
sides=(ptosim)
[ "$against_ref" = 1 ] && sides+=(reference)

if [ "$report_only" = 0 ]; then
# ptosim: the release build of the kernel core; suites see its public headers (what `cmake --install` copies).
mkdir -p "$work"
work="$(cd "$work" && pwd)"
echo "compare-pto-isa: building ptosim (release preset) ..." >&2
"$root/scripts/deps.sh"
(cd "$root" && cmake --preset release >/dev/null)
cmake --build "$root/build/release" --target ptosim_core -j "$jobs" >/dev/null
include_dir="$root/include"
library="$root/build/release/src/libptosim.a"

# One suite on one side: generate goldens, compile, run each test in its own process. Writes
# "<compile> <golden> <tests> <pass> <fail>" to $dir/result.
run_suite() {
    local side="$1" suite="$2"
    local src="$testcases/$suite" dir="$work/$side/$suite"
    rm -rf "$dir"
    mkdir -p "$dir/bin"
    local golden=ok
    if [ -f "$src/gen_data.py" ]; then
        cp "$src/gen_data.py" "$dir/"
        (cd "$dir" && PYTHONPATH="$ref_root/tests/cpu/st:$ref_root" timeout 600 "$python" gen_data.py >"$dir/gen_data.log" 2>&1) ||
            golden=fail
    fi
    local files=("$src/main.cpp")
    [ -f "$src/${suite}_kernel.cpp" ] && files+=("$src/${suite}_kernel.cpp")
    local common=(-std=c++20 -O2 -w -D__CPU_SIM -include stdint.h -include stddef.h -I"$ref_root/tests/common")
    # ttrace tests the instruction trace, which the reference's build has only with -DPTO_CPU_SIM_TRACE_MODE=ON
    # (without it every test of the suite skips itself): build it in trace mode on both sides.
    [ "$suite" = ttrace ] && common+=(-DPTO_CPU_SIM_TRACE_MODE=1)
    local cmd
    if [ "$side" = ptosim ]; then
        cmd=("$cxx" "${common[@]}" -I"$include_dir" "${files[@]}" "$library" -lhwy
            -lgtest_main -lgtest -pthread -o "$dir/bin/$suite")
    else
        cmd=("$ref_cxx" "${common[@]}" -I"$ref_root/include" -I"$ref_root/include/common" "${files[@]}"
            -lgtest_main -lgtest -pthread -lm -ldl -o "$dir/bin/$suite")
    fi
    if ! "${cmd[@]}" >"$dir/compile.log" 2>&1; then
        echo "fail $golden 0 0 0" >"$dir/result"
        # What the compiler did not find (instructions and other names), for the report.
        grep -ohE "[‘'][A-Za-z0-9_:]+[’'] (was not declared|is not a member|has not been declared|does not name a)" \
            "$dir/compile.log" | sed -E "s/[‘’']//g; s/ .*//; s/.*:://" | sort -u | tr '\n' ' ' >"$dir/missing" || true
        return
    fi
    local tests=0 pass=0 fail=0 group="" line name
    : >"$dir/tests.log"
    while IFS= read -r line; do
        if [[ "$line" =~ ^([A-Za-z0-9_/]+)\.$ ]]; then
            group="${BASH_REMATCH[1]}"
        elif [[ "$line" =~ ^\ \ ([A-Za-z0-9_/]+) ]]; then
            name="$group.${BASH_REMATCH[1]}"
            tests=$((tests + 1))
            if (cd "$dir/bin" && exec timeout "$timeout_s" "./$suite" --gtest_filter="$name") >"$dir/test.$tests.log" 2>&1; then
                pass=$((pass + 1))
                echo "PASS $name" >>"$dir/tests.log"
            else
                fail=$((fail + 1))
                echo "FAIL $name (log: test.$tests.log)" >>"$dir/tests.log"
            fi
        fi
    done < <(cd "$dir/bin" && "./$suite" --gtest_list_tests 2>/dev/null)
    echo "ok $golden $tests $pass $fail" >"$dir/result"
}
export -f run_suite
export work testcases ref_root include_dir library cxx ref_cxx python timeout_s

echo "compare-pto-isa: ${#suite_list[@]} suites, sides: ${sides[*]}, $jobs at a time (logs in $work/<side>/<suite>/)" >&2
for side in "${sides[@]}"; do
    for s in "${suite_list[@]}"; do echo "$side $s"; done
done | xargs -P "$jobs" -n 2 bash -c 'run_suite "$0" "$1"'
fi

# Report.
describe() {  # side suite -> "compile=.. tests=.. pass=.. fail=.." (+ golden=fail)
    local r
    read -r -a r <"$work/$1/$2/result"
    local text="compile=${r[0]} tests=${r[2]} pass=${r[3]} fail=${r[4]}"
    [ "${r[1]}" = fail ] && text+=" golden=fail"
    echo "$text"
}
declare -A total
for side in "${sides[@]}"; do total[$side]="0 0 0 0 0"; done
[ -n "$markdown" ] && {
    if [ "$against_ref" = 1 ]; then
        printf '| suite | ptosim compile | ptosim pass / tests | reference compile | reference pass / tests |\n'
        printf '|---|---|---|---|---|\n'
    else
        printf '| suite | compile | pass / tests |\n|---|---|---|\n'
    fi
} >"$markdown"
for s in "${suite_list[@]}"; do
    line="$s"
    row="| $s |"
    for side in "${sides[@]}"; do
        read -r -a r <"$work/$side/$s/result"
        read -r -a t <<<"${total[$side]}"
        compiled=0
        [ "${r[0]}" = ok ] && compiled=1
        total[$side]="$((t[0] + 1)) $((t[1] + compiled)) $((t[2] + r[2])) $((t[3] + r[3])) $((t[4] + r[4]))"
        if [ "$against_ref" = 1 ]; then line+=" $side: $(describe "$side" "$s") |"; else line+=" $(describe "$side" "$s")"; fi
        golden_note=""
        [ "${r[1]}" = fail ] && golden_note=" (no goldens)"
        compile_text="${r[0]}"
        if [ "${r[0]}" = fail ] && [ -s "$work/$side/$s/missing" ]; then
            compile_text="fail: missing $(sed 's/ $//; s/ /, /g' "$work/$side/$s/missing")"
        fi
        row+=" $compile_text | ${r[3]} / ${r[2]}$golden_note |"
    done
    echo "${line% |}"
    [ -n "$markdown" ] && echo "$row" >>"$markdown"
done
for side in "${sides[@]}"; do
    read -r -a t <<<"${total[$side]}"
    echo "TOTAL $side: suites=${t[0]} compiled=${t[1]} tests=${t[2]} pass=${t[3]} fail=${t[4]}"
done
