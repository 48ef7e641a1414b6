# Seed 000, example 2: THISTOGRAM of byte 0 (the low byte) of a 2 x 128 uint16 tile; row r keeps only the
# elements whose high byte equals idx[r, 0].
#
#   ptoas run examples/asm/thistogram_u16_byte0.s
#
# Element i (row-major) of the source is 3 * i. Row 0 holds 0, 3, ..., 381: idx[0, 0] = 0 keeps 0, 3, ..., 255
# (86 elements, low bytes 0, 3, ..., 255), so dst[0, k] = k / 3 + 1. Row 1 holds 384, ..., 765: idx[1, 0] = 2 keeps
# 513, 516, ..., 765 (85 elements, low bytes 1, 4, ..., 253), so dst[1, k] = (k - 1) / 3 + 1 for k >= 1.
.tile M#1 u16 2x128 iota 0 3       # the source
.tile N#2 u8 32x1 values 0, 2      # the high byte each row keeps
.dump T#1[0:2, 0:16]
.dump T#1[0:2, 240:256]

THISTOGRAM <LB0:128, LB1:2, LB2:128, u16, u32, Byte0>, M#1, N#2.reuse, ->T<2KB>

# expect: [0, 0]  1 1 1 2 2 2 3 3 3 4 4 4 5 5 5 6
# expect: [0, 240] 81 81 81 82 82 82 83 83 83 84 84 84 85 85 85 86
# expect: [1, 240] 80 81 81 81 82 82 82 83 83 83 84 84 84 85 85 85
