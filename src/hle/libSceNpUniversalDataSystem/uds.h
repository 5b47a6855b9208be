/* libSceNpUniversalDataSystem (UDS), the PS5's event library: a game builds events (a name
 * and a tree of typed properties) and posts them to a context registered for a user. PS5
 * titles unlock trophies this way: the event "_UnlockTrophy" with the Int32 property
 * "_trophy_id", and "_UpdateTrophyProgress" with "_trophy_id" and "_trophy_progress" (Int32)
 * for progressive trophies (the console's trophy documentation). prospero applies those two
 * to the title's trophy store (np_trophy.h: np_trophy_unlock_for_user); every other event is
 * logged with its properties and goes nowhere (the console sends them to the network).
 *
 * Events and property objects live in host tables; the guest holds their addresses as the
 * opaque SceNpUniversalDataSystemEvent / ...EventPropertyObject pointers, and an address that
 * is not one of them is refused instead of followed. uds.c: initialisation, contexts,
 * handles, posting; uds_event.c: events, objects, properties, serialisation. */
#ifndef PROSPERO_HLE_LIBSCENPUNIVERSALDATASYSTEM_UDS_H
#define PROSPERO_HLE_LIBSCENPUNIVERSALDATASYSTEM_UDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SCE_NP_UNIVERSAL_DATA_SYSTEM_ERROR_* (the console's return codes) */
#define UDS_ERROR_OUT_OF_MEMORY ((int)0x80553101)
#define UDS_ERROR_INVALID_ARGUMENT ((int)0x80553102)
#define UDS_ERROR_INVALID_CONTEXT ((int)0x80553104)
#define UDS_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x80553105)
#define UDS_ERROR_INVALID_HANDLE ((int)0x80553106)
#define UDS_ERROR_HANDLE_EXCEEDS_MAX ((int)0x80553107)
#define UDS_ERROR_INVALID_USER ((int)0x8055310a)
#define UDS_ERROR_USER_NOT_LOGGED_IN ((int)0x8055310b)
#define UDS_ERROR_INVALID_EVENT_NAME ((int)0x8055310d)
#define UDS_ERROR_INVALID_SIZE ((int)0x80553112)
#define UDS_ERROR_EXCEEDS_EVENT_DATA_SIZE_LIMIT ((int)0x80553113)
#define UDS_ERROR_INVALID_KEY ((int)0x80553114)
#define UDS_ERROR_INVALID_EVENT ((int)0x80553116)
#define UDS_ERROR_NOT_INITIALIZED ((int)0x80553117)
#define UDS_ERROR_ALREADY_INITIALIZED ((int)0x80553118)
#define UDS_ERROR_INVALID_OBJECT ((int)0x80553119)
#define UDS_ERROR_INVALID_ARRAY ((int)0x8055311a)
#define UDS_ERROR_NOT_REGISTERED ((int)0x80553120)
#define UDS_ERROR_ALREADY_REGISTERED ((int)0x80553121)

#define UDS_EVENT_DATA_SIZE_MAX 20480 /* SCE_NP_UNIVERSAL_DATA_SYSTEM_EVENT_DATA_SIZE_MAX */
#define UDS_POST_EVENT_OPTION_GENERATED_BY_CODEGEN 1u
#define UDS_CONTEXT_MAX 8 /* unverified limits */
#define UDS_HANDLE_MAX 32

/* SceNpUniversalDataSystemInitParam */
struct uds_init_param {
  size_t size;
  size_t pool_size;
};

/* Opaque to the guest. */
struct uds_event;
struct uds_object;

/* ---- uds.c -------------------------------------------------------------------------- */
int uds_initialize(const struct uds_init_param *param);
int uds_terminate(void);
int uds_create_context(int32_t *context, int32_t user_id, uint32_t service_label, uint64_t options);
int uds_destroy_context(int32_t context);
int uds_register_context(int32_t context, int32_t handle, uint64_t options);
int uds_create_handle(int32_t *handle);
int uds_destroy_handle(int32_t handle);
int uds_abort_handle(int32_t handle);
int uds_post_event(int32_t context, int32_t handle, const struct uds_event *event,
                   uint64_t options);

/* SceNpUniversalDataSystemMemoryStat, SceNpUniversalDataSystemStorageStat */
struct uds_memory_stat {
  size_t pool_size, max_inuse_size, current_inuse_size;
};
struct uds_storage_stat {
  size_t in_events, out_events, lost_events, max_inuse_size, current_events, current_inuse_size,
      current_free_size;
};
int uds_get_memory_stat(struct uds_memory_stat *stat);
int uds_get_storage_stat(int32_t context, struct uds_storage_stat *stat);

/* ---- uds_event.c -------------------------------------------------------------------- */
/* Whether the library is initialised (uds.c owns the flag; uds_event.c asks). */
bool uds_initialized(void);
/* Forgets every event and object (Terminate). */
void uds_events_reset(void);

int uds_create_event(const char *name, const struct uds_object *prop, struct uds_event **event,
                     struct uds_object **prop_ptr);
int uds_destroy_event(struct uds_event *event);
int uds_create_object(struct uds_object **object);
int uds_destroy_object(struct uds_object *object);
int uds_object_set_int32(struct uds_object *object, const char *key, int32_t value);
int uds_object_set_uint32(struct uds_object *object, const char *key, uint32_t value);
int uds_object_set_int64(struct uds_object *object, const char *key, int64_t value);
int uds_object_set_uint64(struct uds_object *object, const char *key, uint64_t value);
int uds_object_set_float32(struct uds_object *object, const char *key, float value);
int uds_object_set_float64(struct uds_object *object, const char *key, double value);
int uds_object_set_bool(struct uds_object *object, const char *key, bool value);
int uds_object_set_string(struct uds_object *object, const char *key, const char *value);
int uds_object_set_binary(struct uds_object *object, const char *key, const void *value,
                          size_t size);
int uds_object_set_object(struct uds_object *object, const char *key,
                          const struct uds_object *value, struct uds_object **value_ptr);

/* Arrays share the objects' table (is_array set); the guest's
 * SceNpUniversalDataSystemEventPropertyArray pointers are their addresses. */
int uds_object_set_array(struct uds_object *object, const char *key, const struct uds_object *value,
                         struct uds_object **value_ptr);
int uds_create_array(struct uds_object **array);
int uds_destroy_array(struct uds_object *array);
int uds_array_set_int32(struct uds_object *array, int32_t value);
int uds_array_set_uint32(struct uds_object *array, uint32_t value);
int uds_array_set_int64(struct uds_object *array, int64_t value);
int uds_array_set_uint64(struct uds_object *array, uint64_t value);
int uds_array_set_float32(struct uds_object *array, float value);
int uds_array_set_float64(struct uds_object *array, double value);
int uds_array_set_bool(struct uds_object *array, bool value);
int uds_array_set_string(struct uds_object *array, const char *value);
int uds_array_set_binary(struct uds_object *array, const void *value, size_t size);
int uds_array_set_object(struct uds_object *array, const struct uds_object *value,
                         struct uds_object **value_ptr);
int uds_array_set_array(struct uds_object *array, const struct uds_object *value,
                        struct uds_object **value_ptr);

/* The event's serialised size (its name and properties as JSON): INVALID_EVENT for an
 * address that is not a live event, INVALID_ARGUMENT for a NULL SIZE. */
int uds_event_estimate_size(const struct uds_event *event, size_t *size);
/* The event as text, {"eventName":..,"properties":{..}}, cut to BUF_SIZE (terminated);
 * *STRING_SIZE (may be NULL) the whole text's size with its NUL. */
int uds_event_to_string(const struct uds_event *event, char *buf, size_t buf_size,
                        size_t *string_size);
/* Host memory the live events and objects hold now, and the most they held. */
void uds_events_usage(size_t *current, size_t *max);

/* What uds_post_event needs of an event, read under the events' lock. */
struct uds_event_view {
  char name[128];
  bool has_trophy_id, has_progress; /* Int32 "_trophy_id", Int32 "_trophy_progress" */
  int32_t trophy_id, progress;
  size_t size;    /* the serialised form's length (name + properties as JSON) */
  char text[512]; /* the properties as JSON, cut for the log */
};
/* Fills VIEW for EVENT: 0, or INVALID_ARGUMENT for an address that is not a live event. */
int uds_event_view(const struct uds_event *event, struct uds_event_view *view);

#endif
