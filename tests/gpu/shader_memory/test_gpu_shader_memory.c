/* Guest memory seen by shaders through the table of guest ranges (shader_memory.h), on the
 * Vulkan device. One wave32 kernel reads a[] from range 1 and b[] from range 2 (40 bits
 * away, above 4 GiB), c[] from the dwords just past range 2's end (in no range), writes
 * out[] = a + b + c to range 1, b[] = a + 1 to range 2, and c[] = out past range 2's end.
 * The rule (docs/shader-dispatch.md): an access in no range reads 0 and drops its store,
 * so c reads 0 and the host bytes past range 2 stay as they were. The expected values
 * are computed here in C. Each case runs twice, between the dispatches the host rewrites
 * a[]: the second dispatch must see the new a[] and its own earlier b[] writes. Both
 * backings: imported host memory (no copies) and copies with explicit dirty upload and
 * download (the host's bytes change only at shader_memory_download). */
#include "xl_test_harness.h"

#include <sys/mman.h>

#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "vk_test_device.h"

static vk_device *dev;

#define R1 0x10000000ull   /* range 1: a[] at +0, out[] at +0x1000 */
#define R2 0x7f00000000ull /* range 2: b[], 4 KiB; c[] just past its end */
#define PAGE 4096u
#define SENTINEL 0x5eed5eedu

static const char kernel[] =
    "v_lshlrev_b32 v1, 2, v0\n"
    "global_load_dword v2, v1, s[0:1]\n" /* a, range 1 */
    "global_load_dword v3, v1, s[2:3]\n" /* b, range 2 */
    "global_load_dword v4, v1, s[4:5]\n" /* c, in no range: 0 */
    "s_waitcnt vmcnt(0)\n"
    "v_add_nc_u32 v5, v2, v3\n"
    "v_add_nc_u32 v5, v5, v4\n"
    "global_store_dword v1, v5, s[6:7]\n" /* out, range 1 */
    "global_store_dword v1, v5, s[4:5]\n" /* in no range: dropped */
    "v_add_nc_u32 v6, 1, v2\n"
    "global_store_dword v1, v6, s[2:3]\n" /* b = a + 1, range 2 */
    "s_endpgm\n";

/* SRC assembled and compiled for wave32 with the default float mode; ENTRY_VGPRS 1 gives v0
 * the thread id, as a dispatch sets it. */
static uint32_t *compile_source(const char *src, unsigned entry_vgprs, size_t *count) {
  size_t n;
  uint32_t *w = assemble(src, &n, false);
  struct shader_spec spec = {.wave_size = 32, .float_mode = 0xf0, .entry_vgprs = entry_vgprs};
  uint32_t *spv = NULL;
  bool barrier;
  char err[200];
  bool ok = shader_compile(w, n, &spec, NULL, &spv, count, &barrier, err, sizeof err);
  if (!ok) fprintf(stderr, "compile: %s\n", err);
  assert_true(ok);
  free(w);
  return spv;
}

static void dispatch(const uint32_t *spv, size_t count, struct shader_memory *m) {
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(s);
  uint64_t regs[4] = {R1, R2, R2 + PAGE, R1 + 0x1000};
  for (int i = 0; i < 4; i++) {
    s->sgpr[2 * i] = (uint32_t)regs[i];
    s->sgpr[2 * i + 1] = (uint32_t)(regs[i] >> 32);
  }
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  char err[200];
  bool ok = shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                   sizeof err);
  if (!ok) fprintf(stderr, "dispatch: %s\n", err);
  assert_true(ok);
  free(s);
}

static void two_ranges(bool import) {
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  if (import && !vk_device_host_import_alignment(dev)) skip(); /* no VK_EXT_external_memory_host */
  size_t count;
  uint32_t *spv = compile_source(kernel, 0, &count);
  /* range 1: 16 KiB; range 2: one page followed by a page in no range (the sentinel) */
  uint32_t *r1 = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  uint32_t *r2 = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(r1 != MAP_FAILED && r2 != MAP_FAILED);
  uint32_t *a = r1, *out = r1 + 0x1000 / 4, *b = r2, *past = r2 + PAGE / 4;
  for (uint32_t l = 0; l < 32; l++) {
    a[l] = 1000 + l * 3;
    b[l] = 0x10000 * l;
    out[l] = 0;
    past[l] = SENTINEL;
  }
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  char err[200];
  assert_true(shader_memory_map(m, R1, r1, 4 * PAGE, import, err, sizeof err));
  assert_true(shader_memory_map(m, R2, r2, PAGE, import, err, sizeof err));
  assert_int_equal(shader_memory_is_imported(m, R1), import);
  assert_int_equal(shader_memory_is_imported(m, R2 + 8), import);
  assert_int_equal(shader_memory_count(m), 2);
  /* an overlapping range is refused, naming it */
  assert_false(shader_memory_map(m, R2 + PAGE - 4, past, PAGE, false, err, sizeof err));
  assert_non_null(strstr(err, "overlaps"));

  dispatch(spv, count, m);
  if (!import) { /* copies: the host sees the device's writes only when it asks */
    for (uint32_t l = 0; l < 32; l++) assert_int_equal(out[l], 0);
    shader_memory_download(m, R1, 4 * PAGE);
    shader_memory_download(m, R2, PAGE);
  }
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t a0 = 1000 + l * 3, b0 = 0x10000 * l;
    assert_int_equal(out[l], a0 + b0); /* c read 0 */
    assert_int_equal(b[l], a0 + 1);
    assert_int_equal(past[l], SENTINEL); /* the store in no range was dropped */
  }
  /* the host writes a[] between the dispatches; the second sees it and its own b[] */
  for (uint32_t l = 0; l < 32; l++) a[l] = 7 * l + 1;
  shader_memory_host_wrote(m, R1, 32 * 4);
  dispatch(spv, count, m);
  shader_memory_download(m, 0, 1ull << 48);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t a0 = 1000 + l * 3;
    assert_int_equal(out[l], (7 * l + 1) + (a0 + 1));
    assert_int_equal(b[l], 7 * l + 2);
    assert_int_equal(past[l], SENTINEL);
  }
  shader_memory_destroy(m);
  munmap(r1, 4 * PAGE);
  munmap(r2, 2 * PAGE);
  free(spv);
}

static void imported_ranges(void **state) {
  (void)state;
  two_ranges(true);
}
static void copied_ranges(void **state) {
  (void)state;
  two_ranges(false);
}

/* Only the pages the host marked are uploaded: an unmarked host write stays invisible to a
 * copied range (and a marked one arrives), which is what makes the upload explicit. */
static void copies_upload_marked_pages_only(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  size_t count;
  uint32_t *spv = compile_source(kernel, 0, &count);
  uint32_t *r1 = calloc(4 * PAGE / 4, 4), *r2 = calloc(PAGE / 4, 4);
  assert_true(r1 && r2);
  struct shader_memory *m = shader_memory_create(dev);
  char err[200];
  assert_true(shader_memory_map(m, R1, r1, 4 * PAGE, false, err, sizeof err));
  assert_true(shader_memory_map(m, R2, r2, PAGE, false, err, sizeof err));
  for (uint32_t l = 0; l < 32; l++) r1[l] = 100 + l; /* a[]: written, not marked */
  r2[0] = 5;                                         /* b[0]: written and marked */
  shader_memory_host_wrote(m, R2, 4);
  dispatch(spv, count, m);
  shader_memory_download(m, R1 + 0x1000, 32 * 4);
  uint32_t *out = r1 + 0x1000 / 4;
  assert_int_equal(out[0], 5u); /* a[0] still 0 on the device, b[0] = 5 arrived */
  for (uint32_t l = 1; l < 32; l++) assert_int_equal(out[l], 0u);
  shader_memory_destroy(m);
  free(r1);
  free(r2);
  free(spv);
}

/* Guarded fences (docs/shader-spirv.md): each lane loads in[l] and stores in[l] + 1 at
 * OUT + 4l. OUT far from IN: the lanes' accesses never meet, the dispatch leaves the fence
 * out (spirv_guarded_fences 0). OUT = IN + 4 or IN - 4: lane l's store hits lane l +- 1's
 * load, so the fence runs (1) and every lane still reads the value before any store, as the
 * wave's lanes do in lockstep on the hardware (lavapipe runs the 32 lanes as four subgroups
 * one after another: without the fence lane 8 would read lane 7's store). Expected values
 * from that rule in C; four subgroups of 8 make the cross-subgroup case real. */
static void guarded_fences(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char shift[] =
      "v_lshlrev_b32 v1, 2, v0\n"
      "global_load_dword v2, v1, s[0:1]\n"
      "s_waitcnt vmcnt(0)\n"
      "v_add_nc_u32 v2, 1, v2\n"
      "global_store_dword v1, v2, s[2:3]\n"
      "s_endpgm\n";
  size_t count;
  uint32_t *spv = compile_source(shift, 1, &count);
  char err[200];
  uint32_t *r1 = calloc(4 * PAGE / 4, 4);
  assert_non_null(r1);
  struct shader_memory *m = shader_memory_create(dev);
  assert_true(shader_memory_map(m, R1, r1, 4 * PAGE, false, err, sizeof err));
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(s);
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  static const int64_t outs[3] = {0x2000, 0x1004, 0xffc}; /* IN is R1 + 0x1000 */
  static const uint32_t want_spec[3] = {0, 1, 1};
  for (int c = 0; c < 3; c++) {
    uint32_t mem[4 * PAGE / 4];
    for (uint32_t i = 0; i < 4 * PAGE / 4; i++) r1[i] = 0x100 * i;
    memcpy(mem, r1, sizeof mem);
    shader_memory_host_wrote(m, R1, 4 * PAGE);
    s->sgpr[0] = (uint32_t)(R1 + 0x1000);
    s->sgpr[1] = (uint32_t)((R1 + 0x1000) >> 32);
    s->sgpr[2] = (uint32_t)(R1 + outs[c]);
    s->sgpr[3] = (uint32_t)((R1 + outs[c]) >> 32);
    assert_int_equal(spirv_guarded_fences(spv, count, s, 1), want_spec[c]);
    assert_true(shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                       sizeof err));
    shader_memory_download(m, R1, 4 * PAGE);
    for (uint32_t l = 0; l < 32; l++) /* every load before any store */
      mem[outs[c] / 4 + l] = 0x100 * (0x1000 / 4 + l) + 1;
    for (uint32_t i = 0; i < 4 * PAGE / 4; i++) assert_int_equal(r1[i], mem[i]);
  }
  /* EXEC: all 32 lanes, the module takes it as a constant (SPIRV_SPEC_EXEC_FULL); without
   * lane 31 it reads the state's EXEC and lane 31's store is dropped */
  assert_int_equal(spirv_exec_full(spv, count, s, 1), 1);
  s->exec[0] = 0x7fffffffu;
  assert_int_equal(spirv_exec_full(spv, count, s, 1), 0);
  for (uint32_t i = 0; i < 4 * PAGE / 4; i++) r1[i] = 0x100 * i;
  shader_memory_host_wrote(m, R1, 4 * PAGE);
  s->sgpr[2] = (uint32_t)(R1 + 0x2000);
  assert_true(shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                     sizeof err));
  shader_memory_download(m, R1, 4 * PAGE);
  for (uint32_t l = 0; l < 32; l++)
    assert_int_equal(r1[0x2000 / 4 + l],
                     l < 31 ? 0x100 * (0x1000 / 4 + l) + 1 : 0x100 * (0x2000 / 4 + l));
  s->exec[0] = ~0u;
  /* v0 = the lane: the module computes it (SPIRV_SPEC_TID_LINEAR); in reverse order it
   * loads it per lane; the same dwords are written either way */
  assert_int_equal(spirv_tid_linear(spv, count, s, 1), 1);
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = 31 - l;
  assert_int_equal(spirv_tid_linear(spv, count, s, 1), 0);
  for (uint32_t i = 0; i < 4 * PAGE / 4; i++) r1[i] = 0x100 * i;
  shader_memory_host_wrote(m, R1, 4 * PAGE);
  assert_true(shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                     sizeof err));
  shader_memory_download(m, R1, 4 * PAGE);
  for (uint32_t l = 0; l < 32; l++)
    assert_int_equal(r1[0x2000 / 4 + l], 0x100 * (0x1000 / 4 + l) + 1);
  /* a thread-id VGPR above 1023 breaks the guard's assumption: the fence runs */
  s->sgpr[2] = (uint32_t)(R1 + 0x2000);
  s->vgpr[0][5] = 1024;
  assert_int_equal(spirv_guarded_fences(spv, count, s, 1), 1);
  shader_memory_destroy(m);
  free(s);
  free(r1);
  free(spv);
}

/* Barriers of the module SPV (OpControlBarrier) and how many of them are guarded: behind an
 * OpBranchConditional on an OpSpecConstantTrue (the only boolean specialization constant
 * a compute module branches on is SPIRV_SPEC_GUARDED_FENCES). Read from the words. */
static void count_barriers(const uint32_t *spv, size_t count, unsigned *all, unsigned *guarded) {
  uint32_t spec_true[8];
  unsigned ns = 0;
  *all = *guarded = 0;
  for (size_t i = 5; i < count;) {
    uint32_t op = spv[i] & 0xffff, len = spv[i] >> 16;
    if (!len) break;
    if (op == 48 && ns < 8) spec_true[ns++] = spv[i + 2]; /* OpSpecConstantTrue */
    if (op == 224) ++*all;                                /* OpControlBarrier */
    for (unsigned k = 0; op == 250 && k < ns; k++)        /* OpBranchConditional */
      if (spv[i + 1] == spec_true[k]) ++*guarded;
    i += len;
  }
}

/* The fence after a store (docs/shader-spirv.md, guarded fences): each lane stores l + 7 at
 * A + 4l, loads B + 4l and stores what it read at C + 4l. Lanes run the instructions in
 * lockstep on the hardware, so every load sees every lane's store. B far from A: no lane
 * reads another's store, the guards hold and the dispatch leaves both fences out (the one
 * after the first store and the one before the last); B = A + 4 or A - 4: lane l reads lane
 * l +- 1's store, the fences run. Expected values from that rule in C. */
static void guarded_fence_after_store(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char src[] =
      "v_lshlrev_b32 v1, 2, v0\n"
      "v_add_nc_u32 v2, 7, v0\n"
      "global_store_dword v1, v2, s[0:1]\n"
      "global_load_dword v3, v1, s[2:3]\n"
      "s_waitcnt vmcnt(0)\n"
      "global_store_dword v1, v3, s[4:5]\n"
      "s_endpgm\n";
  size_t count;
  uint32_t *spv = compile_source(src, 1, &count);
  char err[200];
  unsigned all, guarded;
  count_barriers(spv, count, &all, &guarded);
  assert_int_equal(all, 2);
  assert_int_equal(guarded, 2);
  uint32_t *r1 = calloc(4 * PAGE / 4, 4);
  assert_non_null(r1);
  struct shader_memory *m = shader_memory_create(dev);
  assert_true(shader_memory_map(m, R1, r1, 4 * PAGE, false, err, sizeof err));
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(s);
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  const uint64_t a = 0x1000, c = 0x3000;
  static const int64_t loads[3] = {0x2000, 0x1004, 0xffc};
  static const uint32_t want_spec[3] = {0, 1, 1};
  for (int k = 0; k < 3; k++) {
    static uint32_t mem[4 * PAGE / 4];
    for (uint32_t i = 0; i < 4 * PAGE / 4; i++) r1[i] = 0x100 * i;
    memcpy(mem, r1, sizeof mem);
    shader_memory_host_wrote(m, R1, 4 * PAGE);
    const uint64_t bases[3] = {R1 + a, R1 + (uint64_t)loads[k], R1 + c};
    for (int i = 0; i < 3; i++) {
      s->sgpr[2 * i] = (uint32_t)bases[i];
      s->sgpr[2 * i + 1] = (uint32_t)(bases[i] >> 32);
    }
    assert_int_equal(spirv_guarded_fences(spv, count, s, 1), want_spec[k]);
    assert_true(shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                       sizeof err));
    shader_memory_download(m, R1, 4 * PAGE);
    for (uint32_t l = 0; l < 32; l++) mem[a / 4 + l] = l + 7; /* every store, then every load */
    uint32_t got[32];
    for (uint32_t l = 0; l < 32; l++) got[l] = mem[loads[k] / 4 + l];
    for (uint32_t l = 0; l < 32; l++) mem[c / 4 + l] = got[l];
    for (uint32_t i = 0; i < 4 * PAGE / 4; i++) assert_int_equal(r1[i], mem[i]);
  }
  shader_memory_destroy(m);
  free(s);
  free(r1);
  free(spv);
}

/* The table kept across dispatches (shader_memory_use_window, what the emulator's compute
 * dispatch uses): two dispatches over the same window import it once and the second sees
 * the host's writes to it; after the unmap notification (shader_memory_unmapped, as the
 * memory map's unmap observer reports it) and new memory mapped at the same address, the next
 * dispatch imports the new pages (no stale import) and reads their values. Values from C. */
static void kept_table(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  if (!vk_device_host_import_alignment(dev)) skip(); /* no VK_EXT_external_memory_host */
  static const char shift[] =
      "v_lshlrev_b32 v1, 2, v0\n"
      "global_load_dword v2, v1, s[0:1]\n"
      "s_waitcnt vmcnt(0)\n"
      "v_add_nc_u32 v2, 1, v2\n"
      "global_store_dword v1, v2, s[2:3]\n"
      "s_endpgm\n";
  size_t count;
  uint32_t *spv = compile_source(shift, 1, &count);
  char err[200];
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(s);
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  s->sgpr[0] = (uint32_t)R1; /* in[] at the window's start, out[] a page further */
  s->sgpr[2] = (uint32_t)(R1 + PAGE);
  uint32_t *r1 = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(r1 != MAP_FAILED);
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  for (int run = 0; run < 3; run++) {
    if (run == 2) { /* the guest unmaps the window; other memory comes at the same address */
      shader_memory_unmapped(m, R1, 4 * PAGE);
      assert_true(mmap(r1, 4 * PAGE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == r1);
    }
    for (uint32_t l = 0; l < 32; l++) r1[l] = 1000 * (uint32_t)run + 7 * l;
    assert_true(shader_memory_use_window(m, R1, r1, 4 * PAGE, err, sizeof err));
    assert_int_equal(shader_memory_count(m), 1);
    assert_int_equal(shader_memory_imports(m), run < 2 ? 1 : 2);
    assert_true(shader_dispatch_memory(dev, spv, count, s, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                                       sizeof err));
    for (uint32_t l = 0; l < 32; l++)
      assert_int_equal(r1[PAGE / 4 + l], 1000 * (uint32_t)run + 7 * l + 1);
  }
  /* another window meeting it replaces it; one elsewhere joins it */
  assert_true(shader_memory_use_window(m, R1 + PAGE, r1 + PAGE / 4, PAGE, err, sizeof err));
  assert_int_equal(shader_memory_count(m), 1);
  assert_true(shader_memory_use_window(m, R1 + 2 * PAGE, r1 + 2 * PAGE / 4, PAGE, err, sizeof err));
  assert_int_equal(shader_memory_count(m), 2);
  assert_int_equal(shader_memory_imports(m), 4);
  shader_memory_destroy(m);
  munmap(r1, 4 * PAGE);
  free(s);
  free(spv);
}

/* A pinned range (shader_memory_use_pinned: the GDS, compute_gds.h) stays through windows
 * that fill the table (the least recently used unpinned one goes), through the guest's unmap
 * notifications (even one that drops everything), and a window meeting it is refused, naming
 * it; shader_memory_unmap drops it. Its host bytes are what the device sees at its address. */
static void pinned_range(void **state) {
  (void)state;
  if (!dev) skip();
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  static uint32_t win[5][16], pin[16];
  char err[200];
  const uint64_t P = 0xffffffff0000ull;
  assert_true(shader_memory_use_pinned(m, P, pin, sizeof pin, err, sizeof err));
  for (uint32_t i = 0; i < 5; i++) /* five windows: the table keeps the pinned one and three */
    assert_true(
        shader_memory_use_window(m, 0x1000 + i * 0x100, win[i], sizeof win[i], err, sizeof err));
  assert_int_equal(shader_memory_count(m), SHADER_MEMORY_MAX_RANGES);
  assert_true(shader_memory_device_address(m, P + 4) != 0);
  assert_int_equal(shader_memory_device_address(m, 0x1000), 0); /* the oldest windows went */
  assert_int_equal(shader_memory_device_address(m, 0x1100), 0);
  assert_true(shader_memory_device_address(m, 0x1400) != 0);
  assert_true(shader_memory_use_pinned(m, P, pin, sizeof pin, err, sizeof err)); /* reused */
  assert_int_equal(shader_memory_count(m), SHADER_MEMORY_MAX_RANGES);
  for (uint32_t i = 0; i < 20; i++) shader_memory_unmapped(m, 0, UINT64_MAX); /* all, queued */
  assert_true(shader_memory_use_window(m, 0x2000, win[0], sizeof win[0], err, sizeof err));
  assert_int_equal(shader_memory_count(m), 2);
  assert_true(shader_memory_device_address(m, P) != 0);
  assert_false(shader_memory_use_window(m, P - 16, win[1], sizeof win[1], err, sizeof err));
  assert_non_null(strstr(err, "overlaps"));
  assert_true(shader_memory_device_address(m, P) != 0);
  shader_memory_unmap(m, P, 4);
  assert_int_equal(shader_memory_device_address(m, P), 0);
  shader_memory_destroy(m);
}

/* Bad ranges are refused with a message. */
static void bad_ranges(void **state) {
  (void)state;
  if (!dev) skip();
  struct shader_memory *m = shader_memory_create(dev);
  uint32_t buf[16];
  char err[200];
  assert_false(shader_memory_map(m, 1ull << 48, buf, 64, false, err, sizeof err));
  assert_false(shader_memory_map(m, 0x1000, buf, 6, false, err, sizeof err));
  assert_false(shader_memory_map(m, 0x1000, NULL, 64, false, err, sizeof err));
  assert_non_null(strstr(err, "0x1000"));
  for (uint32_t i = 0; i < SHADER_MEMORY_MAX_RANGES; i++)
    assert_true(shader_memory_map(m, 0x1000 + i * 0x100, buf, 64, false, err, sizeof err));
  assert_false(shader_memory_map(m, 0x900000, buf, 64, false, err, sizeof err));
  assert_non_null(strstr(err, "full"));
  assert_int_equal(shader_memory_device_address(m, 0x800000), 0);
  assert_true(shader_memory_device_address(m, 0x1004) != 0);
  shader_memory_destroy(m);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(imported_ranges),
                                     cmocka_unit_test(copied_ranges),
                                     cmocka_unit_test(copies_upload_marked_pages_only),
                                     cmocka_unit_test(bad_ranges),
                                     cmocka_unit_test(guarded_fences),
                                     cmocka_unit_test(guarded_fence_after_store),
                                     cmocka_unit_test(kept_table),
                                     cmocka_unit_test(pinned_range)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
