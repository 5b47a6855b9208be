/* The captured ACO binaries of shaders/ (loaded by test_aco_shaders.c) and the execution
 * tests of aco_exec.c, which run them in the IR interpreter against their GLSL in C. */
#ifndef PROSPERO_TESTS_SHADER_IR_ACO_SHADERS_H
#define PROSPERO_TESTS_SHADER_IR_ACO_SHADERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct shader {
  char name[64];
  bool wave64;
  size_t manifest_dwords;
  uint32_t *words;
  size_t count;
  char *listing; /* RADV's disassembly (.s) */
};

/* The loaded binary NAME (a cmocka failure when the MANIFEST does not list it). */
const struct shader *aco_shader(const char *name);

/* Writes a raw-buffer V# (stride 0: NUM_RECORDS bytes; else records of STRIDE bytes) of
 * the memory at ADDR to AT (16 bytes). */
void aco_put_vsharp(uint8_t *at, uint64_t addr, uint32_t num_records, uint32_t stride);

struct ir_interp_wave;
/* Translates S (raw, or with the passes) and runs it on W for at most MAX_BLOCKS blocks; a
 * cmocka failure naming the shader and the form when either step fails. */
void aco_execute(const struct shader *s, bool passes, struct ir_interp_wave *w,
                 uint32_t max_blocks);

void aco_textured_frag_executes(void **state);
void aco_branches_frag_executes(void **state);
void aco_loops_frag_executes(void **state);
void aco_mesh_legacy_vert_executes(void **state);
void aco_mesh_ngg_vert_executes(void **state);
void aco_reduce_comp_executes(void **state);

#endif
