/* Common definitions of the prospero guest headers (guest ABI: FreeBSD x86-64, LP64). */
#ifndef _PROSPERO_CDEFS_H
#define _PROSPERO_CDEFS_H

#ifdef __cplusplus
#define __PROSPERO_BEGIN_DECLS extern "C" {
#define __PROSPERO_END_DECLS }
#define __PROSPERO_NOEXCEPT noexcept
#else
#define __PROSPERO_BEGIN_DECLS
#define __PROSPERO_END_DECLS
#define __PROSPERO_NOEXCEPT
#endif

#define __PROSPERO_NORETURN __attribute__((__noreturn__))
#define __PROSPERO_PRINTF(f, a) __attribute__((__format__(__printf__, f, a)))

#endif
