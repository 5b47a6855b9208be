/* prospero-dis end to end: raw words from a file and from stdin, .long for undecodable
 * dwords with decoding resuming at the next one, --offsets, --show-encoding, --wave64, and
 * clear errors for bad usage. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

static char path[] = "/tmp/prospero-dis-test-XXXXXX";

static void write_words(const uint32_t *w, size_t n) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  for (size_t i = 0; i < n; i++) {
    uint8_t b[4] = {w[i] & 0xFF, (w[i] >> 8) & 0xFF, (w[i] >> 16) & 0xFF, w[i] >> 24};
    fwrite(b, 1, 4, f);
  }
  fclose(f);
}

/* Runs the tool, returns its exit status and its stdout in out. */
static int run(const char *args, char *out, size_t size) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "%s %s 2>/dev/null", PROSPERO_DIS, args);
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  size_t n = fread(out, 1, size - 1, p);
  out[n] = 0;
  int st = pclose(p);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_file(void **state) {
  (void)state;
  /* s_mov_b32 s6, s4 | undecodable | v_mov_b32 v5, literal | truncated VOP3 at the end */
  const uint32_t w[] = {0xbe860304, 0x00000001, 0x7e0a02ff, 0x40490fdb, 0xd5250005};
  write_words(w, 5);
  char out[2048], args[256];
  snprintf(args, sizeof args, "%s", path);
  assert_int_equal(run(args, out, sizeof out), 0);
  assert_string_equal(out, "s_mov_b32 s6, s4\n.long 0x00000001\n"
                           "v_mov_b32_e32 v5, 0x40490fdb\n.long 0xd5250005\n");
  snprintf(args, sizeof args, "--offsets --show-encoding %s", path);
  assert_int_equal(run(args, out, sizeof out), 0);
  assert_non_null(strstr(out, "000000: s_mov_b32 s6, s4 ; encoding: [0x04,0x03,0x86,0xbe]\n"));
  assert_non_null(strstr(out, "000008: v_mov_b32_e32 v5, 0x40490fdb ; encoding: "
                              "[0xff,0x02,0x0a,0x7e,0xdb,0x0f,0x49,0x40]\n"));
  assert_non_null(strstr(out, "000010: .long 0xd5250005\n"));
}

static void test_stdin_wave64(void **state) {
  (void)state;
  const uint32_t w[] = {0x7c043d14}; /* v_cmp_eq_f32_e32 */
  write_words(w, 1);
  char out[512], args[256];
  snprintf(args, sizeof args, "- < %s", path);
  assert_int_equal(run(args, out, sizeof out), 0);
  assert_string_equal(out, "v_cmp_eq_f32_e32 vcc_lo, v20, v30\n");
  snprintf(args, sizeof args, "--wave64 - < %s", path);
  assert_int_equal(run(args, out, sizeof out), 0);
  assert_string_equal(out, "v_cmp_eq_f32_e32 vcc, v20, v30\n");
}

static void test_errors(void **state) {
  (void)state;
  char out[512];
  assert_int_not_equal(run("/nonexistent/words.bin", out, sizeof out), 0);
  assert_int_equal(run("--bogus x", out, sizeof out), 2);
  assert_int_equal(run("", out, sizeof out), 2);
}

int main(void) {
  int fd = mkstemp(path);
  if (fd < 0) return 1;
  close(fd);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_file),
      cmocka_unit_test(test_stdin_wave64),
      cmocka_unit_test(test_errors),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  unlink(path);
  return rc;
}
