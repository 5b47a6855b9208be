/* Benchmark: recompiled GFX10 compute kernels on the Vulkan device (lavapipe in CI) against
 * the same kernels written in GLSL and compiled by glslang (glslangValidator), in one run.
 * Two kernels: a bandwidth-bound one (out[i] = in[i] * 3 + 1 over 4 MiB) and an ALU-bound
 * one (256 rounds of a linear congruential step and an xor-shift per thread). Each side
 * runs in workgroups of 32 invocations (one wave32 per workgroup, the recompiler's lane
 * model), reads and writes through buffer device addresses, and has its output checked
 * against C before it is timed. Figure: GLSL time / recompiled time per kernel (goal >= 0.8:
 * the recompiled kernel runs at least 80% as fast). CPU time of the process during one
 * submission (lavapipe runs the dispatch on its worker threads; on a GPU this would be wall
 * time), best of several, the two sides taking turns: stable on a shared machine, where
 * wall time is not. The recompiled kernel runs without the fault checks, as the dispatcher
 * runs most dispatches (docs/shader-dispatch.md, "Unmapped accesses"); a third line gives
 * its speed with them.
 * PROSPERO_BENCH_SPV_DIR=DIR writes the recompiled modules there (DIR/bandwidth.spv,
 * DIR/alu.spv) for spirv-dis. */
#include "../bench_goal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench_time.h"
#include "common/log.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "vk_test_device.h"

#define N (1u << 20) /* dwords */
#define GROUPS (N / 32)
#define GUEST 0x100000u /* guest address of the input; the output follows */
#define RUNS 11
#define ROUNDS 256

static char dir[] = "/tmp/prospero-bench-gpu-XXXXXX";

static uint32_t *run_tool(const char *cmd_fmt, const char *src, const char *ext, size_t *count) {
  char path[512], cmd[2048];
  snprintf(path, sizeof path, "%s/k.%s", dir, ext);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs(src, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, cmd_fmt, path, dir, dir, dir);
  if (system(cmd) != 0) return NULL;
  snprintf(path, sizeof path, "%s/k.bin", dir);
  f = fopen(path, "rb");
  if (!f) return NULL;
  uint32_t *w = malloc(1 << 20);
  *count = fread(w, 4, (1 << 20) / 4, f);
  fclose(f);
  return w;
}

static const char *const llvm_mc =
    "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -filetype=obj %s -o %s/k.o >/dev/null && "
    "llvm-objcopy-19 -O binary --only-section=.text %s/k.o %s/k.bin";
static const char *const glslang =
    "glslangValidator -V --target-env vulkan1.2 -S comp %s -o %s/k.bin >/dev/null && true %s %s";

/* s[0:1] input, s[2:3] output (guest addresses), s4 the workgroup id */
static const char bw_asm[] =
    "s_lshl_b32 s5, s4, 7\n"
    "v_lshlrev_b32 v1, 2, v0\n"
    "v_add_nc_u32 v1, s5, v1\n"
    "global_load_dword v2, v1, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mul_lo_u32 v2, v2, 3\n"
    "v_add_nc_u32 v2, 1, v2\n"
    "global_store_dword v1, v2, s[2:3]\n"
    "s_endpgm\n";
static const char alu_asm[] =
    "s_lshl_b32 s5, s4, 5\n"
    "v_add_nc_u32 v1, s5, v0\n"
    "v_mov_b32 v2, v1\n"
    "v_mov_b32 v3, 0\n"
    "s_movk_i32 s6, 0x100\n"
    "loop:\n"
    "v_mul_lo_u32 v2, v2, 0x19660d\n"
    "v_add_nc_u32 v2, 0x3c6ef35f, v2\n"
    "v_lshrrev_b32 v4, 7, v2\n"
    "v_xor_b32 v3, v3, v4\n"
    "s_sub_u32 s6, s6, 1\n"
    "s_cmp_lg_u32 s6, 0\n"
    "s_cbranch_scc1 loop\n"
    "v_lshlrev_b32 v1, 2, v1\n"
    "global_store_dword v1, v3, s[2:3]\n"
    "s_endpgm\n";

#define GLSL_HEAD                                                                              \
  "#version 460\n"                                                                             \
  "#extension GL_EXT_buffer_reference : require\n"                                             \
  "layout(local_size_x = 32) in;\n"                                                            \
  "layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };\n" \
  "layout(push_constant) uniform P { Words src; Words dst; } p;\n"
static const char bw_glsl[] = GLSL_HEAD
    "void main() { uint i = gl_GlobalInvocationID.x; p.dst.w[i] = p.src.w[i] * 3u + 1u; }\n";
static const char alu_glsl[] = GLSL_HEAD
    "void main() {\n"
    "  uint i = gl_GlobalInvocationID.x, x = i, y = 0u;\n"
    "  for (int r = 0; r < 256; r++) { x = x * 1664525u + 1013904223u; y ^= x >> 7; }\n"
    "  p.dst.w[i] = y;\n"
    "}\n";

static uint32_t bw_expect(uint32_t i, uint32_t in) {
  (void)i;
  return in * 3 + 1;
}
static uint32_t alu_expect(uint32_t i, uint32_t in) {
  (void)in;
  uint32_t x = i, y = 0;
  for (int r = 0; r < ROUNDS; r++) {
    x = x * 1664525u + 1013904223u;
    y ^= x >> 7;
  }
  return y;
}

/* CPU time of the whole process (lavapipe's worker threads run the dispatch): unlike
 * wall time it hardly moves when other processes share the machine. */
static double cpu_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One side of the comparison: its pipeline and push constants. */
struct side {
  struct vk_compute_pipeline p;
  const void *push;
  const char *what;
};

static bool side_create(vk_device *dev, const uint32_t *spv, size_t count, struct shader_memory *gm,
                        struct vk_buffer *state, const void *push, const char *what,
                        bool fault_check, struct side *out) {
  /* the specialization constants as a dispatch sets them (glslang's module has none); the
   * fault checks as the dispatcher samples them (docs/shader-dispatch.md: off for most
   * dispatches) */
  uint32_t spec[SPIRV_SPEC_COUNT];
  spirv_dispatch_spec(spv, count, state->mapped, 1, shader_memory_count(gm), spec);
  spec[SPIRV_SPEC_FAULT_CHECK] = fault_check;
  out->push = push;
  out->what = what;
  return vk_compute_pipeline_create_spec(dev, spv, count * 4, 2, 16, spec, SPIRV_SPEC_COUNT,
                                         &out->p);
}

/* CPU time of one submission of the dispatch (negative on failure). */
static double side_time(vk_device *dev, struct side *sd, struct shader_memory *gm,
                        struct vk_buffer *state) {
  const struct vk_buffer *table = NULL;
  if (!shader_memory_prepare(gm, &table)) return -1;
  const struct vk_buffer *bufs[2] = {state, table};
  VkCommandBuffer cb = vk_device_begin(dev);
  if (!cb) return -1;
  vk_cmd_dispatch(dev, cb, &sd->p, bufs, NULL, sd->push, GROUPS, 1, 1);
  vk_cmd_barrier(cb);
  double t0 = cpu_now_s();
  if (!vk_device_submit_wait(dev, cb)) return -1;
  double t = cpu_now_s() - t0;
  shader_memory_finish(gm);
  return t;
}

/* One run from a cleared output, checked against EXPECT. */
static bool side_check(vk_device *dev, struct side *sd, uint32_t *host, struct shader_memory *gm,
                       struct vk_buffer *state, uint32_t (*expect)(uint32_t, uint32_t)) {
  uint32_t *in = host, *out = in + N;
  memset(out, 0, N * 4);
  shader_memory_host_wrote(gm, GUEST + N * 4, N * 4);
  if (side_time(dev, sd, gm, state) < 0) return false;
  shader_memory_download(gm, GUEST, 2ull * N * 4); /* nothing to do when imported */
  for (uint32_t i = 0; i < N; i++)
    if (out[i] != expect(i, in[i])) {
      printf("bench.shader_gpu: %s: dword %u is 0x%x, expected 0x%x\n", sd->what, i, out[i],
             expect(i, in[i]));
      return false;
    }
  return true;
}

int main(void) {
  log_set_level(LOG_LEVEL_WARN);
  if (system("command -v llvm-mc-19 >/dev/null && command -v glslangValidator >/dev/null") != 0) {
    printf(
        "bench.shader_gpu: skipped: llvm-mc-19 or glslangValidator (glslang-tools) unavailable\n");
    return BENCH_SKIP_EXIT;
  }
  vk_device *dev = vk_test_device();
  if (!dev) {
    printf("bench.shader_gpu: skipped: no Vulkan device\n");
    return BENCH_SKIP_EXIT;
  }
  if (!mkdtemp(dir)) return 1;
  struct vk_buffer state = {0};
  if (!vk_buffer_create(dev, sizeof(struct spirv_wave_state), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                        GPU_VK_MEMORY_HOST, &state) ||
      !state.address) {
    printf("bench.shader_gpu: skipped: no buffers with device addresses\n");
    return BENCH_SKIP_EXIT;
  }
  /* guest memory (input, then output): one range of the range table, imported when the
   * device can (both kernels then read and write these very bytes) */
  uint32_t *in = aligned_alloc(1 << 16, 2ull * N * 4);
  struct shader_memory *gm = shader_memory_create(dev);
  char err0[200];
  if (!in || !gm || !shader_memory_map(gm, GUEST, in, 2ull * N * 4, true, err0, sizeof err0)) {
    printf("bench.shader_gpu: cannot map guest memory\n");
    return 1;
  }
  for (uint32_t i = 0; i < N; i++) in[i] = i * 2654435761u;
  shader_memory_host_wrote(gm, GUEST, N * 4);
  /* the recompiled kernels' start: s[0:1] input, s[2:3] output, lanes in v0, TGID_X in s4 */
  struct spirv_wave_state *s = state.mapped;
  memset(s, 0, sizeof *s);
  s->sgpr[0] = GUEST;
  s->sgpr[2] = GUEST + N * 4;
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  struct spirv_push ours_push = {.state = state.address};
  struct {
    uint64_t src, dst;
  } glsl_push = {shader_memory_device_address(gm, GUEST),
                 shader_memory_device_address(gm, GUEST + N * 4)};
  /* as a dispatch sets it up: TGID_X in s4, the thread id in v0, other VGPRs undefined */
  struct shader_spec spec = {
      .wave_size = 32, .float_mode = 0xf0, .tgid_sgpr = {5, 0, 0}, .entry_vgprs = 1};
  static const struct {
    const char *name, *asm_src, *glsl_src;
    uint32_t (*expect)(uint32_t, uint32_t);
  } kernels[] = {{"bandwidth", bw_asm, bw_glsl, bw_expect}, {"alu", alu_asm, alu_glsl, alu_expect}};
  int status = 0;
  for (size_t k = 0; k < 2; k++) {
    size_t n_words, n_glsl, n_spv;
    uint32_t *words = run_tool(llvm_mc, kernels[k].asm_src, "s", &n_words);
    uint32_t *glsl = run_tool(glslang, kernels[k].glsl_src, "comp", &n_glsl);
    uint32_t *spv = NULL;
    bool barrier;
    char err[200];
    if (!words || !glsl ||
        !shader_compile(words, n_words, &spec, NULL, &spv, &n_spv, &barrier, err, sizeof err)) {
      printf("bench.shader_gpu: %s: cannot build the kernels (%s)\n", kernels[k].name,
             words && glsl ? err : "llvm-mc-19 or glslangValidator failed");
      return 1;
    }
    if (getenv("PROSPERO_BENCH_SPV_DIR")) { /* the recompiled module, for spirv-dis */
      char path[512];
      snprintf(path, sizeof path, "%s/%s.spv", getenv("PROSPERO_BENCH_SPV_DIR"), kernels[k].name);
      FILE *f = fopen(path, "wb");
      if (f) {
        fwrite(spv, 4, n_spv, f);
        fclose(f);
      }
    }
    /* both outputs checked, then the two sides timed in turn (best of RUNS each), so a
     * change of the machine's load hits both alike */
    /* the recompiled kernel without and with the fault checks, glslang's */
    struct side sides[3];
    if (!side_create(dev, spv, n_spv, gm, &state, &ours_push, "recompiled", false, &sides[0]) ||
        !side_create(dev, glsl, n_glsl, gm, &state, &glsl_push, "glslang", false, &sides[1]) ||
        !side_create(dev, spv, n_spv, gm, &state, &ours_push, "recompiled, fault checks", true,
                     &sides[2]) ||
        !side_check(dev, &sides[0], in, gm, &state, kernels[k].expect) ||
        !side_check(dev, &sides[1], in, gm, &state, kernels[k].expect) ||
        !side_check(dev, &sides[2], in, gm, &state, kernels[k].expect))
      return 1;
    double best[3] = {1e9, 1e9, 1e9};
    for (int r = 0; r < RUNS; r++)
      for (int sd = 0; sd < 3; sd++) {
        double t = side_time(dev, &sides[sd], gm, &state);
        if (t < 0) return 1;
        if (t < best[sd]) best[sd] = t;
      }
    double ours = best[0], ref = best[1], checked = best[2];
    for (int sd = 0; sd < 3; sd++) vk_compute_pipeline_destroy(dev, &sides[sd].p);
    if (ours <= 0 || ref <= 0) return 1;
    char name[64];
    snprintf(name, sizeof name, "shader_gpu_%s", kernels[k].name);
    bench_goal(name, ref / ours >= 0.8, ">= 0.8", "%.2f of glslang's speed", ref / ours);
    printf("bench.%s: recompiled %.2f ms, glslang %.2f ms (%u dwords, %u workgroups of 32)\n", name,
           ours * 1e3, ref * 1e3, N, GROUPS);
    printf(
        "bench.%s: with the fault checks on (a sampled dispatch) %.2f ms, %.2f of glslang's "
        "speed\n",
        name, checked * 1e3, ref / checked);
    free(words);
    free(glsl);
    free(spv);
  }
  shader_memory_destroy(gm);
  free(in);
  vk_buffer_destroy(dev, &state);
  vk_device_destroy(dev);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) status = 1;
  return status;
}
