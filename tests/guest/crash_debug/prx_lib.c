/* The PRX of guest.crash_debug_prx (built with -g): the crash happens in a static function
 * of a module loaded at its own base, and the report still gives function, file and line. */
static int *volatile prx_target; /* never set: stays a null pointer */

__attribute__((noinline)) static void prx_crash_here(int value) {
  *prx_target = value; /* PRX-CRASH-LINE */
}

void prx_crash(int value) {
  prx_crash_here(value + 1); /* PRX-CALL-LINE */
}
