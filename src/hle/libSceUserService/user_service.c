/* libSceUserService: one local user, logged in from the start. */
#include "hle/libSceUserService/user_service.h"

#include <pthread.h>
#include <string.h>

#include "common/log.h"

/* SceUserServiceEventType */
enum { EVENT_LOGIN = 0, EVENT_LOGOUT = 1 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static bool login_event_sent; /* the initial user's login event, reported once */
static char user_name[USER_SERVICE_MAX_USER_NAME_LENGTH + 1] = "User";

bool user_service_set_user_name(const char *name) {
  size_t n = name ? strlen(name) : 0;
  if (n == 0 || n > USER_SERVICE_MAX_USER_NAME_LENGTH) return false;
  pthread_mutex_lock(&lock);
  memcpy(user_name, name, n + 1);
  pthread_mutex_unlock(&lock);
  return true;
}

static bool is_initialized(void) {
  pthread_mutex_lock(&lock);
  bool v = initialized;
  pthread_mutex_unlock(&lock);
  return v;
}

/* PARAMS (SceUserServiceInitializeParams: the priority of the service's thread) is not
 * needed: prospero runs no service thread. */
int user_service_initialize(const void *params) {
  (void)params;
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (initialized) rc = USER_SERVICE_ERROR_ALREADY_INITIALIZED;
  else initialized = true;
  pthread_mutex_unlock(&lock);
  return rc;
}

int user_service_terminate(void) {
  int rc = 0;
  pthread_mutex_lock(&lock);
  if (!initialized) rc = USER_SERVICE_ERROR_NOT_INITIALIZED;
  else initialized = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

int user_service_get_initial_user(int32_t *user_id) {
  if (!is_initialized()) return USER_SERVICE_ERROR_NOT_INITIALIZED;
  if (!user_id) return USER_SERVICE_ERROR_INVALID_ARGUMENT;
  *user_id = USER_SERVICE_INITIAL_USER_ID;
  return 0;
}

/* SceUserServiceLoginUserIdList: four user ids, unused slots USER_ID_INVALID. */
int user_service_get_login_user_id_list(int32_t *list) {
  if (!is_initialized()) return USER_SERVICE_ERROR_NOT_INITIALIZED;
  if (!list) return USER_SERVICE_ERROR_INVALID_ARGUMENT;
  list[0] = USER_SERVICE_INITIAL_USER_ID;
  for (int i = 1; i < USER_SERVICE_MAX_LOGIN_USERS; i++) list[i] = USER_SERVICE_USER_ID_INVALID;
  return 0;
}

/* Partial: an id that is not the logged-in user's answers NOT_LOGGED_IN (USER_ID_INVALID:
 * INVALID_ARGUMENT); whether the console distinguishes ids never registered is not known. */
int user_service_get_user_name(int32_t user_id, char *name, size_t size) {
  if (!is_initialized()) return USER_SERVICE_ERROR_NOT_INITIALIZED;
  if (!name || user_id == USER_SERVICE_USER_ID_INVALID) return USER_SERVICE_ERROR_INVALID_ARGUMENT;
  if (user_id != USER_SERVICE_INITIAL_USER_ID) return USER_SERVICE_ERROR_NOT_LOGGED_IN;
  pthread_mutex_lock(&lock);
  size_t n = strlen(user_name);
  int rc = 0;
  if (size < n + 1) rc = USER_SERVICE_ERROR_BUFFER_TOO_SHORT;
  else memcpy(name, user_name, n + 1);
  pthread_mutex_unlock(&lock);
  return rc;
}

/* SceUserServiceEvent: int32 eventType, int32 userId. The initial user's login is the only
 * event: reported once, then NO_EVENT. */
int user_service_get_event(void *event) {
  if (!is_initialized()) return USER_SERVICE_ERROR_NOT_INITIALIZED;
  if (!event) return USER_SERVICE_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  bool send = !login_event_sent;
  login_event_sent = true;
  pthread_mutex_unlock(&lock);
  if (!send) return USER_SERVICE_ERROR_NO_EVENT;
  int32_t e[2] = {EVENT_LOGIN, USER_SERVICE_INITIAL_USER_ID};
  memcpy(event, e, sizeof e);
  return 0;
}
