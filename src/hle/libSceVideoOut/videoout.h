/* libSceVideoOut: the console's display output. One port (the main bus), up to 16 display
 * buffers in up to 4 attribute groups, a flip queue paced by a virtual vblank thread, and
 * flip / vblank events delivered through event-queue sources (filter VIDEO_OUT, -13).
 * docs/videoout.md describes the model; the sce* functions are in videoout.c, the vblank
 * and flip machinery in videoout_vblank.c.
 *
 * Presentation (PNG dumps, a window later) is above this module: the app installs
 * `struct videoout_present_ops`, which the presenter thread calls with every flipped frame. */
#ifndef PROSPERO_HLE_VIDEOOUT_VIDEOOUT_H
#define PROSPERO_HLE_VIDEOOUT_VIDEOOUT_H

#include <stdbool.h>
#include <stdint.h>

/* Error codes (SCE_VIDEO_OUT_ERROR_*). */
#define VIDEOOUT_ERROR_INVALID_VALUE ((int)0x80290001u)
#define VIDEOOUT_ERROR_INVALID_ADDRESS ((int)0x80290002u)
#define VIDEOOUT_ERROR_INVALID_PIXEL_FORMAT ((int)0x80290003u)
#define VIDEOOUT_ERROR_INVALID_PITCH ((int)0x80290004u)
#define VIDEOOUT_ERROR_INVALID_RESOLUTION ((int)0x80290005u)
#define VIDEOOUT_ERROR_INVALID_FLIP_MODE ((int)0x80290006u)
#define VIDEOOUT_ERROR_INVALID_TILING_MODE ((int)0x80290007u)
#define VIDEOOUT_ERROR_INVALID_ASPECT_RATIO ((int)0x80290008u)
#define VIDEOOUT_ERROR_RESOURCE_BUSY ((int)0x80290009u)
#define VIDEOOUT_ERROR_INVALID_INDEX ((int)0x8029000Au)
#define VIDEOOUT_ERROR_INVALID_HANDLE ((int)0x8029000Bu)
#define VIDEOOUT_ERROR_INVALID_EVENT_QUEUE ((int)0x8029000Cu)
#define VIDEOOUT_ERROR_INVALID_EVENT ((int)0x8029000Du)
#define VIDEOOUT_ERROR_NO_EMPTY_SLOT ((int)0x8029000Fu)
#define VIDEOOUT_ERROR_SLOT_OCCUPIED ((int)0x80290010u)
#define VIDEOOUT_ERROR_FLIP_QUEUE_FULL ((int)0x80290012u)

#define VIDEOOUT_BUS_TYPE_MAIN 0
#define VIDEOOUT_BUFFERS_MAX 16
#define VIDEOOUT_GROUPS_MAX 4
#define VIDEOOUT_FLIP_QUEUE_MAX 16 /* our depth; the console's is unverified */

/* Pixel formats (SceVideoOutPixelFormat). */
#define VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB 0x80000000u
#define VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB 0x80002200u
#define VIDEOOUT_PIXEL_FORMAT_A2R10G10B10 0x88060000u
#define VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB 0x88000000u
#define VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ 0x88740000u
#define VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT 0xC1060000u

#define VIDEOOUT_TILING_MODE_TILE 0
#define VIDEOOUT_TILING_MODE_LINEAR 1

/* Flip modes (SceVideoOutFlipMode). */
#define VIDEOOUT_FLIP_MODE_VSYNC 1
#define VIDEOOUT_FLIP_MODE_HSYNC 2
#define VIDEOOUT_FLIP_MODE_WINDOW 3
#define VIDEOOUT_FLIP_MODE_VSYNC_MULTI 4
#define VIDEOOUT_FLIP_MODE_VSYNC_MULTI_2 5
#define VIDEOOUT_FLIP_MODE_WINDOW_2 6

/* Event ids as the guest sees them (sceVideoOutGetEventId) and the idents the kernel events
 * carry (the console's internal ids). */
#define VIDEOOUT_EVENT_FLIP 0
#define VIDEOOUT_EVENT_VBLANK 1
#define VIDEOOUT_IDENT_FLIP 6
#define VIDEOOUT_IDENT_VBLANK 7

/* SceVideoOutBufferAttribute, 40 bytes. */
struct videoout_buffer_attribute {
  uint32_t pixel_format;
  int32_t tiling_mode;
  int32_t aspect_ratio; /* 0: 16:9, the only value */
  uint32_t width;
  uint32_t height;
  uint32_t pitch_in_pixel;
  uint32_t option;
  uint32_t reserved0;
  uint64_t reserved1;
};
_Static_assert(sizeof(struct videoout_buffer_attribute) == 40, "SceVideoOutBufferAttribute");

/* SceVideoOutBufferAttribute2, 80 bytes: the PS5 form (RegisterBuffers2). Its pixel
 * formats are 64-bit (VIDEOOUT_PIXEL_FORMAT2_*), DCC compression is described by
 * dcc_control / dcc_cb_register_clear_color and the buffers' metadata. */
struct videoout_buffer_attribute2 {
  uint32_t reserved0;
  uint32_t tiling_mode;
  uint32_t aspect_ratio;
  uint32_t width;
  uint32_t height;
  uint32_t pitch_in_pixel; /* 0: the width */
  uint64_t option;
  uint64_t pixel_format;
  uint64_t dcc_cb_register_clear_color;
  uint32_t dcc_control;
  uint32_t pad0;
  uint64_t reserved1[3];
};
_Static_assert(sizeof(struct videoout_buffer_attribute2) == 80, "SceVideoOutBufferAttribute2");

/* SceVideoOutBuffers, 32 bytes: one display buffer of RegisterBuffers2. */
struct videoout_buffers {
  const void *data;
  const void *metadata; /* DCC metadata (compressed buffers) */
  const void *reserved[2];
};
_Static_assert(sizeof(struct videoout_buffers) == 32, "SceVideoOutBuffers");

/* The 64-bit pixel formats of the attribute-2 form (the values public PS5 SDK headers give,
 * docs/videoout.md); the comment names the 32-bit twin where there is one. The R... ones hold
 * red in the low bits of the pixel, the B... ones blue. */
#define VIDEOOUT_PIXEL_FORMAT2_R8G8B8A8_SRGB 0x8000000022000000ull         /* A8B8G8R8_SRGB */
#define VIDEOOUT_PIXEL_FORMAT2_B8G8R8A8_SRGB 0x8000000000000000ull         /* A8R8G8B8_SRGB */
#define VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2 0x8100000622000000ull           /* none */
#define VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2 0x8100000600000000ull           /* A2R10G10B10 */
#define VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_SRGB 0x8100000022000000ull      /* none */
#define VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2_SRGB 0x8100000000000000ull      /* A2R10G10B10_SRGB */
#define VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_BT2100_PQ 0x8100070422000000ull /* none */
#define VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2_BT2100_PQ 0x8100070400000000ull /* ..._BT2020_PQ */
#define VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT 0xC001000622000000ull    /* none */
#define VIDEOOUT_PIXEL_FORMAT2_B16G16R16A16_FLOAT 0xC001000600000000ull    /* A16R16G16B16_FLOAT */
#define VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT_BT2100_PQ 0xC001070722000000ull /* none */
#define VIDEOOUT_PIXEL_FORMAT2_B16G16R16A16_FLOAT_BT2100_PQ 0xC001070700000000ull /* none */

/* SceVideoOutFlipStatus, 64 bytes. */
struct videoout_flip_status {
  uint64_t count;        /* flips done */
  uint64_t process_time; /* µs of process time at the last flip */
  uint64_t tsc;          /* TSC at the last flip */
  int64_t flip_arg;      /* the last flip's argument */
  uint64_t submit_tsc;   /* TSC at the last submit */
  uint64_t reserved0;
  int32_t gc_queue_num;     /* flips requested by the GPU still pending */
  int32_t flip_pending_num; /* flips submitted and not yet done */
  int32_t current_buffer;   /* the buffer on screen, -1 for none (blank) */
  uint32_t reserved1;
};
_Static_assert(sizeof(struct videoout_flip_status) == 64, "SceVideoOutFlipStatus");

/* SceVideoOutVblankStatus, 40 bytes. */
struct videoout_vblank_status {
  uint64_t count;
  uint64_t process_time;
  uint64_t tsc;
  uint64_t reserved;
  uint8_t flags; /* bit 0: the vblank is in progress (always 0 here: read between vblanks) */
  uint8_t pad[7];
};
_Static_assert(sizeof(struct videoout_vblank_status) == 40, "SceVideoOutVblankStatus");

/* SceVideoOutResolutionStatus, 48 bytes (44 and the padding of its 8-byte alignment). */
struct videoout_resolution_status {
  int32_t full_width, full_height, pane_width, pane_height;
  uint64_t refresh_rate; /* SCE_VIDEO_OUT_REFRESH_RATE_*: 3 = 59.94 Hz */
  float screen_size_in_inch;
  uint16_t flags;
  uint16_t reserved0;
  uint32_t reserved1[3];
};
_Static_assert(sizeof(struct videoout_resolution_status) == 48, "SceVideoOutResolutionStatus");

/* ---- Presentation (installed by the app) ------------------------------------------------ */

/* A flipped frame: the guest buffer as registered. ADDRESS is NULL for a blank flip (-1). */
struct videoout_frame {
  const void *address;
  uint32_t pixel_format;  /* SceVideoOutPixelFormat; 0 for an attribute-2 format without one */
  uint64_t pixel_format2; /* the attribute-2 format (RegisterBuffers2), else 0 */
  int32_t tiling_mode;
  uint32_t width, height, pitch_in_pixel;
  int32_t buffer_index;
  uint64_t flip_count;   /* 1 for the first flip */
  uint64_t vblank_count; /* the vblank the flip happened at */
};

struct videoout_present_ops {
  /* Called on the presenter thread with every flipped frame, in flip order. The buffer
   * stays on screen (the next flip waits) until it returns. */
  void (*present)(void *ctx, const struct videoout_frame *frame);
  void *ctx;
};

/* Before the guest runs: the presentation (NULL: none, flips are not shown anywhere) and the
 * vblank rate (1..1000 Hz; 60 by default). */
void videoout_set_present_ops(const struct videoout_present_ops *ops);
bool videoout_set_vblank_hz(unsigned hz);
unsigned videoout_vblank_hz(void);

/* Called by the vblank thread after every vblank with its deadline and the monotonic time it
 * woke (ns); for the jitter benchmark. NULL removes it. */
typedef void (*videoout_vblank_observer)(uint64_t deadline_ns, uint64_t woke_ns, void *ctx);
void videoout_set_vblank_observer(videoout_vblank_observer fn, void *ctx);

/* ---- The library's functions (guest ABI) --------------------------------------------- */

int videoout_open(int32_t user_id, int32_t bus_type, int32_t index, const void *param);
int videoout_close(int32_t handle);
void videoout_set_buffer_attribute(struct videoout_buffer_attribute *attr, uint32_t pixel_format,
                                   uint32_t tiling_mode, uint32_t aspect_ratio, uint32_t width,
                                   uint32_t height, uint32_t pitch_in_pixel);
int videoout_register_buffers(int32_t handle, int32_t start, void *const *addresses, int32_t num,
                              const struct videoout_buffer_attribute *attr);
int videoout_unregister_buffers(int32_t handle, int32_t group);
void videoout_set_buffer_attribute2(struct videoout_buffer_attribute2 *attr, uint64_t pixel_format,
                                    uint32_t tiling_mode, uint32_t width, uint32_t height,
                                    uint64_t option, uint32_t dcc_control,
                                    uint64_t dcc_cb_register_clear_color);
/* RegisterBuffers2: group SET_INDEX (0..3, chosen by the caller), 0 on success. */
int videoout_register_buffers2(int32_t handle, int32_t set_index, int32_t start,
                               const struct videoout_buffers *buffers, int32_t num,
                               const struct videoout_buffer_attribute2 *attr, int32_t category,
                               const void *option);
/* Guest memory [ADDR, ADDR+SIZE) was unmapped: the registered buffers that overlap it leave
 * their slots (their groups keep the others), so a stale buffer is never flipped again;
 * queued flips of them become blank flips. Returns how many buffers left. Not a guest
 * function (the app calls it from the memory map's unmap observer). */
int videoout_forget_range(uint64_t addr, uint64_t size);
int videoout_submit_flip(int32_t handle, int32_t index, int32_t mode, int64_t arg);
/* A flip requested by the command stream (the AGC flip packet, NOP 0x17, as the command
 * processor reaches it, i.e. after the work before it): the same queue and pacing as
 * SubmitFlip's, counted in the flip status's gcQueueNum until it is done. Same errors. */
int videoout_submit_flip_gpu(int32_t handle, int32_t index, int32_t mode, int64_t arg);
/* WAIT_FLIP_DONE (the command stream's WaitUntilSafeForRendering): 1 while a flip of buffer
 * INDEX (CPU or GPU requested) is queued and not done, 0 when none is; INVALID_HANDLE,
 * INVALID_INDEX (0..15) otherwise. Not a guest function. */
int videoout_buffer_flip_pending(int32_t handle, int32_t index);
/* 1 when a buffer is registered at display buffer INDEX (0..15) of the port, 0 when the slot is
 * free; INVALID_HANDLE, INVALID_INDEX otherwise. Not a guest function. */
int videoout_buffer_registered(int32_t handle, int32_t index);
int videoout_is_flip_pending(int32_t handle);
int videoout_get_flip_status(int32_t handle, struct videoout_flip_status *out);
int videoout_get_vblank_status(int32_t handle, struct videoout_vblank_status *out);
int videoout_get_resolution_status(int32_t handle, struct videoout_resolution_status *out);
int videoout_wait_vblank(int32_t handle);
int videoout_set_flip_rate(int32_t handle, int32_t rate);
int videoout_add_flip_event(uint64_t eq, int32_t handle, void *udata);
int videoout_delete_flip_event(uint64_t eq, int32_t handle);
int videoout_add_vblank_event(uint64_t eq, int32_t handle, void *udata);
int videoout_delete_vblank_event(uint64_t eq, int32_t handle);
int videoout_get_event_id(const void *ev);
int videoout_get_event_data(const void *ev, int64_t *data);
int videoout_get_event_count(const void *ev);

/* ---- Flip labels and end-of-pipe flips (videoout_labels.c; not guest functions) --------
 * The console's flip sequence (captured, docs/agc.md): sceAgcDriverSetFlip registers the flip
 * with video out while it builds the packet and writes a RELEASE_MEM of 1 to the buffer's
 * flip label with an interrupt whose context id names the registered flip; the kernel flips
 * on the interrupt and clears the label once the flip is done. WaitUntilSafeForRendering
 * waits with WAIT_REG_MEM64 until the label is 0. The labels: 64 bits per index at
 * VIDEOOUT_LABEL_BASE + index * 8 in the kernel's page at VIDEOOUT_LABEL_PAGE (the same
 * address for every handle in the captures). Here a label is 1 while a flip of its buffer
 * (CPU or GPU requested) is queued and 0 once none is (our reading: the release rule of
 * WAIT_FLIP_DONE, docs/videoout.md). */
#define VIDEOOUT_LABEL_PAGE 0xC80004000ull
#define VIDEOOUT_LABEL_PAGE_SIZE 0x4000ull /* one 16 KiB guest page */
#define VIDEOOUT_LABEL_BASE 0xC800040A0ull
#define VIDEOOUT_LABEL_INDEX_MIN (-2) /* SetFlip's indices are -2..15 */
static inline uint64_t videoout_label_address(int32_t index) {
  return VIDEOOUT_LABEL_BASE + (uint64_t)(int64_t)index * 8u;
}
/* The context ids of the registered flips: 0x08000100 + n for the n-th (from 1), as the
 * captures show consecutive ids 0x08000101-0x08000103 (our reading), in the 28 bits of
 * RELEASE_MEM's INT_CTXID. The last VIDEOOUT_EOP_FLIPS registrations are kept (a buffer
 * resubmitted flips again); an older id is unknown. */
#define VIDEOOUT_EOP_FLIP_ID_FIRST 0x08000101u
/* Below 0x08100000: sceAgcDcbContextStateOp_0100's interrupts are 0x0810000X (docs/agc.md). */
#define VIDEOOUT_EOP_FLIP_ID_END 0x08100000u
#define VIDEOOUT_EOP_FLIPS 64

/* Maps the label page once (sceVideoOutOpen does): in guest memory at VIDEOOUT_LABEL_PAGE
 * when the guest bands exist, else a host page (no bands: unit tests, sanitizer builds).
 * False when there is none (the address is the guest's: logged). */
bool videoout_labels_map(void);
/* A host pointer to [ADDR, ADDR+SIZE) when it lies in the label page, else NULL: the command
 * processor's memory op asks it first, so the stream reaches the labels wherever they are. */
void *videoout_labels_host(uint64_t addr, uint64_t size);
/* The label of INDEX (-2..15); UINT64_MAX when there is no page (tests). */
uint64_t videoout_label_value(int32_t index);
/* The driver's SubmitEopFlip: records the flip (HANDLE, INDEX, MODE, ARG, checked when it is
 * done) and answers its context id. */
uint32_t videoout_register_eop_flip(uint32_t handle, int32_t index, uint32_t mode, int64_t arg);
/* Whether ID is in the range of those context ids. */
bool videoout_is_eop_flip_id(uint32_t id);
/* The end-of-pipe interrupt with context id ID: the registered flip is queued as a flip of
 * the command stream (paced like any flip; the label stays 1 until it is done). 0, the
 * flip's error (then the label is 0 again), or INVALID_VALUE for an id no SetFlip
 * registered; errors are logged. */
int videoout_eop_flip(uint32_t id);

/* Closes every port and stops the threads (tests, process exit). */
void videoout_reset(void);

#endif
