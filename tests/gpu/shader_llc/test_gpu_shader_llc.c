/* Kernels compiled by LLVM (llc-19, target amdgcn-amd-amdhsa, gfx1013) from LLVM IR, run
 * through the recompiler by the compute dispatch entry point exactly as a command processor
 * would: the code object's .text is the program, and COMPUTE_PGM_RSRC1/2/3 and the wave
 * size come from the compiler's own kernel descriptor (.rodata; layout in LLVM's
 * AMDGPUUsage "Kernel Descriptor": rsrc3 at byte 44, rsrc1 at 48, rsrc2 at 52, the
 * kernel code properties at 56 with ENABLE_WAVEFRONT_SIZE32 in bit 10; the LDS size from the
 * group segment size at 0, as the packet processor does). User SGPRs as the
 * HSA ABI lays them out: s[0:3] the private segment buffer, s[4:5] the kernarg pointer.
 * The results are checked against C. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "vk_test_device.h"

static vk_device *dev;
static struct shader_cache *cache;
static unsigned kernels_passed;

enum {
  WIN = 0x100000,
  SIZE = 0x100000,
  CODE = 0x102000, /* a linked object's .rodata (before .text) goes below it */
  KERNARG = 0x108000,
  IN = 0x109000,
  OUT = 0x110000,
  SCRATCH = 0x140000, /* the scratch ring: SCRATCH_WAVES slots */
  SCRATCH_SIZE = 0xc0000,
  SCRATCH_WAVES = 8 /* smaller than the grid: two groups of four waves (wave64), one of eight
                     * (wave32); the dispatcher runs no more groups at once than it holds */
};
#define FILL 0xaaaaaaaau
#define COUNT 1000u /* elements; the last group is cut by the kernels' bound check */

struct object {
  uint32_t *text;
  size_t text_dwords;
  uint8_t desc[64];
  /* a linked object's .rodata (its kernel descriptor and constants), placed RODATA_BEFORE
   * bytes before the code as the link laid it out (NULL: none) */
  uint8_t *rodata;
  size_t rodata_size;
  uint64_t rodata_before;
};

/* The address of section SECTION (llvm-objdump-19 -h) or symbol SECTION (llvm-nm-19, when
 * NM) in OBJ; false when not found. */
static bool address_of(const char *obj, const char *name, bool nm, uint64_t *addr) {
  char cmd[800], line[256];
  snprintf(cmd, sizeof cmd, nm ? "llvm-nm-19 %s" : "llvm-objdump-19 -h %s", obj);
  FILE *p = popen(cmd, "r");
  if (!p) return false;
  bool found = false;
  while (!found && fgets(line, sizeof line, p)) {
    char n[64];
    unsigned long long a, size;
    if (nm) found = sscanf(line, "%llx %*s %63s", &a, n) == 2 && strcmp(n, name) == 0;
    else found = sscanf(line, "%*u %63s %llx %llx", n, &size, &a) == 3 && strcmp(n, name) == 0;
    if (found) *addr = a;
  }
  pclose(p);
  return found;
}

static bool read_section(const char *dir, const char *obj, const char *section, void *out,
                         size_t max, size_t *got) {
  char cmd[1024], path[600];
  snprintf(path, sizeof path, "%s/sec.bin", dir);
  snprintf(cmd, sizeof cmd, "llvm-objcopy-19 -O binary --only-section=%s %s %s", section, obj,
           path);
  if (system(cmd) != 0) return false;
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  *got = fread(out, 1, max, f);
  fclose(f);
  return true;
}

static void compile(const char *ll, bool wave64, struct object *o) {
  char dir[] = "/tmp/prospero-llc-XXXXXX";
  bool link = strstr(ll, "amdhsa_code_object_version") != NULL;
  /* the stack llc assumes for a call it cannot size (a recursion): "; stack N" in the IR,
   * else 0: every callee is in the module (with code object v4 llc otherwise adds its
   * 16 KiB guess to the kernel's private segment) */
  const char *stack = strstr(ll, "; stack ");
  unsigned assumed = stack ? (unsigned)strtoul(stack + 8, NULL, 10) : 0;
  char extra[96] = "";
  if (link) snprintf(extra, sizeof extra, " -amdgpu-assume-external-call-stack-size=%u", assumed);
  assert_non_null(mkdtemp(dir));
  char path[600], cmd[1500];
  snprintf(path, sizeof path, "%s/k.ll", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(ll, f);
  fclose(f);
  snprintf(
      cmd, sizeof cmd,
      "llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1013 -mattr=%s -disable-promote-alloca-to-vector"
      " -disable-promote-alloca-to-lds%s -filetype=obj %s -o %s/k.o",
      wave64 ? "+wavefrontsize64" : "+wavefrontsize32", extra, path, dir);
  assert_int_equal(system(cmd), 0);
  snprintf(path, sizeof path, "%s/k.o", dir);
  if (link) {
    /* calls: the callees' rel32 relocations are resolved by linking the code object as a
     * runtime loads it (Debian 12's ld.lld 14 reads code object v4, which the IR asks for) */
    snprintf(cmd, sizeof cmd, "ld.lld -shared %s/k.o -o %s/k.so", dir, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(path, sizeof path, "%s/k.so", dir);
  }
  o->text = malloc(65536);
  size_t got;
  assert_true(read_section(dir, path, ".text", o->text, 65536, &got));
  o->text_dwords = got / 4;
  o->rodata = NULL;
  o->rodata_size = o->rodata_before = 0;
  if (link) { /* the descriptor at k.kd in .rodata, with the constants the code reads */
    uint64_t text_at, rodata_at, kd_at;
    o->rodata = malloc(4096);
    assert_true(read_section(dir, path, ".rodata", o->rodata, 4096, &o->rodata_size));
    assert_true(address_of(path, ".text", false, &text_at));
    assert_true(address_of(path, ".rodata", false, &rodata_at));
    assert_true(address_of(path, "k.kd", true, &kd_at));
    assert_true(rodata_at + o->rodata_size <= text_at && text_at - rodata_at <= CODE - WIN);
    assert_true(kd_at >= rodata_at && kd_at - rodata_at + 64 <= o->rodata_size);
    memcpy(o->desc, o->rodata + (kd_at - rodata_at), 64);
    o->rodata_before = text_at - rodata_at;
  } else {
    assert_true(read_section(dir, path, ".rodata", o->desc, sizeof o->desc, &got));
    assert_int_equal(got, 64);
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Dispatches O over GROUPS with THREADS per group; kernel arguments (out, in, n) at KERNARG. */
static void dispatch(const struct object *o, const uint32_t threads[3], const uint32_t groups[3],
                     uint8_t *mem) {
  assert_true(CODE + o->text_dwords * 4 <= KERNARG);
  if (o->rodata) memcpy(mem + (CODE - WIN) - o->rodata_before, o->rodata, o->rodata_size);
  memcpy(mem + (CODE - WIN), o->text, o->text_dwords * 4);
  uint64_t args[2] = {OUT, IN};
  memcpy(mem + (KERNARG - WIN), args, sizeof args);
  memcpy(mem + (KERNARG - WIN) + 16, &(uint32_t){COUNT}, 4);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_PGM_RSRC3] = le32(o->desc + 44);
  r.r[COMPUTE_PGM_RSRC1] = le32(o->desc + 48);
  r.r[COMPUTE_PGM_RSRC2] = le32(o->desc + 52);
  /* the descriptor leaves GRANULATED_LDS_SIZE 0: the HSA packet processor fills it from the
   * group segment size (descriptor byte 0 plus the dispatch's dynamic part), as done here */
  compute_set(&r, COMPUTE_PGM_RSRC2__LDS_SIZE, (le32(o->desc) + 511) / 512);
  uint16_t props = (uint16_t)(o->desc[56] | o->desc[57] << 8);
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | ((props >> 10) & 1u) << 15;
  r.r[COMPUTE_NUM_THREAD_X] = threads[0];
  r.r[COMPUTE_NUM_THREAD_Y] = threads[1];
  r.r[COMPUTE_NUM_THREAD_Z] = threads[2];
  /* s[0:3] private segment buffer, s[4:5] kernarg pointer. The private segment (descriptor
   * byte 4: bytes per work-item) lives in a scratch ring at SCRATCH: TMPRING_SIZE.WAVESIZE
   * in KiB per wave and WAVES slots; the V# as a runtime builds it for GFX10: swizzled,
   * add_tid, index stride = the wave size, so lane l's dword k of its wave's slot (the wave
   * offset SGPR, soffset) is at 4 (k * lanes + l) */
  uint32_t lanes = (le32(o->desc + 56) >> 10) & 1 ? 32 : 64, priv = le32(o->desc + 4);
  uint32_t wave_kib = (priv * lanes + 1023) / 1024;
  compute_set(&r, COMPUTE_TMPRING_SIZE__WAVESIZE, wave_kib);
  compute_set(&r, COMPUTE_TMPRING_SIZE__WAVES, SCRATCH_WAVES);
  struct ir_vsharp v = {.base = SCRATCH,
                        .num_records = SCRATCH_SIZE,
                        .swizzle = true,
                        .add_tid = true,
                        .index_stride = lanes == 32 ? 2 : 3,
                        .dst_sel = {4, 5, 6, 7},
                        .format = 20,
                        .resource_level = 1,
                        .oob_select = IR_OOB_RAW};
  ir_vsharp_encode(&v, &r.r[COMPUTE_USER_DATA_0]);
  if (wave_kib * 1024u * SCRATCH_WAVES > SCRATCH_SIZE)
    fprintf(stderr, "private %u bytes, %u lanes\n", priv, lanes);
  assert_true(wave_kib * 1024u * SCRATCH_WAVES <= SCRATCH_SIZE);
  r.r[COMPUTE_USER_DATA_0 + 4] = KERNARG;
  r.r[COMPUTE_USER_DATA_0 + 5] = 0;
  struct compute_config cfg;
  char err[256];
  assert_true(compute_config_decode(&r, &cfg, err, sizeof err));
  /* what the compiler asked for; with private memory also the flat scratch init pair */
  if (cfg.user_sgprs != 6) fprintf(stderr, "%u user SGPRs\n", cfg.user_sgprs);
  assert_int_equal(cfg.user_sgprs, priv ? 8 : 6);
  struct compute_dispatcher d = {.dev = dev, .cache = cache};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  bool ok = compute_dispatch_direct(&d, &r, groups, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "dispatch: %s\n", err);
  assert_true(ok);
}

static uint8_t *fresh_memory(uint32_t (*in)(uint32_t)) {
  uint8_t *mem = malloc(SIZE);
  assert_non_null(mem);
  for (uint32_t i = 0; i < SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  for (uint32_t i = 0; i < COUNT; i++) memcpy(mem + (IN - WIN) + 4 * i, &(uint32_t){in(i)}, 4);
  return mem;
}

static void check(const char *name, const uint8_t *mem, uint32_t (*expect)(uint32_t)) {
  for (uint32_t i = 0; i < COUNT + 64; i++) {
    uint32_t v, want = i < COUNT ? expect(i) : FILL;
    memcpy(&v, mem + (OUT - WIN) + 4 * i, 4);
    if (v != want) fprintf(stderr, "%s: element %u: 0x%x, expected 0x%x\n", name, i, v, want);
    assert_int_equal(v, want);
  }
  kernels_passed++;
}

#define HEAD                                    \
  "declare i32 @llvm.amdgcn.workgroup.id.x()\n" \
  "declare i32 @llvm.amdgcn.workgroup.id.y()\n" \
  "declare i32 @llvm.amdgcn.workitem.id.x()\n"  \
  "declare i32 @llvm.amdgcn.workitem.id.y()\n"  \
  "declare void @llvm.amdgcn.s.barrier()\n"
#define ATTRS                                                                               \
  "attributes #0 = { \"amdgpu-flat-work-group-size\"=\"%s\" \"amdgpu-no-implicitarg-ptr\" " \
  "\"amdgpu-no-dispatch-ptr\" \"amdgpu-no-queue-ptr\" \"amdgpu-no-dispatch-id\" }\n"

/* ---- 2-D ids over two waves per group: element (gx * 2 + ly) * 32 + lx gets in * (gy + 3) + ly */
static const char ids_ll[] = HEAD
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %gy = call i32 @llvm.amdgcn.workgroup.id.y()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %ly = call i32 @llvm.amdgcn.workitem.id.y()\n"
    "  %g2 = shl i32 %gx, 1\n"
    "  %row = add i32 %g2, %ly\n"
    "  %r32 = shl i32 %row, 5\n"
    "  %i = add i32 %r32, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  %k = add i32 %gy, 3\n"
    "  %m = mul i32 %v, %k\n"
    "  %s = add i32 %m, %ly\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %s, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";
static uint32_t ids_in(uint32_t i) { return i * 7 + 1; }
static uint32_t ids_expect(uint32_t i) {
  return ids_in(i) * 3 + ((i / 32) & 1);
} /* one row of groups: gy = 0 */

/* ---- a divergent loop: the Collatz steps of in[i] (at most 500)
 * ----------------------------------- */
static const char collatz_ll[] = HEAD
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 6\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %start, label %exit\n"
    "start:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v0 = load i32, ptr addrspace(1) %p\n"
    "  br label %loop\n"
    "loop:\n"
    "  %v = phi i32 [ %v0, %start ], [ %next, %step ]\n"
    "  %c = phi i32 [ 0, %start ], [ %c1, %step ]\n"
    "  %done = icmp ule i32 %v, 1\n"
    "  %cap = icmp uge i32 %c, 500\n"
    "  %stop = or i1 %done, %cap\n"
    "  br i1 %stop, label %store, label %step\n"
    "step:\n"
    "  %odd = and i32 %v, 1\n"
    "  %isodd = icmp ne i32 %odd, 0\n"
    "  %t3 = mul i32 %v, 3\n"
    "  %t31 = add i32 %t3, 1\n"
    "  %h = lshr i32 %v, 1\n"
    "  %next = select i1 %isodd, i32 %t31, i32 %h\n"
    "  %c1 = add i32 %c, 1\n"
    "  br label %loop\n"
    "store:\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %c, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";
static uint32_t collatz_in(uint32_t i) { return i + 1; }
static uint32_t collatz_expect(uint32_t i) {
  uint32_t v = collatz_in(i), c = 0;
  while (v > 1 && c < 500) {
    v = v & 1 ? v * 3 + 1 : v >> 1;
    c++;
  }
  return c;
}

/* ---- LDS and a barrier in a one-wave group: each group of 32 reverses its elements ------------
 */
static const char lds_ll[] = HEAD
    "@tile = internal addrspace(3) global [32 x i32] poison, align 4\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 5\n"
    "  %i = add i32 %b, %lx\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  %s = getelementptr [32 x i32], ptr addrspace(3) @tile, i32 0, i32 %lx\n"
    "  store i32 %v, ptr addrspace(3) %s\n"
    "  fence syncscope(\"workgroup\") release\n"
    "  call void @llvm.amdgcn.s.barrier()\n"
    "  fence syncscope(\"workgroup\") acquire\n"
    "  %r = sub i32 31, %lx\n"
    "  %t = getelementptr [32 x i32], ptr addrspace(3) @tile, i32 0, i32 %r\n"
    "  %w = load i32, ptr addrspace(3) %t\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %w, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";
static uint32_t lds_in(uint32_t i) { return i < COUNT ? i * i : FILL; }
static uint32_t lds_expect(uint32_t i) { return lds_in((i & ~31u) + 31 - (i & 31)); }

/* ---- private memory (scratch): a 64-dword array indexed at run time, in groups of 256
 * threads (several waves): arr[k] = in[i] * k + lx, then the sum over j of
 * arr[(7 j + lx) & 63] * (j + 1). llc keeps the array in scratch (MUBUF through the private
 * segment buffer with the wave offset) and every group's waves need their own slots. */
static const char private_ll[] = HEAD
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %arr = alloca [64 x i32], align 4, addrspace(5)\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 8\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %load, label %exit\n"
    "load:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  br label %fill\n"
    "fill:\n"
    "  %k = phi i32 [ 0, %load ], [ %k1, %fill ]\n"
    "  %vk = mul i32 %v, %k\n"
    "  %e = add i32 %vk, %lx\n"
    "  %slot = getelementptr [64 x i32], ptr addrspace(5) %arr, i32 0, i32 %k\n"
    "  store volatile i32 %e, ptr addrspace(5) %slot\n"
    "  %k1 = add i32 %k, 1\n"
    "  %more = icmp ult i32 %k1, 64\n"
    "  br i1 %more, label %fill, label %sum\n"
    "sum:\n"
    "  %j = phi i32 [ 0, %fill ], [ %j1, %sum ]\n"
    "  %acc = phi i32 [ 0, %fill ], [ %acc1, %sum ]\n"
    "  %j7 = mul i32 %j, 7\n"
    "  %jl = add i32 %j7, %lx\n"
    "  %idx = and i32 %jl, 63\n"
    "  %q = getelementptr [64 x i32], ptr addrspace(5) %arr, i32 0, i32 %idx\n"
    "  %x = load volatile i32, ptr addrspace(5) %q\n"
    "  %jp = add i32 %j, 1\n"
    "  %xm = mul i32 %x, %jp\n"
    "  %acc1 = add i32 %acc, %xm\n"
    "  %j1 = add i32 %j, 1\n"
    "  %again = icmp ult i32 %j1, 64\n"
    "  br i1 %again, label %sum, label %store\n"
    "store:\n"
    "  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %acc1, ptr addrspace(1) %o\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";
static uint32_t private_in(uint32_t i) { return i * 13 + 5; }
static uint32_t private_expect(uint32_t i) {
  uint32_t lx = i % 256, arr[64], acc = 0;
  for (uint32_t k = 0; k < 64; k++) arr[k] = private_in(i) * k + lx;
  for (uint32_t j = 0; j < 64; j++) acc += arr[(7 * j + lx) & 63] * (j + 1);
  return acc;
}

/* ---- a workgroup of 256 threads (wave64: 4 waves, wave32: 8) summing its elements through
 * LDS with barriers between the waves: out[i] = the group's sum + in[i] */
static const char wgsum_ll[] = HEAD
    "@part = internal addrspace(3) global [256 x i32] poison, align 4\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 8\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v0 = load i32, ptr addrspace(1) %p\n"
    "  %v = select i1 %inb, i32 %v0, i32 0\n"
    "  %s = getelementptr [256 x i32], ptr addrspace(3) @part, i32 0, i32 %lx\n"
    "  store i32 %v, ptr addrspace(3) %s\n"
    "  br label %loop\n"
    "loop:\n"
    "  %h = phi i32 [ 128, %entry ], [ %h1, %next ]\n"
    "  fence syncscope(\"workgroup\") release\n"
    "  call void @llvm.amdgcn.s.barrier()\n"
    "  fence syncscope(\"workgroup\") acquire\n"
    "  %low = icmp ult i32 %lx, %h\n"
    "  br i1 %low, label %add, label %next\n"
    "add:\n"
    "  %o = add i32 %lx, %h\n"
    "  %t = getelementptr [256 x i32], ptr addrspace(3) @part, i32 0, i32 %o\n"
    "  %a = load i32, ptr addrspace(3) %t\n"
    "  %c = load i32, ptr addrspace(3) %s\n"
    "  %ac = add i32 %a, %c\n"
    "  store i32 %ac, ptr addrspace(3) %s\n"
    "  br label %next\n"
    "next:\n"
    "  %h1 = lshr i32 %h, 1\n"
    "  %go = icmp ne i32 %h1, 0\n"
    "  br i1 %go, label %loop, label %done\n"
    "done:\n"
    "  fence syncscope(\"workgroup\") release\n"
    "  call void @llvm.amdgcn.s.barrier()\n"
    "  fence syncscope(\"workgroup\") acquire\n"
    "  %z = getelementptr [256 x i32], ptr addrspace(3) @part, i32 0, i32 0\n"
    "  %sum = load i32, ptr addrspace(3) %z\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %r = add i32 %sum, %v\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %r, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n";
static uint32_t wgsum_in(uint32_t i) { return i < COUNT ? i * 3 + 1 : 0; }
static uint32_t wgsum_expect(uint32_t i) {
  uint32_t g = i / 256, sum = 0;
  for (uint32_t t = g * 256; t < g * 256 + 256 && t < COUNT; t++) sum += wgsum_in(t);
  return sum + wgsum_in(i);
}

/* ---- calls: noinline functions, h called from two sites (its second call through the
 * address kept in s[4:5] across the first), f calling g (f saves its return address with
 * v_writelane and restores it with v_readlane; the lanes' VGPR is spilled to the stack):
 * out[i] = f(h(h(in[i])), i), f(x, y) = g(3x ^ y) + x, g(x) = x * x + 7, h(x) = 4x - 5 */
#define NOINLINE_FUNCTIONS                        \
  "define internal i32 @g(i32 %x) #1 {\n"         \
  "  %a = mul i32 %x, %x\n"                       \
  "  %b = add i32 %a, 7\n"                        \
  "  ret i32 %b\n"                                \
  "}\n"                                           \
  "define internal i32 @f(i32 %x, i32 %y) #1 {\n" \
  "  %a = mul i32 %x, 3\n"                        \
  "  %b = xor i32 %a, %y\n"                       \
  "  %c = call i32 @g(i32 %b)\n"                  \
  "  %d = add i32 %c, %x\n"                       \
  "  ret i32 %d\n"                                \
  "}\n"                                           \
  "define internal i32 @h(i32 %x) #1 {\n"         \
  "  %a = shl i32 %x, 2\n"                        \
  "  %b = sub i32 %a, 5\n"                        \
  "  ret i32 %b\n"                                \
  "}\n"
static const char calls_ll[] = HEAD
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 6\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  %r1 = call i32 @h(i32 %v)\n"
    "  %r2 = call i32 @h(i32 %r1)\n"
    "  %r3 = call i32 @f(i32 %r2, i32 %i)\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %r3, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n"
    /* after the kernel: the program's first word is its entry */
    NOINLINE_FUNCTIONS
    "attributes #1 = { noinline }\n"
    "!llvm.module.flags = !{!0}\n"
    "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 400}\n";
/* ---- recursion with a divergent depth: out[i] = r(in[i], i % 7), r(x, 0) = x,
 * r(x, d) = r(3x + d, d - 1) ^ d. Each level saves s[30:31] and its frame pointer with
 * v_writelane into a VGPR spilled to the stack; the lanes whose depth ran out wait under
 * EXEC while the others recurse. llc cannot size the stack of a recursion: 256 bytes per
 * lane are assumed ("; stack 256"; seven levels of 16 bytes are used) */
static const char recursion_ll[] =
    "; stack 256\n" HEAD
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 6\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  %d = urem i32 %i, 7\n"
    "  %r = call i32 @r(i32 %v, i32 %d)\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %r, ptr addrspace(1) %q\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n"
    "define internal i32 @r(i32 %x, i32 %d) #1 {\n"
    "  %c = icmp eq i32 %d, 0\n"
    "  br i1 %c, label %base, label %rec\n"
    "base:\n"
    "  ret i32 %x\n"
    "rec:\n"
    "  %x1 = mul i32 %x, 3\n"
    "  %x2 = add i32 %x1, %d\n"
    "  %d1 = sub i32 %d, 1\n"
    "  %rr = call i32 @r(i32 %x2, i32 %d1)\n"
    "  %r2 = xor i32 %rr, %d\n"
    "  ret i32 %r2\n"
    "}\n"
    "attributes #1 = { noinline }\n"
    "!llvm.module.flags = !{!0}\n"
    "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 400}\n";
static uint32_t recursion_in(uint32_t i) { return i * 40503u + 3; }
static uint32_t recursion_r(uint32_t x, uint32_t d) {
  return d ? recursion_r(3 * x + d, d - 1) ^ d : x;
}
static uint32_t recursion_expect(uint32_t i) { return recursion_r(recursion_in(i), i % 7); }

static uint32_t calls_in(uint32_t i) { return i * 2654435761u + 11; }
static uint32_t calls_h(uint32_t x) { return 4 * x - 5; }
static uint32_t calls_g(uint32_t x) { return x * x + 7; }
static uint32_t calls_expect(uint32_t i) {
  uint32_t x = calls_h(calls_h(calls_in(i)));
  return calls_g((3 * x) ^ i) + x;
}

/* ---- a constant table (.rodata, linked before .text): llc reads it with s_getpc_b64 +
 * s_add_u32/s_addc_u32 of tab@rel32 (a negative distance) and a global_load_dword of the
 * lane's entry and an s_load_dword of the group's: out[i] = tab[in & 15] * in + tab[gx & 15] */
static const uint32_t rodata_tab[16] = {3,  14, 15, 92, 65, 35,  89,  79,
                                        32, 38, 46, 26, 43, 383, 279, 50288};
static const char rodata_ll[] = HEAD
    "@tab = internal addrspace(4) constant [16 x i32] [i32 3, i32 14, i32 15, i32 92, i32 65,"
    " i32 35, i32 89, i32 79, i32 32, i32 38, i32 46, i32 26, i32 43, i32 383, i32 279,"
    " i32 50288], align 4\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {\n"
    "entry:\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %lx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %b = shl i32 %gx, 6\n"
    "  %i = add i32 %b, %lx\n"
    "  %inb = icmp ult i32 %i, %n\n"
    "  br i1 %inb, label %body, label %exit\n"
    "body:\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i\n"
    "  %v = load i32, ptr addrspace(1) %p\n"
    "  %j = and i32 %v, 15\n"
    "  %q = getelementptr [16 x i32], ptr addrspace(4) @tab, i32 0, i32 %j\n"
    "  %t = load i32, ptr addrspace(4) %q\n"
    "  %g = and i32 %gx, 15\n"
    "  %q2 = getelementptr [16 x i32], ptr addrspace(4) @tab, i32 0, i32 %g\n"
    "  %u = load i32, ptr addrspace(4) %q2\n"
    "  %s = mul i32 %t, %v\n"
    "  %s2 = add i32 %s, %u\n"
    "  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i\n"
    "  store i32 %s2, ptr addrspace(1) %o\n"
    "  br label %exit\n"
    "exit:\n"
    "  ret void\n"
    "}\n"
    "!llvm.module.flags = !{!0}\n"
    "!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 400}\n";
static uint32_t rodata_in(uint32_t i) { return i * 2246822519u + 7; }
static uint32_t rodata_expect(uint32_t i) {
  uint32_t v = rodata_in(i);
  return rodata_tab[v & 15] * v + rodata_tab[(i / 64) & 15];
}

static void run(const char *name, const char *body, const char *wg, bool wave64,
                const uint32_t threads[3], const uint32_t groups[3], uint32_t (*in)(uint32_t),
                uint32_t (*expect)(uint32_t)) {
  char ll[8192];
  snprintf(ll, sizeof ll, "%s" ATTRS, body, wg);
  struct object o;
  compile(ll, wave64, &o);
  uint8_t *mem = fresh_memory(in);
  dispatch(&o, threads, groups, mem);
  check(name, mem, expect);
  free(mem);
  free(o.text);
  free(o.rodata);
}

static void llc_kernels_match_c(void **state) {
  (void)state;
  if (system("command -v llc-19 >/dev/null && command -v llvm-objcopy-19 >/dev/null &&"
             " command -v llvm-objdump-19 >/dev/null && command -v llvm-nm-19 >/dev/null &&"
             " command -v ld.lld >/dev/null") != 0) {
    fprintf(stderr,
            "skipped: llc-19/llvm-objcopy-19/llvm-objdump-19/llvm-nm-19/ld.lld not installed\n");
    skip();
  }
  if (!dev) skip();
  /* 32 x 2 threads: two wave32 waves per group (ly = 0, then 1); 16 groups cover 1,024 */
  run("ids_w32", ids_ll, "64,64", false, (const uint32_t[3]){32, 2, 1},
      (const uint32_t[3]){16, 1, 1}, ids_in, ids_expect);
  run("ids_w64", ids_ll, "64,64", true, (const uint32_t[3]){32, 2, 1},
      (const uint32_t[3]){16, 1, 1}, ids_in, ids_expect);
  run("collatz_w32", collatz_ll, "64,64", false, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, collatz_in, collatz_expect);
  run("collatz_w64", collatz_ll, "64,64", true, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, collatz_in, collatz_expect);
  run("lds_w32", lds_ll, "32,32", false, (const uint32_t[3]){32, 1, 1},
      (const uint32_t[3]){32, 1, 1}, lds_in, lds_expect);
  /* several waves per group: LDS and s_barrier between them; scratch per wave */
  run("wgsum_w64", wgsum_ll, "256,256", true, (const uint32_t[3]){256, 1, 1},
      (const uint32_t[3]){4, 1, 1}, wgsum_in, wgsum_expect);
  run("wgsum_w32", wgsum_ll, "256,256", false, (const uint32_t[3]){256, 1, 1},
      (const uint32_t[3]){4, 1, 1}, wgsum_in, wgsum_expect);
  run("private_w64", private_ll, "256,256", true, (const uint32_t[3]){256, 1, 1},
      (const uint32_t[3]){4, 1, 1}, private_in, private_expect);
  run("private_w32", private_ll, "256,256", false, (const uint32_t[3]){256, 1, 1},
      (const uint32_t[3]){4, 1, 1}, private_in, private_expect);
  /* calls and returns through s_swappc_b64 / s_setpc_b64 */
  run("calls_w32", calls_ll, "64,64", false, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, calls_in, calls_expect);
  run("calls_w64", calls_ll, "64,64", true, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, calls_in, calls_expect);
  run("recursion_w32", recursion_ll, "64,64", false, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, recursion_in, recursion_expect);
  run("recursion_w64", recursion_ll, "64,64", true, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, recursion_in, recursion_expect);
  /* constants after (here before) the code, read through s_getpc: the code at CODE */
  run("rodata_w32", rodata_ll, "64,64", false, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, rodata_in, rodata_expect);
  run("rodata_w64", rodata_ll, "64,64", true, (const uint32_t[3]){64, 1, 1},
      (const uint32_t[3]){16, 1, 1}, rodata_in, rodata_expect);
  printf("%u of 15 llc-19 kernels passed\n", kernels_passed);
}

int main(void) {
  dev = vk_test_device();
  cache = shader_cache_create(&(struct shader_cache_config){.workers = 1});
  const struct CMUnitTest tests[] = {cmocka_unit_test(llc_kernels_match_c)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  shader_cache_destroy(cache);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
