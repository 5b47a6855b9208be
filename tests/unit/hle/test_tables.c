/* HLE tables and registry: NIDs derive from names, lookups follow the resolution key, and
 * binding gives the function itself or (with tracing on) a thunk that behaves the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/log.h"
#include "common/nid.h"
#include "hle/hle.h"
#include "hle/hle_names.h"
#include "test_log_capture.h"

static void test_every_named_nid_matches_its_name(void **state) {
  (void)state;
  size_t checked = 0;
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    assert_non_null(lib);
    for (size_t j = 0; j < lib->symbol_count; j++) {
      const struct hle_symbol *s = &lib->symbols[j];
      assert_true(nid_is_valid(s->nid));
      assert_non_null(s->address);
      if (!s->name) continue;
      char nid[NID_BUF_SIZE];
      nid_from_name(s->name, nid);
      if (strcmp(nid, s->nid) != 0)
        fail_msg("%s:%s has NID %s, its name gives %s", lib->library_name, s->name, s->nid,
                 nid);
      checked++;
    }
  }
  assert_true(checked > 50);
  assert_null(hle_library_at(hle_library_count()));
}

static void test_no_duplicate_keys(void **state) {
  (void)state;
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    for (size_t k = i + 1; k < hle_library_count(); k++)
      assert_string_not_equal(lib->library_name, hle_library_at(k)->library_name);
    for (size_t a = 0; a < lib->symbol_count; a++)
      for (size_t b = a + 1; b < lib->symbol_count; b++)
        if (strcmp(lib->symbols[a].nid, lib->symbols[b].nid) == 0 &&
            lib->symbols[a].kind == lib->symbols[b].kind)
          fail_msg("%s: NID %s twice", lib->library_name, lib->symbols[a].nid);
  }
}

static void test_lookup_exact_and_nid_only(void **state) {
  (void)state;
  const struct hle_library *lib = NULL;
  const struct hle_symbol *s = hle_lookup("libc", "libc", "hcuQgD53UxM", HLE_FUNCTION, &lib);
  assert_non_null(s);
  assert_string_equal(s->name, "printf");
  assert_string_equal(lib->library_name, "libc");
  /* every part of the key matters */
  assert_null(hle_lookup("libc", "libkernel", "hcuQgD53UxM", HLE_FUNCTION, NULL));
  assert_null(hle_lookup("libkernel", "libc", "hcuQgD53UxM", HLE_FUNCTION, NULL));
  assert_null(hle_lookup("libc", "libc", "hcuQgD53UxM", HLE_OBJECT, NULL));
  assert_null(hle_lookup("libc", "libc", "AAAAAAAAAAA", HLE_FUNCTION, NULL));
  assert_null(hle_lookup(NULL, "libc", "hcuQgD53UxM", HLE_FUNCTION, NULL));
  /* NID-only fallback finds it from any library name */
  lib = NULL;
  s = hle_lookup_nid("hcuQgD53UxM", HLE_FUNCTION, &lib);
  assert_non_null(s);
  assert_string_equal(lib->library_name, "libc");
  assert_null(hle_lookup_nid("hcuQgD53UxM", HLE_OBJECT, NULL));
  assert_null(hle_lookup_nid(NULL, HLE_FUNCTION, NULL));
  /* objects: __stack_chk_guard is an object of libkernel */
  s = hle_lookup("libkernel", "libkernel", "f7uOxY9mM1U", HLE_OBJECT, &lib);
  assert_non_null(s);
  assert_string_equal(s->name, "__stack_chk_guard");
  assert_null(hle_lookup("libkernel", "libkernel", "f7uOxY9mM1U", HLE_FUNCTION, NULL));
  /* FACTS.md check values are in the tables under their names */
  s = hle_lookup_nid("1jfXLRVzisc", HLE_FUNCTION, NULL);
  assert_string_equal(s->name, "sceKernelUsleep");
  s = hle_lookup_nid("uMei1W9uyNo", HLE_FUNCTION, NULL);
  assert_string_equal(s->name, "exit");
  s = hle_lookup_nid("vNe1w4diLCs", HLE_FUNCTION, NULL);
  assert_string_equal(s->name, "__tls_get_addr");
  s = hle_lookup_nid("FnBKHp+gr04", HLE_FUNCTION, NULL);
  assert_string_equal(s->name, "sceKernelExitProcess");
}

/* Every table line is found under its own key, and the NID-only fallback answers with the
 * first library in registration order that exports the NID with that kind. */
static void test_every_symbol_found_in_order(void **state) {
  (void)state;
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    for (size_t j = 0; j < lib->symbol_count; j++) {
      const struct hle_symbol *want = &lib->symbols[j];
      const struct hle_library *got_lib = NULL;
      const struct hle_symbol *got =
          hle_lookup(lib->library_name, lib->module_name, want->nid, want->kind, &got_lib);
      assert_ptr_equal(got, want);
      assert_ptr_equal(got_lib, lib);
      const struct hle_library *first = NULL;
      const struct hle_symbol *first_sym = NULL;
      for (size_t k = 0; k < hle_library_count() && !first; k++) {
        const struct hle_library *l = hle_library_at(k);
        for (size_t m = 0; m < l->symbol_count; m++)
          if (l->symbols[m].kind == want->kind && strcmp(l->symbols[m].nid, want->nid) == 0) {
            first = l;
            first_sym = &l->symbols[m];
            break;
          }
      }
      got = hle_lookup_nid(want->nid, want->kind, &got_lib);
      assert_ptr_equal(got, first_sym);
      assert_ptr_equal(got_lib, first);
    }
  }
}

static void test_status_and_kind_names(void **state) {
  (void)state;
  assert_string_equal(hle_status_name(HLE_IMPLEMENTED), "implemented");
  assert_string_equal(hle_status_name(HLE_PARTIAL), "partial");
  assert_string_equal(hle_status_name(HLE_STUB), "stub");
  assert_string_equal(hle_kind_name(HLE_FUNCTION), "function");
  assert_string_equal(hle_kind_name(HLE_OBJECT), "object");
}

typedef int (*snprintf_fn)(char *, size_t, const char *, ...);
typedef size_t (*strlen_fn)(const char *);

static void test_bind_untraced_is_direct(void **state) {
  (void)state;
  const struct hle_library *lib = NULL;
  const struct hle_symbol *s = hle_lookup("libkernel", "libkernel", "-2IRUCO--PM",
                                          HLE_FUNCTION, &lib); /* sceKernelReadTsc */
  assert_non_null(s);
  assert_false(hle_trace_enabled(lib));
  assert_ptr_equal(hle_bind_address(lib, s), s->address);
  assert_null(hle_bind_address(NULL, s));
  assert_null(hle_bind_address(lib, NULL));
}

/* The tracing thunk must pass every argument (integer, vector, stack) and the return value
 * through unchanged, and log the call and the return. */
static void test_trace_thunk_preserves_arguments(void **state) {
  (void)state;
  struct test_log_capture log;
  test_log_capture_begin(&log, "hle-trace");

  assert_false(hle_trace_enable("no-such-library"));
  assert_true(hle_trace_enable("libc"));
  const struct hle_library *lib = NULL;
  const struct hle_symbol *s = hle_lookup_nid("hcuQgD53UxM", HLE_FUNCTION, &lib); /* printf */
  s = hle_lookup("libc", "libc", s->nid, HLE_FUNCTION, &lib);
  assert_true(hle_trace_enabled(lib));
  char snprintf_nid[NID_BUF_SIZE];
  nid_from_name("snprintf", snprintf_nid);
  const struct hle_symbol *sn = hle_lookup("libc", "libc", snprintf_nid, HLE_FUNCTION, NULL);
  assert_non_null(sn);
  void *thunk = hle_bind_address(lib, sn);
  assert_non_null(thunk);
  assert_ptr_not_equal(thunk, sn->address);
  assert_ptr_equal(hle_bind_address(lib, sn), thunk); /* made once */

  snprintf_fn f = (snprintf_fn)thunk;
  char got[256], want[256];
  int rg = f(got, sizeof got, "%d %d %d %d %d %f %f %f %f %f %f %f %f %f %f %s %Lf", 1, 2, 3,
             4, 5, 1.25, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25, 8.25, 9.25, 10.25, "stack",
             11.5L);
  int rw = snprintf(want, sizeof want, "%d %d %d %d %d %f %f %f %f %f %f %f %f %f %f %s %Lf",
                    1, 2, 3, 4, 5, 1.25, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25, 8.25, 9.25,
                    10.25, "stack", 11.5L);
  assert_int_equal(rg, rw);
  assert_string_equal(got, want);

  char strlen_nid[NID_BUF_SIZE];
  nid_from_name("strlen", strlen_nid);
  const struct hle_symbol *sl = hle_lookup("libc", "libc", strlen_nid, HLE_FUNCTION, NULL);
  strlen_fn len = (strlen_fn)hle_bind_address(lib, sl);
  assert_int_equal(len("twelve chars"), 12);

  /* objects of a traced library still bind to the object itself */
  char stdout_nid[NID_BUF_SIZE];
  nid_from_name("_Stdout", stdout_nid);
  const struct hle_symbol *so = hle_lookup("libc", "libc", stdout_nid, HLE_OBJECT, NULL);
  assert_non_null(so);
  assert_ptr_equal(hle_bind_address(lib, so), so->address);

  char *text = test_log_capture_end(&log);
  assert_non_null(strstr(text, "trace> libc:snprintf("));
  assert_non_null(strstr(text, "trace< libc:snprintf = 0x"));
  assert_non_null(strstr(text, "trace< libc:strlen = 0xc"));
  free(text);
}

/* A stub as a table would hold it: logs once at level STUB however often it is called. */
HLE_STUB_DEFINE(example_stub, sceExampleStub, 0)
HLE_STUB_DEFINE(minus_one_stub, sceOtherStub, -1)

static void test_stub_logs_once(void **state) {
  (void)state;
  struct test_log_capture log;
  test_log_capture_begin(&log, "hle-stub");
  for (int i = 0; i < 3; i++) assert_int_equal(example_stub(), 0);
  assert_int_equal(minus_one_stub(), -1);
  char *text = test_log_capture_end(&log);
  const char *first = strstr(text, "stub called: sceExampleStub");
  assert_non_null(first);
  assert_null(strstr(first + 1, "stub called: sceExampleStub"));
  assert_non_null(strstr(text, " S hle: "));
  free(text);
}

/* The list of known names: identifiers, no duplicates, none a table line already names
 * (an implemented function leaves the list). */
static void test_known_name_list(void **state) {
  (void)state;
  size_t n = hle_known_name_list_count();
  assert_true(n > 0); /* shrinks as functions are implemented */
  for (size_t i = 0; i < n; i++) {
    const char *name = hle_known_name_list_at(i);
    assert_non_null(name);
    for (const char *p = name; *p; p++)
      if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (p != name && *p >= '0' && *p <= '9')))
        fail_msg("known name '%s' is not an identifier", name);
    for (size_t k = i + 1; k < n; k++)
      if (!strcmp(name, hle_known_name_list_at(k))) fail_msg("known name '%s' twice", name);
    char nid[NID_BUF_SIZE];
    nid_from_name(name, nid);
    if (hle_lookup_nid(nid, HLE_FUNCTION, NULL) || hle_lookup_nid(nid, HLE_OBJECT, NULL))
      fail_msg("known name '%s' is a line of an HLE table: remove it from the list", name);
  }
  assert_null(hle_known_name_list_at(n));
}

/* NID -> name over the list and the tables; the NIDs are the ones games import (as other
 * emulators list them), not computed here. */
static void test_known_name_lookup(void **state) {
  (void)state;
  assert_string_equal(hle_known_name("hv1luiJrqQM"), "scePadInit");     /* list */
  assert_string_equal(hle_known_name("hcuQgD53UxM"), "printf");         /* libc table */
  assert_string_equal(hle_known_name("g8cM39EUZ6o"), "sceSysmoduleLoadModule");
  assert_null(hle_known_name("AAAAAAAAAAA"));
  assert_null(hle_known_name("short"));
  assert_null(hle_known_name(NULL));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_name_list),
      cmocka_unit_test(test_known_name_lookup),
      cmocka_unit_test(test_every_named_nid_matches_its_name),
      cmocka_unit_test(test_no_duplicate_keys),
      cmocka_unit_test(test_lookup_exact_and_nid_only),
      cmocka_unit_test(test_every_symbol_found_in_order),
      cmocka_unit_test(test_status_and_kind_names),
      cmocka_unit_test(test_bind_untraced_is_direct),
      cmocka_unit_test(test_trace_thunk_preserves_arguments),
      cmocka_unit_test(test_stub_logs_once),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
