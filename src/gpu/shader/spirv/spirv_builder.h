/* SPIR-V module builder on the official header (SPIRV-Headers' spirv.h).
 *
 * A module is assembled into one word list per logical-layout section (SPIR-V 2.4: the
 * order the specification requires) and concatenated behind the header at the end, so
 * callers may add a type, a capability or a debug name at any point of the function body.
 *
 *   - Types and constants are deduplicated: asking twice for `int 32 unsigned` or for the
 *     constant 7 of it gives the same id (OpTypeStruct is the exception: two structs with
 *     the same members are distinct types, decorations may differ).
 *   - Capabilities and extensions are recorded once and only when something needs them:
 *     the 64-bit integer type requests Int64, a PhysicalStorageBuffer pointer requests
 *     PhysicalStorageBufferAddresses (and the extension SPV_KHR_physical_storage_buffer
 *     when the module's version is below 1.5, where it became core). Shader is always
 *     declared.
 *   - Debug information: OpString / OpSource for the source, OpName for any id, OpLine in
 *     function bodies.
 *
 * Allocation failures make the builder "failed": later calls do nothing and return 0, and
 * spv_builder_finish() reports the failure.
 *
 * It depends on nothing of the recompiler; spirv_emit.h turns the IR into a module.
 */
#ifndef PROSPERO_GPU_SHADER_SPIRV_SPIRV_BUILDER_H
#define PROSPERO_GPU_SHADER_SPIRV_SPIRV_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <spirv/unified1/spirv.h>

/* Logical layout sections, in module order. */
enum spv_section {
  SPV_SEC_CAPABILITY,
  SPV_SEC_EXTENSION,
  SPV_SEC_EXT_INST_IMPORT,
  SPV_SEC_MEMORY_MODEL,
  SPV_SEC_ENTRY_POINT,
  SPV_SEC_EXECUTION_MODE,
  SPV_SEC_DEBUG_STRING, /* OpString, OpSource */
  SPV_SEC_DEBUG_NAME,   /* OpName, OpMemberName */
  SPV_SEC_ANNOTATION,   /* OpDecorate, OpMemberDecorate */
  SPV_SEC_GLOBAL,       /* types, constants, global variables */
  SPV_SEC_FUNCTION,
  SPV_SEC_COUNT,
};

struct spv_words {
  uint32_t *w;
  uint32_t count, cap;
};

struct spv_dedup_entry {
  uint32_t hash;
  uint32_t at;  /* word offset of the instruction in SPV_SEC_GLOBAL */
  uint32_t id;  /* its result id, 0 for an empty slot */
};

struct spv_builder {
  struct spv_words sec[SPV_SEC_COUNT];
  uint32_t version;  /* e.g. 0x00010600 for SPIR-V 1.6 */
  uint32_t next_id;
  bool failed;
  struct spv_dedup_entry *dedup; /* open addressing over types and constants */
  uint32_t dedup_cap, dedup_count;
  uint32_t *caps;                /* declared capabilities */
  uint32_t cap_count, cap_cap;
  uint32_t ext_count;            /* declared extensions (their names are in the section) */
  uint32_t glsl_std;             /* id of the GLSL.std.450 import, 0 until requested */
  uint32_t memory_model_set;
  /* 32-bit constants last returned, direct-mapped by type and value: the emitter asks for the
   * same few (lane counts, shifts, slots) thousands of times per module */
  struct spv_const_hit {
    uint32_t type, value, id; /* id 0: empty */
  } const_hits[256];
};

/* VERSION: the module's SPIR-V version word (0x00010000 * major + 0x100 * minor). */
void spv_builder_init(struct spv_builder *b, uint32_t version);
void spv_builder_free(struct spv_builder *b);
/* Room for WORDS more words in section S without growing (a size estimate; false when out
 * of memory). */
bool spv_builder_reserve(struct spv_builder *b, enum spv_section s, uint32_t words);
/* The module's words (header first; the caller frees *WORDS). False if an allocation
 * failed at any point or no memory model was set. */
bool spv_builder_finish(struct spv_builder *b, uint32_t **words, size_t *count);

/* A fresh result id. */
uint32_t spv_id(struct spv_builder *b);

/* Appends one instruction (opcode and operand words) to a section. */
void spv_inst(struct spv_builder *b, enum spv_section s, SpvOp op, const uint32_t *ops,
              uint32_t n);
/* Appends OP RESULT_TYPE NEW_ID ARGS... to the function section and returns the new id. */
uint32_t spv_op(struct spv_builder *b, SpvOp op, uint32_t result_type, const uint32_t *args,
                uint32_t n);
/* The same with a literal string operand in front of ARGS (after the result id, if
 * RESULT is true). Used for OpExtension, OpName, OpString, OpEntryPoint. */
void spv_inst_str(struct spv_builder *b, enum spv_section s, SpvOp op, const uint32_t *pre,
                  uint32_t npre, const char *str, const uint32_t *post, uint32_t npost);

/* Requests a capability / extension (declared once, in order of first request). */
void spv_capability(struct spv_builder *b, SpvCapability cap);
bool spv_has_capability(const struct spv_builder *b, SpvCapability cap);
void spv_extension(struct spv_builder *b, const char *name);
/* The GLSL.std.450 extended instruction set (imported on first use). */
uint32_t spv_glsl_std(struct spv_builder *b);

void spv_memory_model(struct spv_builder *b, SpvAddressingModel am, SpvMemoryModel mm);
void spv_entry_point(struct spv_builder *b, SpvExecutionModel model, uint32_t fn,
                     const char *name, const uint32_t *interface, uint32_t n);
void spv_execution_mode(struct spv_builder *b, uint32_t fn, SpvExecutionMode mode,
                        const uint32_t *lits, uint32_t n);

/* Debug information. */
uint32_t spv_string(struct spv_builder *b, const char *text);
void spv_source(struct spv_builder *b, uint32_t file_string);
void spv_name(struct spv_builder *b, uint32_t id, const char *name);
/* OpName "<PREFIX><N>", N in decimal, then when HEX_TAG is not NULL "<HEX_TAG><H>", H in
 * lowercase hexadecimal of at least 4 digits (the text of printf's "%s%u%s%04x"; PREFIX and
 * HEX_TAG of at most 16 characters), formatted without printf: the emitter names every value
 * and block. */
void spv_name_numbered(struct spv_builder *b, uint32_t id, const char *prefix, uint32_t n,
                       const char *hex_tag, uint32_t h);
void spv_member_name(struct spv_builder *b, uint32_t type, uint32_t member, const char *name);
void spv_line(struct spv_builder *b, uint32_t file_string, uint32_t line, uint32_t column);

/* Annotations. */
void spv_decorate(struct spv_builder *b, uint32_t id, SpvDecoration d, const uint32_t *lits,
                  uint32_t n);
void spv_member_decorate(struct spv_builder *b, uint32_t type, uint32_t member,
                         SpvDecoration d, const uint32_t *lits, uint32_t n);

/* Types (deduplicated, capability-requesting). */
uint32_t spv_type_void(struct spv_builder *b);
uint32_t spv_type_bool(struct spv_builder *b);
uint32_t spv_type_int(struct spv_builder *b, uint32_t width, bool is_signed);
uint32_t spv_type_float(struct spv_builder *b, uint32_t width);
uint32_t spv_type_vector(struct spv_builder *b, uint32_t component, uint32_t n);
uint32_t spv_type_array(struct spv_builder *b, uint32_t element, uint32_t length);
uint32_t spv_type_runtime_array(struct spv_builder *b, uint32_t element);
uint32_t spv_type_pointer(struct spv_builder *b, SpvStorageClass sc, uint32_t pointee);
uint32_t spv_type_function(struct spv_builder *b, uint32_t ret, const uint32_t *params,
                           uint32_t n);
/* Not deduplicated: every call makes a distinct struct type. */
uint32_t spv_type_struct(struct spv_builder *b, const uint32_t *members, uint32_t n);

/* Constants (deduplicated): a scalar of a type of up to 32 bits (floats as their bits),
 * and of a 64-bit type. */
uint32_t spv_const(struct spv_builder *b, uint32_t type, uint32_t value);
uint32_t spv_const64(struct spv_builder *b, uint32_t type, uint64_t value);
uint32_t spv_const_u32(struct spv_builder *b, uint32_t value);
uint32_t spv_const_bool(struct spv_builder *b, bool value);
uint32_t spv_const_composite(struct spv_builder *b, uint32_t type, const uint32_t *parts,
                             uint32_t n);
uint32_t spv_const_null(struct spv_builder *b, uint32_t type);

/* Global variable (not deduplicated) in SPV_SEC_GLOBAL. */
uint32_t spv_variable(struct spv_builder *b, uint32_t ptr_type, SpvStorageClass sc);

#endif
