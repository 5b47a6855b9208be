/* Request objects of the Np libraries, offline (np_request.h). */
#include "hle/libSceNpManager/np_request.h"

enum { FREE, READY, ABORTED, DONE };

int np_manager_request_create(struct np_requests *r, bool async) {
  int rc = r->err_max;
  pthread_mutex_lock(&r->lock);
  for (int i = 0; i < r->limit && i < NP_REQUESTS_MAX; i++)
    if (r->slot[i].state == FREE) {
      r->slot[i].state = READY;
      r->slot[i].async = async;
      r->slot[i].result = 0;
      rc = r->base + 1 + i;
      break;
    }
  pthread_mutex_unlock(&r->lock);
  return rc;
}

/* The slot of request ID (lock held), or -1. */
static int slot_of(const struct np_requests *r, int32_t id) {
  int64_t i = (int64_t)id - r->base - 1;
  return i >= 0 && i < r->limit && i < NP_REQUESTS_MAX && r->slot[i].state != FREE ? (int)i : -1;
}

int np_manager_request_run(struct np_requests *r, int32_t id, int result) {
  int rc;
  pthread_mutex_lock(&r->lock);
  int i = slot_of(r, id);
  if (i < 0) {
    rc = r->err_not_found;
  } else if (r->slot[i].state == DONE) {
    rc = r->slot[i].result = r->err_invalid_argument;
  } else if (r->slot[i].state == ABORTED) {
    rc = r->slot[i].result = r->err_aborted;
  } else {
    r->slot[i].state = DONE;
    r->slot[i].result = result;
    rc = r->slot[i].async ? 0 : result;
  }
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_manager_request_result(struct np_requests *r, int32_t id, int32_t *result) {
  if (!result) return r->err_invalid_argument;
  int rc = 0;
  pthread_mutex_lock(&r->lock);
  int i = slot_of(r, id);
  if (i < 0) rc = r->err_not_found;
  else if (!r->slot[i].async || r->slot[i].state == READY) rc = r->err_invalid_id;
  else *result = r->slot[i].result;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_manager_request_abort(struct np_requests *r, int32_t id) {
  int rc = 0;
  pthread_mutex_lock(&r->lock);
  int i = slot_of(r, id);
  if (i < 0) rc = r->err_not_found;
  else if (r->slot[i].state != DONE) r->slot[i].state = ABORTED;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_manager_request_delete(struct np_requests *r, int32_t id) {
  int rc = 0;
  pthread_mutex_lock(&r->lock);
  int i = slot_of(r, id);
  if (i < 0) rc = r->err_not_found;
  else r->slot[i].state = FREE;
  pthread_mutex_unlock(&r->lock);
  return rc;
}
