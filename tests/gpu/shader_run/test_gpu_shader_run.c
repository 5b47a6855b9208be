/* prospero-shader run SPEC.json, on the Vulkan device and with --interp: each kernel is
 * assembled by llvm-mc-19, its spec and input files are written to a temporary folder, the
 * tool runs it, and the dumped bytes must be the values computed here in C. Then the
 * dispatch entry point's DISPATCH_INDIRECT form through the C API. */
#include "xl_test_harness.h"

#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_ssharp.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "test_log_capture.h"
#include "vk_test_device.h"

static const char *tool;
static vk_device *dev;
static char dir[] = "/tmp/prospero-run-XXXXXX";
static unsigned cases_passed;

#define FILL 0xaaaaaaaau
#define OUT 0x300000u
#define IN 0x200000u

static void write_file(const char *name, const void *data, size_t size) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, size, f), size);
  fclose(f);
}

static uint8_t *read_dump(const char *name, size_t size) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  uint8_t *b = malloc(size + 1);
  assert_int_equal(fread(b, 1, size + 1, f), size);
  fclose(f);
  return b;
}

/* Runs SPEC (JSON text with "@DUMP@" where the dump file name goes) on the device and with
 * --interp; EXPECT(i) is the dword i of the dump (of DWORDS). */
static void run_case(const char *name, const char *src, bool wave64, const char *spec_fmt,
                     uint32_t dwords, uint32_t (*expect)(uint32_t i)) {
  size_t n;
  uint32_t *w = assemble(src, &n, wave64);
  char file[128], spec[4096], cmd[1024];
  snprintf(file, sizeof file, "%s.bin", name);
  write_file(file, w, n * 4);
  free(w);
  for (int interp = 0; interp < 2; interp++) {
    char dump[128];
    snprintf(dump, sizeof dump, "%s.%s.out", name, interp ? "interp" : "device");
    snprintf(spec, sizeof spec, spec_fmt, file, dump);
    char spec_name[128];
    snprintf(spec_name, sizeof spec_name, "%s.json", name);
    write_file(spec_name, spec, strlen(spec));
    snprintf(cmd, sizeof cmd, "%s run %s/%s %s", tool, dir, spec_name, interp ? "--interp" : "");
    int rc = system(cmd);
    if (rc != 0) fprintf(stderr, "%s: `%s` failed (%d)\n", name, cmd, rc);
    assert_int_equal(rc, 0);
    uint8_t *got = read_dump(dump, dwords * 4);
    for (uint32_t i = 0; i < dwords; i++) {
      uint32_t v;
      memcpy(&v, got + 4 * i, 4);
      if (v != expect(i))
        fprintf(stderr, "%s (%s): dword %u: 0x%x, expected 0x%x\n", name,
                interp ? "interpreter" : "device", i, v, expect(i));
      assert_int_equal(v, expect(i));
    }
    free(got);
  }
  cases_passed++;
}

/* ---- 3-D thread ids and two workgroup ids: 4 x 4 x 2 threads (one wave32), 2 x 3 groups ---- */
static uint32_t ids_expect(uint32_t i) {
  if (i >= 6 * 32) return FILL;
  uint32_t g = i / 32, t = i % 32, gx = g % 2, gy = g / 2, x = t % 4, y = (t / 4) % 4, z = t / 16;
  return gx << 24 | gy << 16 | z << 8 | y << 4 | x;
}
static const char ids_src[] =
    "v_lshlrev_b32 v3, 2, v1\n"
    "v_lshlrev_b32 v4, 4, v2\n"
    "v_add_nc_u32 v3, v3, v0\n"
    "v_add_nc_u32 v3, v3, v4\n"
    "s_lshl_b32 s4, s3, 1\n"
    "s_add_u32 s4, s4, s2\n"
    "s_lshl_b32 s4, s4, 5\n"
    "v_add_nc_u32 v5, s4, v3\n"
    "v_lshlrev_b32 v5, 2, v5\n"
    "s_lshl_b32 s5, s2, 24\n"
    "s_lshl_b32 s6, s3, 16\n"
    "s_or_b32 s5, s5, s6\n"
    "v_lshlrev_b32 v6, 8, v2\n"
    "v_lshlrev_b32 v7, 4, v1\n"
    "v_or_b32 v6, v6, v7\n"
    "v_or_b32 v6, v6, v0\n"
    "v_or_b32 v6, s5, v6\n"
    "global_store_dword v5, v6, s[0:1]\n"
    "s_endpgm\n";
static const char ids_spec[] =
    "{\"code\": \"%s\", \"code_addr\": \"0x100000\", \"wave\": 32, \"threads\": [4, 4, 2],"
    " \"groups\": [2, 3, 1], \"user_sgprs\": [\"0x300000\", 0], \"tgid\": [true, true, false],"
    " \"tid_dims\": 3,"
    " \"memory\": [{\"addr\": \"0x300000\", \"size\": 1024, \"fill\": \"0xaaaaaaaa\"}],"
    " \"dump\": [{\"addr\": \"0x300000\", \"size\": 1024, \"file\": \"%s\"}]}";

/* ---- two waves per group, the second partial: 100 threads in wave64, 3 groups ------------- */
static uint32_t waves_expect(uint32_t i) { return i < 300 ? (i % 100) * 7 + i / 100 : FILL; }
static const char waves_src[] =
    "s_mul_i32 s3, s2, 100\n"
    "v_add_nc_u32 v1, s3, v0\n"
    "v_lshlrev_b32 v1, 2, v1\n"
    "v_mul_lo_u32 v2, v0, 7\n"
    "v_add_nc_u32 v2, s2, v2\n"
    "global_store_dword v1, v2, s[0:1]\n"
    "s_endpgm\n";
static const char waves_spec[] =
    "{\"code\": \"%s\", \"code_addr\": 1048576, \"wave\": 64, \"threads\": [100, 1, 1],"
    " \"groups\": [3, 1, 1], \"user_sgprs\": [3145728, \"0\"], \"tgid\": [true, false, false],"
    " \"memory\": [{\"addr\": \"0x300000\", \"size\": 2048, \"fill\": \"0xaaaaaaaa\"}],"
    " \"dump\": [{\"addr\": \"0x300000\", \"size\": 2048, \"file\": \"%s\"}]}";

/* ---- input from a file through a V#, LDS and a barrier: each group reverses its 32 dwords --- */
static uint32_t in_word(uint32_t i) { return i * i + 5; }
static uint32_t lds_expect(uint32_t i) {
  if (i >= 64) return FILL;
  return in_word((i / 32) * 32 + 31 - i % 32) + 1;
}
static const char lds_src[] =
    "s_lshl_b32 s9, s8, 5\n"
    "v_add_nc_u32 v1, s9, v0\n"
    "v_lshlrev_b32 v2, 2, v1\n"
    "buffer_load_dword v3, v2, s[4:7], 0 offen\n"
    "s_waitcnt vmcnt(0)\n"
    "v_sub_nc_u32 v4, 31, v0\n"
    "v_lshlrev_b32 v4, 2, v4\n"
    "ds_write_b32 v4, v3\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_barrier\n"
    "v_lshlrev_b32 v5, 2, v0\n"
    "ds_read_b32 v6, v5\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v6, 1, v6\n"
    "global_store_dword v2, v6, s[0:1]\n"
    "s_endpgm\n";

/* ---- the GDS (blocks at 0xffffffff0000, where the dispatch maps it): M0 = base 0, size
 * 0x200; each of 2 x 32 threads adds 1 to GDS dword 0 (which starts at the fill), writes
 * i * 3 + 1 to GDS 0x100 + 4 i (i = group * 32 + lane) and 0x55 to 0x200 + 4 i (past the
 * window's size: dropped). The dump is the GDS's first 0x300 bytes. */
#define GDS_FILL 0x1000u
static uint32_t gds_expect(uint32_t d) {
  if (d == 0) return GDS_FILL + 64;
  return d >= 64 && d < 128 ? (d - 64) * 3 + 1 : GDS_FILL;
}
static const char gds_src[] =
    "s_movk_i32 m0, 0x200\n"
    "v_mov_b32 v1, 0\n"
    "v_mov_b32 v2, 1\n"
    "ds_add_u32 v1, v2 gds\n"
    "s_lshl_b32 s3, s0, 5\n" /* the workgroup id: s0, no user SGPRs */
    "v_add_nc_u32 v3, s3, v0\n"
    "v_lshlrev_b32 v4, 2, v3\n"
    "v_mul_lo_u32 v5, v3, 3\n"
    "v_add_nc_u32 v5, 1, v5\n"
    "v_mov_b32 v6, 0x55\n"
    "ds_write_b32 v4, v5 offset:256 gds\n"
    "ds_write_b32 v4, v6 offset:512 gds\n"
    "s_endpgm\n";
static const char gds_spec[] =
    "{\"code\": \"%s\", \"code_addr\": \"0x100000\", \"wave\": 32, \"threads\": [32, 1, 1],"
    " \"groups\": [2, 1, 1], \"tgid\": [true, false, false],"
    " \"memory\": [{\"addr\": \"0xffffffff0000\", \"size\": 1024, \"fill\": \"0x1000\"}],"
    " \"dump\": [{\"addr\": \"0xffffffff0000\", \"size\": 768, \"file\": \"%s\"}]}";

/* ---- constants after the code, read through s_getpc as LLVM reads .rodata (s_add_u32 of
 * the distance, s_load_dwordx4 of four, global_load_dword of one per lane): s_getpc gives
 * the guest address, code_addr plus the offset ------------------------------------------ */
static uint32_t rodata_expect(uint32_t i) {
  if (i >= 32) return FILL;
  uint32_t t = 0x5a000000u + i * 0x10203u;
  return (((t + 0x11111111u) ^ 0x22222222u) + 0x33333333u) ^ 0x44444444u;
}
static const char rodata_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "s_getpc_b64 s[12:13]\n"
    "pc_r:\n"
    "s_add_u32 s12, s12, table - pc_r\n"
    "s_addc_u32 s13, s13, (table - pc_r) >> 32\n"
    "s_load_dwordx4 s[16:19], s[12:13], 0x0\n"
    "global_load_dword v1, v9, s[12:13] offset:16\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "v_add_nc_u32 v1, s16, v1\n"
    "v_xor_b32 v1, s17, v1\n"
    "v_add_nc_u32 v1, s18, v1\n"
    "v_xor_b32 v1, s19, v1\n"
    "global_store_dword v9, v1, s[0:1]\n"
    "s_endpgm\n"
    "table:\n"
    ".long 0x11111111, 0x22222222, 0x33333333, 0x44444444\n"
    ".set i, 0\n"
    ".rept 32\n"
    ".long 0x5a000000 + i * 0x10203\n"
    ".set i, i + 1\n"
    ".endr\n";
static const char rodata_spec[] =
    "{\"code\": \"%s\", \"code_addr\": \"0x310100\", \"wave\": 32, \"threads\": [32, 1, 1],"
    " \"groups\": [1, 1, 1], \"user_sgprs\": [\"0x300000\", 0],"
    " \"memory\": [{\"addr\": \"0x300000\", \"size\": 256, \"fill\": \"0xaaaaaaaa\"}],"
    " \"dump\": [{\"addr\": \"0x300000\", \"size\": 256, \"file\": \"%s\"}]}";

static void spec_kernels_match_c(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  run_case("ids", ids_src, false, ids_spec, 256, ids_expect);
  run_case("waves", waves_src, true, waves_spec, 512, waves_expect);
  /* the input file and the V# (hex strings in the spec) */
  uint32_t in[64];
  for (uint32_t i = 0; i < 64; i++) in[i] = in_word(i);
  write_file("in.bin", in, sizeof in);
  struct ir_vsharp v = {.base = IN,
                        .num_records = sizeof in,
                        .dst_sel = {4, 5, 6, 7},
                        .format = 20 /* 32 UINT */,
                        .resource_level = 1,
                        .oob_select = IR_OOB_RAW};
  uint32_t d[4];
  ir_vsharp_encode(&v, d);
  char lds_spec[2048];
  snprintf(lds_spec, sizeof lds_spec,
           "{\"code\": \"%%s\", \"code_addr\": \"0x100000\", \"wave\": 32, \"threads\": [32, 1, 1],"
           " \"groups\": [2, 1, 1], \"lds_bytes\": 128,"
           " \"user_sgprs\": [\"0x300000\", 0, 0, 0, \"0x%x\", \"0x%x\", \"0x%x\", \"0x%x\"],"
           " \"tgid\": [true, false, false],"
           " \"memory\": [{\"addr\": \"0x200000\", \"file\": \"in.bin\"},"
           "              {\"addr\": \"0x300000\", \"size\": 512, \"fill\": \"0xaaaaaaaa\"}],"
           " \"dump\": [{\"addr\": \"0x300000\", \"size\": 512, \"file\": \"%%s\"}]}",
           d[0], d[1], d[2], d[3]);
  run_case("lds", lds_src, false, lds_spec, 128, lds_expect);
  run_case("gds", gds_src, false, gds_spec, 192, gds_expect);
  run_case("rodata", rodata_src, false, rodata_spec, 64, rodata_expect);
  printf("%u of 5 spec kernels passed on the device and in the interpreter\n", cases_passed);
}

/* ---- the sampler's border colour table (`border_color_base`: TA_CS_BC_BASE_ADDR/_HI): a
 * 1x1 RGBA32 FLOAT image, clamp-to-border with a point filter and BORDER_COLOR_TYPE 3 at
 * entry 3; lane i samples (u, v) = (((i % 8) - 2) * 0.4, (i / 8 - 1) * 0.6) with
 * image_sample_lz: the texel inside [0, 1)², the table's entry 3 (red, green, blue, alpha
 * as stored) outside; without the field the table is at 0, outside the spec's memory, and
 * the border colour reads (0, 0, 0, 0) ---------------------------------------------------- */
#define BORDER_TEXEL 0x204000u
#define BORDER_TABLE 0x400000u
static const float border_texel[4] = {1.5f, -2.0f, 0.25f, 8.0f};
static bool border_table_given;
static float border_entry(uint32_t e, uint32_t k) {
  float v[4] = {(float)e + 0.5f, -(float)(e + 1), 100.0f + (float)e, 0.125f * (float)e};
  return v[k];
}
static uint32_t border_expect(uint32_t i) {
  uint32_t lane = i / 4, k = i % 4;
  float u = (float)((int)(lane % 8) - 2) * 0.4f, v = (float)((int)(lane / 8) - 1) * 0.6f;
  bool inside = u >= 0.0f && u < 1.0f && v >= 0.0f && v < 1.0f;
  float r = inside ? border_texel[k] : border_table_given ? border_entry(3, k) : 0.0f;
  uint32_t b;
  memcpy(&b, &r, 4);
  return b;
}
static const char border_src[] =
    "v_lshlrev_b32 v1, 3, v0\n"
    "global_load_dwordx2 v[2:3], v1, s[2:3]\n"
    "s_waitcnt vmcnt(0)\n"
    "image_sample_lz v[4:7], v[2:3], s[4:11], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v8, 4, v0\n"
    "global_store_dwordx4 v8, v[4:7], s[0:1]\n"
    "s_endpgm\n";

static void border_colour_table(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  /* the coordinates at IN, the texel at BORDER_TEXEL; the table (8 entries) */
  size_t in_size = BORDER_TEXEL - IN + 16;
  uint8_t *in = calloc(1, in_size);
  assert_non_null(in);
  for (uint32_t l = 0; l < 32; l++) {
    float uv[2] = {(float)((int)(l % 8) - 2) * 0.4f, (float)((int)(l / 8) - 1) * 0.6f};
    memcpy(in + 8 * l, uv, 8);
  }
  memcpy(in + (BORDER_TEXEL - IN), border_texel, 16);
  write_file("border_in.bin", in, in_size);
  free(in);
  float table[8][4];
  for (uint32_t e = 0; e < 8; e++)
    for (uint32_t k = 0; k < 4; k++) table[e][k] = border_entry(e, k);
  write_file("bc_entries.bin", table, sizeof table);
  struct ir_tsharp t = {.base = BORDER_TEXEL,
                        .format = 77 /* 32_32_32_32 FLOAT */,
                        .type = IR_TSHARP_2D,
                        .sw_mode = 0 /* linear */,
                        .width = 1,
                        .height = 1,
                        .depth = 1,
                        .levels = 1,
                        .dst_sel = {4, 5, 6, 7}};
  struct ir_ssharp smp = {.clamp = {IR_CLAMP_BORDER, IR_CLAMP_BORDER, IR_CLAMP_BORDER},
                          .max_lod = 15 * 256,
                          .border_type = IR_BORDER_REGISTER,
                          .border_ptr = 3};
  uint32_t tw[8], sw[4];
  ir_tsharp_encode(&t, tw);
  ir_ssharp_encode(&smp, sw);
  for (int given = 1; given >= 0; given--) {
    border_table_given = given;
    char spec[2048];
    int at =
        snprintf(spec, sizeof spec,
                 "{\"code\": \"%%s\", \"code_addr\": \"0x100000\", \"wave\": 32,"
                 " \"threads\": [32, 1, 1], \"groups\": [1, 1, 1], \"user_sgprs\": [\"0x%x\", 0,"
                 " \"0x%x\", 0",
                 OUT, IN);
    for (int k = 0; k < 8; k++)
      at += snprintf(spec + at, sizeof spec - (size_t)at, ", \"0x%x\"", tw[k]);
    for (int k = 0; k < 4; k++)
      at += snprintf(spec + at, sizeof spec - (size_t)at, ", \"0x%x\"", sw[k]);
    snprintf(spec + at, sizeof spec - (size_t)at,
             "], %s \"memory\": [{\"addr\": \"0x%x\", \"file\": \"border_in.bin\"},"
             " {\"addr\": \"0x%x\", \"file\": \"bc_entries.bin\"},"
             " {\"addr\": \"0x%x\", \"size\": 512, \"fill\": \"0xaaaaaaaa\"}],"
             " \"dump\": [{\"addr\": \"0x%x\", \"size\": 512, \"file\": \"%%s\"}]}",
             given ? "\"border_color_base\": \"0x400000\"," : "", IN, BORDER_TABLE, OUT, OUT);
    run_case(given ? "border_table" : "border_table_at_0", border_src, false, spec, 128,
             border_expect);
  }
  printf(
      "the border colour table through border_color_base on the device and in the "
      "interpreter\n");
}

/* A bad spec is refused with the field named, exit status 64. */
static void bad_spec_names_the_field(void **state) {
  (void)state;
  const char *spec =
      "{\"code\": \"k.bin\", \"code_addr\": 0, \"threads\": [1, 1, 1], \"groups\": [1, \"x\", 1]}";
  write_file("bad.json", spec, strlen(spec));
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "%s run %s/bad.json --interp 2>%s/bad.err", tool, dir, dir);
  int rc = system(cmd);
  assert_true(WIFEXITED(rc));
  assert_int_equal(WEXITSTATUS(rc), 64);
  snprintf(cmd, sizeof cmd, "grep -q 'groups\\[1\\]' %s/bad.err", dir);
  assert_int_equal(system(cmd), 0);
}

/* Stores outside every mapped range (lanes 16-31, 1 MiB past the dump block): dropped, the
 * others land; the tool prints one line naming them on the device and with --interp, exits 0,
 * and 3 with --fail-on-fault (docs/shader-dispatch.md, "Unmapped accesses"). */
static void unmapped_access_reported(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  static const char src[] =
      "v_lshlrev_b32 v1, 2, v0\n"
      "v_lshrrev_b32 v2, 4, v0\n"
      "v_lshlrev_b32 v2, 20, v2\n" /* lanes 16-31: + 1 MiB */
      "v_add_nc_u32 v1, v1, v2\n"
      "v_add_nc_u32 v3, 0x700, v0\n"
      "global_store_dword v1, v3, s[0:1]\n"
      "s_endpgm\n";
  size_t n;
  uint32_t *w = assemble(src, &n, false);
  write_file("fault.bin", w, n * 4);
  free(w);
  /* the store's offset: the size llvm-mc-19 gives what comes before it */
  const char *at = strstr(src, "global_store_dword");
  char *before = strndup(src, (size_t)(at - src));
  assert_non_null(before);
  w = assemble(before, &n, false);
  unsigned pc = (unsigned)n * 4;
  free(w);
  free(before);
  static const char spec[] =
      "{\"code\": \"fault.bin\", \"code_addr\": \"0x100000\", \"wave\": 32,"
      " \"threads\": [32, 1, 1], \"groups\": [1, 1, 1], \"user_sgprs\": [\"0x300000\", 0],"
      " \"memory\": [{\"addr\": \"0x300000\", \"size\": 256, \"fill\": \"0xaaaaaaaa\"}],"
      " \"dump\": [{\"addr\": \"0x300000\", \"size\": 256, \"file\": \"fault.out\"}]}";
  write_file("fault.json", spec, strlen(spec));
  for (int interp = 0; interp < 2; interp++)
    for (int fail = 0; fail < 2; fail++) {
      char cmd[1024];
      snprintf(cmd, sizeof cmd, "%s run %s/fault.json%s%s 2>%s/fault.err", tool, dir,
               interp ? " --interp" : "", fail ? " --fail-on-fault" : "", dir);
      int rc = system(cmd);
      assert_true(WIFEXITED(rc));
      assert_int_equal(WEXITSTATUS(rc), fail ? 3 : 0);
      /* the first fault: some lane of 16-31, its own address, the store's offset */
      snprintf(
          cmd, sizeof cmd,
          "grep -qF 'unmapped access: 16 accesses outside every mapped guest range (read as 0, "
          "stores dropped); first: 4-byte store at 0x4000' %s/fault.err && grep -qE "
          "'store at 0x4000[4-7][048c], shader offset 0x%x, lane (1[6-9]|2[0-9]|3[01]) of "
          "wave 0' %s/fault.err",
          dir, pc, dir);
      rc = system(cmd);
      if (rc != 0) {
        snprintf(cmd, sizeof cmd, "cat %s/fault.err >&2", dir);
        assert_int_equal(system(cmd), 0);
      }
      assert_int_equal(rc, 0);
      uint8_t *got = read_dump("fault.out", 256);
      for (uint32_t i = 0; i < 64; i++) {
        uint32_t v;
        memcpy(&v, got + 4 * i, 4);
        assert_int_equal(v, i < 16 ? 0x700 + i : FILL); /* the rest: dropped */
      }
      free(got);
    }
}

/* DISPATCH_INDIRECT: the group counts come from guest memory. */
static void indirect_dispatch(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  size_t n;
  uint32_t *w = assemble(waves_src, &n, true);
  enum { WIN = 0x100000, SIZE = 0x4000, CODE = 0x100000, ARGS = 0x101000, DST = 0x102000 };
  uint8_t *mem = malloc(SIZE);
  assert_non_null(mem);
  for (uint32_t i = 0; i < SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  memcpy(mem + (CODE - WIN), w, n * 4);
  uint32_t groups[3] = {2, 1, 1};
  memcpy(mem + (ARGS - WIN), groups, sizeof groups);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = 100;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] = 2u << 1 | 1u << 7; /* two user SGPRs, TGID_X */
  r.r[COMPUTE_USER_DATA_0] = DST;
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1; /* wave64 */
  struct shader_cache *c = shader_cache_create(&(struct shader_cache_config){.workers = 1});
  struct compute_dispatcher d = {.dev = dev, .cache = c};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  char err[256];
  bool ok = compute_dispatch_indirect(&d, &r, ARGS, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "indirect: %s\n", err);
  assert_true(ok);
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t v, want = i < 200 ? waves_expect(i) : FILL;
    memcpy(&v, mem + (DST - WIN) + 4 * i, 4);
    assert_int_equal(v, want);
  }
  /* a group count of 0 runs nothing; counts outside memory are refused */
  groups[0] = 0;
  memcpy(mem + (ARGS - WIN), groups, sizeof groups);
  memcpy(mem + (DST - WIN), &(uint32_t){FILL}, 4);
  assert_true(compute_dispatch_indirect(&d, &r, ARGS, &win, err, sizeof err));
  uint32_t v;
  memcpy(&v, mem + (DST - WIN), 4);
  assert_int_equal(v, FILL);
  assert_false(compute_dispatch_indirect(&d, &r, WIN + SIZE - 8, &win, err, sizeof err));
  assert_non_null(strstr(err, "DISPATCH_INDIRECT"));
  /* the second dispatch of the same code was a cache hit */
  struct shader_cache_stats st;
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.compiles, 1);
  shader_cache_destroy(c);
  free(mem);
  free(w);
}

/* The dispatcher's sampled fault checks through the C API (docs/shader-dispatch.md,
 * "Unmapped accesses"): 70 dispatches of one shader whose lanes 16-31 store 1 MiB away (in no
 * range) when user SGPR s2 says so, in dispatches 20, 64 and 66-69: the first 16 dispatches
 * are checked, dispatch 20 is not (its faults go unseen), 64 is (a multiple of 64) and
 * reports, and after it every dispatch is checked; the stores in range land each time. */
static void sampled_fault_checks(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char src[] =
      "v_lshlrev_b32 v1, 2, v0\n"
      "v_lshrrev_b32 v2, 4, v0\n"
      "v_mul_lo_u32 v2, v2, s2\n" /* lanes 16-31: + s2 */
      "v_add_nc_u32 v1, v1, v2\n"
      "v_add_nc_u32 v3, 0x700, v0\n"
      "global_store_dword v1, v3, s[0:1]\n"
      "s_endpgm\n";
  size_t n;
  uint32_t *w = assemble(src, &n, false);
  enum { WIN = 0x100000, SIZE = 0x4000, CODE = 0x100000, DST = 0x102000 };
  uint8_t *mem = malloc(SIZE);
  assert_non_null(mem);
  memset(mem, 0, SIZE);
  memcpy(mem + (CODE - WIN), w, n * 4);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = 32;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] = 3u << 1; /* three user SGPRs */
  r.r[COMPUTE_USER_DATA_0] = DST;
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | 1u << 15; /* wave32 */
  struct shader_cache *c = shader_cache_create(&(struct shader_cache_config){.workers = 1});
  struct compute_dispatcher d = {.dev = dev, .cache = c};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  static const uint32_t one[3] = {1, 1, 1};
  char err[256];
  for (uint32_t k = 0; k < 70; k++) {
    bool far = k == 20 || k == 64 || k >= 66;
    r.r[COMPUTE_USER_DATA_0 + 2] = far ? 0x100000 : 0;
    memset(mem + (DST - WIN), 0, 256);
    bool ok = compute_dispatch_direct(&d, &r, one, &win, err, sizeof err);
    if (!ok) fprintf(stderr, "sampled_fault_checks: %s\n", err);
    assert_true(ok);
    bool checked = k < 16 || k >= 64; /* 64: a sample, which faults; then all */
    assert_int_equal(d.fault_checked, checked);
    assert_int_equal(d.fault.count, far && checked ? 16 : 0);
    if (d.fault.count) {
      assert_int_equal(d.fault.kind, SPIRV_FAULT_STORE);
      assert_in_range(d.fault.lane, 16, 31);
      assert_int_equal(d.fault.addr, DST + 0x100000 + 4ull * d.fault.lane);
      assert_non_null(strstr(d.fault_text, "16 accesses outside every mapped guest range"));
    }
    for (uint32_t l = 0; l < 32; l++) { /* in range: landed; lanes 16-31 far: nowhere */
      uint32_t v;
      memcpy(&v, mem + (DST - WIN) + 4 * l, 4);
      assert_int_equal(v, l < 16 || !far ? 0x700 + l : 0);
    }
  }
  assert_int_equal(d.faulting_dispatches, 5); /* 64, 66-69 */
  shader_cache_destroy(c);
  /* the other modes (--shader-fault-checks): "always" checks dispatch 20, which no sample
   * would (the shader never faulted before it); "off" checks none, not even a shader's first
   * dispatches, which still drop the far stores */
  for (int mode = COMPUTE_FAULT_CHECKS_ALWAYS; mode <= COMPUTE_FAULT_CHECKS_OFF; mode++) {
    c = shader_cache_create(&(struct shader_cache_config){.workers = 1});
    struct compute_dispatcher m = {.dev = dev,
                                   .cache = c,
                                   .fault_checks = (enum compute_fault_checks)mode,
                                   .origin = "queue 9"};
    struct test_log_capture log;
    test_log_capture_begin(&log, "fault-modes");
    for (uint32_t k = 0; k <= 20; k++) {
      bool far = k == 20 || (mode == COMPUTE_FAULT_CHECKS_OFF && k == 0);
      r.r[COMPUTE_USER_DATA_0 + 2] = far ? 0x100000 : 0;
      memset(mem + (DST - WIN), 0, 256);
      assert_true(compute_dispatch_direct(&m, &r, one, &win, err, sizeof err));
      assert_int_equal(m.fault_checked, mode == COMPUTE_FAULT_CHECKS_ALWAYS);
      assert_int_equal(m.fault.count, far && mode == COMPUTE_FAULT_CHECKS_ALWAYS ? 16 : 0);
      uint32_t v;
      memcpy(&v, mem + (DST - WIN) + 4 * 31, 4);
      assert_int_equal(v, far ? 0 : 0x700 + 31);
    }
    assert_int_equal(m.faulting_dispatches, mode == COMPUTE_FAULT_CHECKS_ALWAYS ? 1 : 0);
    /* the warning names where the dispatch came from; "off" logs none */
    char *text = test_log_capture_end(&log);
    bool warned = strstr(text, ", queue 9): 16 accesses outside every mapped guest range");
    assert_int_equal(warned, mode == COMPUTE_FAULT_CHECKS_ALWAYS);
    free(text);
    shader_cache_destroy(c);
  }
  free(mem);
  free(w);
}

/* TG_SIZE and the scratch wave offset through the C API: 64 threads in wave32 (two waves),
 * two user SGPRs, TGID_X, TG_SIZE_EN, SCRATCH_EN with 2 KiB per wave: s2 = group id,
 * s3 = waves (5:0) | wave index (11:6), s4 = the wave's scratch offset; each lane stores
 * s3 and s4 at its thread's slots. */
static void tg_size_and_scratch_offset(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  size_t n;
  uint32_t *w = assemble(
      "s_lshl_b32 s5, s2, 6\n" /* v0 is the thread id in the group */
      "v_add_nc_u32 v1, s5, v0\n"
      "v_lshlrev_b32 v1, 3, v1\n"
      "v_mov_b32 v2, s3\n"
      "v_mov_b32 v3, s4\n"
      "global_store_dwordx2 v1, v[2:3], s[0:1]\n"
      "s_endpgm\n",
      &n, false);
  enum { WIN = 0x100000, SIZE = 0x4000, CODE = 0x100000, DST = 0x102000 };
  uint8_t *mem = malloc(SIZE);
  assert_non_null(mem);
  for (uint32_t i = 0; i < SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  memcpy(mem + (CODE - WIN), w, n * 4);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = 64;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] =
      1u | 2u << 1 | 1u << 7 | 1u << 10; /* SCRATCH_EN, 2 user SGPRs, TGID_X, TG_SIZE */
  r.r[COMPUTE_TMPRING_SIZE] = 2u << 12;
  r.r[COMPUTE_USER_DATA_0] = DST;
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | 1u << 15; /* wave32 */
  struct shader_cache *c = shader_cache_create(NULL);
  struct compute_dispatcher d = {.dev = dev, .cache = c};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  char err[256];
  bool ok = compute_dispatch_direct(&d, &r, (const uint32_t[3]){1, 1, 1}, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "tg_size: %s\n", err);
  assert_true(ok);
  for (uint32_t t = 0; t < 64; t++) {
    uint32_t v[2], wave = t / 32;
    memcpy(v, mem + (DST - WIN) + 8 * t, 8);
    assert_int_equal(v[0], 2u | wave << 6);
    assert_int_equal(v[1], wave * 2048u);
  }
  shader_cache_destroy(c);
  free(mem);
  free(w);
}

/* A shader longer than the first prefix the dispatcher copies (4,096 dwords): 6,000 s_nop
 * before the kernel of `waves` (one group of 100 threads in wave64). */
static void long_shader(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  size_t n;
  uint32_t *w = assemble(waves_src, &n, true);
  enum { WIN = 0x100000, SIZE = 0x10000, CODE = 0x100000, DST = 0x10c000, NOPS = 6000 };
  uint8_t *mem = malloc(SIZE);
  assert_non_null(mem);
  for (uint32_t i = 0; i < SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  for (uint32_t i = 0; i < NOPS; i++)
    memcpy(mem + (CODE - WIN) + 4 * i, &(uint32_t){0xbf800000u}, 4);
  memcpy(mem + (CODE - WIN) + 4 * NOPS, w, n * 4);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = 100;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] = 2u << 1 | 1u << 7;
  r.r[COMPUTE_USER_DATA_0] = DST;
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1;
  struct shader_cache *c = shader_cache_create(NULL);
  struct compute_dispatcher d = {.dev = dev, .cache = c};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  char err[256];
  bool ok = compute_dispatch_direct(&d, &r, (const uint32_t[3]){1, 1, 1}, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "long shader: %s\n", err);
  assert_true(ok);
  for (uint32_t i = 0; i < 128; i++) {
    uint32_t v;
    memcpy(&v, mem + (DST - WIN) + 4 * i, 4);
    assert_int_equal(v, i < 100 ? waves_expect(i) : FILL);
  }
  shader_cache_destroy(c);
  free(mem);
  free(w);
}

/* A grid above Vulkan's 65,535 workgroups per dimension: 70,000 groups of one wave32, each
 * writing its id (the workgroup-id SGPR s2) to its dword; run as two dispatches. */
static void grid_above_65535(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  size_t n;
  uint32_t *w = assemble(
      "s_lshl_b32 s3, s2, 2\n"
      "v_mov_b32 v1, s3\n"
      "v_mov_b32 v2, s2\n"
      "global_store_dword v1, v2, s[0:1]\n"
      "s_endpgm\n",
      &n, false);
  enum { WIN = 0x100000, CODE = 0x100000, DST = 0x101000, GROUPS = 70000 };
  const uint32_t size = 0x1000 + GROUPS * 4 + 0x1000;
  uint8_t *mem = malloc(size);
  assert_non_null(mem);
  for (uint32_t i = 0; i < size; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  memcpy(mem + (CODE - WIN), w, n * 4);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = 32;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] = 2u << 1 | 1u << 7;
  r.r[COMPUTE_USER_DATA_0] = DST;
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | 1u << 15;
  struct shader_cache *c = shader_cache_create(NULL);
  struct compute_dispatcher d = {.dev = dev, .cache = c};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = size};
  char err[256];
  bool ok =
      compute_dispatch_direct(&d, &r, (const uint32_t[3]){GROUPS, 1, 1}, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "grid: %s\n", err);
  assert_true(ok);
  for (uint32_t g = 0; g < GROUPS + 4; g++) {
    uint32_t v;
    memcpy(&v, mem + (DST - WIN) + 4 * g, 4);
    if (v != (g < GROUPS ? g : FILL)) fprintf(stderr, "group %u: 0x%x\n", g, v);
    assert_int_equal(v, g < GROUPS ? g : FILL);
  }
  shader_cache_destroy(c);
  free(mem);
  free(w);
}

/* ---- several waves per workgroup: one LDS, s_barrier, cross-lane operations per wave -----
 * A tree reduction of 256 values over LDS (wave64: 4 waves, wave32: 8). First the waves of
 * threads 192 and up store 0x55 to dword 8 eight times (the other waves skip it and reach
 * the barrier first, so a barrier that does not wait for every wave shows). Each thread writes
 * 3 * tid + group + 1, reads the value of thread 255 - tid (another wave's) after a barrier,
 * then strides 128, 64, ... 1 add pairs under EXEC with a barrier each; waves whose lanes
 * are all past the stride skip the adds with s_cbranch_execz (control flow differs between
 * the waves) and thread 0 stores the sum, the sum + 1 and the sum + 2 (stores after the
 * other waves have ended). */
#define REDUCE_SRC(VCC, SAVE, EXEC_OR)             \
  "v_cmp_le_u32 " VCC ", 0xc0, v0\n" SAVE          \
  "\n"                                             \
  "s_cbranch_execz BB_go\n"                        \
  "s_mov_b32 s3, 8\n"                              \
  "v_mov_b32 v20, 0x55\n"                          \
  "v_mov_b32 v21, 32\n"                            \
  "BB_delay:\n"                                    \
  "global_store_dword v21, v20, s[0:1]\n"          \
  "s_sub_u32 s3, s3, 1\n"                          \
  "s_cmp_lg_u32 s3, 0\n"                           \
  "s_cbranch_scc1 BB_delay\n"                      \
  "BB_go:\n" EXEC_OR                               \
  "\n"                                             \
  "v_lshlrev_b32 v1, 2, v0\n"                      \
  "v_mul_lo_u32 v2, v0, 3\n"                       \
  "v_add_nc_u32 v2, s2, v2\n"                      \
  "v_add_nc_u32 v2, 1, v2\n"                       \
  "ds_write_b32 v1, v2\n"                          \
  "s_waitcnt lgkmcnt(0)\n"                         \
  "s_barrier\n"                                    \
  "v_sub_nc_u32 v3, 255, v0\n"                     \
  "v_lshlrev_b32 v3, 2, v3\n"                      \
  "ds_read_b32 v4, v3\n"                           \
  "s_lshl_b32 s6, s2, 8\n"                         \
  "v_add_nc_u32 v5, s6, v0\n"                      \
  "v_lshlrev_b32 v5, 2, v5\n"                      \
  "s_waitcnt lgkmcnt(0)\n"                         \
  "global_store_dword v5, v4, s[0:1] offset:256\n" \
  "s_barrier\n"                                    \
  "s_movk_i32 s3, 0x80\n"                          \
  "BB_loop:\n"                                     \
  "v_cmp_gt_u32 " VCC ", s3, v0\n" SAVE            \
  "\n"                                             \
  "s_cbranch_execz BB_skip\n"                      \
  "v_add_nc_u32 v6, s3, v0\n"                      \
  "v_lshlrev_b32 v6, 2, v6\n"                      \
  "ds_read_b32 v7, v6\n"                           \
  "ds_read_b32 v8, v1\n"                           \
  "s_waitcnt lgkmcnt(0)\n"                         \
  "v_add_nc_u32 v7, v7, v8\n"                      \
  "ds_write_b32 v1, v7\n"                          \
  "BB_skip:\n" EXEC_OR                             \
  "\n"                                             \
  "s_waitcnt lgkmcnt(0)\n"                         \
  "s_barrier\n"                                    \
  "s_lshr_b32 s3, s3, 1\n"                         \
  "s_cmp_lg_u32 s3, 0\n"                           \
  "s_cbranch_scc1 BB_loop\n"                       \
  "v_cmp_eq_u32 " VCC ", 0, v0\n" SAVE             \
  "\n"                                             \
  "s_cbranch_execz BB_end\n"                       \
  "ds_read_b32 v9, v1\n"                           \
  "s_lshl_b32 s7, s2, 2\n"                         \
  "v_mov_b32 v10, s7\n"                            \
  "s_waitcnt lgkmcnt(0)\n"                         \
  "global_store_dword v10, v9, s[0:1]\n"           \
  "v_add_nc_u32 v9, 1, v9\n"                       \
  "global_store_dword v10, v9, s[0:1] offset:16\n" \
  "v_add_nc_u32 v9, 1, v9\n"                       \
  "global_store_dword v10, v9, s[0:1] offset:64\n" \
  "BB_end:\n"                                      \
  "s_endpgm\n"
static const char reduce64_src[] =
    REDUCE_SRC("vcc", "s_and_saveexec_b64 s[4:5], vcc", "s_or_b64 exec, exec, s[4:5]");
static const char reduce32_src[] =
    REDUCE_SRC("vcc_lo", "s_and_saveexec_b32 s4, vcc_lo", "s_or_b32 exec_lo, exec_lo, s4");
static const char reduce_spec_fmt[] =
    "{\"code\": \"%%s\", \"code_addr\": \"0x100000\", \"wave\": %u, \"threads\": [256, 1, 1],"
    " \"groups\": [2, 1, 1], \"lds_bytes\": 1024, \"user_sgprs\": [\"0x300000\", 0],"
    " \"tgid\": [true, false, false],"
    " \"memory\": [{\"addr\": \"0x300000\", \"size\": 4096, \"fill\": \"0xaaaaaaaa\"}],"
    " \"dump\": [{\"addr\": \"0x300000\", \"size\": 4096, \"file\": \"%%s\"}]}";
static uint32_t reduce_expect(uint32_t i) {
  if (i == 8) return 0x55;
  if (i >= 4 && i < 6) return reduce_expect(i - 4) + 1;
  if (i >= 16 && i < 18) return reduce_expect(i - 16) + 2;
  if (i < 2) { /* the sum over the group's threads, in C */
    uint32_t sum = 0;
    for (uint32_t t = 0; t < 256; t++) sum += 3 * t + i + 1;
    return sum;
  }
  if (i >= 64 && i < 64 + 512) {
    uint32_t g = (i - 64) / 256, t = (i - 64) % 256;
    return 3 * (255 - t) + g + 1;
  }
  return FILL;
}

/* Per-wave ballots in a group of 200 threads (wave64: 3 full waves and one of 8 lanes; wave32:
 * 6 and one of 8): VCC = lanes whose thread id has bit 0 set and bit 2 clear, its count
 * (s_bcnt1), first lane (s_ff1), the wave's index (s_get_waveid_in_workgroup), the first
 * active lane's and lane 3's thread ids (v_readfirstlane, v_readlane): all of the thread's
 * own wave only. Each thread stores two dwords. */
#define BALLOT_SRC(VCC, BCNT, FF1)                                      \
  "v_and_b32 v1, 5, v0\n"                                               \
  "v_cmp_eq_u32 " VCC ", 1, v1\n" BCNT " s6, " VCC "\n" FF1 " s7, " VCC \
  "\n"                                                                  \
  "s_get_waveid_in_workgroup s8\n"                                      \
  "v_readfirstlane_b32 s9, v0\n"                                        \
  "v_readlane_b32 s10, v0, 3\n"                                         \
  "s_lshl_b32 s7, s7, 8\n"                                              \
  "s_or_b32 s6, s6, s7\n"                                               \
  "s_lshl_b32 s8, s8, 16\n"                                             \
  "s_or_b32 s6, s6, s8\n"                                               \
  "s_mulk_i32 s10, 0x3e8\n"                                             \
  "s_add_u32 s9, s9, s10\n"                                             \
  "v_lshlrev_b32 v2, 3, v0\n"                                           \
  "v_mov_b32 v3, s6\n"                                                  \
  "v_mov_b32 v4, s9\n"                                                  \
  "global_store_dwordx2 v2, v[3:4], s[0:1]\n"                           \
  "s_endpgm\n"
static const char ballot64_src[] = BALLOT_SRC("vcc", "s_bcnt1_i32_b64", "s_ff1_i32_b64");
static const char ballot32_src[] = BALLOT_SRC("vcc_lo", "s_bcnt1_i32_b32", "s_ff1_i32_b32");
static const char ballot_spec_fmt[] =
    "{\"code\": \"%%s\", \"code_addr\": \"0x100000\", \"wave\": %u, \"threads\": [200, 1, 1],"
    " \"groups\": [1, 1, 1], \"user_sgprs\": [\"0x300000\", 0],"
    " \"memory\": [{\"addr\": \"0x300000\", \"size\": 2048, \"fill\": \"0xaaaaaaaa\"}],"
    " \"dump\": [{\"addr\": \"0x300000\", \"size\": 2048, \"file\": \"%%s\"}]}";
static uint32_t ballot_wave;
static uint32_t ballot_expect(uint32_t i) {
  uint32_t t = i / 2, size = ballot_wave, w = t / size;
  if (t >= 200) return FILL;
  uint32_t first = w * size, end = first + size < 200 ? first + size : 200, count = 0, ff1 = ~0u;
  for (uint32_t u = first; u < end; u++)
    if ((u & 5) == 1) {
      count++;
      if (ff1 == ~0u) ff1 = u - first;
    }
  if (i % 2 == 0) return count | ff1 << 8 | w << 16;
  return first + (first + 3) * 1000;
}

static void multi_wave_groups(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  char spec[2048];
  snprintf(spec, sizeof spec, reduce_spec_fmt, 64u);
  run_case("reduce64", reduce64_src, true, spec, 1024, reduce_expect);
  snprintf(spec, sizeof spec, reduce_spec_fmt, 32u);
  run_case("reduce32", reduce32_src, false, spec, 1024, reduce_expect);
  for (uint32_t wave = 32; wave <= 64; wave += 32) {
    ballot_wave = wave;
    snprintf(spec, sizeof spec, ballot_spec_fmt, wave);
    run_case(wave == 64 ? "ballots64" : "ballots32", wave == 64 ? ballot64_src : ballot32_src,
             wave == 64, spec, 512, ballot_expect);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PROSPERO-SHADER\n", argv[0]);
    return 2;
  }
  tool = argv[1];
  if (!mkdtemp(dir)) return 1;
  dev = vk_test_device(); /* sets VK_ICD_FILENAMES for the tool too when it falls back */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(spec_kernels_match_c), cmocka_unit_test(bad_spec_names_the_field),
      cmocka_unit_test(indirect_dispatch),    cmocka_unit_test(tg_size_and_scratch_offset),
      cmocka_unit_test(long_shader),          cmocka_unit_test(grid_above_65535),
      cmocka_unit_test(multi_wave_groups),    cmocka_unit_test(unmapped_access_reported),
      cmocka_unit_test(sampled_fault_checks), cmocka_unit_test(border_colour_table)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) r = 1;
  if (!dev && r == 0) return 77;
  return r;
}
