/* The contexts of the PlayStation Network web API libraries (libSceNpWebApi, the PS4's, and
 * libSceNpWebApi2, the PS5's), offline. Both keep the same three levels of object: a
 * library context (Initialize, ids 1..0x7fff), user contexts in it (id = library context id
 * << 16 | n) and requests of a user context (id = user context id << 32 | n). prospero has no
 * network service: the objects are created, found and deleted as on the console, and every
 * request a game sends fails with the library's NOT_SIGNED_IN, what a console whose user is
 * not signed in to the network answers.
 *
 * Both libraries number their errors alike from a different base (the console's
 * SCE_NP_WEBAPI_ERROR_* from 0x80552900, SCE_NP_WEBAPI2_ERROR_* from 0x80553400); the
 * registry of each library is one `struct np_web_api_registry`. */
#ifndef PROSPERO_HLE_LIBSCENPWEBAPI_NP_WEB_API_CORE_H
#define PROSPERO_HLE_LIBSCENPWEBAPI_NP_WEB_API_CORE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* Error offsets from a library's base, the same in both libraries */
#define NP_WEB_API_INVALID_ARGUMENT 0x02
#define NP_WEB_API_INVALID_LIB_CONTEXT_ID 0x03
#define NP_WEB_API_LIB_CONTEXT_NOT_FOUND 0x04
#define NP_WEB_API_USER_CONTEXT_NOT_FOUND 0x05
#define NP_WEB_API_REQUEST_NOT_FOUND 0x06
#define NP_WEB_API_NOT_SIGNED_IN 0x07
#define NP_WEB_API_INVALID_CONTENT_PARAMETER 0x08
#define NP_WEB_API_USER_CONTEXT_ALREADY_EXIST 0x0A

#define NP_WEB_API_LIB_CONTEXTS_MAX 16
#define NP_WEB_API_USER_CONTEXTS_MAX 64
#define NP_WEB_API_REQUESTS_MAX 256
#define NP_WEB_API_LIB_CONTEXT_ID_LIMIT 0x8000 /* ids at or above: INVALID_LIB_CONTEXT_ID */

struct np_web_api_registry {
  const char *name;  /* "NpWebApi", "NpWebApi2": for the log */
  uint32_t base;     /* the library's error base (0x80552900, 0x80553400) */
  uint32_t lib_max;  /* its LIB_CONTEXT_MAX offset (0x1A, 0x18) */
  uint32_t user_max; /* its USER_CONTEXT_MAX offset (0x1B, 0x19) */
  pthread_mutex_t lock;
  int32_t next_lib, next_user;
  uint32_t next_request;
  int32_t libs[NP_WEB_API_LIB_CONTEXTS_MAX]; /* 0: free */
  struct {
    int32_t id, user_id; /* id 0: free */
  } users[NP_WEB_API_USER_CONTEXTS_MAX];
  int64_t requests[NP_WEB_API_REQUESTS_MAX]; /* 0: free */
};

#define NP_WEB_API_REGISTRY(name_, base_, lib_max_, user_max_)                \
  {                                                                           \
    .name = name_, .base = base_, .lib_max = lib_max_, .user_max = user_max_, \
    .lock = PTHREAD_MUTEX_INITIALIZER                                         \
  }

/* The library's error OFFSET (one of the above) as the negative int the guest sees. */
int np_web_api_error(const struct np_web_api_registry *r, uint32_t offset);

/* Initialize: a new library context's id, or LIB_CONTEXT_MAX when all are taken. */
int np_web_api_lib_create(struct np_web_api_registry *r);
/* Terminate: deletes LIB and its user contexts and requests; LIB_CONTEXT_NOT_FOUND. */
int np_web_api_lib_terminate(struct np_web_api_registry *r, int32_t lib);
/* 0 when LIB names a live library context, else LIB_CONTEXT_NOT_FOUND. */
int np_web_api_lib_find(struct np_web_api_registry *r, int32_t lib);
/* A user context of USER_ID in LIB: its id, or INVALID_LIB_CONTEXT_ID (LIB >= 0x8000),
 * INVALID_ARGUMENT (USER_ID -1), LIB_CONTEXT_NOT_FOUND, USER_CONTEXT_ALREADY_EXIST (USER_ID
 * has one in LIB), USER_CONTEXT_MAX. */
int np_web_api_user_create(struct np_web_api_registry *r, int32_t lib, int32_t user_id);
/* Deletes a user context and its requests: LIB_CONTEXT_NOT_FOUND, USER_CONTEXT_NOT_FOUND. */
int np_web_api_user_delete(struct np_web_api_registry *r, int32_t user_ctx);
/* 0 when USER_CTX names a live user context, else LIB_CONTEXT_NOT_FOUND or
 * USER_CONTEXT_NOT_FOUND. */
int np_web_api_user_find(struct np_web_api_registry *r, int32_t user_ctx);
/* A request of USER_CTX, its id in *ID: LIB_CONTEXT_NOT_FOUND, USER_CONTEXT_NOT_FOUND. */
int np_web_api_request_create(struct np_web_api_registry *r, int32_t user_ctx, int64_t *id);
/* 0 when ID names a live request, else the error that names what is missing. */
int np_web_api_request_find(struct np_web_api_registry *r, int64_t id);
int np_web_api_request_delete(struct np_web_api_registry *r, int64_t id);
/* Sending: NOT_SIGNED_IN for a live request (logged once), else the
 * not-found error. */
int np_web_api_request_send(struct np_web_api_registry *r, int64_t id);

#endif
