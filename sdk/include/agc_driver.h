/* libSceAgcDriver: submission of command buffers built with libSceAgc (agc.h) to the GPU,
 * and the GPU's events. A DCB runs on the graphics queue; an end-of-pipe action with an
 * interrupt (sceAgcCbReleaseMem) posts event id 0 to the event queues registered with
 * sceAgcDriverAddEqEvent (filter SCE_KERNEL_EVFILT_GRAPHICS_CORE). */
#ifndef _PROSPERO_AGC_DRIVER_H
#define _PROSPERO_AGC_DRIVER_H

#include <stdint.h>

#include "_prospero_cdefs.h"
#include "kernel.h"

__PROSPERO_BEGIN_DECLS

#define SCE_AGC_DRIVER_EVENT_GRAPHICS_EOP 0

typedef struct SceAgcDriverCommandBufferSubmit {
  const uint32_t *addr; /* the buffer */
  uint32_t dwords;      /* its size */
  uint32_t reserved;
} SceAgcDriverCommandBufferSubmit;

int sceAgcDriverSubmitDcb(const SceAgcDriverCommandBufferSubmit *packet);
int sceAgcDriverSubmitMultiDcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                uint32_t count);
/* ACBs run on a compute queue named by its id: 0x20 + pipe * 8 + queue (0x20 .. 0x57). Its
 * end-of-pipe interrupts post the event whose id is the queue's id. */
#define SCE_AGC_DRIVER_ACB_QUEUE(pipe, queue) (0x20u + (pipe)*8u + (queue))
int sceAgcDriverSubmitAcb(uint32_t queue, const SceAgcDriverCommandBufferSubmit *packet);
int sceAgcDriverSubmitMultiAcbs(uint32_t queue, const uint32_t *const *addrs,
                                const uint32_t *dwords, uint32_t count);
/* A queue of TYPE (0: the graphics queue): *QUEUE receives its object (flags 0). */
int sceAgcDriverCreateQueue(uint32_t type, void **queue, uint32_t flags);
int sceAgcDriverDestroyQueue(void *queue);
/* QUEUE is the object sceAgcDriverCreateQueue made. */
int sceAgcDriverSubmitCommandBuffer(void *queue, const SceAgcDriverCommandBufferSubmit *packet);
int sceAgcDriverSubmitMultiCommandBuffers(void *queue, const uint32_t *const *addrs,
                                          const uint32_t *dwords, uint32_t count);
/* A packet at *CMD that holds the queue until display buffer BUFFER_INDEX of video out port
 * VIDEO_OUT_HANDLE is no longer waiting for a flip, so drawing into it is safe; *CMD is
 * advanced past it. DWORDS must be sceAgcDriverGetWaitRenderingPacketSizeInDwords() (or
 * more), RESERVED 0. 0 on success. */
uint32_t sceAgcDriverGetWaitRenderingPacketSizeInDwords(void);
uint32_t sceAgcDriverWaitUntilSafeForRendering(uint32_t **cmd, uint32_t dwords, uint32_t reserved,
                                               uint32_t video_out_handle, int32_t buffer_index);
/* A packet at *CMD that flips display buffer BUFFER_INDEX (-1: blank) of VIDEO_OUT_HANDLE
 * when the GPU reaches it; DWORDS must be sceAgcDriverGetSetFlipPacketSizeInDwords() (or
 * more). 0, or SCE_VIDEO_OUT_ERROR_INVALID_INDEX for an index outside -2..15. */
uint32_t sceAgcDriverGetSetFlipPacketSizeInDwords(void);
uint32_t sceAgcDriverSetFlip(uint32_t **cmd, uint32_t dwords, uint32_t reserved,
                             uint32_t video_out_handle, int32_t buffer_index, uint32_t flip_mode,
                             int64_t flip_arg);
/* Workload streams: STREAM_ID 1-31 with a 32-byte DESCRIPTOR; the packets at PACKET (CONTROL 0
 * for a DCB, 1 for an ACB) of the sizes below, in dwords. 0 or an error. */
int sceAgcDriverRegisterWorkloadStream(uint32_t stream_id, const void *descriptor);
int sceAgcDriverUnregisterWorkloadStream(uint32_t stream_id);
int sceAgcDriverGetWorkloadStreamInfo(uint32_t stream_id, void *name, uint64_t name_size,
                                      uint64_t *slot_value);
uint32_t sceAgcDriverGetSetWorkloadsActivePacketSize(void);
uint32_t sceAgcDriverGetSetWorkloadCompletePacketSize(void);
int sceAgcDriverSetWorkloadsActive(uint32_t *packet, uint32_t control, uint32_t stream_id,
                                   const uint32_t *workload_ids, uint32_t workload_count);
int sceAgcDriverSetWorkloadComplete(uint32_t *packet, uint32_t control, uint32_t stream_id,
                                    uint32_t workload_id);
/* The dwords of a user-data packet carrying BYTES. */
uint32_t sceAgcDriverUserDataGetPacketSize(uint32_t bytes);
int sceAgcDriverAddEqEvent(SceKernelEqueue eq, int32_t id, void *udata);
int sceAgcDriverDeleteEqEvent(SceKernelEqueue eq, int32_t id);
/* The GRAPHICS event's fields: the context id of the release that interrupted (the event's
 * data >> 16) and the event id it was registered with. */
uint32_t sceAgcDriverGetEqContextId(const SceKernelEvent *ev);
int sceAgcDriverGetEqEventType(const SceKernelEvent *ev);

/* The tessellation-factor ring: BASE 256-byte aligned, SIZE a multiple of 4. */
int sceAgcDriverSetTFRing(const void *base, uint32_t size);
/* Async graphics: FLAG != 0 opens the AGR submits, which otherwise answer 0x8A6D0003. */
int sceAgcDriverSetupAsyncGraphics(uint32_t flag);
int sceAgcDriverAgrSubmitDcb(const SceAgcDriverCommandBufferSubmit *packet);
int sceAgcDriverAgrSubmitMultiDcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                   uint32_t count);

/* A register-shadow range of the driver's aperture (40 bytes). GetRegShadowInfo gives the
 * first, the Agr form the second; 0x8A6D0003 for a NULL output. */
typedef struct SceAgcDriverRegShadowInfo {
  uint64_t address;
  uint32_t size;
  uint32_t ranges[6];
  uint32_t reserved;
} SceAgcDriverRegShadowInfo;
int sceAgcDriverGetRegShadowInfo(SceAgcDriverRegShadowInfo *info);
int sceAgcDriverGetRegShadowInfoAgr(SceAgcDriverRegShadowInfo *info);
/* The region the driver reserves for libSceAgc: 0x40000 into the same 2 MiB window
 * (0xFE0040000 when the window is at its usual address), 0x1B0000 bytes; 0x8A6D0003 when either
 * pointer is NULL. */
int sceAgcDriverGetReservedDmemForAgc(uint64_t *base, uint32_t *size);
/* The longest resource name the registration accepts (32 here; see docs/agc.md). */
uint32_t sceAgcDriverGetResourceRegistrationMaxNameLength(void);

/* The retail module's fixed answers: 0x8A6D0001 (permission insufficient) for the debug and
 * Direct exports, 0x8A6C1000 for the capture controls, 0 for IsPaDebug and
 * GetTraceInitiator. */
int sceAgcDriverGetPaDebugInterfaceVersion(void);
int sceAgcDriverGetGpuRefClks(void);
int sceAgcDriverSubmitMultiCommandBuffersDirect(void);
int sceAgcDriverSuspendPointSubmitDirect(uint32_t a, uint32_t b, uint32_t c, uint32_t d);
int sceAgcDriverIsSuspendPointInFlight(void);
int sceAgcDriverIsSuspendPointInFlightDirect(uint32_t value);
int sceAgcDriverSetTFRingDirect(void);
int sceAgcDriverSetHsOffchipParamDirect(uint64_t list, uint32_t count);
int sceAgcDriverRequestCaptureStart(void);
int sceAgcDriverRequestCaptureStop(void);
int sceAgcDriverTriggerCapture(void);
int sceAgcDriverIsPaDebug(void);
int sceAgcDriverGetTraceInitiator(void);

__PROSPERO_END_DECLS

#endif
