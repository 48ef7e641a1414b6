#!/usr/bin/env bash
# Runs one examples/asm/ program as its header says (ptoas run FILE): it must exit 0 and print every line given by
# the file's "# expect: LINE" (or "// expect: LINE") comments, exactly. A "// run: ARGS" comment adds ARGS to the
# command line (a module's --arg, --dump, --hazards). Usage: run_asm_example.sh PTOAS FILE
set -euo pipefail
ptoas="$1"
file="$2"
read -r -a extra < <(sed -n -e 's/^\/\/ run: //p' -e 's/^# run: //p' "$file" | head -1) || true
out="$("$ptoas" run "$file" "${extra[@]}")" || {
    echo "FAIL: ptoas run $file exited $?" >&2
    exit 1
}
printf '%s\n' "$out"
found=0
while IFS= read -r want; do
    found=1
    grep -qxF -- "$want" <<<"$out" || {
        echo "FAIL: $file: no output line '$want'" >&2
        exit 1
    }
done < <(sed -n -e 's/^# expect: //p' -e 's/^\/\/ expect: //p' "$file")
[ "$found" -eq 1 ] || {
    echo "FAIL: $file has no '# expect:' line" >&2
    exit 1
}
echo "ok: $file"
