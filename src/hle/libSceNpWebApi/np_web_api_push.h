/* libSceNpWebApi2's push-event objects, offline: handles and filters of a library context,
 * callbacks and push contexts of a user context. They are made, found and deleted as on the
 * console; no push event ever arrives (nothing is connected), so no callback is ever due.
 * A plain store: the caller checks the owning context exists (np_web_api_core.h). */
#ifndef PROSPERO_HLE_LIBSCENPWEBAPI_NP_WEB_API_PUSH_H
#define PROSPERO_HLE_LIBSCENPWEBAPI_NP_WEB_API_PUSH_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

enum np_web_api_push_kind {
  NP_WEB_API_PUSH_HANDLE,           /* owner: library context */
  NP_WEB_API_PUSH_FILTER,           /* owner: library context; ref: its handle */
  NP_WEB_API_PUSH_CALLBACK,         /* owner: user context; ref: its filter */
  NP_WEB_API_PUSH_CONTEXT_CALLBACK, /* owner: user context; ref: its filter */
  NP_WEB_API_PUSH_CONTEXT,          /* owner: user context; named by a UUID */
  NP_WEB_API_PUSH_KINDS
};

#define NP_WEB_API_PUSH_MAX 128
#define NP_WEB_API_PUSH_UUID_LENGTH 36 /* SCE_NP_WEBAPI2_PUSH_EVENT_UUID_LENGTH */

struct np_web_api_push {
  pthread_mutex_t lock;
  int32_t next[NP_WEB_API_PUSH_KINDS];
  uint64_t salt; /* makes UUIDs differ between runs */
  struct {
    int32_t id; /* 0: free */
    uint8_t kind;
    int32_t owner, ref;
    char uuid[NP_WEB_API_PUSH_UUID_LENGTH + 1];
  } obj[NP_WEB_API_PUSH_MAX];
};

/* A new object's id (from 1 per kind), 0 when the store is full; a push context's UUID is
 * written to UUID (NP_WEB_API_PUSH_UUID_LENGTH + 1 bytes) when UUID is not NULL. */
int32_t np_web_api_push_add(struct np_web_api_push *s, enum np_web_api_push_kind kind,
                            int32_t owner, int32_t ref, char *uuid);
/* Whether OWNER has object ID of KIND (its ref in *REF when REF is not NULL). */
bool np_web_api_push_find(struct np_web_api_push *s, enum np_web_api_push_kind kind, int32_t owner,
                          int32_t id, int32_t *ref);
/* The id of OWNER's push context named UUID, or 0. */
int32_t np_web_api_push_find_uuid(struct np_web_api_push *s, int32_t owner, const char *uuid);
/* Drops the objects of a deleted user context USER_CTX, or, with USER_CTX 0, of a
 * terminated library context LIB (its own and its user contexts'). */
void np_web_api_push_drop(struct np_web_api_push *s, int32_t lib, int32_t user_ctx);
bool np_web_api_push_remove(struct np_web_api_push *s, enum np_web_api_push_kind kind,
                            int32_t owner, int32_t id);

#endif
