/* libSceNpUniversalDataSystem's host side (uds.h) called directly: the limits of its tables
 * (events, objects; OUT_OF_MEMORY past them, as the SDK reference lists for a full pool),
 * the 20 KiB event size (SCE_NP_UNIVERSAL_DATA_SYSTEM_EVENT_DATA_SIZE_MAX), Terminate
 * forgetting everything, the trophy properties and the JSON form (escapes, replaced keys,
 * nesting) of an event. Without a trophy store set up, the trophy events only log. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "hle/libSceNpUniversalDataSystem/uds.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"

static void init(void) {
  struct uds_init_param p = {sizeof p, 1 << 16};
  assert_int_equal(uds_initialize(&p), 0);
}

static void test_tables(void **state) {
  (void)state;
  init();
  static struct uds_event *ev[200];
  int made = 0;
  while (made < 200 && uds_create_event("e", NULL, &ev[made], NULL) == 0) made++;
  assert_true(made > 0 && made < 200);
  assert_int_equal(uds_create_event("e", NULL, &ev[made], NULL), UDS_ERROR_OUT_OF_MEMORY);
  assert_int_equal(uds_destroy_event(ev[0]), 0);
  assert_int_equal(uds_destroy_event(ev[0]), UDS_ERROR_INVALID_EVENT); /* gone */
  assert_int_equal(uds_create_event("e", NULL, &ev[0], NULL), 0);      /* its place reused */
  struct uds_object *o;
  int objects = 0;
  while (objects < 2000 && uds_create_object(&o) == 0) objects++;
  assert_int_equal(uds_create_object(&o), UDS_ERROR_OUT_OF_MEMORY);
  /* Terminate forgets events and objects: nothing is valid, everything is NOT_INITIALIZED */
  assert_int_equal(uds_terminate(), 0);
  assert_int_equal(uds_destroy_event(ev[1]), UDS_ERROR_NOT_INITIALIZED);
  init();
  assert_int_equal(uds_destroy_event(ev[1]), UDS_ERROR_INVALID_EVENT);
  assert_int_equal(uds_destroy_object(o), UDS_ERROR_INVALID_OBJECT);
  assert_int_equal(uds_create_object(&o), 0);
  /* an address inside the table but not at an object's start, and one outside it */
  assert_int_equal(uds_object_set_int32((struct uds_object *)((char *)o + 1), "k", 1),
                   UDS_ERROR_INVALID_OBJECT);
  static char not_ours[64];
  assert_int_equal(uds_object_set_int32((struct uds_object *)not_ours, "k", 1),
                   UDS_ERROR_INVALID_OBJECT);
  assert_int_equal(uds_object_set_int32(o, "", 1), UDS_ERROR_INVALID_KEY);
  assert_int_equal(uds_terminate(), 0);
}

static void test_view(void **state) {
  (void)state;
  init();
  struct uds_event *ev;
  struct uds_object *prop, *child;
  assert_int_equal(uds_create_event("_UnlockTrophy", NULL, &ev, &prop), 0);
  assert_int_equal(uds_object_set_uint32(prop, "_trophy_id", 3), 0); /* not an Int32 */
  struct uds_event_view v;
  assert_int_equal(uds_event_view(ev, &v), 0);
  assert_string_equal(v.name, "_UnlockTrophy");
  assert_false(v.has_trophy_id);
  assert_int_equal(uds_object_set_int32(prop, "_trophy_id", 4), 0); /* replaces */
  assert_int_equal(uds_object_set_string(prop, "s", "a\"b\\c\n"), 0);
  assert_int_equal(uds_object_set_object(prop, "o", NULL, &child), 0);
  assert_int_equal(uds_object_set_bool(child, "t", true), 0);
  assert_int_equal(uds_event_view(ev, &v), 0);
  assert_true(v.has_trophy_id);
  assert_int_equal(v.trophy_id, 4);
  assert_false(v.has_progress);
  assert_string_equal(v.text, "{\"_trophy_id\":4,\"s\":\"a\\\"b\\\\c\\u000a\",\"o\":{\"t\":true}}");
  assert_int_equal(v.size, strlen("_UnlockTrophy") + strlen(v.text));
  /* the size limit: two 16 KiB strings pass the setters, the event is over 20 KiB */
  static char big[16385];
  memset(big, 'x', sizeof big - 1);
  assert_int_equal(uds_object_set_string(prop, "a", big), 0);
  assert_int_equal(uds_event_view(ev, &v), 0);
  assert_true(v.size <= UDS_EVENT_DATA_SIZE_MAX);
  assert_int_equal(uds_object_set_string(prop, "b", big), 0);
  assert_int_equal(uds_event_view(ev, &v), 0);
  assert_true(v.size > UDS_EVENT_DATA_SIZE_MAX);
  assert_string_equal(v.text + sizeof v.text - 4, "...");
  int32_t ctx, h;
  assert_int_equal(uds_create_context(&ctx, 1, 0, 0), 0);
  assert_int_equal(uds_create_handle(&h), 0);
  assert_int_equal(uds_register_context(ctx, h, 0), 0);
  assert_int_equal(uds_post_event(ctx, h, ev, 0), UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT);
  assert_int_equal(uds_post_event(ctx, h, ev, 2), UDS_ERROR_INVALID_ARGUMENT);
  /* a string over 16 KiB is refused by the setter */
  static char huge[16386];
  memset(huge, 'y', sizeof huge - 1);
  assert_int_equal(uds_object_set_string(prop, "c", huge), UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT);
  assert_int_equal(uds_terminate(), 0);
}

/* Property lookup by path for the stats' rules ("$.a.b" or "a.b"), and an event's size and
 * text (the SDK reference: the text cut to the buffer, its size with the NUL). */
static void test_values(void **state) {
  (void)state;
  init();
  struct uds_event *ev;
  struct uds_object *prop, *child;
  assert_int_equal(uds_create_event("e", NULL, &ev, &prop), 0);
  assert_int_equal(uds_object_set_uint64(prop, "big", UINT64_MAX), 0);
  assert_int_equal(uds_object_set_object(prop, "k", NULL, &child), 0);
  assert_int_equal(uds_object_set_string(child, "rank", "S"), 0);
  assert_int_equal(uds_object_set_bool(child, "ok", true), 0);
  struct uds_value v;
  assert_true(uds_event_value(ev, "big", &v));
  assert_int_equal(v.kind, UDS_VALUE_NUMBER);
  assert_true(v.number == 18446744073709551615.0L); /* exact */
  assert_true(uds_event_value(ev, "k.rank", &v));
  assert_int_equal(v.kind, UDS_VALUE_STRING);
  assert_string_equal(v.string, "S");
  assert_true(uds_event_value(ev, "k.ok", &v) && v.kind == UDS_VALUE_BOOL && v.boolean);
  assert_false(uds_event_value(ev, "k", &v)); /* an object is not a value */
  assert_false(uds_event_value(ev, "k.none", &v));
  assert_false(uds_event_value(ev, "big.x", &v));
  assert_false(uds_event_value(ev, "", &v));
  size_t size = 0, full = 0;
  assert_int_equal(uds_event_estimate_size(ev, &size), 0);
  char buf[256], cut[5];
  assert_int_equal(uds_event_to_string(ev, buf, sizeof buf, &full), 0);
  assert_int_equal(full, strlen(buf) + 1);
  assert_true(size >= strlen("e") + strlen("big") + strlen("18446744073709551615"));
  assert_int_equal(uds_event_to_string(ev, cut, sizeof cut, &size), 0);
  assert_int_equal(size, full);
  assert_int_equal(strlen(cut), 4);
  assert_int_equal(uds_event_to_string(ev, cut, 0, &size), UDS_ERROR_INVALID_ARGUMENT);
  assert_int_equal(uds_destroy_event(ev), 0);
  assert_int_equal(uds_event_estimate_size(ev, &size), UDS_ERROR_INVALID_EVENT);
  assert_false(uds_event_value(ev, "big", &v));
  assert_int_equal(uds_terminate(), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tables),
      cmocka_unit_test(test_view),
      cmocka_unit_test(test_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
