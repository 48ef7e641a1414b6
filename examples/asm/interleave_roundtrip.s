# TINTERLEAVE then TDEINTERLEAVE: the round trip gives the sources back.
#
#   ptoas run examples/asm/interleave_roundtrip.s
#
# Per row, TINTERLEAVE makes the stream src0[0], src1[0], src0[1], src1[1], ... and writes its first half to dst0,
# its second half to dst1; TDEINTERLEAVE takes the even positions of dst0 ++ dst1 back to src0 and the odd ones
# to src1. The destinations are pushed in operand order, so dst1 is T#1 and dst0 is T#2 after each block.
.tile T#2 s16 4x16 iota 0 1      # src0: 0, 1, 2, ...
.tile T#1 s16 4x16 iota 100 1    # src1: 100, 101, ...
.dump T#4[0:2, :]                # dst0 of TINTERLEAVE
.dump T#3[0:2, :]                # dst1
.dump T#2[0:2, :]                # TDEINTERLEAVE's dst0 = src0
.dump T#1[0:2, :]                # TDEINTERLEAVE's dst1 = src1

TINTERLEAVE <LB0:16, LB1:4, LB2:16, s16>, T#2, T#1, ->T<128B>, ->T<128B>
TDEINTERLEAVE <LB0:16, LB1:4, LB2:16, s16>, T#2.reuse, T#1.reuse, ->T<128B>, ->T<128B>

# expect: [0, 0]    0 100   1 101   2 102   3 103   4 104   5 105   6 106   7 107
# expect: [0, 0]    8 108   9 109  10 110  11 111  12 112  13 113  14 114  15 115
# expect: [0, 0]   0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
# expect: [1, 0]  116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131
