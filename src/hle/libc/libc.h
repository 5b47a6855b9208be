/* libc HLE: functions of the libc table (libc_table.c). Internal header. The prototypes are
 * the standard C ones; va_list arguments arrive as the guest's System V va_list. */
#ifndef PROSPERO_HLE_LIBC_LIBC_H
#define PROSPERO_HLE_LIBC_LIBC_H

#include <stddef.h>
#include <stdint.h>

#include "hle/libc/guest_va.h"

/* The guest's FILE objects: _Stdin, _Stdout, _Stderr (the console's libc names them so and
 * defines stdout as &_Stdout) and the streams fopen makes in guest memory. Guests only pass
 * their addresses around. Streams are unbuffered: every call reads or writes through. */
struct libc_file {
  uint32_t magic; /* LIBC_FILE_MAGIC */
  int fd;
  uint32_t flags; /* LIBC_FILE_EOF, LIBC_FILE_ERR */
  uint8_t reserved[0x44];
};
#define LIBC_FILE_EOF 0x1u
#define LIBC_FILE_ERR 0x2u
#define LIBC_FILE_CAN_READ 0x4u
#define LIBC_FILE_CAN_WRITE 0x8u
#define LIBC_FILE_MAGIC 0x46494C45u /* "FILE" */
extern struct libc_file libc_stdin, libc_stdout, libc_stderr;

/* heap (libc_heap.c) */
void *libc_malloc(size_t n);
void *libc_calloc(size_t count, size_t size);
void *libc_realloc(void *p, size_t n);
void libc_free(void *p);
void *libc_memalign(size_t align, size_t n);
int libc_posix_memalign(void **out, size_t align, size_t n);
void *libc_aligned_alloc(size_t align, size_t n);
size_t libc_malloc_usable_size(void *p);
struct heap *libc_heap(void); /* the guest heap, created on first use; NULL if unavailable */

/* strings (libc_string.c) */
char *libc_strdup(const char *s);
char *libc_strndup(const char *s, size_t n);
size_t libc_strlcpy(char *dst, const char *src, size_t cap);
char *libc_strerror(int e);
int libc_strerror_r(int e, char *buf, size_t cap);
size_t libc_strlcat(char *dst, const char *src, size_t cap);
long libc_strtol(const char *s, char **end, int base);
unsigned long libc_strtoul(const char *s, char **end, int base);
long long libc_strtoll(const char *s, char **end, int base);
unsigned long long libc_strtoull(const char *s, char **end, int base);
double libc_strtod(const char *s, char **end);

/* stdio (libc_stdio.c) */
int libc_printf(const char *fmt, ...);
int libc_fprintf(struct libc_file *f, const char *fmt, ...);
int libc_sprintf(char *buf, const char *fmt, ...);
int libc_snprintf(char *buf, size_t cap, const char *fmt, ...);
int libc_asprintf(char **out, const char *fmt, ...);
int libc_vprintf(const char *fmt, struct guest_va_list *ap);
int libc_vfprintf(struct libc_file *f, const char *fmt, struct guest_va_list *ap);
int libc_vsprintf(char *buf, const char *fmt, struct guest_va_list *ap);
int libc_vsnprintf(char *buf, size_t cap, const char *fmt, struct guest_va_list *ap);
int libc_vasprintf(char **out, const char *fmt, struct guest_va_list *ap);
int libc_sscanf(const char *input, const char *fmt, ...);
int libc_vsscanf(const char *input, const char *fmt, struct guest_va_list *ap);
int libc_puts(const char *s);
void libc_perror(const char *prefix);
int libc_putchar(int c);
int libc_fputs(const char *s, struct libc_file *f);
int libc_fputc(int c, struct libc_file *f);
size_t libc_fwrite(const void *p, size_t size, size_t n, struct libc_file *f);
int libc_fflush(struct libc_file *f);
/* streams on files (libc_file.c) */
/* The descriptor of a valid stream, or -1 (EBADF); NEED is LIBC_FILE_CAN_READ/WRITE or 0
 * (a stream not opened for it is EBADF too, and gets its error flag, as FreeBSD's). */
int libc_file_fd(struct libc_file *f, uint32_t need);
struct libc_file *libc_fopen(const char *path, const char *mode);
int libc_fclose(struct libc_file *f);
size_t libc_fread(void *p, size_t size, size_t n, struct libc_file *f);
int libc_fseek(struct libc_file *f, long off, int whence);
long libc_ftell(struct libc_file *f);
void libc_rewind(struct libc_file *f);
char *libc_fgets(char *s, int n, struct libc_file *f);
int libc_fgetc(struct libc_file *f);
int libc_feof(struct libc_file *f);
int libc_ferror(struct libc_file *f);
void libc_clearerr(struct libc_file *f);
int libc_fileno(struct libc_file *f);

/* exit (libc_exit.c) */
_Noreturn void libc_exit(int status);
_Noreturn void libc__exit(int status);
_Noreturn void libc_abort(void);
int libc_atexit(void (*fn)(void));
int libc_cxa_atexit(void (*fn)(void *), void *arg, void *dso);
void libc_cxa_finalize(void *dso);
/* Number of handlers registered and not yet run (tests). */
size_t libc_exit_handler_count(void);
/* Runs the registered handlers in reverse order (what exit() does before process_exit). */
void libc_run_exit_handlers(void);

#endif
