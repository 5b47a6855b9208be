/* Debug info for crash reports (loader/debug_info.h): function, file and line of addresses in
 * a real -g ELF (a host shared library: addresses from the host's dynamic linker, lines from
 * the markers in its source), the code match against a placed image, and malformed files,
 * each of which must give a warning (or still-usable partial tables), never a crash. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "loader/debug_info.h"
#include "test_file.h"

static uint8_t *sample;
static size_t sample_size;
static void *sample_handle;
static uint64_t sample_base; /* where the host loaded it */
static char log_path[64];

/* 1-based line of the source line holding TOKEN. */
static unsigned marker_line(const char *token) {
  size_t n;
  char *src = test_file_read(SAMPLE_SOURCE, &n);
  assert_non_null(src);
  char *at = strstr(src, token);
  assert_non_null(at);
  unsigned line = 1;
  for (char *p = src; p < at; p++) line += *p == '\n';
  free(src);
  return line;
}

/* The log written since the last call (warnings go to a file while the tests run). */
static char *take_log(void) {
  size_t n;
  char *s = test_file_read(log_path, &n);
  if (!s) s = strdup("");
  FILE *f = fopen(log_path, "w"); /* truncate */
  if (f) fclose(f);
  return s;
}

static int setup(void **state) {
  (void)state;
  sample = (uint8_t *)test_file_read(SAMPLE_PATH, &sample_size);
  sample_handle = dlopen(SAMPLE_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!sample || !sample_handle) return -1;
  Dl_info di;
  if (!dladdr(dlsym(sample_handle, "sample_global"), &di)) return -1;
  sample_base = (uint64_t)(uintptr_t)di.dli_fbase;
  snprintf(log_path, sizeof log_path, "/tmp/prospero-debug-info-%d.log", (int)getpid());
  log_set_level(LOG_LEVEL_INFO);
  return log_open_file(log_path) ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  log_close();
  unlink(log_path);
  free(sample);
  if (sample_handle) dlclose(sample_handle);
  return 0;
}

static uint64_t rel_of(void *p) { return (uint64_t)(uintptr_t)p - sample_base; }

static void expect_location(const struct debug_info *d, uint64_t rel, const char *fn,
                            const char *token) {
  struct debug_location loc;
  assert_true(debug_info_lookup(d, rel, &loc));
  assert_non_null(loc.function);
  assert_string_equal(loc.function, fn);
  assert_int_equal(loc.function_addr, rel);
  assert_non_null(loc.file);
  const char *base = strrchr(loc.file, '/');
  assert_string_equal(base ? base + 1 : loc.file, "debug_info_sample.c");
  assert_int_equal(loc.line, marker_line(token));
}

static void test_functions_and_lines(void **state) {
  (void)state;
  struct debug_info *d = debug_info_from_memory(sample, sample_size, "sample", NULL);
  assert_non_null(d);
  struct debug_info_stats st;
  debug_info_get_stats(d, &st);
  assert_true(st.has_lines);
  assert_true(st.functions >= 3);
  assert_true(st.files >= 1);
  expect_location(d, rel_of(dlsym(sample_handle, "sample_global")), "sample_global",
                  "GLOBAL-LINE");
  void *(*get)(void) = (void *(*)(void))dlsym(sample_handle, "sample_static_address");
  assert_non_null(get);
  expect_location(d, rel_of(get()), "sample_static", "STATIC-LINE");
  /* an address in no function and no line table: the ELF header */
  struct debug_location loc;
  assert_false(debug_info_lookup(d, 0, &loc));
  assert_null(loc.function);
  assert_null(loc.file);
  debug_info_free(d);
  char *log = take_log();
  assert_non_null(strstr(log, "sample: debug info from (memory)"));
  assert_null(strstr(log, " W "));
  free(log);
}

struct fn_seen {
  uint64_t want[2];
  bool found[2];
  size_t calls;
};
static void on_function(void *ctx, uint64_t addr, uint64_t size) {
  struct fn_seen *f = ctx;
  f->calls++;
  for (int i = 0; i < 2; i++)
    if (addr == f->want[i] && size > 0) f->found[i] = true;
}

/* The function symbols handed to the code rewriter as seeds: both functions of the sample,
 * static and global, with their addresses from the host's dynamic linker and a size. */
static void test_each_function(void **state) {
  (void)state;
  struct debug_info *d = debug_info_from_memory(sample, sample_size, "sample", NULL);
  assert_non_null(d);
  void *(*get)(void) = (void *(*)(void))dlsym(sample_handle, "sample_static_address");
  struct fn_seen f = {{rel_of(dlsym(sample_handle, "sample_global")), rel_of(get())}, {0}, 0};
  size_t n = debug_info_each_function(d, on_function, &f);
  assert_int_equal(n, f.calls);
  assert_int_equal(debug_info_each_function(d, NULL, NULL), n);
  assert_true(f.found[0]);
  assert_true(f.found[1]);
  debug_info_free(d);
  free(take_log());
}

/* The executable segment of the sample: file offset, vaddr, size (read with <elf.h>). */
static void code_segment(uint64_t *off, uint64_t *vaddr, uint64_t *size) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)sample;
  for (unsigned i = 0; i < eh->e_phnum; i++) {
    const Elf64_Phdr *ph = (const Elf64_Phdr *)(sample + eh->e_phoff + i * eh->e_phentsize);
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && ph->p_filesz) {
      *off = ph->p_offset, *vaddr = ph->p_vaddr, *size = ph->p_filesz;
      return;
    }
  }
  fail_msg("the sample has no code segment");
}

static void test_image_match(void **state) {
  (void)state;
  /* the host's own mapping of the library holds the same code at base + vaddr */
  struct debug_info_image img = {sample_base, 0, UINT64_MAX / 2};
  struct debug_info *d = debug_info_from_memory(sample, sample_size, "sample", &img);
  assert_non_null(d);
  debug_info_free(d);
  free(take_log());
  /* a copy of the code with one byte changed: another build */
  uint64_t off, vaddr, size;
  code_segment(&off, &vaddr, &size);
  uint8_t *copy = malloc(size);
  memcpy(copy, sample + off, size);
  copy[size / 2] ^= 0x5A;
  img = (struct debug_info_image){(uint64_t)(uintptr_t)copy - vaddr, vaddr, vaddr + size};
  assert_null(debug_info_from_memory(sample, sample_size, "sample", &img));
  char *log = take_log();
  assert_non_null(strstr(log, "differs from the module's"));
  free(log);
  /* an image too small to hold the segment */
  img.vaddr_max = vaddr + size - 1;
  assert_null(debug_info_from_memory(sample, sample_size, "sample", &img));
  log = take_log();
  assert_non_null(strstr(log, "differs from the module's"));
  free(log);
  free(copy);
}

/* The section header named NAME in BUF (a copy of the sample), or NULL. */
static Elf64_Shdr *section(uint8_t *buf, const char *name) {
  Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
  Elf64_Shdr *sh = (Elf64_Shdr *)(buf + eh->e_shoff);
  const char *names = (const char *)buf + sh[eh->e_shstrndx].sh_offset;
  for (unsigned i = 0; i < eh->e_shnum; i++)
    if (strcmp(names + sh[i].sh_name, name) == 0) return &sh[i];
  return NULL;
}

/* Loads BUF, which must not crash; returns whether tables came back and checks the log
 * holds PHRASE (a warning). */
static bool load_expecting(uint8_t *buf, size_t size, const char *phrase) {
  struct debug_info *d = debug_info_from_memory(buf, size, "bad", NULL);
  struct debug_location loc;
  if (d) {
    for (uint64_t a = 0; a < 0x4000; a += 7) debug_info_lookup(d, a, &loc);
    debug_info_free(d);
  }
  char *log = take_log();
  if (phrase && !strstr(log, phrase)) fail_msg("no '%s' in the log: %s", phrase, log);
  free(log);
  return d != NULL;
}

static void test_malformed(void **state) {
  (void)state;
  uint8_t *buf = malloc(sample_size);
  /* not an ELF at all */
  memset(buf, 'x', sample_size);
  assert_false(load_expecting(buf, sample_size, "not an ELF file"));
  /* a 32-bit ELF */
  memcpy(buf, sample, sample_size);
  buf[EI_CLASS] = ELFCLASS32;
  assert_false(load_expecting(buf, sample_size, "debug info (memory):"));
  /* garbage in a section the line tables need: symbols stay, lines go, with a warning */
  static const char *const sections[] = {".debug_line", ".debug_info", ".debug_abbrev"};
  for (size_t k = 0; k < sizeof sections / sizeof *sections; k++) {
    memcpy(buf, sample, sample_size);
    Elf64_Shdr *sh = section(buf, sections[k]);
    assert_non_null(sh);
    memset(buf + sh->sh_offset, 0xFF, sh->sh_size);
    assert_true(load_expecting(buf, sample_size, "malformed DWARF"));
  }
  /* garbage in the string sections: no crash (line tables may survive) */
  static const char *const strings[] = {".debug_str", ".debug_str_offsets", ".debug_line_str"};
  for (size_t k = 0; k < sizeof strings / sizeof *strings; k++) {
    memcpy(buf, sample, sample_size);
    Elf64_Shdr *sh = section(buf, strings[k]);
    if (!sh) continue; /* DWARF 4 has no .debug_str_offsets / .debug_line_str */
    memset(buf + sh->sh_offset, 0xFF, sh->sh_size);
    assert_true(load_expecting(buf, sample_size, NULL));
  }
  /* a symbol table with a wrong entry size */
  memcpy(buf, sample, sample_size);
  section(buf, ".symtab")->sh_entsize = 7;
  assert_true(load_expecting(buf, sample_size, "unreadable symbol table"));
  /* section headers pointing past the end of the file */
  memcpy(buf, sample, sample_size);
  section(buf, ".debug_line")->sh_offset = sample_size * 4;
  load_expecting(buf, sample_size, "debug info (memory):");
  /* every truncation of the file at 64 points */
  for (int i = 0; i < 64; i++) load_expecting(sample, sample_size * i / 64, NULL);
  /* random byte changes in the DWARF sections (fixed seed) */
  srand(9);
  for (int round = 0; round < 300; round++) {
    memcpy(buf, sample, sample_size);
    Elf64_Shdr *sh = section(buf, sections[round % 3]);
    for (int j = 0; j < 8 && sh->sh_size; j++)
      buf[sh->sh_offset + (size_t)rand() % sh->sh_size] = (uint8_t)rand();
    load_expecting(buf, sample_size, NULL);
  }
  free(buf);
}

/* The file API: a missing sidecar is silent (most modules have none), a directory or empty
 * file is refused with a warning, the sample loads. */
static void test_files(void **state) {
  (void)state;
  assert_null(debug_info_load("/nonexistent/eboot.bin.debug", "eboot.bin", NULL));
  char *log = take_log();
  assert_string_equal(log, "");
  free(log);
  assert_null(debug_info_load("/tmp", "eboot.bin", NULL));
  log = take_log();
  assert_non_null(strstr(log, "eboot.bin: debug info /tmp is not a non-empty regular file"));
  free(log);
  struct debug_info *d = debug_info_load(SAMPLE_PATH, "sample", NULL);
  assert_non_null(d);
  debug_info_free(d);
  const char *base = strrchr(SAMPLE_PATH, '/');
  char want[256];
  snprintf(want, sizeof want, "sample: debug info from %s: ", base ? base + 1 : SAMPLE_PATH);
  log = take_log();
  assert_non_null(strstr(log, want));
  free(log);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_functions_and_lines),
      cmocka_unit_test(test_each_function),
      cmocka_unit_test(test_image_match),
      cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_files),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
