#!/usr/bin/env bash
# Runs ptosim's PTO-AS front end over a checkout of PTOAS (hw-native-sys/PTOAS, the MLIR-based PTO-AS compiler):
# `ptoas check` on every .pto of the checkout, one line per file and totals, then the samples through
# `ptoas run` and the C++ PTOAS generated from them (scripts/diff-ptoas-samples.py: same bytes through both
# front ends, and the samples' numpy goldens). docs/compat.md ("PTOAS") explains the output.
#
# Usage: scripts/compare-ptoas.sh <PTOAS checkout> [--build DIR] [--no-samples] [--markdown FILE]
#   --build DIR       ptosim's build (default: build/ci; build the ci preset first)
#   --no-samples      only `ptoas check`
#   --markdown FILE   also write the per-file table, in Markdown, to FILE
#
# A program whose RUN line is `not ptoas ...` exists to make PTOAS report an error: it is counted as a
# negative test (rejected as expected, or accepted because ptosim checks that rule when the operation runs),
# never as a failure. The check runs with the profile of the RUN line's --pto-arch (a3: A2A3, else A5). Exit
# status 1 when a program PTOAS accepts is rejected. Not part of CI (CI has no network to fetch PTOAS).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
[ $# -ge 1 ] || { usage >&2; exit 2; }
case "$1" in -h | --help) usage; exit 0 ;; esac
repo="$(cd "$1" && pwd)"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/ci"
samples=1
markdown=""
while [ $# -gt 0 ]; do
    case "$1" in
        --build) build="$(cd "$2" && pwd)"; shift 2 ;;
        --no-samples) samples=0; shift ;;
        --markdown) markdown="$2"; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "compare-ptoas: unknown option $1" >&2; exit 2 ;;
    esac
done
ptoas="$build/tools/ptoas/ptoas"
[ -x "$ptoas" ] || { echo "compare-ptoas: no $ptoas: build the ci preset first" >&2; exit 2; }

files=0 whole=0 partial=0 rejected=0 neg_rejected=0 neg_accepted=0
declare -A missing=()
rows=()
while IFS= read -r f; do
    rel="${f#"$repo"/}"
    files=$((files + 1))
    run_lines="$(grep '^// RUN:' "$f" || true)"
    arch=A5
    case "$run_lines" in *--pto-arch=a3* | *"--pto-arch a3"*) arch=A2A3 ;; esac
    negative=0
    if printf '%s\n' "$run_lines" | grep -q '^// RUN: *not '; then negative=1; fi
    if out="$("$ptoas" check --arch "$arch" "$f" 2>&1)"; then
        # One name per line: "pto.tgemv.mx", "pto.tgather's compare form", "function argument" (a memref one).
        ops="$(printf '%s\n' "$out" | sed -n "s/.*does not execute yet: //; T; s/ (.*//; s/ of type.*//; p" |
            sort -u)"
        if [ "$negative" = 1 ]; then
            neg_accepted=$((neg_accepted + 1))
            status="negative test, accepted (ptosim checks its rule when the operation runs)"
        elif [ -z "$ops" ]; then
            whole=$((whole + 1))
            status="ok, runs whole"
        else
            partial=$((partial + 1))
            status="ok, not executable yet: $(printf '%s\n' "$ops" | paste -sd, | sed 's/,/, /g')"
            while IFS= read -r op; do missing[$op]=$((${missing[$op]:-0} + 1)); done <<<"$ops"
        fi
    else
        first="$(printf '%s\n' "$out" | grep -m1 'error' || printf '%s\n' "$out" | head -1)"
        if [ "$negative" = 1 ]; then
            neg_rejected=$((neg_rejected + 1))
            status="negative test, rejected as expected: ${first#"$f":}"
        else
            rejected=$((rejected + 1))
            status="REJECTED: ${first#"$f":}"
        fi
    fi
    printf '%-70s %s\n' "$rel" "$status"
    rows+=("| $rel | $status |")
done < <(find "$repo" -name '*.pto' -not -path '*/.git/*' | sort)

echo
echo "ptoas check: $files programs; $((whole + partial)) accepted ($whole run whole, $partial with operations" \
    "not executable yet), $rejected rejected; negative tests: $neg_rejected rejected as expected, $neg_accepted" \
    "accepted"
if [ ${#missing[@]} -gt 0 ]; then
    echo "not executable yet (programs using it):"
    for op in "${!missing[@]}"; do printf '  %4d %s\n' "${missing[$op]}" "$op"; done | sort -rn
fi
if [ -n "$markdown" ]; then
    { echo "| program | ptoas check |"; echo "|---|---|"; printf '%s\n' "${rows[@]}"; } >"$markdown"
fi

status=0
[ "$rejected" = 0 ] || status=1
if [ "$samples" = 1 ]; then
    echo
    echo "=== samples: ptoas run, the generated C++ against ptosim, numpy goldens ==="
    python3="$(command -v /usr/bin/python3 || command -v python3)"
    "$python3" "$root/scripts/diff-ptoas-samples.py" "$repo" --build "$build" || status=1
fi
exit "$status"
