/* kernel.h, part: event queues. Included by kernel.h; include <kernel.h>, not this file.
 * An event queue is the console's kqueue: events are identified by filter and id, and a wait
 * returns SceKernelEvent records (FreeBSD's struct kevent, 32 bytes). */
#ifndef _PROSPERO_KERNEL_EQUEUE_H
#define _PROSPERO_KERNEL_EQUEUE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

typedef struct _SceKernelEqueue *SceKernelEqueue;

typedef struct SceKernelEvent {
  uintptr_t ident; /* the id or descriptor the event was added with */
  short filter;    /* SCE_KERNEL_EVFILT_* */
  unsigned short flags;
  unsigned int fflags;
  intptr_t data;
  void *udata;
} SceKernelEvent;

#define SCE_KERNEL_EVFILT_READ (-1)
#define SCE_KERNEL_EVFILT_WRITE (-2)
#define SCE_KERNEL_EVFILT_FILE (-4)
#define SCE_KERNEL_EVFILT_TIMER (-7)
#define SCE_KERNEL_EVFILT_USER (-11)
#define SCE_KERNEL_EVFILT_VIDEO_OUT (-13)
#define SCE_KERNEL_EVFILT_GRAPHICS_CORE (-14)
#define SCE_KERNEL_EVFILT_HRTIMER (-15)

#define SCE_KERNEL_EVNOTE_DELETE 0x0001
#define SCE_KERNEL_EVNOTE_WRITE 0x0002
#define SCE_KERNEL_EVNOTE_EXTEND 0x0004
#define SCE_KERNEL_EVNOTE_ATTRIB 0x0008
#define SCE_KERNEL_EVNOTE_RENAME 0x0020

#define SCE_KERNEL_EVFLAG_ONESHOT 0x0010
#define SCE_KERNEL_EVFLAG_CLEAR 0x0020
#define SCE_KERNEL_EVFLAG_EOF 0x8000
#define SCE_KERNEL_EVFLAG_ERROR 0x4000

#ifndef SCE_KERNEL_ERROR_EBADF
#define SCE_KERNEL_ERROR_EBADF ((int)0x80020009)
#endif
#ifndef SCE_KERNEL_ERROR_EMFILE
#define SCE_KERNEL_ERROR_EMFILE ((int)0x80020018)
#endif
#ifndef SCE_KERNEL_ERROR_ETIMEDOUT
#define SCE_KERNEL_ERROR_ETIMEDOUT ((int)0x8002003C)
#endif
#ifndef SCE_KERNEL_ERROR_ENAMETOOLONG
#define SCE_KERNEL_ERROR_ENAMETOOLONG ((int)0x8002003F)
#endif

__PROSPERO_BEGIN_DECLS
int sceKernelCreateEqueue(SceKernelEqueue *eq, const char *name);
int sceKernelDeleteEqueue(SceKernelEqueue eq);
int sceKernelWaitEqueue(SceKernelEqueue eq, SceKernelEvent *ev, int num, int *out,
                        SceKernelUseconds *timo);
int sceKernelAddUserEvent(SceKernelEqueue eq, int id);
int sceKernelAddUserEventEdge(SceKernelEqueue eq, int id);
int sceKernelTriggerUserEvent(SceKernelEqueue eq, int id, void *udata);
int sceKernelDeleteUserEvent(SceKernelEqueue eq, int id);
int sceKernelAddTimerEvent(SceKernelEqueue eq, int id, SceKernelUseconds usec, void *udata);
int sceKernelDeleteTimerEvent(SceKernelEqueue eq, int id);
int sceKernelAddHRTimerEvent(SceKernelEqueue eq, int id, SceKernelTimespec *ts, void *udata);
int sceKernelDeleteHRTimerEvent(SceKernelEqueue eq, int id);
int sceKernelAddReadEvent(SceKernelEqueue eq, int fd, size_t size, void *udata);
int sceKernelDeleteReadEvent(SceKernelEqueue eq, int fd);
int sceKernelAddWriteEvent(SceKernelEqueue eq, int fd, size_t size, void *udata);
int sceKernelDeleteWriteEvent(SceKernelEqueue eq, int fd);
int sceKernelAddFileEvent(SceKernelEqueue eq, int fd, int watch, void *udata);
int sceKernelDeleteFileEvent(SceKernelEqueue eq, int fd);
uintptr_t sceKernelGetEventId(const SceKernelEvent *ev);
int sceKernelGetEventFilter(const SceKernelEvent *ev);
intptr_t sceKernelGetEventData(const SceKernelEvent *ev);
void *sceKernelGetEventUserData(const SceKernelEvent *ev);
intptr_t sceKernelGetEventFflags(const SceKernelEvent *ev);
int sceKernelGetEventError(const SceKernelEvent *ev);
__PROSPERO_END_DECLS

#endif
