/* Entry points of the newer libSceAgc builds that titles bundle as compatibility libraries
 * (docs/agc.md "Compatibility exports"): WRITE_DATA and ACQUIRE_MEM field patchers, the
 * Trinity-mode query, the shader-instrumentation flags and the AMM semaphore labels. The
 * fields, sizes and codes are what OpenAGC records from the bundled SPRX's bodies. */
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

/* WRITE_DATA's dword 1 fields the patchers change (the GFX10 packet's CONTROL dword). */
#define WRITE_DATA_DST_SEL_MASK 0x00000F00u      /* bits 11:8 */
#define WRITE_DATA_CACHE_POLICY_MASK 0x06000000u /* bits 26:25 */
#define WRITE_DATA_ENGINE_BIT30 0x40000000u      /* the low bit of ENGINE_SEL (31:30) */

/* The address and cache-policy patchers: one body serves the graphics and the compute
 * (Async) exports, which the SPRX's bodies write alike. */
int agc_write_data_patch_set_address_or_offset(uint32_t *cmd, uint64_t address) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_WRITE_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[2] = (uint32_t)address;
  p[3] = (uint32_t)(address >> 32);
  return 0;
}

int agc_write_data_patch_set_cache_policy(uint32_t *cmd, uint32_t policy) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_WRITE_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & ~WRITE_DATA_CACHE_POLICY_MASK) | (policy & 3u) << 25;
  return 0;
}

/* The graphics form takes a five-bit destination: its bit 0 goes to control bit 30, bits 4:1
 * to DST_SEL (bits 11:8), as the SPRX's body shifts it. */
int agc_write_data_patch_set_dst(uint32_t *cmd, uint32_t dst) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_WRITE_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  uint32_t fields = ((dst & 1u) << 30) | ((dst >> 1 & 0xFu) << 8);
  p[1] = (p[1] & ~(WRITE_DATA_ENGINE_BIT30 | 0x80000000u | WRITE_DATA_DST_SEL_MASK)) | fields;
  return 0;
}

/* The compute form: DST_SEL's four bits only. */
int agc_async_write_data_patch_set_dst(uint32_t *cmd, uint32_t dst) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_WRITE_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & ~WRITE_DATA_DST_SEL_MASK) | (dst & 0xFu) << 8;
  return 0;
}

/* ACQUIRE_MEM's ENGINE_SEL (dword 1 bit 31). */
int agc_acquire_mem_set_engine(uint32_t *cmd, uint32_t engine) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_ACQUIRE_MEM);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & 0x7FFFFFFFu) | (engine & 1u) << 31;
  return 0;
}

/* One byte through OUT: a standard PS5 is not in Trinity (PS5 Pro) mode. The SPRX's value is
 * sceKernelHasTrinityMode's; we emulate the standard console. */
void agc_get_is_trinity_mode(uint8_t *out) {
  if (out) *out = 0;
}

/* The flags are kept as given; a standard console adds no system instrumentation bits. */
static _Atomic uint32_t shader_instrumentation;

uint32_t agc_get_shader_instrumentation(void) { return atomic_load(&shader_instrumentation); }

int agc_set_shader_instrumentation(uint32_t flags) {
  atomic_store(&shader_instrumentation, flags);
  return 0;
}

/* AMM semaphore memory: set once (16 KiB aligned base and size, cleared), then 32-byte labels
 * by index. */
#define AMM_ALIGNMENT 0x4000u
#define AMM_LABEL_BYTES 32u
static _Atomic(uint8_t *) amm_memory;
static _Atomic uint64_t amm_bytes;

int agc_set_amm_semaphore_memory(void *memory, uint64_t bytes) {
  if (atomic_load(&amm_bytes) != 0) return AGC_ERROR_AMM_ALREADY_SET;
  if (!memory || bytes == 0 || (((uintptr_t)memory | bytes) & (AMM_ALIGNMENT - 1)) != 0)
    return AGC_ERROR_AMM_ALIGNMENT;
  memset(memory, 0, (size_t)bytes);
  atomic_store(&amm_memory, (uint8_t *)memory);
  atomic_store(&amm_bytes, bytes);
  return 0;
}

int agc_get_semaphore_label(uint32_t index, void **out) {
  uint64_t bytes = atomic_load(&amm_bytes);
  if (bytes == 0) return AGC_ERROR_AMM_NOT_SET;
  if (((uint64_t)index + 1) * AMM_LABEL_BYTES > bytes) return AGC_ERROR_AMM_INDEX;
  if (!out) return AGC_ERROR_AMM_ALIGNMENT;
  *out = atomic_load(&amm_memory) + (uint64_t)index * AMM_LABEL_BYTES;
  return 0;
}

void agc_compat_reset(void) {
  atomic_store(&shader_instrumentation, 0);
  atomic_store(&amm_memory, NULL);
  atomic_store(&amm_bytes, 0);
}

/* The console's body forwards to the kernel's debugger exception; there is no debugger to
 * hand it to here, so this is a stub (logged once, with the first call's arguments, which may
 * tell a developer why the guest asked for one). */
int agc_debug_raise_exception(uint32_t code, uint32_t arg) {
  LOG_ONCE(hle, STUB, "stub called: sceAgcDebugRaiseException(0x%x, 0x%x): no debugger to raise",
           code, arg);
  return 0;
}
