/* Fuzz target: prospero-mkself's readers of untrusted bytes. The input is read as a Sony
 * ELF/SELF (view + self-check) and as a standard ELF to convert; a successful conversion
 * must pass the self-check. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "mkself.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[256];
  struct mkself_view v;
  if (mkself_view_open(&v, data, size, err, sizeof err)) {
    for (uint64_t i = 0; i < v.sym_count; i++) (void)mkself_view_sym_name(&v, i);
    mkself_view_free(&v);
  }
  (void)mkself_check(data, size, false, err, sizeof err);
  (void)mkself_check(data, size, true, err, sizeof err);

  static struct mkself_nid_map map;
  static bool map_ready;
  if (!map_ready) {
    char line[160], nid[NID_BUF_SIZE];
    nid_from_name("printf", nid);
    snprintf(line, sizeof line, "libc\t1\tlibc\t1\t1\t%s\tprintf\tfunction\timplemented\n", nid);
    map_ready = mkself_nid_map_add_tsv(&map, line, strlen(line), err, sizeof err);
  }
  struct mkself_options opt = {.module_name = "fuzz", .form = MKSELF_FORM_ELF};
  for (int prx = 0; prx < 2; prx++) {
    opt.prx = prx;
    struct mkself_buf out = {0};
    if (mkself_convert(data, size, &map, &opt, &out, err, sizeof err)) {
      if (!mkself_check(out.data, out.size, prx, err, sizeof err)) abort();
      struct mkself_buf self = {0};
      if (mkself_wrap_self(out.data, out.size, MKSELF_FORM_SELF_PS5, &opt, &self, err,
                           sizeof err) &&
          !mkself_check(self.data, self.size, prx, err, sizeof err))
        abort();
      mkself_buf_free(&self);
    }
    mkself_buf_free(&out);
  }
  /* the NID table parser sees the same bytes as text */
  struct mkself_nid_map m = {0};
  (void)mkself_nid_map_add_tsv(&m, (const char *)data, size, err, sizeof err);
  mkself_nid_map_free(&m);
  return 0;
}
