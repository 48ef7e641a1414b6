# TCMP and TCMPS: compare a 16 x 16 float tile holding 0, 1, ..., 255 (row-major) with 100, element by element,
# into a packed predicate mask: bit c % 8 of byte c / 8 of mask row r is the result for column c.
#
#   ptoas run examples/asm/tcmp_mask.s
#
# The mask of a 16-column compare is 2 bytes per row, in rows padded to 32 bytes (a 16 x 32 u8 tile, 512B).
# TCMP.GT: row 6 holds 96..111, so columns 5..15 (101..111) are set: e0 ff; rows 7..15 are all ones.
# TCMPS.LE against a0 = 100.0: the complement on rows 0..6 (row 6: 1f 00).
.tile T#2 fp32 16x16 iota 0 1
.tile T#1 fp32 16x16 fill 100
.reg a0 = 100.0 : fp32
.dump T#2[4:8, :] hex
.dump T#1[4:8, :] hex

TCMP.GT <LB0:16, LB1:16, LB2:16, fp32>, T#2.reuse, T#1, ->T<512B>
TCMPS.LE <LB0:16, LB1:16, LB2:16, fp32>, T#3, [a0], ->T<512B>

# expect: [6, 0] 0xe0 0xff
# expect: [6, 0] 0x1f 0x00
