#!/usr/bin/env bash
# ptoas end to end. Usage: ptoas_test.sh PTOAS GOLDEN_DIR WORK_DIR CASE
set -euo pipefail
ptoas="$1"
golden="$2"
work="$3"
case_name="$4"
rm -rf "$work"
mkdir -p "$work"
cd "$work"

fail() {
    echo "FAIL ($case_name): $*" >&2
    exit 1
}

# section FILE NAME: the lines of one "## NAME" section of a golden file.
section() {
    awk -v want="$2" '/^## /{s=substr($0, 4); next} s==want' "$1"
}

# expect_status WANT CMD...: run, capture stdout/stderr into out/err, check the exit status.
expect_status() {
    local want="$1"
    shift
    set +e
    "$@" >out 2>err
    local got=$?
    set -e
    [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(cat err)"
}

seed="$golden/thistogram_seed.golden"
section "$seed" text >seed.s
section "$seed" raw >seed.raw.s
section "$seed" hex >seed.hex

case "$case_name" in
asm_hex)
    for g in "$golden"/*.golden; do
        section "$g" text >t.s
        section "$g" hex >want.hex
        expect_status 0 "$ptoas" asm t.s --hex
        cmp -s out want.hex || fail "asm --hex of $(basename "$g") differs: $(diff out want.hex | head -5)"
    done
    # 8 digits per 32-bit word, 4 per 16-bit word.
    section "$golden/noncanonical.golden" text >nc.s
    expect_status 0 "$ptoas" asm nc.s --hex
    grep -qx '[0-9a-f]\{4\}' out || fail "no 4-digit word for the 16-bit instructions"
    ! grep -qvx '[0-9a-f]\{4\}\|[0-9a-f]\{8\}' out || fail "a line that is neither 4 nor 8 hex digits"
    ;;
asm_binary)
    expect_status 0 "$ptoas" asm seed.s -o seed.bin
    [ ! -s out ] || fail "-o also wrote to stdout"
    # Little-endian: the first word ce819181 is the bytes 81 91 81 ce.
    [ "$(od -An -tx1 -N4 seed.bin | tr -d ' \n')" = "819181ce" ] || fail "bytes are not little-endian"
    [ "$(stat -c %s seed.bin)" -eq $((4 * $(wc -l <seed.hex))) ] || fail "wrong size"
    expect_status 0 "$ptoas" asm seed.s
    cmp -s out seed.bin || fail "binary on stdout differs from -o"
    expect_status 0 "$ptoas" asm seed.s --hex -o seed.out.hex
    cmp -s seed.out.hex seed.hex || fail "--hex -o differs"
    ;;
asm_stdin)
    expect_status 0 "$ptoas" asm - --hex <seed.s
    cmp -s out seed.hex || fail "stdin asm differs"
    ;;
disasm_folded)
    for g in "$golden"/*.golden; do
        section "$g" text >want.s
        section "$g" text >t.s
        "$ptoas" asm t.s -o t.bin
        expect_status 0 "$ptoas" disasm t.bin
        cmp -s out want.s || fail "disasm of $(basename "$g"): $(diff out want.s | head -5)"
    done
    ;;
disasm_raw)
    "$ptoas" asm seed.s -o seed.bin
    expect_status 0 "$ptoas" disasm seed.bin --raw
    cmp -s out seed.raw.s || fail "disasm --raw differs: $(diff out seed.raw.s | head -5)"
    ;;
disasm_hex_input)
    expect_status 0 "$ptoas" disasm --hex-input seed.hex
    cmp -s out seed.s || fail "disasm --hex-input differs"
    expect_status 0 "$ptoas" disasm --hex-input --raw seed.hex -o raw.out
    cmp -s raw.out seed.raw.s || fail "disasm --hex-input --raw -o differs"
    ;;
disasm_stdin)
    "$ptoas" asm seed.s -o seed.bin
    expect_status 0 "$ptoas" disasm - <seed.bin
    cmp -s out seed.s || fail "stdin disasm differs"
    ;;
error_caret)
    printf 'TADD <fp32>, T#1, T#2, ->T<1KB>\n\tTHISTOGRAM <u32, u32, Byte1, Zero>, T#1, T#2, ->T<4KB>\nFOO\n' >bad.s
    expect_status 1 "$ptoas" asm bad.s --hex
    [ ! -s out ] || fail "wrote output despite errors"
    cat >want.err <<'EOT'
bad.s:2:31: error: PadValue must be Null here: B.DATR[28:27] holds the ByteId: THISTOGRAM PadValue Zero
	THISTOGRAM <u32, u32, Byte1, Zero>, T#1, T#2, ->T<4KB>
	                             ^
bad.s:3:1: error: unknown mnemonic: 'FOO'
FOO
^
EOT
    cmp -s err want.err || fail "stderr differs: $(diff err want.err)"
    expect_status 1 "$ptoas" asm - <bad.s
    grep -q '^<stdin>:3:1: error: unknown mnemonic' err || fail "stdin errors are not named <stdin>"
    ;;
error_binary)
    printf '\x81\x91\x81\xce\x23\x10' >bad.bin
    expect_status 1 "$ptoas" disasm bad.bin
    grep -qx 'bad.bin: offset 0x4 (word 1): error: input ends inside an instruction: a 32-bit instruction needs 4 bytes' err ||
        fail "binary error: $(cat err)"
    ;;
error_hex_input)
    printf '# header\nce819181 09901023\n' >bad.hex
    expect_status 1 "$ptoas" disasm --hex-input bad.hex
    printf 'bad.hex:2:1: error: block without a B.IOT marked last\nce819181 09901023\n^\n' >want.err
    cmp -s err want.err || fail "stderr differs: $(diff err want.err)"
    printf 'ce81918\n' >bad2.hex
    expect_status 1 "$ptoas" disasm --hex-input bad2.hex
    grep -q '^bad2.hex:1:1: error: bad hex word' err || fail "$(cat err)"
    ;;
missing_file)
    expect_status 1 "$ptoas" asm no-such-file.s
    grep -q "cannot open 'no-such-file.s'" err || fail "$(cat err)"
    ;;
usage)
    expect_status 2 "$ptoas"
    expect_status 2 "$ptoas" frobnicate
    expect_status 2 "$ptoas" asm
    expect_status 2 "$ptoas" asm seed.s --bogus
    expect_status 2 "$ptoas" disasm seed.hex --arch Z80
    # --arch is case-insensitive; THISTOGRAM exists on KIRIN9030 but not on A2A3 (an input error, not usage).
    expect_status 0 "$ptoas" asm seed.s --arch kirin9030 --hex
    expect_status 1 "$ptoas" asm seed.s --arch A2A3 --hex
    grep -q "not available on this architecture profile: THISTOGRAM on A2A3" err || fail "$(cat err)"
    ;;
help)
    for args in "--help" "asm --help" "disasm --help" "-h"; do
        # shellcheck disable=SC2086
        expect_status 0 "$ptoas" $args
        grep -q "Usage" out || fail "'$args' printed no usage"
    done
    expect_status 0 "$ptoas" asm --help
    grep -q -- "--hex" out || fail "asm --help does not mention --hex"
    expect_status 0 "$ptoas" disasm --help
    grep -q -- "--raw" out && grep -q -- "--hex-input" out || fail "disasm --help lacks --raw/--hex-input"
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "ok ($case_name)"
