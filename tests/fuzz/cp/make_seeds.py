#!/usr/bin/env python3
"""Writes the committed seed corpus of fuzz_cp (corpus/): PM4 streams with each packet kind
the command processor executes. Input layout: byte 0 the queue, then the guest memory at
0x10000 (the stream at its start). Run from anywhere; commit what it writes."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = 0x10000


def pkt3(op, body, flags=0):
    return [0xC0000000 | ((len(body) - 1) << 16) | (op << 8) | flags] + body


def seed(name, queue, *packets, tail=b""):
    words = [w for p in packets for w in p]
    data = bytes([queue]) + struct.pack("<%dI" % len(words), *words) + tail
    os.makedirs(os.path.join(HERE, "corpus"), exist_ok=True)
    with open(os.path.join(HERE, "corpus", name), "wb") as f:
        f.write(data)


A = BASE + 0x8000  # scratch inside the mapped range
seed("regs", 0, pkt3(0x76, [0x207, 64, 1, 1]), pkt3(0x69, [0x200, 0x76]),
     pkt3(0x7A, [0x242 | (1 << 28), 4]), [(1 << 16) | 0x2E40, 1, 2], [0x80000000])
# CLEAR_STATE with each command: push, a context write, pop, push and clear, clear, a pop with
# nothing pushed, then an undefined command (stops the queue).
seed("clearstate", 0, pkt3(0x12, [1]), pkt3(0x69, [0x08E, 0xF]), pkt3(0x12, [2]),
     pkt3(0x12, [3]), pkt3(0x12, [0xFFFFFFF0]), pkt3(0x12, [2]), pkt3(0x12, [2]), pkt3(0x12, [7]))
seed("memory", 0, pkt3(0x37, [5 << 8, A, 0, 1, 2]), pkt3(0x40, [5 | (5 << 8), 7, 0, A + 8, 0]),
     pkt3(0x50, [0, A, 0, A + 64, 0, 16]), pkt3(0x50, [2 << 29, 0x5A, 0, A + 128, 0, 8]))
seed("events", 1, pkt3(0x49, [0x28 | (5 << 8), (2 << 29) | (2 << 24), A, 0, 1, 2, 0]),
     pkt3(0x47, [0x04 | (5 << 8), A + 16, (1 << 29) | (1 << 24), 3, 0]),
     pkt3(0x48, [0x2F | (6 << 8), A + 24, 2 << 29, 4]), pkt3(0x46, [0x07 | (4 << 8)]))
seed("wait", 2, pkt3(0x3C, [3 | (1 << 4), A, 0, 0, 0xFFFFFFFF, 10]),
     pkt3(0x93, [5 | (1 << 4), A, 0, 0, 0, 0xFFFFFFFF, 0xFFFFFFFF, 10]))
seed("ib", 0, pkt3(0x3F, [BASE + 0x40, 0, 4 | (1 << 23)]), [0x80000000] * 12,
     pkt3(0x37, [5 << 8, A, 0, 9]))
seed("flow", 0, pkt3(0x22, [A, 0, 0, 2]), [0x80000000, 0x80000000],
     pkt3(0x20, [(3 << 16) | (1 << 8), A, 0]), pkt3(0x37, [5 << 8, A + 4, 0, 1], 1),
     pkt3(0x20, [0, 0, 0]))
seed("dispatch", 3, pkt3(0x76, [0x20C, 0x1000, 0], 2), pkt3(0x15, [4, 3, 2, 1], 2),
     pkt3(0x16, [A, 0, 1], 2), pkt3(0x11, [1, A, 0]), pkt3(0x16, [0, 1]))
seed("draw", 0, pkt3(0x79, [0x242, 4]), pkt3(0x2F, [3]), pkt3(0x2A, [1]),
     pkt3(0x2D, [36, 2]), pkt3(0x27, [100, A, 0, 60, 0]), pkt3(0x10, [0xFEED, 0xBEEF], 5 << 2),
     [0xFFFF1000], pkt3(0x58, [0, 0x10, 0, 0x100, 0, 10, 0]))
# Sony's driver packets in NOP (sub-selector in bits 7:2): WRITE_DATA, WAIT_MEM_32 on what it
# wrote, RELEASE_MEM with an interrupt, ACQUIRE_MEM, WAIT_MEM_64, a marker and a FLIP.
seed("driver", 0, pkt3(0x10, [5 | (1 << 16), A, 0, 7], 0x15 << 2),
     pkt3(0x10, [A, 0, 0xFF, 7, 0x13, 1], 0x0A << 2),
     pkt3(0x10, [0x2F, (1 << 16) | (2 << 24), A + 8, 0, 9, 0, 0], 0x18 << 2),
     pkt3(0x10, [0, 0x10, 0, 0x100, 0, 10, 0], 0x14 << 2),
     pkt3(0x10, [A + 8, 0, 0xFFFFFFFF, 0, 9, 0, 0x13, 1], 0x16 << 2),
     pkt3(0x10, [0x64636261, 0], 0x0B << 2), pkt3(0x10, [1, 0, 1, 0, 0], 0x17 << 2))
# What libSceAgc's draw, register-list and flow builders write: LOAD_*_REG_INDEX of offset/value
# pairs (DATA_FORMAT 1) from a list in memory, VGT_INDEX_TYPE through SET_UCONFIG_REG_INDEX, the
# multi draws between two tag writes, a REWIND already valid, a predicated draw, a conditional
# INDIRECT_BUFFER (13 body dwords) calling one of two buffers.
seed("agc", 0, pkt3(0x37, [5 << 8, A, 0, 0x200, 0x11, 0x240, 0x22]),
     pkt3(0x9F, [A, 0, 0x80000000, 1]), pkt3(0x63, [A + 8, 0, 0x80000000, 1]),
     pkt3(0x64, [A, 0, 0x80000000, 0]), pkt3(0x7A, [0x20000243, 0x401]),
     pkt3(0x11, [1, A, 0]), pkt3(0x79, [0x342, 0xC6000008]),
     pkt3(0x2C, [0x40, 0x280, 0x280, 0x280, 2, 0, 0, 16, 2]), pkt3(0x79, [0x342, 0xC6000000]),
     pkt3(0x38, [0, 0x280, 0x280, 0, 1, 0, 0, 20, 2]), pkt3(0x59, [0x80000000]),
     pkt3(0x42, [0]), pkt3(0x20, [(4 << 16) | (1 << 8), A + 32, 0]), pkt3(0x2D, [3, 2], 1),
     pkt3(0x3F, [2 | (3 << 8), A, 0, 0xFFFFFFFF, 0, 0x200, 0, BASE + 0x40, 0, 2, BASE + 0x48, 0,
                 2]))
# More driver packets: register tables ((offset, value) pairs at A + 0x100) through
# SH/CX_REGS_INDIRECT and LOAD_CONTEXT_REG_INDEX (DATA_FORMAT 1), DMA_DATA copy and fill,
# WAIT_FLIP_DONE (no video out in the fuzzer: not waited on).
seed("driver2", 0, pkt3(0x37, [5 << 8, A + 0x100, 0, 0x240, 0x11, 0x001, 0x22]),
     pkt3(0x10, [1, A + 0x100, 0], 0x11 << 2), pkt3(0x10, [1, A + 0x108, 0], 0x12 << 2),
     pkt3(0x9F, [A + 0x108, 0, 0x80000000, 1]),
     pkt3(0x10, [0, 0, 16, A + 0x200, 0, A + 0x100, 0], 0x19 << 2),
     pkt3(0x10, [2 << 16, 0, 8, A + 0x300, 0, 0x5A5A5A5A, 0], 0x19 << 2),
     pkt3(0x10, [1, 0, 0, 0, 0, 0], 0x06 << 2))
# Registers loaded from a memory image of their space (LOAD_CONTEXT/SH/UCONFIG/CONFIG_REG without
# INDEX: address, then (offset, count) ranges read from address + offset * 4), SET_CONFIG_REG,
# then the driver packets DRAW_RESET and ACB_RESET (the queue's state back to a new queue's) and
# the driver form of DRAW_INDEX_AUTO.
seed("loadregs", 0, pkt3(0x68, [0x100, 0x77]), pkt3(0x61, [A, 0, 0x200, 1, 0x31C, 2]),
     pkt3(0x5F, [A, 0, 0x240, 4]), pkt3(0x5E, [A, 0, 0x242, 1]), pkt3(0x60, [A, 0, 0x100, 3]),
     pkt3(0x10, [0], 0x05 << 2), pkt3(0x10, [0], 0x09 << 2),
     pkt3(0x10, [36, 1, 0, 0, 0, 0], 0x04 << 2))
# State read through SET_BASE's bases and tables in memory: SET_BASE 0 (patch table), 4
# (register loads) and 5 (indirect data); SET_CONTEXT_REG_INDIRECT of three patch-table dwords;
# LOAD_SH/CONTEXT/UCONFIG_REG_INDEX with INDEX 1 (an offset from base 4; values, then
# offset/value pairs); INDEX_ATTRIBUTES_INDIRECT (entry 1 of a 16-byte array) before a draw;
# GET_LOD_STATS on a 64-byte aligned buffer; then a reset and a load from the cleared base.
seed("indirect", 0, pkt3(0x11, [0, A, 0]), pkt3(0x11, [4, A + 0x100, 0]),
     pkt3(0x11, [5, A + 0x200, 0]), pkt3(0x37, [5 << 8, A, 0, 0x76, 0x11, 0x22, 0x33]),
     pkt3(0x73, [0x200, 2, 0, 3]), pkt3(0x63, [1, 0x10, 0x240, 4]),
     pkt3(0x9F, [1, 0x20, 0x80000000, 1]), pkt3(0x64, [1, 0, 0x242, 1]),
     pkt3(0x37, [5 << 8, A + 0x310, 0, 0x4000, 0, 36, 1]), pkt3(0x91, [A + 0x300, 0, 1]),
     pkt3(0x2D, [36, 2]), pkt3(0x8E, [64, A + 0x400, 0, (1 << 2) | (1 << 10)]),
     pkt3(0x10, [0], 0x05 << 2), pkt3(0x63, [1, 0x10, 0x240, 1]))
# Memory atomics and register read-modify-writes: ATOMIC_MEM (add 32-bit, add 64-bit without
# return, a compare-and-swap that holds, and the loop form on a value that does not match),
# COPY_DATA of the atomic return data, COND_WRITE to memory and to a register, REG_RMW with
# immediate and register masks, CONTEXT_REG_RMW, SET_BASE 5 then SET_SH_REG_OFFSET index 0 and
# 2, PRIME_UTCL2, GFX_PIPE_LOCK, FRAME_CONTROL, INVALIDATE_TLBS, HDP_FLUSH.
seed("atomics", 0, pkt3(0x1E, [0x0F, A, 0, 5, 0, 0, 0, 10]),
     pkt3(0x1E, [0x6F, A + 8, 0, 1, 1, 0, 0, 10]), pkt3(0x1E, [0x08, A, 0, 9, 0, 5, 0, 10]),
     pkt3(0x40, [6 | (5 << 8) | (1 << 16), 0, 0, A + 16, 0]),
     pkt3(0x45, [3 | (1 << 4) | (1 << 8), A, 0, 9, 0xFFFFFFFF, A + 24, 0, 0x77]),
     pkt3(0x45, [0, 0x2E40, 0, 0, 0, 0x2E41, 0, 0x78]),
     pkt3(0x21, [0x2E40, 0xFFFF, 0x10000]), pkt3(0x21, [0x2E40 | (3 << 30), 0x2E41, 0x2E42]),
     pkt3(0x51, [0x200, 0xFF00, 0x1234]), pkt3(0x11, [5, A + 0x100, 0]),
     pkt3(0x77, [0x240, 2, 0xBEEF0000]), pkt3(0x77, [0x241 | (2 << 30), 0x40, 0]),
     pkt3(0x5D, [8, A, 0, 1]), pkt3(0x75, [1]), pkt3(0x90, [0]), pkt3(0x98, [0]), pkt3(0x95, [0]),
     pkt3(0x1E, [0x08 | (1 << 8), A + 32, 0, 1, 0, 7, 0, 10]))
# The constant engine on the graphics queue: a CE buffer (at BASE + 0x200) written, loaded, dumped
# to an address and to SET_BASE 2's base + an offset, counted; the DE waits on the CE counter,
# counts a draw; CE packets met in the queue's own stream; a CE buffer that waits on the DE, calls
# another through the conditional form, copies an immediate and skips a write with COND_EXEC.
CE = BASE + 0x200
CE_SUB = BASE + 0x300  # the buffer the conditional CE buffer calls
ce_words = (pkt3(0x81, [0x100, 1, 2, 3]) + pkt3(0x80, [A, 0, 8, 0x200]) +
            pkt3(0x83, [0x100 | (1 << 30), 3, A + 0x40, 0]) + pkt3(0x11, [2, A + 0x80, 0]) +
            pkt3(0x9E, [0x200 | (1 << 30), 4, 0x10]) + pkt3(0x84, [1]) + pkt3(0x88, [4]) +
            pkt3(0x8B, [0]) + pkt3(0x83, [0, 1, A + 0xC0, 0]) +
            pkt3(0x33, [2 | (3 << 8), A + 0x100, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0, CE_SUB, 0, 5,
                        CE_SUB, 0, 5]) +
            pkt3(0x40, [5 | (5 << 8), 0x42, 0, A + 0xE8, 0]) + pkt3(0x22, [A + 0x104, 0, 0, 5]) +
            pkt3(0x37, [5 << 8, A + 0xEC, 0, 0xBAD]))
sub_words = pkt3(0x37, [(5 << 8) | (1 << 16), A + 0xE0, 0, 0x98, 0x99])
stream = (pkt3(0x33, [CE, 0, len(ce_words)]) + pkt3(0x86, [0]) + pkt3(0x86, [0]) +
          pkt3(0x85, [0]) + pkt3(0x81, [0, 0x55]) + pkt3(0x83, [1 << 30, 1, A + 0xD0, 0]) +
          pkt3(0x86, [0]) + pkt3(0x86, [0]))
# the queue's stream ends by chaining to four of its own fillers (the CE buffer follows them)
stream += pkt3(0x3F, [BASE + 0x1F0, 0, 4 | (1 << 20)])
seed("constant", 0, stream + [0x80000000] * (0x80 - len(stream)), ce_words,
     [0x80000000] * (0x40 - len(ce_words)), sub_words)
# The GDS forms (a 64 KiB GDS, byte addresses): DMA_DATA fill of GDS (SRC_SEL 2, DST_SEL 1),
# memory to GDS, GDS to GDS, GDS to memory; WRITE_DATA to GDS (DST_SEL 3) and WR_ONE_ADDR;
# COPY_DATA GDS to memory and immediate to GDS; RELEASE_MEM DATA_SEL 5 and EVENT_WRITE_EOS
# COMMAND 1 (GDS dword offset 15:0, count 31:16); then a DMA_DATA past the GDS's end (stops),
# and an ATOMIC_GDS after it (listed, not run: ATOM_OP 1, CMP_SWAP, COMPLETE, READ, RD_CNTL 2;
# AUTO_INC_BYTES 4, DMODE; ATOM_BASE 0x40; ATOM_SIZE 0x100; OFFSET0 1, OFFSET1 2; ATOM_DST 8;
# SRC0 0x11, SRC0_U 0x22, SRC1 0x33, SRC1_U 0x44: PAL's PM4_ME_ATOMIC_GDS layout).
seed("gds", 1, pkt3(0x50, [(2 << 29) | (1 << 20), 0x77, 0, 0x100, 0, 64]),
     pkt3(0x50, [1 << 20, A, 0, 0x200, 0, 32]), pkt3(0x50, [(1 << 29) | (1 << 20), 0x100, 0, 0x204, 0, 16]),
     pkt3(0x50, [1 << 29, 0x200, 0, A + 0x100, 0, 32]), pkt3(0x37, [3 << 8, 0x40, 0, 5, 6, 7]),
     pkt3(0x37, [(3 << 8) | (1 << 16), 0x50, 0, 8, 9]), pkt3(0x40, [3 | (5 << 8), 0x44, 0, A + 0x200, 0]),
     pkt3(0x40, [5 | (3 << 8) | (1 << 16), 1, 2, 0x60, 0]),
     pkt3(0x49, [0x28 | (5 << 8), (5 << 29) | (2 << 24), A + 0x300, 0, 0x10 | (4 << 16), 0, 0]),
     pkt3(0x48, [0x2F | (6 << 8), A + 0x320, 1 << 29, 0x40 | (2 << 16)]),
     pkt3(0x50, [(2 << 29) | (1 << 20), 1, 0, 0xFFF0, 0, 32]),
     pkt3(0x1D, [0x00170001, 0x104, 0x40, 0x100, 0x00020001, 8, 0x11, 0x22, 0x33, 0x44]))
# PRED_EXEC and MEM_SEMAPHORE on a compute queue: a PRED_EXEC for this GPU (DEVICE_SELECT bit 0)
# running a write, one for another device skipping one, a semaphore signalled twice (increment,
# then write 1 on a second one), two waits (the second blocks: nothing is left), and the float
# ATOMIC_MEM operations (fmin 32-bit, fmax 64-bit without return, fcmpswap, a flush-denorm fmin).
seed("sync", 2, pkt3(0x23, [(1 << 24) | 5]), pkt3(0x37, [5 << 8, A, 0, 1]),
     pkt3(0x23, [(2 << 24) | 5]), pkt3(0x37, [5 << 8, A + 4, 0, 2]),
     pkt3(0x39, [A + 0x40, 0, 6 << 29]), pkt3(0x39, [A + 0x48, 0, (6 << 29) | (1 << 20)]),
     pkt3(0x1E, [0x02, A + 0x80, 0, 0xC0000000, 0, 0, 0, 10]),
     pkt3(0x1E, [0x63, A + 0x88, 0, 0, 0x3FF00000, 0, 0, 10]),
     pkt3(0x1E, [0x01, A + 0x90, 0, 0x40000000, 0, 0x80000000, 0, 10]),
     pkt3(0x1E, [0x0A, A + 0x98, 0, 0x80000001, 0, 0, 0, 10]),
     pkt3(0x39, [A + 0x40, 0, 7 << 29]), pkt3(0x39, [A + 0x40, 0, 7 << 29]))
