/* libSceNpManager: the PlayStation Network account of a user. prospero has no network
 * service: every user is signed out, so identity queries answer SIGNED_OUT and the sign-in
 * state never changes (no state callback is ever due). */
#ifndef PROSPERO_HLE_LIBSCENPMANAGER_NP_MANAGER_H
#define PROSPERO_HLE_LIBSCENPMANAGER_NP_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

/* Error codes (the console's SCE_NP_ERROR_*) */
#define NP_ERROR_INVALID_ARGUMENT ((int)0x80550003)
#define NP_ERROR_SIGNED_OUT ((int)0x80550006)
#define NP_ERROR_CALLBACK_ALREADY_REGISTERED ((int)0x80550008)
#define NP_ERROR_CALLBACK_NOT_REGISTERED ((int)0x80550009)

/* SceNpState */
#define NP_STATE_SIGNED_OUT 1

/* The exports (the console's prototypes; see sdk/include/np_manager.h) */
int np_manager_get_state(int32_t user_id, int32_t *state);
int np_manager_get_account_id_a(int32_t user_id, uint64_t *account_id);
int np_manager_get_online_id(int32_t user_id, void *online_id);
int np_manager_get_np_id(int32_t user_id, void *np_id);
int np_manager_register_state_callback_a(void *callback, void *userdata);
int np_manager_unregister_state_callback_a(int32_t callback_id);
int np_manager_check_callback(void);
/* Adds HOOK (once) to the work sceNpCheckCallback does on the guest's thread; false when
 * the few places are taken. */
bool np_manager_add_check_hook(void (*hook)(void));
int np_manager_set_np_title_id(const void *title_id, const void *title_secret);

#endif
