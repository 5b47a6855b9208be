/* Library contexts, user contexts and requests of the web API libraries (offline). */
#include "hle/libSceNpWebApi/np_web_api_core.h"

#include "common/log.h"

#define USER_ID_INVALID (-1)

int np_web_api_error(const struct np_web_api_registry *r, uint32_t offset) {
  return (int)(r->base | offset);
}

static int lib_slot(const struct np_web_api_registry *r, int32_t lib) {
  for (int i = 0; i < NP_WEB_API_LIB_CONTEXTS_MAX; i++)
    if (lib > 0 && r->libs[i] == lib) return i;
  return -1;
}

static int user_slot(const struct np_web_api_registry *r, int32_t user_ctx) {
  for (int i = 0; i < NP_WEB_API_USER_CONTEXTS_MAX; i++)
    if (user_ctx > 0 && r->users[i].id == user_ctx) return i;
  return -1;
}

static int request_slot(const struct np_web_api_registry *r, int64_t id) {
  for (int i = 0; i < NP_WEB_API_REQUESTS_MAX; i++)
    if (id > 0 && r->requests[i] == id) return i;
  return -1;
}

/* Frees the requests of USER_CTX (lock held). */
static void drop_requests(struct np_web_api_registry *r, int32_t user_ctx) {
  for (int i = 0; i < NP_WEB_API_REQUESTS_MAX; i++)
    if (r->requests[i] && (int32_t)(r->requests[i] >> 32) == user_ctx) r->requests[i] = 0;
}

int np_web_api_lib_create(struct np_web_api_registry *r) {
  pthread_mutex_lock(&r->lock);
  int rc = np_web_api_error(r, r->lib_max);
  for (int i = 0; i < NP_WEB_API_LIB_CONTEXTS_MAX; i++) {
    if (r->libs[i]) continue;
    int32_t id;
    do { /* the next id not in use, as the console numbers them */
      r->next_lib = r->next_lib + 1 >= NP_WEB_API_LIB_CONTEXT_ID_LIMIT ? 1 : r->next_lib + 1;
      id = r->next_lib;
    } while (lib_slot(r, id) >= 0);
    rc = r->libs[i] = id;
    break;
  }
  pthread_mutex_unlock(&r->lock);
  if (rc < 0)
    LOG(hle, WARN, "sce%sInitialize: all %d library contexts are in use", r->name,
        NP_WEB_API_LIB_CONTEXTS_MAX);
  return rc;
}

int np_web_api_lib_terminate(struct np_web_api_registry *r, int32_t lib) {
  pthread_mutex_lock(&r->lock);
  int slot = lib_slot(r, lib), rc = 0;
  if (slot < 0) {
    rc = np_web_api_error(r, NP_WEB_API_LIB_CONTEXT_NOT_FOUND);
  } else {
    r->libs[slot] = 0;
    for (int i = 0; i < NP_WEB_API_USER_CONTEXTS_MAX; i++)
      if (r->users[i].id && r->users[i].id >> 16 == lib) {
        drop_requests(r, r->users[i].id);
        r->users[i].id = 0;
      }
  }
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_lib_find(struct np_web_api_registry *r, int32_t lib) {
  pthread_mutex_lock(&r->lock);
  int rc = lib_slot(r, lib) < 0 ? np_web_api_error(r, NP_WEB_API_LIB_CONTEXT_NOT_FOUND) : 0;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_user_create(struct np_web_api_registry *r, int32_t lib, int32_t user_id) {
  if (lib >= NP_WEB_API_LIB_CONTEXT_ID_LIMIT)
    return np_web_api_error(r, NP_WEB_API_INVALID_LIB_CONTEXT_ID);
  if (user_id == USER_ID_INVALID) return np_web_api_error(r, NP_WEB_API_INVALID_ARGUMENT);
  pthread_mutex_lock(&r->lock);
  int rc = np_web_api_error(r, r->user_max), free_slot = -1;
  if (lib_slot(r, lib) < 0) {
    rc = np_web_api_error(r, NP_WEB_API_LIB_CONTEXT_NOT_FOUND);
    goto out;
  }
  for (int i = 0; i < NP_WEB_API_USER_CONTEXTS_MAX; i++) {
    if (r->users[i].id && r->users[i].id >> 16 == lib && r->users[i].user_id == user_id) {
      rc = np_web_api_error(r, NP_WEB_API_USER_CONTEXT_ALREADY_EXIST);
      goto out;
    }
    if (!r->users[i].id && free_slot < 0) free_slot = i;
  }
  if (free_slot >= 0) {
    int32_t id;
    do {
      r->next_user = r->next_user + 1 >= 0x10000 ? 1 : r->next_user + 1;
      id = lib << 16 | r->next_user;
    } while (user_slot(r, id) >= 0);
    r->users[free_slot].id = id;
    r->users[free_slot].user_id = user_id;
    rc = id;
  }
out:
  pthread_mutex_unlock(&r->lock);
  return rc;
}

/* The error for a missing USER_CTX (lock held): its library context's or its own. */
static int user_missing(const struct np_web_api_registry *r, int32_t user_ctx) {
  return lib_slot(r, user_ctx >> 16) < 0 ? np_web_api_error(r, NP_WEB_API_LIB_CONTEXT_NOT_FOUND)
                                         : np_web_api_error(r, NP_WEB_API_USER_CONTEXT_NOT_FOUND);
}

int np_web_api_user_find(struct np_web_api_registry *r, int32_t user_ctx) {
  pthread_mutex_lock(&r->lock);
  int rc = user_slot(r, user_ctx) < 0 ? user_missing(r, user_ctx) : 0;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_user_delete(struct np_web_api_registry *r, int32_t user_ctx) {
  pthread_mutex_lock(&r->lock);
  int slot = user_slot(r, user_ctx), rc = 0;
  if (slot < 0) {
    rc = user_missing(r, user_ctx);
  } else {
    drop_requests(r, user_ctx);
    r->users[slot].id = 0;
  }
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_request_create(struct np_web_api_registry *r, int32_t user_ctx, int64_t *id) {
  pthread_mutex_lock(&r->lock);
  int rc = 0;
  if (user_slot(r, user_ctx) < 0) {
    rc = user_missing(r, user_ctx);
    goto out;
  }
  for (int i = 0; i < NP_WEB_API_REQUESTS_MAX; i++) {
    if (r->requests[i]) continue;
    int64_t v;
    do {
      r->next_request = r->next_request + 1 ? r->next_request + 1 : 1;
      v = (int64_t)((uint64_t)(uint32_t)user_ctx << 32 | r->next_request);
    } while (request_slot(r, v) >= 0);
    r->requests[i] = v;
    if (id) *id = v;
    goto out;
  }
  /* No more room: the console's library runs out of its memory pool. */
  LOG(hle, WARN, "sce%sCreateRequest: all %d requests are in use", r->name,
      NP_WEB_API_REQUESTS_MAX);
  rc = np_web_api_error(r, 0x01); /* OUT_OF_MEMORY */
out:
  pthread_mutex_unlock(&r->lock);
  return rc;
}

/* The error for a missing request ID (lock held). */
static int request_missing(const struct np_web_api_registry *r, int64_t id) {
  int32_t user_ctx = (int32_t)(id >> 32);
  if (user_slot(r, user_ctx) < 0) return user_missing(r, user_ctx);
  return np_web_api_error(r, NP_WEB_API_REQUEST_NOT_FOUND);
}

int np_web_api_request_find(struct np_web_api_registry *r, int64_t id) {
  pthread_mutex_lock(&r->lock);
  int rc = request_slot(r, id) < 0 ? request_missing(r, id) : 0;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_request_delete(struct np_web_api_registry *r, int64_t id) {
  pthread_mutex_lock(&r->lock);
  int slot = request_slot(r, id), rc = 0;
  if (slot < 0) rc = request_missing(r, id);
  else r->requests[slot] = 0;
  pthread_mutex_unlock(&r->lock);
  return rc;
}

int np_web_api_request_send(struct np_web_api_registry *r, int64_t id) {
  int rc = np_web_api_request_find(r, id);
  if (rc) return rc;
  LOG_ONCE(hle, INFO, "sce%sSendRequest: offline, the user is not signed in (NOT_SIGNED_IN)",
           r->name);
  return np_web_api_error(r, NP_WEB_API_NOT_SIGNED_IN);
}
