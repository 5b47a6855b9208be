/* The guest's errno: a per-thread int in host TLS (glibc owns FS, so host TLS works on
 * guest threads), reached by the guest through libkernel's __error(). Values, names and
 * messages are FreeBSD's (sys/errno.h, libc's error list), which the console's kernel
 * mirrors; the console libc's exact wording of the messages is unverified. */
#ifndef PROSPERO_HLE_GUEST_ERRNO_H
#define PROSPERO_HLE_GUEST_ERRNO_H

#include <stdint.h>

/* X(number, name, host, message): HOST when Linux has an errno of the same name (used to
 * translate host errors), GUEST_ONLY when it is FreeBSD's alone. */
#define GUEST_ERRNOS(X)                                                                   \
  X(1, EPERM, HOST, "Operation not permitted")                                            \
  X(2, ENOENT, HOST, "No such file or directory")                                         \
  X(3, ESRCH, HOST, "No such process")                                                    \
  X(4, EINTR, HOST, "Interrupted system call")                                            \
  X(5, EIO, HOST, "Input/output error")                                                   \
  X(6, ENXIO, HOST, "Device not configured")                                              \
  X(7, E2BIG, HOST, "Argument list too long")                                             \
  X(8, ENOEXEC, HOST, "Exec format error")                                                \
  X(9, EBADF, HOST, "Bad file descriptor")                                                \
  X(10, ECHILD, HOST, "No child processes")                                               \
  X(11, EDEADLK, HOST, "Resource deadlock avoided")                                       \
  X(12, ENOMEM, HOST, "Cannot allocate memory")                                           \
  X(13, EACCES, HOST, "Permission denied")                                                \
  X(14, EFAULT, HOST, "Bad address")                                                      \
  X(15, ENOTBLK, HOST, "Block device required")                                           \
  X(16, EBUSY, HOST, "Device busy")                                                       \
  X(17, EEXIST, HOST, "File exists")                                                      \
  X(18, EXDEV, HOST, "Cross-device link")                                                 \
  X(19, ENODEV, HOST, "Operation not supported by device")                                \
  X(20, ENOTDIR, HOST, "Not a directory")                                                 \
  X(21, EISDIR, HOST, "Is a directory")                                                   \
  X(22, EINVAL, HOST, "Invalid argument")                                                 \
  X(23, ENFILE, HOST, "Too many open files in system")                                    \
  X(24, EMFILE, HOST, "Too many open files")                                              \
  X(25, ENOTTY, HOST, "Inappropriate ioctl for device")                                   \
  X(26, ETXTBSY, HOST, "Text file busy")                                                  \
  X(27, EFBIG, HOST, "File too large")                                                    \
  X(28, ENOSPC, HOST, "No space left on device")                                          \
  X(29, ESPIPE, HOST, "Illegal seek")                                                     \
  X(30, EROFS, HOST, "Read-only file system")                                             \
  X(31, EMLINK, HOST, "Too many links")                                                   \
  X(32, EPIPE, HOST, "Broken pipe")                                                       \
  X(33, EDOM, HOST, "Numerical argument out of domain")                                   \
  X(34, ERANGE, HOST, "Result too large")                                                 \
  X(35, EAGAIN, HOST, "Resource temporarily unavailable")                                 \
  X(36, EINPROGRESS, HOST, "Operation now in progress")                                   \
  X(37, EALREADY, HOST, "Operation already in progress")                                  \
  X(38, ENOTSOCK, HOST, "Socket operation on non-socket")                                 \
  X(39, EDESTADDRREQ, HOST, "Destination address required")                               \
  X(40, EMSGSIZE, HOST, "Message too long")                                               \
  X(41, EPROTOTYPE, HOST, "Protocol wrong type for socket")                               \
  X(42, ENOPROTOOPT, HOST, "Protocol not available")                                      \
  X(43, EPROTONOSUPPORT, HOST, "Protocol not supported")                                  \
  X(44, ESOCKTNOSUPPORT, HOST, "Socket type not supported")                               \
  X(45, EOPNOTSUPP, HOST, "Operation not supported")                                      \
  X(46, EPFNOSUPPORT, HOST, "Protocol family not supported")                              \
  X(47, EAFNOSUPPORT, HOST, "Address family not supported by protocol family")            \
  X(48, EADDRINUSE, HOST, "Address already in use")                                       \
  X(49, EADDRNOTAVAIL, HOST, "Can't assign requested address")                            \
  X(50, ENETDOWN, HOST, "Network is down")                                                \
  X(51, ENETUNREACH, HOST, "Network is unreachable")                                      \
  X(52, ENETRESET, HOST, "Network dropped connection on reset")                           \
  X(53, ECONNABORTED, HOST, "Software caused connection abort")                           \
  X(54, ECONNRESET, HOST, "Connection reset by peer")                                     \
  X(55, ENOBUFS, HOST, "No buffer space available")                                       \
  X(56, EISCONN, HOST, "Socket is already connected")                                     \
  X(57, ENOTCONN, HOST, "Socket is not connected")                                        \
  X(58, ESHUTDOWN, HOST, "Can't send after socket shutdown")                              \
  X(59, ETOOMANYREFS, HOST, "Too many references: can't splice")                          \
  X(60, ETIMEDOUT, HOST, "Operation timed out")                                           \
  X(61, ECONNREFUSED, HOST, "Connection refused")                                         \
  X(62, ELOOP, HOST, "Too many levels of symbolic links")                                 \
  X(63, ENAMETOOLONG, HOST, "File name too long")                                         \
  X(64, EHOSTDOWN, HOST, "Host is down")                                                  \
  X(65, EHOSTUNREACH, HOST, "No route to host")                                           \
  X(66, ENOTEMPTY, HOST, "Directory not empty")                                           \
  X(67, EPROCLIM, GUEST_ONLY, "Too many processes")                                       \
  X(68, EUSERS, HOST, "Too many users")                                                   \
  X(69, EDQUOT, HOST, "Disc quota exceeded")                                              \
  X(70, ESTALE, HOST, "Stale NFS file handle")                                            \
  X(71, EREMOTE, HOST, "Too many levels of remote in path")                               \
  X(72, EBADRPC, GUEST_ONLY, "RPC struct is bad")                                         \
  X(73, ERPCMISMATCH, GUEST_ONLY, "RPC version wrong")                                    \
  X(74, EPROGUNAVAIL, GUEST_ONLY, "RPC prog. not avail")                                  \
  X(75, EPROGMISMATCH, GUEST_ONLY, "Program version wrong")                               \
  X(76, EPROCUNAVAIL, GUEST_ONLY, "Bad procedure for program")                            \
  X(77, ENOLCK, HOST, "No locks available")                                               \
  X(78, ENOSYS, HOST, "Function not implemented")                                         \
  X(79, EFTYPE, GUEST_ONLY, "Inappropriate file type or format")                          \
  X(80, EAUTH, GUEST_ONLY, "Authentication error")                                        \
  X(81, ENEEDAUTH, GUEST_ONLY, "Need authenticator")                                      \
  X(82, EIDRM, HOST, "Identifier removed")                                                \
  X(83, ENOMSG, HOST, "No message of desired type")                                       \
  X(84, EOVERFLOW, HOST, "Value too large to be stored in data type")                     \
  X(85, ECANCELED, HOST, "Operation canceled")                                            \
  X(86, EILSEQ, HOST, "Illegal byte sequence")                                            \
  X(87, ENOATTR, GUEST_ONLY, "Attribute not found")                                       \
  X(88, EDOOFUS, GUEST_ONLY, "Programming error")                                         \
  X(89, EBADMSG, HOST, "Bad message")                                                     \
  X(90, EMULTIHOP, HOST, "Multihop attempted")                                            \
  X(91, ENOLINK, HOST, "Link has been severed")                                           \
  X(92, EPROTO, HOST, "Protocol error")                                                   \
  X(93, ENOTCAPABLE, GUEST_ONLY, "Capabilities insufficient")                             \
  X(94, ECAPMODE, GUEST_ONLY, "Not permitted in capability mode")                         \
  X(95, ENOTRECOVERABLE, HOST, "State not recoverable")                                   \
  X(96, EOWNERDEAD, HOST, "Previous owner died")

enum guest_errno {
#define GUEST_ERRNO_ENUM_(num, name, host, msg) GUEST_##name = num,
  GUEST_ERRNOS(GUEST_ERRNO_ENUM_)
#undef GUEST_ERRNO_ENUM_
};

/* Sony kernel error codes mirror errno: 0x80020000 + errno. */
#define SCE_KERNEL_ERROR(e) ((int)(0x80020000u + (unsigned)(e)))

int *hle_errno_location(void);
static inline void hle_errno_set(int e) { *hle_errno_location() = e; }

/* The two faces of a libkernel call whose core returns a result >= 0 or a negative guest
 * errno: POSIX (errno set, -1) and Sony (the SCE_KERNEL_ERROR code). */
static inline int64_t hle_posix_result(int64_t r) {
  if (r >= 0) return r;
  hle_errno_set((int)-r);
  return -1;
}
static inline int64_t hle_sce_result(int64_t r) { return r < 0 ? SCE_KERNEL_ERROR(-r) : r; }

/* Converts a host (Linux) errno to the guest's numbering (unknown values give EINVAL). */
int hle_errno_from_host(int host_errno);

/* FreeBSD's message for guest errno E, or NULL for a number it does not define. */
const char *hle_errno_message(int e);

#endif
