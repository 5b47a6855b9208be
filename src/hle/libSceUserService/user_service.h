/* libSceUserService: the console's users. prospero has one local user, logged in from the
 * start, whose name comes from the command line (prospero --user-name, default "User").
 * The library must be initialised before use, as on the console. */
#ifndef PROSPERO_HLE_LIBSCEUSERSERVICE_USER_SERVICE_H
#define PROSPERO_HLE_LIBSCEUSERSERVICE_USER_SERVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_USER_SERVICE_ERROR_*) */
#define USER_SERVICE_ERROR_NOT_INITIALIZED ((int)0x80960002)
#define USER_SERVICE_ERROR_ALREADY_INITIALIZED ((int)0x80960003)
#define USER_SERVICE_ERROR_INVALID_ARGUMENT ((int)0x80960005)
#define USER_SERVICE_ERROR_NO_EVENT ((int)0x80960007)
#define USER_SERVICE_ERROR_NOT_LOGGED_IN ((int)0x80960009)
#define USER_SERVICE_ERROR_BUFFER_TOO_SHORT ((int)0x8096000A)

#define USER_SERVICE_MAX_LOGIN_USERS 4
#define USER_SERVICE_MAX_USER_NAME_LENGTH 16
#define USER_SERVICE_USER_ID_INVALID (-1)
/* The id of prospero's one user (any positive id is valid on the console). */
#define USER_SERVICE_INITIAL_USER_ID 1

/* Sets the user's name (before the guest runs). False if NAME is empty or longer than
 * USER_SERVICE_MAX_USER_NAME_LENGTH bytes. */
bool user_service_set_user_name(const char *name);

/* The exports (the console's prototypes; see sdk/include/user_service.h) */
int user_service_initialize(const void *params);
int user_service_terminate(void);
int user_service_get_initial_user(int32_t *user_id);
int user_service_get_login_user_id_list(int32_t *list);
int user_service_get_user_name(int32_t user_id, char *name, size_t size);
int user_service_get_event(void *event);

#endif
