/* The libc table: one line per symbol (NID, name, implementation, status). Pure string and
 * memory functions bind to the host's own (same ABI and semantics); everything touching the
 * heap, errno, streams or exit has its own implementation. NIDs derive from the names
 * (checked by tests/unit/hle). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hle/hle.h"
#include "hle/libc/libc.h"
#include "hle/libkernel/libkernel.h"

static const struct hle_symbol libc_symbols[] = {
    /* process */
    HLE_FUNC("uMei1W9uyNo", exit, libc_exit, HLE_IMPLEMENTED),
    HLE_FUNC("6Z83sYWFlA8", _exit, libc__exit, HLE_IMPLEMENTED),
    HLE_FUNC("L1SBTkC+Cvw", abort, libc_abort, HLE_IMPLEMENTED),
    HLE_FUNC("8G2LB+A3rzg", atexit, libc_atexit, HLE_IMPLEMENTED),
    HLE_FUNC("tsvEmnenz48", __cxa_atexit, libc_cxa_atexit, HLE_IMPLEMENTED),
    HLE_FUNC("H2e8t5ScQGc", __cxa_finalize, libc_cxa_finalize, HLE_IMPLEMENTED),
    /* heap */
    HLE_FUNC("gQX+4GDQjpM", malloc, libc_malloc, HLE_IMPLEMENTED),
    HLE_FUNC("2X5agFjKxMc", calloc, libc_calloc, HLE_IMPLEMENTED),
    HLE_FUNC("Y7aJ1uydPMo", realloc, libc_realloc, HLE_IMPLEMENTED),
    HLE_FUNC("tIhsqj0qsFE", free, libc_free, HLE_IMPLEMENTED),
    HLE_FUNC("Ujf3KzMvRmI", memalign, libc_memalign, HLE_IMPLEMENTED),
    HLE_FUNC("cVSk9y8URbc", posix_memalign, libc_posix_memalign, HLE_IMPLEMENTED),
    HLE_FUNC("2Btkg8k24Zg", aligned_alloc, libc_aligned_alloc, HLE_IMPLEMENTED),
    HLE_FUNC("NDcSfcYZRC8", malloc_usable_size, libc_malloc_usable_size, HLE_IMPLEMENTED),
    /* memory */
    HLE_FUNC("Q3VBxCXhUHs", memcpy, memcpy, HLE_IMPLEMENTED),
    HLE_FUNC("+P6FRGH4LfA", memmove, memmove, HLE_IMPLEMENTED),
    HLE_FUNC("8zTFvBIAIN8", memset, memset, HLE_IMPLEMENTED),
    HLE_FUNC("DfivPArhucg", memcmp, memcmp, HLE_IMPLEMENTED),
    HLE_FUNC("8u8lPzUEq+U", memchr, memchr, HLE_IMPLEMENTED),
    HLE_FUNC("j4ViWNHEgww", strlen, strlen, HLE_IMPLEMENTED),
    HLE_FUNC("5jNubw4vlAA", strnlen, strnlen, HLE_IMPLEMENTED),
    HLE_FUNC("kiZSXIWd9vg", strcpy, strcpy, HLE_IMPLEMENTED),
    HLE_FUNC("6sJWiWSRuqk", strncpy, strncpy, HLE_IMPLEMENTED),
    HLE_FUNC("Ls4tzzhimqQ", strcat, strcat, HLE_IMPLEMENTED),
    HLE_FUNC("kHg45qPC6f0", strncat, strncat, HLE_IMPLEMENTED),
    HLE_FUNC("Ovb2dSJOAuE", strcmp, strcmp, HLE_IMPLEMENTED),
    HLE_FUNC("aesyjrHVWy4", strncmp, strncmp, HLE_IMPLEMENTED),
    HLE_FUNC("ob5xAW4ln-0", strchr, strchr, HLE_IMPLEMENTED),
    HLE_FUNC("9yDWMxEFdJU", strrchr, strrchr, HLE_IMPLEMENTED),
    HLE_FUNC("viiwFMaNamA", strstr, strstr, HLE_IMPLEMENTED),
    HLE_FUNC("-kU6bB4M-+k", strspn, strspn, HLE_IMPLEMENTED),
    HLE_FUNC("q0F6yS-rCms", strcspn, strcspn, HLE_IMPLEMENTED),
    HLE_FUNC("kDZvoVssCgQ", strpbrk, strpbrk, HLE_IMPLEMENTED),
    HLE_FUNC("enqPGLfmVNU", strtok_r, strtok_r, HLE_IMPLEMENTED),
    HLE_FUNC("AV6ipCNa4Rw", strcasecmp, strcasecmp, HLE_IMPLEMENTED),
    HLE_FUNC("pXvbDfchu6k", strncasecmp, strncasecmp, HLE_IMPLEMENTED),
    HLE_FUNC("MEmOxq+imm4", memccpy, memccpy, HLE_IMPLEMENTED),
    HLE_FUNC("SfQIZcqvvms", strlcpy, libc_strlcpy, HLE_IMPLEMENTED),
    HLE_FUNC("ByfjUZsWiyg", strlcat, libc_strlcat, HLE_IMPLEMENTED),
    HLE_FUNC("RIa6GnWp+iU", strerror, libc_strerror, HLE_PARTIAL),
    HLE_FUNC("RBcs3uut1TA", strerror_r, libc_strerror_r, HLE_PARTIAL),
    HLE_FUNC("g7zzzLDYGw0", strdup, libc_strdup, HLE_IMPLEMENTED),
    HLE_FUNC("XGnuIBmEmyk", strndup, libc_strndup, HLE_IMPLEMENTED),
    /* conversions */
    HLE_FUNC("fPxypibz2MY", atoi, atoi, HLE_IMPLEMENTED),
    HLE_FUNC("+my9jdHCMIQ", atol, atol, HLE_IMPLEMENTED),
    HLE_FUNC("fLcU5G6Qrjs", atoll, atoll, HLE_IMPLEMENTED),
    HLE_FUNC("mXlxhmLNMPg", strtol, libc_strtol, HLE_IMPLEMENTED),
    HLE_FUNC("QxmSHBCuKTk", strtoul, libc_strtoul, HLE_IMPLEMENTED),
    HLE_FUNC("VOBg+iNwB-4", strtoll, libc_strtoll, HLE_IMPLEMENTED),
    HLE_FUNC("5OqszGpy7Mg", strtoull, libc_strtoull, HLE_IMPLEMENTED),
    HLE_FUNC("2vDqwBlpF-o", strtod, libc_strtod, HLE_IMPLEMENTED),
    HLE_FUNC("Ye20uNnlglA", abs, abs, HLE_IMPLEMENTED),
    HLE_FUNC("xzZiQgReRGE", labs, labs, HLE_IMPLEMENTED),
    HLE_FUNC("rHRr+131ATY", llabs, llabs, HLE_IMPLEMENTED),
    HLE_FUNC("AEJdIVZTEmo", qsort, qsort, HLE_IMPLEMENTED),
    HLE_FUNC("NesIgTmfF0Q", bsearch, bsearch, HLE_IMPLEMENTED),
    /* time */
    HLE_FUNC("wLlFkwG9UcQ", time, kernel_time, HLE_IMPLEMENTED),
    /* stdio */
    HLE_FUNC("hcuQgD53UxM", printf, libc_printf, HLE_PARTIAL),
    HLE_FUNC("fffwELXNVFA", fprintf, libc_fprintf, HLE_PARTIAL),
    HLE_FUNC("tcVi5SivF7Q", sprintf, libc_sprintf, HLE_PARTIAL),
    HLE_FUNC("eLdDw6l0-bU", snprintf, libc_snprintf, HLE_PARTIAL),
    HLE_FUNC("cOYia2dE0Ik", asprintf, libc_asprintf, HLE_PARTIAL),
    HLE_FUNC("GMpvxPFW924", vprintf, libc_vprintf, HLE_PARTIAL),
    HLE_FUNC("pDBDcY6uLSA", vfprintf, libc_vfprintf, HLE_PARTIAL),
    HLE_FUNC("jbz9I9vkqkk", vsprintf, libc_vsprintf, HLE_PARTIAL),
    HLE_FUNC("Q2V+iqvjgC0", vsnprintf, libc_vsnprintf, HLE_PARTIAL),
    HLE_FUNC("qjBlw2cVMAM", vasprintf, libc_vasprintf, HLE_PARTIAL),
    HLE_FUNC("1Pk0qZQGeWo", sscanf, libc_sscanf, HLE_PARTIAL),
    HLE_FUNC("UTrpOVLcoOA", vsscanf, libc_vsscanf, HLE_PARTIAL),
    HLE_FUNC("YQ0navp+YIc", puts, libc_puts, HLE_IMPLEMENTED),
    HLE_FUNC("m5wN+SwZOR4", putchar, libc_putchar, HLE_IMPLEMENTED),
    HLE_FUNC("EMutwaQ34Jo", perror, libc_perror, HLE_PARTIAL),
    HLE_FUNC("QrZZdJ8XsX0", fputs, libc_fputs, HLE_PARTIAL),
    HLE_FUNC("aZK8lNei-Qw", fputc, libc_fputc, HLE_PARTIAL),
    HLE_FUNC("tLB5+4TEOK0", putc, libc_fputc, HLE_PARTIAL),
    HLE_FUNC("MpxhMh8QFro", fwrite, libc_fwrite, HLE_PARTIAL),
    HLE_FUNC("MUjC4lbHrK4", fflush, libc_fflush, HLE_IMPLEMENTED),
    HLE_FUNC("xeYO4u7uyJ0", fopen, libc_fopen, HLE_IMPLEMENTED),
    HLE_FUNC("uodLYyUip20", fclose, libc_fclose, HLE_IMPLEMENTED),
    HLE_FUNC("lbB+UlZqVG0", fread, libc_fread, HLE_IMPLEMENTED),
    HLE_FUNC("rQFVBXp-Cxg", fseek, libc_fseek, HLE_IMPLEMENTED),
    HLE_FUNC("Qazy8LmXTvw", ftell, libc_ftell, HLE_IMPLEMENTED),
    HLE_FUNC("3QIPIh-GDjw", rewind, libc_rewind, HLE_IMPLEMENTED),
    HLE_FUNC("KdP-nULpuGw", fgets, libc_fgets, HLE_IMPLEMENTED),
    HLE_FUNC("AEuF3F2f8TA", fgetc, libc_fgetc, HLE_IMPLEMENTED),
    HLE_FUNC("8Q60JLJ6Rv4", getc, libc_fgetc, HLE_IMPLEMENTED),
    HLE_FUNC("LxcEU+ICu8U", feof, libc_feof, HLE_IMPLEMENTED),
    HLE_FUNC("AHxyhN96dy4", ferror, libc_ferror, HLE_IMPLEMENTED),
    HLE_FUNC("St9nbxSoezk", clearerr, libc_clearerr, HLE_IMPLEMENTED),
    HLE_FUNC("Fm-dmyywH9Q", fileno, libc_fileno, HLE_IMPLEMENTED),
    HLE_OBJ("1TDo-ImqkJc", _Stdin, &libc_stdin, HLE_PARTIAL),
    HLE_OBJ("2sWzhYqFH4E", _Stdout, &libc_stdout, HLE_IMPLEMENTED),
    HLE_OBJ("H8AprKeZtNg", _Stderr, &libc_stderr, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libc = {
    .library_name = "libc",
    .library_version = 1,
    .module_name = "libc",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = libc_symbols,
    .symbol_count = sizeof libc_symbols / sizeof libc_symbols[0],
};
