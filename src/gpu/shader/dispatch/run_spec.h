/* SPEC.json: one compute dispatch described as data (`prospero-shader run SPEC.json`, the
 * tool tests and bug reports use; docs/shader-spirv.md "Replaying a dispatch").
 *
 *   { "code": "k.bin", "code_addr": "0x100000", "wave": 32, "threads": [64,1,1],
 *     "groups": [4,1,1], "user_sgprs": ["0x200000", 0, 16, "0x27fac"],
 *     "tgid": [true,false,false], "tid_dims": 1, "lds_bytes": 0,
 *     "memory": [{"addr": "0x200000", "file": "in.bin"}, {"addr": "0x300000", "size": 4096, "fill":
 * "0xaaaaaaaa"}], "border_color_base": "0x400000",
 *   "dump": [{"addr": "0x300000", "size": 4096, "file": "out.bin"}] }
 *
 * Numbers may be JSON numbers (integers) or strings in C notation ("0x...", 64-bit for
 * addresses). `fill` is a 32-bit pattern repeated little-endian (default 0). Paths are
 * relative to the spec's folder. Required: code, code_addr (256-byte aligned, as
 * COMPUTE_PGM_LO holds address bits 39:8), threads, groups. Defaults: wave 64, no user
 * SGPRs, no workgroup ids, tid_dims 1, lds_bytes 0, no memory, no dump, border_color_base 0
 * (the sampler's border colour table that S#s of BORDER_COLOR_TYPE 3 read, 256-byte
 * aligned: TA_CS_BC_BASE_ADDR/_HI; 16 bytes an entry). An unknown key is an
 * error (a misspelled field would otherwise be ignored). prospero-shader takes blocks at
 * COMPUTE_GDS_ADDR (0xffffffff0000) and up as the GDS's bytes (compute_gds.h). */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_RUN_SPEC_H
#define PROSPERO_GPU_SHADER_DISPATCH_RUN_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/dispatch/compute_regs.h"

#define RUN_SPEC_MAX_BLOCKS 64

struct run_spec_block {
  uint64_t addr;
  uint64_t size; /* memory: from the file when one is given; dump: required */
  char *file;    /* resolved against the spec's folder; NULL: fill */
  uint32_t fill;
};

struct run_spec {
  char *code; /* resolved path */
  uint64_t code_addr;
  uint32_t wave; /* 32 or 64 */
  uint32_t threads[3], groups[3];
  uint32_t user_sgprs[COMPUTE_MAX_USER_SGPRS];
  uint32_t user_sgpr_count;
  bool tgid[3];
  uint32_t tid_dims; /* 1..3 */
  uint32_t lds_bytes;
  uint64_t border_color_base; /* TA_CS_BC_BASE_ADDR/_HI: the sampler's border colour table */
  struct run_spec_block memory[RUN_SPEC_MAX_BLOCKS], dump[RUN_SPEC_MAX_BLOCKS];
  uint32_t memory_count, dump_count;
};

/* Parses the JSON text TEXT[LEN]; BASE_DIR is the spec's folder (NULL or "": paths as
 * given). False with ERR naming the field at fault ("groups[1]: ..."). *OUT owns its
 * strings (run_spec_free), also after a failure. */
bool run_spec_parse(const char *text, size_t len, const char *base_dir, struct run_spec *out,
                    char *err, size_t err_size);
void run_spec_free(struct run_spec *s);

/* The COMPUTE_* registers that dispatch S (user data, wave size, enables, LDS granules). */
void run_spec_regs(const struct run_spec *s, struct compute_regs *out);

#endif
