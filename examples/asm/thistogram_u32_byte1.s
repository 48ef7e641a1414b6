# Seed 000, example 1: THISTOGRAM of byte 1 of a 4 x 64 uint32 tile, keeping only the elements whose bytes 3
# and 2 equal idx[0, 0] = 0x12 and idx[1, 0] = 0x34.
#
#   ptoas run examples/asm/thistogram_u32_byte1.s
#
# Element i (row-major) of the source is 0x1233f000 + i * 0x100: the first 16 elements have byte 2 = 0x33 and are
# filtered out; element i >= 16 is 0x1234XX00 with byte 1 XX = i - 16. So row 0 keeps 48 elements (byte 1 = 0..47),
# rows 1, 2, 3 keep 64 each (48..111, 112..175, 176..239), and dst[r, k] counts the kept elements of row r whose
# byte 1 is <= k.
.tile T#3 u32 4x64 iota 0x1233f000 0x100   # the source, named T#3 by the instruction
.tile U#1 u8 32x1 values 0x12, 0x34        # the filter bytes idx[0, 0], idx[1, 0]
.dump T#1[0:4, 0:16]
.dump T#1[0:4, 240:256]

THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>

# expect: [0, 0]   1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16
# expect: [0, 240] 48 48 48 48 48 48 48 48 48 48 48 48 48 48 48 48
# expect: [3, 240] 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64 64
