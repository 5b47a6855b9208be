/* A video out port with display buffers registered, for the AGC builders that check the port
 * (sceAgcDcbSetFlip, sceAgcDcbWaitUntilSafeForRendering): videoout_reset(), then a port opened
 * as the console's user 255, main port, with BUFFERS (at most 4) small linear A8R8G8B8 sRGB
 * buffers registered from display buffer 0. Returns the handle. */
#ifndef PROSPERO_TEST_VIDEOOUT_PORT_H
#define PROSPERO_TEST_VIDEOOUT_PORT_H

#include "hle/libSceVideoOut/videoout.h"

static int videoout_test_port(int buffers) {
  enum { PORT_W = 16, PORT_H = 8 };
  static uint32_t pixels[4][PORT_W * PORT_H];
  videoout_reset();
  int h = videoout_open(255, 0, 0, NULL);
  assert_true(h > 0);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, PORT_W, PORT_H, PORT_W);
  void *addr[4] = {pixels[0], pixels[1], pixels[2], pixels[3]};
  assert_true(buffers >= 0 && buffers <= 4);
  if (buffers) assert_int_equal(videoout_register_buffers(h, 0, addr, buffers, &a), 0);
  return h;
}

#endif
