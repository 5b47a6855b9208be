/* The two-argument context-state transition builder sceAgcDcbContextStateOp_0100 (NID
 * qj7QZpgr9Uw, the name's hash; docs/agc.md "Newer-build exports"). Its four operations write 5,
 * 27, 27 and 32 dwords built from one 22-dword synchronisation block (COND_EXEC over a RELEASE_MEM
 * interrupt, then a 64-bit ATOMIC_MEM swap of a GPU-visible label) around CONTEXT_CONTROL and
 * CLEAR_STATE, and a restore packet that loads a flattened list of the context registers' defaults.
 * The label and the list belong to the library: the console's allocates the label as {0, 1} and the
 * list from the version 8 defaults (OpenAGC's record); ours live in one guest block made on first
 * use (agc_context_state_place for tests). */
#include <pthread.h>
#include <stddef.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"
#include "kernel/guest_vm.h"

/* The block: the 8-byte label (two dwords, 0 then 1) then (offset, value) pairs. Guest memory
 * is mapped at its guest address, so the host pointer is the GPU address too. */
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t state_label; /* 0: not made yet */
static uint32_t state_pairs;

/* The context registers of version 8's public defaults: the groups of context space (0) in
 * the record's type order, each group's registers in its order. Returns the pairs written
 * (at most CAP; with OUT NULL only counted). */
static uint32_t flatten_v8_context(struct agc_shader_register *out, uint32_t cap) {
  const struct agc_register_defaults *d = agc_register_defaults_find(8, 0);
  uint32_t n = 0;
  if (!d) return 0;
  for (uint32_t t = 0; t < d->count; t++) {
    uint32_t word = d->types[3 * t + 1];
    if ((word & 3u) != 0) continue; /* another space */
    uint32_t index = (word >> 2) & 0xFFu, regs = ((word >> 18) & 0x3FFFu) * ((word >> 10) & 0xFFu);
    const struct agc_shader_register *list = d->table[0][index];
    for (uint32_t i = 0; i < regs; i++, n++)
      if (out && n < cap) out[n] = list[i];
  }
  return n;
}

size_t agc_context_state_bytes(void) {
  return 8 + (size_t)flatten_v8_context(NULL, 0) * sizeof(struct agc_shader_register);
}

static int place_locked(void *block, size_t bytes) {
  uint32_t pairs = flatten_v8_context(NULL, 0);
  if (!block || ((uintptr_t)block & 7) || bytes < 8 + (size_t)pairs * 8 || pairs == 0 ||
      pairs > 0x3FFF)
    return AGC_ERROR_INVALID_ARGUMENT;
  uint32_t *label = block;
  label[0] = 0;
  label[1] = 1;
  flatten_v8_context((struct agc_shader_register *)(label + 2), pairs);
  state_label = (uint64_t)(uintptr_t)block;
  state_pairs = pairs;
  return 0;
}

int agc_context_state_place(void *block, size_t bytes) {
  pthread_mutex_lock(&state_lock);
  int r = place_locked(block, bytes);
  pthread_mutex_unlock(&state_lock);
  return r;
}

void agc_context_state_reset(void) {
  pthread_mutex_lock(&state_lock);
  state_label = 0;
  state_pairs = 0;
  pthread_mutex_unlock(&state_lock);
}

/* The block, made in guest memory (readable and writable by the GPU) on first use; false if
 * that fails (logged). */
static bool state_ready(uint64_t *label, uint32_t *pairs) {
  pthread_mutex_lock(&state_lock);
  if (!state_label) {
    const uint64_t page = 16 * 1024;
    uint64_t bytes = (agc_context_state_bytes() + page - 1) & ~(page - 1);
    uint64_t at = guest_vm_alloc(
        bytes, page,
        GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE | GUEST_PROT_GPU_READ | GUEST_PROT_GPU_WRITE,
        "libSceAgc context state");
    if (!at || place_locked((void *)(uintptr_t)at, bytes) != 0)
      LOG_ONCE(hle, ERROR,
               "libSceAgc: the context-state label and register list cannot be made in guest "
               "memory: qj7QZpgr9Uw answers NULL");
  }
  *label = state_label;
  *pairs = state_pairs;
  pthread_mutex_unlock(&state_lock);
  return *label != 0;
}

/* LOAD_CONTEXT_REG_INDEX (INDEX 0, DATA_FORMAT 1: NUM_DWORDS (offset, value) pairs). */
static void restore_packet(uint32_t *p, uint64_t list, uint32_t pairs) {
  p[0] = pm4_type3(PM4_LOAD_CONTEXT_REG_INDEX, 4);
  p[1] = (uint32_t)list & ~3u;
  p[2] = (uint32_t)(list >> 32);
  p[3] = 0x80000000u;
  p[4] = pairs;
}

/* The 22-dword block of operation OP: COND_EXEC on the label's first dword (operations 1 and 3)
 * or its second (2) over the next 8 dwords, a RELEASE_MEM (bottom of pipe, CACHE_POLICY 3,
 * DST_SEL 1, INT_SEL 4, no data) raising an interrupt with context id 0x08100000 | OP, then an
 * ATOMIC_MEM 64-bit swap without return (0x67, COMMAND 2, ENGINE_SEL 1) storing 1 in the
 * label's first dword (1, 3) or its second (2), LOOP_INTERVAL 6. */
static void sync_block(uint32_t *p, uint32_t op, uint64_t label) {
  const bool first = op != 2;
  const uint64_t data = first ? 1 : 1ull << 32;
  p[0] = pm4_type3(PM4_COND_EXEC, 4);
  p[1] = ((uint32_t)label + (first ? 0 : 4)) & ~3u;
  p[2] = (uint32_t)(label >> 32);
  p[3] = 0;
  p[4] = 8;
  p[5] = pm4_type3(PM4_RELEASE_MEM, 7);
  p[6] = 0x06000528u;
  p[7] = 0x04010000u;
  p[8] = p[9] = p[10] = p[11] = 0;
  p[12] = 0x08100000u | op;
  p[13] = pm4_type3(PM4_ATOMIC_MEM, 8);
  p[14] = 0x40000267u;
  p[15] = (uint32_t)label;
  p[16] = (uint32_t)(label >> 32);
  p[17] = (uint32_t)data;
  p[18] = (uint32_t)(data >> 32);
  p[19] = p[20] = 0;
  p[21] = 6;
}

static uint32_t *context_control(uint32_t *p, uint32_t shadow) {
  p[0] = pm4_type3(PM4_CONTEXT_CONTROL, 2);
  p[1] = 0;
  p[2] = shadow;
  return p + 3;
}

/* OP 0: the restore packet (5). 1: block, CONTEXT_CONTROL 0x80018001, CLEAR_STATE 1 (push)
 * (27). 2: CONTEXT_CONTROL 0x80018003, block, CLEAR_STATE 2 (pop) (27). 3: as 1, then the
 * restore packet (32). */
uint32_t *agc_dcb_context_state_transition(struct agc_cb *cb, uint32_t op) {
  static const uint32_t dwords[4] = {5, 27, 27, 32};
  uint64_t label;
  uint32_t pairs;
  if (op > 3 || !state_ready(&label, &pairs)) return NULL;
  uint32_t *p = agc_cb_alloc(cb, dwords[op]);
  if (!p) return NULL;
  const uint64_t list = label + 8;
  if (op == 0) {
    restore_packet(p, list, pairs);
    return p;
  }
  uint32_t *q = p;
  if (op == 2) q = context_control(q, 0x80018003u);
  sync_block(q, op, label);
  q += 22;
  if (op != 2) q = context_control(q, 0x80018001u);
  q[0] = pm4_type3(PM4_CLEAR_STATE, 1);
  q[1] = op == 3 ? 1 : op;
  if (op == 3) restore_packet(q + 2, list, pairs);
  return p;
}
