/* Test helper: a module built with the SCE builder (sce_builder.h), parsed and placed in a
 * host buffer (no guest bands needed), as the loader places it; shared by the linker, TLS
 * and code map tests. Failures end the calling cmocka test with the loader's message. */
#ifndef PROSPERO_TESTS_PLACED_MODULE_H
#define PROSPERO_TESTS_PLACED_MODULE_H

#include <stdint.h>

#include "loader/module.h"
#include "sce_builder.h"

struct placed {
  struct loader_module m;
  uint8_t *mem; /* the host buffer the image lives in */
};

/* Builds B as an ELF, parses it as module NAME and places it in a fresh zeroed buffer. */
void placed_build(struct placed *p, struct sce_builder *b, const char *name);
/* Frees the module and its buffer. */
void placed_free(struct placed *p);
/* The 8 bytes at the module's VADDR. */
uint64_t placed_read64(const struct placed *p, uint64_t vaddr);

#endif
