/* The request objects of the Np libraries that ask the network something (libSceNpManager's
 * availability checks, libSceNpAuth's codes and tokens), offline. A request is created
 * synchronous or asynchronous, used once, then deleted; ids are numbered from a library's
 * base + 1. Using a request completes it at once with the library's offline answer: a
 * synchronous request returns it, an asynchronous one returns 0 and keeps it for
 * PollAsync/WaitAsync. Each library names its own error codes. */
#ifndef PROSPERO_HLE_LIBSCENPMANAGER_NP_REQUEST_H
#define PROSPERO_HLE_LIBSCENPMANAGER_NP_REQUEST_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define NP_REQUESTS_MAX 32

struct np_requests {
  int32_t base;  /* the first id is base + 1 */
  int32_t limit; /* at most this many at once (<= NP_REQUESTS_MAX) */
  /* the library's errors */
  int err_max, err_not_found, err_invalid_argument, err_aborted, err_invalid_id;
  pthread_mutex_t lock;
  struct {
    uint8_t state; /* 0 free, 1 ready, 2 aborted, 3 done */
    bool async;
    int result;
  } slot[NP_REQUESTS_MAX];
};

/* A new request's id, or err_max. */
int np_manager_request_create(struct np_requests *r, bool async);
/* Uses request ID, completing it with RESULT: err_not_found for an unknown id,
 * err_invalid_argument for a request already used, err_aborted for an aborted one; else
 * RESULT for a synchronous request and 0 for an asynchronous one. */
int np_manager_request_run(struct np_requests *r, int32_t id, int result);
/* The result of an asynchronous request that ran: err_invalid_id for a synchronous or
 * unused one. */
int np_manager_request_result(struct np_requests *r, int32_t id, int32_t *result);
/* Marks a request not yet used as aborted (a used one is left as it is). */
int np_manager_request_abort(struct np_requests *r, int32_t id);
int np_manager_request_delete(struct np_requests *r, int32_t id);

#endif
