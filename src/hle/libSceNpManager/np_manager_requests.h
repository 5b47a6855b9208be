/* libSceNpManager's requests (np_request.h) and the account queries that use or sit beside
 * them, offline: every check answers SIGNED_OUT, the online-id forms USER_NOT_FOUND. */
#ifndef PROSPERO_HLE_LIBSCENPMANAGER_NP_MANAGER_REQUESTS_H
#define PROSPERO_HLE_LIBSCENPMANAGER_NP_MANAGER_REQUESTS_H

#include <stdbool.h>
#include <stdint.h>

/* Error codes (the console's SCE_NP_ERROR_*) beyond np_manager.h's */
#define NP_ERROR_INVALID_SIZE ((int)0x80550011)
#define NP_ERROR_ABORTED ((int)0x80550012)
#define NP_ERROR_REQUEST_MAX ((int)0x80550013)
#define NP_ERROR_REQUEST_NOT_FOUND ((int)0x80550014)
#define NP_ERROR_INVALID_ID ((int)0x80550015)
#define NP_ERROR_USER_NOT_FOUND ((int)0x80550007)

int np_manager_create_request(void);
int np_manager_create_async_request(const void *param);
int np_manager_delete_request(int32_t id);
int np_manager_abort_request(int32_t id);
int np_manager_poll_async(int32_t id, int32_t *result);
int np_manager_wait_async(int32_t id, int32_t *result);
int np_manager_check_np_availability_a(int32_t id, int32_t user_id);
int np_manager_check_np_availability(int32_t id, const void *online_id);
int np_manager_check_np_reachability(int32_t id, int32_t user_id);
int np_manager_get_account_country_a(int32_t user_id, void *country);
int np_manager_has_signed_up(int32_t user_id, bool *signed_up);

#endif
