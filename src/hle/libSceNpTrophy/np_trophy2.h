/* libSceNpTrophy2, the PS5's trophy library (np_trophy2.c): libSceNpTrophy's contexts,
 * handles and store with the PS5 library's error codes and structures (the SDK
 * reference's; sdk/include/np_trophy2.h is the guest's side). */
#ifndef PROSPERO_HLE_LIBSCENPTROPHY_NP_TROPHY2_H
#define PROSPERO_HLE_LIBSCENPTROPHY_NP_TROPHY2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SCE_NP_TROPHY2_ERROR_* */
#define NP_TROPHY2_ERROR_OUT_OF_MEMORY ((int)0x80553903)
#define NP_TROPHY2_ERROR_INVALID_ARGUMENT ((int)0x80553904)
#define NP_TROPHY2_ERROR_INVALID_HANDLE ((int)0x80553908)
#define NP_TROPHY2_ERROR_INVALID_CONTEXT ((int)0x80553909)
#define NP_TROPHY2_ERROR_INVALID_TROPHY_ID ((int)0x8055390a)
#define NP_TROPHY2_ERROR_INVALID_GROUP_ID ((int)0x8055390b)
#define NP_TROPHY2_ERROR_CONTEXT_ALREADY_EXISTS ((int)0x80553910)
#define NP_TROPHY2_ERROR_ICON_FILE_NOT_FOUND ((int)0x80553911)
#define NP_TROPHY2_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x8055391b)
#define NP_TROPHY2_ERROR_HANDLE_EXCEEDS_MAX ((int)0x8055391c)
#define NP_TROPHY2_ERROR_INVALID_USER_ID ((int)0x8055391d)
#define NP_TROPHY2_ERROR_NOT_REGISTERED ((int)0x80553920)
#define NP_TROPHY2_ERROR_ALREADY_REGISTERED ((int)0x80553921)

#define NP_TROPHY2_PROGRESS_TYPE_UINT64 1

/* SceNpTrophy2GameDetails, SceNpTrophy2GameData, SceNpTrophy2Progress, SceNpTrophy2Details,
 * SceNpTrophy2Data */
struct np_trophy2_game_details {
  uint32_t num_groups, num_trophies, num_platinum, num_gold, num_silver, num_bronze;
  char title[128];
};
struct np_trophy2_game_data {
  uint32_t unlocked_trophies, unlocked_platinum, unlocked_gold, unlocked_silver, unlocked_bronze,
      progress_percentage;
};
struct np_trophy2_group_details {
  int32_t group_id;
  uint32_t num_trophies, num_platinum, num_gold, num_silver, num_bronze;
  char title[128];
};
struct np_trophy2_group_data {
  int32_t group_id;
  uint32_t unlocked_trophies, unlocked_platinum, unlocked_gold, unlocked_silver, unlocked_bronze,
      progress_percentage;
  uint8_t reserved[4];
};
struct np_trophy2_progress {
  int32_t type;
  uint8_t reserved[4];
  uint64_t value;
};
struct np_trophy2_details {
  int32_t trophy_id, grade, group_id;
  bool hidden, has_reward;
  uint8_t reserved[2];
  struct np_trophy2_progress target;
  char name[128];
  char description[1024];
  char reward[128];
};
struct np_trophy2_data {
  int32_t trophy_id;
  bool unlocked;
  uint8_t reserved[3];
  struct np_trophy2_progress progress;
  uint64_t timestamp;
};
_Static_assert(sizeof(struct np_trophy2_game_details) == 152, "SceNpTrophy2GameDetails");
_Static_assert(sizeof(struct np_trophy2_details) == 1312, "SceNpTrophy2Details");
_Static_assert(sizeof(struct np_trophy2_group_details) == 152, "SceNpTrophy2GroupDetails");
_Static_assert(sizeof(struct np_trophy2_group_data) == 32, "SceNpTrophy2GroupData");
_Static_assert(sizeof(struct np_trophy2_data) == 32, "SceNpTrophy2Data");

int np_trophy2_create_context(int32_t *context, int32_t user_id, uint32_t service_label,
                              uint64_t options);
int np_trophy2_destroy_context(int32_t context);
int np_trophy2_create_handle(int32_t *handle);
int np_trophy2_destroy_handle(int32_t handle);
int np_trophy2_abort_handle(int32_t handle);
int np_trophy2_register_context(int32_t context, int32_t handle, uint64_t options);
/* details or data may be NULL, not both (INVALID_ARGUMENT). */
int np_trophy2_get_game_info(int32_t context, int32_t handle,
                             struct np_trophy2_game_details *details,
                             struct np_trophy2_game_data *data);
int np_trophy2_get_trophy_info(int32_t context, int32_t handle, int32_t trophy_id,
                               struct np_trophy2_details *details, struct np_trophy2_data *data);
/* Group GROUP_ID (-1: the base game); details or data may be NULL, not both. */
int np_trophy2_get_group_info(int32_t context, int32_t handle, int32_t group_id,
                              struct np_trophy2_group_details *details,
                              struct np_trophy2_group_data *data);
/* Groups OFFSET.. in ascending id order, at most LIMIT; *COUNT the number. */
int np_trophy2_get_group_info_array(int32_t context, int32_t handle, uint32_t offset,
                                    uint32_t limit, struct np_trophy2_group_details *details,
                                    struct np_trophy2_group_data *data, uint32_t *count);
/* The unlock callback (guest void (*)(context, trophyId, void *userdata)), called from
 * sceNpCheckCallback once per unlock after registration; NULL: INVALID_ARGUMENT. */
int np_trophy2_register_unlock_callback(uint64_t callback, uint64_t userdata);
int np_trophy2_unregister_unlock_callback(void);
/* The trophy list screen: not shown (no system UI); INVALID_CONTEXT, NOT_REGISTERED. */
int np_trophy2_show_trophy_list(int32_t context);
/* Trophies OFFSET.. (ascending ids), at most LIMIT, into the arrays; *COUNT the number. */
int np_trophy2_get_trophy_info_array(int32_t context, int32_t handle, uint32_t offset,
                                     uint32_t limit, struct np_trophy2_details *details,
                                     struct np_trophy2_data *data, uint32_t *count);
/* The icons (PNG) of the trophy file: with BUFFER NULL the size goes to *SIZE; else the
 * icon is copied when *SIZE holds it. ICON_FILE_NOT_FOUND when the file has none. */
int np_trophy2_get_game_icon(int32_t context, int32_t handle, void *buffer, size_t *size);
int np_trophy2_get_group_icon(int32_t context, int32_t handle, int32_t group_id, void *buffer,
                              size_t *size);
int np_trophy2_get_trophy_icon(int32_t context, int32_t handle, int32_t trophy_id, void *buffer,
                               size_t *size);
int np_trophy2_get_reward_icon(int32_t context, int32_t handle, int32_t trophy_id, void *buffer,
                               size_t *size);

#endif
