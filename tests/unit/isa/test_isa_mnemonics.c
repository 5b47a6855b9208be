/* Mnemonic ids (enum isa_mnemonic, mnemonics.def written by gen/gen_tables.py): the list is
 * exactly the set of the opcode tables' mnemonics without their encoding suffix, sorted
 * (the descriptor builder bisects it), and every descriptor carries the id of its own name.
 * The suffix rule is restated here from the tables' naming (llvm-mc's _e32 / _e64 / _dpp /
 * _sdwa encodings), not taken from the builder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/shader/isa/isa_internal.h"

/* NAME without a trailing _e32, _e64, _dpp or _sdwa, into OUT. */
static void strip_encoding(const char *name, char *out, size_t size) {
  snprintf(out, size, "%s", name);
  static const char *const suffixes[] = {"_e32", "_e64", "_dpp", "_sdwa"};
  size_t n = strlen(out);
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
    size_t k = strlen(suffixes[i]);
    if (n > k && strcmp(out + n - k, suffixes[i]) == 0) {
      out[n - k] = 0;
      return;
    }
  }
}

static void list_sorted_and_unique(void **state) {
  (void)state;
  assert_true(ISA_MN_COUNT > 1000); /* gfx1013 has about 1,200 distinct mnemonics */
  for (unsigned i = 1; i < ISA_MN_COUNT; i++) {
    const char *a = isa_mnemonic_name((enum isa_mnemonic)(i - 1));
    const char *b = isa_mnemonic_name((enum isa_mnemonic)i);
    if (strcmp(a, b) >= 0) fail_msg("mnemonics.def out of order: %s before %s", a, b);
  }
  assert_string_equal(isa_mnemonic_name(ISA_MN_COUNT), "?");
}

struct seen {
  unsigned rows, mismatches;
  uint8_t used[ISA_MN_COUNT];
};

static void check(const struct isa_op_desc *d, struct seen *s) {
  char base[64];
  strip_encoding(d->info.name, base, sizeof base);
  assert_true(d->info.mnemonic < ISA_MN_COUNT);
  const char *got = isa_mnemonic_name((enum isa_mnemonic)d->info.mnemonic);
  if (strcmp(got, base) != 0) {
    print_message("%s: mnemonic id names %s, expected %s\n", d->info.name, got, base);
    s->mismatches++;
  }
  s->used[d->info.mnemonic] = 1;
}

static void every_row_carries_its_mnemonic(void **state) {
  (void)state;
  isa_tables_init();
  static struct seen s;
  for (unsigned f = 0; f < ISA_FAMILY_COUNT; f++)
    for (unsigned v = 0; v < ISA_DESC_VARIANTS; v++)
      for (unsigned op = 0; op < isa_desc_index[f][v].nops; op++) {
        const struct isa_op_desc *d = isa_desc_lookup(f, v, op);
        if (!d) continue;
        s.rows++;
        check(d, &s);
        for (unsigned k = 0; k < 8; k++) /* FLAT: one descriptor per variant */
          if (d->sub[k]) check(d->sub[k], &s);
      }
  assert_int_equal(s.mismatches, 0);
  assert_int_equal(s.rows, 1968); /* every row of every table (as unit.isa_memory_column) */
  unsigned unused = 0;
  for (unsigned i = 0; i < ISA_MN_COUNT; i++)
    if (!s.used[i]) {
      print_message("mnemonics.def lists %s, which no table row has\n",
                    isa_mnemonic_name((enum isa_mnemonic)i));
      unused++;
    }
  assert_int_equal(unused, 0);
}

/* One id for every encoding of an operation, through the decoder and the opcode lookup. */
static void encodings_share_an_id(void **state) {
  (void)state;
  /* v_add_f32_e32 v1, v2, v3: VOP2 opcode 3, vdst 1, vsrc1 v3, src0 v2 (256 + 2) */
  const uint32_t w = 3u << 25 | 1u << 17 | 3u << 9 | (256 + 2);
  struct isa_inst in;
  assert_true(isa_decode(&w, 1, 0, &in, NULL));
  assert_string_equal(in.info->name, "v_add_f32_e32");
  assert_int_equal(in.info->mnemonic, ISA_MN_v_add_f32);
  const struct isa_opcode_info *e64 = isa_opcode_lookup(ISA_FAMILY_VOP3, 0x103);
  assert_non_null(e64);
  assert_string_equal(e64->name, "v_add_f32_e64");
  assert_int_equal(e64->mnemonic, ISA_MN_v_add_f32);
  const struct isa_op_desc *dpp = isa_op_desc_variant(ISA_FAMILY_VOP2, ISA_VARIANT_DPP16, 3);
  const struct isa_op_desc *sdwa = isa_op_desc_variant(ISA_FAMILY_VOP2, ISA_VARIANT_SDWA, 3);
  assert_non_null(dpp);
  assert_non_null(sdwa);
  assert_int_equal(dpp->info.mnemonic, ISA_MN_v_add_f32);
  assert_int_equal(sdwa->info.mnemonic, ISA_MN_v_add_f32);
  const struct isa_opcode_info *mov = isa_opcode_lookup(ISA_FAMILY_SOP1, 3);
  assert_non_null(mov);
  assert_int_equal(mov->mnemonic, ISA_MN_s_mov_b32);
  assert_string_equal(isa_mnemonic_name(ISA_MN_s_mov_b32), "s_mov_b32");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(list_sorted_and_unique),
      cmocka_unit_test(every_row_carries_its_mnemonic),
      cmocka_unit_test(encodings_share_an_id),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
