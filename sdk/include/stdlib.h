/* Memory allocation, process exit and conversions (libc). */
#ifndef _PROSPERO_STDLIB_H
#define _PROSPERO_STDLIB_H

#include <stddef.h>

#include "_prospero_cdefs.h"

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

__PROSPERO_BEGIN_DECLS
void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
void *memalign(size_t align, size_t size);
size_t malloc_usable_size(void *ptr);
void *aligned_alloc(size_t align, size_t size);
int posix_memalign(void **out, size_t align, size_t size);

__PROSPERO_NORETURN void exit(int status);
__PROSPERO_NORETURN void abort(void);
int atexit(void (*fn)(void));
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);
void __cxa_finalize(void *dso);

int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
double strtod(const char *s, char **end);
void qsort(void *base, size_t count, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t count, size_t size,
              int (*cmp)(const void *, const void *));
__PROSPERO_END_DECLS

#endif
