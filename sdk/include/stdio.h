/* Formatted output (libc). Output of printf goes to the guest's stdout, which prospero
 * connects to its own standard output. */
#ifndef _PROSPERO_STDIO_H
#define _PROSPERO_STDIO_H

#include <stdarg.h>
#include <stddef.h>

#include "_prospero_cdefs.h"

#define EOF (-1)
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

/* Streams are opaque; the three standard ones are libc objects. */
typedef struct __prospero_file FILE;

__PROSPERO_BEGIN_DECLS
extern FILE _Stdin, _Stdout, _Stderr;
#define stdin (&_Stdin)
#define stdout (&_Stdout)
#define stderr (&_Stderr)

int printf(const char *fmt, ...) __PROSPERO_PRINTF(1, 2);
int vprintf(const char *fmt, va_list ap) __PROSPERO_PRINTF(1, 0);
int sprintf(char *buf, const char *fmt, ...) __PROSPERO_PRINTF(2, 3);
int vsprintf(char *buf, const char *fmt, va_list ap) __PROSPERO_PRINTF(2, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __PROSPERO_PRINTF(3, 4);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap) __PROSPERO_PRINTF(3, 0);
int fprintf(FILE *f, const char *fmt, ...) __PROSPERO_PRINTF(2, 3);
int vfprintf(FILE *f, const char *fmt, va_list ap) __PROSPERO_PRINTF(2, 0);
int asprintf(char **out, const char *fmt, ...) __PROSPERO_PRINTF(2, 3);
int vasprintf(char **out, const char *fmt, va_list ap) __PROSPERO_PRINTF(2, 0);
int puts(const char *s);
int putchar(int c);
int fputs(const char *s, FILE *f);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
size_t fwrite(const void *data, size_t size, size_t count, FILE *f);
int fflush(FILE *f);
FILE *fopen(const char *path, const char *mode);
int fclose(FILE *f);
size_t fread(void *data, size_t size, size_t count, FILE *f);
int fseek(FILE *f, long offset, int whence);
long ftell(FILE *f);
void rewind(FILE *f);
char *fgets(char *s, int n, FILE *f);
int fgetc(FILE *f);
int getc(FILE *f);
int feof(FILE *f);
int ferror(FILE *f);
void clearerr(FILE *f);
int fileno(FILE *f);
int rename(const char *from, const char *to);
__PROSPERO_END_DECLS

#endif
