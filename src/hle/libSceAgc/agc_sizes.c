/* The GetSize companions of builders this library does not write yet (agc.h): the byte
 * sizes the console's library returns, as a public console measurement reports them, each
 * agreeing with a second source (the packet's length in AMD's PM4 definitions, or another
 * reading of the library; docs/agc.md lists both). A guest reserves command-buffer space
 * with them before it calls the builder. */
#include "common/log.h"
#include "hle/libSceAgc/agc.h"

uint32_t agc_atomic_gds_get_size(void) { return 44; }                 /* ATOMIC_GDS, 11 dwords */
uint32_t agc_atomic_mem_get_size(void) { return 36; }                 /* ATOMIC_MEM, 9 dwords */
uint32_t agc_copy_data_get_size(void) { return 24; }                  /* COPY_DATA, 6 dwords */
uint32_t agc_acb_jump_get_size(void) { return 16; }                   /* INDIRECT_BUFFER, 4 */
uint32_t agc_prime_utcl2_get_size(void) { return 20; }                /* PRIME_UTCL2, 5 dwords */
uint32_t agc_queue_end_of_shader_action_get_size(void) { return 32; } /* 8 dwords */
uint32_t agc_cb_cond_write_get_size(void) { return 36; }              /* 9 dwords */
uint32_t agc_dcb_predication_get_size(void) { return 16; }            /* SET_PREDICATION, 4 */
uint32_t agc_dcb_set_index_indirect_args_get_size(void) {
  return 16;
} /* INDEX_ATTRIBUTES_INDIRECT */
uint32_t agc_dcb_get_lod_stats_get_size(void) { return 20; } /* GET_LOD_STATS, 5 */

uint64_t agc_wait_on_address_get_size(uint32_t size) {
  switch (size) {
    case 0: return 56; /* 32-bit: 14 dwords */
    case 1: return 64; /* 64-bit: 16 dwords */
    default: return 0;
  }
}

uint32_t agc_dcb_end_occlusion_query_get_size(void) { return 16; }

/* Type 0: 16 (measured; a second source agrees); type 1: 288 (one source's reading); other
 * types: 0 (one source says the library refuses them). */
uint32_t agc_dcb_begin_occlusion_query_get_size(uint8_t type) {
  if (type == 0) return 16;
  LOG_ONCE(hle, STUB, "sceAgcDcbBeginOcclusionQueryGetSize(%u): one source's size (docs/agc.md)",
           type);
  return type == 1 ? 288 : 0;
}
