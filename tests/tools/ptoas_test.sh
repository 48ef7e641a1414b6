#!/usr/bin/env bash
# ptoas end to end (asm, disasm, run, check). Usage: ptoas_test.sh PTOAS GOLDEN_DIR WORK_DIR CASE
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
seed_s_for_check="$PWD/seed.s"

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
run_dump)
    # A Linx program with its input data and dumps; --dump adds one, --hex switches every dump to hex.
    cat >prog.s <<'EOT'
.tile T#2 s32 2x8 iota -3 1
.tile T#1 s32 2x8 fill 2
.dump U#1 hex
TCMP.GT <LB0:8, LB1:2, LB2:8, s32>, T#2.reuse, T#1, ->U<64B>
EOT
    expect_status 0 "$ptoas" run prog.s --dump 'T#2[1, 0:4]'
    cat >want.out <<'EOT'
U#1: U8 2x32, valid 2x1, 64B, written by block 0
[0, 0] 0xc0
[1, 0] 0xff

T#2: S32 2x8, valid 2x8, 64B, input
[1, 0] 5 6 7 8
EOT
    cmp -s out want.out || fail "run output differs: $(diff out want.out)"
    expect_status 0 "$ptoas" run prog.s --hex --dump 'T#2[0, 0:2]'
    grep -qx '\[0, 0\] 0xfffffffd 0xfffffffe' out || fail "--hex: $(cat out)"
    # Without dumps: a summary line.
    grep -v '^.dump' prog.s >nodump.s
    expect_status 0 "$ptoas" run nodump.s
    grep -qx 'ran 1 block' out || fail "summary: $(cat out)"
    ;;
run_trace)
    printf '.tile T#1 u16 1x16 iota 0 1\nTCMPS.LT <LB0:16, u16>, T#1, [a0], ->T<32B>\n.reg a0 = 5\n' >prog.s
    expect_status 0 "$ptoas" run prog.s --trace --dump T#1
    grep -qx 'block 0: TCMPS.LT <LB0:16, u16>, T#1, \[a0\], ->T<32B>' out || fail "trace: $(cat out)"
    grep -qx '\[0, 0\] 31  0' out || fail "TCMPS result: $(cat out)"
    ;;
run_fault)
    printf '.tile T#1 fp32 1x8\nTCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>\n\tTCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>\n' >bad.s
    expect_status 1 "$ptoas" run bad.s --dump U#1
    [ ! -s out ] || fail "dumped despite the fault"
    cat >want.err <<'EOT'
bad.s:3:2: error: block 1: read of a tile released by an earlier block (it read the tile without .reuse): T#1 was released by block 0
	TCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>
	^
EOT
    cmp -s err want.err || fail "stderr differs: $(diff err want.err)"
    printf 'ESAVE <fp32>\n' >ni.s
    expect_status 1 "$ptoas" run ni.s
    grep -q '^ni.s:1:1: error: block 0: not implemented: ESAVE$' err || fail "$(cat err)"
    # A dump of an entry that was never written.
    printf '.tile T#1 u8 1x32\n.dump T#5\n' >unwritten.s
    expect_status 1 "$ptoas" run unwritten.s
    grep -q '^unwritten.s:2:7: error: cannot dump: T#5 was never written$' err || fail "$(cat err)"
    ;;
run_binary)
    # A binary program takes its inputs from the command line; --dump-bin writes the entry's bytes.
    printf 'TINTERLEAVE <LB0:4, LB2:4, u8>, T#2, T#1, ->T<32B>, ->T<32B>\n' >il.s
    "$ptoas" asm il.s -o il.bin
    expect_status 0 "$ptoas" run il.bin --tile 'T#2 u8 1x4 values 1, 2, 3, 4' --tile 'T#1 u8 1x4 values 5, 6, 7, 8' \
        --dump 'T#2[0, 0:4]' --dump-bin T#1=d1.bin
    grep -qx '\[0, 0\] 1 5 2 6' out || fail "binary run: $(cat out)"
    [ "$(od -An -tu1 -N4 d1.bin | tr -s ' ')" = " 3 7 4 8" ] || fail "--dump-bin bytes: $(od -An -tu1 -N4 d1.bin)"
    [ "$(stat -c %s d1.bin)" -eq 32 ] || fail "--dump-bin size"
    # Errors of the command line's directives name the option.
    expect_status 1 "$ptoas" run il.bin --tile 'T#2 u8 1x4 values 300'
    grep -q "^ptoas: error: --tile 'T#2 u8 1x4 values 300': bad literal for the element type: 300 does not fit U8$" err ||
        fail "$(cat err)"
    ;;
run_pto)
    cat >prog.pto <<'EOT'
.arg %a : !pto.tile<vec, 2x8xi16> iota 0 1
.arg %b : !pto.tile<vec, 2x8xi16> iota 100 1
%d0, %d1 = tinterleave %a, %b : !pto.tile<vec, 2x8xi16>
EOT
    expect_status 0 "$ptoas" run prog.pto --dump '%d1[0, :]'
    grep -qx '%d1 (T#1): S16 2x8, valid 2x8, 32B, written by block 0' out || fail "$(cat out)"
    grep -qx '\[0, 0\]   4 104   5 105   6 106   7 107' out || fail "$(cat out)"
    # The same text from stdin is recognised as PTO-AS.
    expect_status 0 "$ptoas" run - --dump %d0 <prog.pto
    grep -q '^\[0, 0\]   0 100' out || fail "stdin: $(cat out)"
    expect_status 1 "$ptoas" run prog.pto --dump %nope
    grep -q '^ptoas: error: --dump %nope: no tile named %nope$' err || fail "$(cat err)"
    ;;
run_hazards)
    # A load (.arg, MTE2) read by a vector add (V) with no flag: both sites, both pipes; exit status 3.
    cat >bad.pto <<'EOT'
.arg %a : !pto.tile<vec, 2x8xf32> fill 1
.const %s = 2.0 : f32
%b = pto.tadds %a, %s : (!pto.tile<vec, 2x8xf32>, f32) -> !pto.tile<vec, 2x8xf32>
EOT
    expect_status 3 "$ptoas" run bad.pto --hazards --dump '%b[0, 0:2]'
    grep -qx '\[0, 0\] 3 3' out || fail "the run's result: $(cat out)"
    grep -q '^ptosim: hazard: read-after-write on ' err || fail "$(cat err)"
    grep -qx '  writes: TLOAD (MTE2, instruction 1) at bad.pto:1' err || fail "$(cat err)"
    grep -qx '  then reads: TADDS (V, instruction 2) at bad.pto:3' err || fail "$(cat err)"
    grep -qx 'ptosim: hazard checker: 1 distinct report (docs/hazards.md)' err || fail "$(cat err)"
    # The fixed twin: clean, exit status 0.
    cat >good.pto <<'EOT'
.arg %a : !pto.tile<vec, 2x8xf32> fill 1
.const %s = 2.0 : f32
pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID3>]
pto.wait_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, #pto.event<EVENT_ID3>]
%b = pto.tadds %a, %s : (!pto.tile<vec, 2x8xf32>, f32) -> !pto.tile<vec, 2x8xf32>
EOT
    expect_status 0 "$ptoas" run good.pto --hazards
    grep -qx 'ptosim: hazard checker: no hazards found' err || fail "$(cat err)"
    ! grep -q 'hazard: ' err || fail "$(cat err)"
    # A wait on a flag nobody set is reported at its line; a fault is still status 1.
    printf '.arg %%a : !pto.tile<vec, 2x8xf32>\npto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]\n' >wait.pto
    expect_status 3 "$ptoas" run wait.pto --hazards
    grep -q 'wait_flag(PIPE_V, PIPE_MTE3, 1) at wait.pto:2' err || fail "$(cat err)"
    ;;
run_timeline)
    cat >good.pto <<'EOT'
.arg %a : !pto.tile<vec, 2x8xf32> fill 1
.const %s = 2.0 : f32
pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
%b = pto.tadds %a, %s : (!pto.tile<vec, 2x8xf32>, f32) -> !pto.tile<vec, 2x8xf32>
EOT
    expect_status 0 "$ptoas" run good.pto --trace-timeline run.json
    [ -s run.json ] || fail "no timeline written"
    grep -q '"traceEvents"' run.json || fail "$(head -c 300 run.json)"
    grep -q '"ph": "X", "name": "TLOAD", "pid": 0, "tid": 3,' run.json || fail "no TLOAD span on PIPE_MTE2"
    grep -q '"ph": "X", "name": "TADDS", "pid": 0, "tid": 1,' run.json || fail "no TADDS span on PIPE_V"
    grep -q '"ph": "s", "name": "flag 0", "cat": "flag"' run.json || fail "no flag arrow"
    grep -q '^  MTE2  *1 ' err || fail "no MTE2 row in the summary: $(cat err)"
    grep -q '^  V  *1 ' err || fail "no V row in the summary: $(cat err)"
    grep -qx 'ptosim: timeline written to run.json (open it in ui.perfetto.dev or chrome://tracing)' err ||
        fail "$(cat err)"
    if command -v python3 >/dev/null; then
        python3 -c 'import json, sys; json.load(open("run.json"))' || fail "not JSON"
    fi
    ;;
run_profile)
    cat >good.pto <<'EOT'
.arg %a : !pto.tile<vec, 2x8xf32> fill 1
.const %s = 2.0 : f32
%b = pto.tadds %a, %s : (!pto.tile<vec, 2x8xf32>, f32) -> !pto.tile<vec, 2x8xf32>
%c = pto.tadds %b, %s : (!pto.tile<vec, 2x8xf32>, f32) -> !pto.tile<vec, 2x8xf32>
EOT
    expect_status 0 "$ptoas" run good.pto --profile --profile-json prof.json
    grep -q '^ptosim profile: .* s wall, .* s in instructions' err || fail "no profile header: $(cat err)"
    # Two TADDS of 2 x 8 floats: 64 bytes read and 64 written each.
    grep -Eq '^TADDS +FP32 +2 +256 ' err || fail "no TADDS row: $(cat err)"
    grep -q '"instruction":"TADDS","dtype":"FP32","calls":2,"bytes":256' prof.json || fail "$(cat prof.json)"
    if command -v python3 >/dev/null; then
        python3 -c 'import json; json.load(open("prof.json"))' || fail "not JSON"
    fi
    if [ -e /dev/full ]; then
        expect_status 1 "$ptoas" run good.pto --profile-json /dev/full
        grep -q "cannot write '/dev/full'" err || fail "$(cat err)"
    fi
    ;;
check)
    cat >prog.pto <<'EOT'
.arg %a : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>
.arg %b : !pto.tile_buf<vec, 16x16xf32>
%m = tcmp %a, %b {cmpMode = #pto.cmp<GT>} : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x32xui8, valid=16x2>
EOT
    expect_status 0 "$ptoas" check prog.pto
    grep -qx 'ok: PTO-AS, 1 block' out || fail "$(cat out)"
    expect_status 0 "$ptoas" check prog.pto --print
    cat >want.out <<'EOT'
.arg %a : !pto.tile_buf<vec, 16x16xf32>
.arg %b : !pto.tile_buf<vec, 16x16xf32>
%m = tcmp %a, %b {cmpMode = #pto<cmp gt>} : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x32xui8, valid=16x2>
EOT
    cmp -s out want.out || fail "--print: $(diff out want.out)"
    expect_status 0 "$ptoas" check prog.pto --lower
    cat >want.out <<'EOT'
.tile T#2 fp32 16x16  # %a
.tile T#1 fp32 16x16  # %b
TCMP.GT <LB0:16, LB1:16, LB2:16, fp32>, T#2, T#1, ->T<512B>
EOT
    cmp -s out want.out || fail "--lower: $(diff out want.out)"
    # The lowered text is a Linx program that checks (and runs) too.
    cp out lowered.s
    expect_status 0 "$ptoas" check lowered.s
    grep -qx 'ok: Linx text, 1 block' out || fail "$(cat out)"
    # A PTO-AS error with its caret; check finds faults without running (the TCMP reads a tile never written).
    printf '.arg %%a : !pto.tile<vec, 4x4xf32>\n%%m = pto.tcmp %%a, %%a : (!pto.tile<vec, 4x4xf32>, f33) -> f32\n' >bad.pto
    expect_status 1 "$ptoas" check bad.pto
    cat >want.err <<'EOT'
bad.pto:2:50: error: bad type: 'f33'
%m = pto.tcmp %a, %a : (!pto.tile<vec, 4x4xf32>, f33) -> f32
                                                 ^
EOT
    cmp -s err want.err || fail "stderr differs: $(diff err want.err)"
    printf 'TCMP.EQ <LB0:8, s32>, T#1, T#3, ->T<32B>\n' >unwritten.s
    expect_status 1 "$ptoas" check unwritten.s --tile 'T#1 s32 1x8'
    grep -q '^unwritten.s:1:1: error: block 0: read of a tile that was never written: T#3$' err || fail "$(cat err)"
    expect_status 1 "$ptoas" check "$seed_s_for_check" --arch A2A3
    grep -q 'THISTOGRAM on A2A3' err || fail "$(cat err)"
    ;;
check_micro)
    # Micro-level PTO-AS (pto.v* / pto.p*): a register of the wrong size and a mask of the wrong granularity
    # are errors at their types in check; a misaligned vlds is an error at the operation in run.
    cat >micro.pto <<'EOT'
module {
  func.func @k() {
    %c0 = arith.constant 0 : index
    %a4 = arith.constant 4 : i64
    %p = pto.castptr %a4 : i64 -> !pto.ptr<f32, ub>
    %m = pto.pset_b16 "PAT_ALL" : !pto.mask<b16>
    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<32xf32>
    %w = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    %r = pto.vadd %w, %w, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16>) -> !pto.vreg<64xf32>
    return
  }
}
EOT
    expect_status 1 "$ptoas" check micro.pto
    cat >want.err <<'EOT'
micro.pto:7:60: error: bad type: '!pto.vreg<32xf32>': 32 lanes of f32 are 128 bytes; a vector register is 256 bytes (64xf32)
    %v = pto.vlds %p[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<32xf32>
                                                           ^
micro.pto:9:71: error: type does not match: pto.vadd: !pto.mask<b16> predicates 2-byte elements; f32 needs !pto.mask<b32>
    %r = pto.vadd %w, %w, %m : (!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b16>) -> !pto.vreg<64xf32>
                                                                      ^
EOT
    cmp -s err want.err || fail "stderr differs: $(diff err want.err)"
    sed -i -e '/vreg<32xf32>/d' -e '/pto.vadd/d' micro.pto
    expect_status 0 "$ptoas" check micro.pto
    expect_status 1 "$ptoas" run micro.pto
    grep -q '^micro.pto:7:5: error: .*vlds: UB byte 4 is not 32-byte aligned' err || fail "$(cat err)"
    ;;
run_usage)
    expect_status 2 "$ptoas" run
    expect_status 2 "$ptoas" run x.s --binary --pto
    expect_status 2 "$ptoas" check x.s --print --lower
    expect_status 1 "$ptoas" run no-such-file.s
    grep -q "cannot open 'no-such-file.s'" err || fail "$(cat err)"
    for args in "run --help" "check --help"; do
        # shellcheck disable=SC2086
        expect_status 0 "$ptoas" $args
        grep -q -- "--arch" out || fail "'$args' lacks --arch"
    done
    expect_status 0 "$ptoas" run --help
    grep -q -- "--dump-bin" out && grep -q -- "--trace" out || fail "run --help lacks --dump-bin/--trace"
    ;;
hostile_nesting)
    # 100,000 nested regions: a located error (the first region past the limit of 256), not a stack overflow.
    {
        printf 'module {\n  func.func @k() {\n    %%c = arith.constant 1 : i1\n'
        for _ in $(seq 100000); do printf 'scf.if %%c {\n'; done
        for _ in $(seq 100000); do printf '}\n'; done
        printf '    return\n  }\n}\n'
    } >deep.pto
    for cmd in check run; do
        expect_status 1 timeout 10 "$ptoas" $cmd deep.pto
        grep -q '^deep.pto:258:11: error: nested too deep: a region inside 256 others' err || fail "$cmd: $(head -c 500 err)"
    done
    # An unclosed region: reported at the end of the text, naming where it opened.
    printf 'module {\n  func.func @k() {\n    return\n' >open.pto
    expect_status 1 "$ptoas" check open.pto
    grep -q "^open.pto:3:11: error: syntax error: the text ends inside the region opened at 2:18" err || fail "$(cat err)"
    ;;
hostile_loop)
    # An empty loop body with a bound of 2^63 - 1: every iteration is a step, so the step limit stops it, at the loop.
    cat >loop.pto <<'EOT'
module {
  func.func @k() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 9223372036854775807 : index
    scf.for %i = %c0 to %big step %c1 {
    }
    return
  }
}
EOT
    expect_status 1 timeout 10 "$ptoas" run loop.pto --max-steps 1000000
    grep -q '^loop.pto:6:5: error: step limit reached: a loop past the 1000000 steps a run may take' err ||
        fail "$(cat err)"
    expect_status 2 "$ptoas" run loop.pto --max-steps 0
    ;;
write_failures)
    # Every failed write is an error naming the file, with exit status 1 (a full disk: /dev/full).
    printf 'module {\n  func.func @k(%%a: !pto.ptr<f32>) {\n    return\n  }\n}\n' >k.pto
    "$ptoas" asm seed.s -o seed.bin
    expect_status 1 "$ptoas" asm seed.s -o no-such-dir/x.bin
    grep -q "^ptoas: error: cannot write 'no-such-dir/x.bin': " err || fail "$(cat err)"
    expect_status 1 "$ptoas" run k.pto --arg %a=zeros:8 --out %a=no-such-dir/a.bin
    grep -q "^ptoas: error: cannot write 'no-such-dir/a.bin'" err || fail "$(cat err)"
    if [ ! -w /dev/full ]; then
        echo "skipped the /dev/full half: no /dev/full"
    else
        expect_status 1 "$ptoas" asm seed.s -o /dev/full
        grep -q "^ptoas: error: cannot write '/dev/full': " err || fail "asm -o: $(cat err)"
        expect_status 1 "$ptoas" asm seed.s --hex -o /dev/full
        expect_status 1 "$ptoas" disasm seed.bin -o /dev/full
        grep -q "^ptoas: error: cannot write '/dev/full'" err || fail "disasm -o: $(cat err)"
        set +e
        "$ptoas" asm seed.s --hex >/dev/full 2>err
        got=$?
        set -e
        [ "$got" -eq 1 ] || fail "asm to a full stdout exited $got"
        grep -q "^ptoas: error: cannot write to standard output" err || fail "stdout: $(cat err)"
        set +e
        "$ptoas" check k.pto >/dev/full 2>err
        got=$?
        set -e
        [ "$got" -eq 1 ] || fail "check to a full stdout exited $got"
        expect_status 1 "$ptoas" run k.pto --arg %a=zeros:8 --out %a=/dev/full
        grep -q "^ptoas: error: cannot write '/dev/full'" err || fail "--out: $(cat err)"
        expect_status 1 "$ptoas" run k.pto --arg %a=zeros:8 --trace-timeline /dev/full
        grep -q "^ptoas: error: cannot write '/dev/full'" err || fail "module --trace-timeline: $(cat err)"
        ! grep -q "timeline written" err || fail "a failed timeline reported as written: $(cat err)"
        printf 'TINTERLEAVE <LB0:4, LB2:4, u8>, T#2, T#1, ->T<32B>, ->T<32B>\n' >il.s
        expect_status 1 "$ptoas" run il.s --tile 'T#2 u8 1x4 values 1, 2, 3, 4' --tile 'T#1 u8 1x4 values 5, 6, 7, 8' \
            --dump-bin T#1=/dev/full
        grep -q "^ptoas: error: cannot write '/dev/full'" err || fail "--dump-bin: $(cat err)"
        expect_status 1 "$ptoas" run il.s --tile 'T#2 u8 1x4 values 1, 2, 3, 4' --tile 'T#1 u8 1x4 values 5, 6, 7, 8' \
            --trace-timeline /dev/full
        grep -q "^ptoas: error: cannot write '/dev/full'" err || fail "--trace-timeline: $(cat err)"
    fi
    # A failed check writes nothing.
    printf 'FOO\n' >bad.s
    expect_status 1 "$ptoas" asm bad.s -o bad.bin
    [ ! -e bad.bin ] || fail "a failed asm wrote its output"
    ;;
long_token)
    # A 2 MB token is quoted clipped, once, and the source line is shown around the column.
    big=$(head -c 2000000 /dev/zero | tr '\0' x)
    printf 'module {\n  func.func @k() {\n    %%a %s\n  }\n}\n' "$big" >big.pto
    expect_status 1 "$ptoas" check big.pto
    [ "$(wc -c <err)" -lt 2000 ] || fail "$(wc -c <err) bytes of errors"
    grep -q "^big.pto:3:8: error: syntax error: expected '=' after the results, found 'xxx*\.\.\. (2000000 characters)'" err ||
        fail "$(head -c 600 err)"
    # An operation with a 2 MB name: the warning names it clipped.
    printf 'module {\n  func.func @k() {\n    %%a = %s\n    return\n  }\n}\n' "$big" >bigop.pto
    expect_status 0 "$ptoas" check bigop.pto
    [ "$(wc -c <err)" -lt 1000 ] || fail "$(wc -c <err) bytes of warnings"
    grep -q "^bigop.pto:3:5: warning: operation ptosim does not execute yet: xxx*\.\.\. (2000000 characters)$" err ||
        fail "$(head -c 600 err)"
    printf 'TADD <fp32>, T#1, T#2, ->T<1KB>\n%s\n' "$big" >big.s
    expect_status 1 "$ptoas" asm big.s
    [ "$(wc -c <err)" -lt 2000 ] || fail "asm: $(wc -c <err) bytes of errors"
    grep -q "^big.s:2:1: error: unknown mnemonic: 'xxx*\.\.\. (2000000 characters)'" err || fail "$(head -c 600 err)"
    printf '%s\n' "$big" >big.hex
    expect_status 1 "$ptoas" disasm --hex-input big.hex
    [ "$(wc -c <err)" -lt 2000 ] || fail "disasm: $(wc -c <err) bytes of errors"
    # A statement-level PTO-AS line.
    printf '%%d = tadd %%a, %s\n' "$big" >big2.pto
    expect_status 1 "$ptoas" check big2.pto
    [ "$(wc -c <err)" -lt 2000 ] || fail "PTO-AS: $(wc -c <err) bytes of errors"
    ;;
hostile_inputs)
    # What a fuzzer tries first: each is an error (exit 1) or runs (exit 0), never a crash or a hang.
    : >empty.txt
    awk 'BEGIN { for (i = 0; i < 4096; i++) printf "%c", (i * 131 + 7) % 256 }' >garbage.bin
    printf 'module {\n  func.func @k() {\n    %%c = arith.constant 99999999999999999999999999999999 : index\n    return\n  }\n}\n' >hugeint.pto
    printf 'module {\n  func.func @k() {\n    %%c = arith.constant 1 : index\n    scf.for %%i = %%c to' >cut.pto
    printf 'module {\n  func.func @k() {\n    pto.print "unterminated\n    return\n  }\n}\n' >string.pto
    printf '.arg %%a : !pto.tile<vec, 4x99999999999999999999f32>\n' >hugeshape.pto
    printf '.tile T#1 u8 99999999999x99999999999\n' >hugetile.s
    for f in empty.txt garbage.bin hugeint.pto cut.pto string.pto hugeshape.pto hugetile.s; do
        for args in "check $f" "run $f" "asm $f" "disasm $f" "disasm --hex-input $f"; do
            set +e
            # shellcheck disable=SC2086
            timeout 10 "$ptoas" $args >out 2>err
            got=$?
            set -e
            [ "$got" -le 1 ] || fail "'ptoas $args' exited $got: $(head -c 300 err)"
        done
    done
    # A PTOSIM_THREADS that is not a thread count is said, once (THISTOGRAM's fast kernel asks for the count;
    # PTOSIM_KERNELS=ref would not).
    example="$golden/../../../examples/asm/thistogram_u16_byte0.s"
    if [ -z "${PTOSIM_KERNELS:-}" ]; then
        PTOSIM_THREADS=lots expect_status 0 "$ptoas" run "$example"
        [ "$(grep -c "^ptosim: warning: PTOSIM_THREADS='lots' is not a thread count from 1 to 1024; using " err)" -eq 1 ] ||
            fail "PTOSIM_THREADS: $(cat err)"
        PTOSIM_THREADS=2 expect_status 0 "$ptoas" run "$example"
        [ ! -s err ] || fail "PTOSIM_THREADS=2: $(cat err)"
    fi
    # An argument larger than the memory there is: an error, not an abort. (Not under a sanitizer, which
    # needs more address space than the limit leaves.)
    printf 'module {\n  func.func @k(%%a: !pto.ptr<f32>) {\n    return\n  }\n}\n' >k.pto
    if ! grep -q __asan_init "$ptoas"; then
        set +e
        (ulimit -v 1000000 && "$ptoas" run k.pto --arg zeros:1073741824) >out 2>err
        got=$?
        set -e
        [ "$got" -eq 1 ] || fail "a 4 GB argument exited $got: $(cat err)"
        grep -qx "ptoas: error: out of memory" err || fail "$(cat err)"
    fi
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "ok ($case_name)"
