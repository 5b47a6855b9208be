/* Call tracing of HLE functions (--trace-hle LIB). Internal to the hle module.
 *
 * A traced function is bound to a small generated thunk instead of the function itself:
 *   movabs r11, <site>        ; which library/symbol this is
 *   jmp    [rip+0] -> hle_trace_entry
 * hle_trace_entry (hle_trace_entry.c) saves every argument register (rdi..r9, rax, xmm0-7),
 * logs the call, calls the real function with the caller's stack arguments at their
 * original offsets, logs the return value and returns to the caller. Untraced functions are
 * bound directly and pay nothing. */
#ifndef PROSPERO_HLE_HLE_TRACE_H
#define PROSPERO_HLE_HLE_TRACE_H

#include "hle/hle.h"

/* Makes the thunks of every function of LIB in one executable mapping. Returns an array of
 * LIB->symbol_count entries (NULL for objects), or NULL on failure (logged). */
void **hle_trace_make_thunks(const struct hle_library *lib);

#endif
