/* Test helper: a Vulkan device for GPU tests, falling back to lavapipe's ICD (by setting
 * VK_ICD_FILENAMES) when the loader finds no device with the environment as given. Returns
 * NULL (after printing why) when none is usable. */
#ifndef PROSPERO_TESTS_GPU_VK_TEST_DEVICE_H
#define PROSPERO_TESTS_GPU_VK_TEST_DEVICE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gpu/vk/vk_device.h"

static inline vk_device *vk_test_device(void) {
  vk_device *dev = vk_device_create(NULL);
  if (dev) return dev;
  static const char *icds[] = {"/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
                               "/usr/share/vulkan/icd.d/lvp_icd.json"};
  for (size_t i = 0; i < sizeof(icds) / sizeof(icds[0]) && !dev; i++) {
    if (access(icds[i], R_OK) != 0) continue;
    printf("no Vulkan device found; retrying with VK_ICD_FILENAMES=%s\n", icds[i]);
    setenv("VK_ICD_FILENAMES", icds[i], 1);
    dev = vk_device_create(NULL);
  }
  if (!dev) printf("SKIP: no Vulkan device (not even lavapipe)\n");
  return dev;
}

#endif
