/* UDS events, property objects and property arrays (see uds.h). An object is a list of
 * keyed, typed values, an array a list of values without keys; a value may itself be an
 * object or an array (a child in the same table). An event owns a root object:
 * CreateEvent copies the given object into it (children included) and returns the root as
 * propPtr, which the guest may fill but not destroy. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceNpUniversalDataSystem/uds.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"

#define OBJECTS_MAX 512
#define EVENTS_MAX 128
#define PROPERTIES_MAX 256 /* per object, unverified */
#define KEY_MAX 255        /* bytes of a key, unverified */
#define STRING_MAX 16384   /* bytes of a string value, unverified */
#define EVENT_NAME_MAX 127 /* bytes of an event name, unverified */

enum value_type {
  V_INT32,
  V_UINT32,
  V_INT64,
  V_UINT64,
  V_FLOAT32,
  V_FLOAT64,
  V_BOOL,
  V_STRING,
  V_BINARY,
  V_OBJECT /* an object or an array: the child's is_array tells */
};

struct property {
  char *key;
  enum value_type type;
  union {
    int64_t i;
    uint64_t u;
    double f;
    bool b;
    char *s;
    size_t binary_size; /* binary values are counted, not kept */
    struct uds_object *child;
  } v;
};

struct uds_object {
  bool used;
  bool owned; /* the root of an event or the child of an object: not destroyable alone */
  bool is_array;
  struct property *props;
  uint32_t count;
};

struct uds_event {
  bool used;
  char name[EVENT_NAME_MAX + 1];
  struct uds_object *root;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct uds_object objects[OBJECTS_MAX];
static struct uds_event events[EVENTS_MAX];

/* The object at guest address P, or NULL when P is not a live object of the table. */
static struct uds_object *object_at(const struct uds_object *p) {
  uintptr_t a = (uintptr_t)p, base = (uintptr_t)objects;
  if (a < base || a >= base + sizeof objects || (a - base) % sizeof objects[0]) return NULL;
  struct uds_object *o = &objects[(a - base) / sizeof objects[0]];
  return o->used ? o : NULL;
}

static struct uds_event *event_at(const struct uds_event *p) {
  uintptr_t a = (uintptr_t)p, base = (uintptr_t)events;
  if (a < base || a >= base + sizeof events || (a - base) % sizeof events[0]) return NULL;
  struct uds_event *e = &events[(a - base) / sizeof events[0]];
  return e->used ? e : NULL;
}

static size_t usage(void);
static size_t max_usage;
/* Keeps the highest usage seen (GetMemoryStat's maxInuseSize); lock held. */
static void note_usage(void) {
  size_t n = usage();
  if (n > max_usage) max_usage = n;
}

static struct uds_object *object_new(bool owned, bool is_array) {
  for (int i = 0; i < OBJECTS_MAX; i++)
    if (!objects[i].used) {
      objects[i] = (struct uds_object){.used = true, .owned = owned, .is_array = is_array};
      return &objects[i];
    }
  return NULL;
}

static void value_free(struct property *p);

static void object_free(struct uds_object *o) {
  for (uint32_t i = 0; i < o->count; i++) {
    value_free(&o->props[i]);
    free(o->props[i].key);
  }
  free(o->props);
  *o = (struct uds_object){0};
}

static void value_free(struct property *p) {
  if (p->type == V_STRING) free(p->v.s);
  if (p->type == V_OBJECT) object_free(p->v.child);
}

/* A deep copy of SRC (NULL: an empty object, or array when IS_ARRAY) as a new owned one, or
 * NULL when the tables are full. */
static struct uds_object *object_copy(const struct uds_object *src, bool is_array) {
  struct uds_object *o = object_new(true, src ? src->is_array : is_array);
  if (!o || !src || src->count == 0) return o;
  o->props = calloc(src->count, sizeof *o->props);
  if (!o->props) goto fail;
  for (uint32_t i = 0; i < src->count; i++) {
    struct property *d = &o->props[i]; /* zeroed: an Int32 without a key until copied */
    const struct property *s = &src->props[i];
    o->count = i + 1;
    if (s->key && !(d->key = strdup(s->key))) goto fail;
    if (s->type == V_STRING) {
      if (!(d->v.s = strdup(s->v.s))) goto fail;
    } else if (s->type == V_OBJECT) {
      if (!(d->v.child = object_copy(s->v.child, false))) goto fail;
    } else d->v = s->v;
    d->type = s->type;
  }
  return o;
fail:
  object_free(o);
  return NULL;
}

void uds_events_reset(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < OBJECTS_MAX; i++)
    if (objects[i].used) {
      for (uint32_t k = 0; k < objects[i].count; k++) {
        free(objects[i].props[k].key);
        if (objects[i].props[k].type == V_STRING) free(objects[i].props[k].v.s);
      }
      free(objects[i].props);
      objects[i] = (struct uds_object){0};
    }
  memset(events, 0, sizeof events);
  max_usage = 0;
  pthread_mutex_unlock(&lock);
}

int uds_create_event(const char *name, const struct uds_object *prop, struct uds_event **event,
                     struct uds_object **prop_ptr) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!name || !event) return UDS_ERROR_INVALID_ARGUMENT;
  size_t n = strnlen(name, EVENT_NAME_MAX + 1);
  if (n == 0 || n > EVENT_NAME_MAX) return UDS_ERROR_INVALID_EVENT_NAME;
  pthread_mutex_lock(&lock);
  int rc = 0;
  struct uds_object *src = NULL;
  if (prop && (!(src = object_at(prop)) || src->is_array)) rc = UDS_ERROR_INVALID_OBJECT;
  struct uds_event *e = NULL;
  for (int i = 0; rc == 0 && i < EVENTS_MAX && !e; i++)
    if (!events[i].used) e = &events[i];
  struct uds_object *root = rc == 0 && e ? object_copy(src, false) : NULL;
  if (rc == 0 && !root) rc = UDS_ERROR_OUT_OF_MEMORY;
  if (rc == 0) {
    e->used = true;
    memcpy(e->name, name, n);
    e->name[n] = 0;
    e->root = root;
    *event = e;
    if (prop_ptr) *prop_ptr = root;
    note_usage();
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_destroy_event(struct uds_event *event) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!event) return 0;
  pthread_mutex_lock(&lock);
  struct uds_event *e = event_at(event);
  if (e) {
    object_free(e->root);
    *e = (struct uds_event){0};
  }
  pthread_mutex_unlock(&lock);
  return e ? 0 : UDS_ERROR_INVALID_EVENT;
}

static int create(struct uds_object **object, bool is_array) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!object) return UDS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  struct uds_object *o = object_new(false, is_array);
  if (o) *object = o;
  pthread_mutex_unlock(&lock);
  return o ? 0 : UDS_ERROR_OUT_OF_MEMORY;
}

static int destroy(struct uds_object *object, bool is_array) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!object) return 0;
  pthread_mutex_lock(&lock);
  struct uds_object *o = object_at(object);
  int rc = !o || o->owned || o->is_array != is_array
               ? (is_array ? UDS_ERROR_INVALID_ARRAY : UDS_ERROR_INVALID_OBJECT)
               : 0;
  if (rc == 0) object_free(o);
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_create_object(struct uds_object **object) { return create(object, false); }
int uds_destroy_object(struct uds_object *object) { return destroy(object, false); }
int uds_create_array(struct uds_object **array) { return create(array, true); }
int uds_destroy_array(struct uds_object *array) { return destroy(array, true); }

/* Sets KEY of OBJECT to the value in V (the lock is taken here), replacing an earlier value
 * of the same key; with ARRAY, OBJECT is an array and V is appended (KEY unused). V's
 * string becomes the object's (freed on error; a child is the caller's on error). */
static int put_value(struct uds_object *object, const char *key, struct property v, bool array) {
  int rc = 0;
  if (!uds_initialized()) rc = UDS_ERROR_NOT_INITIALIZED;
  else if (!object || (!array && !key)) rc = UDS_ERROR_INVALID_ARGUMENT;
  else if (!array && (key[0] == 0 || strnlen(key, KEY_MAX + 1) > KEY_MAX))
    rc = UDS_ERROR_INVALID_KEY;
  if (rc) {
    if (v.type == V_STRING) free(v.v.s);
    return rc;
  }
  pthread_mutex_lock(&lock);
  struct uds_object *o = object_at(object);
  struct property *slot = NULL;
  if (!o || o->is_array != array) rc = array ? UDS_ERROR_INVALID_ARRAY : UDS_ERROR_INVALID_OBJECT;
  for (uint32_t i = 0; rc == 0 && !array && i < o->count && !slot; i++)
    if (strcmp(o->props[i].key, key) == 0) slot = &o->props[i];
  if (rc == 0 && !slot) {
    struct property *grown =
        o->count < PROPERTIES_MAX ? realloc(o->props, (o->count + 1) * sizeof *o->props) : NULL;
    char *k = grown && !array ? strdup(key) : NULL;
    if (grown) o->props = grown;
    if (!grown || (!array && !k)) rc = UDS_ERROR_OUT_OF_MEMORY;
    else {
      slot = &o->props[o->count++];
      slot->key = k;
      slot->type = V_BOOL;
    }
  }
  if (rc == 0) {
    char *k = slot->key; /* NULL in an array */
    value_free(slot);
    *slot = v;
    slot->key = k;
    note_usage();
  } else if (v.type == V_STRING) free(v.v.s);
  pthread_mutex_unlock(&lock);
  return rc;
}

static int set_value(struct uds_object *object, const char *key, struct property v) {
  return put_value(object, key, v, false);
}

int uds_object_set_int32(struct uds_object *o, const char *key, int32_t value) {
  return set_value(o, key, (struct property){.type = V_INT32, .v.i = value});
}
int uds_object_set_uint32(struct uds_object *o, const char *key, uint32_t value) {
  return set_value(o, key, (struct property){.type = V_UINT32, .v.u = value});
}
int uds_object_set_int64(struct uds_object *o, const char *key, int64_t value) {
  return set_value(o, key, (struct property){.type = V_INT64, .v.i = value});
}
int uds_object_set_uint64(struct uds_object *o, const char *key, uint64_t value) {
  return set_value(o, key, (struct property){.type = V_UINT64, .v.u = value});
}
int uds_object_set_float32(struct uds_object *o, const char *key, float value) {
  return set_value(o, key, (struct property){.type = V_FLOAT32, .v.f = value});
}
int uds_object_set_float64(struct uds_object *o, const char *key, double value) {
  return set_value(o, key, (struct property){.type = V_FLOAT64, .v.f = value});
}
int uds_object_set_bool(struct uds_object *o, const char *key, bool value) {
  return set_value(o, key, (struct property){.type = V_BOOL, .v.b = value});
}
int uds_object_set_string(struct uds_object *o, const char *key, const char *value) {
  if (!value) return uds_initialized() ? UDS_ERROR_INVALID_ARGUMENT : UDS_ERROR_NOT_INITIALIZED;
  size_t n = strnlen(value, STRING_MAX + 1);
  if (n > STRING_MAX) return UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT;
  char *s = strndup(value, n);
  if (!s) return UDS_ERROR_OUT_OF_MEMORY;
  return set_value(o, key, (struct property){.type = V_STRING, .v.s = s});
}
int uds_object_set_binary(struct uds_object *o, const char *key, const void *value, size_t size) {
  if (!value && size)
    return uds_initialized() ? UDS_ERROR_INVALID_ARGUMENT : UDS_ERROR_NOT_INITIALIZED;
  LOG_ONCE(hle, INFO, "uds: binary property values are counted (size), not kept");
  return set_value(o, key, (struct property){.type = V_BINARY, .v.binary_size = size});
}

/* Puts a copy of VALUE (NULL: an empty one) of kind CHILD_ARRAY under KEY of OBJECT (or
 * appended to the array OBJECT, with ARRAY); its address goes to VALUE_PTR. */
static int put_child(struct uds_object *object, const char *key, const struct uds_object *value,
                     struct uds_object **value_ptr, bool array, bool child_array) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!object || (!array && !key)) return UDS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  struct uds_object *src = NULL, *child = NULL;
  int rc = 0;
  if (value && (!(src = object_at(value)) || src->is_array != child_array))
    rc = child_array ? UDS_ERROR_INVALID_ARRAY : UDS_ERROR_INVALID_OBJECT;
  if (rc == 0 && !(child = object_copy(src, child_array))) rc = UDS_ERROR_OUT_OF_MEMORY;
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  rc = put_value(object, key, (struct property){.type = V_OBJECT, .v.child = child}, array);
  pthread_mutex_lock(&lock);
  if (rc) object_free(child);
  else if (value_ptr) *value_ptr = child;
  pthread_mutex_unlock(&lock);
  return rc;
}

int uds_object_set_object(struct uds_object *object, const char *key,
                          const struct uds_object *value, struct uds_object **value_ptr) {
  return put_child(object, key, value, value_ptr, false, false);
}
int uds_object_set_array(struct uds_object *object, const char *key, const struct uds_object *value,
                         struct uds_object **value_ptr) {
  return put_child(object, key, value, value_ptr, false, true);
}
int uds_array_set_object(struct uds_object *array, const struct uds_object *value,
                         struct uds_object **value_ptr) {
  return put_child(array, NULL, value, value_ptr, true, false);
}
int uds_array_set_array(struct uds_object *array, const struct uds_object *value,
                        struct uds_object **value_ptr) {
  return put_child(array, NULL, value, value_ptr, true, true);
}

static int append(struct uds_object *array, struct property v) {
  return put_value(array, NULL, v, true);
}
int uds_array_set_int32(struct uds_object *a, int32_t value) {
  return append(a, (struct property){.type = V_INT32, .v.i = value});
}
int uds_array_set_uint32(struct uds_object *a, uint32_t value) {
  return append(a, (struct property){.type = V_UINT32, .v.u = value});
}
int uds_array_set_int64(struct uds_object *a, int64_t value) {
  return append(a, (struct property){.type = V_INT64, .v.i = value});
}
int uds_array_set_uint64(struct uds_object *a, uint64_t value) {
  return append(a, (struct property){.type = V_UINT64, .v.u = value});
}
int uds_array_set_float32(struct uds_object *a, float value) {
  return append(a, (struct property){.type = V_FLOAT32, .v.f = value});
}
int uds_array_set_float64(struct uds_object *a, double value) {
  return append(a, (struct property){.type = V_FLOAT64, .v.f = value});
}
int uds_array_set_bool(struct uds_object *a, bool value) {
  return append(a, (struct property){.type = V_BOOL, .v.b = value});
}
int uds_array_set_string(struct uds_object *a, const char *value) {
  if (!value) return uds_initialized() ? UDS_ERROR_INVALID_ARGUMENT : UDS_ERROR_NOT_INITIALIZED;
  size_t n = strnlen(value, STRING_MAX + 1);
  if (n > STRING_MAX) return UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT;
  char *s = strndup(value, n);
  if (!s) return UDS_ERROR_OUT_OF_MEMORY;
  return append(a, (struct property){.type = V_STRING, .v.s = s});
}
int uds_array_set_binary(struct uds_object *a, const void *value, size_t size) {
  if (!value && size)
    return uds_initialized() ? UDS_ERROR_INVALID_ARGUMENT : UDS_ERROR_NOT_INITIALIZED;
  LOG_ONCE(hle, INFO, "uds: binary array values are counted (size), not kept");
  return append(a, (struct property){.type = V_BINARY, .v.binary_size = size});
}

/* ---- serialisation (for the log and the size limit) ----------------------------------- */

struct out {
  char *buf;
  size_t cap, len; /* len counts everything, also what did not fit */
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) o->len += (size_t)n;
}

static void put_string(struct out *o, const char *s) {
  put(o, "\"");
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') put(o, "\\%c", c);
    else if (c < 0x20) put(o, "\\u%04x", c);
    else put(o, "%c", c);
  }
  put(o, "\"");
}

static void put_object(struct out *o, const struct uds_object *obj, int depth) {
  bool array = obj && obj->is_array;
  put(o, array ? "[" : "{");
  for (uint32_t i = 0; obj && i < obj->count; i++) {
    const struct property *p = &obj->props[i];
    if (i) put(o, ",");
    if (!array) {
      put_string(o, p->key);
      put(o, ":");
    }
    switch (p->type) {
      case V_INT32:
      case V_INT64: put(o, "%lld", (long long)p->v.i); break;
      case V_UINT32:
      case V_UINT64: put(o, "%llu", (unsigned long long)p->v.u); break;
      case V_FLOAT32:
      case V_FLOAT64: put(o, "%.17g", p->v.f); break;
      case V_BOOL: put(o, "%s", p->v.b ? "true" : "false"); break;
      case V_STRING: put_string(o, p->v.s); break;
      case V_BINARY: put(o, "\"<%zu bytes>\"", p->v.binary_size); break;
      case V_OBJECT:
        if (depth < 16) put_object(o, p->v.child, depth + 1);
        else put(o, "...");
        break;
    }
  }
  put(o, array ? "]" : "}");
}

static const struct property *find(const struct uds_object *o, const char *key) {
  for (uint32_t i = 0; i < o->count; i++)
    if (o->props[i].key && strcmp(o->props[i].key, key) == 0) return &o->props[i];
  return NULL;
}

int uds_event_view(const struct uds_event *event, struct uds_event_view *view) {
  memset(view, 0, sizeof *view);
  pthread_mutex_lock(&lock);
  struct uds_event *e = event_at(event);
  if (e) {
    snprintf(view->name, sizeof view->name, "%s", e->name);
    const struct property *id = find(e->root, "_trophy_id");
    const struct property *pr = find(e->root, "_trophy_progress");
    if (id && id->type == V_INT32) view->has_trophy_id = true, view->trophy_id = (int32_t)id->v.i;
    if (pr && pr->type == V_INT32) view->has_progress = true, view->progress = (int32_t)pr->v.i;
    struct out o = {.buf = view->text, .cap = sizeof view->text};
    put_object(&o, e->root, 0);
    if (o.len >= o.cap) memcpy(view->text + sizeof view->text - 4, "...", 4);
    view->size = strlen(e->name) + o.len;
  }
  pthread_mutex_unlock(&lock);
  return e ? 0 : UDS_ERROR_INVALID_ARGUMENT;
}

/* ---- queries of an event: its size, its string, a property (uds_stats.c) --------------- */

int uds_event_estimate_size(const struct uds_event *event, size_t *size) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!size) return UDS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  struct uds_event *e = event ? event_at(event) : NULL;
  if (e) {
    struct out o = {0};
    put_object(&o, e->root, 0);
    *size = strlen(e->name) + o.len;
  }
  pthread_mutex_unlock(&lock);
  return e ? 0 : UDS_ERROR_INVALID_EVENT;
}

int uds_event_to_string(const struct uds_event *event, char *buf, size_t buf_size,
                        size_t *string_size) {
  if (!uds_initialized()) return UDS_ERROR_NOT_INITIALIZED;
  if (!event || !buf || buf_size == 0) return UDS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  struct uds_event *e = event_at(event);
  if (e) {
    struct out o = {.buf = buf, .cap = buf_size};
    put(&o, "{\"eventName\":");
    put_string(&o, e->name);
    put(&o, ",\"properties\":");
    put_object(&o, e->root, 0);
    put(&o, "}");
    if (o.len >= buf_size) buf[buf_size - 1] = 0; /* cut, terminated */
    if (string_size) *string_size = o.len + 1;
  }
  pthread_mutex_unlock(&lock);
  return e ? 0 : UDS_ERROR_INVALID_ARGUMENT;
}

bool uds_event_value(const struct uds_event *event, const char *path, struct uds_value *out) {
  memset(out, 0, sizeof *out);
  pthread_mutex_lock(&lock);
  struct uds_event *e = event_at(event);
  const struct uds_object *o = e ? e->root : NULL;
  const struct property *p = NULL;
  char key[KEY_MAX + 1];
  for (const char *s = path; o && s && *s;) {
    const char *dot = strchr(s, '.');
    size_t n = dot ? (size_t)(dot - s) : strlen(s);
    if (n == 0 || n > KEY_MAX || o->is_array) break;
    memcpy(key, s, n);
    key[n] = 0;
    p = find(o, key);
    s = dot ? dot + 1 : NULL;
    if (!s) break;
    o = p && p->type == V_OBJECT ? p->v.child : NULL;
    p = NULL;
  }
  bool ok = p != NULL;
  if (ok) switch (p->type) {
      case V_INT32:
      case V_INT64: out->number = (long double)p->v.i; break;
      case V_UINT32:
      case V_UINT64: out->number = (long double)p->v.u; break;
      case V_FLOAT32:
      case V_FLOAT64: out->number = p->v.f; break;
      case V_BOOL:
        out->kind = UDS_VALUE_BOOL;
        out->boolean = p->v.b;
        break;
      case V_STRING:
        out->kind = UDS_VALUE_STRING;
        snprintf(out->string, sizeof out->string, "%s", p->v.s);
        break;
      default: ok = false;
    }
  pthread_mutex_unlock(&lock);
  return ok;
}

/* Host memory held by the live events and objects (lock held). */
static size_t usage(void) {
  size_t n = 0;
  for (int i = 0; i < EVENTS_MAX; i++)
    if (events[i].used) n += sizeof events[i];
  for (int i = 0; i < OBJECTS_MAX; i++) {
    const struct uds_object *o = &objects[i];
    if (!o->used) continue;
    n += sizeof *o + o->count * sizeof *o->props;
    for (uint32_t k = 0; k < o->count; k++) {
      if (o->props[k].key) n += strlen(o->props[k].key) + 1;
      if (o->props[k].type == V_STRING) n += strlen(o->props[k].v.s) + 1;
    }
  }
  return n;
}

void uds_events_usage(size_t *current, size_t *max) {
  pthread_mutex_lock(&lock);
  *current = usage();
  if (*current > max_usage) max_usage = *current;
  *max = max_usage;
  pthread_mutex_unlock(&lock);
}
