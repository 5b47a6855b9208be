/* Host scheduling of the process's threads: per-thread nice values (Linux keeps the nice of
 * each thread apart: setpriority(PRIO_PROCESS, tid, n)) and host thread creation that does not
 * pass a lowered priority on.
 *
 * An unprivileged thread can raise its nice (less CPU) but not lower it again beyond what
 * RLIMIT_NICE allows, and a new thread inherits its creator's nice. So a thread whose nice was
 * raised (a guest thread at a low guest priority) must not create the threads that should run
 * at the base: host_sched_thread_create hands such a creation to a helper thread that stays at
 * the base nice. */
#ifndef PROSPERO_COMMON_HOST_SCHED_H
#define PROSPERO_COMMON_HOST_SCHED_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

#define HOST_SCHED_NICE_MIN (-20)
#define HOST_SCHED_NICE_MAX 19

/* Captures the base nice (the calling thread's, before any change: call it from the main
 * thread at start) and starts the helper thread. Later calls do nothing. Every function below
 * runs it on first use. */
void host_sched_init(void);

/* The nice the process's threads start from (the first caller's of host_sched_init). */
int host_sched_base_nice(void);

/* The nice of host thread TID (0: the caller); INT_MIN when it cannot be read. */
int host_sched_get_nice(pid_t tid);

/* Sets host thread TID's nice (0: the caller) to NICE, clamped to the host's range. True when
 * the thread has that nice afterwards. Lowering a nice needs CAP_SYS_NICE or an RLIMIT_NICE
 * that allows it: when the host refuses, the reason is logged once (INFO) and the thread keeps
 * its nice; a thread that has ended (ESRCH) is not an error worth a log. */
bool host_sched_set_nice(pid_t tid, int nice);

/* True when the host lets this process lower a thread's nice to NICE (CAP_SYS_NICE, or
 * RLIMIT_NICE's soft limit >= 20 - NICE). */
bool host_sched_can_lower_to(int nice);

/* pthread_create, but the new thread starts at the base nice: when the caller's nice is above
 * the base the creation is done by the helper thread (which stays at the base), else here.
 * Either way the new thread starts with the caller's signal mask; its CPU affinity is the
 * helper's (the process's at start) when the helper made it. */
int host_sched_thread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                             void *arg);

/* For a thread that sets its own nice to TARGET as it starts (a guest thread): made by the
 * caller when the thread can get there from the caller's nice (TARGET at or above it, or the
 * host lets this process lower a nice to TARGET: it inherits the caller's), else by the helper
 * thread at the base. */
int host_sched_thread_create_for(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                                 void *arg, int target);

#endif
