/* Input of unit.loader_debug_info: a host shared library built with -g. The test finds the
 * functions with dlopen/dlsym (the host's dynamic linker, not our reader) and the expected
 * lines from the markers below. */
static int sample_static(int x) { return x * 3 + 1; } /* STATIC-LINE */

int sample_global(int x) { return sample_static(x) + 2; } /* GLOBAL-LINE */

void *sample_static_address(void) { return (void *)sample_static; }
