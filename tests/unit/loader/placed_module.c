#include "placed_module.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

void placed_build(struct placed *p, struct sce_builder *b, const char *name) {
  uint8_t *f;
  size_t n = sb_build(b, SB_ELF, &f);
  assert_true(n > 0);
  char err[256] = "";
  if (!module_parse(&p->m, f, n, name, err, sizeof err)) fail_msg("%s", err);
  size_t span = p->m.image_max - p->m.image_min;
  p->mem = aligned_alloc(0x4000, span);
  assert_non_null(p->mem);
  memset(p->mem, 0, span);
  if (!module_place(&p->m, (uint64_t)(uintptr_t)p->mem - p->m.image_min, err, sizeof err))
    fail_msg("%s", err);
  free(f);
}

void placed_free(struct placed *p) {
  module_free(&p->m);
  free(p->mem);
}

uint64_t placed_read64(const struct placed *p, uint64_t vaddr) {
  uint64_t v;
  memcpy(&v, (const void *)(uintptr_t)(p->m.base + vaddr), 8);
  return v;
}
