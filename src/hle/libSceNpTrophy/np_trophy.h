/* libSceNpTrophy: trophy contexts and handles, registration, unlocks (with the platinum
 * trophy earned when the last trophy linked to it is), unlock state and game/trophy info.
 * The set comes from the game's trophy file when it can be read (trophy_set.h); else
 * ids 0..127 are accepted as the guest uses them and there is no platinum logic. Unlocks are
 * kept per title and user in <data>/trophy/<user>/unlocked.txt ("id tick" lines, tick in
 * SceRtcTick microseconds) and logged as they happen; progressive trophies' progress in
 * progress.txt ("id value" lines). */
#ifndef PROSPERO_HLE_LIBSCENPTROPHY_NP_TROPHY_H
#define PROSPERO_HLE_LIBSCENPTROPHY_NP_TROPHY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_NP_TROPHY_ERROR_*) */
#define NP_TROPHY_ERROR_INVALID_ARGUMENT ((int)0x80551604)
#define NP_TROPHY_ERROR_INVALID_HANDLE ((int)0x80551608)
#define NP_TROPHY_ERROR_INVALID_CONTEXT ((int)0x80551609)
#define NP_TROPHY_ERROR_INVALID_TROPHY_ID ((int)0x8055160A)
#define NP_TROPHY_ERROR_TROPHY_ALREADY_UNLOCKED ((int)0x8055160C)
#define NP_TROPHY_ERROR_PLATINUM_CANNOT_UNLOCK ((int)0x8055160D)
#define NP_TROPHY_ERROR_NOT_REGISTERED ((int)0x8055160F)
#define NP_TROPHY_ERROR_ALREADY_REGISTERED ((int)0x80551610)
#define NP_TROPHY_ERROR_CONTEXT_ALREADY_EXISTS ((int)0x80551613)
#define NP_TROPHY_ERROR_CONTEXT_EXCEEDS_MAX ((int)0x80551623)
#define NP_TROPHY_ERROR_HANDLE_EXCEEDS_MAX ((int)0x80551624)
#define NP_TROPHY_ERROR_INVALID_USER_ID ((int)0x80551625)

#define NP_TROPHY_INVALID_TROPHY_ID (-1)
/* prospero's own answers of np_trophy_progress_for_user (not console codes) */
#define NP_TROPHY_ERROR_NOT_PROGRESSIVE (-2)
#define NP_TROPHY_PROGRESS_BELOW_TARGET 1
#define NP_TROPHY_CONTEXT_MAX 4 /* unverified limits */
#define NP_TROPHY_HANDLE_MAX 4

/* The guest's structures (SceNpTrophyFlagArray, SceNpTrophyData, ...). */
struct np_trophy_flag_array {
  uint32_t bits[4];
};
struct np_trophy_data {
  size_t size;
  int32_t trophy_id;
  uint8_t unlocked;
  uint8_t reserved[3];
  uint64_t timestamp; /* SceRtcTick */
};
struct np_trophy_details {
  size_t size;
  int32_t trophy_id;
  int32_t grade;
  int32_t group_id;
  uint8_t hidden;
  uint8_t reserved[3];
  char name[128];
  char description[1024];
};
struct np_trophy_game_details {
  size_t size;
  uint32_t num_groups, num_trophies, num_platinum, num_gold, num_silver, num_bronze;
  char title[128];
  char description[1024];
};
struct np_trophy_game_data {
  size_t size;
  uint32_t unlocked_trophies, unlocked_platinum, unlocked_gold, unlocked_silver, unlocked_bronze,
      progress_percentage;
};

/* Where the unlocks are kept (<TITLE_DATA_DIR>/trophy) and the game folder whose
 * sce_sys/trophy2/trophy00.ucp (PS5) or sce_sys/trophy/trophy00.trp (PS4) holds the set; called
 * before the guest runs. */
void np_trophy_set_title(const char *title_data_dir, const char *game_folder);

/* The exports (the console's prototypes; see sdk/include/np_trophy.h) */
int np_trophy_create_context(int32_t *context, int32_t user_id, uint32_t service_label,
                             uint64_t options);
int np_trophy_destroy_context(int32_t context);
int np_trophy_create_handle(int32_t *handle);
int np_trophy_destroy_handle(int32_t handle);
int np_trophy_abort_handle(int32_t handle);
int np_trophy_register_context(int32_t context, int32_t handle, uint64_t options);
int np_trophy_unlock_trophy(int32_t context, int32_t handle, int32_t trophy_id,
                            int32_t *platinum_id);
int np_trophy_get_trophy_unlock_state(int32_t context, int32_t handle,
                                      struct np_trophy_flag_array *flags, uint32_t *count);
int np_trophy_get_game_info(int32_t context, int32_t handle, struct np_trophy_game_details *details,
                            struct np_trophy_game_data *data);
int np_trophy_get_trophy_info(int32_t context, int32_t handle, int32_t trophy_id,
                              struct np_trophy_details *details, struct np_trophy_data *data);

/* The set and one trophy as the info getters of both libraries see them (libSceNpTrophy2's
 * structures differ from libSceNpTrophy's; np_trophy2.c fills its own). */
struct np_trophy_set_info {
  uint32_t count;  /* trophies in the set (the highest id unlocked + 1 when it is unknown) */
  uint32_t groups; /* distinct groups of the defined trophies, the base game's included */
  uint32_t by_grade[5], unlocked_by_grade[5]; /* indexed by enum trophy_grade */
  uint32_t unlocked, progress;                /* progress: the share of points, percent */
  char title[128];
};
struct np_trophy_trophy_info {
  int32_t grade, group;
  bool hidden, unlocked, progressive, has_reward;
  int64_t target, progress; /* progressive: the target, the last progress posted (or target) */
  uint64_t timestamp;       /* SceRtcTick of the unlock, 0 when locked */
  char name[128];
  char detail[1024];
  char reward[128];
};
struct np_trophy_group_info {
  uint32_t count; /* trophies in the group */
  uint32_t by_grade[5], unlocked_by_grade[5], unlocked, progress;
  char title[128]; /* the group's name; the set's title for the base game (-1) */
};
#define NP_TROPHY_BASE_GAME_GROUP_ID (-1)
#define NP_TROPHY_ERROR_INVALID_GROUP (-3) /* prospero's own answer: no such group */

/* For a registered CONTEXT and a valid HANDLE: 0 with *OUT filled, else NpTrophy's codes
 * (INVALID_CONTEXT, INVALID_HANDLE, NOT_REGISTERED; INVALID_TROPHY_ID outside the set). */
int np_trophy_query_set(int32_t context, int32_t handle, struct np_trophy_set_info *out);
int np_trophy_query_trophy(int32_t context, int32_t handle, int32_t trophy_id,
                           struct np_trophy_trophy_info *out);
/* The set's group ids in ascending order (the base game's, -1, first) into IDS (room for
 * TROPHY_NUM_MAX), their number in *N; without a set, the base game alone. */
int np_trophy_query_groups(int32_t context, int32_t handle, int32_t *ids, uint32_t *n);
/* Group GROUP_ID: NP_TROPHY_ERROR_INVALID_GROUP when the set has no trophy in it. */
int np_trophy_query_group(int32_t context, int32_t handle, int32_t group_id,
                          struct np_trophy_group_info *out);

/* 0 when CONTEXT exists and is registered, else INVALID_CONTEXT or NOT_REGISTERED. */
int np_trophy_check_registered(int32_t context);

/* Unlock notifications (libSceNpTrophy2's unlock callback): while on, every unlock (the
 * platinum earned with it too) is queued with the first registered context of its user
 * (none: not queued), at most 64 waiting (more are dropped, logged). */
void np_trophy_notify_unlocks(bool on);
/* Pops the oldest notification: true with *CONTEXT and *TROPHY_ID set. */
bool np_trophy_take_unlock(int32_t *context, int32_t *trophy_id);

/* The PS5's unlock path (libSceNpUniversalDataSystem's trophy events, no NpTrophy context):
 * unlocks TROPHY_ID for USER with UnlockTrophy's checks, platinum rule, log and file. 0, or
 * INVALID_TROPHY_ID, PLATINUM_CANNOT_UNLOCK, TROPHY_ALREADY_UNLOCKED; *PLATINUM_ID (may be
 * NULL) the platinum earned with it or -1. */
int np_trophy_unlock_for_user(int32_t user, int32_t trophy_id, int32_t *platinum_id);
/* A progress update of the progressive trophy TROPHY_ID: logged; VALUE at or above the
 * set's target unlocks it (the answers of np_trophy_unlock_for_user). Otherwise
 * NP_TROPHY_PROGRESS_BELOW_TARGET; INVALID_TROPHY_ID without a set or outside it;
 * NP_TROPHY_ERROR_NOT_PROGRESSIVE for a trophy without a target; ALREADY_UNLOCKED. */
int np_trophy_progress_for_user(int32_t user, int32_t trophy_id, int64_t value,
                                int32_t *platinum_id);

/* A UDS stat of USER changed to VALUE (libSceNpUniversalDataSystem's custom stats): every
 * trophy of the set whose unlockCondition names STAT takes VALUE as its progress when it is
 * progressive (kept on disk, progress.txt), and unlocks when VALUE compared with its target
 * holds (np_trophy_unlock_for_user's rules, log and file). Returns the number unlocked. */
int np_trophy_stat_changed(int32_t user, int32_t stat, long double value);

/* The icons of the set's trophy file (libSceNpTrophy2's icon getters). */
enum np_trophy_icon {
  NP_TROPHY_ICON_GAME,
  NP_TROPHY_ICON_GROUP,
  NP_TROPHY_ICON_TROPHY,
  NP_TROPHY_ICON_REWARD,
};
#define NP_TROPHY_ERROR_ICON_FILE_NOT_FOUND (-4) /* prospero's own answer: no such icon */
/* Icon KIND (ID: the group or trophy; unused for the game's): with BUFFER NULL, *SIZE is set
 * to the icon's size; else the PNG is copied when *SIZE holds it (INVALID_ARGUMENT and the
 * size needed otherwise, unverified). Errors: NpTrophy's check codes, INVALID_TROPHY_ID,
 * NP_TROPHY_ERROR_INVALID_GROUP, NP_TROPHY_ERROR_ICON_FILE_NOT_FOUND. */
int np_trophy_read_icon(int32_t context, int32_t handle, enum np_trophy_icon kind, int32_t id,
                        void *buffer, size_t *size);

#endif
