/* libSceAgcDriver: submission of command buffers to the GPU's queues and the GPU's events.
 * The graphics queue takes DCBs (SubmitDcb and friends), the compute queues ACBs; the
 * command processor itself (src/gpu/cp) is above this module's reach: the app installs
 * `struct agc_driver_ops` (submit to a queue) and forwards the command processor's
 * end-of-pipe interrupts here (agc_driver_interrupt), which posts them as GRAPHICS events
 * (filter -14) into the guest queues that registered for them (sceAgcDriverAddEqEvent).
 * docs/agc.md describes the model and its limits. */
#ifndef PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_H
#define PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_H

#include <stdint.h>

/* Error results. The console's codes for these cases are not publicly known: the driver
 * reaches the kernel through ioctls, so the kernel's SCE_KERNEL_ERROR_E* codes are used
 * (ours, unverified; docs/agc.md). */
#define AGC_DRIVER_ERROR_EINVAL ((int)0x80020016u) /* bad argument */
#define AGC_DRIVER_ERROR_EFAULT ((int)0x8002000Eu) /* the buffer is not in guest memory */
#define AGC_DRIVER_ERROR_EAGAIN ((int)0x80020023u) /* the queue's FIFO is full */
#define AGC_DRIVER_ERROR_EPIPE ((int)0x80020020u)  /* the queue stopped on an error */
#define AGC_DRIVER_ERROR_ENODEV ((int)0x80020013u) /* no GPU (no submission op installed) */
#define AGC_DRIVER_ERROR_EBADF ((int)0x80020009u)  /* not an event queue */
#define AGC_DRIVER_ERROR_ENOENT ((int)0x80020002u) /* no such event */
/* What the retail library's resource registration entry points return (RegisterOwner,
 * RegisterResource, InitResourceRegistration, QueryResourceRegistrationUserMemoryRequirements
 * are each "return 0x8A6C9018" in the console's libSceAgcDriver and write nothing: public
 * disassembly and hardware measurements, docs/agc.md). */
#define AGC_DRIVER_ERROR_RESOURCE_REGISTRATION_NOT_SUPPORTED ((int)0x8A6C9018u)

/* sceAgcDriverWaitUntilSafeForRendering's packet: the dwords the console's function takes
 * (GetWaitRenderingPacketSizeInDwords, 32 as measured on hardware), the console's words (two
 * tags around a WAIT_REG_MEM64 until the buffer's flip label in video out's page is 0). The
 * 7-dword WAIT_FLIP_DONE driver packet (header, video out handle, buffer index, 4 zero) of
 * older streams and of sceAgcDcbWaitUntilSafeForRendering is still run by the command
 * processor. */
#define AGC_DRIVER_WAIT_RENDERING_DWORDS 32u
/* sceAgcDriverSetFlip's packet: 64 dwords (GetSetFlipPacketSizeInDwords, the console's
 * value), the words the console's sceAgcDcbSetFlip was captured writing: a RELEASE_MEM at
 * dword 10 writes 1 to the buffer's flip label with an interrupt whose context id is the one
 * video out gave the flip when this function registered it (agc_driver.c). The FLIP driver
 * packet (6 dwords: header, handle, index, mode, argument lo, hi) of older streams is still
 * run by the command processor. */
#define AGC_DRIVER_SET_FLIP_DWORDS 64u
#define AGC_DRIVER_ERROR_INVALID_INDEX ((int)0x8029000Au) /* video out's INVALID_INDEX */

/* The graphics queue (the command processor's queue 0). ACBs name a compute queue by its
 * queue id 0x20 + pipe * 8 + queue (0x20 .. 0x57): the command processor's queue 1 + id -
 * 0x20. */
#define AGC_DRIVER_GFX_QUEUE 0u
#define AGC_DRIVER_ACB_QUEUE_FIRST 0x20u
#define AGC_DRIVER_ACB_QUEUE_END 0x58u

/* Event ids of sceAgcDriverAddEqEvent: 0 the graphics queue's end-of-pipe interrupt, a
 * compute queue's id (0x20 .. 0x57) that queue's. */
#define AGC_DRIVER_EVENT_GFX_EOP 0

/* The submission op the app installs. SUBMIT queues DWORDS dwords at guest ADDR on QUEUE
 * (the command processor's numbering) and returns 0 or a negative host errno (-EINVAL, -EFAULT
 * unmapped, -EAGAIN queue full, -EPIPE queue stopped). */
struct agc_driver_ops {
  void *ctx;
  int (*submit)(void *ctx, unsigned queue, uint64_t addr, uint32_t dwords);
};
/* NULL removes them (submissions then fail, logged). */
void agc_driver_set_ops(const struct agc_driver_ops *ops);

/* An end-of-pipe interrupt from QUEUE (the command processor's RELEASE_MEM/EOP with an
 * interrupt select): posted as a GRAPHICS event to the queues registered for it. Any
 * thread. */
void agc_driver_interrupt(unsigned queue, unsigned event, uint64_t data, uint32_t context_id);

/* The GRAPHICS event's data for an interrupt with CONTEXT_ID (RELEASE_MEM's INT_CTXID, 0 when
 * the packet has none): context id << 16 | 0xFF00, as measured on the console (obSCEne's
 * check 166-agc/driver-add-eq-event: data 0x0101FF00 for context 0x101). */
int64_t agc_driver_event_data(uint32_t context_id);

/* SceAgcDriverCommandBufferSubmit / the submit packet: the buffer's address and its size in
 * dwords. */
struct agc_driver_submit {
  const uint32_t *addr;
  uint32_t dwords;
  uint32_t reserved;
};
_Static_assert(sizeof(struct agc_driver_submit) == 16, "the submit packet is 16 bytes");

/* ---- The library's functions (guest ABI) --------------------------------------------- */
int agc_driver_submit_dcb(const struct agc_driver_submit *packet);
int agc_driver_submit_multi_dcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                 uint32_t count);
int agc_driver_submit_acb(uint32_t queue, const struct agc_driver_submit *packet);
int agc_driver_submit_multi_acbs(uint32_t queue, const uint32_t *const *addrs,
                                 const uint32_t *dwords, uint32_t count);
/* sceAgcDriverSubmitCommandBuffer(queue, packet) / SubmitMultiCommandBuffers(queue, addrs,
 * dwords, count): QUEUE is an object sceAgcDriverCreateQueue made: the buffers run on its
 * command processor queue; an object it did not make goes to the graphics queue (logged once;
 * PARTIAL). */
int agc_driver_submit_command_buffer(const void *queue, const struct agc_driver_submit *packet);
int agc_driver_submit_multi_command_buffers(const void *queue, const uint32_t *const *addrs,
                                            const uint32_t *dwords, uint32_t count);
uint32_t agc_driver_get_wait_rendering_packet_size_in_dwords(void);
/* Writes the wait packet at *CMD (DWORDS dwords, at least the size above; RESERVED 0) and
 * advances *CMD past it. 0, or EINVAL with nothing written. */
int agc_driver_wait_until_safe_for_rendering(uint32_t **cmd, uint32_t dwords, uint32_t reserved,
                                             uint32_t handle, int32_t index);
uint32_t agc_driver_get_set_flip_packet_size_in_dwords(void);
/* Registers the flip with video out and writes the flip packet at *CMD (DWORDS dwords, at
 * least the size above), advancing *CMD past it: at the end of the pipe of the work before
 * it, video out flips buffer INDEX (-1 blank) of port HANDLE with MODE and ARG (checked then).
 * INDEX outside -2..15: INVALID_INDEX (the console's check); a bad cursor or size: EINVAL (ours).
 * Nothing is written on an error. */
int agc_driver_set_flip(uint32_t **cmd, uint32_t dwords, uint32_t reserved, uint32_t handle,
                        int32_t index, uint32_t mode, int64_t arg);
/* The retail library's resource registration: RESOURCE_REGISTRATION_NOT_SUPPORTED. */
int agc_driver_resource_registration_not_supported(void);
/* sceAgcDriverSdmaCopyLinearBlocking: not supported by the retail module (its code logs and
 * returns this constant on firmware 12.02, one public reading); nothing is copied. */
#define AGC_DRIVER_ERROR_SDMA_NOT_SUPPORTED ((int)0x8A6D0001u)
int agc_driver_sdma_copy_linear_blocking(void);
/* agc_driver_state.c: SysSubmitFlipHandleProxy and UserDataImmediateWrite (0 in the retail
 * build); IsCaptureInProgress, IsTraceInProgress, IsSubmitValidationEnabled (0: none of them
 * exists here); SysIsGameClosed (0: a closed game does not run on). */
int agc_driver_returns_zero(void);
int agc_driver_no_capture_trace_or_validation(void);
int agc_driver_game_not_closed(void);
int agc_driver_add_eq_event(uint64_t eq, int32_t id, void *udata);
int agc_driver_delete_eq_event(uint64_t eq, int32_t id);

/* sceAgcDriverCreateQueue(type, &queue, flags) / DestroyQueue(queue) (agc_driver_queue.c):
 * *QUEUE receives a 0x38-byte object beginning with 0x38, TYPE, 0x00020000, 0 (as measured on
 * the console); type 0 is the graphics queue, any other type a compute queue of its own (our
 * reading). 0; EINVAL for a NULL QUEUE pointer, EAGAIN when no queue is left. DestroyQueue:
 * AGC_DRIVER_ERROR_DESTROY_QUEUE for a queue CreateQueue made, which stays usable (the answer
 * measured on the console for every queue of types 0-4), EINVAL for another object (ours). */
#define AGC_DRIVER_ERROR_DESTROY_QUEUE ((int)0x8A6D0003u)
#define AGC_DRIVER_QUEUE_OBJECT_SIZE 0x38u
#define AGC_DRIVER_QUEUE_OBJECT_WORD2 0x00020000u
#define AGC_DRIVER_QUEUE_TYPE_GRAPHICS 0u
int agc_driver_create_queue(uint32_t type, void **queue, uint32_t flags);
int agc_driver_destroy_queue(void *queue);
/* The command processor queue of object QUEUE, or -1 when CreateQueue did not make it (or it
 * was destroyed). */
int agc_driver_queue_of(const void *queue);
/* Forgets every created queue (tests). */
void agc_driver_queues_reset(void);

/* Destroys the event sources (tests). */
void agc_driver_reset(void);

#endif
