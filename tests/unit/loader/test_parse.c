/* SELF/ELF and Sony dynamic-table parsing: valid files in all three containers, and built-in
 * malformed inputs that must each be refused with a reason (never a crash). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "loader/module.h"
#include "sce/sce_file.h"
#include "sce/sce_elf.h"
#include "sce_builder.h"

static size_t build_sample(enum sb_form form, uint8_t **out, struct sb_layout *lay) {
  struct sce_builder *b = sb_new(false, "sample");
  static const uint8_t code[] = {0xC3};
  sb_set_code(b, code, sizeof code);
  sb_set_data(b, 64);
  unsigned lib = sb_add_library(b, "libkernel", 1, false);
  unsigned mod = sb_add_module(b, "libkernel", 1, 1);
  unsigned s = sb_add_import(b, "1jfXLRVzisc", lib, mod, false);
  sb_add_rela(b, SB_DATA_VADDR, SCE_R_X86_64_JUMP_SLOT, s, 0, true);
  sb_add_needed(b, "libkernel.sprx");
  size_t n = sb_build(b, form, out);
  if (lay) *lay = *sb_layout(b);
  sb_free(b);
  return n;
}

static void test_valid_containers(void **state) {
  (void)state;
  const enum sb_form forms[] = {SB_ELF, SB_SELF_PS4, SB_SELF_PS5};
  const enum sce_container expect[] = {SCE_CONTAINER_ELF, SCE_CONTAINER_SELF_PS4,
                                       SCE_CONTAINER_SELF_PS5};
  for (int i = 0; i < 3; i++) {
    uint8_t *f;
    size_t n = build_sample(forms[i], &f, NULL);
    struct loader_module m;
    char err[256] = "";
    bool ok = module_parse(&m, f, n, "sample", err, sizeof err);
    if (!ok) fail_msg("form %d: %s", i, err);
    assert_int_equal(m.file.container, expect[i]);
    assert_true(m.is_exec);
    assert_int_equal(m.dyn.library_count, 1);
    assert_string_equal(m.dyn.libraries[0].name, "libkernel");
    assert_int_equal(m.dyn.module_count, 1);
    assert_int_equal(m.dyn.modules[0].version_major, 1);
    assert_string_equal(m.dyn.self.name, "sample");
    assert_int_equal(m.dyn.jmprel_count, 1);
    assert_int_equal(m.dyn.needed_count, 1);
    assert_string_equal(m.dyn.needed[0], "libkernel.sprx");
    module_free(&m);
    free(f);
  }
}

/* One corruption: a byte offset and the bytes written there, and a phrase of the error. */
struct corruption {
  const char *what;
  enum sb_form form;
  size_t (*where)(const struct sb_layout *l);
  uint64_t value;
  unsigned width;
  const char *expect;
};

static size_t at_magic(const struct sb_layout *l) { (void)l; return 0; }
static size_t at_phnum(const struct sb_layout *l) { return l->elf_off + offsetof(Elf64_Ehdr, e_phnum); }
static size_t at_phoff(const struct sb_layout *l) { return l->elf_off + offsetof(Elf64_Ehdr, e_phoff); }
static size_t at_machine(const struct sb_layout *l) { return l->elf_off + offsetof(Elf64_Ehdr, e_machine); }
static size_t at_type(const struct sb_layout *l) { return l->elf_off + offsetof(Elf64_Ehdr, e_type); }
static size_t at_seg0_props(const struct sb_layout *l) { return l->seg_table_off; }
static size_t at_seg0_offset(const struct sb_layout *l) { return l->seg_table_off + 8; }
static size_t at_seg0_csize(const struct sb_layout *l) { return l->seg_table_off + 16; }
static size_t at_self_flags(const struct sb_layout *l) { (void)l; return 0x1A; }
static size_t at_self_count(const struct sb_layout *l) { (void)l; return 0x18; }
static size_t at_code_filesz(const struct sb_layout *l) { return l->phdr_off + offsetof(Elf64_Phdr, p_filesz); }
static size_t at_code_offset(const struct sb_layout *l) { return l->phdr_off + offsetof(Elf64_Phdr, p_offset); }
/* the builder's program headers: code, data, DYNLIBDATA (2), DYNAMIC (3), param */
static size_t at_blob_type(const struct sb_layout *l) { return l->phdr_off + 2 * sizeof(Elf64_Phdr); }
static size_t at_dyn_type(const struct sb_layout *l) { return l->phdr_off + 3 * sizeof(Elf64_Phdr); }
/* dynamic entry K's value (the builder writes module/library tags first, then the tables) */
static size_t dyn_entry_with_tag(const struct sb_layout *l, int64_t tag);
static const uint8_t *current_file;
static size_t at_strsz(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_STRSZ); }
static size_t at_symtabsz(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_SYMTABSZ); }
static size_t at_syment(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_SYMENT); }
static size_t at_relaent(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_RELAENT); }
static size_t at_pltrel(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_PLTREL); }
static size_t at_jmprel(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_JMPREL); }
static size_t at_needed(const struct sb_layout *l) { return dyn_entry_with_tag(l, DT_NEEDED); }
static size_t at_modinfo(const struct sb_layout *l) { return dyn_entry_with_tag(l, SCE_DT_MODULE_INFO); }

/* A small executable with the given variant options, in FORM. */
static size_t build_variant(enum sb_form form, bool prx, const struct sb_options *o,
                            uint8_t **out) {
  struct sce_builder *b = sb_new(prx, "variant");
  static const uint8_t code[] = {0x90, 0x90, 0xC3};
  sb_set_code(b, code, sizeof code);
  sb_set_data(b, 0x40);
  sb_set_options(b, o);
  size_t n = sb_build(b, form, out);
  sb_free(b);
  return n;
}

/* Every executable type is accepted: ET_EXEC and ET_SCE_EXEC are fixed-address ones. */
static void test_exec_types(void **state) {
  (void)state;
  static const struct {
    uint16_t type;
    bool fixed;
  } types[] = {{SCE_ET_ELF_EXEC, true}, {SCE_ET_EXEC, true}, {SCE_ET_EXEC_ASLR, false}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    for (enum sb_form form = SB_ELF; form <= SB_SELF_PS5; form++) {
      struct sb_options o = {.e_type = types[i].type, .vaddr_base = types[i].fixed ? 0x400000 : 0};
      uint8_t *f;
      size_t n = build_variant(form, false, &o, &f);
      struct loader_module m;
      char err[256] = "";
      if (!module_parse(&m, f, n, "eboot.bin", err, sizeof err))
        fail_msg("type 0x%x form %d: %s", types[i].type, form, err);
      assert_true(m.is_exec);
      assert_int_equal(m.is_fixed, types[i].fixed);
      assert_true(m.has_dynamic);
      assert_int_equal(m.image_min, types[i].fixed ? 0x400000 : 0);
      module_free(&m);
      free(f);
    }
}

/* No PT_DYNAMIC and no PT_SCE_DYNLIBDATA: an executable with nothing to link (tables empty),
 * with an absent or an empty process param; a PRX must have its tables. */
static void test_static_exec(void **state) {
  (void)state;
  const enum sb_param params[] = {SB_PARAM_NONE, SB_PARAM_EMPTY, SB_PARAM_FULL};
  for (size_t i = 0; i < 3; i++)
    for (enum sb_form form = SB_ELF; form <= SB_SELF_PS5; form++) {
      struct sb_options o = {.e_type = SCE_ET_ELF_EXEC, .vaddr_base = 0x4000,
                             .no_dynamic = true, .param = params[i], .code_flags = PF_X};
      uint8_t *f;
      size_t n = build_variant(form, false, &o, &f);
      struct loader_module m;
      char err[256] = "";
      if (!module_parse(&m, f, n, "eboot.bin", err, sizeof err))
        fail_msg("param %zu form %d: %s", i, form, err);
      assert_false(m.has_dynamic);
      assert_int_equal(m.dyn.sym_count + m.dyn.rela_count + m.dyn.jmprel_count, 0);
      assert_int_equal(m.dyn.library_count + m.dyn.needed_count, 0);
      assert_int_equal(m.file.phdrs[0].p_flags, PF_X); /* execute-only code kept as is */
      int pp = sce_file_find_phdr(&m.file, SCE_PT_PROCPARAM);
      assert_int_equal(pp >= 0, params[i] != SB_PARAM_NONE);
      if (params[i] == SB_PARAM_EMPTY) assert_int_equal(m.file.phdrs[pp].p_memsz, 0);
      module_free(&m);
      free(f);
    }
  struct sb_options o = {.no_dynamic = true};
  uint8_t *f;
  size_t n = build_variant(SB_SELF_PS5, true, &o, &f);
  struct loader_module m;
  char err[256] = "";
  assert_false(module_parse(&m, f, n, "static.prx", err, sizeof err));
  assert_non_null(strstr(err, "no PT_DYNAMIC program header"));
  module_free(&m);
  free(f);
}

/* SELF layouts of other writers (a digest entry before each data entry, 16 KiB blocks,
 * version data after the last segment) in both magics give the same segments as the plain
 * ELF. */
static void test_self_writer_variants(void **state) {
  (void)state;
  struct sb_options base = {.e_type = SCE_ET_ELF_EXEC, .vaddr_base = 0x4000, .no_dynamic = true,
                            .param = SB_PARAM_EMPTY, .code_flags = PF_X};
  uint8_t *ref;
  size_t ref_n = build_variant(SB_ELF, false, &base, &ref);
  struct loader_module want;
  char err[256] = "";
  if (!module_parse(&want, ref, ref_n, "ref", err, sizeof err)) fail_msg("%s", err);
  for (unsigned v = 0; v < 8; v++)
    for (enum sb_form form = SB_SELF_PS4; form <= SB_SELF_PS5; form++) {
      struct sb_options o = base;
      o.self_digests = v & 1;
      o.self_block_log2 = v & 2 ? 14 : 12;
      o.self_version_data = v & 4;
      uint8_t *f;
      size_t n = build_variant(form, false, &o, &f);
      struct loader_module m;
      if (!module_parse(&m, f, n, "eboot.bin", err, sizeof err))
        fail_msg("variant %u form %d: %s", v, form, err);
      assert_int_equal(m.file.container, form == SB_SELF_PS4 ? SCE_CONTAINER_SELF_PS4
                                                              : SCE_CONTAINER_SELF_PS5);
      for (unsigned i = 0; i < want.file.ehdr.e_phnum; i++) {
        const Elf64_Phdr *p = &want.file.phdrs[i];
        if (p->p_type != PT_LOAD) continue;
        assert_non_null(m.file.phdr_data[i]);
        assert_memory_equal(m.file.phdr_data[i], want.file.phdr_data[i], p->p_filesz);
      }
      int vi = sce_file_find_phdr(&m.file, SCE_PT_VERSION);
      assert_int_equal(vi >= 0, o.self_version_data);
      module_free(&m);
      free(f);
    }
  module_free(&want);
  free(ref);
}

static size_t dyn_entry_with_tag(const struct sb_layout *l, int64_t tag) {
  for (size_t k = 0; k < l->dyn_count; k++) {
    Elf64_Dyn d;
    memcpy(&d, current_file + l->dyn_off + k * sizeof d, sizeof d);
    if (d.d_tag == tag) return l->dyn_off + k * sizeof d + 8;
  }
  return 0;
}

static const struct corruption corruptions[] = {
    {"bad magic", SB_ELF, at_magic, 0x12345678, 4, "bad magic"},
    {"no program headers", SB_ELF, at_phnum, 0, 2, "program header count"},
    {"too many program headers", SB_ELF, at_phnum, 1000, 2, "program header count"},
    {"program headers past the end", SB_ELF, at_phoff, 0xFFFFFFFFFF00ull, 8, "past the end"},
    {"wrong machine", SB_ELF, at_machine, 3, 2, "not x86-64"},
    {"wrong type", SB_ELF, at_type, 3, 2, "neither an executable"},
    {"segment past the end", SB_ELF, at_code_offset, 0x7FFFFFFFull, 8, "past the end"},
    {"file size above memory size", SB_ELF, at_code_filesz, 0x100000, 8, "exceeds memory size"},
    {"encrypted SELF", SB_SELF_PS5, at_seg0_props, SCE_SELF_SEG_BLOCKED | SCE_SELF_SEG_ENCRYPTED, 8, "is encrypted"},
    {"compressed SELF", SB_SELF_PS4, at_seg0_props, SCE_SELF_SEG_BLOCKED | SCE_SELF_SEG_COMPRESSED, 8, "is compressed"},
    {"SELF segment past the end", SB_SELF_PS5, at_seg0_offset, 0xFFFFFFFFFFFFull, 8, "past the end"},
    {"SELF sizes disagree", SB_SELF_PS5, at_seg0_csize, 3, 8, "compressed"},
    {"SELF unknown flags", SB_SELF_PS5, at_self_flags, 0x99, 2, "not a fake-signed"},
    {"SELF table past the end", SB_SELF_PS5, at_self_count, 0xFFFF, 2, "past the end"},
    {"string table past the blob", SB_ELF, at_strsz, 0x7FFFFFFF, 8, "string table"},
    {"symbol table past the blob", SB_ELF, at_symtabsz, 0x7FFFFF80, 8, "symbol table"},
    {"symbol entry size", SB_ELF, at_syment, 16, 8, "symbol entry size"},
    {"relocation entry size", SB_ELF, at_relaent, 16, 8, "relocation entry size"},
    {"PLT relocation kind", SB_ELF, at_pltrel, 17, 8, "not DT_RELA"},
    {"jump table misaligned", SB_ELF, at_jmprel, 3, 8, "PLT relocation table"},
    /* an executable may have neither, never only one of them */
    {"PT_DYNAMIC without DYNLIBDATA", SB_ELF, at_blob_type, PT_NULL, 4, "no PT_SCE_DYNLIBDATA program header"},
    {"DYNLIBDATA without PT_DYNAMIC", SB_SELF_PS4, at_dyn_type, PT_NULL, 4, "no PT_DYNAMIC program header"},
};

/* Names outside the string table in tags the console tolerates (docs/loader.md): parsing
 * succeeds, the defect is counted and flagged for the linker. */
static void test_tolerated_names(void **state) {
  (void)state;
  static const struct {
    size_t (*where)(const struct sb_layout *);
    unsigned width;
  } cases[] = {{at_needed, 8}, {at_modinfo, 4}};
  for (size_t i = 0; i < 2; i++) {
    uint8_t *f;
    struct sb_layout lay;
    size_t n = build_sample(SB_ELF, &f, &lay);
    current_file = f;
    uint64_t v = 0x7FFFFFF0;
    memcpy(f + cases[i].where(&lay), &v, cases[i].width);
    struct loader_module m;
    char err[256] = "";
    if (!module_parse(&m, f, n, "odd", err, sizeof err)) fail_msg("case %zu refused: %s", i, err);
    if (i == 0) {
      assert_int_equal(m.dyn.needed_count, 0); /* nothing can be loaded by that name */
      assert_int_equal(m.dyn.bad_needed_names, 1);
    } else {
      assert_true(m.dyn.self.name_bad);
      assert_int_equal(m.dyn.bad_tag_names, 1);
    }
    module_free(&m);
    free(f);
  }
}

/* DT_SCE_FINGERPRINT: its 20 bytes as module info reports them; absent, or pointing outside
 * the dynlibdata (tolerated: nothing but module info reads it), it is NULL. */
static void test_fingerprint(void **state) {
  (void)state;
  uint8_t fp[20];
  for (int i = 0; i < 20; i++) fp[i] = (uint8_t)(0xA0 + i);
  for (int k = 0; k < 3; k++) {
    struct sce_builder *b = sb_new(true, "fp");
    static const uint8_t code[] = {0xC3};
    sb_set_code(b, code, sizeof code);
    sb_set_data(b, 64);
    if (k) sb_set_fingerprint(b, fp);
    uint8_t *f;
    size_t n = sb_build(b, SB_ELF, &f);
    struct sb_layout lay = *sb_layout(b);
    sb_free(b);
    current_file = f;
    if (k == 2) {
      uint64_t v = 0x7FFFFFF0;
      memcpy(f + dyn_entry_with_tag(&lay, SCE_DT_FINGERPRINT), &v, 8);
    }
    struct loader_module m;
    char err[256] = "";
    if (!module_parse(&m, f, n, "fp", err, sizeof err)) fail_msg("case %d: %s", k, err);
    if (k == 1) {
      assert_non_null(m.dyn.fingerprint);
      assert_memory_equal(m.dyn.fingerprint, fp, 20);
    } else {
      assert_null(m.dyn.fingerprint);
    }
    module_free(&m);
    free(f);
  }
}

static void test_malformed(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof corruptions / sizeof corruptions[0]; i++) {
    const struct corruption *c = &corruptions[i];
    uint8_t *f;
    struct sb_layout lay;
    size_t n = build_sample(c->form, &f, &lay);
    current_file = f;
    size_t at = c->where(&lay);
    assert_true(at + c->width <= n);
    memcpy(f + at, &c->value, c->width);
    struct loader_module m;
    char err[256] = "";
    bool ok = module_parse(&m, f, n, "bad", err, sizeof err);
    if (ok) fail_msg("%s: accepted", c->what);
    if (!strstr(err, c->expect)) fail_msg("%s: error '%s' lacks '%s'", c->what, err, c->expect);
    module_free(&m);
    free(f);
  }
}

static void test_truncations(void **state) {
  /* every prefix of a valid SELF is refused or parsed without reading past its end (ASan
   * checks the latter: each prefix is copied to a buffer of exactly its size) */
  (void)state;
  uint8_t *f;
  size_t n = build_sample(SB_SELF_PS5, &f, NULL);
  size_t refused = 0;
  for (size_t len = 0; len < n; len += 7) {
    uint8_t *p = malloc(len ? len : 1);
    memcpy(p, f, len);
    struct loader_module m;
    char err[256];
    if (!module_parse(&m, p, len, "cut", err, sizeof err)) refused++;
    module_free(&m);
    free(p);
  }
  assert_true(refused > 0);
  free(f);
}

static void test_tiny_inputs(void **state) {
  (void)state;
  struct sce_file f;
  uint8_t zeros[64] = {0};
  assert_false(sce_file_parse(&f, zeros, 0));
  assert_non_null(strstr(f.error, "too small"));
  assert_false(sce_file_parse(&f, zeros, sizeof zeros));
  uint8_t self[16] = {0x54, 0x14, 0xF5, 0xEE};
  assert_false(sce_file_parse(&f, self, sizeof self));
  assert_non_null(strstr(f.error, "SELF header"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_valid_containers),
      cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_exec_types),
      cmocka_unit_test(test_static_exec),
      cmocka_unit_test(test_self_writer_variants),
      cmocka_unit_test(test_tolerated_names),
      cmocka_unit_test(test_fingerprint),
      cmocka_unit_test(test_truncations),
      cmocka_unit_test(test_tiny_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
