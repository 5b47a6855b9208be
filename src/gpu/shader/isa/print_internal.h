/* Printer helpers shared by print.c and print_k16.c. */
#ifndef PROSPERO_GPU_SHADER_ISA_PRINT_INTERNAL_H
#define PROSPERO_GPU_SHADER_ISA_PRINT_INTERNAL_H

#include <stddef.h>

struct isa_out {
  char *buf;
  size_t size, len;
};

void isa_put(struct isa_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void isa_print_waitcnt(struct isa_out *o, unsigned v);
void isa_print_sendmsg(struct isa_out *o, unsigned v);
void isa_print_hwreg(struct isa_out *o, unsigned v);
void isa_print_depctr(struct isa_out *o, unsigned v);
void isa_print_version(struct isa_out *o, unsigned v);

#endif
