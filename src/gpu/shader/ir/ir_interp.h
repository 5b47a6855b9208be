/* Reference interpreter of the IR for one wave: every lane is one invocation, values are
 * evaluated lane by lane in lockstep. Control flow must be uniform (the IR's branches test
 * scalar state: SCC, VCCZ, EXECZ), which the interpreter checks.
 *
 * It runs both forms: before SSA construction (get_reg/set_reg act on the register file)
 * and after (entry_reg reads the initial file, phis pick the value of the edge taken). It is
 * the oracle of the translation tests and, later, of the SPIR-V back end's differential
 * tests. Memory: LDS, GDS, the lanes' private (scratch) memory and a window of global
 * memory, each a caller-provided buffer; FLAT accesses pick one of them per lane through the
 * aperture bases in SH_MEM_BASES (hwreg[15]). Images go to a caller-provided model. Buffer
 * (V#) and constant memory go through a caller-provided map of 64-bit GPU addresses to host
 * buffers, with the GFX10 range checks of the V# (ir_interp_buffer.h).
 */
#ifndef PROSPERO_GPU_SHADER_IR_IR_INTERP_H
#define PROSPERO_GPU_SHADER_IR_IR_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/ir/ir.h"

#define IR_INTERP_MAX_LANES 64
/* amdgpu's GFX10 graphics apertures (gmc_v10_0): shared base 0x2000 << 48, private 0x1000 << 48 */
#define IR_INTERP_SH_MEM_BASES 0x20001000u

/* One image operation of one lane, handed to the caller's image model (the interpreter has
 * no texture unit): the IR operation and immediate (enum ir_image_flags), descriptors and
 * the operands as 32-bit values (floats as their bits; unused ones 0). */
struct ir_interp_image {
  uint32_t op;       /* enum ir_op: image_sample(_ex), image_gather(_ex), image_load,
                        image_store, image_atomic, image_atomic_cmpswap, image_query (the
                        mip level in coords[0]), image_get_lod */
  uint64_t imm;
  uint32_t lane;
  uint32_t pc; /* the instruction's byte offset in the shader (ir_inst_pc) */
  uint32_t tsharp[8], ssharp[4];
  uint32_t coords[4];
  uint32_t extras[8]; /* _ex forms and get_lod: offset, compare, d/dx x y z, d/dy x y z */
  uint32_t data[4];   /* store: the four components; atomics: operand (cmpswap: new, cmp) */
};

/* Returns the result (sample/gather/load: four components; atomics: the old value in [0];
 * result[4]: the status dword of a fetch with IR_IMAGE_TFE/LWE, 0 when nothing is to be
 * reported), or false to stop the run with an error. */
typedef bool (*ir_interp_image_fn)(void *ctx, const struct ir_interp_image *op, uint32_t result[5]);

/* The memory value after one 32-bit atomic OP (enum ir_atomic) of OLD (memory) and V (data)
 * in *R, by the interpreter's rules (the integer ones and the float ones of docs/shader-spirv.md,
 * *Float atomics*); false for an operation without a rule. Image models use it. */
bool ir_interp_atomic32(uint32_t op, uint32_t old, uint32_t v, uint32_t *r);
/* f32 bits A and B equal as floats (-0 == +0, NaN never equal): the fcmpswap compare */
bool ir_interp_float_equal32(uint32_t a, uint32_t b);

/* One host buffer mapped at a guest GPU address (buffer and constant memory). */
struct ir_interp_memory {
  uint64_t addr;
  uint8_t *data;
  uint64_t size;
};

/* kinds of ir_interp_wave.fault (the numbers of enum spirv_fault_kind) */
enum {
  IR_INTERP_FAULT_LOAD = 1,
  IR_INTERP_FAULT_STORE,
  IR_INTERP_FAULT_ATOMIC,
  IR_INTERP_FAULT_SCALAR,
  IR_INTERP_FAULT_IMAGE,
  IR_INTERP_FAULT_JUMP,  /* a return to no return point (IR_OP_bad_jump): the wave ends */
  IR_INTERP_FAULT_FORMAT /* an image access to a format not decoded (the format in addr) */
};

struct ir_interp_wave {
  uint32_t sgpr[106];
  uint32_t vgpr[256][IR_INTERP_MAX_LANES];
  uint64_t vcc, exec;
  uint32_t m0;
  bool scc;
  /* Memory. Accesses outside a buffer read 0 and drop writes (as LDS does on the
   * hardware); a missing LDS, GDS or scratch buffer reads 0, a global access by a lane
   * without a global window stops with an error. */
  uint8_t *lds;     /* optional */
  uint32_t lds_size;
  uint8_t *scratch; /* optional: scratch_size bytes per lane, lane L at scratch + L * size */
  uint32_t scratch_size;
  uint8_t *global;  /* optional: global_size bytes at addresses global_base... */
  uint64_t global_base;
  uint32_t global_size;
  uint8_t *gds;     /* optional: the global data share, by absolute GDS address */
  uint32_t gds_size;
  /* global wave sync: the 64 resources' counters and barrier flags (bit per resource) as
   * the earlier waves left them; a GWS operation that would wait for another wave stops
   * the run with an error */
  int32_t gws_counter[64];
  uint64_t gws_flags;
  /* buffer (V#) and constant (s_load) memory: MEM_COUNT host buffers at guest addresses
   * (48 bits: bits 63:48 of an address are ignored).
   * An access the V# range check lets through must lie inside one of them, as must every
   * constant load; otherwise the run stops with an error naming the address. Loads carry
   * no lane predicate in the IR, so they are evaluated for inactive lanes too: their
   * addresses must be mapped or out of the V#'s range as well. */
  const struct ir_interp_memory *mem;
  uint32_t mem_count;
  /* accesses outside memory (docs/shader-dispatch.md, "Unmapped accesses"), as the device's
   * fault record counts them: an active lane's global access outside the global window
   * (which reads 0 and drops its store) and, with tolerate_unmapped, a buffer or constant
   * access outside the memory map (which then reads 0 and drops its store instead of
   * stopping the run). The count goes up per lane and access (a scalar one once per wave);
   * the first one's guest address (bits 47:0), kind (IR_INTERP_FAULT_*, the numbers of
   * enum spirv_fault_kind), bytes, instruction offset (ir_inst_pc) and lane are kept. */
  bool tolerate_unmapped;
  struct ir_interp_fault {
    uint32_t count;
    uint64_t addr;
    uint32_t kind, bytes, pc, lane;
  } fault;
  /* optional image model: called per lane (stores and atomics only for the lanes their
   * predicate enables); without it image operations stop with an error */
  ir_interp_image_fn image;
  void *image_ctx;
  /* interpolation parameters by attr*4+channel: P0, P10, P20 (the same for every lane);
   * the 16-bit interpolation forms read each one's bits as two f16 values (low, high) */
  float attr_params[32 * 4][3];
  /* exports in program order (up to 8), per lane */
  struct {
    uint32_t target, en, done;
    uint64_t lanes; /* lanes that exported */
    uint32_t value[4][IR_INTERP_MAX_LANES];
  } exports[8];
  uint32_t export_count;
  /* hardware registers by s_getreg/s_setreg id; MODE (1) starts as the function's float
   * mode in bits 7:0 and follows set_float_mode / set_hwreg. SH_MEM_BASES (15): private
   * aperture bits 63:48 in 15:0, shared in 31:16; 0 at the start means the amdgpu default
   * IR_INTERP_SH_MEM_BASES (shared 0x2000'0000'0000'0000, private 0x1000'...), set by
   * ir_interp_run. */
  uint32_t hwreg[64];
  /* read_clock values: [0] shader clock (s_memtime), [1] real-time counter (s_memrealtime) */
  uint64_t clock[2];
  /* messages sent (s_sendmsg) in program order, up to 8: immediate and M0 */
  struct {
    uint32_t imm, m0;
  } msgs[8];
  uint32_t msg_count;
  uint32_t wave_id; /* the wave's index in its workgroup (s_get_waveid_in_workgroup) */
  /* the shader's guest code address (COMPUTE_PGM_LO/HI << 8): s_getpc_b64 gives it plus the
   * next instruction's byte offset, a call's return address it plus the return point's */
  uint64_t code_base;
  uint32_t steps;   /* blocks executed (output) */
  /* optional bound on the IR instructions executed (0: none); a block's cost grows with its
   * size (one v_movreld is ~1,000 instructions), so a bound on blocks alone lets a small
   * loop run millions of instructions; the run stops with an error past it */
  uint32_t max_insts;
  uint32_t insts; /* IR instructions executed (output) */
};

/* Runs FN (wave size from fn->wave_size) on W until `ret`. Returns false with ERR filled on
 * a divergent branch, an operation it cannot execute, or after MAX_BLOCKS blocks. */
bool ir_interp_run(const struct ir_function *fn, struct ir_interp_wave *w, uint32_t max_blocks,
                   char *err, size_t err_size);

/* Runs the COUNT waves of one workgroup (at most IR_INTERP_MAX_WAVES; their lds pointers
 * normally the same buffer) in rounds: each wave runs to its next barrier or its end, in
 * order; a barrier lets the waves on when every wave has reached it or ended, as s_barrier
 * does. One wave: the same as ir_interp_run. */
#define IR_INTERP_MAX_WAVES 32
bool ir_interp_run_group(const struct ir_function *fn, struct ir_interp_wave *const *waves,
                         uint32_t count, uint32_t max_blocks, char *err, size_t err_size);

#endif
