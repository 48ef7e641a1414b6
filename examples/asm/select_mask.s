# TEXPANDS, TCMP then TSEL: a ReLU, max(x, 0), without arithmetic. TSEL reads the mask exactly as TCMP wrote it.
#
#   ptoas run examples/asm/select_mask.s
#
# x is a 4 x 16 float tile holding -30, -29, ..., 33 (row-major). TEXPANDS fills a tile with 0.0 from a0;
# TCMP.GT sets bit c % 8 of byte c / 8 of mask row r where x > 0; TSEL takes x where the bit is set and the zeros
# where it is clear. Row 1 holds -14..1: only column 15 is positive (mask bytes 00 80); rows 2 and 3 are all x.
.tile T#1 fp32 4x16 iota -30 1     # x
.reg a0 = 0.0 : fp32
.dump T#2 hex                      # the mask (16 columns: 2 bytes per row, in 32-byte rows)
.dump T#1                          # max(x, 0)

TEXPANDS <LB0:16, LB1:4, LB2:16, fp32>, [a0], ->T<256B>
TCMP.GT <LB0:16, LB1:4, LB2:16, fp32>, T#2.reuse, T#1.reuse, ->T<128B>
TSEL <LB0:16, LB1:4, LB2:16, fp32>, T#1, T#3, T#2, ->T<256B>

# expect: [1, 0] 0x00 0x80
# expect: [1, 0]   0  0  0  0  0  0  0  0  0  0  0  0  0  0  0  1
# expect: [2, 0]   2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17
