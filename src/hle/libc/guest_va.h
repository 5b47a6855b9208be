/* The guest's va_list: the System V x86-64 structure, walked by hand.
 *
 *   gp_offset          byte offset into reg_save_area of the next integer register
 *                      argument (0..48: rdi rsi rdx rcx r8 r9, 8 bytes each)
 *   fp_offset          byte offset of the next vector register argument (48..176:
 *                      xmm0-7, 16 bytes each)
 *   overflow_arg_area  next stack-passed argument (8-byte slots; long double 16-aligned)
 *   reg_save_area      the callee's spill area of the argument registers
 *
 * The host ABI is the same, so a host va_list (an array of one such struct) can be walked
 * by the same code: HLE variadic entry points take their own va_list and hand it here. */
#ifndef PROSPERO_HLE_LIBC_GUEST_VA_H
#define PROSPERO_HLE_LIBC_GUEST_VA_H

#include <stdint.h>
#include <string.h>

struct guest_va_list {
  uint32_t gp_offset;
  uint32_t fp_offset;
  uint8_t *overflow_arg_area;
  uint8_t *reg_save_area;
};
_Static_assert(sizeof(struct guest_va_list) == 24, "System V va_list is 24 bytes");

#define GUEST_VA_GP_END 48  /* 6 integer registers x 8 bytes */
#define GUEST_VA_FP_END 176 /* 48 + 8 vector registers x 16 bytes */

static inline uint64_t guest_va_next_gp(struct guest_va_list *ap) {
  uint64_t v;
  if (ap->gp_offset <= GUEST_VA_GP_END - 8) {
    memcpy(&v, ap->reg_save_area + ap->gp_offset, 8);
    ap->gp_offset += 8;
  } else {
    memcpy(&v, ap->overflow_arg_area, 8);
    ap->overflow_arg_area += 8;
  }
  return v;
}

static inline double guest_va_next_double(struct guest_va_list *ap) {
  double v;
  if (ap->fp_offset <= GUEST_VA_FP_END - 16) {
    memcpy(&v, ap->reg_save_area + ap->fp_offset, 8);
    ap->fp_offset += 16;
  } else {
    memcpy(&v, ap->overflow_arg_area, 8);
    ap->overflow_arg_area += 8;
  }
  return v;
}

/* long double (x87 80-bit) is always passed in memory, 16-byte aligned. OUT gets the
 * 10 significant bytes (64-bit mantissa, then sign and 15-bit exponent). */
static inline void guest_va_next_long_double(struct guest_va_list *ap, uint8_t out[10]) {
  uintptr_t p = ((uintptr_t)ap->overflow_arg_area + 15) & ~(uintptr_t)15;
  memcpy(out, (const void *)p, 10);
  ap->overflow_arg_area = (uint8_t *)(p + 16);
}

#endif
