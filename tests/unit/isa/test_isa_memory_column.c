/* The memory column of the opcode tables (ops_<family>.def, written by gen/gen_tables.py):
 * it replaced the table-build-time derivation from mnemonics that meta.c used to do. Every
 * row must carry exactly what that derivation (kept here as the reference) gave, apart from
 * the listed corrections, the flags must reach the opcode info, and a few rows are pinned
 * by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/shader/isa/isa_internal.h"

static bool has_prefix(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

static bool contains(const char *s, const char *p) { return strstr(s, p) != NULL; }

/* meta.c's former memory_flags_of(), unchanged: the reference the column must agree with. */
static uint32_t reference_memory_flags(const char *name) {
  static const struct {
    const char *prefix;
    uint32_t flags;
  } ds_no_memory[] = {{"ds_swizzle", 0},
                      {"ds_permute", 0},
                      {"ds_bpermute", 0},
                      {"ds_nop", ISA_F_SIDE_EFFECTS},
                      {"ds_gws_", ISA_F_SIDE_EFFECTS},
                      {"ds_sema_", ISA_F_SIDE_EFFECTS},
                      {"ds_ordered_count", ISA_F_SIDE_EFFECTS}};
  uint32_t f = 0;
  bool ds = has_prefix(name, "ds_");
  bool vmem = has_prefix(name, "buffer_") || has_prefix(name, "tbuffer_") ||
              has_prefix(name, "image_") || has_prefix(name, "flat_") ||
              has_prefix(name, "global_") || has_prefix(name, "scratch_");
  if (ds || vmem) f |= ISA_F_VECTOR;
  if (contains(name, "atomic")) f |= ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE;
  if (contains(name, "load") || contains(name, "image_sample") || contains(name, "image_gather") ||
      contains(name, "image_get_") || has_prefix(name, "ds_read") || contains(name, "_rtn_"))
    f |= ISA_F_LOAD;
  if (contains(name, "store") || has_prefix(name, "ds_write")) f |= ISA_F_STORE;
  if (ds && !(f & (ISA_F_LOAD | ISA_F_STORE))) {
    uint32_t other = ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE;
    for (unsigned i = 0; i < sizeof(ds_no_memory) / sizeof(ds_no_memory[0]); i++)
      if (has_prefix(name, ds_no_memory[i].prefix)) other = ds_no_memory[i].flags;
    f |= other;
  }
  if (contains(name, "_rtn_") || (ds && contains(name, "wrxchg"))) f |= ISA_F_HAS_RETURN;
  if (has_prefix(name, "exp") || has_prefix(name, "s_memtime") ||
      has_prefix(name, "s_memrealtime") || has_prefix(name, "s_get_waveid"))
    f |= ISA_F_SIDE_EFFECTS;
  if (has_prefix(name, "s_dcache_") || has_prefix(name, "s_gl1_inv")) f |= ISA_F_BARRIER;
  if (has_prefix(name, "s_atc_probe")) f |= ISA_F_SIDE_EFFECTS;
  return f;
}

/* Where the column departs from the former derivation on purpose: a DS "_rtn_" op is a
 * read-modify-write atomic that returns the old value (ds_add_rtn_u32, ds_wrxchg_rtn_b32,
 * ds_cmpst_rtn_b32...); the derivation saw only a load. */
static uint32_t correction(const char *name) {
  return has_prefix(name, "ds_") && contains(name, "_rtn_") ? ISA_F_ATOMIC | ISA_F_STORE : 0;
}

struct tally {
  unsigned rows, with_memory, corrected, mismatches;
};

static void check_desc(const struct isa_op_desc *d, struct tally *t) {
  t->rows++;
  if (d->memory_flags) t->with_memory++;
  const uint32_t old = reference_memory_flags(d->info.name);
  const uint32_t want = old | correction(d->info.name);
  if (want != old) t->corrected++;
  if (d->memory_flags != want || (d->info.flags & want) != want) {
    if (t->mismatches++ < 10)
      print_message("%s: column 0x%x, derivation 0x%x, info flags 0x%x\n", d->info.name,
                    d->memory_flags, want, d->info.flags);
  }
  for (unsigned k = 0; k < 8; k++) /* FLAT variants: same row, same column */
    if (d->sub[k]) {
      assert_int_equal(d->sub[k]->memory_flags, d->memory_flags);
      assert_int_equal(d->sub[k]->info.flags & d->memory_flags, d->memory_flags);
    }
}

static void test_column_matches_derivation(void **state) {
  (void)state;
  isa_tables_init();
  struct tally t = {0, 0, 0, 0};
  for (unsigned f = 0; f < ISA_FAMILY_COUNT; f++)
    for (unsigned v = 0; v < ISA_DESC_VARIANTS; v++)
      for (unsigned op = 0; op < isa_desc_index[f][v].nops; op++) {
        const struct isa_op_desc *d = isa_desc_lookup(f, v, op);
        if (d) check_desc(d, &t);
      }
  print_message("memory column: %u rows, %u with memory effects, %u corrected, %u differ\n",
                t.rows, t.with_memory, t.corrected, t.mismatches);
  assert_int_equal(t.mismatches, 0);
  assert_int_equal(t.corrected, 43); /* the DS _rtn_ atomics (pinned) */
  assert_int_equal(t.rows, 1968);       /* every row of every table was visited */
  assert_int_equal(t.with_memory, 569); /* the rows the column marks (pinned) */
}

static const struct isa_op_desc *find(enum isa_family family, unsigned slot, const char *name) {
  for (unsigned op = 0; op < isa_desc_index[family][slot].nops; op++) {
    const struct isa_op_desc *d = isa_desc_lookup(family, slot, op);
    if (d && !strcmp(d->info.name, name)) return d;
  }
  fail_msg("%s not in the tables", name);
  return NULL;
}

/* Hand-checked rows of each kind. */
static void test_pinned_rows(void **state) {
  (void)state;
  isa_tables_init();
  const uint32_t rmw = ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE;
  const struct {
    enum isa_family family;
    unsigned slot;
    const char *name;
    uint32_t flags;
  } pins[] = {
      {ISA_FAMILY_DS, 0, "ds_add_u32", rmw | ISA_F_VECTOR},
      {ISA_FAMILY_DS, 0, "ds_add_rtn_u32", rmw | ISA_F_VECTOR | ISA_F_HAS_RETURN},
      {ISA_FAMILY_DS, 0, "ds_wrxchg_rtn_b32", rmw | ISA_F_VECTOR | ISA_F_HAS_RETURN},
      {ISA_FAMILY_DS, 0, "ds_cmpst_rtn_b32", rmw | ISA_F_VECTOR | ISA_F_HAS_RETURN},
      {ISA_FAMILY_DS, 0, "ds_read_b32", ISA_F_LOAD | ISA_F_VECTOR},
      {ISA_FAMILY_DS, 0, "ds_write_b32", ISA_F_STORE | ISA_F_VECTOR},
      {ISA_FAMILY_DS, 0, "ds_swizzle_b32", ISA_F_VECTOR},
      {ISA_FAMILY_DS, 0, "ds_nop", ISA_F_VECTOR | ISA_F_SIDE_EFFECTS},
      {ISA_FAMILY_MUBUF, 0, "buffer_load_dword", ISA_F_LOAD | ISA_F_VECTOR},
      {ISA_FAMILY_MUBUF, 0, "buffer_store_dword", ISA_F_STORE | ISA_F_VECTOR},
      {ISA_FAMILY_MUBUF, 0, "buffer_atomic_add", rmw | ISA_F_VECTOR},
      {ISA_FAMILY_MUBUF, 0, "buffer_gl0_inv", ISA_F_VECTOR},
      {ISA_FAMILY_MIMG, 0, "image_sample", ISA_F_LOAD | ISA_F_VECTOR},
      {ISA_FAMILY_MIMG, 0, "image_get_resinfo", ISA_F_LOAD | ISA_F_VECTOR},
      {ISA_FAMILY_FLAT, 2, "global_atomic_add", rmw | ISA_F_VECTOR},
      {ISA_FAMILY_SMEM, 0, "s_load_dword", ISA_F_LOAD},
      {ISA_FAMILY_SMEM, 0, "s_dcache_inv", ISA_F_BARRIER},
      {ISA_FAMILY_SMEM, 0, "s_memtime", ISA_F_SIDE_EFFECTS},
      {ISA_FAMILY_EXP, 0, "exp", ISA_F_SIDE_EFFECTS},
      {ISA_FAMILY_VOP1, 0, "v_mov_b32_e32", 0},
  };
  for (unsigned i = 0; i < sizeof pins / sizeof pins[0]; i++) {
    const struct isa_op_desc *d = find(pins[i].family, pins[i].slot, pins[i].name);
    if (d->memory_flags != pins[i].flags)
      fail_msg("%s: memory column 0x%x, expected 0x%x", pins[i].name, d->memory_flags,
               pins[i].flags);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_column_matches_derivation),
      cmocka_unit_test(test_pinned_rows),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
