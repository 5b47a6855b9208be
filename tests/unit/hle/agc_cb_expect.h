/* The command-buffer fixture the libSceAgc builder tests share: a buffer of AGC_TEST_DWORDS
 * dwords filled with FILL, an agc_cb over it, and EXPECT(p, dwords...) which checks that the
 * packet P starts the buffer, holds exactly those dwords, moved the cursor past them and left
 * the next dword untouched. Include after cmocka.h and hle/libSceAgc/agc.h. */
#ifndef PROSPERO_TEST_AGC_CB_EXPECT_H
#define PROSPERO_TEST_AGC_CB_EXPECT_H

#include <stddef.h>
#include <stdint.h>

#ifndef AGC_TEST_DWORDS
#define AGC_TEST_DWORDS 512
#endif
#define FILL 0xABCDEF01u

static uint32_t buf[AGC_TEST_DWORDS];
static struct agc_cb cb;

static int setup(void **state) {
  (void)state;
  for (size_t i = 0; i < AGC_TEST_DWORDS; i++) buf[i] = FILL;
  cb = (struct agc_cb){.bottom = buf,
                       .top = buf + AGC_TEST_DWORDS,
                       .cursor_up = buf,
                       .cursor_down = buf + AGC_TEST_DWORDS};
  return 0;
}

/* P is the packet at the start of the buffer, WANT its N dwords; the next dword untouched. */
static void expect(const uint32_t *p, const uint32_t *want, size_t n) {
  assert_ptr_equal(p, buf);
  for (size_t i = 0; i < n; i++) {
    if (p[i] != want[i]) fail_msg("dword %zu: 0x%08x, expected 0x%08x", i, p[i], want[i]);
  }
  assert_ptr_equal(cb.cursor_up, buf + n);
  assert_int_equal(buf[n], FILL);
}
#define EXPECT(p, ...)                                \
  do {                                                \
    const uint32_t want_[] = {__VA_ARGS__};           \
    expect(p, want_, sizeof want_ / sizeof want_[0]); \
  } while (0)

#endif
