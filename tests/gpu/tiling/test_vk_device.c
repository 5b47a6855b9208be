/* The Vulkan device layer on its own (lavapipe in CI): device choice and properties,
 * host and device buffers with device addresses, one-shot submission (a host -> device ->
 * host copy round trip), and argument checks that must fail cleanly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include "test_skip.h"

#include "gpu/vk/vk_device.h"
#include "vk_test_device.h"

static vk_device *dev;

static int setup(void **state) {
  (void)state;
  dev = vk_test_device();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  vk_device_destroy(dev);
  return 0;
}

static void test_properties(void **state) {
  (void)state;
  if (!dev) skip();
  assert_non_null(vk_device_handle(dev));
  assert_non_null(vk_device_physical(dev));
  assert_true(strlen(vk_device_name(dev)) > 0);
  assert_true(vk_device_subgroup_size(dev) >= 1);
  printf("device %s, %s, subgroup %u, device addresses %s\n", vk_device_name(dev),
         vk_device_is_cpu(dev) ? "CPU" : "GPU", vk_device_subgroup_size(dev),
         vk_device_has_address(dev) ? "yes" : "no");
}

static void test_copy_round_trip(void **state) {
  (void)state;
  if (!dev) skip();
  const VkDeviceSize n = 1 << 20;
  struct vk_buffer up, gpu, down;
  assert_true(
      vk_buffer_create(dev, n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &up));
  assert_true(
      vk_buffer_create(dev, n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_DEVICE, &gpu));
  assert_true(
      vk_buffer_create(dev, n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &down));
  assert_non_null(up.mapped);
  assert_null(gpu.mapped);
  if (vk_device_has_address(dev)) {
    assert_true(up.address != 0 && gpu.address != 0 && up.address != gpu.address);
  }
  for (VkDeviceSize i = 0; i < n; i++) ((uint8_t *)up.mapped)[i] = (uint8_t)(i * 7 + 1);
  memset(down.mapped, 0, n);
  VkCommandBuffer cb = vk_device_begin(dev);
  assert_non_null(cb);
  VkBufferCopy region = {.size = n};
  vkCmdCopyBuffer(cb, up.buffer, gpu.buffer, 1, &region);
  vk_cmd_barrier(cb);
  vkCmdCopyBuffer(cb, gpu.buffer, down.buffer, 1, &region);
  assert_true(vk_device_submit_wait(dev, cb));
  assert_memory_equal(up.mapped, down.mapped, n);
  vk_buffer_destroy(dev, &up);
  vk_buffer_destroy(dev, &gpu);
  vk_buffer_destroy(dev, &down);
  assert_null(up.buffer);
}

static void test_bad_arguments(void **state) {
  (void)state;
  if (!dev) skip();
  struct vk_buffer b;
  assert_false(
      vk_buffer_create(dev, 0, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &b));
  struct vk_compute_pipeline p;
  static const uint32_t words[3] = {0x07230203u, 0, 0};
  assert_false(vk_compute_pipeline_create(dev, words, 10, 1, 0, &p));   /* not whole words */
  assert_false(vk_compute_pipeline_create(dev, words, 12, 9, 0, &p));   /* too many buffers */
  assert_false(vk_compute_pipeline_create(dev, words, 12, 1, 256, &p)); /* push too big */
  assert_false(vk_device_submit_wait(dev, VK_NULL_HANDLE));
  vk_buffer_destroy(dev, NULL);
  vk_compute_pipeline_destroy(dev, NULL);
  vk_device_destroy(NULL);
}

static void test_name_filter(void **state) {
  (void)state;
  if (!dev) skip();
  struct vk_device_options o = {.name_filter = "no such device name"};
  assert_null(vk_device_create(&o));
  o.name_filter = vk_device_name(dev);
  vk_device *same = vk_device_create(&o);
  assert_non_null(same);
  assert_string_equal(vk_device_name(same), vk_device_name(dev));
  vk_device_destroy(same);
}

/* Host memory imported as a buffer: the GPU writes the host bytes themselves (no copy). */
static void test_host_import(void **state) {
  (void)state;
  if (!dev) skip();
  uint64_t align = vk_device_host_import_alignment(dev);
  if (!align) skip_because("%s cannot import host memory", vk_device_name(dev));
  const size_t n = 4 * align;
  uint8_t *host = NULL;
  assert_int_equal(posix_memalign((void **)&host, align, n), 0);
  memset(host, 0, n);
  struct vk_buffer imp, up;
  assert_false(vk_buffer_import_host(dev, host + 1, align, 0, &imp)); /* not aligned */
  assert_false(vk_buffer_import_host(dev, host, align + 1, 0, &imp));
  assert_true(vk_buffer_import_host(dev, host, n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &imp));
  assert_null(imp.mapped); /* the host memory itself, not a mapping of ours */
  assert_true(
      vk_buffer_create(dev, n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &up));
  for (size_t i = 0; i < n; i++) ((uint8_t *)up.mapped)[i] = (uint8_t)(i * 13 + 5);
  VkCommandBuffer cb = vk_device_begin(dev);
  VkBufferCopy region = {.size = n};
  vkCmdCopyBuffer(cb, up.buffer, imp.buffer, 1, &region);
  assert_true(vk_device_submit_wait(dev, cb));
  assert_memory_equal(host, up.mapped, n);
  vk_buffer_destroy(dev, &imp); /* the host memory stays ours */
  host[0] ^= 1;
  vk_buffer_destroy(dev, &up);
  free(host);
}

/* Kept pipelines: the same module gets the same pipeline; another layout another one. */
extern const unsigned char vk_spv_copy16[];
extern const size_t vk_spv_copy16_size;
static void test_kept_pipeline(void **state) {
  (void)state;
  if (!dev) skip();
  const uint32_t *w = (const uint32_t *)vk_spv_copy16;
  struct vk_compute_pipeline own;
  assert_true(vk_compute_pipeline_create(dev, w, vk_spv_copy16_size, 2, 4, &own));
  uint32_t buffers = own.buffer_count, push = own.push_size;
  vk_compute_pipeline_destroy(dev, &own);
  const struct vk_compute_pipeline *a =
      vk_compute_pipeline_kept(dev, w, vk_spv_copy16_size, buffers, push);
  assert_non_null(a);
  uint32_t *copy = malloc(vk_spv_copy16_size); /* the same words elsewhere: the same module */
  memcpy(copy, w, vk_spv_copy16_size);
  assert_ptr_equal(vk_compute_pipeline_kept(dev, copy, vk_spv_copy16_size, buffers, push), a);
  free(copy);
  const struct vk_compute_pipeline *b =
      vk_compute_pipeline_kept(dev, w, vk_spv_copy16_size, buffers, push + 4);
  assert_non_null(b);
  assert_ptr_not_equal(a, b);
  assert_int_equal(b->push_size, push + 4);
  assert_null(vk_compute_pipeline_kept(dev, NULL, 0, 1, 0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_properties),    cmocka_unit_test(test_copy_round_trip),
      cmocka_unit_test(test_bad_arguments), cmocka_unit_test(test_name_filter),
      cmocka_unit_test(test_host_import),   cmocka_unit_test(test_kept_pipeline),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
