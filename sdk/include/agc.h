/* libSceAgc: command-buffer builders. A builder reserves room in a command buffer
 * (SceAgcCb) and writes one GPU packet there, returning a pointer to it (NULL when the
 * arguments are refused or there is no room); its GetSize companion gives the packet's size
 * in bytes. Submit the buffer with libSceAgcDriver (agc_driver.h). */
#ifndef _PROSPERO_AGC_H
#define _PROSPERO_AGC_H

#include <stdbool.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

typedef struct SceAgcCb SceAgcCb;
/* Called when a packet does not fit: give the buffer DWORDS more dwords (move cursorDown or
 * the whole buffer) and return true, or return false. */
typedef bool (*SceAgcCbCallback)(SceAgcCb *cb, uint32_t dwords, void *userData);

/* A command buffer. Initialise bottom = cursorUp = start, top = cursorDown = end. */
struct SceAgcCb {
  uint32_t *bottom;
  uint32_t *top;
  uint32_t *cursorUp;   /* packets are written here, upwards */
  uint32_t *cursorDown; /* end of the free space */
  SceAgcCbCallback callback;
  void *userData;
  uint32_t reservedDw; /* dwords kept free below cursorDown */
  uint32_t reserved;
};

/* A register and its value. OFFSET counts dwords from the start of the register's space:
 * SH registers from byte 0xB000 (e.g. COMPUTE_PGM_LO, byte 0xB830, is 0x20C), context
 * registers from 0x28000, user config registers from 0x30000. */
typedef struct SceAgcShaderRegister {
  uint32_t offset;
  uint32_t value;
} SceAgcShaderRegister;

/* A shader as the shader compiler emits it: this header (pointers stored relative to
 * themselves) and the code. sceAgcCreateShader makes the pointers usable and puts the code's
 * address into the header's PGM_LO/HI registers; then set the shader with
 * sceAgcCbSetShRegistersDirect(cb, shader->shRegisters, shader->numShRegisters). */
typedef struct SceAgcShaderUserData {
  uint16_t *directResourceOffset;
  uint16_t *sharpResourceOffset[4];
  uint16_t eudSizeDw;
  uint16_t srtSizeDw;
  uint16_t directResourceCount;
  uint16_t sharpResourceCount[4];
} SceAgcShaderUserData;

#define SCE_AGC_SHADER_FILE_HEADER 0x34333231u
#define SCE_AGC_SHADER_VERSION 0x18u

typedef struct SceAgcShader {
  uint32_t fileHeader; /* SCE_AGC_SHADER_FILE_HEADER */
  uint32_t version;    /* SCE_AGC_SHADER_VERSION */
  SceAgcShaderUserData *userData;
  const volatile void *code;
  SceAgcShaderRegister *cxRegisters;
  SceAgcShaderRegister *shRegisters;
  void *specials;
  void *inputSemantics;
  void *outputSemantics;
  uint32_t headerSize;
  uint32_t shaderSize;
  uint32_t embeddedConstantBufferSizeDqw;
  uint32_t target;
  uint32_t numInputSemantics;
  uint16_t scratchSizeDwPerThread;
  uint16_t numOutputSemantics;
  uint16_t specialSizesBytes;
  uint8_t type;
  uint8_t numCxRegisters;
  uint8_t numShRegisters;
  uint8_t reserved[3];
} SceAgcShader;

/* *OUT = HEADER made usable with its code at CODE (256-byte aligned). 0 or an error. */
int sceAgcCreateShader(SceAgcShader **out, void *header, const volatile void *code);

/* The registers' default values (version 8), grouped: per space (0 context, 1 SH, 2 user
 * config) the register list of each group; TYPES holds COUNT triples (type hash,
 * index * 4 + space, 0). */
typedef struct SceAgcRegisterDefaults {
  SceAgcShaderRegister **table[4];
  uint64_t reserved[2];
  uint32_t *types;
  uint32_t count;
  uint32_t reserved2;
} SceAgcRegisterDefaults;
SceAgcRegisterDefaults *sceAgcGetRegisterDefaults2(uint32_t version);
SceAgcRegisterDefaults *sceAgcGetRegisterDefaults2Internal(uint32_t version);

/* Primitive state: CX (2 registers: VGT_SHADER_STAGES_EN, VGT_GS_OUT_PRIM_TYPE) and UC (3:
 * GE_CNTL, GE_USER_VGPR_EN, VGT_PRIMITIVE_TYPE) for geometry shader GS, hull shader HS (or NULL)
 * and PRIMTYPE (1 points, 2 line list, 4 triangle list, ...); either list may be NULL. */
int sceAgcCreatePrimState(SceAgcShaderRegister *cx, SceAgcShaderRegister *uc,
                          const SceAgcShader *hs, const SceAgcShader *gs, uint32_t primType);
int sceAgcUpdatePrimState(SceAgcShaderRegister *cx, SceAgcShaderRegister *uc, uint32_t primType);
/* The 32 SPI_PS_INPUT_CNTL registers routing GS's outputs to PS's inputs by semantic. */
int sceAgcCreateInterpolantMapping(SceAgcShaderRegister *regs, const SceAgcShader *gs,
                                   const SceAgcShader *ps);

/* Register offsets (SH space) used by compute. */
#define SCE_AGC_SH_COMPUTE_NUM_THREAD_X 0x207u
#define SCE_AGC_SH_COMPUTE_NUM_THREAD_Y 0x208u
#define SCE_AGC_SH_COMPUTE_NUM_THREAD_Z 0x209u
#define SCE_AGC_SH_COMPUTE_PGM_LO 0x20Cu /* code address >> 8 */
#define SCE_AGC_SH_COMPUTE_PGM_HI 0x20Du
#define SCE_AGC_SH_COMPUTE_PGM_RSRC1 0x212u
#define SCE_AGC_SH_COMPUTE_PGM_RSRC2 0x213u
#define SCE_AGC_SH_COMPUTE_USER_DATA_0 0x240u /* ..._15: 0x24F */

/* Dispatch modifier bits (COMPUTE_DISPATCH_INITIATOR): wave32. */
#define SCE_AGC_DISPATCH_MODIFIER_WAVE32 0x8000u

/* sceAgcCbReleaseMem */
#define SCE_AGC_RELEASE_MEM_ACTION_BOTTOM_OF_PIPE 0x28u /* the GPU event BOTTOM_OF_PIPE_TS */
#define SCE_AGC_RELEASE_MEM_ACTION_CS_DONE 0x2Fu        /* compute work done (CS_DONE) */
#define SCE_AGC_RELEASE_MEM_ACTION_CACHE_FLUSH_AND_INV 0x14u
#define SCE_AGC_RELEASE_MEM_DST_MEMORY 0
#define SCE_AGC_RELEASE_MEM_DATA_NONE 0
#define SCE_AGC_RELEASE_MEM_DATA_32 1 /* the low 32 bits of data */
#define SCE_AGC_RELEASE_MEM_DATA_64 2
#define SCE_AGC_RELEASE_MEM_DATA_GPU_CLOCK 3
#define SCE_AGC_RELEASE_MEM_INTERRUPT_NONE 0
#define SCE_AGC_RELEASE_MEM_INTERRUPT_AFTER_WRITE 2 /* an end-of-pipe event once written */

/* sceAgcDcbWriteData destinations (the GPU's DST_SEL) */
#define SCE_AGC_WRITE_DATA_DST_MEMORY 5

/* Register writes: REG packs the register (offset in bits 31:0, value in 63:32), as a
 * SceAgcShaderRegister passed by value. */
uint32_t *sceAgcDcbSetCfRegisterDirect(SceAgcCb *cb, SceAgcShaderRegister reg);
uint32_t *sceAgcDcbSetCxRegisterDirect(SceAgcCb *cb, SceAgcShaderRegister reg);
uint32_t *sceAgcDcbSetShRegisterDirect(SceAgcCb *cb, SceAgcShaderRegister reg);
uint32_t *sceAgcDcbSetUcRegisterDirect(SceAgcCb *cb, SceAgcShaderRegister reg);
uint32_t sceAgcDcbSetCxRegisterDirectGetSize(void);
uint32_t sceAgcDcbSetShRegisterDirectGetSize(void);
uint32_t sceAgcDcbSetUcRegisterDirectGetSize(void);
/* COUNT consecutive registers from OFFSET (VALUES NULL: room reserved, values left to fill). */
uint32_t *sceAgcDcbSetCfRegisterRangeDirect(SceAgcCb *cb, uint32_t offset, const uint32_t *values,
                                            uint32_t count);
uint32_t *sceAgcCbSetShRegisterRangeDirect(SceAgcCb *cb, uint32_t offset, const uint32_t *values,
                                           uint32_t count);
uint32_t *sceAgcCbSetUcRegisterRangeDirect(SceAgcCb *cb, uint32_t offset, const uint32_t *values,
                                           uint32_t count);
uint32_t sceAgcCbSetShRegisterRangeDirectGetSize(uint32_t count);
uint32_t sceAgcCbSetUcRegisterRangeDirectGetSize(uint32_t count);
/* A list of registers (runs of consecutive offsets share a packet). */
uint32_t *sceAgcCbSetShRegistersDirect(SceAgcCb *cb, const SceAgcShaderRegister *regs,
                                       uint32_t count);
uint32_t *sceAgcCbSetUcRegistersDirect(SceAgcCb *cb, const SceAgcShaderRegister *regs,
                                       uint32_t count);
uint32_t sceAgcCbSetShRegistersDirectGetSize(uint32_t count);
uint32_t sceAgcCbSetUcRegistersDirectGetSize(uint32_t count);

/* Compute dispatch: X*Y*Z thread groups of the shader the SH registers describe. */
uint32_t *sceAgcCbDispatch(SceAgcCb *cb, uint32_t x, uint32_t y, uint32_t z, uint32_t modifier);
uint32_t sceAgcCbDispatchGetSize(void);
uint32_t *sceAgcDcbDispatchIndirect(SceAgcCb *cb, uint32_t dataOffset, uint32_t modifier);
uint32_t sceAgcDcbDispatchIndirectGetSize(void);
uint32_t *sceAgcAcbDispatchIndirect(SceAgcCb *cb, const void *args, uint32_t modifier);
uint32_t sceAgcAcbDispatchIndirectGetSize(void);

/* End-of-pipe action: once the work before it is done, write DATA (per DATASEL) to ADDRESS
 * and, with an interrupt, post the GPU event (sceAgcDriverAddEqEvent). */
uint32_t *sceAgcCbReleaseMem(SceAgcCb *cb, uint8_t action, uint16_t gcrCntl, uint8_t dst,
                             uint8_t cachePolicy, volatile void *address, uint8_t dataSel,
                             uint64_t data, uint16_t gdsOffset, uint16_t gdsSize, uint8_t interrupt,
                             uint32_t interruptContextId);
uint32_t sceAgcCbQueueEndOfPipeActionGetSize(void);
/* COUNT dwords of DATA written to ADDRESS when the packet runs. */
uint32_t *sceAgcDcbWriteData(SceAgcCb *cb, uint8_t dst, uint8_t cachePolicy, volatile void *address,
                             const void *data, uint32_t count, uint8_t increment,
                             uint8_t writeConfirm);
uint32_t *sceAgcAcbWriteData(SceAgcCb *cb, uint8_t dst, uint8_t cachePolicy, volatile void *address,
                             const void *data, uint32_t count, uint8_t increment,
                             uint8_t writeConfirm);
uint32_t sceAgcDcbWriteDataGetSize(uint32_t count);
/* Caches made coherent for [BASE, BASE+SIZE) (SIZE ~0: everything). */
uint32_t *sceAgcDcbAcquireMem(SceAgcCb *cb, uint8_t engine, uint32_t cbDbOp, uint32_t gcrCntl,
                              const volatile void *base, uint64_t size, uint32_t pollCycles);
uint32_t *sceAgcAcbAcquireMem(SceAgcCb *cb, uint32_t gcrCntl, const volatile void *base,
                              uint64_t size, uint32_t pollCycles);
uint32_t sceAgcDcbAcquireMemGetSize(void);
uint32_t sceAgcAcbAcquireMemGetSize(void);
/* Runs SIZE dwords at TARGET: MODE 1 jumps (the rest of this buffer is not run), 0 calls. */
uint32_t *sceAgcDcbJump(SceAgcCb *cb, uint32_t mode, uint32_t cachePolicy, const void *target,
                        uint32_t sizeInDwords);
uint32_t sceAgcDcbJumpGetSize(void);
/* A GPU event (EVENT_TYPE 0..0x3F, e.g. 0x07 CS_PARTIAL_FLUSH); ADDRESS NULL except for the
 * counter-sampling types 0x38 and 0x39. */
uint32_t *sceAgcDcbEventWrite(SceAgcCb *cb, uint8_t eventType, volatile void *address);
uint32_t *sceAgcAcbEventWrite(SceAgcCb *cb, uint8_t eventType, volatile void *address);
uint64_t sceAgcDcbEventWriteGetSize(uint8_t eventType);
uint64_t sceAgcAcbEventWriteGetSize(uint8_t eventType);

/* Draws. MODIFIER: bit 8 sets VGT_DRAW_INITIATOR bit 5 unless bit 32 is set; for the indirect
 * draws bits 0/2 (and 1, indexed) name the user-data registers that receive the base vertex,
 * start instance (and draw index): bits 13:9, 23:19 (18:14), of the stage in bits 31:29. */
uint32_t *sceAgcDcbDrawIndexAuto(SceAgcCb *cb, uint32_t indexCount, uint64_t modifier);
uint32_t sceAgcDcbDrawIndexAutoGetSize(void);
uint32_t *sceAgcDcbDrawIndex(SceAgcCb *cb, uint32_t indexCount, const volatile void *indexAddr,
                             uint64_t modifier);
uint32_t sceAgcDcbDrawIndexGetSize(void);
uint32_t *sceAgcDcbDrawIndexOffset(SceAgcCb *cb, uint32_t indexOffset, uint32_t indexCount,
                                   uint64_t modifier);
uint32_t sceAgcDcbDrawIndexOffsetGetSize(void);
/* Arguments at DATAOFFSET bytes from the base set by sceAgcDcbSetBaseIndirectArgs. */
uint32_t *sceAgcDcbDrawIndirect(SceAgcCb *cb, uint32_t dataOffset, uint64_t modifier);
uint32_t sceAgcDcbDrawIndirectGetSize(void);
uint32_t *sceAgcDcbDrawIndexIndirect(SceAgcCb *cb, uint32_t dataOffset, uint64_t modifier);
uint32_t sceAgcDcbDrawIndexIndirectGetSize(void);
/* Up to MAXCOUNTORCOUNT draws (the count read at COUNTADDR when COUNTINDIRECT is 1), their
 * arguments STRIDE bytes apart from DATAOFFSET. */
uint32_t *sceAgcDcbDrawIndirectMulti(SceAgcCb *cb, uint32_t dataOffset, uint32_t countIndirect,
                                     uint32_t maxCountOrCount, const volatile void *countAddr,
                                     uint32_t stride, uint64_t modifier);
uint32_t sceAgcDcbDrawIndirectMultiGetSize(void);
uint32_t *sceAgcDcbDrawIndexIndirectMulti(SceAgcCb *cb, uint32_t dataOffset, uint32_t countIndirect,
                                          uint32_t maxCountOrCount, const volatile void *countAddr,
                                          uint32_t stride, uint64_t modifier);
uint32_t sceAgcDcbDrawIndexIndirectMultiGetSize(void);
uint32_t *sceAgcDcbSetBaseIndirectArgs(SceAgcCb *cb, uint32_t shaderType,
                                       const volatile void *base);
uint32_t sceAgcDcbSetBaseDrawIndirectArgsGetSize(void);
uint32_t sceAgcDcbSetBaseDispatchIndirectArgsGetSize(void);
uint32_t *sceAgcDcbSetNumInstances(SceAgcCb *cb, uint32_t numInstances);
uint32_t sceAgcDcbSetNumInstancesGetSize(void);
uint32_t *sceAgcDcbSetIndexCount(SceAgcCb *cb, uint32_t indexCount);
uint32_t sceAgcDcbSetIndexCountGetSize(void);
uint32_t *sceAgcDcbSetIndexBuffer(SceAgcCb *cb, const volatile void *indexAddr);
/* INDEXSIZE 0: 16-bit indices, 1: 32-bit. */
uint32_t *sceAgcDcbSetIndexSize(SceAgcCb *cb, uint8_t indexSize, uint8_t cachePolicy);
uint32_t sceAgcDcbSetIndexSizeGetSize(void);

/* DMA_DATA: BYTES from SRC to DST. DST/SRC: 0 memory, 2 (SRC) a dword to fill with, 3 memory
 * through L2; | 4 register space, | 8 no address increment. */
uint32_t *sceAgcDcbDmaData(SceAgcCb *cb, uint8_t engine, uint8_t dst, uint8_t dstCachePolicy,
                           const volatile void *dstAddress, uint8_t src, uint8_t srcCachePolicy,
                           uint64_t srcAddressOrData, uint32_t numBytes, uint8_t waitForPrevious,
                           uint8_t writeConfirm, uint8_t blockEngine);
uint32_t sceAgcDcbDmaDataGetSize(void);
uint32_t sceAgcAcbDmaDataGetSize(void);
/* The next NUMDWORDS dwords run only when the dword at ADDRESS is not 0. */
uint32_t *sceAgcDcbCondExec(SceAgcCb *cb, const volatile uint32_t *address, uint32_t numDwords);
uint32_t *sceAgcAcbCondExec(SceAgcCb *cb, const volatile uint32_t *address, uint32_t numDwords);
uint32_t sceAgcDcbCondExecGetSize(void);
uint32_t sceAgcAcbCondExecGetSize(void);
uint32_t *sceAgcDcbStallCommandBufferParser(SceAgcCb *cb);
uint32_t sceAgcDcbStallCommandBufferParserGetSize(void);
uint64_t sceAgcDcbContextStateOpGetSize(uint32_t operation);

/* Predication: SET_PREDICATION on the value at ADDRESS (16-byte aligned; OP 3 a 64-bit, 4 a
 * 32-bit boolean; CONDITION 1: predicated packets run when it is not 0); the predicate bit of
 * one packet or of every packet in [START, END) (PREDICATION 1 sets it). */
uint32_t *sceAgcDcbSetPredication(SceAgcCb *cb, uint8_t condition, uint8_t op, uint8_t waitOp,
                                  const volatile void *address, uint32_t countInDwords);
int sceAgcSetPacketPredication(uint32_t *packet, uint32_t predication);
int sceAgcSetRangePredication(uint32_t *start, const volatile uint32_t *end, uint32_t predication);
/* Patches of written packets: 0, or an error when CMD is not the packet named. */
int sceAgcDmaDataPatchSetDstAddressOrOffset(uint32_t *cmd, uint64_t dstAddressOrOffset);
int sceAgcDmaDataPatchSetSrcAddressOrOffsetOrImmediate(uint32_t *cmd, uint64_t src);
int sceAgcCondExecPatchSetCommandAddress(uint32_t *cmd, const volatile uint32_t *address);
/* The COND_EXEC at CMD covers the dwords from its end to END. */
int sceAgcCondExecPatchSetEnd(uint32_t *cmd, const volatile uint32_t *end);
/* The GPU waits at the rewind packet until its state is 1 (set now or later by the patch). */
uint32_t *sceAgcDcbRewind(SceAgcCb *cb, uint32_t initialState);
uint32_t sceAgcDcbRewindGetSize(void);
int sceAgcRewindPatchSetRewindState(uint32_t *cmd, uint8_t state);
/* Calls THENBUFFER when (*COMPAREADDR & MASK) COMPAREFUNCTION REFERENCE holds (64 bits; the
 * functions of WaitRegMem), else ELSEBUFFER with MODE 2 (nothing with MODE 1). */
uint32_t *sceAgcCbBranch(SceAgcCb *cb, uint8_t mode, uint8_t compareFunction,
                         const volatile uint64_t *compareAddr, uint64_t mask, uint64_t reference,
                         uint8_t cachePolicy1, const volatile uint32_t *thenBuffer,
                         uint32_t thenSizeInDwords, uint8_t cachePolicy2,
                         const volatile uint32_t *elseBuffer, uint32_t elseSizeInDwords);
uint32_t sceAgcCbBranchGetSize(void);
/* DcbJump's target and size, changed in place. */
int sceAgcJumpPatchSetTarget(uint32_t *cmd, const volatile uint32_t *target, uint32_t sizeInDwords);
/* *OUT = where PACKET's data starts: TYPE 0 after the header, other types after the header and
 * the register offset (the values of a SET_*_REG written with values NULL). */
int sceAgcGetDataPacketPayloadAddress(uint32_t **out, uint32_t *packet, int type);

/* CbReleaseMem's packet, changed in place: the label address; the data, its select (1 32 bits,
 * 2 64 bits, ...) and the interrupt context id; the cache actions (12 bits); the action. */
int sceAgcQueueEndOfPipeActionPatchAddress(uint32_t *cmd, const volatile void *address);
int sceAgcQueueEndOfPipeActionPatchData(uint32_t *cmd, uint32_t contextId, uint32_t dataSel,
                                        uint64_t data);
int sceAgcQueueEndOfPipeActionPatchGcrCntl(uint32_t *cmd, uint16_t gcrCntl);
int sceAgcQueueEndOfPipeActionPatchType(uint32_t *cmd, uint8_t action);
/* WaitRegMem's packet, changed in place (the reference and mask: their low 32 bits). */
int sceAgcWaitRegMemPatchAddress(uint32_t *cmd, const volatile void *address);
int sceAgcWaitRegMemPatchReference(uint32_t *cmd, uint64_t reference);
int sceAgcWaitRegMemPatchMask(uint32_t *cmd, uint64_t mask);
int sceAgcWaitRegMemPatchCompareFunction(uint32_t *cmd, uint8_t compareFunction);
/* CbBranch's packet, changed in place. */
int sceAgcBranchPatchSetCompareAddress(uint32_t *cmd, const volatile uint64_t *compareAddr);
int sceAgcBranchPatchSetThenTarget(uint32_t *cmd, const volatile uint32_t *target,
                                   uint32_t sizeInDwords);
int sceAgcBranchPatchSetElseTarget(uint32_t *cmd, const volatile uint32_t *target,
                                   uint32_t sizeInDwords);
/* COPY_DATA of one value (ITEMSIZE 0: 32 bits, 1: 64) from SRC to DST. The compute form takes
 * the packet's selectors (SRC: 0 register, 2 memory, 5 the immediate, 9 the GPU clock; DST: 0
 * register, 5 memory); the graphics form takes them << 1, SRC's bit 0 naming the engine. */
uint32_t *sceAgcDcbCopyData(SceAgcCb *cb, uint8_t dst, uint8_t dstCachePolicy,
                            const volatile void *dstAddress, uint8_t src, uint8_t srcCachePolicy,
                            uint64_t srcAddressOrImmediate, uint8_t itemSize, uint8_t writeConfirm);
uint32_t *sceAgcAcbCopyData(SceAgcCb *cb, uint8_t dst, uint8_t dstCachePolicy,
                            const volatile void *dstAddress, uint8_t src, uint8_t srcCachePolicy,
                            uint64_t srcAddressOrImmediate, uint8_t itemSize, uint8_t writeConfirm);
/* CLEAR_STATE: COMMAND 0 clears the context registers to their defaults (1 push, 2 pop, 3
 * push and clear). */
uint32_t *sceAgcDcbClearState(SceAgcCb *cb, uint32_t command);
/* The queue's registers and draw state back to a new queue's (the driver packets DRAW_RESET /
 * ACB_RESET, 2 dwords). OP 0x3FF and STATE 0 are the values known for the graphics form. */
uint32_t *sceAgcDcbResetQueue(SceAgcCb *cb, uint32_t op, uint32_t state);
uint32_t *sceAgcAcbResetQueue(SceAgcCb *cb, uint32_t op);
uint32_t sceAgcDcbCopyDataGetSize(void);
uint32_t sceAgcAcbCopyDataGetSize(void);

/* Registers set from a list in memory (COUNT SceAgcShaderRegister entries, read when the GPU
 * runs the packet); REGS may be NULL and set later with the patch functions, which return 0
 * or an error when CMD is not such a packet. */
uint32_t *sceAgcDcbSetCxRegistersIndirect(SceAgcCb *cb, const volatile SceAgcShaderRegister *regs,
                                          uint32_t count);
uint32_t *sceAgcDcbSetShRegistersIndirect(SceAgcCb *cb, const volatile SceAgcShaderRegister *regs,
                                          uint32_t count);
uint32_t *sceAgcDcbSetUcRegistersIndirect(SceAgcCb *cb, const volatile SceAgcShaderRegister *regs,
                                          uint32_t count);
uint32_t sceAgcDcbSetCxRegistersIndirectGetSize(void);
uint32_t sceAgcDcbSetShRegistersIndirectGetSize(void);
uint32_t sceAgcDcbSetUcRegistersIndirectGetSize(void);
int sceAgcSetCxRegIndirectPatchSetAddress(uint32_t *cmd, const volatile SceAgcShaderRegister *regs);
int sceAgcSetShRegIndirectPatchSetAddress(uint32_t *cmd, const volatile SceAgcShaderRegister *regs);
int sceAgcSetUcRegIndirectPatchSetAddress(uint32_t *cmd, const volatile SceAgcShaderRegister *regs);
int sceAgcSetCxRegIndirectPatchSetNumRegisters(uint32_t *cmd, uint32_t count);
int sceAgcSetShRegIndirectPatchSetNumRegisters(uint32_t *cmd, uint32_t count);
int sceAgcSetUcRegIndirectPatchSetNumRegisters(uint32_t *cmd, uint32_t count);
int sceAgcSetCxRegIndirectPatchAddRegisters(uint32_t *cmd, uint32_t count);
int sceAgcSetShRegIndirectPatchAddRegisters(uint32_t *cmd, uint32_t count);
int sceAgcSetUcRegIndirectPatchAddRegisters(uint32_t *cmd, uint32_t count);
/* Waits until (*ADDRESS & MASK) FUNC REFERENCE: SIZE 0 for 32 bits, 1 for 64; FUNC 0 always,
 * 1 <, 2 <=, 3 ==, 4 !=, 5 >=, 6 >. */
#define SCE_AGC_WAIT_REG_MEM_SIZE_32 0
#define SCE_AGC_WAIT_REG_MEM_SIZE_64 1
#define SCE_AGC_WAIT_REG_MEM_FUNCTION_EQUAL 3
uint32_t *sceAgcDcbWaitRegMem(SceAgcCb *cb, uint8_t size, uint8_t compareFunction,
                              uint8_t operation, uint8_t cachePolicy, const volatile void *address,
                              uint64_t reference, uint64_t mask, uint32_t pollCycles);
uint32_t *sceAgcAcbWaitRegMem(SceAgcCb *cb, uint8_t size, uint8_t compareFunction,
                              uint8_t cachePolicy, const volatile void *address, uint64_t reference,
                              uint64_t mask, uint32_t pollCycles);
/* Memory operations. ATOMIC_MEM: the TC_OP ATOMIC (e.g. 0x0F add, 0x08 compare-and-swap; bit 5
 * 64 bits, bit 6 no return) on the value at ADDRESS, COMMAND 0 once, 1 looping until the
 * compare holds. */
uint32_t *sceAgcDcbAtomicMem(SceAgcCb *cb, uint32_t engine, uint32_t atomic, uint32_t command,
                             volatile void *address, uint64_t data, uint64_t compare);
uint32_t sceAgcDcbAtomicMemGetSize(void);
/* MEM_SEMAPHORE on the 64-bit semaphore at ADDRESS (8-byte aligned): SEMSEL 6 signals
 * (SIGNALTYPE 0 adds one, 1 writes 1), 7 waits until it is not 0 and takes one. */
#define SCE_AGC_MEM_SEMAPHORE_SIGNAL 6
#define SCE_AGC_MEM_SEMAPHORE_WAIT 7
uint32_t *sceAgcDcbMemSemaphore(SceAgcCb *cb, volatile uint64_t *address, uint32_t useMailbox,
                                uint32_t signalType, uint32_t semSel);
uint32_t *sceAgcCbMemSemaphore(SceAgcCb *cb, volatile uint64_t *address, uint32_t useMailbox,
                               uint32_t signalType, uint32_t semSel);
/* A hint: the GPU's address translation for PAGES pages from ADDRESS. */
uint32_t *sceAgcDcbPrimeUtcl2(SceAgcCb *cb, uint32_t cachePermissions, uint32_t primeMode,
                              const volatile void *address, uint32_t pages);
uint32_t sceAgcDcbPrimeUtcl2GetSize(void);
/* DATA to WRITEADDRESS (WRITESPACE 1: memory) when (*POLLADDRESS & MASK) COMPAREFUNCTION
 * REFERENCE holds (the functions of WaitRegMem); nothing otherwise (no wait). */
uint32_t *sceAgcCbCondWrite(SceAgcCb *cb, uint32_t compareFunction, uint32_t writeSpace,
                            volatile void *writeAddress, uint32_t data,
                            const volatile void *pollAddress, uint32_t reference, uint32_t mask);
uint32_t sceAgcCbCondWriteGetSize(void);
/* The packet at CMD becomes a NOP of the same length (the GPU skips it); returns NULL. */
uint32_t *sceAgcSetNop(uint32_t *cmd);
/* The command stream waits there until display buffer INDEX (0..15) of port HANDLE is safe to
 * draw into (its flip done). */
uint32_t *sceAgcDcbWaitUntilSafeForRendering(SceAgcCb *cb, uint32_t videoOutHandle,
                                             uint32_t displayBufferIndex);
uint32_t *sceAgcAcbWaitUntilSafeForRendering(SceAgcCb *cb, uint32_t videoOutHandle,
                                             uint32_t displayBufferIndex);
/* The dwords of the packet at PACKET (1 for a header-only NOP). */
uint32_t sceAgcGetPacketSize(const uint32_t *packet);
/* Index attributes of the indexed indirect draws: ADDRESS (16-byte aligned), entry OFFSET. */
uint32_t *sceAgcDcbSetIndexIndirectArgs(SceAgcCb *cb, const volatile void *address,
                                        uint32_t offset);
/* A video out flip (as sceVideoOutSubmitFlip) requested when the GPU reaches the packet. */
uint32_t *sceAgcDcbSetFlip(SceAgcCb *cb, uint32_t videoOutHandle, int32_t displayBufferIndex,
                           uint32_t flipMode, int64_t flipArg);
uint32_t *sceAgcCbNop(SceAgcCb *cb, uint32_t dwords);
uint32_t sceAgcCbNopGetSize(uint32_t dwords);
uint32_t *sceAgcDcbPushMarker(SceAgcCb *cb, const char *marker);
uint32_t *sceAgcAcbPushMarker(SceAgcCb *cb, const char *marker);
uint32_t *sceAgcDcbPopMarker(SceAgcCb *cb);
uint32_t *sceAgcAcbPopMarker(SceAgcCb *cb);
uint32_t *sceAgcDcbSetMarker(SceAgcCb *cb, const char *marker, uint32_t color);
uint32_t *sceAgcAcbSetMarker(SceAgcCb *cb, const char *marker, uint32_t color);
/* The marker calls with an explicit text length (newer library builds). */
uint32_t *sceAgcDcbSetMarkerSpan(SceAgcCb *cb, const char *marker, uint32_t length, uint32_t color);
uint32_t *sceAgcAcbSetMarkerSpan(SceAgcCb *cb, const char *marker, uint32_t length, uint32_t color);
uint32_t *sceAgcDcbPushMarkerSpan(SceAgcCb *cb, const char *marker, uint32_t length,
                                  uint32_t color);
uint32_t *sceAgcAcbPushMarkerSpan(SceAgcCb *cb, const char *marker, uint32_t length,
                                  uint32_t color);
/* Workloads of stream STREAM_ID (1-31, registered with sceAgcDriverRegisterWorkloadStream):
 * the COUNT (1-63) distinct WORKLOAD_IDS (0-63) active, one complete, or none (inactive). */
uint32_t *sceAgcDcbSetWorkloadsActive(SceAgcCb *cb, uint32_t streamId, const uint32_t *workloadIds,
                                      uint32_t workloadCount);
uint32_t *sceAgcAcbSetWorkloadsActive(SceAgcCb *cb, uint32_t streamId, const uint32_t *workloadIds,
                                      uint32_t workloadCount);
uint32_t *sceAgcDcbSetWorkloadComplete(SceAgcCb *cb, uint32_t streamId, uint32_t workloadId);
uint32_t *sceAgcAcbSetWorkloadComplete(SceAgcCb *cb, uint32_t streamId, uint32_t workloadId);
uint32_t *sceAgcDcbSetWorkloadStreamInactive(SceAgcCb *cb, uint32_t streamId);
uint32_t *sceAgcAcbSetWorkloadStreamInactive(SceAgcCb *cb, uint32_t streamId);

/* Patch a WRITE_DATA packet already written: its address, cache policy (0-3) or destination
 * (graphics form: five bits; compute form: DST_SEL's four). 0, or 0x8A6C000C for a packet of
 * another kind. */
int32_t sceAgcWriteDataPatchSetAddressOrOffset(uint32_t *cmd, uint64_t addressOrOffset);
int32_t sceAgcWriteDataPatchSetCachePolicy(uint32_t *cmd, uint32_t cachePolicy);
int32_t sceAgcWriteDataPatchSetDst(uint32_t *cmd, uint32_t dst);
int32_t sceAgcAsyncWriteDataPatchSetAddressOrOffset(uint32_t *cmd, uint64_t addressOrOffset);
int32_t sceAgcAsyncWriteDataPatchSetCachePolicy(uint32_t *cmd, uint32_t cachePolicy);
int32_t sceAgcAsyncWriteDataPatchSetDst(uint32_t *cmd, uint32_t dst);
/* An ACQUIRE_MEM packet's engine (bit 0 of ENGINE). */
int32_t sceAgcAcquireMemSetEngine(uint32_t *cmd, uint32_t engine);
/* *IS_TRINITY = 0 on a standard PS5. */
void sceAgcGetIsTrinityMode(uint8_t *isTrinity);
uint32_t sceAgcGetShaderInstrumentation(void);
int32_t sceAgcSetShaderInstrumentation(uint32_t flags);
/* Semaphore labels: give the memory once (base and size 16 KiB multiples; it is cleared),
 * then label INDEX is the 32 bytes at base + 32 * INDEX. */
int32_t sceAgcSetAmmSemaphoreMemory(void *memory, uint64_t sizeInBytes);
int32_t sceAgcGetSemaphoreLabel(uint32_t index, void **label);
uint32_t sceAgcDcbSetIndexBufferGetSize(void);

__PROSPERO_END_DECLS

#endif
