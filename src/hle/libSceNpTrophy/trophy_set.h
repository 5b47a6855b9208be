/* The trophy set of a title: the trophies' ids, grades, platinum links and names, read from
 * the game's trophy file. The PS4's sce_sys/trophy/trophy00.trp is a big-endian table of
 * named entries whose configuration TROP.SFM is plain XML (packages on discs carry it
 * encrypted as TROP.ESFM, whose key is the console's and not public). The PS5's
 * sce_sys/trophy2/trophy00.ucp is another big-endian table of named entries holding JSON
 * files (tropconf.json: ids, grades, platinum links, progressive targets; tropmeta_<locale>
 * .json: the names), trophy_ucp.c. Without a readable file the set is unknown
 * (trophy_set.known false) and the library falls back on the ids the guest uses. PS4 sets
 * have ids 0..127, PS5 sets 0..999. Parsers of
 * untrusted bytes: tests/fuzz/trophy_set. */
#ifndef PROSPERO_HLE_LIBSCENPTROPHY_TROPHY_SET_H
#define PROSPERO_HLE_LIBSCENPTROPHY_TROPHY_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TROPHY_NUM_MAX 1000    /* SCE_NP_TROPHY2_NUM_MAX: ids of a PS5 set, 0..999 */
#define TROPHY_PS4_NUM_MAX 128 /* SCE_NP_TROPHY_NUM_MAX: ids of a PS4 set, 0..127 */
#define TROPHY_NAME_SIZE 128
#define TROPHY_TITLE_SIZE 128
#define TROPHY_DETAIL_SIZE 1024 /* SCE_NP_TROPHY_DESCR_MAX_SIZE, SCE_NP_TROPHY2_DESCR_MAX_SIZE */

/* SceNpTrophyGrade */
enum trophy_grade {
  TROPHY_GRADE_UNKNOWN = 0,
  TROPHY_GRADE_PLATINUM = 1,
  TROPHY_GRADE_GOLD = 2,
  TROPHY_GRADE_SILVER = 3,
  TROPHY_GRADE_BRONZE = 4,
};

/* unlockCondition.comparator: the stat against the target (ge when absent) */
enum trophy_compare {
  TROPHY_CMP_GE,
  TROPHY_CMP_GT,
  TROPHY_CMP_LE,
  TROPHY_CMP_LT,
  TROPHY_CMP_EQ,
};

struct trophy_def {
  bool defined;
  bool hidden;
  uint8_t grade;    /* enum trophy_grade */
  int32_t platinum; /* the platinum trophy this one counts towards (pid), or -1 */
  int32_t group;    /* -1: the base game */
  bool progressive; /* unlocked when its progress reaches TARGET (the PS5's sets) */
  int64_t target;
  bool has_reward; /* tropconf.json's hasReward (the reward's name and icon are not read) */
  int32_t stat;    /* unlockCondition.udsStatId: the UDS stat that unlocks it, or -1 */
  uint8_t compare; /* enum trophy_compare: how the stat is compared with TARGET */
  char name[TROPHY_NAME_SIZE];
  char detail[TROPHY_DETAIL_SIZE]; /* the description */
  char reward[TROPHY_NAME_SIZE];   /* the reward's name (tropmeta's "reward", unverified) */
};

#define TROPHY_GROUPS_MAX 50 /* SCE_NP_TROPHY2_GROUP_NUM_MAX */

struct trophy_group_name {
  int32_t id;
  char name[TROPHY_TITLE_SIZE];
};

struct trophy_set {
  bool known;     /* read from a trophy file */
  uint32_t count; /* trophies defined (ids 0..count-1) */
  char title[TROPHY_TITLE_SIZE];
  char language[16];    /* tropconf.json's defaultLanguage (.ucp only) */
  uint32_t group_names; /* names of groups read (.ucp only) */
  struct trophy_group_name groups[TROPHY_GROUPS_MAX];
  struct trophy_def defs[TROPHY_NUM_MAX];
};

/* Reads a trophy package (TRP) image: true with OUT filled from its plain configuration;
 * false with a reason in WHY (not a package, damaged, or configuration only encrypted). */
bool trophy_set_parse_trp(const uint8_t *data, size_t size, struct trophy_set *out, char *why,
                          size_t cap);
/* Reads a trophy configuration (TROP.SFM, XML) of LEN bytes. False (WHY) when it defines no
 * trophy or an id out of range. */
bool trophy_set_parse_sfm(const char *xml, size_t len, struct trophy_set *out, char *why,
                          size_t cap);
/* Reads a PS5 trophy file (trophy00.ucp) image: true with OUT filled from its tropconf.json
 * and the names of its tropmeta_<defaultLanguage>.json (else tropmeta_en-US.json); false
 * with a reason in WHY (not a .ucp file, damaged, no or bad configuration). */
bool trophy_set_parse_ucp(const uint8_t *data, size_t size, struct trophy_set *out, char *why,
                          size_t cap);
/* The entry NAME of a .ucp image (the container of trophy00.ucp and uds00.ucp): true with
 * *OFF and *LEN set inside [0, SIZE); false when the image is not a well-formed container or has
 * no such entry. */
bool trophy_ucp_entry(const uint8_t *data, size_t size, const char *name, size_t *off, size_t *len);
/* Parses the comparator names of a .ucp (ge gt le lt eq, or >= > <= < ==): true with *OUT. */
bool trophy_compare_parse(const char *text, uint8_t *out);
/* Grade name for logs: platinum, gold, silver, bronze, unknown. */
const char *trophy_grade_name(int grade);

#endif
