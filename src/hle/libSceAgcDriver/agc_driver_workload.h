/* libSceAgcDriver's workload streams (agc_driver_workload.c): the per-process table of
 * registered streams, the GPU-visible 64-bit slot of each stream, and the packets that mark
 * workloads of a stream active or complete. docs/agc.md "Workloads" gives the console's
 * facts these follow (OpenAGC analysis/agc_driver_workload_facts.md and
 * agc_driver_workload_init_1160.md) and what is our reading.
 *
 * Streams are 1..31 (0 is the driver's own "System" stream), workload ids 0..63. A packet
 * begins with the user-data prefix (the marker register 0x342 tagged 0xCC000000 | stream for
 * active, 0xCD000000 | id << 5 | stream for complete) and ends, for active and complete, with a
 * 9-dword ATOMIC_MEM on the stream's slot (header 0xC0071E00, COMMAND 2): active swaps the
 * mask of the active ids in (TC_OP 0x67, ATOMIC_SWAP_64), complete ANDs ~(1 << id) (0x75,
 * ATOMIC_AND_64).
 * CONTROL is a bool: 0 for the graphics (DCB) form, whose prefix headers have bit 2 set and
 * whose ATOMIC_MEM has ENGINE_SEL 1 (bit 30); 1 for the compute (ACB) form, both clear. */
#ifndef PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_WORKLOAD_H
#define PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>

#define AGC_WORKLOAD_STREAMS 32u          /* slots 0..31; 0 is the driver's */
#define AGC_WORKLOAD_STREAM_MAX 31u       /* the highest stream a caller may use */
#define AGC_WORKLOAD_ID_MAX 63u           /* ids 0..63: bits of the 64-bit mask */
#define AGC_WORKLOAD_ACTIVE_COUNT_MAX 63u /* distinct ids one active call takes */
#define AGC_WORKLOAD_DESCRIPTOR_BYTES 32u /* what RegisterWorkloadStream copies */
#define AGC_WORKLOAD_TABLE_BYTES 0x200u   /* the GPU slot table: 32 entries of 8 bytes */

/* The packets' dwords (GetSet*PacketSize; the console's exports answer 18 and 12). */
#define AGC_WORKLOAD_ACTIVE_DWORDS 18u
#define AGC_WORKLOAD_COMPLETE_DWORDS 12u
#define AGC_WORKLOAD_INACTIVE_DWORDS 9u

/* The codes the console's builders hold (read from the SPRX); which check returns which is
 * our reading (docs/agc.md). */
#define AGC_WORKLOAD_ERROR_STREAM ((int)0x8A6C0033u)         /* stream outside 1..31 */
#define AGC_WORKLOAD_ERROR_ID ((int)0x8A6C0034u)             /* bad id, count or pointer */
#define AGC_WORKLOAD_ERROR_ARGUMENT ((int)0x8A6C0035u)       /* Register: no descriptor */
#define AGC_WORKLOAD_ERROR_NOT_REGISTERED ((int)0x8A6C003Au) /* the stream is not registered */
#define AGC_WORKLOAD_ERROR_NO_TABLE ((int)0x8A6C003Bu)       /* no slot table */

/* sceAgcDriverUserDataGetPacketSize(bytes): the dwords of a user-data packet carrying BYTES:
 * 3 for none, 4 for one dword, else dwords + 7. */
uint32_t agc_driver_user_data_get_packet_size(uint32_t bytes);

/* sceAgcDriverUserDataWritePacket(packet, control, tag, data, size): the user-data packet of
 * SIZE bytes of DATA under TAG at PACKET (the size above; control as the workload builders').
 * The dwords written, 0 when refused (no packet, no data, above 0xFFF8 bytes). The layout is
 * the console's for 0 and 8 bytes, the same rule for other sizes (ours). */
uint32_t agc_driver_user_data_write_packet(uint32_t *packet, uint32_t control, uint32_t tag,
                                           const void *data, uint32_t size);
/* sceAgcDriverUserDataWritePopMarker(packet, control): the pop marker's tag 0xC2000000 with no
 * payload (3 dwords; the words sceAgcDcbPopMarker was measured writing). */
uint32_t agc_driver_user_data_write_pop_marker(uint32_t *packet, uint32_t control);

/* sceAgcDriverRegisterWorkloadStream(stream, descriptor): copies 32 bytes of DESCRIPTOR as the
 * stream's and marks it registered. 0, or an error above (a registered stream is refused). */
int agc_driver_register_workload_stream(uint32_t stream, const void *descriptor);
/* sceAgcDriverUnregisterWorkloadStream(stream): clears the descriptor and the mark. */
int agc_driver_unregister_workload_stream(uint32_t stream);

/* sceAgcDriverGetWorkloadStreamInfo(stream, name, size, slot): copies min(SIZE, 32) bytes of
 * registered STREAM's (0..31) descriptor to NAME and the 64-bit value of its GPU slot to *SLOT
 * (either may be NULL). 0 or an error. The arguments are two public readings' (docs/agc.md). */
int agc_driver_get_workload_stream_info(uint32_t stream, void *name, uint64_t size, uint64_t *slot);

uint32_t agc_driver_get_set_workloads_active_packet_size(void);
uint32_t agc_driver_get_set_workload_complete_packet_size(void);
uint32_t agc_driver_get_set_workload_stream_inactive_packet_size(void);

/* sceAgcDriverSetWorkloadsActive(packet, control, stream, ids, count): writes the 18 dwords at
 * PACKET marking the COUNT (1..63) distinct IDS of registered STREAM active. 0 or an error,
 * nothing written then. */
int agc_driver_set_workloads_active(uint32_t *packet, uint32_t control, uint32_t stream,
                                    const uint32_t *ids, uint32_t count);
/* sceAgcDriverSetWorkloadComplete(packet, control, stream, id): the 12 dwords marking ID of
 * registered STREAM complete. */
int agc_driver_set_workload_complete(uint32_t *packet, uint32_t control, uint32_t stream,
                                     uint32_t id);
/* sceAgcDriverSetWorkloadStreamInactive(packet, control, stream): the 9-dword prefix of active
 * with an empty mask. */
int agc_driver_set_workload_stream_inactive(uint32_t *packet, uint32_t control, uint32_t stream);

/* ---- The model (tests, the CP's view) ---- */
/* The GPU address of STREAM's slot (the table is made on first use), or 0 when there is no
 * table or STREAM is above 31. */
uint64_t agc_driver_workload_slot_address(uint32_t stream);
/* Whether STREAM (0..31) is registered; its 32 descriptor bytes into OUT (may be NULL). */
bool agc_driver_workload_stream(uint32_t stream, uint8_t out[AGC_WORKLOAD_DESCRIPTOR_BYTES]);
/* Forgets the registrations and refills the slots as at start (tests). */
void agc_driver_workload_reset(void);

#endif
