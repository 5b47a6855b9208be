#include "loader/rewrite.h"
#include "loader/rewrite_insn.h"

#include <Zydis/Zydis.h>
#include <string.h>

#include "common/log.h"

#define PREFIX_FS 0x64
#define PREFIX_GS 0x65
#define OPCODE_ESCAPE 0x0F
#define OPCODE_SYSCALL 0x05 /* 0F 05 */
#define OPCODE_UD2 0x0B     /* 0F 0B */

/* ModRM reg field of F3 0F AE /r: rdfsbase /0, rdgsbase /1, wrfsbase /2, wrgsbase /3 (Intel
 * SDM vol. 2, RDFSBASE/RDGSBASE and WRFSBASE/WRGSBASE): setting bit 3 of ModRM turns the FS
 * form into the GS form of the same instruction, same length. */
#define MODRM_REG_FS_TO_GS 0x08

void rewrite_insn(uint8_t *p, const ZydisDecodedInstruction *ins, uint64_t addr,
                  struct rewrite_stats *stats, rewrite_site_fn on_syscall, void *ctx) {
  stats->instructions++;
  if (ins->attributes & ZYDIS_ATTRIB_HAS_SEGMENT_FS) {
    stats->fs_sites++;
    bool changed = false;
    /* prefixes[i] is byte i of the instruction (legacy prefixes, then REX) */
    for (unsigned i = 0; i < ins->raw.prefix_count && i < ins->length; i++)
      if (ins->raw.prefixes[i].value == PREFIX_FS && p[i] == PREFIX_FS) {
        p[i] = PREFIX_GS;
        changed = true;
      }
    if (changed) {
      stats->fs_rewritten++;
    } else {
      stats->ambiguous++;
      LOG(loader, WARN, "FS override at 0x%llx has no 0x64 prefix byte; left unchanged",
          (unsigned long long)addr);
    }
  } else if (ins->mnemonic == ZYDIS_MNEMONIC_RDFSBASE || ins->mnemonic == ZYDIS_MNEMONIC_WRFSBASE) {
    /* the guest's FS base is the GS base here: read/write that one instead */
    uint8_t off = ins->raw.modrm.offset;
    if (off < ins->length && (p[off] & 0xC0) == 0xC0 && !(p[off] & MODRM_REG_FS_TO_GS)) {
      p[off] |= MODRM_REG_FS_TO_GS;
      stats->fsbase_rewritten++;
    } else {
      stats->ambiguous++;
      LOG(loader, WARN, "%s at 0x%llx has an unexpected ModRM; left unchanged",
          ins->mnemonic == ZYDIS_MNEMONIC_RDFSBASE ? "rdfsbase" : "wrfsbase",
          (unsigned long long)addr);
    }
  } else if (ins->mnemonic == ZYDIS_MNEMONIC_SYSCALL && ins->length >= 2 &&
             p[ins->length - 2] == OPCODE_ESCAPE && p[ins->length - 1] == OPCODE_SYSCALL) {
    p[ins->length - 1] = OPCODE_UD2;
    stats->syscalls++;
    if (on_syscall) on_syscall(ctx, addr);
  }
}

void rewrite_decoder_init(ZydisDecoder *dec) {
  ZydisDecoderInit(dec, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
}

void rewrite_range(uint8_t *code, size_t size, uint64_t addr, struct rewrite_stats *stats,
                   rewrite_site_fn on_syscall, void *ctx) {
  ZydisDecoder dec;
  rewrite_decoder_init(&dec);
  ZydisDecodedInstruction ins;
  stats->ranges++;
  size_t off = 0;
  while (off < size) {
    if (!ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&dec, NULL, code + off, size - off, &ins))) {
      stats->undecodable++;
      off++;
      continue;
    }
    rewrite_insn(code + off, &ins, addr + off, stats, on_syscall, ctx);
    off += ins.length;
  }
}

/* DWARF pointer encodings used by .eh_frame (low nibble: format, high: application). */
#define DW_EH_PE_absptr 0x00
#define DW_EH_PE_uleb128 0x01
#define DW_EH_PE_udata2 0x02
#define DW_EH_PE_udata4 0x03
#define DW_EH_PE_udata8 0x04
#define DW_EH_PE_sleb128 0x09
#define DW_EH_PE_sdata2 0x0A
#define DW_EH_PE_sdata4 0x0B
#define DW_EH_PE_sdata8 0x0C
#define DW_EH_PE_pcrel 0x10
#define DW_EH_PE_datarel 0x30
#define DW_EH_PE_omit 0xFF

struct cursor {
  const uint8_t *p, *end;
  uint64_t addr; /* runtime address of p */
  bool bad;
};

/* Bytes left (0 once the cursor ran past its end). */
static size_t cur_left(const struct cursor *c) {
  return c->p < c->end ? (size_t)(c->end - c->p) : 0;
}

static void cur_skip(struct cursor *c, size_t n) {
  if (cur_left(c) < n) { c->bad = true; c->p = c->end; return; }
  c->p += n;
  c->addr += n;
}
static uint64_t cur_uint(struct cursor *c, size_t n) {
  uint64_t v = 0;
  if (cur_left(c) < n) { c->bad = true; c->p = c->end; return 0; }
  memcpy(&v, c->p, n);
  cur_skip(c, n);
  return v;
}
static uint64_t cur_uleb(struct cursor *c) {
  uint64_t v = 0;
  for (unsigned shift = 0; c->p < c->end && shift < 64; shift += 7) {
    uint8_t b = *c->p;
    cur_skip(c, 1);
    v |= (uint64_t)(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  c->bad = true;
  return v;
}
static int64_t cur_sleb(struct cursor *c) {
  int64_t v = 0;
  unsigned shift = 0;
  for (; c->p < c->end && shift < 64;) {
    uint8_t b = *c->p;
    cur_skip(c, 1);
    v |= (int64_t)((uint64_t)(b & 0x7F) << shift);
    shift += 7;
    if (!(b & 0x80)) {
      if (shift < 64 && (b & 0x40)) v |= (int64_t)(~0ull << shift); /* sign-extend */
      return v;
    }
  }
  c->bad = true;
  return v;
}
/* Reads a pointer in encoding ENC; datarel uses DATA_BASE. */
static uint64_t cur_ptr(struct cursor *c, uint8_t enc, uint64_t data_base) {
  uint64_t at = c->addr, v;
  switch (enc & 0x0F) {
  case DW_EH_PE_absptr: v = cur_uint(c, 8); break;
  case DW_EH_PE_uleb128: v = cur_uleb(c); break;
  case DW_EH_PE_udata2: v = cur_uint(c, 2); break;
  case DW_EH_PE_udata4: v = cur_uint(c, 4); break;
  case DW_EH_PE_udata8: case DW_EH_PE_sdata8: v = cur_uint(c, 8); break;
  case DW_EH_PE_sleb128: v = (uint64_t)cur_sleb(c); break;
  case DW_EH_PE_sdata2: v = (uint64_t)(int64_t)(int16_t)cur_uint(c, 2); break;
  case DW_EH_PE_sdata4: v = (uint64_t)(int64_t)(int32_t)cur_uint(c, 4); break;
  default: c->bad = true; return 0;
  }
  switch (enc & 0x70) {
  case 0: break;
  case DW_EH_PE_pcrel: v += at; break;
  case DW_EH_PE_datarel: v += data_base; break;
  default: c->bad = true; break;
  }
  return v;
}

uint64_t rewrite_eh_frame_from_hdr(const uint8_t *hdr, size_t hdr_size, uint64_t hdr_addr) {
  /* .eh_frame_hdr: version 1, eh_frame_ptr encoding, fde count encoding, table encoding,
   * then eh_frame_ptr. */
  if (hdr_size < 8 || hdr[0] != 1 || hdr[1] == DW_EH_PE_omit) return 0;
  struct cursor c = {hdr + 4, hdr + hdr_size, hdr_addr + 4, false};
  uint64_t p = cur_ptr(&c, hdr[1], hdr_addr);
  return c.bad ? 0 : p;
}

/* The FDE pointer encoding declared by the CIE at C (after its length and id). */
static bool cie_fde_encoding(struct cursor c, uint8_t *enc) {
  uint8_t version = (uint8_t)cur_uint(&c, 1);
  const char *aug = (const char *)c.p;
  size_t alen = strnlen(aug, cur_left(&c));
  if (alen == cur_left(&c)) return false;
  cur_skip(&c, alen + 1);
  *enc = DW_EH_PE_absptr;
  if (strstr(aug, "eh")) cur_skip(&c, 8);
  cur_uleb(&c);                               /* code alignment */
  cur_sleb(&c);                               /* data alignment */
  if (version == 1) cur_skip(&c, 1); else cur_uleb(&c); /* return register */
  if (aug[0] != 'z') return !c.bad;
  cur_uleb(&c);                               /* augmentation data length */
  for (const char *a = aug + 1; *a && !c.bad; a++) {
    switch (*a) {
    case 'R': *enc = (uint8_t)cur_uint(&c, 1); break;
    case 'P': { uint8_t pe = (uint8_t)cur_uint(&c, 1); cur_ptr(&c, pe & 0x7F, 0); break; }
    case 'L': cur_skip(&c, 1); break;
    case 'S': case 'B': break;
    default: return false;                    /* unknown augmentation: stop trusting it */
    }
  }
  return !c.bad;
}

long rewrite_eh_frame_ranges(const uint8_t *eh_frame, size_t size, uint64_t addr,
                             struct code_range *out, size_t cap) {
  struct cursor c = {eh_frame, eh_frame + size, addr, false};
  long found = 0;
  while (c.p < c.end && !c.bad) {
    const uint8_t *rec = c.p;
    uint64_t rec_addr = c.addr;
    uint64_t len = cur_uint(&c, 4);
    if (c.bad) return -1;
    if (len == 0) break;                      /* terminator */
    if (len == 0xFFFFFFFFu) return -1;        /* 64-bit DWARF: not produced for x86-64 code */
    if (len < 4 || len > cur_left(&c)) return -1; /* must hold at least the CIE id */
    const uint8_t *next = c.p + len;
    uint64_t id_addr = c.addr;
    uint32_t id = (uint32_t)cur_uint(&c, 4);
    if (id != 0) {                            /* FDE: id is the distance back to its CIE */
      if (id > id_addr - addr) return -1;
      const uint8_t *cie = eh_frame + (id_addr - addr - id);
      struct cursor cc = {cie, c.end, id_addr - id, false};
      uint64_t cie_len = cur_uint(&cc, 4);
      if (cc.bad || cie_len < 4 || cie_len > cur_left(&cc)) return -1;
      cc.end = cc.p + cie_len;
      if (cur_uint(&cc, 4) != 0) return -1;
      uint8_t enc;
      if (!cie_fde_encoding(cc, &enc)) return -1;
      struct cursor fc = {c.p, next, c.addr, false};
      uint64_t begin = cur_ptr(&fc, enc, 0);
      uint64_t range = cur_ptr(&fc, enc & 0x0F, 0);
      if (fc.bad) return -1;
      if (out && (size_t)found < cap) out[found] = (struct code_range){begin, begin + range};
      found++;
    }
    (void)rec;
    c.addr = rec_addr + 4 + len;
    c.p = next;
  }
  return c.bad ? -1 : found;
}
