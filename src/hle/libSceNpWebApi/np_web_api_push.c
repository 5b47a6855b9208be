/* libSceNpWebApi2's push-event objects, offline (np_web_api_push.h). */
#include "hle/libSceNpWebApi/np_web_api_push.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A version-4-shaped UUID from the store's salt and N (not random; unique per run). */
static void make_uuid(struct np_web_api_push *s, int32_t n, char *out) {
  if (!s->salt) s->salt = ((uint64_t)time(NULL) << 20 ^ (uint64_t)getpid()) | 1;
  uint64_t a = s->salt * 0x9E3779B97F4A7C15ull + (uint64_t)n;
  uint64_t b = (a ^ (a >> 29)) * 0xBF58476D1CE4E5B9ull;
  snprintf(out, NP_WEB_API_PUSH_UUID_LENGTH + 1, "%08x-%04x-4%03x-8%03x-%012llx",
           (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xFFFF, (unsigned)a & 0xFFF,
           (unsigned)(b >> 52) & 0xFFF, (unsigned long long)(b & 0xFFFFFFFFFFFFull));
}

int32_t np_web_api_push_add(struct np_web_api_push *s, enum np_web_api_push_kind kind,
                            int32_t owner, int32_t ref, char *uuid) {
  int32_t id = 0;
  pthread_mutex_lock(&s->lock);
  for (int i = 0; i < NP_WEB_API_PUSH_MAX; i++) {
    if (s->obj[i].id) continue;
    s->next[kind] = s->next[kind] + 1 >= 0x70000000 ? 1 : s->next[kind] + 1;
    id = s->obj[i].id = s->next[kind];
    s->obj[i].kind = (uint8_t)kind;
    s->obj[i].owner = owner;
    s->obj[i].ref = ref;
    s->obj[i].uuid[0] = 0;
    if (kind == NP_WEB_API_PUSH_CONTEXT) make_uuid(s, id, s->obj[i].uuid);
    if (uuid) memcpy(uuid, s->obj[i].uuid, sizeof s->obj[i].uuid);
    break;
  }
  pthread_mutex_unlock(&s->lock);
  return id;
}

/* The slot of OWNER's object ID of KIND (lock held), or -1. */
static int slot_of(const struct np_web_api_push *s, enum np_web_api_push_kind kind, int32_t owner,
                   int32_t id) {
  for (int i = 0; i < NP_WEB_API_PUSH_MAX; i++)
    if (id > 0 && s->obj[i].id == id && s->obj[i].kind == kind && s->obj[i].owner == owner)
      return i;
  return -1;
}

bool np_web_api_push_find(struct np_web_api_push *s, enum np_web_api_push_kind kind, int32_t owner,
                          int32_t id, int32_t *ref) {
  pthread_mutex_lock(&s->lock);
  int i = slot_of(s, kind, owner, id);
  if (i >= 0 && ref) *ref = s->obj[i].ref;
  pthread_mutex_unlock(&s->lock);
  return i >= 0;
}

int32_t np_web_api_push_find_uuid(struct np_web_api_push *s, int32_t owner, const char *uuid) {
  int32_t id = 0;
  pthread_mutex_lock(&s->lock);
  for (int i = 0; i < NP_WEB_API_PUSH_MAX && !id; i++)
    if (s->obj[i].id && s->obj[i].kind == NP_WEB_API_PUSH_CONTEXT && s->obj[i].owner == owner &&
        strncmp(s->obj[i].uuid, uuid, NP_WEB_API_PUSH_UUID_LENGTH + 1) == 0)
      id = s->obj[i].id;
  pthread_mutex_unlock(&s->lock);
  return id;
}

bool np_web_api_push_remove(struct np_web_api_push *s, enum np_web_api_push_kind kind,
                            int32_t owner, int32_t id) {
  pthread_mutex_lock(&s->lock);
  int i = slot_of(s, kind, owner, id);
  if (i >= 0) s->obj[i].id = 0;
  pthread_mutex_unlock(&s->lock);
  return i >= 0;
}

static bool user_owned(uint8_t kind) {
  return kind == NP_WEB_API_PUSH_CALLBACK || kind == NP_WEB_API_PUSH_CONTEXT_CALLBACK ||
         kind == NP_WEB_API_PUSH_CONTEXT;
}

void np_web_api_push_drop(struct np_web_api_push *s, int32_t lib, int32_t user_ctx) {
  pthread_mutex_lock(&s->lock);
  for (int i = 0; i < NP_WEB_API_PUSH_MAX; i++) {
    if (!s->obj[i].id) continue;
    bool user = user_owned(s->obj[i].kind);
    if (user_ctx ? user && s->obj[i].owner == user_ctx
                 : (user ? s->obj[i].owner >> 16 == lib : s->obj[i].owner == lib))
      s->obj[i].id = 0;
  }
  pthread_mutex_unlock(&s->lock);
}
