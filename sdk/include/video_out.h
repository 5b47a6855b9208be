/* libSceVideoOut: the display. Open the main port, register display buffers with an
 * attribute (pixel format, tiling, size, pitch), submit flips (shown at a vblank) and learn
 * of flips and vblanks through event queues (filter SCE_KERNEL_EVFILT_VIDEO_OUT). */
#ifndef _PROSPERO_VIDEO_OUT_H
#define _PROSPERO_VIDEO_OUT_H

#include <stdint.h>

#include "_prospero_cdefs.h"
#include "kernel.h"

__PROSPERO_BEGIN_DECLS

typedef int32_t SceUserServiceUserId;

#define SCE_VIDEO_OUT_BUS_TYPE_MAIN 0
#define SCE_VIDEO_OUT_BUFFER_NUM_MAX 16
#define SCE_VIDEO_OUT_BUFFER_ATTRIBUTE_NUM_MAX 4

#define SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB 0x80000000u
#define SCE_VIDEO_OUT_PIXEL_FORMAT_B8G8R8A8_SRGB SCE_VIDEO_OUT_PIXEL_FORMAT_A8R8G8B8_SRGB
#define SCE_VIDEO_OUT_PIXEL_FORMAT_A8B8G8R8_SRGB 0x80002200u
#define SCE_VIDEO_OUT_PIXEL_FORMAT_R8G8B8A8_SRGB SCE_VIDEO_OUT_PIXEL_FORMAT_A8B8G8R8_SRGB
#define SCE_VIDEO_OUT_PIXEL_FORMAT_A2R10G10B10 0x88060000u
#define SCE_VIDEO_OUT_PIXEL_FORMAT_A2R10G10B10_SRGB 0x88000000u
#define SCE_VIDEO_OUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ 0x88740000u
#define SCE_VIDEO_OUT_PIXEL_FORMAT_A16R16G16B16_FLOAT 0xC1060000u

#define SCE_VIDEO_OUT_TILING_MODE_TILE 0
#define SCE_VIDEO_OUT_TILING_MODE_LINEAR 1

#define SCE_VIDEO_OUT_ASPECT_RATIO_16_9 0

#define SCE_VIDEO_OUT_FLIP_MODE_VSYNC 1
#define SCE_VIDEO_OUT_FLIP_MODE_HSYNC 2
#define SCE_VIDEO_OUT_FLIP_MODE_WINDOW 3
#define SCE_VIDEO_OUT_FLIP_MODE_VSYNC_MULTI 4
#define SCE_VIDEO_OUT_FLIP_MODE_VSYNC_MULTI_2 5
#define SCE_VIDEO_OUT_FLIP_MODE_WINDOW_2 6

#define SCE_VIDEO_OUT_EVENT_FLIP 0
#define SCE_VIDEO_OUT_EVENT_VBLANK 1

#define SCE_VIDEO_OUT_REFRESH_RATE_UNKNOWN 0
#define SCE_VIDEO_OUT_REFRESH_RATE_23_98HZ 1
#define SCE_VIDEO_OUT_REFRESH_RATE_50HZ 2
#define SCE_VIDEO_OUT_REFRESH_RATE_59_94HZ 3
#define SCE_VIDEO_OUT_REFRESH_RATE_119_88HZ 13

#define SCE_VIDEO_OUT_ERROR_INVALID_VALUE ((int)0x80290001u)
#define SCE_VIDEO_OUT_ERROR_INVALID_ADDRESS ((int)0x80290002u)
#define SCE_VIDEO_OUT_ERROR_INVALID_PIXEL_FORMAT ((int)0x80290003u)
#define SCE_VIDEO_OUT_ERROR_INVALID_PITCH ((int)0x80290004u)
#define SCE_VIDEO_OUT_ERROR_INVALID_RESOLUTION ((int)0x80290005u)
#define SCE_VIDEO_OUT_ERROR_INVALID_FLIP_MODE ((int)0x80290006u)
#define SCE_VIDEO_OUT_ERROR_INVALID_TILING_MODE ((int)0x80290007u)
#define SCE_VIDEO_OUT_ERROR_INVALID_ASPECT_RATIO ((int)0x80290008u)
#define SCE_VIDEO_OUT_ERROR_RESOURCE_BUSY ((int)0x80290009u)
#define SCE_VIDEO_OUT_ERROR_INVALID_INDEX ((int)0x8029000Au)
#define SCE_VIDEO_OUT_ERROR_INVALID_HANDLE ((int)0x8029000Bu)
#define SCE_VIDEO_OUT_ERROR_INVALID_EVENT_QUEUE ((int)0x8029000Cu)
#define SCE_VIDEO_OUT_ERROR_INVALID_EVENT ((int)0x8029000Du)
#define SCE_VIDEO_OUT_ERROR_NO_EMPTY_SLOT ((int)0x8029000Fu)
#define SCE_VIDEO_OUT_ERROR_SLOT_OCCUPIED ((int)0x80290010u)
#define SCE_VIDEO_OUT_ERROR_FLIP_QUEUE_FULL ((int)0x80290012u)

typedef struct SceVideoOutBufferAttribute {
  uint32_t pixelFormat;
  int32_t tilingMode;
  int32_t aspectRatio;
  uint32_t width;
  uint32_t height;
  uint32_t pitchInPixel;
  uint32_t option;
  uint32_t reserved0;
  uint64_t reserved1;
} SceVideoOutBufferAttribute;

/* The PS5 form of the attribute (sceVideoOutRegisterBuffers2): 64-bit pixel formats. */
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R8_G8_B8_A8_SRGB 0x8000000022000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B8_G8_R8_A8_SRGB 0x8000000000000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R10_G10_B10_A2 0x8100000622000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B10_G10_R10_A2 0x8100000600000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R10_G10_B10_A2_SRGB 0x8100000022000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B10_G10_R10_A2_SRGB 0x8100000000000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R10_G10_B10_A2_BT2100_PQ 0x8100070422000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B10_G10_R10_A2_BT2100_PQ 0x8100070400000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R16_G16_B16_A16_FLOAT 0xC001000622000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B16_G16_R16_A16_FLOAT 0xC001000600000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_R16_G16_B16_A16_FLOAT_FOR_BT2100_PQ 0xC001070722000000ull
#define SCE_VIDEO_OUT_PIXEL_FORMAT2_B16_G16_R16_A16_FLOAT_FOR_BT2100_PQ 0xC001070700000000ull
#define SCE_VIDEO_OUT_BUFFER_ATTRIBUTE_CATEGORY_UNCOMPRESSED 0

typedef struct SceVideoOutBufferAttribute2 {
  uint32_t reserved0;
  uint32_t tilingMode;
  uint32_t aspectRatio;
  uint32_t width;
  uint32_t height;
  uint32_t pitchInPixel; /* 0: the width */
  uint64_t option;
  uint64_t pixelFormat;
  uint64_t dccCbRegisterClearColor;
  uint32_t dccControl;
  uint32_t pad0;
  uint64_t reserved1[3];
} SceVideoOutBufferAttribute2;

typedef struct SceVideoOutBuffers {
  const void *data;
  const void *metadata;
  const void *reserved[2];
} SceVideoOutBuffers;

typedef struct SceVideoOutFlipStatus {
  uint64_t count;
  uint64_t processTime;
  uint64_t tsc;
  int64_t flipArg;
  uint64_t submitTsc;
  uint64_t reserved0;
  int32_t gcQueueNum;
  int32_t flipPendingNum;
  int32_t currentBuffer;
  uint32_t reserved1;
} SceVideoOutFlipStatus;

typedef struct SceVideoOutVblankStatus {
  uint64_t count;
  uint64_t processTime;
  uint64_t tsc;
  uint64_t reserved[1];
  uint8_t flags;
  uint8_t pad1[7];
} SceVideoOutVblankStatus;

typedef struct SceVideoOutResolutionStatus {
  int32_t fullWidth;
  int32_t fullHeight;
  int32_t paneWidth;
  int32_t paneHeight;
  uint64_t refreshRate;
  float screenSizeInInch;
  uint16_t flags;
  uint16_t reserved0;
  uint32_t reserved1[3];
} SceVideoOutResolutionStatus;

int sceVideoOutOpen(SceUserServiceUserId userId, int32_t busType, int32_t index, const void *param);
int sceVideoOutClose(int32_t handle);
void sceVideoOutSetBufferAttribute(SceVideoOutBufferAttribute *attribute, uint32_t pixelFormat,
                                   uint32_t tilingMode, uint32_t aspectRatio, uint32_t width,
                                   uint32_t height, uint32_t pitchInPixel);
int sceVideoOutRegisterBuffers(int32_t handle, int32_t startIndex, void *const *addresses,
                               int32_t bufferNum, const SceVideoOutBufferAttribute *attribute);
int sceVideoOutUnregisterBuffers(int32_t handle, int32_t attributeIndex);
void sceVideoOutSetBufferAttribute2(SceVideoOutBufferAttribute2 *attribute, uint64_t pixelFormat,
                                    uint32_t tilingMode, uint32_t width, uint32_t height,
                                    uint64_t option, uint32_t dccControl,
                                    uint64_t dccCbRegisterClearColor);
/* Registers BUFFER_NUM buffers from slot START_INDEX as attribute group SET_INDEX (0..3);
 * 0 on success. */
int sceVideoOutRegisterBuffers2(int32_t handle, int32_t setIndex, int32_t bufferIndexStart,
                                const SceVideoOutBuffers *buffers, int32_t bufferNum,
                                const SceVideoOutBufferAttribute2 *attribute, int32_t category,
                                void *option);
int sceVideoOutSubmitFlip(int32_t handle, int32_t bufferIndex, int32_t flipMode, int64_t flipArg);
int sceVideoOutIsFlipPending(int32_t handle);
int sceVideoOutGetFlipStatus(int32_t handle, SceVideoOutFlipStatus *status);
int sceVideoOutGetVblankStatus(int32_t handle, SceVideoOutVblankStatus *status);
int sceVideoOutGetResolutionStatus(int32_t handle, SceVideoOutResolutionStatus *status);
int sceVideoOutWaitVblank(int32_t handle);
int sceVideoOutSetFlipRate(int32_t handle, int32_t rate);
int sceVideoOutAddFlipEvent(SceKernelEqueue eq, int32_t handle, void *udata);
int sceVideoOutDeleteFlipEvent(SceKernelEqueue eq, int32_t handle);
int sceVideoOutAddVblankEvent(SceKernelEqueue eq, int32_t handle, void *udata);
int sceVideoOutDeleteVblankEvent(SceKernelEqueue eq, int32_t handle);
int sceVideoOutGetEventId(const SceKernelEvent *ev);
int sceVideoOutGetEventData(const SceKernelEvent *ev, int64_t *data);
int sceVideoOutGetEventCount(const SceKernelEvent *ev);

__PROSPERO_END_DECLS

#endif
