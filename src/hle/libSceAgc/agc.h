/* libSceAgc: the console's command-buffer builders (the Graphics5 "Agc" library). Each
 * builder reserves dwords in a command buffer (struct agc_cb, the SDK's SceAgcCb) and writes
 * one PM4 packet there, byte for byte as the console's library writes it; its GetSize
 * companion returns the packet's size in bytes. Most builders write GFX10 PM4 packets
 * (SET_SH_REG, DISPATCH_DIRECT, ...); a few write Sony's driver packets carried in a NOP
 * (gpu/cp/agc_packets.def: RELEASE_MEM, WRITE_DATA, ACQUIRE_MEM), which the command
 * processor runs as the packets they stand for. docs/agc.md lists every builder, its packet
 * and its sources. */
#ifndef PROSPERO_HLE_LIBSCEAGC_AGC_H
#define PROSPERO_HLE_LIBSCEAGC_AGC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SceAgcCb (the SDK's CommandBuffer), 0x38 bytes. Packets are written upwards from
 * CURSOR_UP; CURSOR_DOWN is the end of the free space (data is taken from the top down),
 * RESERVED_DW dwords of which stay unused. When a packet does not fit, CALLBACK (a guest
 * function; NULL: none) is called with the dwords needed and USER_DATA and may give the
 * buffer more space (true) or not (false: the builder returns NULL). */
struct agc_cb {
  uint32_t *bottom;                                                      /* +0x00 */
  uint32_t *top;                                                         /* +0x08 */
  uint32_t *cursor_up;                                                   /* +0x10 */
  uint32_t *cursor_down;                                                 /* +0x18 */
  bool (*callback)(struct agc_cb *cb, uint32_t dwords, void *user_data); /* +0x20 */
  void *user_data;                                                       /* +0x28 */
  uint32_t reserved_dw;                                                  /* +0x30 */
  uint32_t reserved;                                                     /* +0x34 */
};
_Static_assert(sizeof(struct agc_cb) == 0x38, "SceAgcCb is 0x38 bytes");

/* ShaderRegister passed by value in one register: the offset in its register space
 * (dwords, bits 31:0) and the value (bits 63:32). */
#define AGC_REG_OFFSET(packed) ((uint32_t)(packed))
#define AGC_REG_VALUE(packed) ((uint32_t)((packed) >> 32))

/* The user config register the console's library writes its tags to (0x342, measured in
 * DrawIndirectMulti, SetFlip, WaitUntilSafeForRendering and the markers). */
#define AGC_DATA_REG_UC 0x342u

/* A register/value pair in memory (SceAgcShaderRegister / ShaderRegister). */
struct agc_shader_register {
  uint32_t offset; /* dwords from the start of its space (SH 0x2C00, context 0xA000, ...) */
  uint32_t value;
};

/* The console's shader header (SceAgcShader, as the shader compiler writes it): pointers are
 * stored self-relative (the pointer's own address plus the stored value) until
 * sceAgcCreateShader turns them into addresses. 0x60 bytes. */
#define AGC_SHADER_MAGIC 0x34333231u /* "1234" */
#define AGC_SHADER_VERSION 0x18u
struct agc_shader_user_data { /* 0x38 bytes */
  uint16_t *direct_resource_offset;
  uint16_t *sharp_resource_offset[4];
  uint16_t eud_size_dw, srt_size_dw, direct_resource_count;
  uint16_t sharp_resource_count[4];
};
struct agc_shader {
  uint32_t magic;                           /* +0x00 AGC_SHADER_MAGIC */
  uint32_t version;                         /* +0x04 AGC_SHADER_VERSION */
  struct agc_shader_user_data *user_data;   /* +0x08 */
  const void *code;                         /* +0x10 set by sceAgcCreateShader */
  struct agc_shader_register *cx_registers; /* +0x18 */
  struct agc_shader_register *sh_registers; /* +0x20 */
  void *specials;                           /* +0x28 */
  void *input_semantics;                    /* +0x30 */
  void *output_semantics;                   /* +0x38 */
  uint32_t header_size, shader_size, embedded_constant_buffer_size_dqw, target;   /* +0x40 */
  uint32_t num_input_semantics;                                                   /* +0x50 */
  uint16_t scratch_size_dw_per_thread, num_output_semantics, special_sizes_bytes; /* +0x54 */
  uint8_t type, num_cx_registers, num_sh_registers;                               /* +0x5A */
  uint8_t reserved[3];
};
_Static_assert(sizeof(struct agc_shader_user_data) == 0x38, "ShaderUserData is 0x38 bytes");
_Static_assert(sizeof(struct agc_shader) == 0x60, "the shader header is 0x60 bytes");

/* sceAgcCreateShader's error: the console's code is not known, the kernel's EINVAL is used
 * (docs/agc.md). */
#define AGC_ERROR_INVALID_ARGUMENT ((int)0x80020016u)

/* sceAgcCreateShader: makes HEADER's pointers absolute, sets its code address to CODE (256-byte
 * aligned, below 2^48) and writes that address into the PGM_LO/HI registers its SH list
 * holds; *OUT = HEADER. 0 or an error. */
int agc_create_shader(struct agc_shader **out, void *header, const void *code);

/* sceAgcGetRegisterDefaults2's result (0x40 bytes, as the console lays it out): per register
 * space (0 context, 1 SH, 2 user config, 3 a fourth table the internal records use) the
 * register list of each group by index and the number of registers the space's lists hold;
 * TYPES holds COUNT triples (type hash, type word, 0). The type word: instances << 18 |
 * registers per instance << 10 | index << 2 | space (a group's list holds their product).
 * The tables are generated (agc_register_defaults.c, from agc_register_defaults.txt). */
struct agc_register_defaults {
  struct agc_shader_register **table[4]; /* +0x00 */
  uint32_t length[4];                    /* +0x20 */
  uint32_t *types;                       /* +0x30 */
  uint32_t count;                        /* +0x38 */
  uint32_t reserved;
};
_Static_assert(sizeof(struct agc_register_defaults) == 0x40, "RegisterDefaults is 0x40 bytes");
/* The known records: VERSION, INTERNAL (0 public, 1 ...Internal); ends with a NULL record. */
struct agc_register_defaults_version {
  uint32_t version, internal;
  struct agc_register_defaults *record;
};
extern const struct agc_register_defaults_version agc_register_defaults_versions[];
/* The record of VERSION, or NULL if it is not known. */
struct agc_register_defaults *agc_register_defaults_find(uint32_t version, int internal);

/* The version gates (agc_shader.c): sceAgcInit_0090 (23LRUSvYu1M) keeps the first version
 * it is given; sceAgcInit answers AGC_ERROR_VERSION for another one. STATE is not written.
 * agc_init_reset forgets the kept version (tests). */
#define AGC_ERROR_VERSION ((int)0x8A6C0004u)
int agc_init_gate(void *state, uint32_t version);
int agc_init(void *state, uint32_t version);
void agc_init_reset(void);
/* The defaults of VERSION (8, 0xC and 0xD are known; another version gets version 8's, logged
 * once). */
struct agc_register_defaults *agc_get_register_defaults2(uint32_t version);
struct agc_register_defaults *agc_get_register_defaults2_internal(uint32_t version);
/* The no-argument exports: the record of the version the last successful sceAgcInit (or the
 * gate) was given, as the console's wrappers read it from the library's runtime record; before
 * any, version 8's (logged once). */
struct agc_register_defaults *agc_get_register_defaults(void);
struct agc_register_defaults *agc_get_register_defaults_internal(void);

/* ---- fused shader halves (agc_fuse.c) ---- */
/* SizeAlign: the scratch memory a fusion needs. ALIGN is written as 64 bits (the console's
 * field is at least 32 bits wide and the struct 16 bytes either way). */
struct agc_size_align {
  uint64_t size;
  uint64_t align;
};
/* The halves are not a front/back pair (GS front 4 + GS back 6, HS front 5 + HS back 7), or
 * disagree on their stage's VGT_SHADER_STAGES_EN bit. */
#define AGC_ERROR_INVALID_SHADER_HALVES ((int)0x8A6C0008u)
int agc_get_fused_shader_size(struct agc_size_align *out, const struct agc_shader *front,
                              const struct agc_shader *back);
/* *FUSED = BACK as a GS (2) or HS (3) with FRONT's checksums, code address and resource needs;
 * its SH registers are copied to SCRATCH first when SCRATCH is not NULL (else BACK's list is
 * changed in place). The _0200 form (the later export) computes the shared VGPRs from both
 * halves and clears the user data; the first keeps the larger field and FRONT's user data. */
int agc_fuse_shader_halves(struct agc_shader *fused, const struct agc_shader *front,
                           const struct agc_shader *back, void *scratch);
int agc_fuse_shader_halves_0200(struct agc_shader *fused, const struct agc_shader *front,
                                const struct agc_shader *back, void *scratch);

/* Reserves N dwords in CB (the callback may grow it): the first, or NULL (no buffer, N 0,
 * no room). */
uint32_t *agc_cb_alloc(struct agc_cb *cb, uint32_t n);

/* ---- register writes ---- */
uint32_t *agc_dcb_set_cf_register_direct(struct agc_cb *cb, uint64_t reg);
uint32_t *agc_dcb_set_cx_register_direct(struct agc_cb *cb, uint64_t reg);
uint32_t *agc_dcb_set_sh_register_direct(struct agc_cb *cb, uint64_t reg);
uint32_t *agc_dcb_set_uc_register_direct(struct agc_cb *cb, uint64_t reg);
uint32_t agc_dcb_set_register_direct_get_size(void);
uint32_t *agc_dcb_set_cf_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                               const uint32_t *values, uint32_t count);
uint32_t *agc_cb_set_sh_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                              const uint32_t *values, uint32_t count);
uint32_t *agc_cb_set_uc_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                              const uint32_t *values, uint32_t count);
uint32_t agc_cb_set_register_range_direct_get_size(uint32_t count);
uint32_t *agc_cb_set_sh_registers_direct(struct agc_cb *cb, const struct agc_shader_register *regs,
                                         uint32_t count);
uint32_t *agc_cb_set_uc_registers_direct(struct agc_cb *cb, const struct agc_shader_register *regs,
                                         uint32_t count);
uint32_t agc_cb_set_registers_direct_get_size(uint32_t count);

/* ---- dispatch ---- */
uint32_t *agc_cb_dispatch(struct agc_cb *cb, uint32_t x, uint32_t y, uint32_t z, uint32_t modifier);
uint32_t agc_cb_dispatch_get_size(void);
uint32_t *agc_dcb_dispatch_indirect(struct agc_cb *cb, uint32_t data_offset, uint32_t modifier);
uint32_t agc_dcb_dispatch_indirect_get_size(void);
uint32_t *agc_acb_dispatch_indirect(struct agc_cb *cb, uint64_t args, uint32_t modifier);
uint32_t agc_acb_dispatch_indirect_get_size(void);

/* ---- memory, labels, events ---- */
/* The GFX10 RELEASE_MEM sceAgcCbReleaseMem writes (docs/agc.md: two console captures with
 * known arguments fix the layout): its first body dword, EVENT_TYPE (5:0) = the action,
 * EVENT_INDEX (11:8) 5 (end of pipe; measured for 0x28 and 0x2D) or 6 for the shader-done
 * events CS_DONE 0x2F and PS_DONE 0x30 (AMD's rule, as PAL and Mesa write it: our reading for
 * the console), GCR_CNTL (23:12), CACHE_POLICY (26:25). */
static inline uint32_t agc_release_mem_event(unsigned action, unsigned gcr_cntl,
                                             unsigned cache_policy) {
  unsigned index = action == 0x2F || action == 0x30 ? 6 : 5;
  return (action & 0x3fu) | index << 8 | (gcr_cntl & 0xfffu) << 12 | (cache_policy & 3u) << 25;
}
uint32_t *agc_cb_release_mem(struct agc_cb *cb, uint8_t action, uint16_t gcr_cntl, uint8_t dst,
                             uint8_t cache_policy, uint64_t address, uint8_t data_sel,
                             uint64_t data, uint16_t gds_offset, uint16_t gds_size,
                             uint8_t interrupt, uint32_t interrupt_ctx_id);
uint32_t agc_cb_queue_end_of_pipe_action_get_size(void);
uint32_t *agc_dcb_write_data(struct agc_cb *cb, uint8_t dst, uint8_t cache_policy, uint64_t address,
                             const uint32_t *data, uint32_t count, uint8_t increment,
                             uint8_t write_confirm);
uint32_t agc_dcb_write_data_get_size(uint32_t count);
uint32_t *agc_dcb_acquire_mem(struct agc_cb *cb, uint8_t engine, uint32_t cb_db_op,
                              uint32_t gcr_cntl, uint64_t base, uint64_t size,
                              uint32_t poll_cycles);
uint32_t agc_dcb_acquire_mem_get_size(void);
/* The compute form: no engine or CB/DB operation (dword 1 is 0x80000000). */
uint32_t *agc_acb_acquire_mem(struct agc_cb *cb, uint32_t gcr_cntl, uint64_t base, uint64_t size,
                              uint32_t poll_cycles);
uint32_t *agc_cb_nop(struct agc_cb *cb, uint32_t dwords);
uint32_t agc_cb_nop_get_size(uint32_t dwords);
/* INDIRECT_BUFFER to TARGET (SIZE dwords): MODE 1 chains (the rest of this buffer is
 * replaced), 0 calls (returns after it). */
uint32_t *agc_dcb_jump(struct agc_cb *cb, uint32_t mode, uint32_t cache_policy, uint64_t target,
                       uint32_t size);
uint32_t agc_dcb_jump_get_size(void);
/* EVENT_WRITE of EVENT_TYPE (0..0x3F); ADDRESS only with the counter-sampling types 0x38 and
 * 0x39 (the packet then carries it and EVENT_INDEX 1). */
uint32_t *agc_dcb_event_write(struct agc_cb *cb, uint8_t event_type, uint64_t address);
/* A wait until (*ADDRESS & MASK) FUNC REFERENCE holds (SIZE 0: 32 bits, 1: 64 bits; FUNC
 * 0 always, 1 <, 2 <=, 3 ==, 4 !=, 5 >=, 6 >): the console's three packets, WAIT_REG_MEM(64)
 * between two SET_UCONFIG_REG of the marker register (14 or 16 dwords; docs/agc.md). */
uint32_t *agc_dcb_wait_reg_mem(struct agc_cb *cb, uint32_t size, uint32_t func, uint32_t operation,
                               uint32_t cache_policy, uint64_t address, uint64_t reference,
                               uint64_t mask, uint32_t poll_cycles);
/* The compute form: no OPERATION (0). */
uint32_t *agc_acb_wait_reg_mem(struct agc_cb *cb, uint32_t size, uint32_t func,
                               uint32_t cache_policy, uint64_t address, uint64_t reference,
                               uint64_t mask, uint32_t poll_cycles);
/* A flip of video out buffer INDEX of port HANDLE (MODE, ARG as sceVideoOutSubmitFlip),
 * requested at the end of the pipe: sceAgcDriverSetFlip's 64 dwords (the console's: the flip
 * is registered with video out now, and the RELEASE_MEM at dword 10 writes 1 to the buffer's
 * flip label with an interrupt carrying its id; docs/agc.md). An index outside -2..15: NULL. */
uint32_t *agc_dcb_set_flip(struct agc_cb *cb, uint32_t handle, int32_t index, uint32_t mode,
                           int64_t arg);
/* A wait until display buffer INDEX (0..15) of port HANDLE is off screen and has no flip
 * queued: sceAgcDriverWaitUntilSafeForRendering's 32 dwords (NULL when no port HANDLE is
 * open); the compute form: driver packet WAIT_FLIP_DONE. */
uint32_t *agc_dcb_wait_until_safe_for_rendering(struct agc_cb *cb, uint32_t handle, uint32_t index);
uint32_t *agc_acb_wait_until_safe_for_rendering(struct agc_cb *cb, uint32_t handle, uint32_t index);
/* The markers: a SET_UCONFIG_REG of the marker register 0x342 (3 dwords; NAME not read). */
uint32_t *agc_dcb_push_marker(struct agc_cb *cb, const char *name);
uint32_t *agc_dcb_pop_marker(struct agc_cb *cb);
uint32_t *agc_acb_push_marker(struct agc_cb *cb, const char *name);
uint32_t *agc_acb_pop_marker(struct agc_cb *cb);

/* ---- draws and their state (agc_draw.c) ---- */
/* VGT_DRAW_INITIATOR bits a draw modifier sets: its bit 8 becomes bit 5, unless its bit 32 is
 * set (docs/agc.md). */
uint32_t agc_draw_modifier_initiator(uint64_t modifier);
uint32_t *agc_dcb_draw_index_auto(struct agc_cb *cb, uint32_t count, uint64_t modifier);
uint32_t agc_dcb_draw_index_auto_get_size(void);
uint32_t *agc_dcb_draw_index(struct agc_cb *cb, uint32_t count, uint64_t index_address,
                             uint64_t modifier);
uint32_t agc_dcb_draw_index_get_size(void);
uint32_t *agc_dcb_draw_index_offset(struct agc_cb *cb, uint32_t offset, uint32_t count,
                                    uint64_t modifier);
uint32_t agc_dcb_draw_index_offset_get_size(void);
uint32_t *agc_dcb_draw_indirect(struct agc_cb *cb, uint32_t data_offset, uint64_t modifier);
uint32_t *agc_dcb_draw_index_indirect(struct agc_cb *cb, uint32_t data_offset, uint64_t modifier);
uint32_t agc_dcb_draw_indirect_get_size(void);
/* Up to MAX_COUNT draws (exactly MAX_COUNT without COUNT_INDIRECT; else the count read at
 * COUNT_ADDRESS, capped) with arguments STRIDE bytes apart from DATA_OFFSET. */
uint32_t *agc_dcb_draw_indirect_multi(struct agc_cb *cb, uint32_t data_offset,
                                      uint32_t count_indirect, uint32_t max_count,
                                      uint64_t count_address, uint32_t stride, uint64_t modifier);
uint32_t agc_dcb_draw_indirect_multi_get_size(void);
uint32_t *agc_dcb_draw_index_indirect_multi(struct agc_cb *cb, uint32_t data_offset,
                                            uint32_t count_indirect, uint32_t max_count,
                                            uint64_t count_address, uint32_t stride,
                                            uint64_t modifier);
uint32_t agc_dcb_draw_index_indirect_multi_get_size(void);
uint32_t *agc_dcb_set_num_instances(struct agc_cb *cb, uint32_t instances);
uint32_t *agc_dcb_set_index_count(struct agc_cb *cb, uint32_t count);
uint32_t agc_dcb_set_state_get_size(void); /* NUM_INSTANCES, INDEX_BUFFER_SIZE: 8 */
uint32_t *agc_dcb_set_index_buffer(struct agc_cb *cb, uint64_t address);
uint32_t *agc_dcb_set_index_size(struct agc_cb *cb, uint8_t index_size, uint8_t cache_policy);
uint32_t agc_dcb_set_index_size_get_size(void);
uint32_t agc_dcb_set_index_buffer_get_size(void);
/* INDEX_ATTRIBUTES_INDIRECT: the indexed indirect draws' index attributes at ADDRESS
 * (16-byte aligned) + entry OFFSET (16 bits). */
uint32_t *agc_dcb_set_index_indirect_args(struct agc_cb *cb, uint64_t address, uint32_t offset);
/* SET_BASE of the draw/dispatch indirect arguments' base (SHADER_TYPE 0 graphics, 1 compute). */
uint32_t *agc_dcb_set_base_indirect_args(struct agc_cb *cb, uint32_t shader_type, uint64_t address);
uint32_t agc_dcb_set_base_indirect_args_get_size(void);

/* ---- memory, flow (agc_memory.c) ---- */
/* EVENT_WRITE's size for EVENT_TYPE: 16 for the sampling types 0x38/0x39, else 8. */
uint64_t agc_dcb_event_write_get_size(uint8_t event_type);
/* DMA_DATA of BYTES from SRC to DST. DST/SRC: the selector (1:0), register space (bit 2),
 * no address increment (bit 3); SRC 0x14/0x24/0x64 read one of the GPU's counters. */
uint32_t *agc_dcb_dma_data(struct agc_cb *cb, uint8_t engine, uint8_t dst, uint8_t dst_cache_policy,
                           uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                           uint64_t src_address_or_data, uint32_t bytes, uint8_t wait_for_previous,
                           uint8_t write_confirm, uint8_t block_engine);
uint32_t agc_dcb_dma_data_get_size(void);
/* COND_EXEC: the next COUNT dwords run only when the dword at ADDRESS is not 0. */
uint32_t *agc_dcb_cond_exec(struct agc_cb *cb, uint64_t address, uint32_t count);
uint32_t agc_dcb_cond_exec_get_size(void);
/* PFP_SYNC_ME: the parser waits for the micro engine. */
uint32_t *agc_dcb_stall_command_buffer_parser(struct agc_cb *cb);
uint32_t agc_dcb_stall_command_buffer_parser_get_size(void);
/* The dwords sceAgcDcbContextStateOp writes for OPERATION (0 clear, 1 push, 2 pop, 3 push and
 * clear), in bytes; 0 for another operation. */
uint64_t agc_dcb_context_state_op_get_size(uint32_t operation);

/* COPY_DATA of one 32-bit (ITEM_SIZE 0) or 64-bit (1) value from SRC (a register, memory, an
 * immediate, a counter) to DST. The compute form takes SRC and DST as the packet's SRC_SEL
 * and DST_SEL; the graphics form as SEL << 1 | ENGINE (docs/agc.md: one source's reading). */
uint32_t *agc_acb_copy_data(struct agc_cb *cb, uint8_t dst, uint8_t dst_cache_policy,
                            uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                            uint64_t src_address_or_immediate, uint8_t item_size,
                            uint8_t write_confirm);
uint32_t *agc_dcb_copy_data(struct agc_cb *cb, uint8_t dst, uint8_t dst_cache_policy,
                            uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                            uint64_t src_address_or_immediate, uint8_t item_size,
                            uint8_t write_confirm);

/* CLEAR_STATE with COMMAND (0 clear, 1 push, 2 pop, 3 push and clear; a 4-bit field). */
uint32_t *agc_dcb_clear_state(struct agc_cb *cb, uint32_t command);
/* GET_LOD_STATS: the LOD statistics into BUFFER (64-byte aligned, BUFFER_BYTES long) every
 * INTERVAL x 100k clocks, counters reset after RESET_COUNT reports (or now: FORCE_RESET). */
uint32_t *agc_dcb_get_lod_stats(struct agc_cb *cb, uint8_t cache_policy, uint64_t buffer,
                                uint32_t buffer_bytes, uint32_t reset_count, uint8_t force_reset,
                                uint8_t report_and_reset, uint32_t interval_100k_clocks);

/* The queue resets (agc_reset.c): the driver packets DRAW_RESET (graphics) / ACB_RESET
 * (compute), a NOP with sub-selector 0x05 / 0x09 and one reserved dword. No GetSize companion
 * is known for either. */
uint32_t *agc_dcb_reset_queue(struct agc_cb *cb, uint32_t op, uint32_t state);
uint32_t *agc_acb_reset_queue(struct agc_cb *cb, uint32_t op);

/* ---- memory operations (agc_mem_ops.c): the arguments as one reading of the console's
 * library places them (docs/agc.md), named by the PM4 fields they fill ---- */
/* ATOMIC_MEM: ENGINE (31:30), ATOMIC (a TC_OP, 6:0), COMMAND (11:8) on the value at ADDRESS. */
uint32_t *agc_dcb_atomic_mem(struct agc_cb *cb, uint32_t engine, uint32_t atomic, uint32_t command,
                             uint64_t address, uint64_t data, uint64_t compare);
/* MEM_SEMAPHORE on the 64-bit semaphore at ADDRESS: SEM_SEL 6 signals, 7 waits. */
uint32_t *agc_dcb_mem_semaphore(struct agc_cb *cb, uint64_t address, uint32_t use_mailbox,
                                uint32_t signal_type, uint32_t sem_sel);
uint32_t *agc_cb_mem_semaphore(struct agc_cb *cb, uint64_t address, uint32_t use_mailbox,
                               uint32_t signal_type, uint32_t sem_sel);
/* PRIME_UTCL2 of PAGES pages from ADDRESS. */
uint32_t *agc_dcb_prime_utcl2(struct agc_cb *cb, uint32_t cache_perm, uint32_t prime_mode,
                              uint64_t address, uint32_t pages);
/* COND_WRITE: DATA to WRITE_ADDRESS (WRITE_SPACE 0 a register, 1 memory) when
 * (*POLL_ADDRESS & MASK) FUNC REFERENCE holds (FUNC as WaitRegMem's). */
uint32_t *agc_cb_cond_write(struct agc_cb *cb, uint32_t func, uint32_t write_space,
                            uint64_t write_address, uint32_t data, uint64_t poll_address,
                            uint32_t reference, uint32_t mask);
/* ATOMIC_GDS as the _0900 exports write it (the graphics form with ENGINE). */
uint32_t *agc_dcb_atomic_gds_0900(struct agc_cb *cb, uint32_t engine, uint32_t control,
                                  uint32_t mode, uint32_t gds_op, uint32_t src, uint16_t offset,
                                  uint16_t index, uint32_t mask, uint32_t data, uint64_t compare,
                                  uint64_t extra);
uint32_t *agc_acb_atomic_gds_0900(struct agc_cb *cb, uint32_t control, uint32_t mode,
                                  uint32_t gds_op, uint32_t src, uint16_t offset, uint16_t index,
                                  uint32_t mask, uint32_t data, uint64_t compare, uint64_t extra);
/* The packet at CMD becomes a NOP of its length; returns NULL. */
uint32_t *agc_set_nop(uint32_t *cmd);

/* ---- the GetSize companions of builders not written yet (agc_sizes.c): the sizes the
 * console's library returns (docs/agc.md) ---- */
uint32_t agc_atomic_gds_get_size(void);                  /* 44 */
uint32_t agc_atomic_mem_get_size(void);                  /* 36 */
uint32_t agc_copy_data_get_size(void);                   /* 24 */
uint32_t agc_acb_jump_get_size(void);                    /* 16 */
uint32_t agc_prime_utcl2_get_size(void);                 /* 20 */
uint32_t agc_queue_end_of_shader_action_get_size(void);  /* 32 */
uint32_t agc_cb_cond_write_get_size(void);               /* 36 */
uint32_t agc_dcb_predication_get_size(void);             /* 16: the Set*Predication* forms */
uint32_t agc_dcb_set_index_indirect_args_get_size(void); /* 16 */
uint32_t agc_dcb_get_lod_stats_get_size(void);           /* 20 */
uint32_t agc_dcb_end_occlusion_query_get_size(void);     /* 16 */
/* TYPE 0: 16, 1: 288, else 0. */
uint32_t agc_dcb_begin_occlusion_query_get_size(uint8_t type);
/* SIZE 0 (32 bits): 56, 1 (64 bits): 64, else 0. */
uint64_t agc_wait_on_address_get_size(uint32_t size);

/* ---- patches of the label and wait packets (agc_patch_sync.c): they change the driver
 * packet sceAgcCbReleaseMem / sceAgc*WaitRegMem wrote; 0 or AGC_ERROR_INVALID_PACKET ---- */
int agc_queue_end_of_pipe_action_patch_address(uint32_t *cmd, uint64_t address);
int agc_queue_end_of_pipe_action_patch_data(uint32_t *cmd, uint32_t context_id, uint32_t data_sel,
                                            uint64_t data);
int agc_queue_end_of_pipe_action_patch_gcr_cntl(uint32_t *cmd, uint16_t gcr_cntl);
int agc_queue_end_of_pipe_action_patch_type(uint32_t *cmd, uint8_t action);
int agc_wait_reg_mem_patch_address(uint32_t *cmd, uint64_t address);
int agc_wait_reg_mem_patch_reference(uint32_t *cmd, uint64_t reference);
int agc_wait_reg_mem_patch_mask(uint32_t *cmd, uint64_t mask);
int agc_wait_reg_mem_patch_compare_function(uint32_t *cmd, uint8_t func);

/* ---- register lists read from memory (agc_indirect.c) ---- */
/* The patch functions' error for a packet of another kind (one source's code). */
#define AGC_ERROR_INVALID_PACKET ((int)0x8A6C000Cu)
/* The packet at CMD when its opcode byte (header bits 15:8) is OPCODE, else NULL: the check the
 * console's patch functions make (the opcode byte alone, whatever the packet's length). A NULL
 * CMD, which the console's library would dereference, is refused the same way. */
static inline uint32_t *agc_packet_with_opcode(uint32_t *cmd, unsigned opcode) {
  return cmd && ((cmd[0] >> 8) & 0xFFu) == opcode ? cmd : NULL;
}
uint32_t *agc_dcb_set_cx_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count);
uint32_t *agc_dcb_set_sh_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count);
uint32_t *agc_dcb_set_uc_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count);
uint32_t agc_dcb_set_registers_indirect_get_size(void);
int agc_set_cx_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs);
int agc_set_sh_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs);
int agc_set_uc_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs);
int agc_set_cx_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count);
int agc_set_sh_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count);
int agc_set_uc_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count);
int agc_set_cx_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count);
int agc_set_sh_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count);
int agc_set_uc_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count);

/* ---- primitive state, interpolants (agc_prim.c) ---- */
/* The special registers a shader header's SPECIALS points at (0x30 bytes). */
struct agc_shader_specials {
  struct agc_shader_register ge_cntl;              /* +0x00 */
  struct agc_shader_register vgt_shader_stages_en; /* +0x08 */
  uint32_t dispatch_modifier;                      /* +0x10 */
  uint16_t user_data_start, user_data_end;         /* +0x14 */
  uint64_t draw_modifier;                          /* +0x18 */
  struct agc_shader_register vgt_gs_out_prim_type; /* +0x20 */
  struct agc_shader_register ge_user_vgpr_en;      /* +0x28 */
};
_Static_assert(sizeof(struct agc_shader_specials) == 0x30, "ShaderSpecialRegs is 0x30 bytes");
/* CX (2 registers) and UC (3) for the geometry shader GS (type 2), the hull shader HS (type 3,
 * or NULL) and primitive type PRIM; either list may be NULL. 0 or an error. */
int agc_create_prim_state(struct agc_shader_register *cx, struct agc_shader_register *uc,
                          const struct agc_shader *hs, const struct agc_shader *gs, uint32_t prim);
int agc_update_prim_state(struct agc_shader_register *cx, struct agc_shader_register *uc,
                          uint32_t prim);
/* REGS (32 SPI_PS_INPUT_CNTL_n): PS's inputs matched to GS's outputs by semantic; the rest (all
 * of them without PS inputs) route input n from attribute n. 0 or an error. */
int agc_create_interpolant_mapping(struct agc_shader_register *regs, const struct agc_shader *gs,
                                   const struct agc_shader *ps);
/* sceAgcLinkShaders(cx, uc, hs, gs, ps, prim): CX holds 34 registers, the 32 of
 * CreateInterpolantMapping(gs, ps) then the 2 of CreatePrimState (at +0x100), UC the 3 of
 * CreatePrimState(hs, gs, prim) (the argument list and layout: docs/agc.md); either may be
 * NULL. Always 0, as the console's function. */
int agc_link_shaders(struct agc_shader_register *cx, struct agc_shader_register *uc,
                     const struct agc_shader *hs, const struct agc_shader *gs,
                     const struct agc_shader *ps, uint32_t prim);

/* ---- predication and patches (agc_patch.c) ---- */
/* SET_PREDICATION of the value at ADDRESS (16-byte aligned): CONDITION (PRED_BOOL), OP
 * (PRED_OP), WAIT_OP (HINT); COUNT unused. */
uint32_t *agc_dcb_set_predication(struct agc_cb *cb, uint8_t condition, uint8_t op, uint8_t wait_op,
                                  uint64_t address, uint32_t count);
/* The PREDICATE bit of the packet at PACKET (PREDICATION 1: set, other values: clear), or of
 * every packet from START to END (which must end on a packet). 0 or AGC_ERROR_INVALID_PACKET. */
/* The dwords of the type-3 packet at PACKET (1 for a header-only NOP), 0 for another header. */
uint32_t agc_get_packet_size(const uint32_t *packet);
int agc_set_packet_predication(uint32_t *packet, uint32_t predication);
int agc_set_range_predication(uint32_t *start, const uint32_t *end, uint32_t predication);
int agc_dma_data_patch_set_dst(uint32_t *cmd, uint64_t address);
int agc_dma_data_patch_set_src(uint32_t *cmd, uint64_t address_or_data);
int agc_cond_exec_patch_set_command_address(uint32_t *cmd, uint64_t address);
int agc_cond_exec_patch_set_end(uint32_t *cmd, const uint32_t *end);
/* REWIND with VALID = INITIAL_STATE (0 or 1): the GPU waits there until the bit is set. */
uint32_t *agc_dcb_rewind(struct agc_cb *cb, uint32_t initial_state);
uint32_t agc_dcb_rewind_get_size(void);
int agc_rewind_patch_set_rewind_state(uint32_t *cmd, uint8_t state);
/* Calls THEN_IB when (*COMPARE_ADDRESS & MASK) FUNC REFERENCE holds (64 bits; FUNC as
 * WaitRegMem's), else ELSE_IB with MODE 2 (nothing with MODE 1): COND_INDIRECT_BUFFER. */
uint32_t *agc_cb_branch(struct agc_cb *cb, uint8_t mode, uint8_t func, uint64_t compare_address,
                        uint64_t mask, uint64_t reference, uint8_t cache_policy1, uint64_t then_ib,
                        uint32_t then_dwords, uint8_t cache_policy2, uint64_t else_ib,
                        uint32_t else_dwords);
uint32_t agc_cb_branch_get_size(void);
/* CbBranch's packet: its compare address (8-aligned), its then or else buffer (dword aligned,
 * at most 0xFFFFF dwords). */
int agc_branch_patch_set_compare_address(uint32_t *cmd, uint64_t address);
int agc_branch_patch_set_then_target(uint32_t *cmd, uint64_t target, uint32_t dwords);
int agc_branch_patch_set_else_target(uint32_t *cmd, uint64_t target, uint32_t dwords);
int agc_jump_patch_set_target(uint32_t *cmd, uint64_t target, uint32_t dwords);
int agc_get_data_packet_payload_address(uint32_t **out, uint32_t *cmd, int type);

/* ---- compatibility exports of newer libSceAgc builds (agc_compat.c) ---- */
/* The AMM semaphore label codes the bundled SPRX returns (OpenAGC's record). */
#define AGC_ERROR_AMM_ALIGNMENT ((int)0x8A6C0002u)   /* base/size not 16 KiB multiples, NULL */
#define AGC_ERROR_AMM_INDEX ((int)0x8A6C000Bu)       /* a label past the memory's end */
#define AGC_ERROR_AMM_ALREADY_SET ((int)0x8A6C0048u) /* memory given twice */
#define AGC_ERROR_AMM_NOT_SET ((int)0x8A6C0049u)     /* a label before the memory */
/* The address and cache-policy patchers serve the graphics and the Async exports alike. */
int agc_write_data_patch_set_address_or_offset(uint32_t *cmd, uint64_t address);
int agc_write_data_patch_set_cache_policy(uint32_t *cmd, uint32_t policy);
int agc_write_data_patch_set_dst(uint32_t *cmd, uint32_t dst);
int agc_async_write_data_patch_set_dst(uint32_t *cmd, uint32_t dst);
int agc_acquire_mem_set_engine(uint32_t *cmd, uint32_t engine);
void agc_get_is_trinity_mode(uint8_t *out);
uint32_t agc_get_shader_instrumentation(void);
int agc_set_shader_instrumentation(uint32_t flags);
int agc_set_amm_semaphore_memory(void *memory, uint64_t bytes);
int agc_get_semaphore_label(uint32_t index, void **out);
/* Forgets the instrumentation flags and the AMM memory (tests). */
void agc_compat_reset(void);
int agc_debug_raise_exception(uint32_t code, uint32_t arg);

/* ---- exports of newer libSceAgc builds and NID-only exports (agc_newer.c) ---- */
/* sceAgcGetGsPrimPayload: *OUT = 8 when the first entry of GS's context list for register
 * 0x1C2 has low nibble 2, else 0. 0, or AGC_ERROR_INVALID_ARGUMENT (NULL pointers: ours). */
int agc_get_gs_prim_payload(uint32_t *out, const struct agc_shader *gs);
/* -KRzWekV120: sceAgcDcbSetIndexSize's packet with BIT14's low bit in value bit 14. */
uint32_t *agc_dcb_set_index_size_ex(struct agc_cb *cb, uint32_t index_size, uint32_t cache_policy,
                                    uint32_t bit14);
/* The INDIRECT_BUFFER-opcode field patchers of NIDs 7Wa3aeJgeVU (the buffer at dword 8),
 * rP5xLdOf26k (11) and Ikfdt-rIqCE (1): address, high half, IB_SIZE and CACHE_POLICY. 0 or
 * AGC_ERROR_INVALID_PACKET (another opcode; nothing changed). */
int agc_ib_patch_fields_at8(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                            uint32_t dwords);
int agc_ib_patch_fields_at11(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                             uint32_t dwords);
int agc_ib_patch_fields_at1(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                            uint32_t dwords);
/* The FW 11.60 interpolant mappers dbOlWdppb4o (create: the registers past PS's inputs are
 * the identity) and vieBRwlh1Lw (update: those are left as they are): SPI_PS_INPUT_CNTL_n
 * (context 0x191 + n) of PS's inputs matched to GS's outputs. 0 or AGC_ERROR_INVALID_ARGUMENT. */
int agc_create_interpolant_mapping_1160(struct agc_shader_register *regs,
                                        const struct agc_shader *gs, const struct agc_shader *ps);
int agc_update_interpolant_mapping_1160(struct agc_shader_register *regs,
                                        const struct agc_shader *gs, const struct agc_shader *ps);
/* qj7QZpgr9Uw (agc_newer_context.c): the context-state transition OP (0-3) of 5, 27, 27 or 32
 * dwords; NULL for another OP, a full buffer or no label block. */
uint32_t *agc_dcb_context_state_transition(struct agc_cb *cb, uint32_t op);
/* The label block ({0, 1} then version 8's context defaults as pairs): its bytes, placing it
 * in BLOCK (8-aligned, GPU-visible; tests) instead of guest memory made on first use, and
 * forgetting it (tests). */
size_t agc_context_state_bytes(void);
int agc_context_state_place(void *block, size_t bytes);
void agc_context_state_reset(void);

/* ---- state queries (agc_state_queries.c) ---- */
/* SceAgcMemoryRange: an address and a size in bytes (16 bytes). */
struct agc_memory_range {
  uint32_t *base;
  uint64_t size;
};
_Static_assert(sizeof(struct agc_memory_range) == 16, "SceAgcMemoryRange is 16 bytes");
/* sceAgcGetDataPacketPayloadRange: TYPE 0 the packet's body (NULL, 0 for a header-only NOP,
 * count 0x3FFF), any other TYPE the body past its first dword (a SET_*_REG's values). 0, or
 * AGC_ERROR_INVALID_ARGUMENT (NULL pointers: ours). */
int agc_get_data_packet_payload_range(struct agc_memory_range *range, uint32_t *cmd, uint32_t type);
/* sceAgcGetGsOversubscription: OUT[0] GE_PC_ALLOC (user config 0x260), OUT[1]
 * SPI_SHADER_PGM_RSRC4_GS (persistent 0x81), both 0 for LIMIT 0, everything for LIMIT
 * 0xFFFFFFFF, else the point INTERPOLATION of the way from GS's occupancy without
 * oversubscription to its most (bounded by LIMIT). 0 or AGC_ERROR_INVALID_ARGUMENT (a missing
 * shader, list, specials or register). */
int agc_get_gs_oversubscription(struct agc_shader_register out[2], const struct agc_shader *gs,
                                uint32_t limit, float interpolation);

#endif
