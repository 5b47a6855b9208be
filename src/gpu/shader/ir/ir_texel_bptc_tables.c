/* The BPTC tables (ir_texel_bptc.h): hardware knowledge, as the Khronos Data Format
 * Specification 1.3 lists it ("BPTC Compressed Texture Image Formats": the mode tables of
 * BC7 and BC6H, the partition tables and the anchor index tables; the same as D3D11's
 * functional specification, 19.5). Generated once from the specification's tables into
 * this form (a partition as subset bits per texel, BC6H's header as runs of endpoint bits);
 * not hand-edited values. */
#include "gpu/shader/ir/ir_texel_bptc.h"

/* two subsets: bit t = texel t's subset */
const uint16_t ir_bptc_partition2[64] = {
    0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80,
    0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310,
    0x3100, 0x8cce, 0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa,
    0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8, 0x324c, 0x3bdc,
    0x6996, 0xc33c, 0x9966, 0x0660, 0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6,
    0x639c, 0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};

/* three subsets: bits 2t+1:2t = texel t's subset */
const uint32_t ir_bptc_partition3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
    0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
    0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
    0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
    0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* the second subset's anchor texel, two subsets */
const uint8_t ir_bptc_anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2,  2, 8,
    8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8,  2, 2,
    2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15,
};

/* the second and the third subset's anchor texels, three subsets */
const uint8_t ir_bptc_anchor3[2][64] = {
    {
        3,  3,  15, 15, 8, 3,  15, 15, 8,  8,  6, 6,  6, 5,  3, 3,  3,  3,  8,  15, 3,  3,
        6,  10, 5,  8,  8, 6,  8,  5,  15, 15, 8, 15, 3, 5,  6, 10, 8,  15, 15, 3,  15, 5,
        15, 15, 15, 15, 3, 15, 5,  5,  5,  8,  5, 10, 5, 10, 8, 13, 15, 12, 3,  3,
    },
    {
        15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
        15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
        3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
    },
};

const uint8_t ir_bptc_weights[3][16] = {
    {0, 21, 43, 64},
    {0, 9, 18, 27, 37, 46, 55, 64},
    {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64},
};

/* subsets, partition bits, rotation bits, index selection bits, colour bits, alpha bits,
 * endpoint p-bits, shared p-bits, index bits, second index bits */
const struct ir_bc7_mode ir_bc7_modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, /* mode 0 */
    {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, /* mode 1 */
    {3, 6, 0, 0, 5, 0, 0, 0, 2, 0}, /* mode 2 */
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, /* mode 3 */
    {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, /* mode 4 */
    {1, 0, 2, 0, 7, 8, 0, 0, 2, 2}, /* mode 5 */
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, /* mode 6 */
    {2, 6, 0, 0, 5, 5, 1, 0, 2, 0}, /* mode 7 */
};

/* the endpoint values: endpoint w, x, y, z (the specification's r0..r3 and so on), component
 * R, G, B */
enum { RW, GW, BW, RX, GX, BX, RY, GY, BY, RZ, GZ, BZ };

/* mode bits, transformed, two subsets, endpoint bits, delta bits R G B, runs, then the
 * header's runs in bit order after the mode bits ({value, lo, count}, 1: reversed) */
// clang-format off
const struct ir_bc6h_mode ir_bc6h_modes[32] = {
    [0x00] = {2, 1, 1, 10, {5, 5, 5}, 19,
              {{GY, 4, 1}, {BY, 4, 1}, {BZ, 4, 1}, {RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10},
               {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4},
               {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5},
               {BZ, 3, 1}}},
    [0x01] = {2, 1, 1, 7, {6, 6, 6}, 23,
              {{GY, 5, 1}, {GZ, 4, 1}, {GZ, 5, 1}, {RW, 0, 7}, {BZ, 0, 1}, {BZ, 1, 1},
               {BY, 4, 1}, {GW, 0, 7}, {BY, 5, 1}, {BZ, 2, 1}, {GY, 4, 1}, {BW, 0, 7},
               {BZ, 3, 1}, {BZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 6},
               {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4}, {RY, 0, 6}, {RZ, 0, 6}}},
    [0x02] = {5, 1, 1, 11, {5, 4, 4}, 18,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 5}, {RW, 10, 1}, {GY, 0, 4},
               {GX, 0, 4}, {GW, 10, 1}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 4}, {BW, 10, 1},
               {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}}},
    [0x03] = {5, 0, 0, 10, {10, 10, 10}, 6,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 10}, {GX, 0, 10}, {BX, 0, 10}}},
    [0x06] = {5, 1, 1, 11, {4, 5, 4}, 20,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 10, 1}, {GZ, 4, 1},
               {GY, 0, 4}, {GX, 0, 5}, {GW, 10, 1}, {GZ, 0, 4}, {BX, 0, 4}, {BW, 10, 1},
               {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 4}, {BZ, 0, 1}, {BZ, 2, 1}, {RZ, 0, 4},
               {GY, 4, 1}, {BZ, 3, 1}}},
    [0x07] = {5, 1, 0, 11, {9, 9, 9}, 9,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 9}, {RW, 10, 1}, {GX, 0, 9},
               {GW, 10, 1}, {BX, 0, 9}, {BW, 10, 1}}},
    [0x0a] = {5, 1, 1, 11, {4, 4, 5}, 20,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 10, 1}, {BY, 4, 1},
               {GY, 0, 4}, {GX, 0, 4}, {GW, 10, 1}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 5},
               {BW, 10, 1}, {BY, 0, 4}, {RY, 0, 4}, {BZ, 1, 1}, {BZ, 2, 1}, {RZ, 0, 4},
               {BZ, 4, 1}, {BZ, 3, 1}}},
    [0x0b] = {5, 1, 0, 12, {8, 8, 8}, 9,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 8}, {RW, 10, 2, 1}, {GX, 0, 8},
               {GW, 10, 2, 1}, {BX, 0, 8}, {BW, 10, 2, 1}}},
    [0x0e] = {5, 1, 1, 9, {5, 5, 5}, 19,
              {{RW, 0, 9}, {BY, 4, 1}, {GW, 0, 9}, {GY, 4, 1}, {BW, 0, 9}, {BZ, 4, 1},
               {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4}, {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4},
               {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 5}, {BZ, 2, 1}, {RZ, 0, 5},
               {BZ, 3, 1}}},
    [0x0f] = {5, 1, 0, 16, {4, 4, 4}, 9,
              {{RW, 0, 10}, {GW, 0, 10}, {BW, 0, 10}, {RX, 0, 4}, {RW, 10, 6, 1}, {GX, 0, 4},
               {GW, 10, 6, 1}, {BX, 0, 4}, {BW, 10, 6, 1}}},
    [0x12] = {5, 1, 1, 8, {6, 5, 5}, 19,
              {{RW, 0, 8}, {GZ, 4, 1}, {BY, 4, 1}, {GW, 0, 8}, {BZ, 2, 1}, {GY, 4, 1},
               {BW, 0, 8}, {BZ, 3, 1}, {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 5},
               {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 6},
               {RZ, 0, 6}}},
    [0x16] = {5, 1, 1, 8, {5, 6, 5}, 21,
              {{RW, 0, 8}, {BZ, 0, 1}, {BY, 4, 1}, {GW, 0, 8}, {GY, 5, 1}, {GY, 4, 1},
               {BW, 0, 8}, {GZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4},
               {GX, 0, 6}, {GZ, 0, 4}, {BX, 0, 5}, {BZ, 1, 1}, {BY, 0, 4}, {RY, 0, 5},
               {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}}},
    [0x1a] = {5, 1, 1, 8, {5, 5, 6}, 21,
              {{RW, 0, 8}, {BZ, 1, 1}, {BY, 4, 1}, {GW, 0, 8}, {BY, 5, 1}, {GY, 4, 1},
               {BW, 0, 8}, {BZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 5}, {GZ, 4, 1}, {GY, 0, 4},
               {GX, 0, 5}, {BZ, 0, 1}, {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4}, {RY, 0, 5},
               {BZ, 2, 1}, {RZ, 0, 5}, {BZ, 3, 1}}},
    [0x1e] = {5, 0, 1, 6, {6, 6, 6}, 23,
              {{RW, 0, 6}, {GZ, 4, 1}, {BZ, 0, 1}, {BZ, 1, 1}, {BY, 4, 1}, {GW, 0, 6},
               {GY, 5, 1}, {BY, 5, 1}, {BZ, 2, 1}, {GY, 4, 1}, {BW, 0, 6}, {GZ, 5, 1},
               {BZ, 3, 1}, {BZ, 5, 1}, {BZ, 4, 1}, {RX, 0, 6}, {GY, 0, 4}, {GX, 0, 6},
               {GZ, 0, 4}, {BX, 0, 6}, {BY, 0, 4}, {RY, 0, 6}, {RZ, 0, 6}}},
};
// clang-format on
