/* The scanf engine of the HLE libc: reads INPUT by FORMAT and stores through pointers taken
 * from a guest va_list, like glibc's sscanf: whitespace directives, literal matching,
 * assignment suppression '*', widths, lengths hh h l ll q j z t L, conversions
 * d i u o x X p c s [set] n % e f g a E F G A, wide %lc %ls %l[set] (C locale, 32-bit
 * wchar_t). Positional arguments (%N$) and the allocating %m are refused (EINVAL). Numbers are converted from the matched text
 * with the C library's strto* (correctly rounded). */
#ifndef PROSPERO_HLE_LIBC_SCAN_H
#define PROSPERO_HLE_LIBC_SCAN_H

#include "hle/libc/guest_va.h"

/* Returns the number of assigned items, or -1 (EOF) when the input ends before the first
 * conversion; *ERR gets EINVAL for a malformed format (then -1 as well). */
int scan_run(const char *input, const char *fmt, struct guest_va_list *ap, int *err);

#endif
