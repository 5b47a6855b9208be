/* Workload streams (agc_driver_workload.h). The console's driver keeps, per process, the 32
 * descriptors of 32 bytes with a registration bit each (stream 0 is its own, "System"), and a
 * 0x200-byte table of GPU-visible 64-bit slots in its GPU-info memory, filled with 0xFF at
 * start but for slots 0 and 1, which receive a 16-byte answer of the kernel (zero when the
 * query fails). The packets carry the address of a slot, never its value; the GPU changes the
 * slot (ATOMIC_MEM). Ours: the table is a page of guest memory the GPU may write (a host page
 * when guest memory is not set up: unit tests), made on first use; slots 0 and 1 are zero, the
 * console's value when its query fails (we have no such query). Sources: docs/agc.md
 * "Workloads". */
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgcDriver/agc_driver_workload.h"
#include "kernel/guest_vm.h"

#define MARKER_REG 0x342u       /* SQ_THREAD_TRACE_USERDATA_2: the tag */
#define MARKER_DATA_REG 0xC343u /* SQ_THREAD_TRACE_USERDATA_3, as WRITE_DATA's register address */
#define TAG_ACTIVE 0xCC000000u
#define TAG_COMPLETE 0xCD000000u
#define HEADER_BIT2 0x4u /* the graphics form's prefix headers (control 0) */
#define WRITE_DATA_CONTROL 0x06010000u
/* ATOMIC_MEM's control: TC_OP ATOMIC_SWAP_64 (0x67) / ATOMIC_AND_64 (0x75), COMMAND 2 (wait
 * for write confirmation); the graphics form adds ENGINE_SEL 1 (bit 30). */
#define ATOMIC_ACTIVE 0x267u
#define ATOMIC_COMPLETE 0x275u
#define ATOMIC_ENGINE_PFP 0x40000000u
#define TABLE_PAGE 0x4000u /* the guest page the table sits on */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t registered = 1u; /* bit n: stream n; stream 0 always */
static uint8_t descriptors[AGC_WORKLOAD_STREAMS][AGC_WORKLOAD_DESCRIPTOR_BYTES] = {{"System"}};
static uint8_t *table; /* the slots (guarded by lock); NULL until first use */
static bool table_tried;

/* The slots as the console's constructor leaves them. */
static void fill_slots(uint8_t *t) {
  memset(t, 0xFF, AGC_WORKLOAD_TABLE_BYTES);
  memset(t, 0, 16); /* slots 0 and 1: the kernel's answer, zero when it fails */
}

/* The guest unmapped pages of the table: the driver forgets it (the builders then answer
 * NO_TABLE; logged), so nothing here reads or writes a page the guest gave back. */
static void table_unmapped(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  pthread_mutex_lock(&lock);
  const uint64_t t = (uint64_t)(uintptr_t)table;
  const bool hit = table && addr < t + TABLE_PAGE && t < addr + size;
  if (hit) table = NULL;
  pthread_mutex_unlock(&lock);
  if (hit)
    LOG(hle, GAME_ERROR,
        "agc driver: the guest unmapped the workload slot table at 0x%" PRIx64
        ": the workload builders refuse from now on",
        t);
}

/* The table (made once; lock held), or NULL. */
static uint8_t *slots(void) {
  if (table || table_tried) return table;
  table_tried = true;
  const int prot =
      GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE | GUEST_PROT_GPU_READ | GUEST_PROT_GPU_WRITE;
  uint64_t a = guest_vm_alloc(TABLE_PAGE, TABLE_PAGE, prot, "SceAgcWorkloadStreams");
  uint8_t *t = (uint8_t *)(uintptr_t)a;
  if (t && !guest_vm_add_unmap_observer(table_unmapped, NULL))
    LOG(hle, WARN, "agc driver: no unmap observer left for the workload slot table");
  if (!t) {
    t = aligned_alloc(TABLE_PAGE, TABLE_PAGE);
    LOG(hle, DEBUG, "agc driver: the workload slot table is a host page (no guest memory)");
  }
  if (!t) {
    LOG(hle, ERROR, "agc driver: no memory for the workload slot table");
    return NULL;
  }
  fill_slots(t);
  table = t;
  return table;
}

uint32_t agc_driver_user_data_get_packet_size(uint32_t bytes) {
  if (bytes == 0) return 3;
  const uint32_t dwords = (uint32_t)(((uint64_t)bytes + 3u) >> 2);
  return dwords == 1 ? 4 : dwords + 7;
}

uint32_t agc_driver_get_set_workloads_active_packet_size(void) {
  return agc_driver_user_data_get_packet_size(8) + 9; /* the mask's prefix + ATOMIC_MEM */
}
uint32_t agc_driver_get_set_workload_complete_packet_size(void) {
  return agc_driver_user_data_get_packet_size(0) + 9;
}
uint32_t agc_driver_get_set_workload_stream_inactive_packet_size(void) {
  return agc_driver_user_data_get_packet_size(8);
}

/* CONTROL is a bool (the low byte of its register). */
static bool graphics_form(uint32_t control) { return (control & 0xFFu) == 0; }

static bool stream_valid(uint32_t stream) {
  return stream >= 1 && stream <= AGC_WORKLOAD_STREAM_MAX;
}

int agc_driver_register_workload_stream(uint32_t stream, const void *descriptor) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  if (!descriptor) return AGC_WORKLOAD_ERROR_ARGUMENT;
  pthread_mutex_lock(&lock);
  int rc = 0;
  if (registered >> stream & 1u) {
    rc = AGC_WORKLOAD_ERROR_STREAM;
  } else {
    memcpy(descriptors[stream], descriptor, AGC_WORKLOAD_DESCRIPTOR_BYTES);
    registered |= 1u << stream;
    slots(); /* the console's table exists from start: make ours now */
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int agc_driver_unregister_workload_stream(uint32_t stream) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  pthread_mutex_lock(&lock);
  int rc = 0;
  if (!(registered >> stream & 1u)) {
    rc = AGC_WORKLOAD_ERROR_NOT_REGISTERED;
  } else {
    memset(descriptors[stream], 0, AGC_WORKLOAD_DESCRIPTOR_BYTES);
    registered &= ~(1u << stream);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int agc_driver_get_workload_stream_info(uint32_t stream, void *name, uint64_t size,
                                        uint64_t *slot) {
  if (stream >= AGC_WORKLOAD_STREAMS) return AGC_WORKLOAD_ERROR_STREAM;
  pthread_mutex_lock(&lock);
  int rc = 0;
  const uint8_t *t = slots();
  if (!(registered >> stream & 1u)) {
    rc = AGC_WORKLOAD_ERROR_NOT_REGISTERED;
  } else if (!t) {
    rc = AGC_WORKLOAD_ERROR_NO_TABLE;
  } else {
    if (name)
      memcpy(name, descriptors[stream],
             size < AGC_WORKLOAD_DESCRIPTOR_BYTES ? (size_t)size : AGC_WORKLOAD_DESCRIPTOR_BYTES);
    /* the GPU writes the slot (ATOMIC_MEM): read it as one 64-bit value */
    if (slot) *slot = __atomic_load_n((const uint64_t *)(t + (size_t)stream * 8), __ATOMIC_ACQUIRE);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The address of registered STREAM's slot into *ADDR: 0 or an error. */
static int registered_slot(uint32_t stream, uint64_t *addr) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  pthread_mutex_lock(&lock);
  int rc = 0;
  uint8_t *t = slots();
  if (!(registered >> stream & 1u)) rc = AGC_WORKLOAD_ERROR_NOT_REGISTERED;
  else if (!t) rc = AGC_WORKLOAD_ERROR_NO_TABLE;
  else *addr = (uint64_t)(uintptr_t)(t + (size_t)stream * 8);
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The user-data packet (agc_driver_user_data_get_packet_size(SIZE) dwords) carrying SIZE bytes
 * of SRC under TAG, as the console's builders lay it out for 0 and 8 bytes: SET_UCONFIG_REG of
 * 0x342 = the tag (3 dwords, no payload), or of 0x342-0x343 = the tag, the first payload dword;
 * with more than one payload dword, a WRITE_DATA to register 0xC343 (control 0x06010000) of the
 * remaining payload dwords and a 0. The graphics form sets header bit 2. The last payload dword
 * is zero-filled. Returns the dwords written. */
static uint32_t user_data(uint32_t *p, bool graphics, uint32_t tag, const void *src,
                          uint32_t size) {
  const uint32_t bit2 = graphics ? HEADER_BIT2 : 0;
  const uint32_t n = (uint32_t)(((uint64_t)size + 3u) >> 2);
  p[0] = pm4_type3(PM4_SET_UCONFIG_REG, n ? 3 : 2) | bit2;
  p[1] = MARKER_REG;
  p[2] = tag;
  if (n == 0) return 3;
  if (n == 1) {
    p[3] = 0;
    memcpy(&p[3], src, size);
    return 4;
  }
  p[4] = pm4_type3(PM4_WRITE_DATA, n + 2) | bit2;
  p[5] = WRITE_DATA_CONTROL;
  p[6 + n - 1] = 0;
  memcpy(&p[6], src, size); /* payload dword 0 at p[6] for now, the rest from p[7] */
  p[3] = p[6];
  p[6] = MARKER_DATA_REG;
  p[6 + n] = 0;
  return n + 7;
}

/* WRITE_DATA's body (n + 2 dwords) fits its 14-bit count: n <= 0x3FFE. */
#define USER_DATA_MAX_BYTES (0x3FFEu * 4u)
#define TAG_POP_MARKER 0xC2000000u /* the measured pop marker's tag (agc_packets.c) */

uint32_t agc_driver_user_data_write_packet(uint32_t *packet, uint32_t control, uint32_t tag,
                                           const void *src, uint32_t size) {
  if (!packet || (size && !src) || size > USER_DATA_MAX_BYTES) {
    LOG(hle, GAME_ERROR,
        "sceAgcDriverUserDataWritePacket: refused (packet %p, data %p, %u bytes; %u at most)",
        (void *)packet, src, size, USER_DATA_MAX_BYTES);
    return 0;
  }
  if (size != 0 && size != 8)
    LOG_ONCE(hle, STUB,
             "sceAgcDriverUserDataWritePacket: the layout of %u bytes follows the one recorded "
             "for 0 and 8 bytes (docs/agc.md)",
             size);
  return user_data(packet, graphics_form(control), tag, src, size);
}

uint32_t agc_driver_user_data_write_pop_marker(uint32_t *packet, uint32_t control) {
  if (!packet) return 0;
  return user_data(packet, graphics_form(control), TAG_POP_MARKER, NULL, 0);
}

/* The prefix carrying a 64-bit MASK (9 dwords; little-endian, as the guest's). */
static void prefix_mask(uint32_t *p, bool graphics, uint32_t tag, uint64_t mask) {
  user_data(p, graphics, tag, &mask, sizeof mask);
}

/* The 9-dword ATOMIC_MEM of OP with SRC on the slot at ADDR. */
static void atomic_slot(uint32_t *p, bool graphics, uint32_t op, uint64_t addr, uint64_t src) {
  p[0] = pm4_type3(PM4_ATOMIC_MEM, 8);
  p[1] = op | (graphics ? ATOMIC_ENGINE_PFP : 0);
  p[2] = (uint32_t)addr;
  p[3] = (uint32_t)(addr >> 32);
  p[4] = (uint32_t)src;
  p[5] = (uint32_t)(src >> 32);
  p[6] = p[7] = p[8] = 0; /* compare data, loop interval */
}

int agc_driver_set_workloads_active(uint32_t *packet, uint32_t control, uint32_t stream,
                                    const uint32_t *ids, uint32_t count) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  if (!packet || !ids || count == 0 || count > AGC_WORKLOAD_ACTIVE_COUNT_MAX)
    return AGC_WORKLOAD_ERROR_ID;
  uint64_t mask = 0;
  for (uint32_t i = 0; i < count; i++) {
    if (ids[i] > AGC_WORKLOAD_ID_MAX || (mask >> ids[i] & 1u)) return AGC_WORKLOAD_ERROR_ID;
    mask |= 1ull << ids[i];
  }
  uint64_t slot;
  int rc = registered_slot(stream, &slot);
  if (rc) return rc;
  const bool g = graphics_form(control);
  prefix_mask(packet, g, TAG_ACTIVE | stream, mask);
  atomic_slot(packet + 9, g, ATOMIC_ACTIVE, slot, mask);
  return 0;
}

int agc_driver_set_workload_complete(uint32_t *packet, uint32_t control, uint32_t stream,
                                     uint32_t id) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  if (!packet || id > AGC_WORKLOAD_ID_MAX) return AGC_WORKLOAD_ERROR_ID;
  uint64_t slot;
  int rc = registered_slot(stream, &slot);
  if (rc) return rc;
  const bool g = graphics_form(control);
  user_data(packet, g, TAG_COMPLETE | id << 5 | stream, NULL, 0);
  atomic_slot(packet + 3, g, ATOMIC_COMPLETE, slot, ~(1ull << id));
  return 0;
}

int agc_driver_set_workload_stream_inactive(uint32_t *packet, uint32_t control, uint32_t stream) {
  if (!stream_valid(stream)) return AGC_WORKLOAD_ERROR_STREAM;
  if (!packet) return AGC_WORKLOAD_ERROR_ID;
  LOG_ONCE(hle, STUB,
           "sceAgc*SetWorkloadStreamInactive: the driver export's arguments are read as its "
           "siblings' (packet, control, stream); the stream need not be registered (our "
           "reading; docs/agc.md)");
  prefix_mask(packet, graphics_form(control), TAG_ACTIVE | stream, 0);
  return 0;
}

uint64_t agc_driver_workload_slot_address(uint32_t stream) {
  if (stream >= AGC_WORKLOAD_STREAMS) return 0;
  pthread_mutex_lock(&lock);
  uint8_t *t = slots();
  pthread_mutex_unlock(&lock);
  return t ? (uint64_t)(uintptr_t)(t + (size_t)stream * 8) : 0;
}

bool agc_driver_workload_stream(uint32_t stream, uint8_t out[AGC_WORKLOAD_DESCRIPTOR_BYTES]) {
  if (stream >= AGC_WORKLOAD_STREAMS) return false;
  pthread_mutex_lock(&lock);
  const bool on = registered >> stream & 1u;
  if (out) memcpy(out, descriptors[stream], AGC_WORKLOAD_DESCRIPTOR_BYTES);
  pthread_mutex_unlock(&lock);
  return on;
}

void agc_driver_workload_reset(void) {
  pthread_mutex_lock(&lock);
  registered = 1u;
  memset(descriptors, 0, sizeof descriptors);
  memcpy(descriptors[0], "System", sizeof "System");
  if (table) fill_slots(table);
  pthread_mutex_unlock(&lock);
}
