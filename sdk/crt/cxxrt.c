/* The little C++ runtime freestanding guest C++ needs (no exceptions, no RTTI): global
 * operator new/delete on the libc heap and the pure/deleted virtual call traps. Every
 * definition is weak, so a program may replace any of them. Linked into every guest. */
#include <stddef.h>

void *malloc(size_t size);
void *memalign(size_t align, size_t size);
void free(void *ptr);
void abort(void) __attribute__((noreturn));
int puts(const char *s);

#define CXXRT_WEAK __attribute__((weak, visibility("hidden")))

/* Without exceptions an allocation failure cannot throw std::bad_alloc: stop loudly. */
static void *cxxrt_alloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    puts("prospero C++ runtime: operator new out of memory");
    abort();
  }
  return p;
}

static void *cxxrt_alloc_aligned(size_t size, size_t align) {
  void *p = memalign(align, size ? size : 1);
  if (!p) {
    puts("prospero C++ runtime: aligned operator new out of memory");
    abort();
  }
  return p;
}

/* Itanium C++ ABI names (x86-64: size_t is unsigned long, 'm'; align_val_t is 'St11align_val_t'). */
CXXRT_WEAK void *cxxrt_new(size_t s) __asm__("_Znwm");
CXXRT_WEAK void *cxxrt_new_array(size_t s) __asm__("_Znam");
CXXRT_WEAK void *cxxrt_new_nothrow(size_t s, const void *t) __asm__("_ZnwmRKSt9nothrow_t");
CXXRT_WEAK void *cxxrt_new_array_nothrow(size_t s, const void *t) __asm__("_ZnamRKSt9nothrow_t");
CXXRT_WEAK void *cxxrt_new_aligned(size_t s, size_t a) __asm__("_ZnwmSt11align_val_t");
CXXRT_WEAK void *cxxrt_new_array_aligned(size_t s, size_t a) __asm__("_ZnamSt11align_val_t");
CXXRT_WEAK void cxxrt_delete(void *p) __asm__("_ZdlPv");
CXXRT_WEAK void cxxrt_delete_array(void *p) __asm__("_ZdaPv");
CXXRT_WEAK void cxxrt_delete_sized(void *p, size_t s) __asm__("_ZdlPvm");
CXXRT_WEAK void cxxrt_delete_array_sized(void *p, size_t s) __asm__("_ZdaPvm");
CXXRT_WEAK void cxxrt_delete_aligned(void *p, size_t a) __asm__("_ZdlPvSt11align_val_t");
CXXRT_WEAK void cxxrt_delete_array_aligned(void *p, size_t a) __asm__("_ZdaPvSt11align_val_t");
CXXRT_WEAK void cxxrt_delete_sized_aligned(void *p, size_t s, size_t a)
    __asm__("_ZdlPvmSt11align_val_t");
CXXRT_WEAK void cxxrt_delete_array_sized_aligned(void *p, size_t s, size_t a)
    __asm__("_ZdaPvmSt11align_val_t");
CXXRT_WEAK void __cxa_pure_virtual(void);
CXXRT_WEAK void __cxa_deleted_virtual(void);

void *cxxrt_new(size_t s) { return cxxrt_alloc(s); }
void *cxxrt_new_array(size_t s) { return cxxrt_alloc(s); }
void *cxxrt_new_nothrow(size_t s, const void *t) { (void)t; return malloc(s ? s : 1); }
void *cxxrt_new_array_nothrow(size_t s, const void *t) { (void)t; return malloc(s ? s : 1); }
void *cxxrt_new_aligned(size_t s, size_t a) { return cxxrt_alloc_aligned(s, a); }
void *cxxrt_new_array_aligned(size_t s, size_t a) { return cxxrt_alloc_aligned(s, a); }
void cxxrt_delete(void *p) { free(p); }
void cxxrt_delete_array(void *p) { free(p); }
void cxxrt_delete_sized(void *p, size_t s) { (void)s; free(p); }
void cxxrt_delete_array_sized(void *p, size_t s) { (void)s; free(p); }
void cxxrt_delete_aligned(void *p, size_t a) { (void)a; free(p); }
void cxxrt_delete_array_aligned(void *p, size_t a) { (void)a; free(p); }
void cxxrt_delete_sized_aligned(void *p, size_t s, size_t a) { (void)s; (void)a; free(p); }
void cxxrt_delete_array_sized_aligned(void *p, size_t s, size_t a) {
  (void)s;
  (void)a;
  free(p);
}

void __cxa_pure_virtual(void) {
  puts("prospero C++ runtime: pure virtual function called");
  abort();
}

void __cxa_deleted_virtual(void) {
  puts("prospero C++ runtime: deleted virtual function called");
  abort();
}
