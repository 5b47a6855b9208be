/* The register defaults of sceAgcGetRegisterDefaults2 (public) and
 * sceAgcGetRegisterDefaults2Internal, version 8: groups of registers with the values the
 * console's library starts from, each under a 32-bit type hash, per register space (context,
 * SH, user config; offsets in dwords from the space's start). Data (facts) as public PS5
 * emulator projects read the console's tables: shadPS4's version-8 table (registers named
 * through AMD's register headers, turned back into offsets here), checked for a sample of
 * groups against SharpEmu's numeric table (tests/unit/hle/test_agc.c). docs/agc.md. */
#include <stddef.h>

#include "hle/libSceAgc/agc.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct agc_shader_register pub_cx_0[] = {{0x202, 0x00CC0010}};
static struct agc_shader_register pub_cx_1[] = {{0x109, 0x00000000}};
static struct agc_shader_register pub_cx_2[] = {{0x104, 0x00000000}};
static struct agc_shader_register pub_cx_3[] = {{0x08F, 0x00000000}};
static struct agc_shader_register pub_cx_4[] = {{0x08E, 0x00000000}};
static struct agc_shader_register pub_cx_5[] = {{0x2DC, 0x0000AA00}};
static struct agc_shader_register pub_cx_6[] = {{0x001, 0x00000000}};
static struct agc_shader_register pub_cx_7[] = {{0x200, 0x00000000}};
static struct agc_shader_register pub_cx_8[] = {{0x201, 0x00000000}};
static struct agc_shader_register pub_cx_9[] = {{0x000, 0x00000000}};
static struct agc_shader_register pub_cx_10[] = {{0x006, 0x00000000}};
static struct agc_shader_register pub_cx_11[] = {{0x01F, 0x00000000}};
static struct agc_shader_register pub_cx_12[] = {{0x203, 0x00000000}};
static struct agc_shader_register pub_cx_13[] = {{0x2B0, 0x00000000}};
static struct agc_shader_register pub_cx_14[] = {{0x2B1, 0x00000000}};
static struct agc_shader_register pub_cx_15[] = {{0x10C, 0x00000000}};
static struct agc_shader_register pub_cx_16[] = {{0x10D, 0x00000000}};
static struct agc_shader_register pub_cx_17[] = {{0x10B, 0x00000000}};
static struct agc_shader_register pub_cx_18[] = {{0x1FF, 0x00000000}};
static struct agc_shader_register pub_cx_19[] = {{0x204, 0x00000000}};
static struct agc_shader_register pub_cx_20[] = {{0x20D, 0x00000000}};
static struct agc_shader_register pub_cx_21[] = {{0x206, 0x0000043F}};
static struct agc_shader_register pub_cx_22[] = {{0x2F8, 0x00000000}};
static struct agc_shader_register pub_cx_23[] = {{0x083, 0x0000FFFF}};
static struct agc_shader_register pub_cx_24[] = {{0x313, 0x00000000}};
static struct agc_shader_register pub_cx_25[] = {{0x800003FE, 0x00000000}};
static struct agc_shader_register pub_cx_26[] = {{0x0EA, 0x00000000}};
static struct agc_shader_register pub_cx_27[] = {{0x0E9, 0x00000000}};
static struct agc_shader_register pub_cx_28[] = {{0x292, 0x00000002}};
static struct agc_shader_register pub_cx_29[] = {{0x293, 0x00000000}};
static struct agc_shader_register pub_cx_30[] = {{0x0E8, 0x00000000}};
static struct agc_shader_register pub_cx_31[] = {{0x080, 0x00000000}};
static struct agc_shader_register pub_cx_32[] = {{0x211, 0x00000000}};
static struct agc_shader_register pub_cx_33[] = {{0x210, 0x00000000}};
static struct agc_shader_register pub_cx_34[] = {{0x08D, 0x00000000}};
static struct agc_shader_register pub_cx_35[] = {{0x282, 0x00000008}};
static struct agc_shader_register pub_cx_36[] = {{0x281, 0xFFFF0000}};
static struct agc_shader_register pub_cx_37[] = {{0x280, 0x00080008}};
static struct agc_shader_register pub_cx_38[] = {{0x2DF, 0x00000000}};
static struct agc_shader_register pub_cx_39[] = {{0x2DE, 0x000001E9}};
static struct agc_shader_register pub_cx_40[] = {{0x205, 0x00000240}};
static struct agc_shader_register pub_cx_41[] = {{0x20C, 0x00000001}};
static struct agc_shader_register pub_cx_42[] = {{0x2F9, 0x0000002D}};
static struct agc_shader_register pub_cx_43[] = {{0x1BA, 0x00000000}};
static struct agc_shader_register pub_cx_44[] = {{0x2A6, 0x00000000}};
static struct agc_shader_register pub_cx_45[] = {{0x2CE, 0x00000400}};
static struct agc_shader_register pub_cx_46[] = {{0x29B, 0x00000002}};
static struct agc_shader_register pub_cx_47[] = {{0x2D6, 0x00000000}};
static struct agc_shader_register pub_cx_48[] = {{0x2A3, 0xFFFFFFFF}};
static struct agc_shader_register pub_cx_49[] = {{0x2A1, 0x00000000}};
static struct agc_shader_register pub_cx_50[] = {{0x2AD, 0x00000000}};
static struct agc_shader_register pub_cx_51[] = {{0x2D5, 0x00000000}};
static struct agc_shader_register pub_cx_52[] = {{0x2D4, 0x88101000}};
static struct agc_shader_register pub_cx_53[] = {{0x2DB, 0x00000000}};
static struct agc_shader_register pub_cx_54[] = {{0x2F5, 0x00000000}, {0x2F6, 0x00000000}};
static struct agc_shader_register pub_cx_55[] = {{0x2FE, 0x00000000}};
static struct agc_shader_register pub_cx_56[] = {{0x30E, 0xFFFFFFFF}, {0x30F, 0xFFFFFFFF}};
static struct agc_shader_register pub_cx_57[] = {{0x311, 0x00000002}, {0x312, 0x03FF0080}};
static struct agc_shader_register pub_cx_58[] = {
    {0x105, 0x00000000}, {0x107, 0x00000000}, {0x106, 0x00000000}, {0x108, 0x00000000}};
static struct agc_shader_register pub_cx_59[] = {{0x1E0, 0x20010001}};
static struct agc_shader_register pub_cx_60[] = {{0x020, 0x00000000}, {0x021, 0x00000000}};
static struct agc_shader_register pub_cx_61[] = {{0x084, 0x00000000}, {0x085, 0x20002000}};
static struct agc_shader_register pub_cx_62[] = {{0x800003FF, 0x00000000}};
static struct agc_shader_register pub_cx_63[] = {{0x008, 0x00000000}, {0x009, 0x00000000}};
static struct agc_shader_register pub_cx_64[] = {
    {0x010, 0x80000000}, {0x011, 0x20000000}, {0x012, 0x00000000}, {0x013, 0x00000000},
    {0x014, 0x00000000}, {0x015, 0x00000000}, {0x01A, 0x00000000}, {0x01B, 0x00000000},
    {0x01C, 0x00000000}, {0x01D, 0x00000000}, {0x01E, 0x00000000}, {0x002, 0x00000000},
    {0x005, 0x00000000}, {0x007, 0x00000000}, {0x00B, 0x00000000}, {0x00A, 0x00000000}};
static struct agc_shader_register pub_cx_65[] = {{0x0EB, 0xFF00FF00}, {0x0EC, 0x00000000}};
static struct agc_shader_register pub_cx_66[] = {{0x800003FC, 0x00000000},
                                                 {0x800003FD, 0x00000000}};
static struct agc_shader_register pub_cx_67[] = {{0x090, 0x80000000}, {0x091, 0x40004000}};
static struct agc_shader_register pub_cx_68[] = {
    {0x2FA, 0x4E7E0000}, {0x2FB, 0x4E7E0000}, {0x2FC, 0x4E7E0000}, {0x2FD, 0x4E7E0000}};
static struct agc_shader_register pub_cx_69[] = {{0x2E2, 0x00000000}, {0x2E3, 0x00000000}};
static struct agc_shader_register pub_cx_70[] = {{0x2E0, 0x00000000}, {0x2E1, 0x00000000}};
static struct agc_shader_register pub_cx_71[] = {{0x003, 0x00000000}, {0x004, 0x00000000}};
static struct agc_shader_register pub_cx_72[] = {
    {0x318, 0x00000000}, {0x31B, 0x00000000}, {0x31C, 0x00000000}, {0x31D, 0x00000000},
    {0x31E, 0x00000048}, {0x31F, 0x00000000}, {0x321, 0x00000000}, {0x323, 0x00000000},
    {0x324, 0x00000000}, {0x325, 0x00000000}, {0x390, 0x00000000}, {0x398, 0x00000000},
    {0x3A0, 0x00000000}, {0x3A8, 0x00000000}, {0x3B0, 0x00000000}, {0x3B8, 0x0006C000}};
static struct agc_shader_register pub_cx_73[] = {{0x00C, 0x00000000}, {0x00D, 0x40004000}};
static struct agc_shader_register pub_cx_74[] = {{0x191, 0x00000000}};
static struct agc_shader_register pub_cx_75[] = {
    {0x16F, 0x00000000}, {0x170, 0x00000000}, {0x171, 0x00000000}, {0x172, 0x00000000}};
static struct agc_shader_register pub_cx_76[] = {
    {0x10F, 0x4E7E0000}, {0x111, 0x4E7E0000}, {0x113, 0x4E7E0000}, {0x110, 0x00000000},
    {0x112, 0x00000000}, {0x114, 0x00000000}, {0x094, 0x80000000}, {0x095, 0x40004000},
    {0x0B4, 0x00000000}, {0x0B5, 0x00000000}};
static struct agc_shader_register pub_cx_77[] = {{0x081, 0x80000000}, {0x082, 0x40004000}};
static struct agc_shader_register *pub_cx[] = {
    pub_cx_0,  pub_cx_1,  pub_cx_2,  pub_cx_3,  pub_cx_4,  pub_cx_5,  pub_cx_6,  pub_cx_7,
    pub_cx_8,  pub_cx_9,  pub_cx_10, pub_cx_11, pub_cx_12, pub_cx_13, pub_cx_14, pub_cx_15,
    pub_cx_16, pub_cx_17, pub_cx_18, pub_cx_19, pub_cx_20, pub_cx_21, pub_cx_22, pub_cx_23,
    pub_cx_24, pub_cx_25, pub_cx_26, pub_cx_27, pub_cx_28, pub_cx_29, pub_cx_30, pub_cx_31,
    pub_cx_32, pub_cx_33, pub_cx_34, pub_cx_35, pub_cx_36, pub_cx_37, pub_cx_38, pub_cx_39,
    pub_cx_40, pub_cx_41, pub_cx_42, pub_cx_43, pub_cx_44, pub_cx_45, pub_cx_46, pub_cx_47,
    pub_cx_48, pub_cx_49, pub_cx_50, pub_cx_51, pub_cx_52, pub_cx_53, pub_cx_54, pub_cx_55,
    pub_cx_56, pub_cx_57, pub_cx_58, pub_cx_59, pub_cx_60, pub_cx_61, pub_cx_62, pub_cx_63,
    pub_cx_64, pub_cx_65, pub_cx_66, pub_cx_67, pub_cx_68, pub_cx_69, pub_cx_70, pub_cx_71,
    pub_cx_72, pub_cx_73, pub_cx_74, pub_cx_75, pub_cx_76, pub_cx_77};
static struct agc_shader_register pub_sh_0[] = {{0x212, 0x00000000}};
static struct agc_shader_register pub_sh_1[] = {{0x213, 0x00000000}};
static struct agc_shader_register pub_sh_2[] = {{0x228, 0x00000000}};
static struct agc_shader_register pub_sh_3[] = {{0x215, 0x00000000}};
static struct agc_shader_register pub_sh_4[] = {{0x218, 0x00000000}};
static struct agc_shader_register pub_sh_5[] = {{0x08A, 0x00000000}};
static struct agc_shader_register pub_sh_6[] = {{0x10A, 0x00000000}};
static struct agc_shader_register pub_sh_7[] = {{0x00A, 0x00000000}};
static struct agc_shader_register pub_sh_8[] = {{0x08B, 0x00000000}};
static struct agc_shader_register pub_sh_9[] = {{0x10B, 0x00000000}};
static struct agc_shader_register pub_sh_10[] = {{0x00B, 0x00000000}};
static struct agc_shader_register pub_sh_11[] = {{0x224, 0x00000000}};
static struct agc_shader_register pub_sh_12[] = {
    {0x107, 0x00000000}, {0x087, 0x00000000}, {0x007, 0x00000000}};
static struct agc_shader_register pub_sh_13[] = {{0x20C, 0x00000000}, {0x20D, 0x00000000}};
static struct agc_shader_register pub_sh_14[] = {{0x0C8, 0x00000000}, {0x0C9, 0x00000000}};
static struct agc_shader_register pub_sh_15[] = {{0x088, 0x00000000}, {0x089, 0x00000000}};
static struct agc_shader_register pub_sh_16[] = {{0x108, 0x00000000}, {0x109, 0x00000000}};
static struct agc_shader_register pub_sh_17[] = {{0x148, 0x00000000}, {0x149, 0x00000000}};
static struct agc_shader_register pub_sh_18[] = {{0x008, 0x00000000}, {0x009, 0x00000000}};
static struct agc_shader_register pub_sh_19[] = {{0x800002FF, 0x00000000}};
static struct agc_shader_register pub_sh_20[] = {{0x0B2, 0x00000000}};
static struct agc_shader_register pub_sh_21[] = {{0x132, 0x00000000}};
static struct agc_shader_register pub_sh_22[] = {{0x032, 0x00000000}};
static struct agc_shader_register pub_sh_23[] = {{0x082, 0x00000000}, {0x083, 0x00000000}};
static struct agc_shader_register pub_sh_24[] = {{0x102, 0x00000000}, {0x103, 0x00000000}};
static struct agc_shader_register pub_sh_25[] = {{0x240, 0x00000000}};
static struct agc_shader_register pub_sh_26[] = {{0x08C, 0x00000000}};
static struct agc_shader_register pub_sh_27[] = {{0x10C, 0x00000000}};
static struct agc_shader_register pub_sh_28[] = {{0x00C, 0x00000000}};
static struct agc_shader_register *pub_sh[] = {
    pub_sh_0,  pub_sh_1,  pub_sh_2,  pub_sh_3,  pub_sh_4,  pub_sh_5,  pub_sh_6,  pub_sh_7,
    pub_sh_8,  pub_sh_9,  pub_sh_10, pub_sh_11, pub_sh_12, pub_sh_13, pub_sh_14, pub_sh_15,
    pub_sh_16, pub_sh_17, pub_sh_18, pub_sh_19, pub_sh_20, pub_sh_21, pub_sh_22, pub_sh_23,
    pub_sh_24, pub_sh_25, pub_sh_26, pub_sh_27, pub_sh_28};
static struct agc_shader_register pub_uc_0[] = {{0x41F, 0x00000000}};
static struct agc_shader_register pub_uc_1[] = {{0x41D, 0x00000000}};
static struct agc_shader_register pub_uc_2[] = {{0x41E, 0x00000000}};
static struct agc_shader_register pub_uc_3[] = {{0x25B, 0x00000000}};
static struct agc_shader_register pub_uc_4[] = {{0x24A, 0x00000000}};
static struct agc_shader_register pub_uc_5[] = {{0x24B, 0x00000000}};
static struct agc_shader_register pub_uc_6[] = {{0x25F, 0x00000000}};
static struct agc_shader_register pub_uc_7[] = {{0x262, 0x00000000}};
static struct agc_shader_register pub_uc_8[] = {{0x80003FF4, 0x00000000}};
static struct agc_shader_register pub_uc_9[] = {{0x80003FFD, 0x00000000}};
static struct agc_shader_register pub_uc_10[] = {{0x382, 0x40000040}};
static struct agc_shader_register pub_uc_11[] = {{0x248, 0x00000000}};
static struct agc_shader_register pub_uc_12[] = {{0x242, 0x00000000}};
static struct agc_shader_register pub_uc_13[] = {{0x380, 0x00000000}, {0x381, 0x00000000}};
static struct agc_shader_register pub_uc_14[] = {{0x80003FF5, 0x00000000},
                                                 {0x80003FF6, 0x00000000}};
static struct agc_shader_register pub_uc_15[] = {{0x80003FF7, 0x00000000},
                                                 {0x80003FF8, 0x00000000},
                                                 {0x80003FF9, 0x00000000},
                                                 {0x80003FFA, 0x00000000}};
static struct agc_shader_register pub_uc_16[] = {{0x80003FFB, 0x00000000},
                                                 {0x80003FFC, 0x00000000}};
static struct agc_shader_register pub_uc_17[] = {{0x80003FFE, 0x00000000}};
static struct agc_shader_register pub_uc_18[] = {{0x80003FFF, 0x00000000}};
static struct agc_shader_register pub_uc_19[] = {{0x25C, 0x00000000}};
static struct agc_shader_register *pub_uc[] = {
    pub_uc_0,  pub_uc_1,  pub_uc_2,  pub_uc_3,  pub_uc_4,  pub_uc_5,  pub_uc_6,
    pub_uc_7,  pub_uc_8,  pub_uc_9,  pub_uc_10, pub_uc_11, pub_uc_12, pub_uc_13,
    pub_uc_14, pub_uc_15, pub_uc_16, pub_uc_17, pub_uc_18, pub_uc_19};
/* per group, spaces in order: its type hash, index * 4 + space (0 context, 1 SH, 2 user config), 0
 */
static uint32_t pub_types[] = {
    0xE24F806D, 0,   0, 0xF6C28182, 4,   0, 0x6F6E55A5, 8,   0, 0x0BC65DA4, 12,  0,
    0x9E5AD592, 16,  0, 0xBB513B98, 20,  0, 0xAB64B23B, 24,  0, 0x53C39964, 28,  0,
    0x01396B11, 32,  0, 0x7D42019A, 36,  0, 0x3548F523, 40,  0, 0xF43AD28A, 44,  0,
    0x6DE4C312, 48,  0, 0x00A77AE0, 52,  0, 0x00A779B7, 56,  0, 0x5100100C, 60,  0,
    0x59958BBA, 64,  0, 0x0C06F17C, 68,  0, 0x6F104B72, 72,  0, 0x25C70D9C, 76,  0,
    0x3881201E, 80,  0, 0x09AFDDAF, 84,  0, 0x367D63CF, 88,  0, 0x43707DB8, 92,  0,
    0xF6AE26BA, 96,  0, 0x1B917652, 100, 0, 0x94B1E4F7, 104, 0, 0xE3661B6C, 108, 0,
    0x1EB8D73A, 112, 0, 0x15051FA3, 116, 0, 0x9C51A7F1, 120, 0, 0xA20EFC70, 124, 0,
    0x0EC09F6E, 128, 0, 0x34A7D6D3, 132, 0, 0xCE831B94, 136, 0, 0x5CC72A74, 140, 0,
    0x3B77713C, 144, 0, 0x40F64410, 148, 0, 0x69441268, 152, 0, 0x2E418B83, 156, 0,
    0xA00D0C8D, 160, 0, 0xB1289FB3, 164, 0, 0x144832FB, 168, 0, 0x9890D9FA, 172, 0,
    0x9016FAF1, 176, 0, 0x4B73CE27, 180, 0, 0x5F5A3E7B, 184, 0, 0xD4AF3A51, 188, 0,
    0x6CF4F543, 192, 0, 0x5FB86CCB, 196, 0, 0xEDEFA188, 200, 0, 0xD0DE9EE6, 204, 0,
    0xC5831803, 208, 0, 0x8E6DE84B, 212, 0, 0xD0771662, 216, 0, 0x569F7444, 220, 0,
    0x5C6637CD, 224, 0, 0xCAE3E690, 228, 0, 0x43FBD769, 232, 0, 0xEF550356, 236, 0,
    0x8F52E279, 240, 0, 0x1F2D8149, 244, 0, 0x853D0614, 248, 0, 0x4413C6F9, 252, 0,
    0x67096014, 256, 0, 0x88F5E915, 260, 0, 0x033F1EFF, 264, 0, 0x918106BB, 268, 0,
    0x95F0E7AC, 272, 0, 0xB48CBAB2, 276, 0, 0x05BB3BC6, 280, 0, 0x94FABA07, 284, 0,
    0x38E92C91, 288, 0, 0x0B177B43, 292, 0, 0x48531062, 296, 0, 0xAAA964B9, 300, 0,
    0x7690AF6F, 304, 0, 0x078D7060, 308, 0, 0x5D6E3EC7, 1,   0, 0x57E7079A, 5,   0,
    0x7467FAFD, 9,   0, 0x9E826B50, 13,  0, 0xDC484F18, 17,  0, 0x5DA8BCA3, 21,  0,
    0x5CA726D8, 25,  0, 0x5DD28360, 29,  0, 0x57EFA0BE, 33,  0, 0x502363D5, 37,  0,
    0x506D14BD, 41,  0, 0xB2609506, 45,  0, 0x9E5CFB8A, 49,  0, 0xC918DF3E, 53,  0,
    0xC9751C9C, 57,  0, 0xC97EF77A, 61,  0, 0xC927C6B9, 65,  0, 0xC92A1EC5, 69,  0,
    0xC9E01B31, 73,  0, 0x50685F29, 77,  0, 0xB26219CA, 81,  0, 0xB25B6CF9, 85,  0,
    0xB2F86101, 89,  0, 0x07E3B155, 93,  0, 0x07E383C6, 97,  0, 0xBDA98653, 101, 0,
    0xBDBD1D0F, 105, 0, 0xBD946FD4, 109, 0, 0xBDF02A4C, 113, 0, 0x19E93E85, 2,   0,
    0x3B5C2AF3, 6,   0, 0x47974A35, 10,  0, 0x105971C2, 14,  0, 0x7D137765, 18,  0,
    0xD187FEBC, 22,  0, 0x12F854AC, 26,  0, 0x40D49AD1, 30,  0, 0x8C0923DA, 34,  0,
    0xBB8DF494, 38,  0, 0xF6D8A76E, 42,  0, 0x7620F1E9, 46,  0, 0x9EBFAB10, 50,  0,
    0x98A09D0E, 54,  0, 0x195D37D2, 58,  0, 0xF9EC4F85, 62,  0, 0x4626B750, 66,  0,
    0x4CC673A0, 70,  0, 0xDE5B3431, 74,  0, 0x036AC8A6, 78,  0,
};
struct agc_register_defaults agc_register_defaults_public = {
    .table = {pub_cx, pub_sh, pub_uc, NULL},
    .types = pub_types,
    .count = N(pub_types) / 3,
};

static struct agc_shader_register int_cx_0[] = {{0x00E, 0x00000000}};
static struct agc_shader_register int_cx_1[] = {{0x2AF, 0x00000000}};
static struct agc_shader_register int_cx_2[] = {{0x314, 0x00000000}};
static struct agc_shader_register int_cx_3[] = {{0x1B5, 0x00000000}};
static struct agc_shader_register *int_cx[] = {int_cx_0, int_cx_1, int_cx_2, int_cx_3};
static struct agc_shader_register int_sh_0[] = {{0x216, 0x00000000}};
static struct agc_shader_register int_sh_1[] = {{0x217, 0x00000000}};
static struct agc_shader_register int_sh_2[] = {{0x219, 0x00000000}};
static struct agc_shader_register int_sh_3[] = {{0x21A, 0x00000000}};
static struct agc_shader_register int_sh_4[] = {{0x27D, 0x00000000}};
static struct agc_shader_register int_sh_5[] = {{0x22A, 0x00000000}};
static struct agc_shader_register int_sh_6[] = {{0x204, 0x00000000}};
static struct agc_shader_register int_sh_7[] = {{0x205, 0x00000000}};
static struct agc_shader_register int_sh_8[] = {{0x206, 0x00000000}};
static struct agc_shader_register int_sh_9[] = {{0x080, 0x00000000}};
static struct agc_shader_register int_sh_10[] = {{0x100, 0x00000000}};
static struct agc_shader_register int_sh_11[] = {{0x006, 0x00000000}};
static struct agc_shader_register int_sh_12[] = {{0x081, 0x00000000}};
static struct agc_shader_register int_sh_13[] = {{0x101, 0x00000000}};
static struct agc_shader_register int_sh_14[] = {{0x001, 0x00000000}};
static struct agc_shader_register *int_sh[] = {
    int_sh_0, int_sh_1, int_sh_2,  int_sh_3,  int_sh_4,  int_sh_5,  int_sh_6, int_sh_7,
    int_sh_8, int_sh_9, int_sh_10, int_sh_11, int_sh_12, int_sh_13, int_sh_14};
static struct agc_shader_register int_uc_0[] = {{0x24F, 0x00000000}};
static struct agc_shader_register int_uc_1[] = {{0x80003FFF, 0x00000000}};
static struct agc_shader_register int_uc_2[] = {{0x250, 0x00000000}};
static struct agc_shader_register *int_uc[] = {int_uc_0, int_uc_1, int_uc_2};
/* per group, spaces in order: its type hash, index * 4 + space (0 context, 1 SH, 2 user config), 0
 */
static uint32_t int_types[] = {
    0x8FB4EDB5, 0,  0, 0xB994AD29, 4,  0, 0xD427322F, 8,  0, 0xF58FEA31, 12, 0, 0x6AC156EF, 1,  0,
    0x6AC15610, 5,  0, 0x6AC15009, 9,  0, 0x6AC153BA, 13, 0, 0xBE7DCD73, 17, 0, 0x0C4B1438, 21, 0,
    0xDB00D71A, 25, 0, 0xDB00D249, 29, 0, 0xDB00EC60, 33, 0, 0x0C4D6FE4, 37, 0, 0x0C4A80EF, 41, 0,
    0x0DD283E7, 45, 0, 0xC620E68C, 49, 0, 0xC67EFACF, 53, 0, 0xD9E6D9F7, 57, 0, 0x31F34B9F, 2,  0,
    0xAC0F9E76, 6,  0, 0x929FD95D, 10, 0,
};
struct agc_register_defaults agc_register_defaults_internal = {
    .table = {int_cx, int_sh, int_uc, NULL},
    .types = int_types,
    .count = N(int_types) / 3,
};
