/* Private memory and the register file on the Vulkan device (lavapipe in CI), in wave32 and
 * wave64, each kernel (llvm-mc-19 at test time) also run in the IR interpreter from the same
 * start; every module passes spirv-val, the guest windows must be equal byte for byte and
 * the outputs the values computed here in C from the ISA's description:
 * - flat_atomics_on_private_memory: FLAT atomics through the private aperture
 *   (src_private_base) on each lane's own scratch bytes (docs/shader-spirv.md, "Scratch"):
 *   add, umax, sub without return, swap, an xor past the lane's memory (returns 0, writes
 *   nothing), compare-and-swap that swaps in odd lanes; then the memory read back with
 *   scratch loads. With them LDS atomics (add, cmpst, an unaligned add) and a FLAT
 *   compare-and-swap in global memory. The same instructions' LDS and global
 * parts (a FLAT atomic may reach any aperture) are emitted but predicated off.
 * - swizzled_ring_atomics: buffer atomics (add, umax, cmpswap) through a swizzled V# with
 *   add_tid_enable, the scratch ring's addressing, the ring bytes checked at the ISA's
 *   swizzled addresses.
 * - global_atomics_64: global 64-bit atomics (add with a carry into the high dword,
 *   cmpswap that swaps in odd lanes, umax, all lanes adding to one quadword, an xor at an
 *   address 4 but not 8 bytes aligned: the interpreter's byte-wise rule); values from C.
 * - global_atomics_wrap: global_atomic_inc/dec (the GFX10 wrap: inc: old >= src ? 0 : old + 1,
 *   dec: old == 0 || old > src ? src : old - 1) on a dword per lane and all lanes
 *   incrementing one dword (a compare-and-swap loop in a helper function on the device).
 * - relative_vgpr_moves: v_movrels_b32, v_movreld_b32, v_movrelsd_b32, v_movrelsd_2_b32 with
 *   M0 computed from a start-state SGPR (so the index is not a constant the translator
 *   folds: the select chain over the register file is what runs), and an out-of-range
 *   source (v250 + 13: reads v0, the ISA's out-of-range rule). */
#include "xl_test_harness.h"

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "test_skip.h"
#include "vk_test_device.h"
#include "wave_run.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x4000u
#define CAS_AT 0x103000u /* the global compare-and-swap targets, a dword per lane */
#define LDS_BYTES 512u
#define GLOBAL 0x100000u
#define FILL 0xaaaaaaaau
#define PRIV 64u /* private bytes per lane */

static vk_device *dev;
static unsigned kernels_passed;

/* Runs SRC on LANES lanes (s[0:1] = GLOBAL, s2 = S2, s[4:7] = VSHARP unless NULL, v0 the
 * lane) on the device and in the interpreter; the two windows in *DEVICE and *INTERP
 * (caller frees). */
static void run_wave(const char *name, const char *src, uint32_t lanes, uint32_t s2,
                     const uint32_t *vsharp, uint8_t **device, uint8_t **interp) {
  struct wave_run r = {.name = name,
                       .src = src,
                       .lanes = lanes,
                       .window = WINDOW,
                       .window_size = WINDOW_SIZE,
                       .fill = FILL,
                       .lds_bytes = LDS_BYTES,
                       .priv_bytes = PRIV,
                       .sgpr = {GLOBAL, 0, s2}};
  if (vsharp) memcpy(&r.sgpr[4], vsharp, 16); /* s[4:7] */
  wave_run(dev, &r, device, interp);
}

/* Dword I of lane L's 32 output dwords at GLOBAL + 128 L must be WANT on both. */
static unsigned check(const char *name, const uint8_t *device, const uint8_t *interp, uint32_t l,
                      uint32_t i, uint32_t want) {
  return wave_check(name, device, interp, GLOBAL - WINDOW, l, i, want);
}

static const char atomics_src[] =
    /* the lane's private bytes 0..31: x, 7, 0xffffffff, 5, lo, hi, 0, 0 */
    "v_mad_u32_u24 v5, v0, 3, 100\n"
    "v_mov_b32 v6, 7\n"
    "v_mov_b32 v7, -1\n"
    "v_mov_b32 v8, 5\n"
    "v_mov_b32 v10, 0\n"
    "scratch_store_dwordx4 v10, v[5:8], off\n"
    "v_mov_b32 v5, -2\n"
    "v_mov_b32 v6, v0\n"
    "v_mov_b32 v7, 0x1234\n"
    "v_mov_b32 v8, 0x5678\n"
    "scratch_store_dwordx4 v10, v[5:8], off offset:16\n"
    "s_waitcnt vmcnt(0)\n"
    /* FLAT addresses in the private aperture */
    "s_mov_b64 s[20:21], src_private_base\n"
    "v_mov_b32 v12, 0\n"
    "v_mov_b32 v13, s21\n"
    "v_mov_b32 v1, 10\n"
    "flat_atomic_add v20, v[12:13], v1 glc\n"
    "flat_atomic_umax v21, v[12:13], v0 offset:4 glc\n"
    "flat_atomic_sub v[12:13], v0 offset:8\n"
    "v_mov_b32 v2, 0x77\n"
    "flat_atomic_swap v23, v[12:13], v2 offset:12 glc\n"
    "v_mov_b32 v22, 0\n"
    "v_mov_b32 v32, 0\n"
    "v_mov_b32 v24, -2\n"
    "v_mov_b32 v25, v0\n"
    "v_mov_b32 v14, 64\n" /* past the lane's 64 bytes */
    "v_mov_b32 v15, v13\n"
    "flat_atomic_xor v34, v[14:15], v1 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "v_mov_b32 v26, v34\n"
    "v_mov_b32 v27, v32\n"
    "scratch_load_dwordx4 v[40:43], v10, off\n"
    "scratch_load_dwordx4 v[44:47], v10, off offset:16\n"
    "s_waitcnt vmcnt(0)\n"
    /* LDS: 8 bytes per lane; add, compare-and-swap, an unaligned add */
    "v_lshlrev_b32 v51, 3, v0\n"
    "v_mov_b32 v52, 1000\n"
    "v_mov_b32 v53, 0\n"
    "ds_write2_b32 v51, v52, v53 offset1:1\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_add_rtn_u32 v36, v51, v1\n"
    "v_mov_b32 v54, 1010\n"
    "v_mov_b32 v55, 5\n"
    "ds_cmpst_rtn_b32 v37, v51, v54, v55\n"
    "ds_add_u32 v51, v1 offset:2\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read2_b32 v[38:39], v51 offset1:1\n"
    /* a FLAT compare-and-swap in global memory: swaps in odd lanes */
    "v_lshlrev_b32 v56, 2, v0\n"
    "v_add_nc_u32 v56, s0, v56\n"
    "v_add_nc_u32 v56, 0x3000, v56\n"
    "v_mov_b32 v57, s1\n"
    "v_mov_b32 v58, 0x99\n"
    "v_and_b32 v59, 1, v0\n"
    "v_mul_lo_u32 v59, 0xaaaaaaaa, v59\n"
    "flat_atomic_cmpswap v60, v[56:57], v[58:59] glc\n"
    /* a FLAT compare-and-swap on private memory: swaps in odd lanes */
    "v_mov_b32 v58, 0x55\n"
    "v_and_b32 v59, 1, v0\n"
    "v_mul_lo_u32 v59, 0x1234, v59\n"
    "flat_atomic_cmpswap v61, v[12:13], v[58:59] offset:24 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "scratch_load_dword v62, v10, off offset:24\n"
    "v_mov_b32 v63, 0\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[40:43], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[44:47], s[0:1] offset:48\n"
    "global_store_dwordx4 v50, v[36:39], s[0:1] offset:64\n"
    "global_store_dwordx4 v50, v[60:63], s[0:1] offset:80\n"
    "s_endpgm\n";

static void flat_atomics_on_private_memory(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_wave("private atomics", atomics_src, lanes, 0, NULL, &device, &interp);
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t x = 100 + 3 * l;
      const uint32_t want[16] = {x,
                                 7,
                                 0,
                                 5, /* the returned old values */
                                 0xfffffffeu,
                                 l,
                                 0,
                                 0, /* xor past the memory: 0 */
                                 x + 10,
                                 l > 7 ? l : 7,
                                 0xffffffffu - l,
                                 0x77, /* memory 0..15 */
                                 0xfffffffeu,
                                 l,
                                 0x1234,
                                 0x5678}; /* memory 16..31 */
      for (uint32_t i = 0; i < 16; i++)
        bad += check("private atomics", device, interp, l, i, want[i]);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* The scratch ring as LLVM addresses it: MUBUF through a swizzled V# with add_tid_enable
 * (index = the lane), stride 16 (a lane's bytes: the range check of a swizzled V# is offset
 * + 4 <= stride), index_stride = the wave size, soffset = the wave's offset:
 * dword k of lane l at base + soffset + k * 4 * WAVE + 4 l (the ISA's swizzled address:
 * (index / index_stride * stride + offset / 4 * 4) * index_stride + index % index_stride * 4
 * + offset % 4). Stores, then add, umax and cmpswap returning the old values, read back. */
#define RING 0x102000u
#define RING_SOFFSET 0x40u
static const char ring_src[] =
    "s_mov_b32 s12, 0x40\n"
    "v_mad_u32_u24 v5, v0, 5, 7\n"
    "v_mov_b32 v6, 100\n"
    "buffer_store_dword v5, off, s[4:7], s12\n"
    "buffer_store_dword v6, off, s[4:7], s12 offset:4\n"
    "buffer_store_dword v6, off, s[4:7], s12 offset:8\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v7, 3\n"
    "buffer_atomic_add v7, off, s[4:7], s12 glc\n"
    "v_mul_u32_u24 v8, 3, v0\n"
    "buffer_atomic_umax v8, off, s[4:7], s12 offset:4 glc\n"
    "v_mov_b32 v9, 0x55\n"
    "v_and_b32 v10, 1, v0\n"
    "v_mul_u32_u24 v10, 100, v10\n" /* compare 100 in odd lanes: swap */
    "buffer_atomic_cmpswap v[9:10], off, s[4:7], s12 offset:8 glc\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_load_dword v11, off, s[4:7], s12\n"
    "buffer_load_dword v12, off, s[4:7], s12 offset:4\n"
    "buffer_load_dword v13, off, s[4:7], s12 offset:8\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v14, v9\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "global_store_dwordx4 v50, v[7:10], s[0:1]\n"
    "global_store_dwordx4 v50, v[11:14], s[0:1] offset:16\n"
    "s_endpgm\n";

static void swizzled_ring_atomics(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    struct ir_vsharp v = {.base = RING,
                          .stride = 16, /* a lane's 16 bytes: offsets 0..15 in range */
                          .num_records = 0xffffffffu,
                          .swizzle = true,
                          .add_tid = true,
                          .dst_sel = {4, 5, 6, 7},
                          .format = 20 /* 32 UINT */,
                          .index_stride = lanes == 64 ? 3 : 2, /* 64 or 32 records */
                          .resource_level = 1,
                          .oob_select = IR_OOB_RAW};
    uint32_t d[4];
    ir_vsharp_encode(&v, d);
    uint8_t *device, *interp;
    run_wave("swizzled ring", ring_src, lanes, 0, d, &device, &interp);
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      bool odd = l & 1;
      uint32_t x = 5 * l + 7, m = 3 * l > 100 ? 3 * l : 100, c = odd ? 0x55u : 100;
      /* add's old, umax's old, cmpswap's old and compare; memory after; cmpswap's old */
      const uint32_t want[8] = {x, 100, 100, odd ? 100u : 0u, x + 3, m, c, 100};
      for (uint32_t i = 0; i < 8; i++) bad += check("swizzled ring", device, interp, l, i, want[i]);
      for (uint32_t k = 0; k < 3; k++) { /* the ring's bytes where the ISA puts them */
        uint32_t got, at = RING + RING_SOFFSET + k * 4 * lanes + 4 * l;
        memcpy(&got, device + (at - WINDOW), 4);
        uint32_t mem[3] = {x + 3, m, c};
        if (got != mem[k]) fprintf(stderr, "ring lane %u dword %u: 0x%08x\n", l, k, got), bad++;
      }
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* 64-bit global atomics: a quadword per lane at GLOBAL + 0x3000 + 8 l, one for all lanes at
 * + 0x3800, an unaligned one per lane at + 0x3404 + 16 l (only 4-byte aligned). */
static const char atomics64_src[] =
    "v_lshlrev_b32 v51, 3, v0\n"
    "v_add_nc_u32 v51, 0x3000, v51\n"
    "v_mov_b32 v2, -2\n"
    "v_mov_b32 v3, v0\n"
    "global_store_dwordx2 v51, v[2:3], s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v4, 3\n"
    "v_mov_b32 v5, 0\n"
    "global_atomic_add_x2 v[20:21], v51, v[4:5], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v8, 0x55667788\n"
    "v_mov_b32 v9, 0x11223344\n"
    "v_mov_b32 v10, 1\n"
    "v_and_b32 v59, 1, v0\n"
    "v_add_nc_u32 v11, 1, v0\n"
    "v_mul_lo_u32 v11, v11, v59\n" /* compare (l + 1) << 32 | 1 in odd lanes */
    "global_atomic_cmpswap_x2 v[22:23], v51, v[8:11], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v6, 0\n"
    "v_mov_b32 v7, 5\n"
    "global_atomic_umax_x2 v51, v[6:7], s[0:1]\n"
    "v_mov_b32 v52, 0x3800\n"
    "v_mov_b32 v12, 0x80000000\n"
    "v_mov_b32 v13, v0\n"
    "global_atomic_add_x2 v52, v[12:13], s[0:1]\n"
    "v_lshlrev_b32 v53, 4, v0\n"
    "v_add_nc_u32 v53, 0x3404, v53\n"
    "v_mov_b32 v14, v0\n"
    "v_mov_b32 v15, -1\n"
    "global_atomic_xor_x2 v[24:25], v53, v[14:15], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dwordx2 v[26:27], v51, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "s_endpgm\n";

static void global_atomics_64(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  if (!vk_device_has_int64_atomics(dev)) skip_because("no shaderBufferInt64Atomics");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_wave("global atomics 64", atomics64_src, lanes, 0, NULL, &device, &interp);
    unsigned bad = 0;
    const uint64_t fill = 0xaaaaaaaaaaaaaaaaull;
    uint64_t shared = fill;
    for (uint32_t l = 0; l < lanes; l++) {
      uint64_t init = (uint64_t)l << 32 | 0xfffffffeu, added = init + 3; /* carries */
      uint64_t mem = (l & 1) ? 0x1122334455667788ull : added;
      mem = mem > (5ull << 32) ? mem : 5ull << 32; /* umax */
      shared += (uint64_t)l << 32 | 0x80000000u;
      const uint64_t want[4] = {init, added, fill, mem}; /* add, cmpswap, xor olds; memory */
      for (uint32_t i = 0; i < 8; i++)
        bad += check("global atomics 64", device, interp, l, i,
                     (uint32_t)(want[i / 2] >> (i & 1 ? 32 : 0)));
      uint64_t got, xr = fill ^ (0xffffffffull << 32 | l);
      memcpy(&got, device + 0x3404 + 16 * l, 8);
      if (got != xr)
        fprintf(stderr, "unaligned xor lane %u: 0x%016llx\n", l, (unsigned long long)got), bad++;
    }
    uint64_t got;
    memcpy(&got, device + 0x3800, 8);
    if (got != shared) fprintf(stderr, "shared add: 0x%016llx\n", (unsigned long long)got), bad++;
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

static const char wrap_src[] =
    "v_lshlrev_b32 v51, 2, v0\n"
    "v_add_nc_u32 v52, 0x3c00, v51\n"
    "v_add_nc_u32 v53, 0x3e00, v51\n"
    "global_store_dword v52, v0, s[0:1]\n"
    "global_store_dword v53, v0, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v2, 20\n"
    "global_atomic_inc v20, v52, v2, s[0:1] glc\n"
    "v_mov_b32 v3, 10\n"
    "global_atomic_dec v21, v53, v3, s[0:1] glc\n"
    "v_mov_b32 v54, 0x3b00\n"
    "v_mov_b32 v4, 40\n"
    "global_atomic_inc v54, v4, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dword v22, v52, s[0:1]\n"
    "global_load_dword v23, v53, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "s_endpgm\n";

static void global_atomics_wrap(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_wave("global inc/dec", wrap_src, lanes, 0, NULL, &device, &interp);
    unsigned bad = 0;
    uint32_t shared = FILL;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t inc = l >= 20 ? 0 : l + 1, dec = (l == 0 || l > 10) ? 10 : l - 1;
      shared = shared >= 40 ? 0 : shared + 1;
      const uint32_t want[4] = {l, l, inc, dec};
      for (uint32_t i = 0; i < 4; i++)
        bad += check("global inc/dec", device, interp, l, i, want[i]);
    }
    uint32_t got;
    memcpy(&got, device + 0x3b00, 4);
    if (got != shared) fprintf(stderr, "shared inc: 0x%08x, expected 0x%08x\n", got, shared), bad++;
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

static const char movrel_src[] =
    "v_lshlrev_b32 v1, 4, v0\n" /* v1..v8 = 16 lane + 0..7 */
    "v_add_nc_u32 v2, 1, v1\n"
    "v_add_nc_u32 v3, 2, v1\n"
    "v_add_nc_u32 v4, 3, v1\n"
    "v_add_nc_u32 v5, 4, v1\n"
    "v_add_nc_u32 v6, 5, v1\n"
    "v_add_nc_u32 v7, 6, v1\n"
    "v_add_nc_u32 v8, 7, v1\n"
    "s_mov_b32 m0, s2\n"       /* 3 */
    "v_movrels_b32 v20, v1\n"  /* v20 = v4 */
    "v_movreld_b32 v2, v0\n"   /* v5 = lane */
    "s_sub_u32 m0, m0, 1\n"    /* 2 */
    "v_movrelsd_b32 v10, v3\n" /* v12 = v5 */
    "s_lshl_b32 s3, s2, 16\n"  /* M0[25:16] = 3, M0[9:0] = 1 */
    "s_or_b32 m0, s3, 1\n"
    "v_movrelsd_2_b32 v14, v6\n" /* v17 = v7 */
    "s_add_u32 m0, s2, 10\n"     /* 13: v250 + 13 is past v255 */
    "v_movrels_b32 v21, v250\n"  /* reads v0 */
    "v_lshlrev_b32 v50, 7, v0\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dword v50, v5, s[0:1] offset:16\n"
    "global_store_dword v50, v12, s[0:1] offset:20\n"
    "global_store_dword v50, v17, s[0:1] offset:24\n"
    "s_endpgm\n";

static void relative_vgpr_moves(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_wave("relative moves", movrel_src, lanes, 3, NULL, &device, &interp);
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      bad += check("relative moves", device, interp, l, 0, 16 * l + 3);
      bad += check("relative moves", device, interp, l, 1, l);
      bad += check("relative moves", device, interp, l, 4, l);
      bad += check("relative moves", device, interp, l, 5, l);
      bad += check("relative moves", device, interp, l, 6, 16 * l + 6);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(flat_atomics_on_private_memory), cmocka_unit_test(swizzled_ring_atomics),
      cmocka_unit_test(global_atomics_64), cmocka_unit_test(global_atomics_wrap),
      cmocka_unit_test(relative_vgpr_moves)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_private: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
